"""Five-card hand values, one hand at a time: the nine categories, :class:`HandValue` and :func:`evaluate`.

A hand's ``strength`` packs its category and its tie-break ranks into one int::

    strength = category << 20 | r0 << 16 | r1 << 12 | r2 << 8 | r3 << 4 | r4

``r0..`` are the ranks that decide ties, most important first (for a full house: the trips then the
pair; for a straight only its top card, 5 for the wheel; unused places are 0). Comparing strengths is
comparing hands, and ``strength >> 20`` is the category. There are exactly 7,462 different values.

>>> from pokerlab import evaluate, parse_cards
>>> evaluate(parse_cards("Kh Kd 7s 7c Qd")).name
'Two pair, kings and sevens, with a queen'
>>> evaluate(parse_cards("6c 5d 4h 3s 2c")) > evaluate(parse_cards("Ah 2d 3h 4s 5c"))
True

This module owns what one hand is worth and its dealer's name; evaluating millions of hands at once
(the numpy tables over all 2,598,960 hands) is :mod:`pokerlab.hands`, which builds on these values and
re-exports them (``from pokerlab.hands import evaluate`` keeps working for notebooks and teachers).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

from pokerlab.cards import RANK_NAMES, RANK_PLURALS, RANK_PRIMES, RANKS, Card, format_cards, parse_cards
from pokerlab.english_phrases import listing
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidCardError


class HandCategory(IntEnum):
    """The nine kinds of poker hand, weakest first (a royal flush is the ace-high straight flush)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """``'Three of a kind'``: the category as a learner reads it."""
        return _CATEGORY_LABELS[self]

    @property
    def in_a_sentence(self) -> str:
        """``'a straight'``, ``'two pair'``: the category as it reads inside a sentence."""
        return ARTICLE_LABELS[self]


_CATEGORY_LABELS: Final = {
    HandCategory.HIGH_CARD: "High card",
    HandCategory.PAIR: "One pair",
    HandCategory.TWO_PAIR: "Two pair",
    HandCategory.THREE_OF_A_KIND: "Three of a kind",
    HandCategory.STRAIGHT: "Straight",
    HandCategory.FLUSH: "Flush",
    HandCategory.FULL_HOUSE: "Full house",
    HandCategory.FOUR_OF_A_KIND: "Four of a kind",
    HandCategory.STRAIGHT_FLUSH: "Straight flush",
}
ARTICLE_LABELS: Final = {
    HandCategory.HIGH_CARD: "high card",
    HandCategory.PAIR: "one pair",
    HandCategory.TWO_PAIR: "two pair",
    HandCategory.THREE_OF_A_KIND: "three of a kind",
    HandCategory.STRAIGHT: "a straight",
    HandCategory.FLUSH: "a flush",
    HandCategory.FULL_HOUSE: "a full house",
    HandCategory.FOUR_OF_A_KIND: "four of a kind",
    HandCategory.STRAIGHT_FLUSH: "a straight flush",
}
CATEGORY_SHIFT: Final = 20
"""``strength >> CATEGORY_SHIFT`` is the hand's category."""
RANK_PLACE_SHIFTS: Final = (16, 12, 8, 4, 0)
"""Where each tie-break rank sits in a strength, most important first: ``(strength >> shift) & RANK_MASK``."""
RANK_MASK: Final = 0xF
"""One tie-break rank (2..14, or 0 for an unused place) fills four bits."""
HAND_COUNT: Final = 2_598_960


def _pack(category: int, ranks: Sequence[int]) -> int:
    strength = category << CATEGORY_SHIFT
    for place, rank in enumerate(ranks):
        strength |= rank << (16 - 4 * place)
    return strength


