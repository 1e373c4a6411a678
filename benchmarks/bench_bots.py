"""Do the computer opponents' skill levels really rise? Each level plays the one below heads-up.

Run: ``python benchmarks/bench_bots.py`` (``--hands N`` deals per pair, ``--quick`` for a smoke run,
``--pairs 5`` to run only some pairs). Table: the Tournament Ladder's rules at two seats (ante 5,
bets 10/20, discard up to four), both stacks reset to 500 every hand. Every deal is played twice
with the seats swapped (same cards, same button), which cancels most of the luck of the deal. The
result is the higher level's winnings in big bets (20 chips) per 100 hands with a 95% interval
(1.96 standard errors over the duplicated deals), and the time each level takes per decision at a
five-seat ladder table, plus a cold start: creating the bot and its first decision in a fresh
Python process (the counting bots build their tables when created, not in the middle of a hand).
Nothing is asserted; the figures are printed as measured.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import subprocess
import sys
import time

import numpy as np

from machine import describe, load_average
from pokerlab.bots import BOT_LEVELS, make_bot
from pokerlab.bots.selfplay import play_hand
from pokerlab.draw import ladder

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


def decision_times(level: int, hands: int, seed: int) -> tuple[list[float], list[float]]:
    """Seconds per decision for ``level`` at a full five-seat ladder table against level 3: by the
    clock, and in processor time of this thread."""
    bots = [make_bot(level, seed), *(make_bot(3, seed + i) for i in range(1, 5))]
    rules = ladder()
    steps: list[float] = []
    cpu_steps: list[float] = []
    mine: list[float] = []
    mine_cpu: list[float] = []
    for hand in range(hands):
        before = len(steps)
        state = play_hand(rules, bots, [STACK] * 5, hand % 5, seed + hand, hand + 1, timings=steps, cpu_timings=cpu_steps)
        actors = [event.seat for event in state.events if event.kind in ("fold", "check", "call", "bet", "raise", "all_in", "draw")]
        for wall, cpu, seat in zip(steps[before:], cpu_steps[before:], actors):
            if seat == 0:
                mine.append(wall)
                mine_cpu.append(cpu)
    return mine, mine_cpu


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="deals per pair (each played twice)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 200 deals per pair")
    parser.add_argument("--pairs", type=int, nargs="*", default=[2, 3, 4, 5, 6], help="higher levels to test")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    deals = 200 if args.quick else args.hands
    print(describe())
    print(f"at start: {load_average()}")
    print(f"heads-up ladder rules, {deals} deals per pair, each played twice with seats swapped\n")
    print(f"{'pair':<10}{'bb/100 (higher level)':>24}{'95% interval':>22}  separated")
    for high in args.pairs:
        started = time.perf_counter()
        mean, half = duel(high, high - 1, deals, args.seed + high)
        low, up = mean - half, mean + half
        print(f"{high} vs {high - 1:<5}{mean:>24.1f}{f'[{low:.1f}, {up:.1f}]':>22}  "
              f"{'yes' if low > 0 else 'NO'}   ({time.perf_counter() - started:.0f} s)", flush=True)
    print("\ntime per decision at a five-seat ladder table (four level-3 opponents), milliseconds")
    print("(cold start, fresh process: import of pokerlab.bots, creating the bot, its first decision)")
    print("(clock time; cpu = this thread's processor time, which other work on the machine does not inflate)")
    print(f"{'level':<8}{'name':<14}{'decisions':>10}{'median':>8}{'p99':>8}{'max':>8}{'cpu p99':>9}{'cpu max':>9}"
          f"{'import':>9}{'create':>9}{'first':>8}")
    for level in range(1, 7):
        times, cpu = decision_times(level, 20 if args.quick else 100, args.seed + 7)
        ms, cpu_ms = np.array(times) * 1000, np.array(cpu) * 1000
        imported, created, first = cold_start(level)
        print(f"{level:<8}{BOT_LEVELS[level][0]:<14}{len(ms):>10}{np.median(ms):>8.2f}{np.percentile(ms, 99):>8.2f}"
              f"{ms.max():>8.2f}{np.percentile(cpu_ms, 99):>9.2f}{cpu_ms.max():>9.2f}"
              f"{imported:>9.0f}{created:>9.0f}{first:>8.1f}")
    print(f"\nat the end: {load_average()}")


if __name__ == "__main__":
    main()
