"""A redraw that arrives while a button is held down waits for its release (issue 25's lost "Next
hand"): every redraw replaces the table's buttons, and a button replaced between its press and its
release never gets the click. At a live table another player's move can arrive at any moment; here a
redraw is made to arrive mid-press by a key the table answers (V opens the review) pressed while the
mouse holds "Next hand" down."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.test_five_card_draw import ANSWERED, TABLE, play_out, settle, sign_in, start, version


def test_a_redraw_while_next_hand_is_held_down_does_not_lose_the_click(page: Page, open_app) -> None:  # noqa: ANN001
    open_app("05-five-card-draw.ipynb?seed=21", ANSWERED)
    sign_in(page)
    page.wait_for_selector(f"{TABLE} button[data-id=start]", timeout=60_000)
    start(page, 2, "antes")
    turn = settle(page)
    turn = play_out(page, turn)  # check, call or stand pat to the end of the hand
    assert turn == "over"
    held = page.locator(f"{TABLE} .pl-t-next").bounding_box()
    assert held is not None
    page.mouse.move(held["x"] + held["width"] / 2, held["y"] + held["height"] / 2)
    page.mouse.down()  # "Next hand" held down (and focused, so the table hears the key)
    before = version(page)
    page.keyboard.press("v")  # the review is asked for: Python sends it, and the table is to be redrawn
    page.wait_for_function("() => document.querySelector('.pl-t').dataset.turn === 'over'")
    page.wait_for_timeout(3_000)  # the review's answer reaches the page meanwhile (it is not drawn yet)
    page.mouse.up()  # the release clicks "Next hand": the next hand is dealt
    page.wait_for_function(
        """(before) => {
            const table = document.querySelector('.pl-t');
            return table.dataset.version !== before && table.dataset.turn !== 'over';
        }""", arg=before, timeout=60_000)
    assert page.locator(f"{TABLE} .pl-t-review-toggle").count() == 0  # a hand in play: no review button
