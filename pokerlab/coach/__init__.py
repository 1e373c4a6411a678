"""The coach: exact draw odds, the one equity simulator, the one opponent model, advice and review.

- :mod:`~pokerlab.coach.exact`: exact odds of every discard (the one exact scorer);
- :mod:`~pokerlab.coach.policy`: how a simulated opponent draws (the one opponent model);
- :mod:`~pokerlab.coach.equity`: the one equity simulator (respects the opponents' draws);
- :mod:`~pokerlab.coach.advice`: every discard ranked by the chance to win the pot;
- :mod:`~pokerlab.coach.draw_review`: the review of one draw;
- :mod:`~pokerlab.coach.seat_review` and :mod:`~pokerlab.coach.findings`: the review of a whole hand (the
  hand walker, and its findings as data);
- :mod:`~pokerlab.coach.words`: the coach's sentences, in a reader's language, with
  :mod:`pokerlab.narration`'s voice (made in :mod:`~pokerlab.coach.phrases`,
  :mod:`~pokerlab.coach.advice_words`, :mod:`~pokerlab.coach.verdicts` and
  :mod:`~pokerlab.coach.review_words`). Only the words read the other modules' types, never the other
  way round; imported here so that the English reading they register (:attr:`DrawReview.text`) is there
  wherever a review is.

Nothing here imports display code.
"""

from pokerlab.coach import words
from pokerlab.coach.advice import Advice, ChoiceChance, advise
from pokerlab.coach.draw_review import DrawDecision, DrawReview, review_draw
from pokerlab.coach.equity import Equity, simulate_deals, simulate_equity
from pokerlab.coach.exact import ChoiceOdds, DrawOdds, draw_odds, legal_discards
from pokerlab.coach.findings import BetReview, DecisionReview, HandReview
from pokerlab.coach.policy import opponent_discards, rule_discards
from pokerlab.coach.seat_review import review_hand

__all__ = [
    "Advice", "BetReview", "ChoiceChance", "ChoiceOdds", "DecisionReview", "DrawDecision", "DrawOdds", "DrawReview",
    "Equity", "HandReview", "advise", "draw_odds", "legal_discards", "opponent_discards", "review_draw",
    "review_hand", "rule_discards", "simulate_deals", "simulate_equity", "words",
]
