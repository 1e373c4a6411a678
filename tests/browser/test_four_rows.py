"""Four Rows in the browser: whole games by clicks, by the keyboard alone and by touch, at desktop
and phone size, on practice deal 2026 (asked for on the page, as a learner would); fresh random decks
otherwise.

Voilà runs with POKERLAB_TEST_MODE=1, so the widget's clock is paused and the final score is exact.
"""

from __future__ import annotations

import pytest
from tests.browser.conftest import PHONE, assert_no_sideways_scroll

from pokerlab.rows.game import FourRows

NOTEBOOK = "07-four-rows.ipynb"
SEED = 2026  # the practice deal the tests ask for


def open_practice_deal(open_app):  # noqa: ANN001, ANN201
    """The app on practice deal SEED, asked for through the page's practice-deal form."""
    page = open_app(NOTEBOOK, ".fr-place")
    page.fill(".fr-practice-number", str(SEED))
    page.click(".fr-practice-go")
    page.wait_for_function(f"document.querySelector('.fr-deal').innerText.startsWith('Practice deal {SEED}')")
    assert deck_count(page) == 52
    return page


def deck_count(page) -> int:  # noqa: ANN001
    return int(page.inner_text(".fr-deck-button").split()[1])


def act(page, selector: str) -> None:  # noqa: ANN001
    """Click (or tap) and wait until the kernel has answered with a new board."""
    before = page.inner_text(".fr-rows") + page.inner_text(".fr-score") + page.inner_text(".fr-deck-button")
    page.click(selector)
    page.wait_for_function(
        """(before) => {
            const text = ['.fr-rows', '.fr-score', '.fr-deck-button']
                .map((s) => document.querySelector(s).innerText).join('');
            return text !== before;
        }""",
        arg=before,
    )


def play_whole_game(page) -> list[str]:  # noqa: ANN001
    """Raise row 1 at once, fold row 4 after one card, then fill rows in turn until the deck is gone."""
    moves = ["R1", "P4", "F4"]
    act(page, '.fr-raise[data-row="1"]')
    act(page, '.fr-place[data-row="4"]')
    act(page, '.fr-fold[data-row="4"]')
    turn = 0
    while deck_count(page) > 0:
        row = turn % 4 + 1
        moves.append(f"P{row}")
        act(page, f'.fr-place[data-row="{row}"]')
        turn += 1
    return moves


def check_final_score(page, moves: list[str]) -> None:  # noqa: ANN001
    expected = FourRows.replay(SEED, moves)
    page.wait_for_selector(".fr-final")
    assert page.inner_text(".fr-final h4") == f"Final score: {expected.score}"
    assert expected.time_bonus == 1200  # the paused clock never moved
    assert page.is_disabled(".fr-hint")
    assert all(page.is_disabled(f'.fr-place[data-row="{row}"]') for row in range(1, 5))


def test_whole_seeded_game_by_clicking(open_app) -> None:  # noqa: ANN001
    page = open_practice_deal(open_app)
    assert page.is_disabled('.fr-fold[data-row="1"]')  # empty rows cannot be folded
    page.hover(".fr-type-button >> nth=0")
    page.wait_for_selector(".fr-example:not([hidden])")  # the example royal flush
    page.hover(".fr-deck-button")
    page.wait_for_selector(".fr-deck-cards:not([hidden])")
    assert page.locator(".fr-deck-cards .pl-card").count() == 52
    moves = play_whole_game(page)
    check_final_score(page, moves)
    assert page.inner_text(".fr-clock") == "4:00"


def press_and_wait(page, keys: list[str]) -> None:  # noqa: ANN001
    """Press keys on the focused board and wait until the kernel has answered with a new board."""
    before = page.inner_text(".fr-rows") + page.inner_text(".fr-score") + page.inner_text(".fr-deck-button")
    for key in keys:
        page.keyboard.press(key)
    page.wait_for_function(
        """(before) => ['.fr-rows', '.fr-score', '.fr-deck-button']
            .map((s) => document.querySelector(s).innerText).join('') !== before""",
        arg=before,
    )


