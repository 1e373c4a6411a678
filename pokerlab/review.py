"""Decision review (kept for teachers' notebooks): the names now live in :mod:`pokerlab.coach`.

The review of one draw is :mod:`pokerlab.coach.draw_review`, the review of a whole hand the walker in
:mod:`pokerlab.coach.seat_review`, and their sentences :mod:`pokerlab.coach.words`. Everything that was
importable from here still is.

>>> review = review_draw(DrawDecision.from_text("Kh Kd As 4c 2d", discard="Kh Kd"), opponent_count=2, trials=4_000)
>>> review.is_best, review.best.describe()
(False, 'keep K♥ K♦, draw 3')
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerlab.cards import Card
from pokerlab.coach.advice_words import NOTICEABLE, compare_choices
from pokerlab.coach.draw_review import DrawDecision, DrawReview, EquityComparison, review_draw
from pokerlab.coach.equity import RESAMPLE_ROUNDS, Equity, simulate_equity
from pokerlab.coach.findings import POSITION_MARGIN, BetReview, DecisionReview, HandReview, NotReviewed
from pokerlab.coach.phrases import choice_phrase, criterion_name
from pokerlab.coach.seat_review import BETTING_KINDS, MOST_SIMULATED_OPPONENTS, public_events, review_hand

__all__ = [
    "BETTING_KINDS", "MOST_SIMULATED_OPPONENTS", "NOTICEABLE", "POSITION_MARGIN", "RESAMPLE_ROUNDS", "BetReview",
    "DecisionReview", "DrawDecision", "DrawReview", "EquityComparison", "HandReview", "NotReviewed", "choice_phrase",
    "compare_choices", "criterion_name", "public_events", "review_draw", "review_hand", "simulate_equity_given_draws",
]


def simulate_equity_given_draws(
    hand: Sequence[Card],
    discard: Sequence[Card] = (),
    known: Sequence[Card] = (),
    opponent_draws: Sequence[int | None] = (None,),
    trials: int = 10_000,
    rng: np.random.Generator | int = 0,
    discard_limit: int = 3,
    ace_draw: bool = False,
) -> Equity:
    """:func:`pokerlab.coach.equity.simulate_equity` with one entry per opponent: the cards they drew,
    or None when not known yet."""
    return simulate_equity(hand, discard, known, trials=trials, rng=rng, discard_limit=discard_limit,
                           ace_draw=ace_draw, opponent_draws=opponent_draws)
