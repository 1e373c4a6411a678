"""The betting lessons in a real browser: step through the cap hand (03-limits-and-the-cap) and the side
pots (03a-all-ins-and-side-pots) in the hand stepper and answer 03a's betting quiz (right and wrong), on a
desktop and on a phone.

In test mode a quiz built without a seed uses :data:`pokerlab.widgets.quiz.TEST_MODE_SEED`, so the test
replays the same questions in Python and knows the engine's answers and the mistakes they name."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.quizzes import LEVELS, QuizSession, betting_question
from pokerlab.widgets.quiz import TEST_MODE_SEED
from tests.browser.conftest import DESKTOP, PHONE, assert_no_sideways_scroll

CAP_LESSON = "03-limits-and-the-cap.ipynb"
SIDE_POT_LESSON = "03a-all-ins-and-side-pots.ipynb"
QUIZ_SEED = TEST_MODE_SEED


def open_lesson(open_app, notebook: str = SIDE_POT_LESSON):  # noqa: ANN001, ANN201 - playwright fixtures
    page = open_app(notebook, ready_selector=".pl-hs")
    page.wait_for_selector(".pl-quiz-choice")
    return page


def press(page, locator, touch: bool) -> None:  # noqa: ANN001
    if touch:
        locator.tap()
    else:
        locator.click()


def step_through_the_cap_hand(page, touch: bool) -> None:  # noqa: ANN001
    """Four steps forward to the cap, one back, then the keyboard to the end and home again."""
    stepper = page.locator(".pl-hs").nth(0)
    assert stepper.locator(".pl-hs-counter").inner_text() == "Step 0 of 16"
    for number in range(1, 5):
        press(page, stepper.locator('[data-key="next"]'), touch)
        stepper.locator(f".pl-hs-counter:has-text('Step {number} of 16')").wait_for()
    assert stepper.locator(".pl-hs-action").inner_text() == "Seat 1: raise 40"
    assert stepper.locator(".pl-hs-cap").get_attribute("data-used") == "4"
    assert stepper.locator(".pl-hs-cap-used").count() == 4
    assert stepper.locator(".pl-hs-cap-text").inner_text() == "bet 4 of 4, capped: no more raises this round"
    assert stepper.locator(".pl-hs-options").inner_text() == "Seat 2 may: Fold · Call 30"
    assert "third raise" in stepper.locator(".pl-hs-note").inner_text()
    assert stepper.locator('.pl-hs-seat.pl-hs-actor[data-seat="1"]').count() == 1

    press(page, stepper.locator('[data-key="previous"]'), touch)
    stepper.locator(".pl-hs-counter:has-text('Step 3 of 16')").wait_for()
    assert stepper.locator(".pl-hs-options").inner_text() == "Seat 1 may: Fold · Call 30 · Raise to 40"

    stepper.locator('[data-key="next"]').focus()
    page.keyboard.press("End")
    stepper.locator(".pl-hs-counter:has-text('Step 16 of 16')").wait_for()
    assert stepper.locator(".pl-hs-options").inner_text() == "The hand is over."
    assert "pair of kings beats a pair of queens" in stepper.locator(".pl-hs-result").inner_text()
    # Showdown: the shown hands are face up now.
    assert stepper.locator('[data-card="Kc"]').count() == 1
    page.keyboard.press("Home")
    stepper.locator(".pl-hs-counter:has-text('Step 0 of 16')").wait_for()
    assert stepper.locator("[data-card]").count() == 0  # before the showdown every card is face down


def step_to_the_side_pots(page, touch: bool) -> None:  # noqa: ANN001
    stepper = page.locator(".pl-hs").nth(1)
    stepper.scroll_into_view_if_needed()
    for _ in range(6):
        press(page, stepper.locator('[data-key="next"]'), touch)
    stepper.locator(".pl-hs-counter:has-text('Step 6 of 11')").wait_for()
    picture = stepper.locator(".pl-pot-diagram")
    assert picture.get_attribute("aria-label") == (
        "Main pot: 100, Seats 1, 2, 3 and 4 can win it; Side pot 1: 60, Seats 1, 3 and 4 can win it")
    press(page, stepper.locator('[data-key="last"]'), touch)
    stepper.locator(".pl-hs-counter:has-text('Step 11 of 11')").wait_for()
    assert "Side pot 2: 30, Seats 1 and 3 can win it" in picture.get_attribute("aria-label")
    assert stepper.locator(".pl-hs-result p").count() == 3


def answer_the_quiz(page, touch: bool) -> None:  # noqa: ANN001
    """Right, then wrong; the verdict and the explanation are the engine's."""
    session = QuizSession(betting_question, LEVELS, rng=np.random.default_rng(QUIZ_SEED))
    quiz = page.locator(".pl-quiz")
    quiz.scroll_into_view_if_needed()
    assert session.question.prompt in quiz.locator(".pl-quiz-prompt").inner_text()
    press(page, quiz.locator(f'.pl-quiz-choice[data-choice="{session.question.answer}"]'), touch)
    quiz.locator('.pl-quiz-feedback[data-correct="true"]').wait_for()
    assert quiz.locator(".pl-quiz-explanation").inner_text() == session.question.explanation
    session.answer(session.question.answer)

    press(page, quiz.locator(".pl-quiz-next"), touch)
    quiz.locator(".pl-quiz-prompt:has-text('Question 2')").wait_for()
    question = session.next_question()
    assert question.prompt in quiz.locator(".pl-quiz-prompt").inner_text()
    wrong = (question.answer + 1) % len(question.choices)
    press(page, quiz.locator(f'.pl-quiz-choice[data-choice="{wrong}"]'), touch)
    quiz.locator('.pl-quiz-feedback[data-correct="false"]').wait_for()
    assert quiz.locator(".pl-quiz-verdict").inner_text() == f"Not quite: the answer is “{question.choices[question.answer]}”."
    assert quiz.locator(".pl-quiz-mistake").inner_text() == question.mistakes[wrong] != ""
    assert quiz.locator(".pl-quiz-explanation").inner_text() == question.explanation
    assert quiz.locator(".pl-quiz-streak").inner_text() == "Streak: 0"


