"""Four Rows' scoring table (rule book 000, README decision 2): the nine types, what each is worth,
which types a hand contains, and the score of a completed row.

A row counts as the best type still open that its five cards contain; with none it is Nothing
(:data:`NOTHING_POINTS`), and a chip's multiplier applies to both. Every base score is a multiple of
50 and a multiplier is held in tenths, so ``points * tenths // 10`` is always exact. This is apart
from the game because the hint bot, the quizzes, the handouts and the board's chart read the same
table without playing a game.

>>> from pokerlab.cards import parse_cards
>>> score_row(parse_cards("9h 9d 9s 2c 2d"), open_types=frozenset(ScoringType), chip_tenths=18)
(<ScoringType.FULL_HOUSE: 6>, 630)
>>> score_row(parse_cards("9h 9d 9s 2c 2d"), open_types={ScoringType.STRAIGHT}, chip_tenths=12)
(None, -60)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from enum import IntEnum
from typing import Final

from pokerlab.cards import Card
from pokerlab.hands import evaluate
from pokerlab.language import N_

NOTHING_POINTS: Final = -50
"""What a completed row that makes none of the open types scores (before its chip)."""


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
