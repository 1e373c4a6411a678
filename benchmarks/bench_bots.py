"""Do the computer opponents' skill levels really rise, at the five-seat table the ladder uses and
heads-up?

Run: ``python benchmarks/bench_bots.py`` (``--quick`` for a smoke run; ``--only`` to run some parts:
``heads-up``, ``tables``, ``ladder``, ``mixes``, ``times``). Rules: the Tournament Ladder's (ante 5, bets
10/20, discard up to four), every stack reset to 500 every hand. Results are the tested player's
winnings in big bets (20 chips) per 100 hands with a 95% interval (1.96 standard errors over the
deals), all with duplicate deals, which cancel most of the luck of the deal:

* heads-up: every deal is played twice with the seats swapped (same cards, same button);
* five seats: every deal is played five times, the tested player in each seat in turn, at five
  tables that each keep their bots for the whole run (same cards in each seat, same button).

Parts: ``heads-up`` each level against the one below (``--hands`` deals); ``tables`` each level
against four of the level below, and level 6 against four level-3 (``--table-deals``); ``ladder``
a fixed level-3 player (standing in for a learner) against each ladder level's four opponents
(``pokerlab.ladder.LEVELS``), on the same deals at every level, with the change from the level
before and its paired 95% interval (``--ladder-deals``; ``--repeats N`` pools N independent
matches of that many deals, each with fresh bots, and ``--jobs`` runs them in parallel); ``mixes`` the same for candidate tables
(``--mixes 3445 4555 ...``, the way the ladder's mixes are chosen); ``times`` the time per decision at a
five-seat ladder table and the simulated hands per decision, plus a cold start: creating the bot
and its first decision in a fresh Python process (the counting bots build their tables when
created, not in the middle of a hand). Every row prints the deals used, the seconds taken and the
load average (2 cores shared with other work make the times pessimistic, never the results).
Nothing is asserted; the figures are printed as measured.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any

import numpy as np

from machine import describe, load_average
from pokerlab.bots import BOT_LEVELS, make_bot
from pokerlab.bots.selfplay import TableResult, duplicate_table, play_hand
from pokerlab.draw import ladder
from pokerlab.ladder import LEVELS

BIG_BET = 20
STACK = 500


def duel(high: int, low: int, deals: int, seed: int) -> tuple[float, float]:
    """The higher level's big bets per 100 hands against the lower, and the 95% half-width."""
    rules = dataclasses.replace(ladder(), player_count=2)
    strong, weak = make_bot(high, seed), make_bot(low, seed + 1)
    per_deal = []
    for deal in range(deals):
        hand_seed = seed * 1_000_003 + deal
        dealer = deal % 2
        total = 0
        for seats in ((strong, weak), (weak, strong)):
            state = play_hand(rules, seats, [STACK, STACK], dealer, hand_seed, hand_number=deal + 1)
            seat = seats.index(strong)
            total += state.results.net[seat]  # type: ignore[union-attr]
        per_deal.append(total / 2 / BIG_BET * 100)
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / len(per_deal) ** 0.5
    return mean, half


def maker(level: int):  # noqa: ANN201 - a bot factory for duplicate_table
    return lambda seed: make_bot(level, seed)


def table(tested: int, opponents: tuple[int, ...], deals: int, seed: int) -> TableResult:
    """``tested`` against ``opponents`` at a five-seat ladder table, with duplicate deals."""
    return duplicate_table(ladder(), maker(tested), [maker(level) for level in opponents], deals, seed)


def interval(mean: float, half: float) -> str:
    return f"[{mean - half:+.1f}, {mean + half:+.1f}]"


TABLES = ("2:1", "3:2", "4:3", "5:4", "6:5", "6:3")
"""The five-seat tables: tested level, and the level of its four opponents."""


def tables(deals: int, seed: int, chosen: list[str]) -> None:
    print(f"\nfive-seat ladder table, {deals} deals per table, each played five times (tested player in every seat)")
    print(f"{'tested':<8}{'against':<18}{'bb/100':>8}{'95% interval':>18}  above 0  {'deals':>6}{'s':>6}  load (1 min)")
    for tested, opponents in ((int(spec[0]), (int(spec[2]),) * 4) for spec in chosen):
        started = time.perf_counter()
        result = table(tested, opponents, deals, seed + 10 * tested + opponents[0])
        print(f"{tested:<8}{'four level-' + str(opponents[0]):<18}{result.mean:>8.1f}{interval(result.mean, result.half_width):>18}"
              f"  {'yes' if result.interval[0] > 0 else 'NO':<7}  {result.deals:>6}{time.perf_counter() - started:>6.0f}"
              f"  {os.getloadavg()[0]:.2f}", flush=True)


