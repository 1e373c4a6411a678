"""Separate processes for the storage race tests, all let go at the same moment.

They are forked from one warm server process that has imported pokerlab's storage already
(multiprocessing's forkserver, started once per test process): each starts in milliseconds instead of
spending about half a second of CPU importing SQLAlchemy and pokerlab, so a test can start dozens. They
are still real processes, each with its own connections, so a race between them is a race between
pages, and one can kill itself mid-statement."""

from __future__ import annotations

import multiprocessing
import os
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

_FORKS = multiprocessing.get_context("forkserver")
_FORKS.set_forkserver_preload(["pokerlab.storage.hold", "pokerlab.ladder", "pokerlab.classroom.identity"])


@dataclass(frozen=True)
class Finished:
    """How one process ended: its exit code (``-9`` when it was killed), the summary it returned
    (``None`` if it returned none) and the traceback of an error."""

    exitcode: int | None
    result: Any
    error: str = ""


def _wait_for(go: Path) -> None:
    deadline = time.monotonic() + 60
    while not go.exists():
        if time.monotonic() > deadline:
            raise SystemExit("no start signal")
        time.sleep(0.002)


def _run(work: Callable[..., Any], arguments: tuple[Any, ...], go: Path, answer: Connection) -> None:
    try:
        _wait_for(go)
        answer.send((work(*arguments), ""))
    except BaseException:
        answer.send((None, traceback.format_exc()))
        raise SystemExit(1) from None


def race(work: Callable[..., Any], calls: list[tuple[Any, ...]], folder: Path, timeout: float = 120) -> list[Finished]:
    """Run ``work(*arguments)`` for each of ``calls`` in a process of its own, started together once all
    are ready; wait for them all. ``work`` must be a module-level function (it is sent by name)."""
    go = folder / f"go-{work.__name__}-{os.urandom(4).hex()}"
    started = []
    for arguments in calls:
        mine, theirs = _FORKS.Pipe(duplex=False)
        process = _FORKS.Process(target=_run, args=(work, arguments, go, theirs), daemon=True)
        process.start()
        theirs.close()
        started.append((process, mine))
    go.touch()
    finished = []
    for process, mine in started:
        process.join(timeout)
        if process.is_alive():
            process.kill()
            process.join()
            raise AssertionError(f"{work.__name__}{calls[len(finished)]} did not finish in {timeout:.0f} s")
        try:
            result, error = mine.recv()
        except EOFError:  # it ended without a word (killed)
            result, error = None, ""
        finished.append(Finished(process.exitcode, result, error))
    return finished
