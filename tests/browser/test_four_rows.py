"""Four Rows in the browser: a whole seeded game by clicks, keyboard and hint, at desktop and phone size.

Voilà runs with POKERLAB_TEST_MODE=1, so the widget's clock is paused and the final score is exact.
"""

from __future__ import annotations

import pytest
from tests.browser.conftest import PHONE, assert_no_sideways_scroll

from pokerlab.rows import FourRows

NOTEBOOK = "07-four-rows.ipynb"
SEED = 2026  # the seed the notebook's app cell uses


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
    page = open_app(NOTEBOOK, ".fr-place")
    assert deck_count(page) == 52
    assert page.is_disabled('.fr-fold[data-row="1"]')  # empty rows cannot be folded
    page.hover(".fr-type-button >> nth=0")
    page.wait_for_selector(".fr-example:not([hidden])")  # the example royal flush
    page.hover(".fr-deck-button")
    page.wait_for_selector(".fr-deck-cards:not([hidden])")
    assert page.locator(".fr-deck-cards .pl-card").count() == 52
    moves = play_whole_game(page)
    check_final_score(page, moves)
    assert page.inner_text(".fr-clock") == "4:00"


def test_keyboard_places_raises_folds_and_asks_for_a_hint(open_app) -> None:  # noqa: ANN001
    page = open_app(NOTEBOOK, ".fr-place")
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
    page = open_app(NOTEBOOK, ".fr-place")
    assert_no_sideways_scroll(page)
    page.tap(".fr-type-button >> nth=3")
    page.wait_for_selector(".fr-example:not([hidden])")
    page.tap(".fr-deck-button")
    page.wait_for_selector(".fr-deck-cards:not([hidden])")
    assert_no_sideways_scroll(page)
    moves = play_whole_game(page)
    check_final_score(page, moves)
    assert_no_sideways_scroll(page)