def _fixed_player_table(task: tuple[int, tuple[int, ...], int, int]) -> tuple[float, ...]:
    """One table of :func:`ladder_difficulty` (a top-level function, so worker processes can run it)."""
    player, mix, deals, seed = task
    return table(player, mix, deals, seed).per_deal


def ladder_difficulty(deals: int, seed: int, player: int = 3, mixes: list[tuple[int, ...]] | None = None,
                      repeats: int = 1, jobs: int = 1) -> None:
    """The fixed ``player`` against each ladder level's four opponents, or against each of
    ``mixes`` (candidate tables, in the order given: how the ladder's mixes are chosen).

    ``repeats`` runs that many independent matches per table (seeds ``seed``, ``seed + 1``, ...; each
    with fresh bots that learn from nothing, as at a real ladder table) of ``deals`` deals and pools
    them; every table plays the same deals, so the change from the row before is paired deal by
    deal. ``jobs`` runs the matches in that many worker processes (results do not depend on it)."""
    rows = ([(str(level.number), level.bot_levels) for level in LEVELS] if mixes is None
            else [(f"mix {index}", mix) for index, mix in enumerate(mixes, start=1)])
    print(f"\na fixed level-{player} player at each {'ladder level' if mixes is None else 'candidate table'}, "
          f"{deals * repeats} deals per table ({repeats} match{'es' if repeats > 1 else ''} of {deals}; "
          f"the same deals at every one), each played five times")
    print(f"{'ladder':<8}{'opponents':<14}{'bb/100':>8}{'95% interval':>18}{'vs row before':>17}"
          f"{'paired 95%':>18}  harder  {'deals':>6}{'s':>6}  load")
    tasks = [(player, mix, deals, seed + repeat) for _, mix in rows for repeat in range(repeats)]
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        outcomes = iter(pool.map(_fixed_player_table, tasks) if pool else map(_fixed_player_table, tasks))
        _print_rows(rows, outcomes, repeats)


def _print_rows(rows: list[tuple[str, tuple[int, ...]]], outcomes: Any, repeats: int) -> None:
    """Each row of :func:`ladder_difficulty` as soon as its matches are in (``outcomes`` yields them
    in order), with the paired change from the row before."""
    before: TableResult | None = None
    for label, mix in rows:
        started = time.perf_counter()
        result = TableResult(tuple(value for _ in range(repeats) for value in next(outcomes)))
        line = (f"{label:<8}{','.join(map(str, mix)):<14}{result.mean:>8.1f}"
                f"{interval(result.mean, result.half_width):>18}")
        if before is None:
            line += f"{'':>17}{'':>18}  {'':<6}"
        else:
            change = TableResult(tuple(now - then for now, then in zip(result.per_deal, before.per_deal)))
            line += (f"{change.mean:>17.1f}{interval(change.mean, change.half_width):>18}"
                     f"  {'yes' if change.interval[1] < 0 else 'NO':<6}")
        print(f"{line}  {result.deals:>6}{time.perf_counter() - started:>6.0f}  {os.getloadavg()[0]:.2f}", flush=True)
        before = result


class Timed:
    """A bot that records, for each of its decisions, the clock time, this thread's processor time
    and the simulated hands it used (its ``work`` counter, for the counting levels)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.work: list[int] = []

    def decide(self, view: dict[str, Any], legal: Any) -> Any:
        work = getattr(self.bot, "work", 0)
        started, cpu_started = time.perf_counter(), time.thread_time()
        action = self.bot.decide(view, legal)
        self.wall.append(time.perf_counter() - started)
        self.cpu.append(time.thread_time() - cpu_started)
        self.work.append(getattr(self.bot, "work", 0) - work)
        return action

    def observe(self, view: dict[str, Any]) -> None:
        observe = getattr(self.bot, "observe", None)
        if observe is not None:
            observe(view)


def decision_times(level: int, hands: int, seed: int) -> Timed:
    """``level``'s decisions at a full five-seat ladder table against four of level 3."""
    timed = Timed(make_bot(level, seed))
    bots = [timed, *(make_bot(3, seed + i) for i in range(1, 5))]
    for hand in range(hands):
        play_hand(ladder(), bots, [STACK] * 5, hand % 5, seed + hand, hand + 1)
    return timed


COLD_START = """
import time
started = time.perf_counter()
from pokerlab.bots import make_bot
from pokerlab.draw import HandState, ladder
imported = time.perf_counter()
bot = make_bot({level}, seed=1)
created = time.perf_counter()
state = HandState(ladder(), [500] * 5, dealer=0, rng=3)
bot.decide(state.view(state.actor), state.legal_actions())
decided = time.perf_counter()
print((imported - started) * 1000, (created - imported) * 1000, (decided - created) * 1000)
"""


