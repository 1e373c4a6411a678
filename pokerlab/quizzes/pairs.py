"""Pairs of hands that teach, for the "Which hand wins?" trainer and any showdown exercise.

Deals are chosen to teach rather than dealt at random: hands from different categories (often
neighbouring ones, such as a straight against a flush), hands from one category that a tie-break
decides (often with the same pair, so a kicker decides), and split pots where only the suits differ.
Pure functions of a numpy Generator: the same seed gives the same deals.

>>> deal = deal_pair(7)
>>> len(deal.first), len(deal.second), not set(deal.first) & set(deal.second)
(5, 5, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np

from pokerlab.cards import Card, as_rng
from pokerlab.hand_values import RANK_PLACE_SHIFTS, HandCategory
from pokerlab.hands import all_hands, evaluate_many, hands_by_category

__all__ = ["Deal", "LESSONS", "LESSON_WEIGHTS", "SPLITTABLE", "deal_pair", "random_hand"]

LESSONS: Final = ("categories", "tie-break", "split")
"""What a deal teaches: different categories, a same-category tie-break, or a split pot."""
LESSON_WEIGHTS: Final = (0.4, 0.45, 0.15)

SPLITTABLE: Final = (
    HandCategory.HIGH_CARD, HandCategory.PAIR, HandCategory.TWO_PAIR,
    HandCategory.STRAIGHT, HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH,
)
"""Categories two hands from one deck can share rank for rank. Trips, full houses and quads cannot:
two hands cannot both hold three cards of one rank."""

_CANDIDATES: Final = 400  # second hands drawn at once; a suitable one is nearly always among them
_LEAD_SHIFT: Final = RANK_PLACE_SHIFTS[0]  # the first tie-break rank in a strength


@dataclass(frozen=True)
class Deal:
    """Two five-card hands with no card in common, and what the pair is meant to teach."""

    first: tuple[Card, ...]
    second: tuple[Card, ...]
    lesson: str


def _hands_by_category() -> tuple[np.ndarray, ...]:
    """Row numbers into ``all_hands()`` of every hand, one array per category (shared between kernels)."""
    return hands_by_category()


@lru_cache(maxsize=1)
def _hand_table() -> np.ndarray:
    return all_hands()


def _masks(rows: np.ndarray) -> np.ndarray:
    """One 52-bit card set per hand, so two hands are disjoint when their AND is zero."""
    return np.bitwise_or.reduce(np.left_shift(np.int64(1), rows.astype(np.int64)), axis=1)


def _cards(row: np.ndarray) -> tuple[Card, ...]:
    return tuple(Card.from_index(int(i)) for i in row)


def _random_hand(category: int, rng: np.random.Generator) -> np.ndarray:
    pool = _hands_by_category()[category]
    return _hand_table()[pool[rng.integers(len(pool))]]


def random_hand(category: HandCategory | int, rng: np.random.Generator | int) -> tuple[Card, ...]:
    """A hand of ``category`` chosen uniformly among all such hands, highest card first.

    >>> from pokerlab import evaluate
    >>> evaluate(random_hand(HandCategory.FULL_HOUSE, 3)).category.label
    'Full house'
    """
    return _cards(np.sort(_random_hand(int(category), as_rng(rng)))[::-1])


def _other_hand(first: np.ndarray, category: int, rng: np.random.Generator, close: bool) -> np.ndarray | None:
    """A hand of ``category`` sharing no card with ``first`` and worth a different amount.

    With ``close``, prefer one whose first tie-break rank matches (same pair, same trips, same top
    card), so a later card decides.
    """
    pool = _hands_by_category()[category]
    rows = _hand_table()[pool[rng.integers(len(pool), size=_CANDIDATES)]]
    strengths = evaluate_many(rows)
    first_strength = int(evaluate_many(first[None, :])[0])
    usable = ((_masks(rows) & int(_masks(first[None, :])[0])) == 0) & (strengths != first_strength)
    if close:
        same_lead = (strengths >> _LEAD_SHIFT) == (first_strength >> _LEAD_SHIFT)
        if (usable & same_lead).any():
            usable &= same_lead
    found = np.flatnonzero(usable)
    return rows[found[0]] if len(found) else None


def _split_partner(first: np.ndarray, rng: np.random.Generator) -> np.ndarray | None:
    """The same ranks in other suits, worth exactly the same, sharing no card with ``first``."""
    ranks, suits = first >> 2, first & 3
    strength = int(evaluate_many(first[None, :])[0])
    for _ in range(24):
        permutation = rng.permutation(4)
        other = ranks * 4 + permutation[suits]
        if not set(other.tolist()) & set(first.tolist()) and int(evaluate_many(other[None, :])[0]) == strength:
            return other
    return None


def deal_pair(rng: np.random.Generator | int) -> Deal:
    """Two hands that teach something, chosen with ``rng`` only (the same seed, the same deals).

    >>> deal = deal_pair(7)
    >>> len(deal.first), len(deal.second), not set(deal.first) & set(deal.second)
    (5, 5, True)
    """
    rng = as_rng(rng)
    while True:
        lesson = LESSONS[rng.choice(len(LESSONS), p=LESSON_WEIGHTS)]
        if lesson == "categories":
            low = int(rng.integers(8))
            high = low + 1 if rng.random() < 0.5 else int(rng.integers(low + 1, 9))
            first = _random_hand(low, rng)
            second = _other_hand(first, high, rng, close=False)
        elif lesson == "tie-break":
            category = int(rng.integers(9))
            first = _random_hand(category, rng)
            second = _other_hand(first, category, rng, close=rng.random() < 0.6)
        else:
            first = _random_hand(int(SPLITTABLE[rng.integers(len(SPLITTABLE))]), rng)
            second = _split_partner(first, rng)
        if second is None:
            continue  # rare: no suitable partner among the candidates; deal again
        pair = (first, second) if rng.random() < 0.5 else (second, first)
        return Deal(*(_cards(np.sort(hand)[::-1]) for hand in pair), lesson=lesson)
