"""Complete hands per second with random legal play: pokerlab's draw engine against pokerkit.

Both engines play fixed-limit five-card draw (ante 5, bets 10/20, a bet and three raises per round,
up to three discards, 500 chips each) with every action chosen uniformly among the legal kinds by
the same kind of numpy generator. pokerkit has no five-card-draw preset, so its generic ``State`` is
built with two streets (the second a draw street) and every automation switched on, which is the
closest match; it evaluates every showdown hand too.

The workload is fixed: run ``i`` plays a set number of hands from generator seed ``i`` on each engine,
so every invocation times exactly the same hands per engine. Runs of the two engines alternate (a change
of machine load hits both), and the median rate is printed with the range of the runs, the ratio of the
medians and the median of the per-run ratios (run ``i`` of each engine, timed back to back). The load
average before and after is printed too: a busy machine lowers the figures.
Figures are printed, never asserted.

Run: ``python benchmarks/bench_engine.py [--runs 7] [--hands 8000] [--pokerkit-hands 600]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from machine import describe, load_average  # noqa: E402
from pokerlab.draw import HandState, five_card_draw, random_legal_action  # noqa: E402


def pokerlab_hand(player_count: int) -> Callable[[np.random.Generator], None]:
    rules = five_card_draw(player_count=player_count)
    stacks = [500] * player_count

    def play(rng: np.random.Generator) -> None:
        state = HandState(rules, stacks, 0, rng)
        while not state.is_over:
            state.apply(random_legal_action(state, rng))

    return play


def pokerkit_hand(player_count: int) -> Callable[[np.random.Generator], None] | None:
    try:
        from pokerkit import (
            Automation, BettingStructure, Deck, Opening, StandardHighHand, State, Street,
        )
    except ImportError:
        return None
    automations = tuple(Automation)

    def play(rng: np.random.Generator) -> None:
        state = State(
            automations, Deck.STANDARD, (StandardHighHand,),
            (Street(False, (False,) * 5, 0, False, Opening.POSITION, 10, 4),
             Street(False, (), 0, True, Opening.POSITION, 20, 4)),
            BettingStructure.FIXED_LIMIT, True, 5, (0,) * player_count, 0, 500, player_count,
        )
        while state.status:
            options = []
            if state.can_fold():
                options.append("fold")
            if state.can_check_or_call():
                options.append("call")
            if state.can_complete_bet_or_raise_to():
                options.append("raise")
            if state.can_stand_pat_or_discard():
                options.append("draw")
            choice = options[int(rng.random() * len(options))]
            if choice == "fold":
                state.fold()
            elif choice == "call":
                state.check_or_call()
            elif choice == "raise":
                state.complete_bet_or_raise_to()
            else:
                hole = state.hole_cards[state.stand_patter_or_discarder_index]
                count = int(rng.random() * 4)
                order = rng.permutation(len(hole)).tolist()
                state.stand_pat_or_discard([hole[i] for i in order[:count]])

    return play


def hands_per_second(play: Callable[[np.random.Generator], None], hands: int, seed: int) -> float:
    """Play a fixed, seeded workload of ``hands`` hands; their rate."""
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    for _ in range(hands):
        play(rng)
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per engine and table size (the median is printed)")
    parser.add_argument("--hands", type=int, default=8000, help="pokerlab hands per run")
    parser.add_argument("--pokerkit-hands", type=int, default=600, help="pokerkit hands per run")
    args = parser.parse_args()
    print(describe())
    print(f"before: {load_average()}")
    print(f"fixed-limit five-card draw, random legal play; median of {args.runs} runs, run i = seed i, "
          f"{args.hands} pokerlab / {args.pokerkit_hands} pokerkit hands per run")
    for player_count in (2, 6):
        ours_play, theirs_play = pokerlab_hand(player_count), pokerkit_hand(player_count)
        ours: list[float] = []
        theirs: list[float] = []
        for seed in range(args.runs):
            ours.append(hands_per_second(ours_play, args.hands, seed))
            if theirs_play is not None:
                theirs.append(hands_per_second(theirs_play, args.pokerkit_hands, seed))
        mine = statistics.median(ours)
        line = f"{player_count} seats: pokerlab {mine:,.0f} hands/s ({min(ours):,.0f}-{max(ours):,.0f})"
        if theirs:
            other = statistics.median(theirs)
            paired = statistics.median(a / b for a, b in zip(ours, theirs))
            line += (f" | pokerkit {other:,.0f} hands/s ({min(theirs):,.0f}-{max(theirs):,.0f})"
                     f" | ratio of medians {mine / other:.1f}x, median of paired runs {paired:.1f}x")
        else:
            line += " | pokerkit not importable"
        print(line)
    print(f"after: {load_average()}")


if __name__ == "__main__":
    main()
