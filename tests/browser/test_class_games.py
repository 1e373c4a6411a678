"""A class game in the browser, on one Voilà server: the teacher creates a game on the board, three
learners in three browser contexts join with its code and play three deals, and the board (which
refreshes by itself) ranks all three with their duplicate scores. A learner's page never holds a
deal seed, nor the class's results on a deal that learner has not finished.

Runs on SQLite, and on PostgreSQL when a server is given (``PGHOST`` etc., e.g. under
``pg_virtualenv``; required in CI with ``POKERLAB_REQUIRE_POSTGRES=1``).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import (
    _skip_or_fail_without_chromium,
    chromium_path,
    fresh_database,
    guard,
    serve_voila,
    servers_env,
)

PASSWORD = "chalk-and-talk"
TABLE = ".pl-t"
BOARD = ".pl-board"
LEARNERS = ("Ann", "Bo", "Cy")


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def class_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A Voilà server with a teacher password, on a fresh SQLite file or a fresh PostgreSQL database."""
    if chromium_path() is None:
        _skip_or_fail_without_chromium()
    folder = tmp_path_factory.mktemp("class-server")
    with fresh_database(request.param, folder, f"pokerlab_class_browser_{os.getpid()}") as url:
        env = servers_env(folder / "data", url, PASSWORD)
        with serve_voila(env, open(folder / "voila.log", "w+"), pooled=("09-class-game.ipynb",)) as base:
            yield {"base": base, "url": url}


class Frames:
    """Everything the kernel sent one page over its websocket (as text)."""

    def __init__(self, page: Page) -> None:
        self.texts: list[str] = []
        page.on("websocket", lambda socket: socket.on("framereceived", self._received))

    def _received(self, frame: Any) -> None:
        data = frame if isinstance(frame, bytes) else frame.encode()
        self.texts.append(data.decode("utf-8", "replace"))


