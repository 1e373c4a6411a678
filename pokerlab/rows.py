"""Four Rows: a solitaire of poker hands built one card at a time (rule book 000, decision 2).

The top card of a shuffled deck is always face up. Each move places it in one of four rows, puts one
of four raise chips on a row, or folds a short row. A row is scored the moment it gets its fifth
card, as the best scoring type still open that its five cards contain; that type is then checked off.
A row that contains no open type costs 50 points. A raise chip multiplies the row's result, penalty
included, by a factor fixed when the chip was placed (the fewer cards, the bigger).

Points are kept as integers: a multiplier is held in tenths (``18`` means 1.8x), and every base
score is a multiple of 50, so ``points * tenths // 10`` is always exact.

Time is read from a clock object with a ``now()`` method (seconds); :class:`ManualClock` makes
tests exact and :class:`MonotonicClock` is the real one.

>>> game = FourRows(seed=1, clock=ManualClock())
>>> game.top_card
Card('As')
>>> game.raise_chip(1)          # 2.0x on the empty first row
>>> game.place(1)
>>> game.rows[0].cards, game.rows[0].chip_tenths, game.chips_left
([Card('As')], 20, 3)
>>> score_row(parse_cards("9h 9d 9s 2c 2d"), open_types=frozenset(ScoringType), chip_tenths=18)
(<ScoringType.FULL_HOUSE: 6>, 630)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final, Literal, Protocol

import numpy as np

from pokerlab.cards import Card, Deck, format_cards, parse_cards  # noqa: F401 - parse_cards: the doctests
from pokerlab.errors import PokerlabError
from pokerlab.hand_values import evaluate
from pokerlab.language import DEFAULT, N_, format_number, gettext

ROW_COUNT: Final = 4
ROW_SIZE: Final = 5
CHIP_COUNT: Final = 4
TIME_LIMIT: Final = 240
WARNING_AT: Final = 30
TIME_BONUS_PER_SECOND: Final = 5
NOTHING_POINTS: Final = -50
MAX_FOLD_SIZE: Final = 3
MULTIPLIER_TENTHS: Final = (20, 18, 16, 14, 12)
"""Multiplier in tenths for a chip raised on a row holding 0, 1, 2, 3 or 4 cards."""


class ScoringType(IntEnum):
    """The nine hands that score once each; ``points`` is what the type is worth."""

    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def points(self) -> int:
        return 50 * (self.value + 1)

    @property
    def label(self) -> str:
        """The type's name in English, as the chart shows it (a message of the catalogue)."""
        return _LABELS[self]


_LABELS: Final = {
    ScoringType.PAIR: N_("Pair"), ScoringType.TWO_PAIR: N_("Two pair"),
    ScoringType.THREE_OF_A_KIND: N_("Three of a kind"), ScoringType.STRAIGHT: N_("Straight"),
    ScoringType.FLUSH: N_("Flush"), ScoringType.FULL_HOUSE: N_("Full house"),
    ScoringType.FOUR_OF_A_KIND: N_("Four of a kind"), ScoringType.STRAIGHT_FLUSH: N_("Straight flush"),
    ScoringType.ROYAL_FLUSH: N_("Royal flush"),
}
NOTHING: Final = N_("Nothing")
"""What a completed row that makes none of the open types scores as (-50)."""


def say(message: str, values: dict[str, object], language: str = DEFAULT) -> str:
    """``message`` (a catalogue message with ``{places}``) in ``language``, its ``values`` written the
    way that language writes them: a whole number as a number, a float as a multiplier with one
    decimal (``1.8``, ``1,8``), a text through the catalogue (it may itself be a message, such as the
    reason a game ended); anything else as it is."""
    def written(value: object) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return str(value)
        if isinstance(value, float):
            return f"{value:.1f}" if language == DEFAULT else format_number(value, language, 1)
        if isinstance(value, int):
            return str(value) if language == DEFAULT else format_number(value, language)
        return gettext(language, value) if value else value
    return gettext(language, message).format(**{name: written(value) for name, value in values.items()})


