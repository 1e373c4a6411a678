"""Wrong teacher passwords slow down: one wait, kept in the database, shared by every page and
process of the server, growing with each miss and forgotten after a quiet while; a right password
still opens the board once the wait is over. On SQLite and PostgreSQL, with a fake clock (and one
test on the real event loop)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from pokerlab.classroom.store import ClassStore, open_class_store
from pokerlab.classroom.teachers import LONGEST_WAIT_SECONDS, QUIET_SECONDS, PasswordGate, wait_after
from pokerlab.storage import open_store
from pokerlab.storage.database import forget_stores
from pokerlab.widgets.board import TeacherBoard
from tests.classroom.class_support import fresh_target
from tests.fake_clock import FakeClock

PASSWORD = {"POKERLAB_TEACHER_PASSWORD": "owl-42"}
ROOT = Path(__file__).resolve().parents[2]


def gate_with(clock: FakeClock) -> Callable[[ClassStore, Mapping[str, str] | None], PasswordGate]:
    """What TeacherBoard takes as ``password_gate``: a gate on the board's database with ``clock``."""
    return lambda store, environ: PasswordGate(store.store if isinstance(store, ClassStore) else store, environ,
                                               clock=clock)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    target = fresh_target(str(request.param), tmp_path)
    yield target
    forget_stores()


def test_the_wait_doubles_with_each_miss_up_to_a_minute() -> None:
    assert [wait_after(n) for n in (1, 2, 3, 6, 7, 200)] == [1, 2, 4, 32, LONGEST_WAIT_SECONDS, LONGEST_WAIT_SECONDS]


def test_a_password_typed_during_the_wait_is_not_checked_and_a_right_one_works_after_it(url: str) -> None:
    clock = FakeClock()
    gate = PasswordGate(open_store(url), PASSWORD, clock=clock)
    misses = [gate.attempt("guess") for _ in range(3)]
    assert [(m.checked, m.wait) for m in misses] == [(True, 1.0), (False, 1.0), (False, 1.0)]
    clock.advance(0.5)
    early = gate.attempt("owl-42")
    assert not early.opened and not early.checked and early.wait == pytest.approx(0.5)
    clock.advance(0.5)
    assert gate.attempt("guess again").wait == 2.0  # checked: the second miss
    clock.advance(2.0)
    assert gate.attempt("owl-42").opened
    assert gate.attempt("wrong").wait == 1.0  # the right password cleared the count


def test_two_hundred_guesses_check_only_a_handful_and_would_take_hours(url: str) -> None:
    """The report: 200 wrong passwords took 1.9 s. Now a guesser who tries every second of an
    hour gets 63 guesses checked, and 200 checked guesses need more than three hours."""
    clock = FakeClock()
    gate = PasswordGate(open_store(url), PASSWORD, clock=clock)
    assert sum(gate.attempt(f"guess {n}").checked for n in range(200)) == 1
    checked = 1
    for _ in range(3600):
        clock.advance(1.0)
        checked += gate.attempt("guess").checked
    assert 60 <= checked <= 66  # after 1+2+4+8+16+32 s, one guess a minute
    assert sum(wait_after(n) for n in range(1, 200)) > 3 * 3600


def test_the_wait_is_shared_by_every_page_and_every_process(url: str) -> None:
    clock = FakeClock()
    first_page = TeacherBoard(store=open_class_store(url), environ=PASSWORD, password_gate=gate_with(clock))
    for wait in (1, 2, 4, 8, 16):
        first_page._on_message(first_page, {"type": "login", "password": "guess"}, None)
        clock.advance(wait)
    first_page._on_message(first_page, {"type": "login", "password": "guess"}, None)  # now a 32 s wait
    second_page = TeacherBoard(store=open_class_store(url), environ=PASSWORD, password_gate=gate_with(clock))
    second_page._on_message(second_page, {"type": "login", "password": "owl-42"}, None)
    assert second_page.screen == "login" and "pokerlab is waiting 32 s" in second_page.message
    # Another process (another kernel of the server) sees the same wait in the database.
    script = (
        "import sys; from pokerlab.storage import open_store; from pokerlab.classroom.teachers import PasswordGate;"
        "a = PasswordGate(open_store(sys.argv[1]), {'POKERLAB_TEACHER_PASSWORD': 'owl-42'}).attempt('owl-42');"
        "print(a.opened, a.checked)"
    )
    seen = subprocess.run([sys.executable, "-c", script, url], capture_output=True, text=True, cwd=ROOT, check=True)
    assert seen.stdout.split() == ["False", "False"]
    clock.advance(32.0)
    second_page._on_message(second_page, {"type": "login", "password": "owl-42"}, None)
    assert second_page.screen == "board"


def test_a_quiet_while_forgets_the_misses(url: str) -> None:
    clock = FakeClock()
    gate = PasswordGate(open_store(url), PASSWORD, clock=clock)
    for _ in range(6):
        gate.attempt("guess")
        clock.advance(LONGEST_WAIT_SECONDS)
    assert gate.attempt("guess").wait == LONGEST_WAIT_SECONDS
    clock.advance(QUIET_SECONDS + 1)
    assert gate.remaining() == 0 and gate.attempt("guess").wait == 1.0


def test_the_board_checks_a_waiting_password_by_itself_without_blocking_the_kernel(url: str) -> None:
    """On the kernel's event loop: the right password typed during the wait is checked when it ends;
    meanwhile the loop keeps running other work (other widgets' messages)."""

    async def run() -> tuple[str, str, int]:
        board = TeacherBoard(store=open_class_store(url), environ=PASSWORD)
        board._on_message(board, {"type": "login", "password": "guess"}, None)  # real clock: a 1 s wait
        board._on_message(board, {"type": "login", "password": "owl-42"}, None)
        waiting = board.message
        ticks = 0
        for _ in range(30):
            await asyncio.sleep(0.05)
            ticks += 1
            if board.screen == "board":
                break
        return waiting, board.screen, ticks

    with __import__("concurrent.futures").futures.ThreadPoolExecutor(1) as pool:
        waiting, screen, ticks = pool.submit(asyncio.run, run()).result()
    assert "waiting 1 s" in waiting and "Keep this page open" in waiting
    assert screen == "board" and ticks >= 10  # the loop ran other work all along
