"""The Tournament Ladder (rule book 004): six levels, each a set number of hands against four
computer opponents at a five-seat table, paid for from the points wallet.

After the level's hands the learner advances only with strictly more chips than each opponent;
advancing pays the award into the wallet and unlocks the next level. Level 6 is the bonus level:
its score, the total winnings after 16 hands, goes in the high score table.

>>> import tempfile, pathlib
>>> from pokerlab.storage import Wallet
>>> path = pathlib.Path(tempfile.mkdtemp()) / "points.sqlite3"
>>> run = LadderRun.start(1, Wallet(path), seed=5)
>>> Wallet(path).balance(), run.hands_left, len(run.match.names)
(850, 5, 5)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pokerlab.draw import ladder
from pokerlab.errors import PokerlabError
from pokerlab.match import Match, seat_bots, seat_names
from pokerlab.storage import HighScores, Wallet, database


@dataclass(frozen=True)
class Level:
    number: int
    hand_count: int
    cost: int
    award: int
    bot_levels: tuple[int, int, int, int]
    """Skill of the four opponents: around the level number, rising with it."""

    @property
    def records_high_score(self) -> bool:
        return self.number == len(LEVELS)


LEVELS: tuple[Level, ...] = (
    Level(1, 5, 150, 450, (1, 1, 1, 2)),
    Level(2, 8, 500, 1500, (1, 2, 2, 3)),
    Level(3, 10, 1000, 3000, (2, 3, 3, 4)),
    Level(4, 12, 2500, 7500, (3, 4, 4, 5)),
    Level(5, 16, 5000, 15000, (4, 5, 5, 6)),
    Level(6, 16, 10000, 30000, (6, 6, 6, 6)),
)
STARTING_CHIPS = 500


class LadderError(PokerlabError):
    """A ladder request that cannot be met (a level that does not exist, finishing too early...)."""


def level(number: int) -> Level:
    """Ladder level ``number`` (1 to 6); any other number raises :class:`LadderError`."""
    if not 1 <= number <= len(LEVELS):
        raise LadderError(f"There is no ladder level {number!r}; levels run 1 to {len(LEVELS)}.")
    return LEVELS[number - 1]


def can_fresh_start(wallet: Wallet, player: str = "you") -> bool:
    """True when the wallet cannot pay for level 1, so the ladder could never be entered again."""
    return wallet.balance(player) < LEVELS[0].cost


def fresh_start(wallet: Wallet, player: str = "you") -> int:
    """Top a wallet that cannot pay for level 1 back up to its starting balance; returns the points added.

    The rule books say nothing about running out of points; without this a learner who lost level 1
    a few times could never play the ladder again. Unlocked levels stay unlocked.
    """
    balance = wallet.balance(player)
    if not can_fresh_start(wallet, player):
        raise LadderError(
            f"A fresh start is only for a wallet that cannot pay for level 1 ({LEVELS[0].cost:,} points); "
            f"yours holds {balance:,}."
        )
    return wallet.deposit(wallet.starting_balance - balance, "Fresh start", player=player) - balance


def ladder_progress(store: Wallet | str | os.PathLike[str] | None = None, player: str = "you") -> int:
    """The highest level ``player`` may enter: 1 at first, one more after each level advanced
    (kept in the wallet's SQLite file)."""
    path = store.path if isinstance(store, Wallet) else database.prepare(store)
    row = database.run(
        path,
        lambda connection: connection.execute(
            "SELECT level FROM ladder_progress WHERE player = ?", (player,)
        ).fetchone(),
        write=False,
    )
    return 1 if row is None else int(row[0])


def _unlock(path: Path, player: str, reached: int) -> None:
    """Let ``player`` enter levels up to ``reached`` (never lowers what was already reached)."""
    database.run(
        path,
        lambda connection: connection.execute(
            "INSERT INTO ladder_progress (player, level) VALUES (?, ?) "
            "ON CONFLICT (player) DO UPDATE SET level = MAX(level, excluded.level)",
            (player, reached),
        ),
        write=True,
    )


class LadderRun:
    """One attempt at one level. Build it with :meth:`start` (which pays the entry cost)."""

    def __init__(self, level_number: int, wallet: Wallet, match: Match, player_name: str) -> None:
        self.level = level(level_number)
        self.wallet = wallet
        self.match = match
        self.player_name = player_name
        self.paid_out = False

    @classmethod
    def start(cls, level_number: int, wallet: Wallet, seed: int, player_name: str = "you") -> LadderRun:
        """Pay the level's entry cost and seat the learner with four opponents. An unaffordable level
        raises :class:`~pokerlab.storage.InsufficientPointsError` and nothing is paid."""
        chosen = level(level_number)
        wallet.pay(chosen.cost, f"Ladder level {chosen.number}", player=player_name)
        rules = ladder()
        bots = seat_bots(dict(enumerate(chosen.bot_levels, start=1)), seed)
        match = Match(
            rules, seat_names(rules.player_count, player_name.capitalize()), 0, bots, seed, STARTING_CHIPS,
            hand_limit=chosen.hand_count, ends_when_learner_out=True,
        )
        return cls(chosen.number, wallet, match, player_name)

    @property
    def hands_left(self) -> int:
        return self.level.hand_count - self.match.hand_number

    @property
    def finished(self) -> bool:
        """The level's hands are played, or the learner has no chips left."""
        return self.match.is_over

    @property
    def score(self) -> int:
        """The learner's total winnings so far (chips now minus the 500 started with)."""
        return self.match.stacks[self.match.learner_seat] - STARTING_CHIPS

    @property
    def advanced(self) -> bool:
        """Finished with strictly more chips than each of the four opponents."""
        if not self.finished:
            return False
        stacks, me = self.match.stacks, self.match.learner_seat
        return all(stacks[me] > stacks[seat] for seat in range(len(stacks)) if seat != me)

    def finish(self) -> int:
        """Settle the level once it is finished: pay the award when advanced (and unlock the next
        level); at level 6 record the score in the high score table. Returns the award paid."""
        if not self.finished:
            raise LadderError(f"Level {self.level.number} is not over: {self.hands_left} hands are left to play.")
        if self.paid_out:
            return 0
        self.paid_out = True
        award = 0
        if self.advanced:
            award = self.level.award
            self.wallet.deposit(award, f"Ladder level {self.level.number} award", player=self.player_name)
            _unlock(self.wallet.path, self.player_name, min(self.level.number + 1, len(LEVELS)))
        if self.level.records_high_score:
            HighScores(self.wallet.path).add(self.player_name, self.score)
        return award
