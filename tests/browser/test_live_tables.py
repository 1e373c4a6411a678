"""Live tables in real browsers (issue 25): three learners (three browser profiles) and a teacher at
one table, on a dealer and a Voilà server sharing one database, SQLite and PostgreSQL.

One scripted session at a three-seat table with open hands and a short stack in seat 3:

* a raise war to the cap before the draw (everyone raises while a raise is offered), then a bet after
  the draw that the short stack calls all-in: a side pot between the other two;
* open hands: once the hand is over every page shows everybody's five cards;
* a learner who does not act within the table's 15 seconds: the table checks or folds for them;
* a learner who leaves mid-hand (the hand goes on, the teacher sees them away) and comes back to
  the same seat with the same chips;
* the teacher watches with public information only and pauses the table.

Every websocket frame every learner's page receives is checked against the dealer's deal: until a
hand is over, no page is sent a card of another seat (the dealer holds the deck; its tables' rows are
read from the database, as the dealer stored them).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import (
    DESKTOP,
    TEACHER_PASSWORD,
    fresh_database,
    guard,
    serve_dealer,
    serve_voila,
    servers_env,
)
from tests.browser.test_five_card_draw import CARD_CODE, IDENTITY, TABLE, KernelFrames, sign_in

LIVE = "09a-live-tables.ipynb"
pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def servers(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A dealer and a Voilà server beside it, as ``make app`` runs them, on one database."""
    folder = tmp_path_factory.mktemp(f"live-{request.param}")
    with fresh_database(request.param, folder, f"pokerlab_live_browser_{os.getpid()}") as url:
        env = servers_env(folder / "data", url)
        with serve_dealer(env, open(folder / "dealer.log", "w+"), "--next-hand-seconds=120") as health:
            dealer = health.removesuffix("/api/health")
            with serve_voila({**env, "POKERLAB_DEALER_URL": dealer}, open(folder / "voila.log", "w+"), pooled=(LIVE,)) as base:
                yield {"base": base, "dealer": dealer, "database": url}


class Learner:
    """One learner's browser (a profile of its own) on the live page, with every frame it receives."""

    def __init__(self, browser: Browser, base: str, name: str, log_in: Callable[[Page], None] | None = None) -> None:
        """Open the live page at ``base`` (a Voilà server, or a user's server on a hub), after
        ``log_in`` (a hub's login) when given."""
        self.name = name
        self.context = browser.new_context(**DESKTOP)
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.recorded = KernelFrames(self.page)  # every kernel message, the widgets' source code left out
        self.times: list[float] = []
        guard(self.page, self.problems)
        self.page.on("websocket", lambda socket: socket.on("framereceived", lambda _frame: self.times.append(time.monotonic())))
        if log_in is not None:
            log_in(self.page)
        self.page.goto(f"{base}/voila/render/{LIVE}", timeout=90_000)
        self.page.wait_for_selector(f"{IDENTITY}[data-state=asking], {IDENTITY}[data-state=known], "
                                    f"{IDENTITY}[data-state=hub]", timeout=90_000)

    @property
    def frames(self) -> list[tuple[float, str]]:
        """``(when it arrived, what it said)`` for every kernel message so far."""
        return list(zip(self.times, self.recorded.contents))

    def cards_sent(self, since: float, until: float) -> set[str]:
        return {code for at, text in self.frames if since <= at <= until for code in CARD_CODE.findall(text)}

    def state(self) -> dict[str, Any]:
        return self.page.evaluate("""() => {
            const t = document.querySelector('.pl-t');
            const felt = t && t.querySelector('.pl-t-felt');
            return { screen: t && t.dataset.screen, turn: t && t.dataset.turn, version: t && t.dataset.version,
                     phase: felt ? felt.dataset.phase : null,
                     buttons: [...t.querySelectorAll('.pl-t-actions button')].map((b) => b.className) };
        }""")


def click(page: Page, selector: str) -> None:
    page.locator(selector).first.click()


