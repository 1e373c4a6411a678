"""A class game played through the dealer: how long a learner's click takes to come back as their page's new table.

Starts the dealer as ``make app`` does (``python -m pokerlab.dealer`` on loopback, its own process,
on a fresh SQLite file or a fresh PostgreSQL database from ``pg_virtualenv``'s ``PGHOST`` and the
rest), opens a class game as the teacher (``--deals`` deals, ``--opponents`` computer opponents of
level ``--level``), and has ``--learners`` learners play it at once, each in a process of its own as
each page's kernel is: a :class:`~pokerlab.widgets.class_game.ServiceClassGameApp` signed in with
the learner's name and browser key, whose table gets each click as the browser sends it
(``{"type": "act", ...}`` or ``{"type": "next"}``) after a think of ``--think`` seconds.

A click's latency is from the moment the kernel receives the click to the moment the table's new
state (the payload the widget sends to the browser) is set: the request to the dealer, the dealer's
work (the learner's action, the computer opponents' answers up to the learner's next turn, storing it
all, and at a deal's end the result and the class's results on it), the answer, and drawing it. The
browser's own leg (the widget's websocket to the page, the same for every app) is not in it.

Printed: clicks, median, p95 and worst, and the same for the dealer's part alone (the HTTP request
from sending to its answer) and for the dealer's own handling (its access log: from reading the
request to writing the answer; the rest of the request is the connection and waiting for a CPU); the dealer's CPU seconds per wall second; the load. Figures are printed,
never asserted.

Run: ``python benchmarks/bench_class_service.py [--database sqlite|postgresql] [--learners 30]
[--deals 10] [--think 0.3,1.5]``; PostgreSQL under ``pg_virtualenv -t python benchmarks/bench_class_service.py
--database postgresql``.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from voila_server import free_port, stop

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "bench-chalk"


def database_url(kind: str, folder: Path) -> str:
    if kind == "sqlite":
        return f"sqlite:///{folder / 'pokerlab.sqlite3'}"
    from tests.classroom.class_support import new_database, postgres_url

    server = postgres_url()
    if server is None:
        sys.exit("No PostgreSQL server: run under pg_virtualenv -t.")
    return new_database(server, f"pokerlab_bench_class_{os.getpid()}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed_client(url: str, timed: tuple[str, ...], requests: list[float]) -> Any:
    """A dealer client at ``url`` that adds to ``requests`` how long each request to a path in
    ``timed`` took, from sending it to its answer."""
    from pokerlab.dealer.client import DealerClient

    class TimedClient(DealerClient):
        def _request(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
            started = time.perf_counter()
            try:
                return super()._request(method, path, body)
            finally:
                if path in timed:
                    requests.append(time.perf_counter() - started)

    return TimedClient(url)


def start_dealer(folder: Path, database: str, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str, Any]:
    """The dealer as ``make app`` starts it, on a free loopback port and ``database``, answering once
    :func:`start_dealer` returns: (its process, its URL, its log file, tornado's access log among it)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(folder / "dealer.log", "w+")
    dealer = subprocess.Popen([sys.executable, "-m", "pokerlab.dealer", f"--port={port}", f"--database={database}"],
                              env=env, stdout=subprocess.DEVNULL, stderr=log)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"{url}/api/health", timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)
    return dealer, url, log


def stop_dealer(dealer: subprocess.Popen[bytes], log: Any, clicks: str) -> list[float]:
    """Stop the dealer; the milliseconds it took to handle each POST to ``/api/<clicks>``, from its log."""
    stop(dealer, 10)
    log.seek(0)
    return sorted(float(found.group(1)) for found in re.finditer(
        rf"POST /api/{clicks} \(127\.0\.0\.1\) ([0-9.]+)ms", log.read()))


@dataclass
class PagesRun:
    """What the learners' pages measured (:func:`run_pages`)."""

    latencies: list[float] = field(default_factory=list)
    requests: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    cpu: float = 0.0
    """The dealer's CPU seconds per wall second while the pages played."""
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_after: tuple[float, float, float] = (0.0, 0.0, 0.0)


