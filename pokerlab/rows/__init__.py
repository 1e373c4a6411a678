"""Four Rows: a solitaire of poker hands built one card at a time (rule book 000, decision 2).

The top card of a shuffled deck is always face up. Each move places it in one of four rows, puts one
of four raise chips on a row, or folds a short row. A row is scored the moment it gets its fifth
card, as the best scoring type still open that its five cards contain; that type is then checked off.
A row that contains no open type costs 50 points. A raise chip multiplies the row's result, penalty
included, by a factor fixed when the chip was placed (the fewer cards, the bigger).

The package's parts, each its own module: :mod:`~pokerlab.rows.rules` (the rule book's numbers),
:mod:`~pokerlab.rows.scoring` (the nine types and the score of a row), :mod:`~pokerlab.rows.clocks`,
:mod:`~pokerlab.rows.words` (a sentence in a language), :mod:`~pokerlab.rows.errors` (the refusals),
:mod:`~pokerlab.rows.moves` (moves and events), :mod:`~pokerlab.rows.view` (what a player may know),
:mod:`~pokerlab.rows.game` (:class:`FourRows`) and, above them all, :mod:`~pokerlab.rows.hint` (the
players and the hint bot, never imported by the engine's parts nor from here). Every name that
``pokerlab.rows`` had as one module is still importable from it, for notebooks and teachers.

>>> game = FourRows(seed=1, clock=ManualClock())
>>> [event.text for event in game.apply("R1") + game.apply("P1")]
['Raise chip on row 1: 2.0x.', 'A♠ goes to row 1.']
"""

from pokerlab.rows.clocks import Clock, ManualClock, MonotonicClock, ServerClock
from pokerlab.rows.errors import FoldError, GameOverError, RaiseError, RowsError
from pokerlab.rows.game import FourRows
from pokerlab.rows.moves import Action, ActionKind, Event
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
from pokerlab.rows.scoring import (
    CONTAINS,
    EXAMPLE_HANDS,
    NOTHING,
    NOTHING_POINTS,
    ScoringType,
    best_open_type,
    hand_class,
    score_row,
)
from pokerlab.rows.view import EndReason, Row, RowsView, ScoredRow
from pokerlab.rows.words import say

__all__ = [
    "Action", "ActionKind", "CHIP_COUNT", "CONTAINS", "Clock", "EXAMPLE_HANDS", "EndReason", "Event", "FoldError",
    "FourRows", "GameOverError", "MAX_FOLD_SIZE", "MULTIPLIER_TENTHS", "ManualClock", "MonotonicClock", "NOTHING",
    "NOTHING_POINTS", "ROW_COUNT", "ROW_SIZE", "RaiseError", "Row", "RowsError", "RowsView", "ScoredRow",
    "ScoringType", "ServerClock", "TIME_BONUS_PER_SECOND", "TIME_LIMIT", "WARNING_AT", "best_open_type",
    "hand_class", "say", "score_row",
]
