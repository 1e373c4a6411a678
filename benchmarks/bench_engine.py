"""Complete hands per second with random legal play: pokerlab's draw engine against pokerkit.

Both engines play fixed-limit five-card draw (ante 5, bets 10/20, a bet and three raises per round,
up to three discards, 500 chips each) with every action chosen uniformly among the legal kinds by
the same kind of numpy generator. pokerkit has no five-card-draw preset, so its generic ``State`` is
built with two streets (the second a draw street) and every automation switched on, which is the
closest match; it evaluates every showdown hand too. Figures are the median of several runs; they are
printed, never asserted.

Run: ``python benchmarks/bench_engine.py [--seconds 2] [--runs 5]``
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pokerlab.draw import HandState, five_card_draw, random_legal_action  # noqa: E402


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return (f"{platform.platform()} | {cpu} | {os.cpu_count()} cores | Python {platform.python_version()} | "
            f"numpy {np.__version__}")


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


def hands_per_second(play: Callable[[np.random.Generator], None], seconds: float, seed: int) -> float:
    rng = np.random.default_rng(seed)
    count = 0
    start = time.perf_counter()
    while True:
        play(rng)
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (the median is printed)")
    args = parser.parse_args()
    print(machine())
    print(f"fixed-limit five-card draw, random legal play, median of {args.runs} runs of {args.seconds:g} s")
    for player_count in (2, 6):
        ours = statistics.median(
            hands_per_second(pokerlab_hand(player_count), args.seconds, seed) for seed in range(args.runs))
        line = f"{player_count} seats: pokerlab {ours:,.0f} hands/s"
        theirs_play = pokerkit_hand(player_count)
        if theirs_play is not None:
            theirs = statistics.median(
                hands_per_second(theirs_play, args.seconds, seed) for seed in range(args.runs))
            line += f" | pokerkit {theirs:,.0f} hands/s | ratio {ours / theirs:.1f}x"
        else:
            line += " | pokerkit not importable"
        print(line)


if __name__ == "__main__":
    main()
