"""Two learners and their teacher through a real JupyterHub, in Chromium (issue 26). Each logs in at
the hub and opens the live tables' page in their own server (Voilà inside it), where the hub, not the
page, says who they are. The teacher opens a paused table for the class; alice and bob sit down with
its code and play a hand to its end, and until it ends neither page is sent a card of the other's;
the teacher's page opens the teacher's lobby by itself, with both learners' results, and watches the
table; a learner's page has no teacher's door at all.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.test_five_card_draw import IDENTITY, TABLE
from tests.browser.test_live_tables import OVER, Learner, click, play, stored_match, wait_until
from tests.hub.conftest import TEACHER, Hub

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


def at_the_hub(browser: Browser, hub: Hub, name: str) -> Learner:
    """``name``'s browser, logged in at the hub (the test login takes any password), on the live page
    of their own server."""
    def log_in(page: Page) -> None:
        page.goto(f"{hub.url}/hub/login?next=/hub/home", timeout=60_000)
        page.fill("input[name=username]", name)
        page.fill("input[name=password]", "any password will do here")
        page.click("#login_submit")
        page.wait_for_url("**/hub/home", timeout=60_000)

    return Learner(browser, f"{hub.url}/user/{name}", name, log_in=log_in)


def test_two_learners_play_a_live_table_through_the_hub_and_the_teacher_watches(browser: Browser, hub: Hub) -> None:
    from pokerlab.dealer.client import DealerClient

    teacher_api = DealerClient(hub.dealer)
    assert teacher_api.sign_in_hub(hub.token(TEACHER))["teacher"] is True
    code = teacher_api.open_table({"seats": 2, "time_to_act": 30})
    controls = teacher_api.watch(code, lambda view: None)
    controls.send({"type": "pause"})  # seat the class first, then deal

    learners = [at_the_hub(browser, hub, name) for name in ("alice", "bob")]
    for learner in learners:
        expect(learner.page.locator(f"{IDENTITY}[data-state=hub]")).to_contain_text(learner.name)
        buttons = learner.page.locator(f"{TABLE} .pl-t-lobby button[data-id]").evaluate_all("bs => bs.map(b => b.dataset.id)")
        assert "open" in buttons and "teacher" not in buttons, f"{learner.name}'s lobby: {buttons}"
    for learner in learners:  # in turn: alice has seat 1, bob seat 2
        learner.page.fill(f"{TABLE} input[name=code]", code)
        click(learner.page, f"{TABLE} button[data-id=join]")
        expect(learner.page.locator(f"{TABLE} .pl-t-lobby")).to_contain_text(learner.name, timeout=30_000)
    controls.send({"type": "resume"})
    controls.close()
    wait_until(lambda: all(learner.state()["phase"] not in (None, "over") for learner in learners))

    started = time.monotonic()
    play(learners, {}, lambda: all(learner.state()["phase"] == "over" for learner in learners))
    hand = stored_match(hub.database, code).hand
    assert hand.is_over
    for seat, learner in enumerate(learners):
        own, other = ({str(card) for card in hand.cards(index)} for index in (seat, 1 - seat))
        result_at = next(at for at, text in learner.frames if at >= started and OVER.search(text))
        sent = learner.cards_sent(started - 5, result_at - 0.001)
        assert own <= sent, f"{learner.name}'s page was never sent their own cards (is every frame seen?)"
        leaked = sent & other
        assert not leaked, f"{learner.name}'s page was sent the other's cards before the hand ended: {leaked}"
        assert not learner.problems, learner.problems

    teacher = at_the_hub(browser, hub, TEACHER)
    lobby = teacher.page.locator(f"{TABLE} .pl-t-lobby")
    expect(lobby).to_contain_text(code, timeout=30_000)
    for name in ("alice", "bob"):
        expect(lobby).to_contain_text(name)
    click(teacher.page, f"{TABLE} button[data-id=watch][data-value='{code}']")
    expect(lobby).to_contain_text(f"Watching table {code}")
    for page in (*learners, teacher):
        page.context.close()