def cold_start(level: int) -> tuple[float, float, float]:
    """Milliseconds to import the bots, create a ``level`` bot and make its first decision, in a
    fresh process."""
    out = subprocess.run([sys.executable, "-c", COLD_START.format(level=level)], capture_output=True, text=True, check=True)
    imported, created, decided = (float(part) for part in out.stdout.split())
    return imported, created, decided


def heads_up(deals: int, pairs: list[int], seed: int) -> None:
    print(f"\nheads-up ladder rules, {deals} deals per pair, each played twice with seats swapped")
    print(f"{'pair':<10}{'bb/100 (higher level)':>24}{'95% interval':>18}  above 0  {'deals':>6}{'s':>6}  load")
    for high in pairs:
        started = time.perf_counter()
        mean, half = duel(high, high - 1, deals, seed + high)
        print(f"{high} vs {high - 1:<5}{mean:>24.1f}{interval(mean, half):>18}  {'yes' if mean - half > 0 else 'NO':<7}"
              f"  {deals:>6}{time.perf_counter() - started:>6.0f}  {os.getloadavg()[0]:.2f}", flush=True)


def times(hands: int, seed: int) -> None:
    print(f"\ntime per decision at a five-seat ladder table (four level-3 opponents, {hands} hands), milliseconds")
    print("(clock time; cpu = this thread's processor time, which other work on the machine does not inflate;")
    print(" work = simulated opponent hands per decision; cold start in a fresh process: import, create, first decision)")
    print(f"{'level':<7}{'name':<14}{'decisions':>10}{'median':>8}{'p95':>8}{'max':>8}{'cpu p95':>9}{'cpu max':>9}"
          f"{'work max':>10}{'import':>8}{'create':>8}{'first':>8}")
    for level in range(1, 7):
        timed = decision_times(level, hands, seed + 7)
        ms, cpu_ms = np.array(timed.wall) * 1000, np.array(timed.cpu) * 1000
        imported, created, first = cold_start(level)
        print(f"{level:<7}{BOT_LEVELS[level][0]:<14}{len(ms):>10}{np.median(ms):>8.2f}{np.percentile(ms, 95):>8.2f}"
              f"{ms.max():>8.2f}{np.percentile(cpu_ms, 95):>9.2f}{cpu_ms.max():>9.2f}{max(timed.work):>10}"
              f"{imported:>8.0f}{created:>8.0f}{first:>8.1f}", flush=True)


PARTS = ("heads-up", "tables", "ladder", "mixes", "times")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", choices=PARTS, default=list(PARTS), help="parts to run")
    parser.add_argument("--hands", type=int, default=3000, help="heads-up: deals per pair (each played twice)")
    parser.add_argument("--table-deals", type=int, default=600, help="five seats: deals per table (each played five times)")
    parser.add_argument("--tables", nargs="*", choices=TABLES, default=list(TABLES), help="five seats: which tables (tested:opponents)")
    parser.add_argument("--ladder-deals", type=int, default=300, help="ladder: deals per level (each played five times)")
    parser.add_argument("--mixes", nargs="*", default=["3445", "4555", "6666"],
                        help="mixes: candidate tables of four opponents for the fixed player (digits: levels)")
    parser.add_argument("--repeats", type=int, default=1,
                        help="ladder, mixes: independent matches of --ladder-deals per table, pooled (fresh bots each)")
    parser.add_argument("--jobs", type=int, default=1, help="ladder, mixes: worker processes (results do not depend on it)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 60 deals everywhere")
    parser.add_argument("--pairs", type=int, nargs="*", default=[2, 3, 4, 5, 6], help="heads-up: higher levels to test")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.quick:
        args.hands = args.table_deals = args.ladder_deals = 60
    print(describe())
    print(f"at start: {load_average()}")
    started = time.perf_counter()
    if "heads-up" in args.only:
        heads_up(args.hands, args.pairs, args.seed)
    if "tables" in args.only:
        tables(args.table_deals, args.seed, args.tables)
    if "ladder" in args.only:
        ladder_difficulty(args.ladder_deals, args.seed, repeats=args.repeats, jobs=args.jobs)
    if "mixes" in args.only:
        ladder_difficulty(args.ladder_deals, args.seed, mixes=[tuple(int(c) for c in mix) for mix in args.mixes],
                          repeats=args.repeats, jobs=args.jobs)
    if "times" in args.only:
        times(20 if args.quick else 100, args.seed)
    print(f"\nat the end: {load_average()}; {time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()