def _strength_of_ranks(ranks: Sequence[int], flush: bool) -> int:
    """The strength of five ranks (any order), flush or not. The single source of truth for ranking."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    # Groups ordered by size, then rank: (pair of 8s, A, K, 3) -> [8, 14, 13, 3].
    groups = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if len(counts) == 5:
        top = groups[0]
        if groups == [14, 5, 4, 3, 2]:
            straight_top = 5  # the wheel: the ace plays low
        elif top - groups[4] == 4:
            straight_top = top
        else:
            straight_top = 0
        if straight_top:
            category = HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
            return _pack(category, [straight_top])
        return _pack(HandCategory.FLUSH if flush else HandCategory.HIGH_CARD, groups)
    category = {
        (2, 1, 1, 1): HandCategory.PAIR,
        (2, 2, 1): HandCategory.TWO_PAIR,
        (3, 1, 1): HandCategory.THREE_OF_A_KIND,
        (3, 2): HandCategory.FULL_HOUSE,
        (4, 1): HandCategory.FOUR_OF_A_KIND,
    }[tuple(shape)]
    return _pack(category, groups)


class HandValue:
    """What five cards are worth. Compare with ``<``, ``==``, ``>``; equal values split a pot.

    There is one object per distinct value (7,462 of them), shared by every hand that has it.
    """

    __slots__ = ("strength", "category", "ranks", "_name")
    strength: int
    category: HandCategory
    ranks: tuple[int, ...]

    def __init__(self, strength: int) -> None:
        ranks = tuple(r for r in ((strength >> shift) & 15 for shift in (16, 12, 8, 4, 0)) if r)
        object.__setattr__(self, "strength", strength)
        object.__setattr__(self, "category", HandCategory(strength >> CATEGORY_SHIFT))
        object.__setattr__(self, "ranks", ranks)
        object.__setattr__(self, "_name", None)

    @classmethod
    def from_strength(cls, strength: int) -> HandValue:
        """The shared value object for a strength (as returned by ``evaluate_many``)."""
        value = ALL_VALUES.get(int(strength))
        if value is None:
            raise ValueError(f"{strength!r} is not the strength of any five-card hand.")
        return value

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("HandValues are immutable.")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (HandValue.from_strength, (self.strength,))

    def __hash__(self) -> int:
        return self.strength

    def __eq__(self, other: object) -> bool:
        return self.strength == other.strength if isinstance(other, HandValue) else NotImplemented

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < other.strength if isinstance(other, HandValue) else NotImplemented

    def __le__(self, other: HandValue) -> bool:
        return self.strength <= other.strength if isinstance(other, HandValue) else NotImplemented

    def __gt__(self, other: HandValue) -> bool:
        return self.strength > other.strength if isinstance(other, HandValue) else NotImplemented

    def __ge__(self, other: HandValue) -> bool:
        return self.strength >= other.strength if isinstance(other, HandValue) else NotImplemented

    def __repr__(self) -> str:
        return f"<HandValue {self.name} ({self.strength})>"

    @property
    def is_royal(self) -> bool:
        return self.category is HandCategory.STRAIGHT_FLUSH and self.ranks[0] == 14

    @property
    def name(self) -> str:
        """A dealer's name: ``'Pair of eights, ace kicker'``, ``'Six-high straight'``, ``'Royal flush'``."""
        if self._name is None:
            object.__setattr__(self, "_name", _name_of(self))
        return self._name  # type: ignore[return-value]


def _listing(ranks: Iterable[int]) -> str:
    return listing(RANK_NAMES[r] for r in ranks)


def rank_article(rank: int) -> str:
    return "an" if rank in (8, 14) else "a"


def _name_of(value: HandValue) -> str:
    c, r = value.category, value.ranks
    high = RANK_NAMES[r[0]].capitalize()
    if c is HandCategory.STRAIGHT_FLUSH:
        if r[0] == 14:
            return "Royal flush"
        return f"{high}-high straight flush" + (" (steel wheel)" if r[0] == 5 else "")
    if c is HandCategory.FOUR_OF_A_KIND:
        return f"Four {RANK_PLURALS[r[0]]}, {RANK_NAMES[r[1]]} kicker"
    if c is HandCategory.FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    if c is HandCategory.FLUSH:
        return f"{high}-high flush"
    if c is HandCategory.STRAIGHT:
        return f"{high}-high straight" + (" (the wheel)" if r[0] == 5 else "")
    if c is HandCategory.THREE_OF_A_KIND:
        return f"Three {RANK_PLURALS[r[0]]}"
    if c is HandCategory.TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}, with {rank_article(r[2])} {RANK_NAMES[r[2]]}"
    if c is HandCategory.PAIR:
        return f"Pair of {RANK_PLURALS[r[0]]}, {RANK_NAMES[r[1]]} kicker"
    return f"{high} high"


