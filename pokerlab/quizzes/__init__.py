"""Quizzes whose answers come from the engine, and a quiz session that keeps the streak.

Generators build a :class:`Question` from a level and a seed or numpy Generator and compute the answer
with the engine, so no answer is ever written by hand; every wrong choice names the mistake behind
it. :class:`QuizSession` asks questions from any such generator and counts the streak; the quiz
widget only shows a session.

- :mod:`pokerlab.quizzes.core`: :class:`Question`, :class:`QuizSession`, the levels.
- :mod:`pokerlab.quizzes.tie_breaks`: who wins a showdown (lessons 01 and 02).
- :mod:`pokerlab.quizzes.pairs`: pairs of hands that teach, dealt for the "Which hand wins?" trainer.
- :mod:`pokerlab.quizzes.betting`: may this seat raise, the side pot, who acts first (lessons 03, 03a), mixed;
  each kind in its own module: :mod:`~pokerlab.quizzes.may_raise`, :mod:`~pokerlab.quizzes.side_pots`,
  :mod:`~pokerlab.quizzes.first_after_draw`.
- :mod:`pokerlab.quizzes.hand_basics`: who speaks first, the antes, what a player may do and what a call
  costs (02a).
- :mod:`pokerlab.quizzes.tables`: the random tables both deal and play, and what a question says of its table.
- :mod:`pokerlab.quizzes.four_rows`: what a finished Four Rows row scores (07).
- :mod:`pokerlab.quizzes.ladder`: the ladder's wallet and who advances (08).
- :mod:`pokerlab.quizzes.pot_odds`: call or fold with a one-card draw (04).
- :mod:`pokerlab.quizzes.mastery`: the topics, the mastery rule and the review queue, from kept answers.
- :mod:`pokerlab.quizzes.placement`: the contents page's five-question placement check.

>>> question = tie_break_question("medium", rng=7)
>>> question.choices
('Hand A wins', 'Hand B wins', 'Split pot')
"""

from pokerlab.quizzes.betting import betting_question, cap_and_order_question
from pokerlab.quizzes.core import LEVELS, Answer, Question, QuestionSource, QuizError, QuizSession, check_level
from pokerlab.quizzes.first_after_draw import ask_first_after_draw, first_after_draw_question
from pokerlab.quizzes.four_rows import row_score_question
from pokerlab.quizzes.hand_basics import hand_basics_question
from pokerlab.quizzes.ladder import ladder_question
from pokerlab.quizzes.may_raise import ask_may_raise, may_raise_question
from pokerlab.quizzes.pairs import SPLITTABLE, Deal, deal_pair
from pokerlab.quizzes.pot_odds import pot_odds_question
from pokerlab.quizzes.side_pots import ask_side_pot, side_pot_question
from pokerlab.quizzes.tie_breaks import HAND_NAMES, HARD_KINDS, TIE_BREAK_CHOICES, showdown_mistakes, tie_break_question

__all__ = [
    "Answer", "Deal", "HAND_NAMES", "HARD_KINDS", "LEVELS", "Question", "QuestionSource", "QuizError", "QuizSession",
    "SPLITTABLE", "TIE_BREAK_CHOICES", "ask_first_after_draw", "ask_may_raise", "ask_side_pot", "betting_question", "cap_and_order_question",
    "check_level", "deal_pair", "first_after_draw_question", "hand_basics_question", "ladder_question", "pot_odds_question", "row_score_question", "may_raise_question", "showdown_mistakes",
    "side_pot_question", "tie_break_question",
]
