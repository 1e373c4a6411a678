"""Saloon Draw in Voilà: a spread-limit bet sized with the quick amounts, save and restore, and a
refused save name shown in plain words, at desktop and phone size."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.conftest import PHONE, assert_no_sideways_scroll
from tests.browser.test_five_card_draw import (
    TABLE,
    KernelFrames,
    open_signed_in,
    assert_nothing_hidden_on_the_page,
    leave_the_hand,
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


MONEY = re.compile(r"^[+−]?\$\d[\d,]*$")


def assert_money_reads_one_way(page: Page, match: Match) -> None:
    """Issue 16: the standings give each seat's current money, the figure on its seat, in dollars,
    as do the limits line, the bets in front of the seats and the hand's result figures."""
    seats = page.locator(f"{TABLE} .pl-t-seat").evaluate_all(
        "seats => seats.map(s => [s.querySelector('.pl-t-name').innerText, s.querySelector('.pl-t-facts').innerText.split(' · ')[0]])")
    rows = page.locator(f"{TABLE} .pl-t-standings tbody tr").evaluate_all(
        "rows => rows.map(r => [r.cells[1].innerText, r.cells[2].innerText, r.cells[3].innerText])")
    now = match.stacks_now()
    assert dict(seats) == {name: money for name, money, _ in rows}
    assert sorted(money for _, money in seats) == sorted(f"${amount:,}" for amount in now)
    assert all(MONEY.match(money) and (net == "$0" or MONEY.match(net)) for _, money, net in rows), rows
    for figure in page.locator(f"{TABLE} .pl-t-chips-in, {TABLE} .pl-t-net").all_inner_texts():
        assert MONEY.match(figure.removeprefix("bet ")), figure
    limits = page.locator(f"{TABLE} .pl-t-limits")
    if limits.count():
        assert re.fullmatch(r"Bets and raises: \$\d+ to \$\d+ this round", limits.inner_text()), limits.inner_text()


def test_spread_bet_save_between_hands_restore_deals_new_cards_and_a_refused_name(page: Page, open_app) -> None:  # noqa: ANN001
    frames = KernelFrames(page)
    open_signed_in(open_app, f"{NOTEBOOK}?seed={SEED}", f"{TABLE} button[data-id=start]")
    match = deal_in(page)
    assert_nothing_hidden_on_the_page(page, frames, match)
    assert_money_reads_one_way(page, match)
    bet_the_most(page, match)
    assert_nothing_hidden_on_the_page(page, frames, match)
    assert_money_reads_one_way(page, match)
    expect(page.locator(f"{TABLE} input[name=save_name]")).to_have_count(0)  # no saving mid-hand
    expect(page.locator(f"{TABLE} .pl-t-side")).to_contain_text("You can save when this hand is over.")
    before = version(page)
    page.click(f"{TABLE} .pl-t-actions .pl-t-fold")
    match.act(Action.fold())
    run_bots(match)
    assert settle(page, before) == "over"
    assert_money_reads_one_way(page, match)
    save_box = page.locator(f"{TABLE} input[name=save_name]")
    expect(save_box).to_have_value("my game")
    page.fill(f"{TABLE} input[name=save_name]", "../elsewhere")
    page.click(f"{TABLE} button[data-id=save]")
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text("cannot be a save name")
    expect(save_box).to_have_value("../elsewhere")  # the refused name stays to be corrected
    page.fill(f"{TABLE} input[name=save_name]", "evening game")
    page.click(f"{TABLE} .pl-t-review-toggle")  # the table redraws (the review opens)...
    expect(page.locator(f"{TABLE} .pl-t-review")).to_be_visible()
    expect(save_box).to_have_value("evening game")  # ...and what the learner typed is still there
    page.click(f"{TABLE} button[data-id=save]")
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text('Saved as "evening game". Restoring it deals a new hand')
    expect(save_box).to_have_value("evening game")
    twin_next = match.deal()  # the hand the saved generator would deal next, had the restore not reshuffled
    before = version(page)
    page.click(f"{TABLE} button[data-id=restore][data-value='evening game']")
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text('Restored "evening game"')
    settle(page, before)
    mine = page.locator(f"{TABLE} .pl-t-me .pl-t-facts").inner_text().split(" · ")[0]
    assert mine == f"${match.stacks[0] - match.rules.ante:,}"  # the saved money less the new hand's ante
    expect(page.locator(f"{TABLE} .pl-t-message")).to_have_text(
        f'Restored "evening game": hand 2 is dealt with new cards; you have {mine} in front of you.'
    )
    assert my_cards(page) != [str(card) for card in twin_next.cards(0)]


@pytest.mark.browser_context_args(**PHONE)
def test_phone_plays_saves_and_restores_from_the_lobby(page: Page, open_app) -> None:  # noqa: ANN001
    open_signed_in(open_app, f"{NOTEBOOK}?seed={SEED + 1}", f"{TABLE} button[data-id=start]")
    assert_no_sideways_scroll(page)
    page.tap(f"{TABLE} button[data-id=start]")
    settle(page)
    assert_no_sideways_scroll(page)
    leave_the_hand(page, touch=True)  # fold the first hand, then save between hands
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
