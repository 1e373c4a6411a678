"""What the counting bots weigh when several opponents are in the pot.

A bet wins the pot at once only when *every* opponent folds; otherwise it is played out against the
ones that called, who hold the better part of their hands. With each opponent's chance to fold and
the bot's chance to beat each one (against all its hands, and against only the hands that call), the
value of betting is the sum over every set of callers:

* nobody calls: the pot;
* the callers ``S`` call: win ``pot + bet * (|S| + 1)`` with the chance of beating all of ``S``,
  having paid ``bet``.

Checking is worth the chance of beating everybody times the pot. Opponents are taken to decide
independently, a fair approximation at a five-seat table.

How often a player folds after the draw depends a lot on how many cards it drew: one who stood pat
or drew two (three of a kind) hardly ever has a hand to fold, one who drew three ends with less than
a pair of jacks more than half the time. :func:`weak_after_draw` measures that once from the shared
deal pool of :mod:`pokerlab.bots.estimate` (every hand drawn by the simulated opponents' policy).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from math import prod

import numpy as np

from pokerlab.bots.estimate import deal_pool
from pokerlab.cards import parse_cards
from pokerlab.hands import evaluate_many

CALLING_HAND = "Jh Jd 4c 3s 2h"
"""The weakest hand a typical player calls a bet with after the draw: a pair of jacks."""


@lru_cache(maxsize=1)
def final_strengths() -> tuple[np.ndarray, ...]:
    """For draw counts 0 to 3: the strengths (as :func:`~pokerlab.hands.evaluate_many` gives them),
    sorted, of the hands the shared deal pool's hands that draw that many end the draw with (each
    drawn once, replacements from a fixed seed: the same figures every time)."""
    pool = deal_pool()
    rng = np.random.default_rng(17)
    out = []
    for rows in pool.by_count:
        rows = rows[:6000]
        hands, thrown = pool.hands[rows].astype(np.intp), pool.thrown[rows]
        keys = rng.random((len(rows), 52))
        np.put_along_axis(keys, hands, 2.0, axis=1)
        fresh = np.argsort(keys, axis=1)[:, :3]
        slot = np.cumsum(thrown, axis=1) - 1
        final = np.where(thrown, np.take_along_axis(fresh, slot.clip(0, 2), axis=1), hands)
        out.append(np.sort(evaluate_many(final.astype(np.int8))))
    return tuple(out)


def share_below(strength: int, drew: int | None) -> float:
    """The share of the hands a player who drew ``drew`` cards (three when not known) ends the draw
    with that are weaker than ``strength``."""
    ends = final_strengths()[3 if drew is None else min(drew, 3)]
    return float(np.searchsorted(ends, strength, side="left") / len(ends))


@lru_cache(maxsize=1)
def weak_after_draw() -> tuple[float, float, float, float]:
    """For draw counts 0 to 3: the share of hands that end the draw weaker than :data:`CALLING_HAND`."""
    threshold = int(evaluate_many(np.array([[card.index for card in parse_cards(CALLING_HAND)]]))[0])
    shares = [share_below(threshold, count) for count in range(4)]
    return shares[0], shares[1], shares[2], shares[3]


def betting_value(pot: int, bet: int, folds: Sequence[float], beats: Sequence[float]) -> float:
    """The chips a bet of ``bet`` into ``pot`` is expected to end with, when opponent ``i`` folds
    with chance ``folds[i]`` and, calling, is beaten with chance ``beats[i]``.

    >>> round(betting_value(100, 20, [1.0, 1.0], [0.0, 0.0]), 6)  # both always fold
    100.0
    >>> round(betting_value(100, 20, [0.0], [0.5]), 6)  # a coin flip called: half of 140, less 20
    50.0
    """
    total = 0.0
    seats = range(len(folds))
    for size in range(len(folds) + 1):
        for callers in combinations(seats, size):
            chance = prod((1.0 - folds[i]) if i in callers else folds[i] for i in seats)
            if not callers:
                total += chance * pot
            else:
                win = prod(beats[i] for i in callers)
                total += chance * (win * (pot + bet * (len(callers) + 1)) - bet)
    return total
