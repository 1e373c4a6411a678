"""Draw-odds speed: exact odds for every legal choice of one hand, and simulated showdowns.

Goals (2-core machine): all choices with a three-card limit in at most 50 ms, with a four-card limit
in at most 200 ms; 100,000 showdowns against 3 opponents in under 1 s. Each figure is the median of
several runs after one warm-up run (which fills the combination cache; its time is printed too).
The naive route, ``evaluate()`` called once per replacement, is timed on one choice and
extrapolated to all choices in proportion to the number of hands evaluated.

Run: ``python benchmarks/bench_odds.py``
"""

from __future__ import annotations

import itertools
from math import comb
import time


from machine import describe, load_average, median_seconds
from pokerlab import evaluate, parse_cards
from pokerlab.odds import draw_odds, legal_discards, replacement_indices, simulate_equity, unseen_cards

HAND = parse_cards("Kh Kd 7s 4c 2d")
RUNS = 7


def hands_evaluated(discard_limit: int) -> int:
    return sum(comb(47, len(d)) for d in legal_discards(HAND, discard_limit))


def naive_one_choice(drawn: int) -> float:
    """Seconds for evaluate() on every replacement of one ``drawn``-card choice."""
    keep = list(HAND[: 5 - drawn])
    pool = unseen_cards(HAND)
    start = time.perf_counter()
    counts = [0] * 9
    for extra in itertools.combinations(pool, drawn):
        counts[evaluate(keep + list(extra)).category] += 1
    return time.perf_counter() - start


def main() -> None:
    print("pokerlab draw-odds benchmark")
    print(describe())
    print(load_average())
    print(f"hand: {' '.join(map(str, HAND))}; median of {RUNS} runs\n")

    for limit, goal in ((3, 0.050), (4, 0.200)):
        replacement_indices.cache_clear()
        start = time.perf_counter()
        draw_odds(HAND, discard_limit=limit)
        cold = time.perf_counter() - start
        warm = median_seconds(lambda: draw_odds(HAND, discard_limit=limit), RUNS)
        choices = len(legal_discards(HAND, limit))
        total = hands_evaluated(limit)
        verdict = "meets" if warm <= goal else "MISSES"
        print(
            f"exact odds, {choices} choices (limit {limit}, {total:,} hands): {warm * 1000:.1f} ms "
            f"(goal {goal * 1000:.0f} ms: {verdict}); first call (builds the combination arrays, and the strength table if not yet built) {cold * 1000:.1f} ms"
        )
        drawn = 3 if limit == 3 else 4
        naive = naive_one_choice(drawn)
        per_hand = naive / comb(47, drawn)
        print(
            f"  naive evaluate() per replacement: measured {naive * 1000:.0f} ms for one {drawn}-card choice "
            f"({comb(47, drawn):,} hands), extrapolated to all {total:,} hands: {per_hand * total:.2f} s"
        )

    trials = 100_000
    simulate_equity(HAND, "7s 4c 2d", opponent_count=3, trials=10_000, rng=0, progress=False)  # warm-up
    seconds = median_seconds(
        lambda: simulate_equity(HAND, "7s 4c 2d", opponent_count=3, trials=trials, rng=0, progress=False), runs=5
    )
    result = simulate_equity(HAND, "7s 4c 2d", opponent_count=3, trials=trials, rng=0, progress=False)
    verdict = "meets" if seconds < 1 else "MISSES"
    print(f"\nsimulation: {trials:,} showdowns against 3 opponents in {seconds:.3f} s (goal < 1 s: {verdict}); {result}")


if __name__ == "__main__":
    main()