def test_whole_game_by_the_keyboard_alone(open_app) -> None:  # noqa: ANN001
    page = open_app(NOTEBOOK, ".fr-place")
    for _ in range(10):  # from the page into the board (the page's scrolling region comes first)
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('.fr') !== null"):
            break
    assert page.evaluate("document.activeElement.closest('.fr') !== null"), "Tab never reached the board"
    for _ in range(60):  # Tab on to the practice-deal number
        if page.evaluate("document.activeElement.classList.contains('fr-practice-number')"):
            break
        page.keyboard.press("Tab")
    page.keyboard.type(str(SEED))
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('.fr-deal').innerText.startsWith('Practice deal {SEED}')")
    assert page.evaluate("document.activeElement.closest('.fr') !== null"), "focus left the board"
    assert "The clock starts with your first move" in page.inner_text(".fr")
    moves = ["R1", "P4", "F4"]
    press_and_wait(page, ["r", "1"])
    press_and_wait(page, ["4"])
    press_and_wait(page, ["f", "4"])
    turn = 0
    while deck_count(page) > 0:
        row = turn % 4 + 1
        moves.append(f"P{row}")
        press_and_wait(page, [str(row)])
        assert page.evaluate("document.activeElement.closest('.fr') !== null"), "focus left the board"
        turn += 1
    check_final_score(page, moves)
    assert "The clock starts" not in page.inner_text(".fr")


def test_new_games_deal_fresh_random_decks(open_app) -> None:  # noqa: ANN001
    page = open_app(NOTEBOOK, ".fr-place")
    deals = []
    for _ in range(2):
        page.click(".fr-new")
        page.wait_for_function("document.querySelector('.fr-deal').innerText.startsWith('A freshly shuffled')")
        page.wait_for_function("document.querySelector('.fr-deck-button').innerText.includes('52')")
        for _ in range(3):
            act(page, '.fr-place[data-row="1"]')
        cards = page.eval_on_selector_all('.fr-place[data-row="1"] .pl-card', "els => els.map(e => e.dataset.card)")
        deals.append(cards + [page.get_attribute(".fr-top-card", "data-card")])
    assert deals[0] != deals[1]  # the same four cards in the same order: 1 chance in 6,497,400


def test_keyboard_places_raises_folds_and_asks_for_a_hint(open_app) -> None:  # noqa: ANN001
    page = open_practice_deal(open_app)
    page.focus(".fr")
    page.keyboard.press("r")
    page.keyboard.press("2")
    page.wait_for_selector(".fr-chip-on")
    assert page.inner_text(".fr-chip-on") == "2.0x"
    page.keyboard.press("2")
    page.wait_for_function("document.querySelector('.fr-deck-button').innerText.includes('51')")
    page.keyboard.press("f")
    page.keyboard.press("2")
    page.wait_for_function("document.querySelector('.fr-message').innerText.includes('folded')")
    assert page.locator(".fr-chip-on").count() == 0 and "Chips 3" in page.inner_text(".fr-score")
    page.keyboard.press("h")
    page.wait_for_function("document.querySelector('.fr-message').innerText.startsWith('Hint')")
    page.keyboard.press("f")
    page.keyboard.press("1")  # folding an empty row: the engine's reason is shown, no traceback
    page.wait_for_function("document.querySelector('.fr-message').innerText.includes('empty')")


@pytest.mark.browser_context_args(**PHONE)
def test_whole_seeded_game_by_touch_at_phone_size(open_app) -> None:  # noqa: ANN001
    page = open_practice_deal(open_app)
    assert_no_sideways_scroll(page)
    page.tap(".fr-type-button >> nth=3")
    page.wait_for_selector(".fr-example:not([hidden])")
    page.tap(".fr-deck-button")
    page.wait_for_selector(".fr-deck-cards:not([hidden])")
    assert_no_sideways_scroll(page)
    page.tap(".fr-deck-button")  # the open deck lies over the rows: tap again to close it
    page.wait_for_selector(".fr-deck-cards[hidden]", state="attached")
    moves = play_whole_game(page)
    check_final_score(page, moves)
    assert_no_sideways_scroll(page)
