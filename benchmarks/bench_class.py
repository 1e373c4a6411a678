"""A class of simulated learners plays a class game while the teacher's board refreshes.

Run: ``python benchmarks/bench_class.py`` (``--learners 30 --deals 20``; ``--quick`` for a smoke run).
It runs on SQLite (a fresh file) and, when a PostgreSQL server is given (``PGHOST`` etc., e.g. under
``pg_virtualenv``, or ``--postgres URL``), on PostgreSQL too.

Each learner is a separate process with its own engine and its own connection to the database: it
claims a name, joins with the code, and plays every deal as the app does (the opponents decide by
:func:`~pokerlab.classroom.class_games.situation_seed`; the learner calls or checks and stands pat),
storing the actions after each of its own (as the app does) and its result at the end of each deal. The coach's review
(about half a second per deal in the learner's own kernel) is left out: it is not storage work.
Meanwhile the parent process refreshes the teacher's board in a loop (``TeacherBoard.refresh``:
the game's snapshot with ranking, spreads and costliest decisions, plus the learners' lessons and
quizzes, everything but sending it to the browser). Printed: results stored per second (all results over the wall time from the first learner's
start to the last result), the 95th percentile of one result's write (the ``record_result``
transaction) and of one board refresh, and a check that every result is stored exactly once.
Nothing is asserted about time; the figures are printed as measured, with the machine's load.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa
from machine import describe, load_average

from pokerlab.classroom.board import snapshot
from pokerlab.classroom.class_games import ClassGameSettings, ClassMatch, passive_choice
from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.classroom.schema import class_players, class_results
from pokerlab.classroom.store import open_class_store
from pokerlab.storage.database import forget_stores
from pokerlab.widgets.board import TeacherBoard

SETTINGS_KW = {"variant": "five-card-draw-antes", "opponent_count": 3, "opponent_level": 3}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def learner_process(url: str, code: str, number: int, start: multiprocessing.synchronize.Event,
                    results: multiprocessing.Queue) -> None:
    """One learner: join, play every deal in order, time each result's write."""
    store = open_class_store(url)
    me = claim(store.store, f"Learner {number:02d}", new_key())
    start.wait()
    began = time.perf_counter()
    game = store.game_by_code(code)
    seeds = store.seeds(game.id)
    progress = store.join(game.id, me)
    match = ClassMatch(game.settings, seeds, me.name)
    writes: list[float] = []
    for deal in range(progress.deal_number, game.settings.deal_count + 1):
        hand = match.deal(deal)
        while not hand.is_over:
            if match.is_bot_turn():
                match.bot_step()
            else:
                match.act(passive_choice(hand))
                if not hand.is_over:  # as the app does: keep the actions after each of the learner's
                    store.save_progress(game.id, me, deal, hand.actions)
        before = time.perf_counter()
        store.record_result(game.id, me, deal, match.learner_result(), hand.actions)
        writes.append(time.perf_counter() - before)
    results.put({"number": number, "began": began, "ended": time.perf_counter(), "writes": writes})