def act_once(learner: Learner, policy: str) -> bool:
    """If it is this learner's turn, act by ``policy``; True when they acted."""
    state = learner.state()
    if state["screen"] != "table" or state["turn"] != "you":
        return False
    classes = " ".join(state["buttons"])
    page = learner.page
    if "pl-t-pat" in classes:
        click(page, f"{TABLE} .pl-t-pat")
    elif policy == "raise" and ("pl-t-raise" in classes or "pl-t-bet" in classes):
        click(page, f"{TABLE} .pl-t-actions .pl-t-raise, {TABLE} .pl-t-actions .pl-t-bet")
    elif policy == "bet" and "pl-t-bet" in classes:
        click(page, f"{TABLE} .pl-t-actions .pl-t-bet")
    elif "pl-t-check" in classes:
        click(page, f"{TABLE} .pl-t-actions .pl-t-check")
    elif "pl-t-call" in classes:
        click(page, f"{TABLE} .pl-t-actions .pl-t-call")
    elif "pl-t-all-in" in classes:
        click(page, f"{TABLE} .pl-t-actions .pl-t-all-in")
    else:
        return False
    page.wait_for_function("(v) => document.querySelector('.pl-t').dataset.version !== v", arg=state["version"])
    return True


def play(learners: list[Learner], policy: dict[str, str], until: Any, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the table did not get there in time"
        if not any(act_once(learner, policy.get(learner.state()["phase"] or "", "call")) for learner in learners):
            time.sleep(0.1)


def stored_match(database: str, code: str) -> Any:
    """The table's match as the dealer stored it (the truth: every hidden card of the hand in play
    is in its seed and actions), rebuilt from the database."""
    from pokerlab.match import Match

    engine = sa.create_engine(database)
    try:
        with engine.connect() as connection:
            text = connection.scalar(sa.text("SELECT state FROM live_tables WHERE code = :code"), {"code": code})
    finally:
        engine.dispose()
    return Match.from_json(json.loads(text)["match"])


def side_row(learner: Learner, seat: int) -> list[str]:
    """The side panel's row for ``seat`` (0-based): seat number, player ("(you)", "(away)", "(out)"), chips."""
    return learner.page.locator(f"{TABLE} .pl-t-side tbody tr").nth(seat).inner_text().split("\t")


def wait_until(test: Any, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "the table did not get there in time"
        time.sleep(0.1)


OVER = re.compile(r'\\?"phase\\?":\s*\\?"over')


def test_three_learners_and_a_teacher_play_a_live_table(browser: Browser, servers: dict[str, str]) -> None:
    from pokerlab.dealer.client import DealerClient

    teacher_api = DealerClient(servers["dealer"])
    teacher_api.sign_in_teacher(TEACHER_PASSWORD)
    code = teacher_api.open_table({"seats": 3, "time_to_act": 15, "open_hands": True, "test_stacks": [500, 500, 60]})
    controls = teacher_api.watch(code, lambda view: None)
    controls.send({"type": "pause"})  # as a teacher would: seat the class first, then deal
    names = [f"{name} {secrets.token_hex(2)}" for name in ("Ann", "Bo", "Cy")]
    learners = [Learner(browser, servers["base"], name) for name in names]
    for learner in learners:
        sign_in(learner.page, learner.name)
        learner.page.wait_for_selector(f"{TABLE} input[name=code]")
        learner.page.fill(f"{TABLE} input[name=code]", code)
        click(learner.page, f"{TABLE} button[data-id=join]")
    ann, bo, cy = learners
    for learner in learners:
        expect(learner.page.locator(f"{TABLE} .pl-t-lobby")).to_contain_text(names[2], timeout=30_000)
    controls.send({"type": "resume"})
    controls.close()
    wait_until(lambda: all(learner.state()["phase"] not in (None, "over") for learner in learners))

    # --- hand 1: a raise war to the cap, then a bet the short stack calls all-in: a side pot ----------
    started = time.monotonic()
    play(learners, {"betting_one": "raise", "betting_two": "bet"},
         lambda: all(learner.state()["phase"] == "over" for learner in learners))
    hand = stored_match(servers["database"], code).hand
    assert hand.is_over
    raises = [event for event in hand.events if event.phase == "betting_one" and event.kind in ("bet", "raise")]
    assert len(raises) == hand.rules.bet_cap, "the raise war did not reach the cap"
    for seat, learner in enumerate(learners):
        others = {str(card) for other in range(3) if other != seat for card in hand.cards(other)}
        result_at = next(at for at, text in learner.frames if at >= started and OVER.search(text))
        leaked = learner.cards_sent(started - 5, result_at - 0.001) & others
        assert not leaked, f"{learner.name}'s page was sent other seats' cards before the hand ended: {leaked}"
    expect(ann.page.locator(f"{TABLE} .pl-t-result")).to_contain_text("Side pot 1")
    everybody = {str(card) for seat in range(3) for card in hand.cards(seat)}
    for learner in learners:  # open hands: every page shows everybody's five cards
        shown = set(learner.page.locator(f"{TABLE} [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)"))
        assert everybody <= shown, f"{learner.name}'s page does not show every hand: {everybody - shown}"

    # --- the teacher watches with public information only --------------------------------------------
    teacher = Learner(browser, servers["base"], "teacher")
    click(teacher.page, f"{TABLE} button[data-id=teacher]")
    teacher.page.fill(f"{TABLE} input[name=password]", TEACHER_PASSWORD)
    click(teacher.page, f"{TABLE} button[data-id=teacher_sign_in]")
    click(teacher.page, f"{TABLE} button[data-id=watch][data-value='{code}']")
    expect(teacher.page.locator(f"{TABLE} .pl-t-lobby")).to_contain_text(f"Watching table {code}")

    # --- hand 2: a learner who does not act within the 15 seconds -------------------------------------
    for learner in learners:
        click(learner.page, f"{TABLE} .pl-t-next")  # ready: the next hand comes once everyone is
    wait_until(lambda: all(learner.state()["phase"] not in (None, "over") for learner in learners))
    match = stored_match(servers["database"], code)
    expect(teacher.page.locator(f"{TABLE} .pl-t-lobby")).to_contain_text(f"hand {match.hand_number}.")
    watched = teacher.page.inner_text(f"{TABLE} .pl-t-lobby")
    assert not {str(card) for seat in range(3) for card in match.hand.cards(seat)} & set(CARD_CODE.findall(watched))
    wait_until(lambda: any(learner.state()["turn"] == "you" for learner in learners))
    slow = next(learner for learner in learners if learner.state()["turn"] == "you")
    expect(slow.page.locator(f"{TABLE} .pl-t-countdown")).to_contain_text("s left to act")
    expect(ann.page.locator(TABLE)).to_contain_text("ran out of time", timeout=30_000)

    # --- a learner leaves mid-hand: the hand goes on, their chips wait at their seat ------------------
    # (who it is depends on the cards: the short stack may already be out)
    playing = [seat for seat in range(3) if "(out)" not in side_row(ann, seat)[1]]
    seat = playing[-1]
    leaver, stayers = learners[seat], [learners[other] for other in playing if other != seat]
    click(leaver.page, f"{TABLE} .pl-t-side button[data-id=leave]")
    expect(leaver.page.locator(f"{TABLE} .pl-t-lobby")).to_contain_text("Open tables")
    expect(stayers[0].page.locator(f"{TABLE} .pl-t-side")).to_contain_text("away")
    expect(teacher.page.locator(f"{TABLE} .pl-t-lobby")).to_contain_text("away")
    play(stayers, {}, lambda: stayers[0].state()["phase"] == "over", timeout=90)
    waiting = side_row(stayers[0], seat)
    click(leaver.page, f"{TABLE} button[data-id=sit][data-value='{code}']")
    expect(leaver.page.locator(f"{TABLE} .pl-t-side")).to_contain_text(f"{names[seat]} (you)")
    back = side_row(leaver, seat)
    assert back[0] == waiting[0] == str(seat + 1) and back[2] == waiting[2], (waiting, back)  # same seat and chips

    # --- the teacher pauses the table -----------------------------------------------------------------
    click(teacher.page, f"{TABLE} button[data-id=pause]")
    expect(ann.page.locator(f"{TABLE} .pl-t-side")).to_contain_text("paused")
    problems = [problem for learner in [*learners, teacher] for problem in learner.problems]
    assert not problems, problems
    for learner in [*learners, teacher]:
        learner.context.close()
