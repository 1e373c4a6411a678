"""What a Four Rows game shows: a row being built, a line of the score sheet, and :class:`RowsView`,
everything a player may know.

The view is the road from the engine to widgets and bots; it is apart from the game so the hint bot
and the board depend on what a player sees, not on how the game keeps it. The deck appears only as
its sorted composition and its size; its order is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pokerlab.cards import Card
from pokerlab.rows.moves import Action
from pokerlab.rows.scoring import ScoringType

EndReason = Literal["deck", "all types", "time"]


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