def run(url: str, label: str, learners: int, deals: int) -> None:
    forget_stores()
    store = open_class_store(url)
    game = store.create_game(ClassGameSettings(deal_count=deals, **SETTINGS_KW))
    context = multiprocessing.get_context("spawn")
    start, queue = context.Event(), context.Queue()
    workers = [context.Process(target=learner_process, args=(url, game.code, n, start, queue)) for n in range(learners)]
    for worker in workers:
        worker.start()
    time.sleep(1.0)
    while store.store.read(lambda c: c.scalar(sa.select(sa.func.count()).select_from(sa.text("learners")))) < learners:
        if not any(worker.is_alive() for worker in workers):
            sys.exit("every learner process stopped before claiming a name")
        time.sleep(0.2)
    start.set()
    refreshes: list[float] = []
    reports = []
    board_widget = TeacherBoard(store=store, environ={"POKERLAB_TEACHER_PASSWORD": "bench"})
    board_widget.login("bench")
    board_widget.selected = game.id
    while len(reports) < learners:
        before = time.perf_counter()
        board_widget.refresh()
        refreshes.append(time.perf_counter() - before)
        while not queue.empty():
            reports.append(queue.get())
        if not any(worker.is_alive() for worker in workers) and queue.empty() and len(reports) < learners:
            sys.exit(f"only {len(reports)} of {learners} learners finished")
        time.sleep(0.05)
    for worker in workers:
        worker.join()
    writes = [w for report in reports for w in report["writes"]]
    wall = max(r["ended"] for r in reports) - min(r["began"] for r in reports)
    counts = store.store.read(lambda c: c.execute(
        sa.select(class_results.c.learner_id, class_results.c.deal_number, sa.func.count())
        .where(class_results.c.game_id == game.id)
        .group_by(class_results.c.learner_id, class_results.c.deal_number)).all())
    finished = store.store.read(lambda c: c.scalar(
        sa.select(sa.func.count()).select_from(class_players)
        .where(class_players.c.game_id == game.id, class_players.c.deal_number == deals + 1)))
    expected = learners * deals
    exactly_once = len(counts) == expected and all(row[2] == 1 for row in counts) and finished == learners
    board = snapshot(store, game.id)
    print(f"\n{label}: {learners} learners x {deals} deals ({game.settings.describe()})")
    print(f"  results stored: {len(counts)} of {expected}, each exactly once: {'yes' if exactly_once else 'NO'}; "
          f"ranked on the board: {len(board.ranking)}")
    print(f"  results stored per second: {expected / wall:.1f} (wall {wall:.1f} s, all learners playing at once)")
    print(f"  result write: median {statistics.median(writes) * 1000:.1f} ms, 95th percentile {percentile(writes, 0.95) * 1000:.1f} ms "
          f"({len(writes)} writes)")
    print(f"  board refresh: median {statistics.median(refreshes) * 1000:.1f} ms, 95th percentile "
          f"{percentile(refreshes, 0.95) * 1000:.1f} ms ({len(refreshes)} refreshes while the class played)")
    print(f"  {load_average()}")
    forget_stores()
    if not exactly_once:
        sys.exit("results were lost or stored twice")


def postgres_url(explicit: str | None) -> str | None:
    if explicit:
        return explicit
    if not os.environ.get("PGHOST"):
        return None
    user, password = os.environ.get("PGUSER", "postgres"), os.environ.get("PGPASSWORD", "")
    auth = f"{user}:{password}" if password else user
    return (f"postgresql+psycopg://{auth}@{os.environ['PGHOST']}:{os.environ.get('PGPORT', '5432')}/"
            f"{os.environ.get('PGDATABASE', 'postgres')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="4 learners x 3 deals")
    parser.add_argument("--postgres", help="a PostgreSQL URL (default: from PGHOST etc. when set)")
    options = parser.parse_args()
    learners, deals = (4, 3) if options.quick else (options.learners, options.deals)
    print(describe())
    print(load_average(), "(before)")
    folder = Path(tempfile.mkdtemp(prefix="bench-class-"))
    os.environ.setdefault("POKERLAB_DATA_DIR", str(folder / "data"))
    run(f"sqlite:///{folder / 'class.sqlite3'}", "SQLite", learners, deals)
    url = postgres_url(options.postgres)
    if url is None:
        print("\nPostgreSQL: skipped (no server given; run under pg_virtualenv or pass --postgres URL)")
        return
    # A database of its own on that server (created, then dropped): nothing else there is touched.
    name = f"pokerlab_bench_class_{os.getpid()}"
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    try:
        run(sa.make_url(url).set(database=name).render_as_string(hide_password=False), "PostgreSQL", learners, deals)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.dispose()


if __name__ == "__main__":
    main()
