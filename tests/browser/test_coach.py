"""The draw coach in 04-draw-odds, served by Voilà: nothing of the coach's choice before the learner
chooses or asks; then the chance to win the pot, the exact odds, and the coach's choice.

The app cell starts on a fixed teaching hand (K♥ K♦ A♠ 4♣ 2♦) against two players, so the exact
numbers on the page can be checked against pokerlab.odds directly.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from pokerlab.coach.exact import draw_odds
from tests.browser.conftest import DESKTOP, PHONE, assert_no_sideways_scroll

NOTEBOOK = "04-draw-odds.ipynb"
COACH = ".pl-coach"
HAND = "Kh Kd As 4c 2d"


def _open(open_app) -> Page:  # noqa: ANN001 - the conftest fixture
    page = open_app(NOTEBOOK, ready_selector=f"{COACH} .pl-coach-cards .pl-card")
    return page


def _card(page: Page, name: str):  # noqa: ANN202 - a playwright Locator
    return page.locator(f'{COACH} .pl-coach-cards button.pl-card[data-card="{name}"]')


def _exact(count: int, total: int) -> str:
    return f"{count:,} / {total:,}"


def _expect_choice(page: Page, discard: str, label: str) -> None:
    choice = draw_odds(HAND).choice(discard)
    expect(page.locator(f"{COACH} .pl-coach-summary")).to_contain_text(label)
    detail = page.locator(f"{COACH} .pl-coach-your")
    for category, count in enumerate(choice.counts):
        if count:
            expect(detail.locator(f'[data-category="{category}"] .pl-coach-exact')).to_have_text(
                _exact(count, choice.total)
            )


def _expect_nothing_advised(page: Page) -> None:
    for name in ("As", "4c", "2d", "Kh", "Kd"):
        expect(_card(page, name)).to_have_attribute("aria-pressed", "false")
    expect(page.locator(f"{COACH} .pl-coach-summary")).to_be_hidden()
    expect(page.locator(f"{COACH} .pl-coach-chart")).to_be_hidden()
    expect(page.locator(f"{COACH} .pl-coach-star")).to_have_count(0)


@pytest.mark.browser_context_args(**DESKTOP)
def test_the_coach_waits_for_the_learner_then_shows_the_chance_to_win_on_a_desktop(open_app) -> None:  # noqa: ANN001
    page = _open(open_app)
    _expect_nothing_advised(page)
    expect(page.locator(f"{COACH} .pl-coach-status")).to_be_hidden(timeout=20_000)  # computed in the background
    _expect_nothing_advised(page)  # still nothing: the learner has not chosen

    _card(page, "4c").click()  # keep the ace as a kicker
    _card(page, "2d").click()
    expect(_card(page, "2d")).to_have_attribute("aria-pressed", "true")
    _expect_choice(page, "4c 2d", "Keep K♥ K♦ A♠, draw 2")
    expect(page.locator(f"{COACH} .pl-coach-summary")).to_contain_text("of the pot")
    expect(page.locator(f"{COACH} .pl-coach-explanation")).to_contain_text("you need a hand that beats everyone")
    best = page.locator(f"{COACH} .pl-coach-choice.pl-best")
    expect(best).to_have_count(1)
    expect(best).to_contain_text("keep K♥ K♦, draw 3")
    expect(best).to_contain_text("★ coach")

    _card(page, "Kh").focus()  # keyboard: Space marks the focused card
    page.keyboard.press("Space")
    _expect_choice(page, "Kh 4c 2d", "Keep K♦ A♠, draw 3")

    _card(page, "Kd").click()  # a fourth card is not allowed: the rule is shown, nothing changes
    expect(page.locator(f"{COACH} .pl-coach-message")).to_contain_text("up to three cards")
    _expect_choice(page, "Kh 4c 2d", "Keep K♦ A♠, draw 3")

    best.click()  # try the coach's bar
    _expect_choice(page, "As 4c 2d", "Keep K♥ K♦, draw 3")
    expect(page.locator(f"{COACH} .pl-coach-summary")).to_contain_text("As good as the best")
    expect(page.locator(f"{COACH} .pl-coach-message")).to_be_hidden()
    assert_no_sideways_scroll(page)


@pytest.mark.browser_context_args(**PHONE)
def test_asking_for_the_coachs_choice_and_changing_the_table_on_a_phone(open_app) -> None:  # noqa: ANN001
    page = _open(open_app)
    assert_no_sideways_scroll(page)
    _expect_nothing_advised(page)
    page.get_by_role("button", name="Show the coach's choice").tap()
    _expect_choice(page, "As 4c 2d", "Keep K♥ K♦, draw 3")
    for name in ("As", "4c", "2d"):
        expect(_card(page, name)).to_have_attribute("aria-pressed", "true")
    page.locator(f"{COACH} select").select_option("1")  # heads-up
    expect(page.locator(f"{COACH} .pl-coach-chart h3")).to_contain_text("against 1 player")
    expect(page.locator(f"{COACH} .pl-coach-explanation")).to_contain_text("Against one player")
    page.get_by_role("button", name="Keep all five").tap()
    expect(page.locator(f"{COACH} .pl-coach-summary")).to_contain_text("Stand pat")
    box = page.locator(f"{COACH} .pl-coach-cards").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    assert_no_sideways_scroll(page)