# --- the one-hand evaluator: a dict lookup keyed by the product of rank primes ---------------------

def _build_lookups() -> tuple[dict[int, HandValue], dict[int, HandValue], dict[int, HandValue]]:
    values: dict[int, HandValue] = {}
    plain: dict[int, HandValue] = {}
    flush: dict[int, HandValue] = {}
    for ranks in itertools.combinations_with_replacement(RANKS, 5):
        if len(set(ranks)) == 1:
            continue  # five of a kind does not exist in one deck
        key = 1
        for rank in ranks:
            key *= RANK_PRIMES[rank]
        strength = _strength_of_ranks(ranks, flush=False)
        plain[key] = values.setdefault(strength, HandValue(strength))
        if len(set(ranks)) == 5:
            strength = _strength_of_ranks(ranks, flush=True)
            flush[key] = values.setdefault(strength, HandValue(strength))
    return values, plain, flush


ALL_VALUES, VALUES_BY_PRIMES, FLUSH_VALUES_BY_PRIMES = _build_lookups()
"""Every value by its strength; the value of five ranks by the product of their primes
(``Card.prime``), not suited and suited (a flush; five different ranks only)."""


def evaluate(cards: Sequence[Card] | str) -> HandValue:
    """The value of exactly five cards (``Card`` objects, or card text such as ``"As Kd Th 9c 2s"``).

    >>> evaluate("Ts Js Qs Ks As").name
    'Royal flush'
    """
    # The fast path first: five distinct Card objects. Text and every mistake go the slow way.
    try:
        a, b, c, d, e = cards
        if (a.bit | b.bit | c.bit | d.bit | e.bit).bit_count() == 5:
            key = a.prime * b.prime * c.prime * d.prime * e.prime
            if a.suit == b.suit == c.suit == d.suit == e.suit:
                return FLUSH_VALUES_BY_PRIMES[key]
            return VALUES_BY_PRIMES[key]
    except (ValueError, TypeError, AttributeError):
        pass
    if isinstance(cards, str):
        return evaluate(parse_cards(cards))
    raise _explain_bad_hand(cards)


def dealt_value(cards: Sequence[Card]) -> HandValue:
    """The value of five different :class:`Card` objects, as :func:`evaluate` gives it without its checks.

    For the draw engine's showdown: every hand it deals and draws to is five different cards, so the
    checks (and their cost at every showdown) would only repeat what the deal guarantees. Anything else
    should call :func:`evaluate`, which refuses a bad hand with a reason.

    >>> dealt_value(parse_cards("Ts Js Qs Ks As")) is evaluate("Ts Js Qs Ks As")
    True
    """
    a, b, c, d, e = cards
    key = a.prime * b.prime * c.prime * d.prime * e.prime
    if a.suit == b.suit == c.suit == d.suit == e.suit:
        return FLUSH_VALUES_BY_PRIMES[key]
    return VALUES_BY_PRIMES[key]


def _explain_bad_hand(cards: object) -> Exception:
    try:
        items = list(cards)  # type: ignore[call-overload]
    except TypeError:
        return InvalidCardError(f"{cards!r} is not a list of cards.")
    for item in items:
        if not isinstance(item, Card):
            return InvalidCardError(f"{item!r} is not a card; use parse_cards('As Kd ...') to make cards.")
    seen: set[Card] = set()
    for card in items:
        if card in seen:
            return DuplicateCardError(f"Duplicate card {str(card)!r}: a hand cannot hold the {card.name} twice.")
        seen.add(card)
    given = f": {format_cards(items)}" if items else ""
    return HandSizeError(f"A poker hand is exactly five cards; got {len(items)}{given}.")
