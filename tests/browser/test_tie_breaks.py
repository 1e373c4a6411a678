"""02-tie-breaks in a real browser: build two hands by tapping cards, and answer the quiz, on a
desktop and on a phone."""

from __future__ import annotations

import pytest

from pokerlab import evaluate, explain
from tests.browser.conftest import DESKTOP, PHONE, assert_no_sideways_scroll

NOTEBOOK = "02-tie-breaks.ipynb"
NAMES = ("Hand A", "Hand B")
CHOICES = ("Hand A wins", "Hand B wins", "Split pot")


def open_builder(open_app):  # noqa: ANN001, ANN201 - playwright fixtures
    page = open_app(NOTEBOOK, ready_selector=".pl-hb-pick")
    page.wait_for_selector(".pl-quiz-choice")
    return page


def tap(page, selector: str, touch: bool) -> None:  # noqa: ANN001
    element = page.locator(selector)
    if touch:
        element.tap()
    else:
        element.click()


def build_two_hands(page, touch: bool) -> None:  # noqa: ANN001
    """Clear the example, deal the wheel to hand A and a six-high straight to hand B, by tapping."""
    tap(page, ".pl-hb-clear", touch)
    page.wait_for_function("document.querySelectorAll('.pl-hb-used').length === 0")
    for card in "Ah 2d 3h 4s 5c 2c 3d 4h 5s".split():
        tap(page, f'[data-key="pick-{card}"]', touch)
        page.wait_for_selector(f'[data-key="pick-{card}"].pl-hb-used')
    # The last card by keyboard: focus it and press Enter.
    page.focus('[data-key="pick-6c"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('.pl-hb-explanation[data-winner="b"]')
    expected = explain("Ah 2d 3h 4s 5c", "2c 3d 4h 5s 6c", names=NAMES).text
    assert page.inner_text(".pl-hb-explanation").strip() == expected
    assert page.locator(".pl-hb-pick.pl-hb-used").count() == 10
    assert page.locator('[data-hand="a"] .pl-hb-value').inner_text() == evaluate("Ah 2d 3h 4s 5c").name
    # Tap a card in hand B to take it back: the verdict waits for a fifth card again.
    tap(page, '[data-hand="b"] [data-key="hand-6c"]', touch)
    page.wait_for_selector('.pl-hb-explanation[data-winner=""]')
    assert "Hand B needs 1 more" in page.inner_text(".pl-hb-explanation")
    assert page.get_attribute('[data-key="pick-6c"]', "aria-pressed") == "false"


def shown_hands(page) -> tuple[str, str]:  # noqa: ANN001
    hands = []
    for label in NAMES:
        cards = page.locator(f'.pl-quiz-hand[data-label="{label}"] [data-card]')
        hands.append(" ".join(cards.nth(i).get_attribute("data-card") for i in range(cards.count())))
    return hands[0], hands[1]


def right_choice(page) -> int:  # noqa: ANN001
    first, second = shown_hands(page)
    a, b = evaluate(first), evaluate(second)
    return 0 if a > b else 1 if b > a else 2


def answer_quiz(page, touch: bool) -> None:  # noqa: ANN001
    """Answer right, then wrong, then right by keyboard at the hard level; check verdict and streak."""
    choice = right_choice(page)
    tap(page, f'.pl-quiz-choice[data-choice="{choice}"]', touch)
    page.wait_for_selector('.pl-quiz-feedback[data-correct="true"]')
    first, second = shown_hands(page)
    assert page.inner_text(".pl-quiz-verdict") == "Right!"
    assert explain(first, second, names=NAMES).text in page.inner_text(".pl-quiz-explanation")
    assert page.inner_text(".pl-quiz-streak") == "Streak: 1"

    tap(page, ".pl-quiz-next", touch)
    page.wait_for_selector(".pl-quiz-prompt:has-text('Question 2')")
    choice = (right_choice(page) + 1) % 3
    tap(page, f'.pl-quiz-choice[data-choice="{choice}"]', touch)
    page.wait_for_selector('.pl-quiz-feedback[data-correct="false"]')
    first, second = shown_hands(page)
    right = right_choice(page)
    assert page.inner_text(".pl-quiz-verdict") == f"Not quite: the answer is “{CHOICES[right]}”."
    assert explain(first, second, names=NAMES).text in page.inner_text(".pl-quiz-explanation")
    assert page.inner_text(".pl-quiz-streak") == "Streak: 0"
    assert "Best streak: 1 · Right: 1 of 2" in page.inner_text(".pl-quiz-tally")

    tap(page, '.pl-quiz-level[data-level="hard"]', touch)
    page.wait_for_selector('.pl-quiz-level[data-level="hard"][aria-pressed="true"]')
    page.wait_for_selector(".pl-quiz-prompt:has-text('Question 3')")
    page.focus(f'.pl-quiz-choice[data-choice="{right_choice(page)}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('.pl-quiz-feedback[data-correct="true"]')
    assert page.inner_text(".pl-quiz-streak") == "Streak: 1"
    # Focus moved to "Next question", so a keyboard user can go straight on.
    assert page.evaluate("document.activeElement.className") == "pl-quiz-next"


@pytest.mark.browser_context_args(**DESKTOP)
def test_desktop_build_two_hands_by_clicking_and_see_the_explanation(open_app) -> None:  # noqa: ANN001
    page = open_builder(open_app)
    build_two_hands(page, touch=False)


@pytest.mark.browser_context_args(**DESKTOP)
def test_desktop_quiz_right_and_wrong_answers_show_explanation_and_streak(open_app) -> None:  # noqa: ANN001
    page = open_builder(open_app)
    answer_quiz(page, touch=False)


@pytest.mark.browser_context_args(**PHONE)
def test_phone_build_two_hands_by_tapping_without_sideways_scroll(open_app) -> None:  # noqa: ANN001
    page = open_builder(open_app)
    assert_no_sideways_scroll(page)
    build_two_hands(page, touch=True)
    assert_no_sideways_scroll(page)
    # The 52-card picker wraps into a compact grid: no card sticks out past the screen edge.
    right_edge = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.pl-hb-pick')].map(e => e.getBoundingClientRect().right))"
    )
    assert right_edge <= 390


@pytest.mark.browser_context_args(**PHONE)
def test_phone_quiz_right_and_wrong_answers_by_tapping(open_app) -> None:  # noqa: ANN001
    page = open_builder(open_app)
    answer_quiz(page, touch=True)
    assert_no_sideways_scroll(page)
