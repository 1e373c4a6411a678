"""The coach's and the review's words, by their old import path: ``from pokerlab.coach.words import ...``
and ``from pokerlab.coach import words`` keep working for notebooks, teachers' scripts and pages.

The words were one module; they are made in the modules that own them (issue 31):

- :mod:`pokerlab.coach.phrases`: the small pieces (amounts, percentages, players, a draw in a few words,
  the stage of a hand);
- :mod:`pokerlab.coach.advice_words`: the advice (the best draw, why, what a choice gives up);
- :mod:`pokerlab.coach.verdicts`: the review's one rule for a decision's verdict (:func:`judge`);
- :mod:`pokerlab.coach.review_words`: a draw's and a bet's review and the review panel's lines, and the
  English reading :attr:`DrawReview.text <pokerlab.coach.draw_review.DrawReview.text>` registers
  (:mod:`pokerlab.coach` imports this module, so the writer is there wherever a review is).

>>> from pokerlab.coach.exact import draw_odds
>>> odds = draw_odds("Kh Kd As 4c 2d")
>>> choice_phrase(odds.choice("4c 2d")), choice_phrase(odds.choice("As 4c 2d"), "coach")
('kept K♥ K♦ A♠ and drew 2', 'keep K♥ K♦ and draw 3')
>>> money(12.345, dollars=True, decimals=1), money(5, dollars=False)
('$12.3', '5 chips')
"""

from pokerlab.coach.advice_words import NOTICEABLE, advice_text, compare_choices, tried_text, why
from pokerlab.coach.phrases import choice_phrase, criterion_name, draw_words, money, percent, players, stage_name
from pokerlab.coach.review_words import (
    bet_review_text,
    coach_action_words,
    coach_words,
    detail_words,
    draw_review_text,
    hand_summary,
    not_reviewed_words,
    played_words,
    situation_words,
    worth_words,
)
from pokerlab.coach.verdicts import COUNTED, Verdict, judge, verdict

__all__ = [
    "COUNTED", "NOTICEABLE", "Verdict", "advice_text", "bet_review_text", "choice_phrase", "coach_action_words",
    "coach_words", "compare_choices", "criterion_name", "detail_words", "draw_review_text", "draw_words",
    "hand_summary", "judge", "money", "not_reviewed_words", "percent", "played_words", "players", "situation_words",
    "stage_name", "tried_text", "verdict", "why", "worth_words",
]
