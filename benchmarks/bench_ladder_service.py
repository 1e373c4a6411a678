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
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_class_service import cpu_seconds, database_url, free_port, play_table, timed_client  # noqa: E402


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


def percentile(values: list[float], share: float) -> float:
    return values[int(share * (len(values) - 1))]


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
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        log = open(Path(folder) / "dealer.log", "w+")
        dealer = subprocess.Popen([sys.executable, "-m", "pokerlab.dealer", f"--port={port}", f"--database={database}"],
                                  env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL, stderr=log)
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(f"{url}/api/health", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            latencies: list[float] = []
            requests: list[float] = []
            problems: list[str] = []
            context = multiprocessing.get_context("spawn")
            out = context.Queue()
            pages = [context.Process(target=play, args=(url, database, f"Learner {n + 1}", arguments.level,
                                                        arguments.levels, think, arguments.seed * 1000 + n, out))
                     for n in range(arguments.learners)]
            load_before = os.getloadavg()
            for page in pages:
                page.start()
            cpu_before, wall_before = cpu_seconds(dealer.pid), time.monotonic()
            for _ in pages:
                clicks, asked, trouble = out.get(timeout=1800)
                latencies += clicks
                requests += asked
                problems += trouble
            cpu = (cpu_seconds(dealer.pid) - cpu_before) / (time.monotonic() - wall_before)
            for page in pages:
                page.join(30)
            load_after = os.getloadavg()
        finally:
            dealer.terminate()
            dealer.wait(10)
            log.seek(0)
            handled = sorted(float(found.group(1)) for found in re.finditer(
                r"POST /api/ladder/(?:act|next) \(127\.0\.0\.1\) ([0-9.]+)ms", log.read()))
    if not latencies:
        print(f"no clicks were made; problems {problems[:3]}")
        return 1
    ms = sorted(value * 1000 for value in latencies)
    dealer_ms = sorted(value * 1000 for value in requests)
    print(f"database {arguments.database}; {arguments.learners} learners, {arguments.levels} plays of level "
          f"{arguments.level} each, think {arguments.think} s")
    print(f"clicks {len(ms)}: median {statistics.median(ms):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, worst {ms[-1]:.1f} ms")
    print(f"  of which the dealer's request: median {statistics.median(dealer_ms):.1f} ms, "
          f"p95 {percentile(dealer_ms, 0.95):.1f} ms, worst {dealer_ms[-1]:.1f} ms")
    if handled:
        print(f"  of which the dealer's handling ({len(handled)} in its log): median {statistics.median(handled):.1f} ms, "
              f"p95 {percentile(handled, 0.95):.1f} ms, worst {handled[-1]:.1f} ms")
    print(f"dealer CPU {cpu:.2f} s/s; problems {len(problems)} {problems[:3]}")
    print(f"load average (1, 5, 15 min) before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}; {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
