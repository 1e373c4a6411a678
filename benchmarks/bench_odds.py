"""Draw-odds speed: exact odds for every legal choice of one hand, simulated showdowns, the coach's
whole answer and the review of a whole hand.

Goals (2-core machine): all choices with a three-card limit in at most 50 ms, with a four-card limit
in at most 200 ms; 100,000 showdowns against 3 opponents in under 1 s; the coach's whole answer (every
legal discard's chance to win the pot, 20,000 deals on common random numbers, plus the exact odds) in
at most 300 ms; the review of a whole hand in at most 1 s. Each figure is the median of
several runs after one warm-up run (which fills the combination cache; its time is printed too).
The naive route, ``evaluate()`` called once per replacement, is timed on one choice and
extrapolated to all choices in proportion to the number of hands evaluated.

Run: ``python benchmarks/bench_odds.py``
"""

from __future__ import annotations

import itertools
import time
from math import comb

from machine import describe, load_average, median_seconds

from pokerlab import ALL_CARDS, evaluate, parse_cards
from pokerlab.coach.advice import TRIALS, advise
from pokerlab.coach.equity import deal_pool, simulate_equity
from pokerlab.coach.exact import draw_odds, legal_discards, replacement_indices, unseen_cards
from pokerlab.coach.seat_review import review_hand
from pokerlab.draw import Action, HandState, five_card_draw

HAND = parse_cards("Kh Kd 7s 4c 2d")
RUNS = 7


def median_cpu_seconds(job, runs: int) -> float:  # noqa: ANN001 - a no-argument callable
    """Median processor time of this process per run: on a machine shared with other work it shows
    what the job costs by itself (wall time, printed beside it, is what a learner waits)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        job()
        times.append(time.process_time() - start)
    return sorted(times)[runs // 2]


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

    deal_pool.cache_clear()
    start = time.perf_counter()
    deal_pool()
    print(f"\ncoach: the deal pool (built once per process) {(time.perf_counter() - start) * 1000:.0f} ms")
    for hand, limit in (("Kh Kd As 4c 2d", 3), ("4c 4h 9h 7h 2h", 3), ("As Kd 9h 6c 2d", 4)):
        for opponents in (1, 2, 4, 5):
            advise(hand, opponents=opponents, discard_limit=limit)  # warm-up
            seconds = median_seconds(lambda: advise(hand, opponents=opponents, discard_limit=limit), RUNS)
            cpu = median_cpu_seconds(lambda: advise(hand, opponents=opponents, discard_limit=limit), RUNS)
            advice = advise(hand, opponents=opponents, discard_limit=limit)
            runner_up = advice.choices[1].behind_margin
            verdict = "meets" if seconds <= 0.300 else "MISSES"
            print(f"coach's whole answer, {hand} (limit {limit}, {len(advice.choices)} choices) against {opponents}: "
                  f"{seconds * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU (goal 300 ms wall: {verdict}); "
                  f"{TRIALS:,} deals, win chances ± "
                  f"{max(c.margin for c in advice.choices):.1%}, the runner-up's difference to the best ± {runner_up:.2%}")

    events = scripted_hand().events
    for trials in (5_000, TRIALS // 2):
        review_hand(events, seat=2, big_bet=20, trials=trials, rng=1)  # warm-up
        seconds = median_seconds(lambda: review_hand(events, seat=2, big_bet=20, trials=trials, rng=1), 5)
        cpu = median_cpu_seconds(lambda: review_hand(events, seat=2, big_bet=20, trials=trials, rng=1), 5)
        review = review_hand(events, seat=2, big_bet=20, trials=trials, rng=1)
        verdict = "meets" if seconds <= 1 else "MISSES"
        print(f"review of a whole hand ({len(review.decisions)} decisions, three players, {trials:,} deals each): "
              f"{seconds * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU (goal 1 s wall: {verdict})")
    print(load_average())


def scripted_hand() -> HandState:
    """Three players; seat 2 (reviewed) bets before the draw, draws after the others, bets after it."""
    hands = [parse_cards("Qh Qc 9s 8c 3d"), parse_cards("Jh Jd 5s 5c 2d"), parse_cards("Kh Kd As 4c 2h")]
    dealt = [card for round_ in zip(*hands) for card in round_]
    rest = [card for card in ALL_CARDS if card not in dealt]
    state = HandState(five_card_draw(player_count=3), stacks=[500, 500, 500], dealer=2, rng=0, deck=dealt + rest)
    plan = [Action.check(), Action.check(), Action.bet(10), Action.call(), Action.raise_to(20), Action.call(),
            Action.call(), Action.draw("9s 8c 3d"), Action.draw("2d"), Action.draw("4c 2h"), Action.bet(20),
            Action.call(), Action.raise_to(40), Action.call(), Action.call()]
    for action in plan:
        state.apply(action)
    return state


if __name__ == "__main__":
    main()
