"""One game of Four Rows (rule book 000): :class:`FourRows`, its moves, its clock and its end.

The top card of a shuffled deck is always face up. Each move places it in one of four rows, puts one
of four raise chips on a row, or folds a short row. A row is scored the moment it gets its fifth card
(:func:`~pokerlab.rows.scoring.score_row`); the game ends when the deck is used up, all nine types
are scored or the four minutes run out.

The game is one class: its legality checks, its moves and its clock share the same state (the rows,
the chips, the deck, the time), and each move is checked by the very code that lists the legal ones.
The numbers it plays by, the scoring table, the clocks, the refusals, the moves and the view it
shows are each in their own module of :mod:`pokerlab.rows`.

>>> game = FourRows(seed=1, clock=ManualClock())
>>> game.top_card
Card('As')
>>> game.raise_chip(1)          # 2.0x on the empty first row
>>> game.place(1)
>>> game.rows[0].cards, game.rows[0].chip_tenths, game.chips_left
([Card('As')], 20, 3)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import numpy as np

from pokerlab.cards import Card, Deck, format_cards
from pokerlab.language import N_
from pokerlab.rows.clocks import Clock, ManualClock, MonotonicClock
from pokerlab.rows.errors import FoldError, GameOverError, RaiseError, RowsError
from pokerlab.rows.moves import Action, Event
from pokerlab.rows.rules import (
    CHIP_COUNT,
    MAX_FOLD_SIZE,
    MULTIPLIER_TENTHS,
    ROW_COUNT,
    ROW_SIZE,
    TIME_BONUS_PER_SECOND,
    TIME_LIMIT,
    WARNING_AT,
)
from pokerlab.rows.scoring import NOTHING, ScoringType, score_row
from pokerlab.rows.view import EndReason, Row, RowsView, ScoredRow
from pokerlab.rows.words import say


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

