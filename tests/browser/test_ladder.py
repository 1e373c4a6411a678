"""The Tournament Ladder in Voilà: pay for level 1, play its five hands by checking or folding and
standing pat, and reach the advance or elimination screen with the wallet settled, at desktop and
phone size. A twin LadderRun with the same seed (and a wallet in memory) is played alongside, so the
test knows the exact outcome and every hidden card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.browser.conftest import PHONE, assert_no_sideways_scroll
from tests.browser.test_five_card_draw import (
    TABLE,
    KernelFrames,
    open_signed_in,
    assert_nothing_hidden_on_the_page,
    run_bots,
    settle,
    version,
)

from pokerlab.draw import Action, ActionKind
from pokerlab.ladder import LadderRun, MemoryAccount

NOTEBOOK = "08-tournament-ladder.ipynb"


def wallet_in_lobby(page: Page) -> int:
    found = re.search(r"Your wallet: ([\d,]+) points\.", page.inner_text(f"{TABLE} .pl-t-lobby"))
    assert found
    return int(found.group(1).replace(",", ""))


def play_level_one(page: Page, frames: KernelFrames, seed: int, tmp_path: Path, press: bool) -> None:
    before_points = wallet_in_lobby(page)
    expect(page.locator(f"{TABLE} .pl-t-lobby table").first).to_contain_text("150")
    assert_no_sideways_scroll(page)
    page.click(f"{TABLE} button[data-id=level][data-value='1']")
    settle(page)
    expect(page.locator(f"{TABLE} .pl-t-side")).to_contain_text(f"Wallet: {before_points - 150:,} points")
    twin = LadderRun.start(1, MemoryAccount(), seed=seed)
    match = twin.match
    for hand in range(1, 6):
        match.deal()
        run_bots(match)
        expect(page.locator(f"{TABLE} .pl-t-side")).to_contain_text(f"Hands: {hand} of 5")
        if hand == 1:
            assert_no_sideways_scroll(page)
        while not match.hand.is_over:
            assert_nothing_hidden_on_the_page(page, frames, match)
            kinds = {item.kind for item in match.hand.legal_actions()}
            before = version(page)
            if ActionKind.DRAW in kinds:
                action, key, selector = Action.stand_pat(), "s", ".pl-t-pat"
            elif ActionKind.CHECK in kinds:
                action, key, selector = Action.check(), "c", ".pl-t-actions .pl-t-check"
            else:
                action, key, selector = Action.fold(), "f", ".pl-t-actions .pl-t-fold"
            if press:
                page.focus(TABLE)
                page.keyboard.press(key)
            else:
                page.tap(selector)
            match.act(action)
            run_bots(match)
            settle(page, before)
        assert settle(page) == "over"
        standings = page.locator(f"{TABLE} .pl-t-standings tbody tr").all_inner_texts()
        assert [row.split("\t")[1] for row in standings] == [row["name"] for row in match.standings()]
        label = "See the result" if hand == 5 else "Next hand"
        next_button = page.locator(f"{TABLE} .pl-t-next")
        expect(next_button).to_contain_text(label)
        before = version(page)
        frames.new_hand()
        if press:
            page.keyboard.press("Enter")
        else:
            next_button.tap()
        if hand < 5:
            settle(page, before)
    page.wait_for_selector(f'{TABLE}[data-screen="end"]')
    award = twin.finish()
    end = page.locator(f"{TABLE} .pl-t-end")
    heading = "Level 1 cleared: you advance!" if twin.advanced else "Eliminated at level 1."
    expect(end.locator("h2")).to_have_text(heading)
    after_points = before_points - 150 + award
    expect(end).to_contain_text(f"Wallet: {before_points:,} points before the level, {after_points:,} now.")
    expect(end).to_contain_text(f"You finished with {match.stacks[0]} chips")
    assert_no_sideways_scroll(page)
    page.click(f"{TABLE} button[data-id=lobby]")
    expect(page.locator(f"{TABLE} .pl-t-lobby")).to_contain_text(f"Your wallet: {after_points:,} points.")


def test_level_one_by_keyboard_ends_on_the_advance_or_elimination_screen(page: Page, open_app, tmp_path: Path) -> None:  # noqa: ANN001
    frames = KernelFrames(page)
    open_signed_in(open_app, f"{NOTEBOOK}?seed=31", f"{TABLE} button[data-id=level][data-value='1']")
    play_level_one(page, frames, 31, tmp_path, press=True)


@pytest.mark.browser_context_args(**PHONE)
def test_level_one_by_touch_on_a_phone(page: Page, open_app, tmp_path: Path) -> None:  # noqa: ANN001
    frames = KernelFrames(page)
    open_signed_in(open_app, f"{NOTEBOOK}?seed=32", f"{TABLE} button[data-id=level][data-value='1']")
    play_level_one(page, frames, 32, tmp_path, press=False)
