"""Hand reading for the bots: sensible discards, exact draw outcomes, and quick equity by simulation.

Everything here works from the cards a seat can see (its hand and its own discards); opponents'
hands are always simulated from the unseen cards. The pieces are the coach's (one piece of code per
idea): the discard rule is :mod:`pokerlab.coach.policy`, the exact scorer
:func:`pokerlab.coach.exact.score_choices`, the simulator :mod:`pokerlab.coach.equity`. This module
keeps only what is the bots' own: which discards to compare, and the opponents' ranges (``top``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from pokerlab.cards import ALL_CARDS, Card
from pokerlab.coach.equity import POOL_SIZE, DealPool, deal_pool, learner_strengths, simulate_deals
from pokerlab.coach.equity import unblocked_rows as _unblocked_rows  # noqa: F401 - the bot tests import it
from pokerlab.coach.exact import replacement_indices, score_choices
from pokerlab.coach.policy import four_flush, open_ender, rule_discards
from pokerlab.memory import give_back_free_memory

__all__ = [
    "POOL_SIZE", "DealPool", "DrawChoice", "Opponent", "best_discard", "candidate_discards", "deal_pool",
    "equity", "four_flush", "open_ender", "rule_discards", "score_discards", "warm_up",
]

def candidate_discards(cards: Sequence[Card], max_discards: int) -> list[tuple[Card, ...]]:
    """A handful of sensible discards to compare exactly: the textbook one, pat, keeping each
    draw or pair on its own, and keeping high cards."""
    counts = Counter(card.rank for card in cards)
    textbook = rule_discards(cards, max_discards)
    keeps: list[list[Card]] = [[card for card in cards if card not in textbook], list(cards)]
    for draw in (four_flush(cards), open_ender(cards)):
        if draw is not None:
            keeps.append(draw)
    kicker = max((card for card in cards if counts[card.rank] == 1), key=lambda c: c.rank, default=None)
    for rank, count in counts.items():
        if count >= 2:
            keeps.append([card for card in cards if card.rank == rank])
            if kicker is not None:
                keeps.append([card for card in cards if card.rank == rank] + [kicker])
    ordered = sorted(cards, key=lambda card: -card.rank)
    keeps += [ordered[:2], ordered[:1]]
    seen, out = set(), []
    for keep in keeps:
        discard = tuple(card for card in cards if card not in keep)
        if len(discard) <= max_discards and frozenset(discard) not in seen:
            seen.add(frozenset(discard))
            out.append(discard)
    return out


@dataclass(frozen=True)
class DrawChoice:
    """The outcome of one discard: average category points and chance to improve, exact."""

    discard: tuple[Card, ...]
    points: float
    improve: float


def score_discards(cards: Sequence[Card], discards: Sequence[tuple[Card, ...]], known: Sequence[Card]) -> list[DrawChoice]:
    """Exact outcome of each discard in ``discards``, by the coach's one exact scorer
    (:func:`pokerlab.coach.exact.score_choices`): a pure function of the cards."""
    return [
        DrawChoice(tuple(choice.discard), float(choice.average_points), float(choice.improve_probability))
        for choice in score_choices(tuple(cards), discards, known)
    ]


@lru_cache(maxsize=4096)
def _best_discard(cards: tuple[Card, ...], max_discards: int, known: tuple[Card, ...]) -> DrawChoice:
    choices = score_discards(cards, candidate_discards(cards, max_discards), known)
    return max(choices, key=lambda choice: (choice.points, -len(choice.discard)))


def best_discard(cards: Sequence[Card], max_discards: int, known: Sequence[Card] = ()) -> DrawChoice:
    """The sensible discard with the best average outcome (fewer cards on a tie). Remembered per
    hand, so the betting before the draw and the draw itself pay for it once."""
    return _best_discard(tuple(cards), max_discards, tuple(known))


@dataclass(frozen=True)
class Opponent:
    """What a bot assumes about one opponent's hand: ``drew`` the public draw count (None if not yet
    known or ignored) and ``top`` the share of its possible hands it would have played this way
    (1.0 = any hand; 0.3 = its best 30%, e.g. after it bet)."""

    drew: int | None = None
    top: float = 1.0
    top_before: float = 1.0
    """After the draw: the share of its hands *before* the draw it played as it did then (a
    pre-draw raiser started with one of its better hands)."""
    below: float = 1.0
    """After the draw: the share of its hands, weakest first, it would have played as it did (a
    player who checks whatever it could bet with holds one of its weaker hands)."""


def equity(
    keep: Sequence[Card],
    drawing: int,
    known: Sequence[Card],
    opponents: Sequence[Opponent],
    rng: np.random.Generator,
    trials: int = 600,
    after_draw: bool = False,
    called: float = 1.0,
) -> tuple[float, float]:
    """Chance to win at showdown, estimated by seeded simulation: the bot holds ``keep`` and draws
    ``drawing`` cards; each opponent is dealt by the coach's simulator
    (:func:`pokerlab.coach.equity.simulate_deals`: no card this seat can see, the public draw count
    respected) and draws by the one opponent model. An opponent whose public draw count is known is
    dealt only hands that draw that many, then only its ``top`` share by strength. ``after_draw``:
    compare final hands (the draw is over); before it, opponents are ranked by their hand before
    the draw.

    Returns the chance against all those hands and against only the ones that would call a bet
    (each opponent's better ``called`` share of them).

    Opponents are simulated one at a time and the chances multiplied, a fair approximation that
    keeps the cost flat as the table grows.
    """
    seen = tuple(keep) + tuple(known)
    total = against_callers = 1.0
    for opponent in opponents:
        deals = simulate_deals(seen, [opponent.drew], trials, rng, learner_draw=drawing)
        theirs, before = deals.strength[:, 0], deals.strength_before[:, 0]
        my_strength = learner_strengths(deals, keep, drawing)
        valid = np.ones(deals.trials, dtype=bool)
        if opponent.top_before < 1.0:
            valid = _top_share(before, valid, opponent.top_before)
        ranking = theirs if after_draw else before
        if opponent.below < 1.0:
            valid = _bottom_share(ranking, valid, opponent.below)
        if opponent.top < 1.0:
            valid = _top_share(ranking, valid, opponent.top)
        share = np.where(my_strength > theirs, 1.0, np.where(my_strength == theirs, 0.5, 0.0))
        total *= float(share[valid].mean())
        if called < 1.0:
            valid = _top_share(ranking, valid, called)
        against_callers *= float(share[valid].mean())
    return total, against_callers


def _top_share(ranking: np.ndarray, valid: np.ndarray, share: float) -> np.ndarray:
    """``valid`` narrowed to the better ``share`` of its hands by ``ranking`` (kept as it was when
    that would leave fewer than ten)."""
    cut = np.quantile(ranking[valid], 1.0 - share)
    strong = valid & (ranking >= cut)
    return strong if strong.sum() >= 10 else valid


def _bottom_share(ranking: np.ndarray, valid: np.ndarray, share: float) -> np.ndarray:
    """``valid`` narrowed to the weaker ``share`` of its hands by ``ranking`` (kept as it was when
    that would leave fewer than ten)."""
    cut = np.quantile(ranking[valid], share)
    weak = valid & (ranking <= cut)
    return weak if weak.sum() >= 10 else valid


@lru_cache(maxsize=1)
def warm_up() -> None:
    """Build once per process what the counting bots use (strength tables, every replacement set for
    draws of one to three cards, the deal pool) and run each kind of estimate once, so no decision
    in a hand has to wait for any of it."""
    for drawn in (1, 2, 3):
        replacement_indices(47, drawn)
    deal_pool()
    hand = [ALL_CARDS[index] for index in (48, 45, 30, 17, 2)]  # Ac Kd 9h 6d 2h
    best_discard(hand, 4)
    rng = np.random.default_rng(0)
    equity(hand[:1], 4, (), [Opponent(top=0.5)], rng, 50, called=0.5)
    equity(hand, 0, (), [Opponent(drew=1, top=0.5, top_before=0.5)], rng, 50, after_draw=True, called=0.5)
    give_back_free_memory()  # building the pool passes through about 50 MB it does not keep
