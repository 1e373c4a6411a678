"""The "Which hand wins?" trainer in 01-hand-rankings, played in Voilà by mouse, keyboard and touch.

The test reads the dealt cards from the page and asks pokerlab's engine for the right answer, so
it works with whatever seed the notebook deals from. Screenshots go to the test's tmp folder
(``--basetemp`` to keep them); the README's pictures in docs/images/ are copied from there by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.browser.conftest import DESKTOP, PHONE, assert_no_sideways_scroll
from playwright.sync_api import Page, expect

from pokerlab.quizzes import HAND_NAMES, showdown_mistakes
from pokerlab import evaluate, explain
from pokerlab.hands import category_counts

NOTEBOOK = "01-hand-rankings.ipynb"
TRAINER = ".pl-trainer"
OTHER_CHOICE = {"first": "second", "second": "split", "split": "first"}


def _dealt(page: Page) -> tuple[list[str], list[str]]:
    def codes(side: str) -> list[str]:
        return page.locator(f'{TRAINER} [data-hand="{side}"] .pl-card').evaluate_all(
            "cards => cards.map(card => card.dataset.card)"
        )

    return codes("first"), codes("second")


def _right_choice(first: list[str], second: list[str]) -> tuple[str, str]:
    comparison = explain(" ".join(first), " ".join(second), names=("Hand A", "Hand B"))
    winner = comparison.winner
    return ("split" if winner is None else ("first", "second")[winner]), comparison.text


def _expect_deal(page: Page, number: int, streak: int, best: int) -> None:
    expect(page.locator(f"{TRAINER} .pl-trainer-score")).to_have_text(
        f"Deal {number} · Streak {streak} · Best {best}"
    )


def _mistake(first: list[str], second: list[str], picked: str) -> str:
    """The mistake the trainer names for a wrong pick (the engine's comparison, Hand A / Hand B)."""
    comparison = explain(" ".join(first), " ".join(second), names=HAND_NAMES)
    return showdown_mistakes(comparison)[["first", "second", "split"].index(picked)]


def _expect_verdict(page: Page, right: bool, text: str, first: list[str], second: list[str], mistake: str = "") -> None:
    verdict = page.locator(f"{TRAINER} .pl-trainer-verdict")
    expect(verdict).to_have_text(("Right! " if right else "Not quite. ") + (f"{mistake} " if mistake else "") + text)
    for side, cards in (("first", first), ("second", second)):
        # Hand names appear only after the answer, and they are the engine's names.
        expect(page.locator(f'{TRAINER} [data-hand="{side}"] .pl-trainer-name')).to_have_text(
            evaluate(" ".join(cards)).name
        )
    expect(page.locator(f"{TRAINER} .pl-trainer-next")).to_be_enabled()
    expect(page.locator(f"{TRAINER} .pl-trainer-answer").first).to_be_disabled()


def _start(open_app) -> Page:  # noqa: ANN001 - the conftest fixture
    page = open_app(NOTEBOOK, ready_selector=f"{TRAINER} .pl-card")
    _expect_deal(page, 1, 0, 0)
    for side in ("first", "second"):
        expect(page.locator(f'{TRAINER} [data-hand="{side}"] .pl-trainer-name')).to_have_text("")
    expect(page.locator(f"{TRAINER} .pl-trainer-next")).to_be_disabled()
    return page


@pytest.mark.browser_context_args(**DESKTOP)
def test_trainer_three_rounds_by_mouse_and_keyboard(open_app, tmp_path: Path) -> None:  # noqa: ANN001
    """Pick, get the engine's explanation, keep a streak; mouse for round 1, keys 1/2/S and N, then
    arrows and Enter. A wrong answer resets the streak but not the best streak."""
    page = _start(open_app)
    trainer = page.locator(TRAINER)
    # The nine categories are drawn as cards (SVG pictures with accessible names), not as text.
    expect(page.locator('.pl-card-table svg[role="img"]')).to_have_count(45)
    table = page.locator(".pl-card-table tbody tr")
    for row, (category, count) in enumerate(sorted(category_counts().items(), reverse=True)):
        expect(table.nth(row)).to_contain_text(category.label)
        expect(table.nth(row)).to_contain_text(f"{count:,}")

    # Round 1, mouse: the right answer.
    first, second = _dealt(page)
    choice, text = _right_choice(first, second)
    page.click(f'{TRAINER} button[data-choice="{choice}"]')
    _expect_verdict(page, True, text, first, second)
    _expect_deal(page, 1, 1, 1)
    trainer.screenshot(path=tmp_path / "trainer.png")
    page.click(f"{TRAINER} .pl-trainer-next")
    _expect_deal(page, 2, 1, 1)

    # Round 2, keyboard shortcuts: a wrong answer on purpose, then N for the next deal.
    first, second = _dealt(page)
    choice, text = _right_choice(first, second)
    page.focus(f'{TRAINER} button[data-choice="first"]')
    page.keyboard.press({"first": "a", "second": "b", "split": "s"}[OTHER_CHOICE[choice]])
    mistake = _mistake(first, second, OTHER_CHOICE[choice])
    assert mistake  # a wrong pick always names what was missed
    _expect_verdict(page, False, text, first, second, mistake)
    expect(page.locator(f"{TRAINER} .pl-trainer-mistake")).to_have_text(mistake)
    _expect_deal(page, 2, 0, 1)
    expect(page.locator(f"{TRAINER} .pl-trainer-next")).to_be_focused()
    page.keyboard.press("n")
    _expect_deal(page, 3, 0, 1)

    # Round 3, arrows and Enter: focus moves to the answers after a deal, arrows walk them.
    first, second = _dealt(page)
    choice, text = _right_choice(first, second)
    expect(page.locator(f'{TRAINER} button[data-choice="first"]')).to_be_focused()
    order = ["first", "split", "second"]
    for _ in range(order.index(choice)):
        page.keyboard.press("ArrowRight")
    expect(page.locator(f'{TRAINER} button[data-choice="{choice}"]')).to_be_focused()
    page.keyboard.press("Enter")
    _expect_verdict(page, True, text, first, second)
    _expect_deal(page, 3, 1, 1)
    assert_no_sideways_scroll(page)


@pytest.mark.browser_context_args(**PHONE)
def test_trainer_three_rounds_by_touch_on_a_phone(open_app, tmp_path: Path) -> None:  # noqa: ANN001
    """At 390x844 the trainer plays by tapping, five cards per hand fit, and nothing scrolls sideways."""
    page = _start(open_app)
    page.locator(TRAINER).scroll_into_view_if_needed()
    assert_no_sideways_scroll(page)
    for hand in page.locator(f"{TRAINER} .pl-trainer-hand").all():
        box = hand.bounding_box()
        last_card = hand.locator(".pl-card").last.bounding_box()
        assert box is not None and last_card is not None
        assert last_card["x"] + last_card["width"] <= box["x"] + box["width"], "a card sticks out of its hand"
        assert box["x"] + box["width"] <= 390
    streak = best = 0
    for number in (1, 2, 3):
        first, second = _dealt(page)
        choice, text = _right_choice(first, second)
        right = number != 2  # one wrong answer shows the streak resetting
        page.tap(f'{TRAINER} button[data-choice="{choice if right else OTHER_CHOICE[choice]}"]')
        streak = streak + 1 if right else 0
        best = max(best, streak)
        _expect_verdict(page, right, text, first, second, "" if right else _mistake(first, second, OTHER_CHOICE[choice]))
        _expect_deal(page, number, streak, best)
        assert_no_sideways_scroll(page)
        if number == 1:
            page.locator(TRAINER).screenshot(path=tmp_path / "trainer-phone.png")
        if number < 3:
            page.tap(f"{TRAINER} .pl-trainer-next")
            _expect_deal(page, number + 1, streak, best)


@pytest.mark.browser_context_args(**DESKTOP)
def test_browser_checks_abort_other_hosts_quietly_but_catch_real_errors(
    page: Page, open_app, page_problems, voila_url: str  # noqa: ANN001
) -> None:
    """The fixture's own checks: a request to another host is aborted without counting as an
    error (the apps make none, see test_start_page.py), while a console error, an uncaught page
    error, a failed local request and error text on the page are each caught."""
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    open_app(NOTEBOOK, ready_selector=f"{TRAINER} .pl-card")
    page.evaluate("fetch('https://cdn.example.org/font.css').catch(() => null)")
    page.wait_for_function("() => true")
    for _ in range(50):
        if failed:
            break
        page.wait_for_timeout(100)
    assert any("cdn.example.org" in url for url in failed), "the request to another host was not aborted"
    assert page_problems.messages == []

    page.evaluate("console.error('a real problem')")
    page.evaluate("setTimeout(() => { throw new Error('uncaught') }, 0)")
    page.evaluate(f"fetch('{voila_url}/static/no-such-file.js').catch(() => null)")
    page.evaluate("""() => {
        const note = document.createElement('pre');
        note.textContent = 'Traceback (most recent call last):\\nValueError: boom';
        document.body.appendChild(note);
    }""")
    for _ in range(50):  # the three browser-side problems arrive asynchronously
        if len(page_problems.messages) >= 3:
            break
        page.wait_for_timeout(100)
    page_problems.scan(page)
    found = "\n".join(page_problems.messages)
    assert "console error: a real problem" in found
    assert "page error: uncaught" in found
    assert "404" in found and "no-such-file.js" in found
    assert "error text on the page" in found
    page.evaluate("document.querySelectorAll('pre').forEach(node => node.textContent.startsWith('Traceback') && node.remove())")
    page_problems.messages.clear()  # all caught as they should be; let the end-of-test check pass
