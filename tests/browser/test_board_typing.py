"""What a teacher types on the board survives the board being drawn again: the board redraws whenever
Python changes anything (the page's words when the browser's language arrives, a class game's
progress), and before this a password or a new game's settings typed at that moment was wiped, so a
click sent an empty password (on a busy server the Spanish board's test lost its password that way)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import TEACHER_PASSWORD

BOARD = ".pl-board"


def test_a_password_and_a_new_games_settings_survive_a_change_of_language(page: Page, open_app) -> None:  # noqa: ANN001
    open_app("teacher-board.ipynb", f"{BOARD} input[name=password]")
    page.fill(f"{BOARD} input[name=password]", TEACHER_PASSWORD)
    page.select_option(f"{BOARD} .pl-b-language select", "es")  # Python sends new words: the board is drawn again
    expect(page.locator(f"{BOARD} .pl-b-login h2")).to_have_text("Panel del profesor")
    expect(page.locator(f"{BOARD} input[name=password]")).to_have_value(TEACHER_PASSWORD)
    page.click(f"{BOARD} .pl-b-login button[type=submit]")
    page.wait_for_selector(".pl-b-create", timeout=60_000)

    page.select_option(".pl-b-create select[name=variant]", "ladder")
    page.fill(".pl-b-create input[name=deal_count]", "7")
    page.fill(".pl-b-create textarea[name=roster]", "ann\nbo")
    page.select_option(f"{BOARD} .pl-b-language select", "en")
    expect(page.locator(".pl-b-create h3")).to_have_text("New class game")
    expect(page.locator(".pl-b-create select[name=variant]")).to_have_value("ladder")
    expect(page.locator(".pl-b-create input[name=deal_count]")).to_have_value("7")
    expect(page.locator(".pl-b-create input[name=opponent_count]")).to_be_disabled()  # the ladder seats four: not asked
    expect(page.locator(".pl-b-create textarea[name=roster]")).to_have_value("ann\nbo")