_T = ScoringType
CONTAINS: Final[dict[int, tuple[ScoringType, ...]]] = {
    0: (),
    _T.PAIR: (_T.PAIR,),
    _T.TWO_PAIR: (_T.TWO_PAIR, _T.PAIR),
    _T.THREE_OF_A_KIND: (_T.THREE_OF_A_KIND, _T.PAIR),
    _T.STRAIGHT: (_T.STRAIGHT,),
    _T.FLUSH: (_T.FLUSH,),
    _T.FULL_HOUSE: (_T.FULL_HOUSE, _T.THREE_OF_A_KIND, _T.TWO_PAIR, _T.PAIR),
    _T.FOUR_OF_A_KIND: (_T.FOUR_OF_A_KIND, _T.THREE_OF_A_KIND, _T.TWO_PAIR, _T.PAIR),
    _T.STRAIGHT_FLUSH: (_T.STRAIGHT_FLUSH, _T.FLUSH, _T.STRAIGHT),
    _T.ROYAL_FLUSH: (_T.ROYAL_FLUSH, _T.STRAIGHT_FLUSH, _T.FLUSH, _T.STRAIGHT),
}
"""Hand class (0 = none of the nine, else the ScoringType it is) -> the types it can be scored as,
best first (README decision 2)."""

EXAMPLE_HANDS: Final[dict[ScoringType, str]] = {
    _T.PAIR: "8h 8c Ks 5d 2c",
    _T.TWO_PAIR: "Jd Js 4c 4h 9s",
    _T.THREE_OF_A_KIND: "Qc Qd Qh 7s 3d",
    _T.STRAIGHT: "5c 6d 7h 8s 9c",
    _T.FLUSH: "2h 6h 9h Jh Kh",
    _T.FULL_HOUSE: "4s 4d 4c As Ah",
    _T.FOUR_OF_A_KIND: "9c 9d 9h 9s 3c",
    _T.STRAIGHT_FLUSH: "Ad 2d 3d 4d 5d",
    _T.ROYAL_FLUSH: "Ts Js Qs Ks As",
}
"""One hand of each type, for the scoring chart (each is exactly that type)."""


def hand_class(cards: Sequence[Card]) -> int:
    """0 if five cards make none of the nine types, else the :class:`ScoringType` value they are."""
    value = evaluate(cards)
    if value.is_royal:
        return int(ScoringType.ROYAL_FLUSH)
    return int(value.category)


def best_open_type(class_number: int, open_types: Collection[ScoringType]) -> ScoringType | None:
    """The type a hand of this class (see :func:`hand_class`) scores as: the best open type it
    contains, or ``None`` (Nothing)."""
    return next((kind for kind in CONTAINS[class_number] if kind in open_types), None)


def score_row(
    cards: Sequence[Card], open_types: Iterable[ScoringType], chip_tenths: int | None = None
) -> tuple[ScoringType | None, int]:
    """(type scored or ``None`` for Nothing, points) for a completed row.

    The row counts as the best open type its cards contain; with none, it is Nothing (-50). A chip's
    multiplier applies to both.
    """
    chosen = best_open_type(hand_class(cards), set(open_types))
    base = chosen.points if chosen is not None else NOTHING_POINTS
    return chosen, base * (chip_tenths or 10) // 10


# --- clocks ----------------------------------------------------------------------------------------

class Clock(Protocol):
    def now(self) -> float: ...


class MonotonicClock:
    """Real time in seconds, immune to changes of the wall clock."""

    def now(self) -> float:
        return time.monotonic()


class ServerClock:
    """The server's wall clock (seconds since 1970): the same for every kernel on the machine and
    across restarts, so a game kept between visits goes on counting while the learner is away."""

    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told to: exact time in tests, a paused clock in test mode."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError(f"A clock cannot go back {seconds} s; advance by zero or more seconds.")
        self._now += seconds


