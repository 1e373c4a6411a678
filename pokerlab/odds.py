"""Draw odds (kept for teachers' notebooks): the names now live in :mod:`pokerlab.coach`.

Exact odds come from :mod:`pokerlab.coach.exact`, the opponent model from
:mod:`pokerlab.coach.policy`, equity from :mod:`pokerlab.coach.equity`. Everything that was importable
from here still is.

>>> from pokerlab import HandCategory, parse_cards
>>> odds = draw_odds(parse_cards("Kh Kd 7s 4c 2d"))
>>> pair = odds.choice(parse_cards("7s 4c 2d"))        # keep the kings, draw three
>>> pair.count(HandCategory.TWO_PAIR), pair.total
(2592, 16215)
>>> simulate_equity("Ah Ad Ac As Kd", discard="Kd", opponent_count=2, trials=2_000, rng=1).equity > 0.99
True
"""

from __future__ import annotations

import numpy as np

from pokerlab.coach.equity import (
    CHUNK_SIZE,
    Equity,
    SimulationError,
    _draw_in_seat_order,
    pot_shares,
    simulate_equity,
)
from pokerlab.coach.exact import (
    CATEGORY_COUNT,
    CATEGORY_POINTS,
    ChoiceOdds,
    Criterion,
    DrawOdds,
    IllegalDiscardError,
    criterion_value,
    draw_odds,
    is_legal_discard,
    legal_discards,
    replacement_indices,
    score_choices,
    unseen_cards,
)
from pokerlab.coach.policy import opponent_discards

__all__ = [
    "CATEGORY_COUNT", "CATEGORY_POINTS", "CHUNK_SIZE", "ChoiceOdds", "Criterion", "DrawOdds", "Equity",
    "IllegalDiscardError", "SimulationError", "criterion_value", "draw_in_seat_order", "draw_odds",
    "is_legal_discard", "legal_discards", "opponent_discards", "pot_shares", "replacement_indices",
    "score_choices", "simulate_equity", "unseen_cards",
]


def draw_in_seat_order(opponents: np.ndarray, stock: np.ndarray, start: int) -> np.ndarray:
    """The opponents' final hands (N, n, 5) after each draws by :func:`opponent_discards` from one
    stock (N, m) in seat order, its first ``start`` cards already taken."""
    trials, count = opponents.shape[:2]
    thrown = opponent_discards(opponents.reshape(-1, 5)).reshape(trials, count, 5)
    return _draw_in_seat_order(opponents, thrown, stock[:, start:])
