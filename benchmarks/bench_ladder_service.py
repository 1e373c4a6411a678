"""The Tournament Ladder played through the dealer: how long a learner's click takes to come back as their page's new table.

Starts the dealer as ``make app`` does (``python -m pokerlab.dealer`` on loopback, its own process,
on a fresh SQLite file or a fresh PostgreSQL database from ``pg_virtualenv``), and has ``--learners``
learners each play ``--levels`` plays of ladder level ``--level`` at once, each in a process of its
own as each page's kernel is: a :class:`~pokerlab.widgets.ladder_service.ServiceLadderApp` signed in
with the learner's name and browser key, whose table gets each click as the browser sends it
(``{"type": "act", ...}`` or ``{"type": "next"}``) after a think of ``--think`` seconds. A level above
1 is opened, and paid for, in each learner's wallet first (in the database, before the dealer is asked).

A click's latency is from the moment the kernel receives the click to the moment the table's new
state is set: the request to the dealer, the dealer's work (the learner's action, the four computer
opponents up to the learner's next turn, storing the game, and at the level's end the award, unlock
and high score with it, the wallet and the high scores read), the answer and drawing it. The
browser's own leg (the widget's websocket, the same for every app) is not in it.

Printed: clicks, median, p95 and worst; the same for the dealer's request alone and its own handling
(its access log); the dealer's CPU seconds per wall second; the load. Figures are printed, never asserted.

Run: ``python benchmarks/bench_ladder_service.py [--database sqlite|postgresql] [--learners 10]
[--level 1] [--levels 2] [--think 0.3,1.5]``; PostgreSQL under ``pg_virtualenv -t``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_class_service import (  # noqa: E402
    database_url,
    play_table,
    print_latencies,
    print_load,
    run_pages,
    start_dealer,
    stop_dealer,
    timed_client,
)


def play(url: str, database: str, name: str, level: int, levels: int, think: tuple[float, float], seed: int,
         out: Any) -> None:
    """One learner's page (a process of its own); puts ``(click latencies, request latencies, problems)`` on ``out``."""
    latencies: list[float] = []
    requests: list[float] = []
    problems: list[str] = []
    try:
        _play(url, database, name, level, levels, think, seed, latencies, requests, problems)
    except Exception as error:  # noqa: BLE001 - reported, not lost in a child process
        problems.append(f"{name}: {type(error).__name__}: {error}")
    out.put((latencies, requests, problems))


def _play(url: str, database: str, name: str, level: int, levels: int, think: tuple[float, float], seed: int,
          latencies: list[float], requests: list[float], problems: list[str]) -> None:
    from pokerlab.classroom import identity, names_and_keys
    from pokerlab.ladder import LEVELS
    from pokerlab.storage import Wallet, unlock_level
    from pokerlab.widgets.ladder_service import ServiceLadderApp

    names_and_keys.SCRYPT_N = 2**4
    rng = random.Random(seed)
    key = names_and_keys.new_key()
    learner = identity.claim(database, name, key)
    if level > 1:
        unlock_level(database, learner, level)
        Wallet(database).deposit(LEVELS[level - 1].cost * levels, "Benchmark", learner)
    app = ServiceLadderApp(client=timed_client(url, ("/api/ladder/act", "/api/ladder/next"), requests))
    app.identity.adopt(learner, key)
    for _ in range(levels):
        app._handle({"type": "app", "id": "level", "value": level})
        if app.table.screen != "table":
            problems.append(f"{name} could not start level {level}: {app.table.message}")
            return
        if not play_table(app, name, rng, think, latencies, problems):
            return
        app._handle({"type": "app", "id": "lobby"})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--levels", type=int, default=2, help="plays of the level per learner")
    parser.add_argument("--think", default="0.3,1.5")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    think = tuple(float(part) for part in arguments.think.split(","))
    os.environ.pop("POKERLAB_DATABASE_URL", None)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["POKERLAB_DATA_DIR"] = str(Path(folder) / "data")
        database = database_url(arguments.database, Path(folder))
        dealer, url, log = start_dealer(Path(folder), database, {**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            run = run_pages(dealer, play, [(url, database, f"Learner {n + 1}", arguments.level, arguments.levels, think,
                                            arguments.seed * 1000 + n) for n in range(arguments.learners)])
        finally:
            handled = stop_dealer(dealer, log, "ladder/(?:act|next)")
    if not run.latencies:
        print(f"no clicks were made; problems {run.problems[:3]}")
        return 1
    print(f"database {arguments.database}; {arguments.learners} learners, {arguments.levels} plays of level "
          f"{arguments.level} each, think {arguments.think} s")
    print_latencies(run, handled)
    print(f"dealer CPU {run.cpu:.2f} s/s; problems {len(run.problems)} {run.problems[:3]}")
    print_load(run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
