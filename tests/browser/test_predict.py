"""Predict, then see, in a real browser (issue 28): lesson 02a's stepper asks about the next step before
showing it. One prediction by keyboard on a desktop (a wrong pick, its reason, then the step), and one
by touch on a phone (a right pick), each checked against the question built in Python from the engine."""

from __future__ import annotations

import pytest

from pokerlab.lessons import whole_hand
from pokerlab.lessons.predict import prediction
from tests.browser.conftest import DESKTOP, PHONE, assert_no_sideways_scroll
from tests.browser.test_a11y import axe_violations

LESSON = "02a-how-a-hand-goes.ipynb"


def first_question(open_app):  # noqa: ANN001, ANN201 - playwright fixtures
    page = open_app(LESSON, ready_selector=".pl-hs")
    stepper = page.locator(".pl-hs").nth(0)
    stepper.scroll_into_view_if_needed()
    assert stepper.locator('[data-key="predict"]').get_attribute("aria-pressed") == "true"
    return page, stepper, prediction(whole_hand().steps(), 1)


@pytest.mark.browser_context_args(**DESKTOP)
def test_desktop_a_wrong_prediction_by_keyboard_gets_the_reason_then_the_step(open_app) -> None:  # noqa: ANN001
    page, stepper, question = first_question(open_app)
    stepper.locator('[data-key="next"]').focus()
    page.keyboard.press("Enter")
    box = stepper.locator(".pl-hs-question")
    box.wait_for()
    assert box.locator(".pl-hs-prompt").inner_text() == question.prompt
    assert [item.inner_text().splitlines()[0] for item in box.locator(".pl-hs-choice").all()] == list(question.choices)
    assert stepper.locator(".pl-hs-counter").inner_text() == "Step 0 of 15"  # not shown yet
    # The new question has the focus: a wrong pick by its digit key.
    assert page.evaluate("document.activeElement.dataset.key") == "choice-0"
    wrong = (question.answer + 1) % len(question.choices)
    page.keyboard.press(str(wrong + 1))
    verdict = box.locator('.pl-hs-feedback[data-right="false"]')
    verdict.wait_for()
    assert verdict.inner_text() == question.feedback(wrong)["text"]
    assert box.locator(f'.pl-hs-choice[data-choice="{question.answer}"]').get_attribute("data-state") == "answer"
    assert axe_violations(page, ".pl-hs-question") == []  # the answered question: names, contrast
    page.keyboard.press("ArrowRight")  # shows the step
    stepper.locator(".pl-hs-counter:has-text('Step 1 of 15')").wait_for()
    assert stepper.locator(".pl-hs-question").count() == 0
    assert stepper.locator(".pl-hs-pots").inner_text().count(question.choices[question.answer]) >= 1


@pytest.mark.browser_context_args(**PHONE)
def test_phone_a_right_prediction_by_touch_without_sideways_scroll(open_app) -> None:  # noqa: ANN001
    page, stepper, question = first_question(open_app)
    stepper.locator('[data-key="next"]').tap()
    box = stepper.locator(".pl-hs-question")
    box.wait_for()
    assert_no_sideways_scroll(page)
    box.locator(f'.pl-hs-choice[data-choice="{question.answer}"]').tap()
    box.locator('.pl-hs-feedback[data-right="true"]').wait_for()
    assert box.locator(".pl-hs-feedback").inner_text() == question.feedback(question.answer)["text"]
    stepper.locator('[data-key="next"]').tap()
    stepper.locator(".pl-hs-counter:has-text('Step 1 of 15')").wait_for()
    stepper.locator('[data-key="predict"]').tap()  # questions off: the next tap steps at once
    stepper.locator('[data-key="predict"][aria-pressed="false"]').wait_for()
    stepper.locator('[data-key="next"]').tap()
    stepper.locator(".pl-hs-counter:has-text('Step 2 of 15')").wait_for()
    assert stepper.locator(".pl-hs-question").count() == 0
    assert_no_sideways_scroll(page)
