"""Saloon Draw in Voilà: a spread-limit bet sized with the quick amounts, save and restore, and a
refused save name shown in plain words, at desktop and phone size."""

from __future__ import annotations

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
from pokerlab.match import Match, saloon_match

NOTEBOOK = "06-saloon-draw.ipynb"
SEED = 12


def deal_in(page: Page) -> Match:
    page.select_option(f"{TABLE} select[name=level]", "3")
    page.click(f"{TABLE} button[data-id=start]")
    settle(page)
    match = saloon_match(seed=SEED, opponent_level=3)
    match.deal()
    run_bots(match)
    return match


def my_cards(page: Page) -> list[str]:
    return page.locator(f"{TABLE} .pl-t-mycards .pl-card").evaluate_all("cards => cards.map(c => c.dataset.card)")


def bet_the_most(page: Page, match: Match) -> None:
    """Size the learner's bet or raise with the Max quick amount and make it."""
    legal = {item.kind: item for item in match.hand.legal_actions()}
    kind = ActionKind.BET if ActionKind.BET in legal else ActionKind.RAISE
    item = legal[kind]
    assert (item.min_to, item.step) == (match.hand.current_bet + match.rules.limits[0][0], 5)
    page.click(f"{TABLE} .pl-t-amount[data-amount='{item.max_to}']")
    word = "Bet" if kind is ActionKind.BET else "Raise to"
    expect(page.locator(f"{TABLE} .pl-t-{kind.value} > span")).to_have_text(f"{word} ${item.max_to}")
    assert page.input_value(f"{TABLE} .pl-t-slider") == str(item.max_to)
    before = version(page)
    page.focus(TABLE)
    page.keyboard.press("b" if kind is ActionKind.BET else "r")
    match.act(Action(kind, item.max_to))
    run_bots(match)
    settle(page, before)
    verb = "bet" if kind is ActionKind.BET else "raise to"
    assert f"You {verb} ${item.max_to}" in page.locator(f"{TABLE} .pl-t-log li").all_text_contents()


def test_spread_bet_save_between_hands_restore_deals_new_cards_and_a_refused_name(page: Page, open_app) -> None:  # noqa: ANN001
    frames = KernelFrames(page)
    open_signed_in(open_app, f"{NOTEBOOK}?seed={SEED}", f"{TABLE} button[data-id=start]")
    match = deal_in(page)
    assert_nothing_hidden_on_the_page(page, frames, match)
    bet_the_most(page, match)
    assert_nothing_hidden_on_the_page(page, frames, match)
    expect(page.locator(f"{TABLE} input[name=save_name]")).to_have_count(0)  # no saving mid-hand
    expect(page.locator(f"{TABLE} .pl-t-side")).to_contain_text("You can save when this hand is over.")
    before = version(page)
    page.click(f"{TABLE} .pl-t-actions .pl-t-fold")
    match.act(Action.fold())
    run_bots(match)
    assert settle(page, before) == "over"
    page.fill(f"{TABLE} input[name=save_name]", "../elsewhere")
    page.click(f"{TABLE} button[data-id=save]")
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text("cannot be a save name")
    page.fill(f"{TABLE} input[name=save_name]", "evening game")
    page.click(f"{TABLE} button[data-id=save]")
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text('Saved as "evening game". Restoring it deals a new hand')
    money = match.stacks[0]
    twin_next = match.deal()  # the hand the saved generator would deal next, had the restore not reshuffled
    page.click(f"{TABLE} button[data-id=restore][data-value='evening game']")
    expect(page.locator(f"{TABLE} .pl-t-message")).to_have_text(
        f'Restored "evening game": you have ${money:,}; hand 2 is dealt with new cards.'
    )
    settle(page)
    assert my_cards(page) != [str(card) for card in twin_next.cards(0)]


@pytest.mark.browser_context_args(**PHONE)
def test_phone_plays_saves_and_restores_from_the_lobby(page: Page, open_app) -> None:  # noqa: ANN001
    open_signed_in(open_app, f"{NOTEBOOK}?seed={SEED + 1}", f"{TABLE} button[data-id=start]")
    assert_no_sideways_scroll(page)
    page.tap(f"{TABLE} button[data-id=start]")
    settle(page)
    assert_no_sideways_scroll(page)
    while page.get_attribute(TABLE, "data-turn") == "you":  # fold the first hand, then save between hands
        before = version(page)
        for choice in (".pl-t-actions .pl-t-fold", ".pl-t-pat", ".pl-t-actions .pl-t-check"):
            if page.locator(f"{TABLE} {choice}").count():
                page.tap(f"{TABLE} {choice}")
                break
        page.wait_for_function("(before) => document.querySelector('.pl-t').dataset.version !== before", arg=before)
        settle(page)
    page.fill(f"{TABLE} input[name=save_name]", "phone game")
    page.tap(f"{TABLE} button[data-id=save]")
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text('Saved as "phone game"')
    page.tap(f"{TABLE} button[data-id=lobby]")
    expect(page.locator(f"{TABLE} .pl-t-lobby")).to_contain_text("phone game")
    assert_no_sideways_scroll(page)
    page.tap(f"{TABLE} .pl-t-lobby button[data-id=restore][data-value='phone game']")
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text('Restored "phone game"')
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text("hand 2 is dealt with new cards")
    settle(page)
    assert_no_sideways_scroll(page)