@pytest.mark.browser_context_args(**DESKTOP)
def test_desktop_step_through_the_cap_hand_by_mouse_and_keyboard(open_app) -> None:  # noqa: ANN001
    step_through_the_cap_hand(open_lesson(open_app, CAP_LESSON), touch=False)


@pytest.mark.browser_context_args(**DESKTOP)
def test_desktop_step_to_the_side_pots(open_app) -> None:  # noqa: ANN001
    step_to_the_side_pots(open_lesson(open_app), touch=False)


@pytest.mark.browser_context_args(**DESKTOP)
def test_desktop_quiz_right_and_wrong_answers_show_the_engines_explanation(open_app) -> None:  # noqa: ANN001
    page = open_lesson(open_app)
    answer_the_quiz(page, touch=False)


@pytest.mark.browser_context_args(**PHONE)
def test_phone_step_to_the_side_pots_and_answer_by_touch_without_sideways_scroll(open_app) -> None:  # noqa: ANN001
    page = open_lesson(open_app)
    assert_no_sideways_scroll(page)
    step_to_the_side_pots(page, touch=True)
    answer_the_quiz(page, touch=True)
    assert_no_sideways_scroll(page)


@pytest.mark.browser_context_args(**PHONE)
def test_phone_step_through_the_cap_hand_by_touch_without_sideways_scroll(open_app) -> None:  # noqa: ANN001
    page = open_lesson(open_app, CAP_LESSON)
    assert_no_sideways_scroll(page)
    step_through_the_cap_hand(page, touch=True)
    assert_no_sideways_scroll(page)