# --- actions, events, errors -----------------------------------------------------------------------

ActionKind = Literal["place", "raise", "fold"]
_KIND_LETTERS: Final = {"place": "P", "raise": "R", "fold": "F"}


@dataclass(frozen=True)
class Action:
    """One move: ``place``, ``raise`` or ``fold`` on row 1-4 (numbered as on the board)."""

    kind: ActionKind
    row: int

    def __str__(self) -> str:
        return f"{_KIND_LETTERS[self.kind]}{self.row}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """``"P1"``, ``"R2"``, ``"F3"`` (the form games are saved in)."""
        kinds = {letter: kind for kind, letter in _KIND_LETTERS.items()}
        if len(text) != 2 or text[0].upper() not in kinds or text[1] not in "1234":
            raise RowsError(N_("Unknown move {move}: write P, R or F (place, raise, fold) and a row 1-4, e.g. 'P3'."),
                            move=repr(text))
        return cls(kinds[text[0].upper()], int(text[1]))  # type: ignore[arg-type]


@dataclass(frozen=True)
class Event:
    """Something that happened: placed, raised, folded, scored, warning, ended. ``text`` is the English
    sentence; ``message`` and ``values`` say it in another language (:func:`say`)."""

    kind: str
    text: str
    row: int | None = None
    points: int = 0
    message: str = ""
    values: dict[str, object] = field(default_factory=dict, compare=False)

    def words(self, language: str = DEFAULT) -> str:
        """The sentence in ``language`` (English: :attr:`text` itself)."""
        return self.text if language == DEFAULT or not self.message else say(self.message, self.values, language)


class RowsError(PokerlabError):
    """A Four Rows move that the rules do not allow now; the message says what is allowed.

    ``message`` is the catalogue's message and ``values`` its places, so :meth:`words` can say it in
    another language; ``str(error)`` is the English."""

    def __init__(self, message: str, **values: object) -> None:
        self.message, self.values = message, values
        super().__init__(say(message, values))

    def words(self, language: str = DEFAULT) -> str:
        """The refusal in ``language``."""
        return say(self.message, self.values, language)


class GameOverError(RowsError):
    """A move after the game has ended."""


class FoldError(RowsError):
    """Folding a row that cannot be folded."""


class RaiseError(RowsError):
    """A raise chip that cannot be placed."""


@dataclass
class Row:
    """One of the four rows while it is being built (a scored or folded row is replaced by a fresh one)."""

    cards: list[Card] = field(default_factory=list)
    chip_tenths: int | None = None
    """The multiplier (in tenths) of the chip on this row, or ``None`` when it has no chip."""


@dataclass(frozen=True)
class ScoredRow:
    """One completed row in the score sheet."""

    row: int
    cards: tuple[Card, ...]
    scoring_type: ScoringType | None
    chip_tenths: int | None
    points: int


EndReason = Literal["deck", "all types", "time"]


@dataclass(frozen=True)
class RowsView:
    """Everything a player may know: the road from the engine to widgets and bots.

    The deck appears only as its sorted composition and its size; its order is hidden.
    """

    top_card: Card | None
    rows: tuple[tuple[tuple[Card, ...], int | None], ...]
    chips_left: int
    open_types: frozenset[ScoringType]
    deck_composition: tuple[Card, ...]
    deck_count: int
    time_left: float
    warned: bool
    end_reason: EndReason | None
    score_sheet: tuple[ScoredRow, ...]
    time_bonus: int
    score: int
    legal_actions: tuple[Action, ...]
    move_count: int
    clock_started: bool = True

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None


class FourRows:
    """One game of Four Rows. Moves go through :meth:`apply`; a refused move changes nothing.

    ``seed`` shuffles the deck (a seed or numpy Generator); ``deck`` replaces it with a stacked one
    (tests, lessons). The clock starts when the game is created, or with ``start_clock=False`` at
    the first move (or an explicit :meth:`start_clock`), so a learner reading the board first
    loses no time:

    >>> clock = ManualClock()
    >>> game = FourRows(1, clock, start_clock=False)
    >>> clock.advance(100); game.time_left(), game.clock_started
    (240.0, False)
    >>> game.place(1); clock.advance(10); game.time_left()
    230.0
    """

    def __init__(
        self, seed: int | np.random.Generator = 0, clock: Clock | None = None, deck: Deck | None = None,
        *, start_clock: bool = True,
    ) -> None:
        self.clock: Clock = clock if clock is not None else MonotonicClock()
        self._deck = deck if deck is not None else Deck(seed)
        self._started: float | None = self.clock.now() if start_clock else None
        self.rows = [Row() for _ in range(ROW_COUNT)]
        self.chips_left = CHIP_COUNT
        self.scored_types: set[ScoringType] = set()
        self.score_sheet: list[ScoredRow] = []
        self.folded: list[Card] = []
        self.moves: list[Action] = []
        self.events: list[Event] = []
        self.warned = False
        self.end_reason: EndReason | None = None
        self.time_bonus = 0
        self._ended_left = 0.0

    # --- replay ----------------------------------------------------------------------------------
    @classmethod
    def replay(cls, seed: int, moves: Iterable[Action | str]) -> FourRows:
        """The game this seed and these moves lead to (on a clock that never moves)."""
        game = cls(seed, ManualClock())
        for move in moves:
            game.apply(move)
        return game

    @classmethod
    def resume(cls, seed: int, moves: Iterable[Action | str], started_at: float | None, clock: Clock) -> FourRows:
        """The game ``seed`` and ``moves`` lead to, its clock on ``clock`` started at ``started_at``
        (a reading of ``clock``; ``None``: not started yet). The time since then counts, however it
        was spent, so a reload or a visit later never gives time back. (Hook for the apps' game
        keeping.)"""
        game = cls(seed, ManualClock(), start_clock=False)
        for move in moves:
            game.apply(move)
        game.clock = clock
        if started_at is not None and game.end_reason is None:
            game._started = float(started_at)
            game._check_clock()
        return game

    @property
    def started_at(self) -> float | None:
        """The clock's reading when the four minutes started (``None`` before the first move)."""
        return self._started

    def elapsed(self) -> float | None:
        """Seconds of the four minutes used so far (``None`` before the clock starts)."""
        return None if self._started is None else TIME_LIMIT - self.time_left()

    # --- public state ----------------------------------------------------------------------------
    @property
    def top_card(self) -> Card | None:
        """The face-up top card, or ``None`` once the deck is used up."""
        return self._deck.peek() if len(self._deck) else None

    @property
    def deck_count(self) -> int:
        return len(self._deck)

    def deck_composition(self) -> list[Card]:
        """The cards still in the deck (the top card included), sorted: which cards, never their order."""
        return sorted(self._deck.remaining())

    @property
    def open_types(self) -> frozenset[ScoringType]:
        return frozenset(ScoringType) - self.scored_types

    @property
    def is_over(self) -> bool:
        self._check_clock()
        return self.end_reason is not None

    @property
    def clock_started(self) -> bool:
        """Whether the four minutes are running (or have run)."""
        return self._started is not None

    def start_clock(self) -> None:
        """Start the four minutes now; does nothing once they have started."""
        if self._started is None:
            self._started = self.clock.now()

    def time_left(self) -> float:
        """Seconds left on the clock (frozen at the moment the game ended; the whole limit before
        the clock has started)."""
        if self.end_reason is not None:
            return self._ended_left
        if self._started is None:
            return float(TIME_LIMIT)
        return max(0.0, TIME_LIMIT - (self.clock.now() - self._started))

    @property
    def row_points(self) -> int:
        return sum(line.points for line in self.score_sheet)

    @property
    def score(self) -> int:
        """Completed rows plus the time bonus (incomplete rows count nothing)."""
        return self.row_points + self.time_bonus

    def view(self) -> RowsView:
        """The public state now (reads the clock first, so a time-out shows)."""
        self._check_clock()
        return RowsView(
            top_card=self.top_card,
            rows=tuple((tuple(row.cards), row.chip_tenths) for row in self.rows),
            chips_left=self.chips_left,
            open_types=self.open_types,
            deck_composition=tuple(self.deck_composition()),
            deck_count=self.deck_count,
            time_left=self.time_left(),
            warned=self.warned,
            end_reason=self.end_reason,
            score_sheet=tuple(self.score_sheet),
            time_bonus=self.time_bonus,
            score=self.score,
            legal_actions=tuple(self.legal_actions()),
            move_count=len(self.moves),
            clock_started=self.clock_started,
        )

    def tick(self) -> list[Event]:
        """Let the game read its clock (the warning, a time-out); returns the events this caused."""
        before = len(self.events)
        self._check_clock()
        return self.events[before:]

    # --- legality ----------------------------------------------------------------------------------
    def _verify_row(self, row: int) -> Row:
        if not isinstance(row, (int, np.integer)) or isinstance(row, bool) or not 1 <= row <= ROW_COUNT:
            raise RowsError(N_("There is no row {row}: the rows are numbered 1 to {count}."), row=repr(row), count=ROW_COUNT)
        return self.rows[int(row) - 1]

    def _verify_running(self) -> None:
        self._check_clock()
        if self.end_reason is not None:
            raise GameOverError(N_("The game is over ({reason}); no more moves. Start a new game to play again."),
                                reason=self._end_text())

    def verify(self, action: Action) -> None:
        """Raise the error that ``apply(action)`` would raise, changing nothing else."""
        self._verify_running()
        target = self._verify_row(action.row)
        if action.kind == "raise":
            if target.chip_tenths is not None:
                free = self._rows_where(lambda r: r.chip_tenths is None)
                raise RaiseError(N_("Row {row} already has a raise chip ({times}x); a row holds one chip at a time. "
                                    "Rows without a chip: {free}."),
                                 row=action.row, times=target.chip_tenths / 10, free=free or N_("none"))
            if self.chips_left == 0:
                raise RaiseError(
                    N_("All four raise chips have been used; you can still place the card or fold a row of three or fewer.")
                )
        elif action.kind == "fold":
            if len(target.cards) > MAX_FOLD_SIZE:
                raise FoldError(N_("Row {row} has {count} cards; only rows with 1 to {most} cards can be folded. "
                                   "Foldable now: {foldable}."),
                                row=action.row, count=len(target.cards), most=MAX_FOLD_SIZE, foldable=self._foldable_text())
            if not target.cards:
                raise FoldError(N_("Row {row} is empty, so there is nothing to fold (and its chip, if any, would be "
                                   "wasted). Foldable now: {foldable}."), row=action.row, foldable=self._foldable_text())
        elif action.kind != "place":
            raise RowsError(N_("Unknown move {move}: the moves are place, raise and fold."), move=repr(action.kind))

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except RowsError:
            return False
        return True

    def legal_actions(self) -> list[Action]:
        """Every move allowed now, built from the same checks that refuse illegal ones."""
        if self.is_over:
            return []
        candidates = [Action(kind, row) for kind in ("place", "raise", "fold") for row in range(1, ROW_COUNT + 1)]
        return [action for action in candidates if self.can(action)]

    def _rows_where(self, test: Callable[[Row], bool]) -> str:
        return ", ".join(str(i + 1) for i, row in enumerate(self.rows) if test(row))

    def _foldable_text(self) -> str:
        return self._rows_where(lambda r: 1 <= len(r.cards) <= MAX_FOLD_SIZE) or N_("none")

    # --- moves -------------------------------------------------------------------------------------
    def apply(self, action: Action | str) -> list[Event]:
        """Make a move (an :class:`Action` or ``"P1"``-style text); returns the events it caused."""
        if isinstance(action, str):
            action = Action.parse(action)
        before = len(self.events)
        self.verify(action)
        self.start_clock()
        self.moves.append(action)
        row = self.rows[action.row - 1]
        if action.kind == "place":
            card = self._deck.deal()[0]
            row.cards.append(card)
            self._log("placed", N_("{card} goes to row {row}."), {"card": card.pretty, "row": action.row}, action.row)
            if len(row.cards) == ROW_SIZE:
                self._score(action.row)
            if not len(self._deck) and self.end_reason is None:
                self._end("deck")
        elif action.kind == "raise":
            row.chip_tenths = MULTIPLIER_TENTHS[len(row.cards)]
            self.chips_left -= 1
            self._log("raised", N_("Raise chip on row {row}: {times}x."), {"row": action.row, "times": row.chip_tenths / 10},
                      action.row)
        else:
            self.folded.extend(row.cards)
            self._log("folded", N_("Row {row} folded: {cards} leave play."), {"row": action.row, "cards": format_cards(row.cards)},
                      action.row)
            self.rows[action.row - 1] = Row()
        return self.events[before:]

    def place(self, row: int) -> None:
        self.apply(Action("place", row))

    def raise_chip(self, row: int) -> None:
        self.apply(Action("raise", row))

    def fold(self, row: int) -> None:
        self.apply(Action("fold", row))

    def _score(self, number: int) -> None:
        row = self.rows[number - 1]
        kind, points = score_row(row.cards, self.open_types, row.chip_tenths)
        self.score_sheet.append(ScoredRow(number, tuple(row.cards), kind, row.chip_tenths, points))
        name = kind.label if kind is not None else NOTHING
        self._log("scored", N_("Row {row}: {type}, {points} points."), {"row": number, "type": name, "points": f"{points:+d}"},
                  number, points)
        if kind is not None:
            self.scored_types.add(kind)
        self.rows[number - 1] = Row()
        if not self.open_types:
            self._end("all types")

    def _check_clock(self) -> None:
        if self.end_reason is not None:
            return
        left = self.time_left()
        if left <= WARNING_AT and not self.warned:
            self.warned = True
            self._log("warning", N_("{seconds} seconds left!"), {"seconds": WARNING_AT})
        if left <= 0:
            self._end("time")

    def _end(self, reason: EndReason) -> None:
        left = self.time_left()
        self.end_reason = reason
        self._ended_left = left
        if reason != "time":
            self.time_bonus = TIME_BONUS_PER_SECOND * math.floor(left)
        self._log("ended", N_("Game over: {reason}. Final score {score}."), {"reason": self._end_text(), "score": self.score},
                  points=self.time_bonus)

    def _end_text(self) -> str:
        return {
            "deck": N_("the deck is used up"),
            "all types": N_("all nine types are scored"),
            "time": N_("time ran out"),
        }.get(self.end_reason or "", "")

    def _log(self, kind: str, message: str, values: dict[str, object], row: int | None = None, points: int = 0) -> None:
        self.events.append(Event(kind, say(message, values), row, points, message, values))

    def card_count(self) -> int:
        """Cards accounted for: in the deck, in rows, folded, in scored rows (always 52)."""
        return (
            len(self._deck) + sum(len(r.cards) for r in self.rows) + len(self.folded)
            + sum(len(line.cards) for line in self.score_sheet)
        )


__all__ = [
    "Action", "CHIP_COUNT", "CONTAINS", "Clock", "EXAMPLE_HANDS", "Event", "FoldError", "FourRows",
    "GameOverError", "ManualClock", "MonotonicClock", "MULTIPLIER_TENTHS", "RaiseError", "Row", "RowsError", "RowsView",
    "NOTHING", "ScoredRow", "ScoringType", "best_open_type", "hand_class", "say", "score_row",
]
