"""Five-Card Draw in Voilà: whole seeded hands played by clicks, keys and taps.

The app reads ``?seed=`` (and, in POKERLAB_TEST_MODE, ``?stacks=``) from the page address, so the
test rebuilds the very same match in-process and plays it alongside the browser: it knows every
hidden card and checks, at each of the learner's decisions before the showdown, that none of them
is in the page (card codes, card names) or in any message the kernel sent over the websocket.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pokerlab.draw import Action
from pokerlab.match import Match, five_card_draw_match
from pokerlab.narration import action_label, award_reason, log_lines
from pokerlab.widgets.table import voice_of
from tests.browser.conftest import PHONE, assert_no_sideways_scroll
from tests.widgets.recording import without_source
from tests.widgets.test_hidden_information import secret_cards

NOTEBOOK = "05-five-card-draw.ipynb"
TABLE = ".pl-t"
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs])(?![A-Za-z0-9])")
RANKS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
         "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


def card_name(code: str) -> str:
    return f"{RANKS[code[0]]} of {SUITS[code[1]]}"


class KernelFrames:
    """Every message the kernel sends the page (Jupyter's binary websocket protocol, v1)."""

    def __init__(self, page: Page) -> None:
        self.contents: list[str] = []
        self.first = 0
        page.on("websocket", lambda socket: socket.on("framereceived", self._received))

    def new_hand(self) -> None:
        """Forget the earlier hands: their shown cards are no secret in the next one."""
        self.first = len(self.contents)

    def _received(self, frame: Any) -> None:
        data = frame if isinstance(frame, bytes) else frame.encode()
        try:
            count = int.from_bytes(data[:8], "little")
            offsets = [int.from_bytes(data[8 + 8 * i: 16 + 8 * i], "little") for i in range(count)]
            content = json.loads(data[offsets[4]: offsets[5]] if count > 5 else data[offsets[4]:])
        except (ValueError, IndexError):
            self.contents.append(data.decode("utf-8", "replace"))
            return
        self.contents.append(json.dumps(without_source(content)))

    def card_codes(self) -> set[str]:
        return {code for text in self.contents[self.first:] for code in CARD_CODE.findall(text)}


def assert_nothing_hidden_on_the_page(page: Page, frames: KernelFrames, match: Match) -> None:
    """No card the learner may not know is in the page's HTML or in a kernel message so far."""
    secret = secret_cards(match.hand, match.learner_seat)
    html = page.content()
    shown = set(re.findall(r'data-card="([^"]+)"', html))
    assert not secret & shown, f"hidden cards drawn on the page: {secret & shown}"
    named = {code for code in secret if card_name(code) in html}
    assert not named, f"hidden cards named on the page: {named}"
    codes = frames.card_codes()
    assert {str(card) for card in match.hand.cards(match.learner_seat)} <= codes  # the frames were read
    assert not secret & codes, f"hidden cards sent to the browser: {secret & codes}"


IDENTITY = ".pl-id"
ANSWERED = f"{IDENTITY}[data-state=asking], {IDENTITY}[data-state=known]"


def sign_in(page: Page, name: str | None = None) -> str:
    """Answer the identity widget's first-visit question with ``name`` (default: a fresh name, since
    every test's browser is new and a name already taken on this server would be refused)."""
    name = name or f"Tester {secrets.token_hex(3)}"
    page.wait_for_selector(ANSWERED)
    if page.get_attribute(IDENTITY, "data-state") == "asking":
        page.fill(f"{IDENTITY} input[name=learner_name]", name)
        page.click(f"{IDENTITY} .pl-id-go")
    page.wait_for_selector(f"{IDENTITY}[data-state=known]")
    return page.inner_text(f"{IDENTITY} .pl-id-who strong")


def open_signed_in(open_app, address: str, ready: str, name: str | None = None) -> Page:  # noqa: ANN001
    """Open an app page, sign in as a new learner, and wait for ``ready``."""
    page = open_app(address, ANSWERED)
    sign_in(page, name)
    page.wait_for_selector(ready)
    return page


def settle(page: Page, before: str | None = None) -> str:
    """Wait until the opponents have acted (no pause in test mode) and return whose turn it is.

    Waits up to 60 s like the page loads: a whole-suite CI run on 2 cores once needed more than
    Playwright's default 30 s here while Voilà refilled its kernel pools."""
    page.wait_for_function(
        """(before) => {
            const table = document.querySelector('.pl-t[data-screen="table"]');
            return table && table.dataset.version !== before && table.dataset.turn !== 'bot';
        }""",
        arg=before,
        timeout=60_000,
    )
    return page.get_attribute(TABLE, "data-turn")


def version(page: Page) -> str:
    return page.get_attribute(TABLE, "data-version")


def click_and_wait(page: Page, selector: str, touch: bool = False) -> None:
    """Click (or ``touch``) the first ``selector`` and wait until the table has answered (its version changed)."""
    before = version(page)
    target = page.locator(selector).first
    target.tap() if touch else target.click()
    page.wait_for_function("(before) => document.querySelector('.pl-t').dataset.version !== before", arg=before)


def play_out(page: Page, turn: str, choices: str = ".pl-t-check, .pl-t-call, .pl-t-all-in",
             before_each: Callable[[], object] = lambda: None, moves: int = 20) -> str:
    """From ``turn``, play the hand to its end as a learner clicks: stand pat at the draw, else the first
    of the ``choices`` buttons; ``before_each`` runs before every move. Returns the turn it stopped at
    ("over" unless ``moves`` ran out first)."""
    for _ in range(moves):
        if turn == "over":
            break
        before_each()
        before = version(page)
        if page.locator(f"{TABLE} .pl-t-pat").count():
            page.click(f"{TABLE} .pl-t-pat")
        else:
            page.locator(f"{TABLE} .pl-t-actions").locator(choices).first.click()
        turn = settle(page, before)
    return turn


def leave_the_hand(page: Page, touch: bool = False) -> None:
    """Fold (or stand pat, or check, where folding is not offered) while it is the learner's turn, by
    click or by ``touch``, until the hand no longer waits for them: the table then offers saving."""
    while page.get_attribute(TABLE, "data-turn") == "you":
        choice = next((choice for choice in (".pl-t-actions .pl-t-fold", ".pl-t-pat", ".pl-t-actions .pl-t-check")
                       if page.locator(f"{TABLE} {choice}").count()), None)
        assert choice is not None, "the learner's turn offers no fold, stand pat or check"
        click_and_wait(page, f"{TABLE} {choice}", touch)
        settle(page)


def start(page: Page, players: int, forced_bet: str) -> None:
    page.select_option(f"{TABLE} select[name=players]", str(players))
    page.select_option(f"{TABLE} select[name=forced_bet]", forced_bet)
    page.select_option(f"{TABLE} select[name=level]", "3")
    page.click(f"{TABLE} button[data-id=start]")
    settle(page)


def mirror(players: int, forced_bet: str, seed: int, stacks: list[int] | None = None) -> Match:
    """The same match the app deals for this seed, with its opponents run to the learner's turn."""
    match = five_card_draw_match(player_count=players, forced_bet=forced_bet, opponent_level=3, seed=seed)  # type: ignore[arg-type]
    if stacks:
        match.stacks = stacks
    match.deal()
    run_bots(match)
    return match


def run_bots(match: Match) -> None:
    while match.is_bot_turn():
        match.bot_step()


def check_or_call(match: Match) -> tuple[Action, str]:
    """The passive choice and the button that makes it."""
    kinds = {item.kind.value: item for item in match.hand.legal_actions()}
    if "check" in kinds:
        return Action.check(), ".pl-t-actions .pl-t-check"
    if "call" in kinds:
        return Action.call(), ".pl-t-actions .pl-t-call"
    return Action.all_in(kinds["all_in"].min_to), ".pl-t-actions .pl-t-all-in"


def expect_legal_buttons(page: Page, match: Match) -> None:
    """The buttons are the engine's legal actions, with narration's labels."""
    labels = [action_label(item) for item in match.hand.legal_actions()]
    shown = page.locator(f"{TABLE} .pl-t-actions button.pl-t-button > span").all_inner_texts()
    assert shown == labels


SHOWDOWN_SEED = 21


def test_showdown_with_a_side_pot_played_by_mouse_and_keyboard(page: Page, open_app) -> None:  # noqa: ANN001
    frames = KernelFrames(page)
    open_signed_in(open_app, f"{NOTEBOOK}?seed={SHOWDOWN_SEED}&stacks=500,3,500", f"{TABLE} button[data-id=start]")
    start(page, 3, "antes")
    match = mirror(3, "antes", SHOWDOWN_SEED, [500, 3, 500])
    pots = page.locator(f"{TABLE} .pl-t-pot").all_inner_texts()
    assert pots == ["Main pot: 9", "Side pot 1: 4"]  # Ada's 3 chips are all-in from the ante
    expect(page.locator(f'{TABLE} .pl-t-seat[data-seat="1"]')).to_contain_text("all-in")
    page.click(f"{TABLE} .pl-t-coach")
    expect(page.locator(".pl-coach-cards .pl-card")).to_have_count(5)
    coach_cards = page.locator(".pl-coach-cards .pl-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert coach_cards == [str(card) for card in match.hand.cards(0)]
    page.focus(TABLE)
    while not match.hand.is_over:
        assert match.hand.actor == 0
        assert_nothing_hidden_on_the_page(page, frames, match)
        before = version(page)
        if match.hand.phase.value == "draw":
            for key in ("1", "2", "3", "3"):  # mark three cards, then take the third back
                page.keyboard.press(key)
            expect(page.locator(f"{TABLE} .pl-t-draw")).to_have_text(re.compile("^Draw 2"))
            page.keyboard.press("d")
            match.act(Action.draw(match.hand.cards(0)[:2]))
        else:
            expect_legal_buttons(page, match)
            action, _ = check_or_call(match)
            page.keyboard.press("c")
            match.act(action)
        run_bots(match)
        if settle(page, before) == "over":
            break
    assert match.hand.is_over and settle(page) == "over"
    result = match.hand.results
    assert not result.won_by_fold and len(result.awards) == 2
    names = match.names
    box = page.locator(f"{TABLE} .pl-t-result")
    voice = voice_of(match.learner_view())
    for award in result.awards:
        expect(box).to_contain_text(award_reason(award, result, voice))
    expect(box).to_contain_text("Side pot 1")
    for seat, hand_name in result.hand_names.items():
        expect(box).to_contain_text(f"{names[seat]}: {hand_name}")
        shown = page.locator(f'{TABLE} .pl-t-seat[data-seat="{seat}"] .pl-card, {TABLE} .pl-t-mycards .pl-card')
        codes = set(shown.evaluate_all("cards => cards.map(c => c.dataset.card)"))
        assert {str(card) for card in match.hand.cards(seat)} <= codes
    page.click(f"{TABLE} .pl-t-history summary")
    page.click(f"{TABLE} .pl-t-hstart")
    lines = page.locator(f"{TABLE} .pl-t-log li").all_inner_texts()
    log = log_lines(match.learner_view(), voice)
    assert lines == [log[0]] and log[0].endswith(" the dealer") and "Seat" not in log[0]
    page.click(f"{TABLE} .pl-t-hstep")
    expect(page.locator(f"{TABLE} .pl-t-log li")).to_have_count(2)
    expect(page.locator(f"{TABLE} .pl-t-history-at")).to_have_text(f"step 2 of {len(log)}")
    before = version(page)
    page.focus(TABLE)
    page.keyboard.press("Space")
    settle(page, before)
    expect(page.locator(f"{TABLE} .pl-t-phase")).to_contain_text("Hand 2")


FOLD_SEED = 8


@pytest.mark.browser_context_args(**PHONE)
def test_phone_draw_by_taps_then_a_fold_win_keeps_the_cards_hidden(page: Page, open_app) -> None:  # noqa: ANN001
    frames = KernelFrames(page)
    open_signed_in(open_app, f"{NOTEBOOK}?seed={FOLD_SEED}", f"{TABLE} button[data-id=start]")
    start(page, 2, "blinds")
    match = mirror(2, "blinds", FOLD_SEED)
    assert_no_sideways_scroll(page)
    while match.hand.phase.value == "betting_one":
        assert_nothing_hidden_on_the_page(page, frames, match)
        expect_legal_buttons(page, match)
        action, selector = check_or_call(match)
        before = version(page)
        page.tap(selector)
        match.act(action)
        run_bots(match)
        settle(page, before)
    assert match.hand.phase.value == "draw" and match.hand.actor == 0
    page.locator(f"{TABLE} .pl-t-felt").evaluate("felt => felt.scrollIntoView()")
    viewport = page.viewport_size
    for target in (f"{TABLE} .pl-t-mycards .pl-card >> nth=4", f"{TABLE} .pl-t-pat"):
        box = page.locator(target).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], target
    first = page.locator(f"{TABLE} .pl-t-mycards .pl-card").first
    first.tap()
    expect(page.locator(f"{TABLE} .pl-t-mycards .pl-card").first).to_have_attribute("aria-pressed", "true")
    page.locator(f"{TABLE} .pl-t-mycards .pl-card").first.tap()
    expect(page.locator(f"{TABLE} .pl-t-mycards .pl-card").first).to_have_attribute("aria-pressed", "false")
    assert_no_sideways_scroll(page)
    before = version(page)
    page.tap(f"{TABLE} .pl-t-pat")
    match.act(Action.stand_pat())
    run_bots(match)
    settle(page, before)
    assert_nothing_hidden_on_the_page(page, frames, match)
    before = version(page)
    page.tap(f"{TABLE} .pl-t-actions .pl-t-fold")
    match.act(Action.fold())
    run_bots(match)
    assert settle(page, before) == "over"
    assert match.hand.results.won_by_fold
    expect(page.locator(f"{TABLE} .pl-t-result h3")).to_have_text(
        "Ada wins the pot: everyone else folded, so no cards are shown."
    )
    assert page.locator(f'{TABLE} .pl-t-seat[data-seat="1"] .pl-card[data-card]').count() == 0
    assert_nothing_hidden_on_the_page(page, frames, match)
    assert_no_sideways_scroll(page)
    page.tap(f"{TABLE} .pl-t-review-toggle")  # the review fits a phone and names no hidden card
    decisions = [e for e in match.hand.events if e.seat == 0 and e.kind in ("fold", "check", "call", "bet", "raise", "draw")]
    expect(page.locator(f"{TABLE} .pl-t-review-item")).to_have_count(len(decisions))
    assert_nothing_hidden_on_the_page(page, frames, match)
    assert_no_sideways_scroll(page)


REVIEW_SEED = 5


def test_the_decision_review_opens_after_a_hand_by_click_and_closes_by_key(page: Page, open_app) -> None:  # noqa: ANN001
    frames = KernelFrames(page)
    open_signed_in(open_app, f"{NOTEBOOK}?seed={REVIEW_SEED}", f"{TABLE} button[data-id=start]")
    start(page, 2, "antes")
    match = mirror(2, "antes", REVIEW_SEED)
    while not match.hand.is_over:
        before = version(page)
        if match.hand.phase.value == "draw":
            page.click(f"{TABLE} .pl-t-pat")
            match.act(Action.stand_pat())
        else:
            action, selector = check_or_call(match)
            page.click(selector)
            match.act(action)
        run_bots(match)
        if settle(page, before) == "over":
            break
    assert match.hand.is_over and settle(page) == "over"
    expect(page.locator(f"{TABLE} .pl-t-review")).to_have_count(0)
    page.click(f"{TABLE} .pl-t-review-toggle")
    panel = page.locator(f"{TABLE} .pl-t-review")
    expect(panel.locator("h3")).to_have_text("Your decisions in hand 1")
    decisions = [e for e in match.hand.events if e.seat == 0 and e.kind in ("fold", "check", "call", "bet", "raise", "all_in", "draw")]
    items = panel.locator(".pl-t-review-item")
    expect(items).to_have_count(len(decisions))
    expect(panel.locator(".pl-t-review-summary")).to_contain_text(f"{len(decisions)} decision")
    texts = items.all_inner_texts()
    assert any("stood pat" in text for text in texts)
    for text in texts:
        assert "You" in text and "Coach" in text and "Difference" in text
        assert "same as the coach ✓" in text or "costs about" in text or "close call" in text
    expect(page.locator(f"{TABLE} .pl-t-review-toggle")).to_have_attribute("aria-expanded", "true")
    assert_nothing_hidden_on_the_page(page, frames, match)
    page.focus(TABLE)
    page.keyboard.press("v")
    expect(panel).to_have_count(0)
    page.keyboard.press("v")
    expect(page.locator(f"{TABLE} .pl-t-review-item")).to_have_count(len(decisions))
