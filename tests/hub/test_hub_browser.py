"""Two learners and their teacher through a real JupyterHub, in Chromium (issue 26). Each logs in at
the hub and opens the live tables' page in their own server (Voilà inside it), where the hub, not the
page, says who they are. The teacher opens a paused table for the class; alice and bob sit down with
its code and play a hand to its end, and until it ends neither page is sent a card of the other's;
the teacher's page opens the teacher's lobby by itself, with both learners' results, and watches the
table; a learner's page has no teacher's door at all. Then a class game: the teacher creates it on
the board in their own server, alice and bob play it on notebook 09 in theirs (dealt, played and
settled in the pokerlab service), the board ranks them, and alice's board is refused.
"""

from __future__ import annotations

import re
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


def test_two_learners_play_a_class_game_through_the_hub_and_only_the_teacher_sees_the_board(
        browser: Browser, hub: Hub) -> None:
    """The teacher creates a class game on the board in their own server (the board reads and
    writes the pokerlab service); alice and bob play its deal on notebook 09 in theirs, where the hub
    says who they are and the deal is played in the service; the board ranks them; alice's board is
    refused."""
    from tests.browser.test_class_games import BOARD, Frames, next_deal, play_deal

    def page_of(name: str, notebook: str) -> tuple[Page, Frames]:
        """``name``'s browser, logged in, opening ``notebook`` in their server (not waited for: the
        pages' kernels start side by side)."""
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        frames = Frames(page)
        page.goto(f"{hub.url}/hub/login?next=/hub/home", timeout=60_000)
        page.fill("input[name=username]", name)
        page.fill("input[name=password]", "any password will do here")
        page.click("#login_submit")
        page.wait_for_url("**/hub/home", timeout=60_000)
        page.goto(f"{hub.url}/user/{name}/voila/render/{notebook}", timeout=90_000, wait_until="commit")
        return page, frames

    board, _ = page_of(TEACHER, "teacher-board.ipynb")
    pages = {name: page_of(name, "09-class-game.ipynb") for name in ("alice", "bob")}
    refused, _ = page_of("alice", "teacher-board.ipynb")
    board.wait_for_selector(".pl-b-create", timeout=90_000)
    board.select_option(".pl-b-create select[name=variant]", "five-card-draw-antes")
    board.fill(".pl-b-create input[name=opponent_count]", "1")
    board.select_option(".pl-b-create select[name=opponent_level]", "1")
    board.fill(".pl-b-create input[name=deal_count]", "1")
    board.click(".pl-b-create button[type=submit]")
    # the new game's code, as the board's message gives it (a game made before, by another test, may
    # still be the one shown until the board has redrawn)
    expect(board.locator(".pl-b-message")).to_contain_text("is open", timeout=30_000)
    found = re.search(r"Class game ([A-Z0-9]{6}) is open", board.locator(".pl-b-message").inner_text())
    assert found, board.locator(".pl-b-message").inner_text()
    code = found.group(1)

    from pokerlab.classroom.store import ClassStore
    from pokerlab.storage import open_store

    store = ClassStore(open_store(hub.database))
    game = store.game_by_code(code)
    seeds = {str(seed) for seed in store.seeds(game.id)}
    for name, (page, frames) in pages.items():
        page.wait_for_selector(f"{TABLE} input[name=code]", timeout=90_000)
        expect(page.locator(f"{TABLE} .pl-t-lobby")).to_contain_text(f"Playing as {name}.")
        page.fill(f"{TABLE} input[name=code]", code)
        page.click(f"{TABLE} button[data-id=join]")
        try:
            page.wait_for_selector(f'{TABLE}[data-screen="table"]', timeout=60_000)
        except Exception:
            raise AssertionError(f"{name} was not seated: {page.inner_text(TABLE)!r}") from None
        play_deal(page, folds=name == "bob")
        next_deal(page)
        expect(page.locator(TABLE)).to_have_attribute("data-screen", "end")
        assert not any(seed in text for text in frames.texts for seed in seeds), f"a seed reached {name}'s page"
        page.context.close()
    assert sorted(r.learner for r in store.results(game.id)) == ["alice", "bob"]

    ranking = board.locator(".pl-b-ranking tbody tr")
    expect(ranking).to_have_count(2, timeout=20_000)  # the board refreshed by itself, from the service
    assert sorted(row.split("\t")[1] for row in ranking.all_inner_texts()) == ["alice", "bob"]
    board.context.close()

    refused.wait_for_selector(f"{BOARD}[data-screen=refused]", timeout=90_000)
    expect(refused.locator(BOARD)).to_contain_text("only for teachers")
    assert code not in refused.content()
    refused.context.close()