def run_pages(dealer: subprocess.Popen[bytes], play: Any, args: list[tuple[Any, ...]]) -> PagesRun:
    """Start one process a page, each ``play(*arguments, out)``, and gather what they put on ``out``:
    (click latencies, request latencies, problems)."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    pages = [context.Process(target=play, args=(*arguments, out)) for arguments in args]
    run = PagesRun(load_before=os.getloadavg())
    for page in pages:
        page.start()
    cpu_before, wall_before = cpu_seconds(dealer.pid), time.monotonic()
    for _ in pages:
        clicks, asked, trouble = out.get(timeout=1800)
        run.latencies += clicks
        run.requests += asked
        run.problems += trouble
    run.cpu = (cpu_seconds(dealer.pid) - cpu_before) / (time.monotonic() - wall_before)
    for page in pages:
        page.join(30)
    run.load_after = os.getloadavg()
    return run


def percentile(values: list[float], share: float) -> float:
    return values[int(share * (len(values) - 1))]


def print_latencies(run: PagesRun, handled: list[float]) -> None:
    """The clicks' latencies, the dealer's request's and its own handling's (median, p95, worst)."""
    ms = sorted(value * 1000 for value in run.latencies)
    dealer_ms = sorted(value * 1000 for value in run.requests)
    print(f"clicks {len(ms)}: median {statistics.median(ms):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, worst {ms[-1]:.1f} ms")
    print(f"  of which the dealer's request: median {statistics.median(dealer_ms):.1f} ms, "
          f"p95 {percentile(dealer_ms, 0.95):.1f} ms, worst {dealer_ms[-1]:.1f} ms")
    if handled:  # tornado's access log: from the request read to the answer written, in the dealer
        print(f"  of which the dealer's handling ({len(handled)} in its log): median {statistics.median(handled):.1f} ms, "
              f"p95 {percentile(handled, 0.95):.1f} ms, worst {handled[-1]:.1f} ms")


def print_load(run: PagesRun) -> None:
    before, after = run.load_before, run.load_after
    print(f"load average (1, 5, 15 min) before {before[0]:.2f} {before[1]:.2f} {before[2]:.2f}, "
          f"after {after[0]:.2f} {after[1]:.2f} {after[2]:.2f}; {os.cpu_count()} CPUs")


def play_table(app: Any, name: str, rng: random.Random, think: tuple[float, float], latencies: list[float],
               problems: list[str]) -> bool:
    """Click through ``app``'s table (after a think each: the next hand, a draw standing pat, now and
    then the smallest bet or raise, else check or call) until it shows another screen; each click's
    time to the page's new table goes in ``latencies``. False, with the problem noted, when a click
    was refused or changed nothing."""
    while app.table.screen == "table":
        time.sleep(rng.uniform(*think))
        table = app.table.table
        if table["phase"] == "over":
            click = {"type": "next"}
        else:
            legal = {item["kind"]: item for item in table["legal"]}
            if "draw" in legal:
                click = {"type": "act", "kind": "draw", "discards": []}
            elif "raise" in legal and rng.random() < 0.15:
                click = {"type": "act", "kind": "raise", "amount": legal["raise"]["min_to"]}
            elif "bet" in legal and rng.random() < 0.25:
                click = {"type": "act", "kind": "bet", "amount": legal["bet"]["min_to"]}
            else:
                click = {"type": "act", "kind": "check" if "check" in legal else "call"}
        version = table["version"]
        started = time.perf_counter()
        app.table._handle_intent(click)
        latencies.append(time.perf_counter() - started)
        if app.table.message:
            problems.append(f"{name}: {app.table.message}")
            return False
        if app.table.screen == "table" and app.table.table["version"] == version:
            problems.append(f"{name}: a click changed nothing")
            return False
    return True


def play(url: str, database: str, name: str, code: str, think: tuple[float, float], seed: int,
         out: Any) -> None:
    """One learner's page (a process of its own): sign in, join, click through every deal; puts
    ``(click latencies, dealer request latencies, problems)`` on ``out``."""
    latencies: list[float] = []
    requests: list[float] = []
    problems: list[str] = []
    try:
        _play(url, database, name, code, think, seed, latencies, requests, problems)
    except Exception as error:  # noqa: BLE001 - reported, not lost in a child process
        problems.append(f"{name}: {type(error).__name__}: {error}")
    out.put((latencies, requests, problems))


def _play(url: str, database: str, name: str, code: str, think: tuple[float, float], seed: int,
          latencies: list[float], requests: list[float], problems: list[str]) -> None:
    from pokerlab.classroom import identity, names_and_keys
    from pokerlab.widgets.class_game import ServiceClassGameApp

    names_and_keys.SCRYPT_N = 2**4
    rng = random.Random(seed)
    key = names_and_keys.new_key()
    learner = identity.claim(database, name, key)
    app = ServiceClassGameApp(client=timed_client(url, ("/api/class/act", "/api/class/next"), requests))
    app.identity.adopt(learner, key)
    app._handle({"type": "app", "id": "join", "fields": {"code": code}})
    if app.table.screen != "table":
        problems.append(f"{name} could not join: {app.table.message}")
        return
    play_table(app, name, rng, think, latencies, problems)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--opponents", type=int, default=3)
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--think", default="0.3,1.5")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    think = tuple(float(part) for part in arguments.think.split(","))
    sys.path.insert(0, str(ROOT))
    os.environ.pop("POKERLAB_DATABASE_URL", None)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["POKERLAB_DATA_DIR"] = str(Path(folder) / "data")
        database = database_url(arguments.database, Path(folder))
        env = {**os.environ, "PYTHONPATH": str(ROOT), "POKERLAB_TEACHER_PASSWORD": PASSWORD}
        dealer, url, log = start_dealer(Path(folder), database, env)
        try:
            from pokerlab.classroom import names_and_keys
            from pokerlab.dealer.client import DealerClient

            names_and_keys.SCRYPT_N = 2**4  # names are claimed quickly here; the dealer checks them as always
            teacher = DealerClient(url)
            teacher.sign_in_teacher(PASSWORD)
            made = teacher.class_create({"variant": "five-card-draw-antes", "opponent_count": arguments.opponents,
                                         "opponent_level": arguments.level, "deal_count": arguments.deals})
            run = run_pages(dealer, play, [(url, database, f"Learner {n + 1}", made["code"], think,
                                            arguments.seed * 1000 + n) for n in range(arguments.learners)])
            board = teacher.class_board(int(made["id"]))
        finally:
            handled = stop_dealer(dealer, log, "class/(?:act|next)")
    print(f"database {arguments.database}; {arguments.learners} learners, {arguments.deals} deals, "
          f"{arguments.opponents} opponents of level {arguments.level}, think {arguments.think} s")
    print_latencies(run, handled)
    print(f"dealer CPU {run.cpu:.2f} s/s; results on the board {sum(p['done'] for p in board['players'])} "
          f"of {arguments.learners * arguments.deals}; problems {len(run.problems)} {run.problems[:3]}")
    print_load(run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
