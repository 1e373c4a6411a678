"""The draw coach in 04-draw-odds, served by Voilà: tap cards, watch the exact odds change.

The app cell starts on a fixed teaching hand (K♥ K♦ A♠ 4♣ 2♦) with the coach's choice marked, so
the numbers on the page can be checked against pokerlab.odds directly.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.conftest import DESKTOP, PHONE, assert_no_sideways_scroll

from pokerlab.odds import draw_odds

NOTEBOOK = "04-draw-odds.ipynb"
COACH = ".pl-coach"
HAND = "Kh Kd As 4c 2d"


def _open(open_app) -> Page:  # noqa: ANN001 - the conftest fixture
    page = open_app(NOTEBOOK, ready_selector=f"{COACH} .pl-coach-cards .pl-card")
    expect(page.locator(f"{COACH} .pl-coach-summary")).to_contain_text("Keep K♥ K♦, draw 3")
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


@pytest.mark.browser_context_args(**DESKTOP)
def test_tapping_cards_updates_the_exact_odds_on_a_desktop(open_app) -> None:  # noqa: ANN001
    page = _open(open_app)
    _expect_choice(page, "As 4c 2d", "Keep K♥ K♦, draw 3")
    expect(page.locator(f"{COACH} .pl-coach-your")).to_contain_text(_exact(2_592, 16_215))
    expect(_card(page, "As")).to_have_attribute("aria-pressed", "true")

    _card(page, "As").click()  # keep the ace as a kicker
    expect(_card(page, "As")).to_have_attribute("aria-pressed", "false")
    _expect_choice(page, "4c 2d", "Keep K♥ K♦ A♠, draw 2")
    expect(page.locator(f"{COACH} .pl-coach-explanation")).to_contain_text("give up 3.7% of three of a kind")

    _card(page, "Kh").focus()  # keyboard: Space marks the focused card
    page.keyboard.press("Space")
    _expect_choice(page, "Kh 4c 2d", "Keep K♦ A♠, draw 3")

    _card(page, "Kd").click()  # a fourth card is not allowed: the rule is shown, nothing changes
    expect(page.locator(f"{COACH} .pl-coach-message")).to_contain_text("up to three cards")
    _expect_choice(page, "Kh 4c 2d", "Keep K♦ A♠, draw 3")

    page.locator(f"{COACH} .pl-coach-choice.pl-best").first.click()  # try the coach's bar
    _expect_choice(page, "As 4c 2d", "Keep K♥ K♦, draw 3")
    expect(page.locator(f"{COACH} .pl-coach-message")).to_be_hidden()
    assert_no_sideways_scroll(page)


@pytest.mark.browser_context_args(**PHONE)
def test_tapping_cards_updates_the_exact_odds_on_a_phone(open_app) -> None:  # noqa: ANN001
    page = _open(open_app)
    assert_no_sideways_scroll(page)
    _card(page, "4c").tap()  # keep the four: throw only the ace and the two
    _expect_choice(page, "As 2d", "Keep K♥ K♦ 4♣, draw 2")
    page.get_by_role("button", name="Keep all five").tap()
    expect(page.locator(f"{COACH} .pl-coach-summary")).to_contain_text("Stand pat")
    page.locator(f"{COACH} select").select_option("improve")
    expect(page.locator(f"{COACH} .pl-coach-chart")).to_contain_text("28.7%")
    page.get_by_role("button", name="Show the coach's choice").tap()
    _expect_choice(page, "As 4c 2d", "Keep K♥ K♦, draw 3")
    box = page.locator(f"{COACH} .pl-coach-cards").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    assert_no_sideways_scroll(page)
