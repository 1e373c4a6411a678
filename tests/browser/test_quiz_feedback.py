"""Every quiz in the lessons, in a real browser: answer one question wrongly and the feedback names the
mistake behind that answer (issue 15), not only the right answer.

In test mode a quiz built without a seed uses :data:`pokerlab.widgets.quiz.TEST_MODE_SEED`, so the test
replays the page's first question in Python and knows the answer and the mistake of each wrong choice."""

from __future__ import annotations

import pytest

from pokerlab.quizzes import (
    LEVELS, QuizSession, betting_question, cap_and_order_question, ladder_question, row_score_question,
    tie_break_question,
)
from pokerlab.widgets.quiz import TEST_MODE_SEED
from tests.browser.conftest import DESKTOP

QUIZZES = [
    ("02-tie-breaks.ipynb", tie_break_question),
    ("03-limits-and-the-cap.ipynb", cap_and_order_question),
    ("03a-all-ins-and-side-pots.ipynb", betting_question),
    ("07-four-rows.ipynb", row_score_question),
    ("08-tournament-ladder.ipynb", ladder_question),
]


@pytest.mark.parametrize(("notebook", "source"), QUIZZES, ids=[name for name, _ in QUIZZES])
@pytest.mark.browser_context_args(**DESKTOP)
def test_a_wrong_answer_names_the_mistake(open_app, notebook: str, source) -> None:  # noqa: ANN001
    question = QuizSession(source, LEVELS, rng=TEST_MODE_SEED).question
    page = open_app(notebook, ready_selector=".pl-quiz-choice")
    quiz = page.locator(".pl-quiz")
    quiz.scroll_into_view_if_needed()
    assert question.prompt in quiz.locator(".pl-quiz-prompt").inner_text()
    wrong = (question.answer + 1) % len(question.choices)
    quiz.locator(f'.pl-quiz-choice[data-choice="{wrong}"]').click()
    quiz.locator('.pl-quiz-feedback[data-correct="false"]').wait_for()
    assert quiz.locator(".pl-quiz-mistake").inner_text() == question.mistakes[wrong] != ""
    assert quiz.locator(".pl-quiz-verdict").inner_text() == f"Not quite: the answer is “{question.choices[question.answer]}”."
