"""The Tournament Ladder (rule book 004): six levels, each a set number of hands against four
computer opponents at a five-seat table, paid for from the learner's points.

After the level's hands the learner advances only with strictly more chips than each opponent;
advancing pays the award and unlocks the next level. Level 6 is the bonus level: its score, the
total winnings after 16 hands, goes in the high score table.

This module keeps the ladder's rules and no storage: a run talks to a :class:`LadderAccount` (the
learner's points, the highest level reached, the high score table), which the application gives it.
:class:`MemoryAccount` keeps all of that in memory (tests, examples); the apps pass one backed by the
learner's stored data (see :mod:`pokerlab.widgets.apps_keep`).

>>> account = MemoryAccount()
>>> run = LadderRun.start(1, account, seed=5)
>>> account.balance(), run.hands_left, len(run.match.names)
(850, 5, 5)
>>> LadderRun.start(2, account, seed=6)
Traceback (most recent call last):
...
pokerlab.ladder.LadderError: Level 2 is locked: clear level 1 to open it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from pokerlab.draw import ladder
from pokerlab.errors import PokerlabError
from pokerlab.match import Match, MatchError, seat_bots, seat_names


@dataclass(frozen=True)
class Level:
    number: int
    hand_count: int
    cost: int
    award: int
    bot_levels: tuple[int, int, int, int]
    """Skill of the four opponents, chosen from measurements (``python benchmarks/bench_bots.py
    --only mixes --mixes ...`` compares candidate tables for a fixed level-3 player). One calling
    station (level 2) at a table pays off everybody's good hands, the learner's too, so it makes a
    table much easier whoever sits beside it: levels 3 to 5 keep one while the others get stronger,
    and only level 6 has none. A table of four sharks is not the hardest either, as they spend much
    of their edge on each other, so the top level seats two sharks beside two players who count the
    odds."""

    @property
    def records_high_score(self) -> bool:
        return self.number == len(LEVELS)


LEVELS: tuple[Level, ...] = (
    Level(1, 5, 150, 450, (1, 1, 1, 2)),
    Level(2, 8, 500, 1500, (1, 2, 2, 3)),
    Level(3, 10, 1000, 3000, (2, 2, 3, 4)),
    Level(4, 12, 2500, 7500, (2, 3, 4, 5)),
    Level(5, 16, 5000, 15000, (2, 5, 5, 5)),
    Level(6, 16, 10000, 30000, (4, 4, 6, 6)),
)
STARTING_CHIPS = 500


class LadderError(PokerlabError):
    """A ladder request that cannot be met (a level that does not exist, finishing too early...)."""


def level(number: int) -> Level:
    """Ladder level ``number`` (1 to 6); any other number raises :class:`LadderError`."""
    if not 1 <= number <= len(LEVELS):
        raise LadderError(f"There is no ladder level {number!r}; levels run 1 to {len(LEVELS)}.")
    return LEVELS[number - 1]


STARTING_POINTS = 1000
"""Points a learner starts with: enough for level 1 (150) and level 2 (500), not level 3 (1,000)
until an award has been won."""


class LadderAccount(Protocol):
    """What a ladder run needs from wherever one learner's ladder data is kept.

    ``pay`` must check and take the points in one step (refusing, and changing nothing, when the
    balance is short); ``unlock`` never lowers the level already reached.
    """

    def balance(self) -> int: ...

    def pay(self, amount: int, reason: str) -> int: ...

    def deposit(self, amount: int, reason: str) -> int: ...

    def reached_level(self) -> int: ...

    def unlock(self, level_number: int) -> None: ...

    def record_score(self, score: int) -> None: ...


@dataclass
class MemoryAccount:
    """A :class:`LadderAccount` kept in memory: for tests, examples and a learner who keeps nothing."""

    points: int = STARTING_POINTS
    reached: int = 1
    scores: list[int] = field(default_factory=list)
    history: list[tuple[int, str]] = field(default_factory=list)

    def balance(self) -> int:
        return self.points

    def pay(self, amount: int, reason: str) -> int:
        if amount > self.points:
            raise LadderError(_short_of(amount, self.points, reason))
        self.points -= amount
        self.history.append((-amount, reason))
        return self.points

    def deposit(self, amount: int, reason: str) -> int:
        self.points += amount
        self.history.append((amount, reason))
        return self.points

    def reached_level(self) -> int:
        return self.reached

    def unlock(self, level_number: int) -> None:
        self.reached = max(self.reached, level_number)

    def record_score(self, score: int) -> None:
        self.scores.append(score)


def _short_of(cost: int, balance: int, reason: str) -> str:
    return f"{reason} costs {cost:,} points; your wallet holds {balance:,}. You need {cost - balance:,} more points."


def can_fresh_start(account: LadderAccount) -> bool:
    """True when the account cannot pay for level 1, so the ladder could never be entered again."""
    return account.balance() < LEVELS[0].cost


def fresh_start(account: LadderAccount, starting_points: int = STARTING_POINTS) -> int:
    """Top an account that cannot pay for level 1 back up to ``starting_points``; returns the points added.

    The rule books say nothing about running out of points; without this a learner who lost level 1
    a few times could never play the ladder again. Unlocked levels stay unlocked.
    """
    balance = account.balance()
    if not can_fresh_start(account):
        raise LadderError(
            f"A fresh start is only for a wallet that cannot pay for level 1 ({LEVELS[0].cost:,} points); "
            f"yours holds {balance:,}."
        )
    return account.deposit(starting_points - balance, "Fresh start") - balance


LADDER_FORMAT = 1


class LadderRun:
    """One attempt at one level. Build it with :meth:`start`, which checks that the learner has
    reached the level and can pay for it, then takes the entry cost."""

    def __init__(self, level_number: int, account: LadderAccount, match: Match, paid_out: bool = False) -> None:
        self.level = level(level_number)
        self.account = account
        self.match = match
        self.paid_out = paid_out

    @classmethod
    def start(cls, level_number: int, account: LadderAccount, seed: int) -> LadderRun:
        """Pay the level's entry cost and seat the learner with four opponents.

        A level the learner has not reached, or cannot pay for, raises :class:`LadderError` and
        nothing is paid.
        """
        chosen = level(level_number)
        reached = account.reached_level()
        if chosen.number > reached:
            raise LadderError(f"Level {chosen.number} is locked: clear level {chosen.number - 1} to open it.")
        reason = f"Ladder level {chosen.number}"
        balance = account.balance()
        if chosen.cost > balance:
            raise LadderError(_short_of(chosen.cost, balance, reason))
        account.pay(chosen.cost, reason)
        rules = ladder()
        bots = seat_bots(dict(enumerate(chosen.bot_levels, start=1)), seed)
        match = Match(
            rules, seat_names(rules.player_count), 0, bots, seed, STARTING_CHIPS,
            hand_limit=chosen.hand_count, ends_when_learner_out=True,
        )
        return cls(chosen.number, account, match)

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
        award = 0
        if self.advanced:
            award = self.level.award
            self.account.deposit(award, f"Ladder level {self.level.number} award")
            self.account.unlock(min(self.level.number + 1, len(LEVELS)))
        if self.level.records_high_score:
            self.account.record_score(self.score)
        self.paid_out = True
        return award

    # ----- keeping a level in progress ---------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The run as plain data (its entry cost is already paid; restoring does not pay again)."""
        return {"format": LADDER_FORMAT, "level": self.level.number, "paid_out": self.paid_out,
                "match": self.match.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any], account: LadderAccount) -> LadderRun:
        """Rebuild a run saved by :meth:`to_json`, settling into ``account``; bad data raises
        :class:`LadderError`."""
        try:
            if data.get("format") != LADDER_FORMAT:
                raise LadderError(f"unknown ladder format {data.get('format')!r}")
            return cls(int(data["level"]), account, Match.from_json(data["match"]), bool(data["paid_out"]))
        except (MatchError, LadderError, KeyError, TypeError, ValueError, AttributeError) as error:
            raise LadderError(f"This is not a ladder level pokerlab can continue: {error}") from None
