"""Layout of a hand really played in the Voilà page (issue 16), at 1366x900 and on a 390x844 phone.

tests/browser/test_layout.py checks every seat count and moment in a page of its own; this plays
Five-Card Draw (05) in Voilà, as served to learners, with its template, its styles and the widgets
around the table: the learner calls and stands pat until a hand reaches the showdown, and the layout
is checked while betting, at the draw, at the showdown and with the review open: no two seats, the
pot, the result, the review or your bar overlap, no card overlaps its neighbour or is too small to
read, nothing leaves the screen sideways, and the result is not under your bar.

At eight seats on a 390x844 phone (issue 25) the page is left where it brings itself (Start brings the
table into view, the end of a hand its result, a review its heading): at every moment the learner
acts, at the showdown and with the review open, the pot, whose turn it is, your cards and buttons
and the hand's result are on the screen together, none under your bar.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tests.browser.conftest import assert_no_sideways_scroll
from tests.browser.layout_checks import TABLE as TABLE_PARTS
from tests.browser.layout_checks import TABLE_IN_VIEW, on_screen, problems
from tests.browser.layout_checks import settle as settle_scrolling
from tests.browser.test_five_card_draw import TABLE, click_and_wait, open_signed_in, settle
from tests.browser.two_screens import browser_context_args, screen  # noqa: F401 - fixtures

PASSIVE = (".pl-t-pat", ".pl-t-actions .pl-t-check", ".pl-t-actions .pl-t-call", ".pl-t-actions .pl-t-all-in")


def check(page: Page, moment: str, found: list[str]) -> None:
    """Measure once the motion is over (a card turning over at the showdown is narrow mid-turn)."""
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    assert_no_sideways_scroll(page)
    found += [f"{moment}: {problem}" for problem in problems(page, **TABLE_PARTS)]


def showdown_reached(page: Page) -> bool:
    """Opponents' cards face up on the felt: the hand went to a showdown."""
    return page.locator(f"{TABLE} .pl-t-seats .pl-t-seat .pl-card[data-card]").count() > 0


RED, GREEN = "rgb(154, 52, 18)", "rgb(23, 84, 58)"


def assert_review_words_colour_and_figures_agree(page: Page) -> None:
    """Each decision's words, colour and figure follow one rule (pokerlab.coach.verdicts.judge)."""
    items = page.locator(f"{TABLE} .pl-t-review-item").evaluate_all("""items => items.map((li) => {
      const worth = li.querySelector('.pl-t-review-worth');
      return { verdict: li.dataset.verdict, words: worth.innerText, colour: getComputedStyle(worth).color };
    })""")
    assert items
    for item in items:
        verdict, words, colour = item["verdict"], item["words"], item["colour"]
        if verdict == "costly":
            assert re.fullmatch(r"costs about [1-9]\d*\.\d chips.*|costs about 0\.[1-9] chips.*", words), item
            assert colour == RED, item
        else:
            assert "costs" not in words and colour != RED, item
            assert (colour == GREEN) == (verdict == "same"), item
    summary = page.inner_text(f"{TABLE} .pl-t-review-summary")
    costly = [item for item in items if item["verdict"] == "costly"]
    assert ("given up in all" in summary) == bool(costly), (summary, items)


def play_to_a_showdown(page: Page, turn: Callable[[int], str], how: str) -> int:
    """Play up to eight hands, clicking at each of the learner's turns the button ``turn(hand)`` names
    (it may look at the table first), until one ends in a showdown; returns that hand's number."""
    for hand in range(1, 9):
        while settle(page) == "you":
            click_and_wait(page, f"{TABLE} {turn(hand)}")
        if showdown_reached(page):
            return hand
        click_and_wait(page, f"{TABLE} .pl-t-next")
    pytest.fail(f"no hand reached a showdown in eight hands of {how}")


def test_a_hand_played_to_the_showdown_with_the_review_open_keeps_its_layout(page: Page, open_app) -> None:  # noqa: ANN001
    open_signed_in(open_app, "05-five-card-draw.ipynb?seed=41", f"{TABLE} button[data-id=start]")
    page.select_option(f"{TABLE} select[name=players]", "6")
    page.click(f"{TABLE} button[data-id=start]")
    found: list[str] = []
    seen: dict[int, set[str]] = {}

    def turn(hand: int) -> str:  # each moment of each hand measured once
        phase = page.get_attribute(f"{TABLE} .pl-t-felt", "data-phase") or "?"
        moment = "the draw" if page.locator(f"{TABLE} .pl-t-pat").count() else f"betting ({phase})"
        if moment not in seen.setdefault(hand, set()):
            seen[hand].add(moment)
            check(page, f"hand {hand}, {moment}", found)
        return ", ".join(PASSIVE)

    hand = play_to_a_showdown(page, turn, "calling and standing pat")
    expect(page.locator(f"{TABLE} .pl-t-result")).to_be_visible()
    check(page, f"hand {hand}, the showdown", found)
    page.click(f"{TABLE} .pl-t-review-toggle")
    expect(page.locator(f"{TABLE} .pl-t-review h3")).to_be_visible(timeout=90_000)
    expect(page.locator(f"{TABLE} .pl-t-review-item").first).to_be_visible()
    check(page, f"hand {hand}, the review open", found)
    assert_review_words_colour_and_figures_agree(page)
    assert {"the draw", "betting (betting_one)"} <= seen[hand], seen  # the showdown hand was measured at each step
    assert not found, f"layout at {page.viewport_size}:\n" + "\n".join(found)


@pytest.mark.parametrize("screen", ["390x844"])
def test_eight_seats_on_a_phone_keep_the_pot_the_turn_and_the_result_in_view(page: Page, open_app) -> None:  # noqa: ANN001
    open_signed_in(open_app, "05-five-card-draw.ipynb?seed=41", f"{TABLE} button[data-id=start]")
    page.select_option(f"{TABLE} select[name=players]", "8")
    page.click(f"{TABLE} button[data-id=start]")
    found: list[str] = []

    def look(moment: str) -> None:
        page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
        settle_scrolling(page)
        found.extend(f"{moment}: {problem}" for problem in on_screen(page, **TABLE_IN_VIEW))

    moments = set()

    def turn(hand: int) -> str:
        drawing = page.locator(f"{TABLE} .pl-t-pat").count() > 0
        if drawing:
            page.click(f"{TABLE} .pl-t-mycards [data-index='1']")
            page.click(f"{TABLE} .pl-t-mycards [data-index='2']")
        moment = "the draw, two cards marked" if drawing else \
            f"betting ({page.get_attribute(f'{TABLE} .pl-t-felt', 'data-phase')})"
        moments.add(moment)
        look(f"hand {hand}, {moment}")
        return ".pl-t-draw" if drawing else ", ".join(PASSIVE)

    hand = play_to_a_showdown(page, turn, "calling and drawing two")
    look(f"hand {hand}, the showdown")
    page.click(f"{TABLE} .pl-t-review-toggle")
    expect(page.locator(f"{TABLE} .pl-t-review h3")).to_be_visible(timeout=90_000)
    look(f"hand {hand}, the review open")
    assert {"the draw, two cards marked", "betting (betting_one)"} <= moments, moments
    assert not found, "at eight seats on a 390x844 phone:\n" + "\n".join(found)
