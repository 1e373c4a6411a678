"""The learner's own progress in real browsers (issue 15): two browser contexts (two learners) on one
Voilà server. Learner A opens a lesson, chooses a name and answers a quiz question; the contents page
shows A that lesson and that score. Learner B answers the same quiz before choosing any name (nothing
is kept), then chooses a name on the contents page and sees no lesson of A's and none of their own."""

from __future__ import annotations

from playwright.sync_api import expect

from pokerlab.quizzes import LEVELS, QuizSession, tie_break_question
from pokerlab.widgets.quiz import TEST_MODE_SEED
from tests.browser.test_five_card_draw import ANSWERED, IDENTITY, sign_in
from tests.browser.test_learners import Learners, learners, unique  # noqa: F401 - learners is a fixture

CONTENTS = "00-start-here.ipynb"
LESSON = "02-tie-breaks.ipynb"
REPORT = ".pl-progress-report"


def answer_first_question(page, right: bool) -> None:  # noqa: ANN001 - playwright Page
    """Answer the page's first quiz question (test mode: the same question every run)."""
    question = QuizSession(tie_break_question, LEVELS, rng=TEST_MODE_SEED).question
    choice = question.answer if right else (question.answer + 1) % len(question.choices)
    quiz = page.locator(".pl-quiz")
    quiz.scroll_into_view_if_needed()
    quiz.locator(f'.pl-quiz-choice[data-choice="{choice}"]').click()
    quiz.locator(f'.pl-quiz-feedback[data-correct="{str(right).lower()}"]').wait_for()


def test_each_learner_sees_only_their_own_progress_on_the_contents_page(learners: Learners) -> None:
    ada_page, bo_page = learners.page(), learners.page()
    ada, bo = unique("Ada"), unique("Bo")

    learners.open(ada_page, LESSON, ada, ".pl-quiz-choice")
    answer_first_question(ada_page, right=True)

    learners.open(bo_page, LESSON, answer=False, ready=".pl-quiz-choice")
    expect(bo_page.locator(IDENTITY)).to_have_attribute("data-state", "asking")
    expect(bo_page.locator(f"{IDENTITY} .pl-id-why")).to_contain_text("Without a name you can still read")
    answer_first_question(bo_page, right=False)  # no name yet: nothing is kept

    ada_page.goto(f"{learners.url}/voila/render/{CONTENTS}", timeout=60_000)
    ada_page.wait_for_selector(f"{IDENTITY}[data-state=known]", timeout=60_000)  # recognised: nothing asked
    report = ada_page.locator(REPORT)
    expect(report).to_contain_text(f"Your progress, {ada}")
    tie_breaks = report.locator("tr", has_text="Tie-breaks")
    expect(tie_breaks).to_contain_text("1 right of 1")
    expect(tie_breaks).not_to_contain_text("not yet")
    expect(report.locator("tr", has_text="How a hand goes")).to_contain_text("not yet")

    bo_page.goto(f"{learners.url}/voila/render/{CONTENTS}", timeout=60_000)
    bo_page.wait_for_selector(ANSWERED, timeout=60_000)
    expect(bo_page.locator(REPORT)).to_contain_text("kept once a name is chosen")
    assert sign_in(bo_page, bo) == bo
    expect(bo_page.locator(REPORT)).to_contain_text(f"{bo}, you have not opened a lesson yet")
    assert ada not in bo_page.inner_text(REPORT)
