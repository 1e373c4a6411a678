"""One owner per game (issue 24), in a real browser: several tabs of one learner (one browser
profile, so one name and key) on one Voilà server.

* The newest tab takes the game over; the older tab's next click is refused before the engine is
  asked: it says "This game continues in your other tab" and no websocket frame it receives after
  the click holds a card it had not been sent before.
* Five tabs pressing "Level 1" at the same moment pay the entry cost once, for the one game kept.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Profiles, checked
from tests.browser.test_five_card_draw import ANSWERED, CARD_CODE, IDENTITY, TABLE, KernelFrames, settle, sign_in

LADDER = "08-tournament-ladder.ipynb"
LEVEL_ONE = f"{TABLE} button[data-id=level][data-value='1']"


class Tabs(Profiles):
    """Tabs of one browser profile (they share its localStorage: the same learner)."""

    def __init__(self, browser: Browser, url: str) -> None:
        super().__init__(browser, url)
        self.context = self.profile()

    def open(self, notebook: str, frames: list[KernelFrames] | None = None) -> Page:
        """A new tab on ``notebook``; ``frames`` gets a recorder of its kernel frames (from the start)."""
        page = self.new_page(self.context)
        if frames is not None:
            frames.append(KernelFrames(page))
        page.goto(f"{self.url}/voila/render/{notebook}", timeout=60_000)
        page.wait_for_selector(ANSWERED, timeout=90_000)
        return page


@pytest.fixture
def tabs(browser: Browser, voila_url: str) -> Iterator[Tabs]:
    yield from checked(Tabs(browser, voila_url))


def to_the_draw(page: Page) -> None:
    """Check or call (a new hand after a fold-out) until it is this learner's turn to draw."""
    while True:
        turn = settle(page)
        if turn == "over":
            page.click(f"{TABLE} .pl-t-next")
            continue
        if page.locator(f"{TABLE} .pl-t-pat").count():
            return
        before = page.get_attribute(TABLE, "data-version")
        buttons = page.locator(f"{TABLE} .pl-t-actions button")
        labels = buttons.all_inner_texts()
        choice = next(i for i, label in enumerate(labels) if label.startswith(("Check", "Call")))
        buttons.nth(choice).click()
        page.wait_for_function("(before) => document.querySelector('.pl-t').dataset.version !== before", arg=before)


def test_a_stale_tab_is_refused_and_is_sent_no_card_it_had_not_seen(tabs: Tabs) -> None:
    """Issue 24: a 3-card draw on the stale tab showed the very cards the tab that counts then drew."""
    recorders: list[KernelFrames] = []
    first = tabs.open(LADDER, recorders)
    frames = recorders[0]
    sign_in(first, f"Owner {secrets.token_hex(2)}")
    first.wait_for_selector(LEVEL_ONE)
    first.click(LEVEL_ONE)
    to_the_draw(first)

    second = tabs.open(LADDER)  # the same learner in a second tab: recognised, offered the game
    expect(second.locator(IDENTITY)).to_have_attribute("data-state", "known")
    second.click(f"{TABLE} button[data-id=continue]")
    assert settle(second) == "you"
    expect(second.locator(f"{TABLE} .pl-t-pat")).to_be_visible()

    seen_before = frames.card_codes()
    assert len(seen_before) >= 5  # the frames were read: the learner's own cards at least
    count_before = len(frames.contents)
    mine = first.locator(f"{TABLE} .pl-t-mycards .pl-card")
    for index in range(3):  # the stale tab marks three cards and draws
        mine.nth(index).click()
    first.click(f"{TABLE} .pl-t-draw")
    expect(first.locator(f"{TABLE} .pl-t-lobby")).to_contain_text("This game continues in your other tab.")
    after = {code for text in frames.contents[count_before:] for code in CARD_CODE.findall(text)}
    assert after <= seen_before, f"the stale tab was sent cards it had not seen: {after - seen_before}"
    expect(first.locator(f"{TABLE} .pl-t-mycards .pl-card")).to_have_count(0)
    second.click(f"{TABLE} .pl-t-pat")  # the tab that counts plays on
    settle(second)


def test_five_tabs_entering_a_level_at_once_pay_for_one_game(tabs: Tabs) -> None:
    pages = [tabs.open(LADDER) for _ in range(5)]
    name = sign_in(pages[0], f"Five {secrets.token_hex(2)}")
    for page in pages[1:]:
        page.reload()
        page.wait_for_selector(f"{IDENTITY}[data-state=known]", timeout=90_000)
    for page in pages:
        page.wait_for_selector(LEVEL_ONE)
    for page in pages:  # five clicks sent without waiting for any answer
        page.evaluate(f"document.querySelector(\"{LEVEL_ONE}\").click()")
    seated = 0
    for page in pages:
        page.wait_for_function(
            """() => { const t = document.querySelector('.pl-t');
                       return t.dataset.screen === 'table' || /game in progress/.test(t.innerText); }""",
            timeout=60_000)
        seated += page.get_attribute(TABLE, "data-screen") == "table"
    assert seated == 1, f"{seated} tabs were seated at a level for {name}"
    check = tabs.open(LADDER)
    check.wait_for_selector(f"{TABLE} button[data-id=continue]")
    check.click(f"{TABLE} button[data-id=new]")
    expect(check.locator(f"{TABLE} .pl-t-lobby")).to_contain_text("Your wallet: 850 points.")  # paid once
