"""Four Rows players compared: mean final score with a 95% interval, and the hint bot's time per move.

Every game is seeded (game i uses seed i) and played on a clock that never moves, so each score
includes the full time bonus of 1,200 and the figures compare play, not speed.

    .venv/bin/python benchmarks/bench_rows.py            # 1,000 games per player
    .venv/bin/python benchmarks/bench_rows.py --games 50 # a quick run
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path


sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from machine import describe, load_average  # noqa: E402
from pokerlab.rows.clocks import ManualClock  # noqa: E402
from pokerlab.rows.game import FourRows  # noqa: E402
from pokerlab.rows.hint import PLAYERS  # noqa: E402


def run(name: str, games: int) -> tuple[list[int], float, int]:
    """Scores of ``games`` seeded games, seconds spent choosing moves, and the number of moves."""
    scores, thinking, moves = [], 0.0, 0
    for seed in range(games):
        player = PLAYERS[name](seed)
        game = FourRows(seed, ManualClock())
        while not game.is_over:
            view = game.view()
            start = time.perf_counter()
            action = player.choose(view)
            thinking += time.perf_counter() - start
            moves += 1
            game.apply(action)
        scores.append(game.score)
    return scores, thinking, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per player (default 1000)")
    parser.add_argument("--players", nargs="+", default=list(PLAYERS), choices=list(PLAYERS))
    args = parser.parse_args()
    print(describe())
    print(load_average())
    print(f"{args.games} seeded games per player, clock ignored (time bonus 1,200 in every score)")
    for name in args.players:
        scores, thinking, moves = run(name, args.games)
        mean = statistics.fmean(scores)
        half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else float("nan")
        print(f"{name:>7}: mean {mean:8.1f} ± {half:5.1f} (95% CI {mean - half:.1f} to {mean + half:.1f}); "
              f"{1000 * thinking / moves:6.2f} ms per move over {moves} moves")


if __name__ == "__main__":
    main()
