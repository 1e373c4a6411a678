"""The Tournament Ladder (rule book 004): six levels, each a set number of hands against four
computer opponents at a five-seat table, paid for from the learner's points.

After the level's hands the learner advances only with strictly more chips than each opponent;
advancing pays the award and unlocks the next level. Level 6 is the bonus level: its score, the
total winnings after 16 hands, goes in the high score table.

This module keeps the ladder's rules and no storage. A run's money is two values: its
:class:`Entry` (the cost, paid when the level starts) and its :class:`Award` (what the finished
level pays, unlocks and scores), both keyed by the run's ``game_id`` so each is settled once. The
apps settle them in the database together with keeping the game (:mod:`pokerlab.storage.hold`);
a :class:`LadderAccount` such as :class:`MemoryAccount` (tests, examples, a learner who keeps
nothing) settles them in memory.

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

import secrets
from dataclasses import dataclass, field
from typing import Any, Protocol

from pokerlab.draw import ladder
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.match import Match, MatchError, seat_bots, seat_names
from pokerlab.narration.wallet import FRESH_START, LADDER_AWARD, LADDER_LEVEL, REASONS, reason_code, reason_text
from pokerlab.variants import TOURNAMENT_LADDER


@dataclass(frozen=True)
class Level:
    number: int
    hand_count: int
    cost: int
    award: int
    bot_levels: tuple[int, int, int, int]
    """Skill of the four opponents, chosen from measurements of the ladder as it is played
    (``python benchmarks/bench_bots.py --only mixes --mixes 4:2255 ...`` compares candidate tables in
    matches of the level's length, opponents fresh every match, for a fixed level-3 and level-4
    player, on other deals than ``--only ladder`` checks the chosen mixes on). One calling station
    (level 2) at a table pays off everybody's good hands, the learner's too, so it makes a table much
    easier whoever sits beside it: levels 1 to 5 keep at least one, levels 3 and 4 two beside stronger
    players, level 5 one beside three readers, and only level 6 has none. A table of four sharks is not
    the hardest either, as they spend much of their edge on each other, so the top level seats two
    sharks beside two players who count the odds."""

    @property
    def records_high_score(self) -> bool:
        return self.number == len(LEVELS)


LEVELS: tuple[Level, ...] = (
    Level(1, 5, 150, 450, (1, 1, 1, 2)),
    Level(2, 8, 500, 1500, (1, 2, 2, 3)),
    Level(3, 10, 1000, 3000, (2, 2, 3, 4)),
    Level(4, 12, 2500, 7500, (2, 2, 5, 5)),
    Level(5, 16, 5000, 15000, (2, 5, 5, 5)),
    Level(6, 16, 10000, 30000, (4, 4, 6, 6)),
)
STARTING_CHIPS = 500

DIFFICULTY = N_(
    "Each level is harder than the one before, as measured the way the ladder is played: a computer player "
    "that plays by sound hand-strength rules, standing in for you, played 100 matches of every level's length "
    "against fresh opponents, from each seat. It won chips at levels 1 to 5, less at each level, and lost "
    "chips at level 6; it finished first in about 4 plays out of 10 at level 1, 1 in 4 at levels 3 to 5 and "
    "fewer than 1 in 10 at level 6. A player that counts the odds (level 4) found every level harder too."
)
"""What the lobby tells learners about the levels' difficulty, from ``python benchmarks/bench_bots.py
--only ladder`` (README, "The opponents"); measure again when :data:`LEVELS` or the bots change."""


NO_SUCH_LEVEL = N_("There is no ladder level {number}; levels run 1 to {count}.")
LOCKED = N_("Level {level} is locked: clear level {previous} to open it.")
SHORT_OF = N_("{reason} costs {cost} points; your wallet holds {balance}. You need {short} more points.")
FRESH_START_REFUSED = N_("A fresh start is only for a wallet that cannot pay for level 1 ({cost} points); "
                         "yours holds {balance}.")
NOT_OVER = N_("Level {number} is not over: {count} hands are left to play.")
CANNOT_CONTINUE = N_("This is not a ladder level pokerlab can continue: {error}")
LADDER_MESSAGES = (
    NO_SUCH_LEVEL, LOCKED, SHORT_OF, FRESH_START_REFUSED, NOT_OVER, CANNOT_CONTINUE, REASONS[LADDER_LEVEL],
    # the same refusals as the stored wallet words them (pokerlab.storage.wallet)
    N_("A fresh start is only for a wallet under {below} points; your wallet holds {balance}."),
)
"""The ladder's refusals, in English as they are raised: the pages say them again in their language
(:func:`pokerlab.apps.ladder_panels.ladder_words`)."""


class LadderError(PokerlabError):
    """A ladder request that cannot be met (a level that does not exist, finishing too early...)."""


def level(number: int) -> Level:
    """Ladder level ``number`` (1 to 6); any other number raises :class:`LadderError`."""
    if not 1 <= number <= len(LEVELS):
        raise LadderError(NO_SUCH_LEVEL.format(number=repr(number), count=len(LEVELS)))
    return LEVELS[number - 1]


STARTING_POINTS = 1000
"""Points a learner starts with: enough for level 1 (150) and level 2 (500), not level 3 (1,000)
until an award has been won."""


@dataclass(frozen=True)
class Entry:
    """What entering ladder game ``game_id`` costs: ``cost`` points for ``reason``, open only to a
    learner who has reached ``level``. It is paid once, together with keeping the new game."""

    game_id: str
    app: str
    level: int
    cost: int
    reason: str


@dataclass(frozen=True)
class Award:
    """How ladder game ``game_id`` ends for the learner: ``points`` paid in (0: none), the ladder
    opened up to ``unlock_to`` (None: unchanged) and ``score`` entered in the high score table
    (None: no entry). Settling the same game twice changes nothing."""

    game_id: str
    app: str
    level: int
    points: int
    reason: str
    unlock_to: int | None = None
    score: int | None = None


class LadderAccount(Protocol):
    """What a ladder run needs from wherever one learner's ladder data is kept.

    ``enter`` checks the level is reached and takes the cost in one step (refusing, and changing
    nothing, when the level is locked or the balance is short); ``settle`` settles a game once
    (again: no change, False); ``top_up`` raises a balance under ``below`` to ``to`` in one step;
    ``unlock`` never lowers the level already reached.
    """

    def balance(self) -> int: ...

    def reached_level(self) -> int: ...

    def enter(self, entry: Entry) -> int: ...

    def settle(self, award: Award) -> bool: ...

    def top_up(self, to: int, below: int, reason: str) -> int: ...


@dataclass
class MemoryAccount:
    """A :class:`LadderAccount` kept in memory: for tests, examples and a learner who keeps nothing."""

    points: int = STARTING_POINTS
    reached: int = 1
    scores: list[int] = field(default_factory=list)
    history: list[tuple[int, str]] = field(default_factory=list)
    settled: set[str] = field(default_factory=set)

    def balance(self) -> int:
        return self.points

    def reached_level(self) -> int:
        return self.reached

    def enter(self, entry: Entry) -> int:
        if entry.level > self.reached:
            raise LadderError(LOCKED.format(level=entry.level, previous=entry.level - 1))
        if entry.cost > self.points:
            raise LadderError(_short_of(entry.cost, self.points, entry.reason))
        self.points -= entry.cost
        self.history.append((-entry.cost, entry.reason))
        return self.points

    def settle(self, award: Award) -> bool:
        if award.game_id in self.settled:
            return False
        self.settled.add(award.game_id)
        if award.points:
            self.points += award.points
            self.history.append((award.points, award.reason))
        if award.unlock_to is not None:
            self.reached = max(self.reached, award.unlock_to)
        if award.score is not None:
            self.scores.append(award.score)
        return True

    def top_up(self, to: int, below: int, reason: str) -> int:
        if self.points >= below:
            raise LadderError(_fresh_start_refusal(self.points))
        added, self.points = to - self.points, to
        self.history.append((added, reason))
        return added


def _short_of(cost: int, balance: int, reason: str) -> str:
    return SHORT_OF.format(reason=reason_text(reason), cost=f"{cost:,}", balance=f"{balance:,}",
                           short=f"{cost - balance:,}")


def can_fresh_start(account: LadderAccount) -> bool:
    """True when the account cannot pay for level 1, so the ladder could never be entered again."""
    return account.balance() < LEVELS[0].cost


def _fresh_start_refusal(balance: int) -> str:
    return FRESH_START_REFUSED.format(cost=f"{LEVELS[0].cost:,}", balance=f"{balance:,}")


def fresh_start(account: LadderAccount, starting_points: int = STARTING_POINTS) -> int:
    """Top an account that cannot pay for level 1 back up to ``starting_points``; returns the points added.

    The rule books say nothing about running out of points; without this a learner who lost level 1
    a few times could never play the ladder again. Unlocked levels stay unlocked. The account checks
    and tops up in one step, so pressing it in several pages at once adds the points once.
    """
    return account.top_up(starting_points, LEVELS[0].cost, reason_code(FRESH_START))


LADDER_FORMAT = 1


class LadderRun:
    """One attempt at one level, with its own random ``game_id`` (what its entry and award are
    settled by). :meth:`new` seats the learner; :meth:`start` also pays the entry cost into an
    account (the apps pay it together with keeping the game, see :meth:`entry`)."""

    def __init__(self, level_number: int, account: LadderAccount | None, match: Match, paid_out: bool = False,
                 game_id: str | None = None) -> None:
        self.level = level(level_number)
        self.account = account
        self.match = match
        self.paid_out = paid_out
        self.game_id = game_id or secrets.token_hex(12)

    @classmethod
    def new(cls, level_number: int, seed: int, account: LadderAccount | None = None) -> LadderRun:
        """Seat the learner with the level's four opponents; nothing is paid yet."""
        chosen = level(level_number)
        rules = ladder()
        bots = seat_bots(dict(enumerate(chosen.bot_levels, start=1)), seed)
        match = Match(
            rules, seat_names(rules.player_count), 0, bots, seed, STARTING_CHIPS,
            hand_limit=chosen.hand_count, ends_when_learner_out=True,
        )
        return cls(chosen.number, account, match)

    @classmethod
    def start(cls, level_number: int, account: LadderAccount, seed: int) -> LadderRun:
        """Pay the level's entry cost from ``account`` and seat the learner with four opponents.

        A level the learner has not reached, or cannot pay for, raises :class:`LadderError` and
        nothing is paid.
        """
        run = cls.new(level_number, seed, account)
        account.enter(run.entry())
        return run

    def entry(self) -> Entry:
        """What entering this run costs."""
        return Entry(self.game_id, TOURNAMENT_LADDER.code, self.level.number, self.level.cost,
                     reason_code(LADDER_LEVEL, self.level.number))

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

    def award(self) -> Award:
        """How the finished level settles: the award and the next level when advanced; at level 6
        the score in the high score table."""
        if not self.finished:
            raise LadderError(NOT_OVER.format(number=self.level.number, count=self.hands_left))
        number = self.level.number
        return Award(
            self.game_id, TOURNAMENT_LADDER.code, number, self.level.award if self.advanced else 0,
            reason_code(LADDER_AWARD, number),
            unlock_to=min(number + 1, len(LEVELS)) if self.advanced else None,
            score=self.score if self.level.records_high_score else None,
        )

    def finish(self) -> int:
        """Settle the level into its account once it is finished (see :meth:`award`); returns the
        award paid by this call (0 when it was settled before)."""
        award = self.award()
        if self.paid_out or self.account is None:
            return 0
        paid = self.account.settle(award)
        self.paid_out = True
        return award.points if paid else 0

    # ----- keeping a level in progress ---------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The run as plain data (its entry cost is already paid; restoring does not pay again)."""
        return {"format": LADDER_FORMAT, "level": self.level.number, "paid_out": self.paid_out,
                "game_id": self.game_id, "match": self.match.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any], account: LadderAccount | None = None) -> LadderRun:
        """Rebuild a run saved by :meth:`to_json`, settling into ``account``; bad data raises
        :class:`LadderError`."""
        try:
            if data.get("format") != LADDER_FORMAT:
                raise LadderError(f"unknown ladder format {data.get('format')!r}")
            game_id = data.get("game_id")
            return cls(int(data["level"]), account, Match.from_json(data["match"]), bool(data["paid_out"]),
                       str(game_id) if game_id else None)
        except (MatchError, LadderError, KeyError, TypeError, ValueError, AttributeError) as error:
            raise LadderError(CANNOT_CONTINUE.format(error=error)) from None