def open_page(browser: Browser, base: str, notebook: str, ready: str) -> tuple[Page, Frames, list[str]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    guard(page, problems)
    frames = Frames(page)
    page.goto(f"{base}/voila/render/{notebook}", timeout=90_000)
    page.wait_for_selector(ready, timeout=90_000)
    return page, frames, problems


def settle(page: Page) -> str:
    page.wait_for_function(
        """() => {
            const table = document.querySelector('.pl-t');
            if (!table) return false;
            if (table.dataset.screen === 'end') return true;
            return table.dataset.screen === 'table' && table.dataset.turn !== 'bot';
        }""",
        timeout=60_000,
    )
    if page.get_attribute(TABLE, "data-screen") == "end":
        return "end"
    return page.get_attribute(TABLE, "data-turn")


def play_deal(page: Page, folds: bool) -> None:
    """Play the current deal to its end: stand pat, check when free, else call (or fold)."""
    while True:
        turn = settle(page)
        if turn == "over":
            return
        version = page.get_attribute(TABLE, "data-version")
        if page.locator(f"{TABLE} .pl-t-pat").count():
            page.click(f"{TABLE} .pl-t-pat")
        elif page.locator(f"{TABLE} .pl-t-actions .pl-t-check").count():
            page.click(f"{TABLE} .pl-t-actions .pl-t-check")
        elif folds and page.locator(f"{TABLE} .pl-t-actions .pl-t-fold").count():
            page.click(f"{TABLE} .pl-t-actions .pl-t-fold")
        else:
            page.click(f"{TABLE} .pl-t-actions .pl-t-call, {TABLE} .pl-t-actions .pl-t-all-in")
        page.wait_for_function("(v) => document.querySelector('.pl-t').dataset.version !== v", arg=version)


def next_deal(page: Page) -> None:
    version = page.get_attribute(TABLE, "data-version")
    page.click(f"{TABLE} .pl-t-next")
    page.wait_for_function(
        "(v) => { const t = document.querySelector('.pl-t'); return t.dataset.screen === 'end' || t.dataset.version !== v; }",
        arg=version,
    )


def join(page: Page, name: str, code: str) -> None:
    page.fill("input[name=learner_name]", name)
    page.click(".pl-id-go")
    page.wait_for_selector(f"{TABLE} input[name=code]")
    page.fill(f"{TABLE} input[name=code]", code.lower())
    page.click(f"{TABLE} button[data-id=join]")
    page.wait_for_selector(f'{TABLE}[data-screen="table"]', timeout=60_000)


def stored(url: str, sql: str) -> list[tuple]:
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        rows = [tuple(row) for row in connection.exec_driver_sql(sql)]
    engine.dispose()
    return rows


def test_a_class_plays_three_deals_and_the_board_ranks_them(browser: Browser, class_server: dict[str, str]) -> None:
    base, url = class_server["base"], class_server["url"]
    board, _board_frames, board_problems = open_page(browser, base, "teacher-board.ipynb", BOARD)
    expect(board.locator(BOARD)).to_have_attribute("data-screen", "login")
    board.fill(f"{BOARD} input[name=password]", "wrong")
    board.click(f"{BOARD} .pl-b-login button[type=submit]")
    expect(board.locator(".pl-b-message")).to_have_text("That is not the teacher password.")
    board.fill(f"{BOARD} input[name=password]", PASSWORD)
    board.click(f"{BOARD} .pl-b-login button[type=submit]")
    board.wait_for_selector(".pl-b-create")
    board.select_option(".pl-b-create select[name=variant]", "five-card-draw-antes")
    board.fill(".pl-b-create input[name=opponent_count]", "2")
    board.select_option(".pl-b-create select[name=opponent_level]", "2")
    board.fill(".pl-b-create input[name=deal_count]", "3")
    board.click(".pl-b-create button[type=submit]")
    code = board.locator(".pl-b-code").inner_text(timeout=30_000).strip()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    seeds = json.loads(stored(url, f"SELECT seeds FROM class_games WHERE code = '{code}'")[0][0])
    secrets = {str(seed) for seed in seeds} | {str(seed % 2**32) for seed in seeds}

    pages = {name: open_page(browser, base, "09-class-game.ipynb", "input[name=learner_name]") for name in LEARNERS}
    # Ann plays all three deals before the others start: her results must not show on their pages
    # until they have finished the same deal themselves.
    ann, _ann_frames, _ = pages["Ann"]
    join(ann, "Ann", code)
    for deal in (1, 2, 3):
        play_deal(ann, folds=False)
        next_deal(ann)
    expect(ann.locator(TABLE)).to_have_attribute("data-screen", "end")
    ann_results = dict(stored(url, "SELECT r.deal_number, r.chips FROM class_results r"))
    for name, folds in (("Bo", True), ("Cy", False)):
        page, frames, _ = pages[name]
        join(page, name, code)
        for deal in (1, 2, 3):
            settle(page)
            mine = page.locator(f"{TABLE} table:has(caption:has-text('Your deals against the class')) tbody tr td:first-child")
            assert all(int(cell) < deal for cell in mine.all_inner_texts()), "the class's results on an unfinished deal"
            assert "Ann" not in page.inner_text("body")
            play_deal(page, folds=folds)
            expect(page.locator(f"{TABLE} .pl-t-side")).to_contain_text(f"Deal {deal}:")
            next_deal(page)
        expect(page.locator(TABLE)).to_have_attribute("data-screen", "end")
    for name, (page, frames, problems) in pages.items():
        html = page.content() + "\n".join(frames.texts)
        assert not any(secret in html for secret in secrets), f"a deal seed reached {name}'s page"
        assert not problems, problems
    rows = stored(url, "SELECT learner_id, deal_number, COUNT(*) FROM class_results GROUP BY learner_id, deal_number")
    assert len(rows) == 9 and all(count == 1 for *_, count in rows)

    ranking = board.locator(".pl-b-ranking tbody tr")
    expect(ranking).to_have_count(3, timeout=20_000)  # the board refreshed by itself
    board.wait_for_function(
        "() => [...document.querySelectorAll('.pl-b-ranking tbody tr')].every(r => r.cells[2].textContent === 'finished')",
        timeout=20_000,
    )
    lines = [row.split("\t") for row in ranking.all_inner_texts()]
    assert sorted(line[1] for line in lines) == sorted(LEARNERS)
    duplicates = [float(line[4]) for line in lines]
    assert duplicates == sorted(duplicates, reverse=True) and abs(sum(duplicates)) < 0.05
    board.click(f"{BOARD} .pl-b-ranking button:has-text('Bo')")
    expect(board.locator(".pl-b-detail")).to_contain_text("Bo: hands and review")
    expect(board.locator(".pl-b-detail details")).to_have_count(3)
    with board.expect_download() as download:
        board.click(f"{BOARD} button:has-text('Export CSV')")
    text = Path(download.value.path()).read_text()
    assert text.count("\n") == 10 and "duplicate_big_bets" in text
    board_html = board.content()
    assert not any(secret in board_html for secret in secrets)
    assert not board_problems, board_problems
    assert ann_results and len(ann_results) == 3
