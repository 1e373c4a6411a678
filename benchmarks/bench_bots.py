"""Do the computer opponents' skill levels really rise, at the ladder as it is played, at the
five-seat table it uses and heads-up?

Run: ``python benchmarks/bench_bots.py`` (``--quick`` for a smoke run; ``--only`` to run some parts:
``heads-up``, ``tables``, ``ladder``, ``mixes``, ``habits``, ``times``). Rules: the Tournament
Ladder's (ante 5, bets 10/20, discard up to four). Results are the tested player's winnings in big
bets (20 chips) per 100 hands with a 95% interval (1.96 standard errors), all with duplicate
deals, which cancel most of the luck of the deal.

**The ladder as it is played** (``ladder``): a fixed player standing in for a learner (``--players``,
levels 3 and 4 by default) against each ladder level's four opponents (``pokerlab.ladder.LEVELS``)
in ``--matches`` matches of that level's number of hands (5, 8, 10, 12, 16, 16), set up as a ladder
run is: 500 chips each, carried from hand to hand, the match over early if the player has none
left. Every match is played five times, the player in each seat in turn, and every one of those
plays builds its opponents afresh (:func:`pokerlab.selfplay.matches.ladder_match`), so no opponent
knows anything of the player when a match starts, as at the real ladder. The matches have the same
seeds at every level: the same deals, a longer match continuing where a shorter one stops. Each
level prints its figure (the player's winnings per 100 of the level's hands, averaged over its
seats), the share of plays the player advanced from (strictly more chips than each opponent), and
the change from the level before with its paired 95% interval (match by match). ``mixes`` does the
same for candidate tables (``--mixes 4:2345 5:2555 ...``: the level whose match length to use, then
the four opponents), the way the ladder's mixes are chosen, on the matches of ``--mix-seed``: not
the deals ``ladder`` checks the chosen mixes on. ``--jobs`` plays matches in worker processes
(results do not depend on it).

Other parts: ``heads-up`` each level against the one below (``--hands`` deals, each played twice with
the seats swapped); ``tables`` each level against four of the level below, and level 6 against four
level-3 (``--table-deals`` deals, each played five times with the tested player in each seat, at five
tables that keep their bots for the whole run, stacks reset every hand); ``habits`` how each level
bets, calls and folds in self-play (what the lobby and the lessons say about the opponents);
``times`` the time per decision at a five-seat ladder table and the simulated hands per decision,
plus a cold start: creating the bot and its first decision in a fresh Python process (the counting
bots build their tables when created, not in the middle of a hand). Every row prints what it used,
the seconds taken and the load average (2 cores shared with other work make the times pessimistic,
never the results). Nothing is asserted; the figures are printed as measured.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

import numpy as np
from machine import describe, load_average

from pokerlab.bots import BOT_LEVELS, make_bot
from pokerlab.bots.seat_view import NOTHING
from pokerlab.draw import ladder
from pokerlab.ladder import LEVELS
from pokerlab.selfplay.matches import BotMaker, LadderMatch, TableResult, duplicate_table, ladder_match, play_hand
from pokerlab.selfplay.population import record

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


@dataclass(frozen=True)
class Row:
    """One table of :func:`ladder_rows`: a label, the four opponents' levels and the match length."""

    label: str
    opponents: tuple[int, ...]
    hands: int


@dataclass(frozen=True)
class RowResult:
    """A row's matches: per match, the player's winnings in big bets per 100 of the level's hands
    (averaged over the five seats it played the match from) and how many of those five plays it
    advanced from."""

    row: Row
    matches: tuple[LadderMatch, ...]

    @property
    def figures(self) -> TableResult:
        scale = 100 / (self.row.hands * BIG_BET)
        return TableResult(tuple(statistics.fmean(match.net) * scale for match in self.matches))

    @property
    def advanced(self) -> float:
        """The share of plays (a match from one seat) the player advanced from."""
        plays = [advanced for match in self.matches for advanced in match.advanced]
        return sum(plays) / len(plays)


def match_seeds(seed: int, matches: int) -> list[int]:
    """The seeds of ``matches`` matches: the same for every row, so every row plays the same deals."""
    return [seed * 1_000_003 + index for index in range(matches)]


def _play(task: tuple[int, tuple[int, ...], int, int, BotMaker]) -> LadderMatch:
    """One match of :func:`ladder_rows` (a top-level function, so worker processes can run it)."""
    player, opponents, hands, seed, make = task
    return ladder_match(player, opponents, hands, seed, make)


def ladder_rows(rows: list[Row], player: int, matches: int, seed: int, jobs: int = 1,
                make: BotMaker = make_bot) -> Iterator[RowResult]:
    """The fixed ``player`` against each row's table in ``matches`` matches of the row's length,
    every match with fresh bots and played once with the player in each seat; the matches have the
    same seeds at every row (so the same deals, the longer matches continuing where the shorter
    stop). ``jobs`` plays them in that many worker processes (results do not depend on it). Yields
    each row as soon as its matches are in."""
    seeds = match_seeds(seed, matches)
    tasks = [(player, row.opponents, row.hands, match, make) for row in rows for match in seeds]
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        played = iter(pool.map(_play, tasks, chunksize=4) if pool else map(_play, tasks))
        for row in rows:
            yield RowResult(row, tuple(next(played) for _ in seeds))


def ladder_difficulty(rows: list[Row], player: int, matches: int, seed: int, jobs: int = 1, what: str = "ladder level") -> None:
    """Print :func:`ladder_rows`: each row's figure and 95% interval, the share of plays advanced
    from, and the change from the row before with its paired 95% interval (the same matches)."""
    print(f"\na fixed level-{player} player at each {what}: {matches} matches per table of the level's number of hands, "
          f"the same deals at every table (seed {seed}), each match played five times (the player in every seat) "
          f"with fresh opponents; bb/100 = big bets per 100 of the level's hands")
    print(f"{'table':<8}{'opponents':<11}{'hands':>6}{'bb/100':>8}{'95% interval':>18}{'advanced':>10}{'vs row before':>15}"
          f"{'paired 95%':>18}  harder  {'matches':>7}{'s':>6}  load")
    before: TableResult | None = None
    started = time.perf_counter()
    for result in ladder_rows(rows, player, matches, seed, jobs):
        figures = result.figures
        line = (f"{result.row.label:<8}{''.join(map(str, result.row.opponents)):<11}{result.row.hands:>6}{figures.mean:>8.1f}"
                f"{interval(figures.mean, figures.half_width):>18}{result.advanced:>9.0%} ")
        if before is None:
            line += f"{'':>15}{'':>18}  {'':<6}"
        else:
            change = TableResult(tuple(now - then for now, then in zip(figures.per_deal, before.per_deal)))
            line += (f"{change.mean:>15.1f}{interval(change.mean, change.half_width):>18}"
                     f"  {'yes' if change.interval[1] < 0 else 'NO':<6}")
        print(f"{line}  {figures.deals:>7}{time.perf_counter() - started:>6.0f}  {os.getloadavg()[0]:.2f}", flush=True)
        before, started = figures, time.perf_counter()


def parse_mix(spec: str) -> Row:
    """``"5:2555"``: four opponents of levels 2, 5, 5, 5 for as many hands as ladder level 5 plays."""
    number, _, digits = spec.partition(":")
    if not (number.isdigit() and 1 <= int(number) <= len(LEVELS) and len(digits) == 4 and digits.isdigit()
            and all(digit in "123456" for digit in digits)):
        raise argparse.ArgumentTypeError(
            f"{spec!r}: write a candidate table as LEVEL:OPPONENTS, e.g. 5:2555 (level 5's 16 hands against "
            "four opponents of levels 2, 5, 5 and 5).")
    return Row(f"{number}:{digits}", tuple(int(digit) for digit in digits), LEVELS[int(number) - 1].hand_count)


def level_rows() -> list[Row]:
    return [Row(str(level.number), level.bot_levels, level.hand_count) for level in LEVELS]


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


def habits(matches: int, seed: int) -> None:
    """How each level bets, calls and folds, from self-play matches of ladder length with a random
    level in every seat (:func:`pokerlab.selfplay.population.record`, the self-play the readers' habits
    come from, here on other deals): what the lobby and the lessons say about each opponent."""
    started = time.perf_counter()
    records = record(matches, seed)
    print(f"\nhabits: {matches} self-play matches of ladder length, a random level in every seat (seed {seed}); "
          "share of the choices, with nothing owed (bets) and facing a bet (fold, call, raise)")
    print(f"{'level':<7}{'name':<14}{'before the draw: bets':>22}{'folds':>7}{'calls':>7}{'raises':>7}"
          f"{'after: bets':>13}{'folds':>7}{'calls':>7}{'raises':>7}{'choices':>9}")
    for level in range(1, 7):
        mine = [r for r in records if r[0] == level]
        line = f"{level:<7}{BOT_LEVELS[level][0]:<14}"
        for section, width in ((0, 22), (2, 13)):
            free = [r[4] for r in mine if r[1] == section and r[2] == NOTHING]
            owed = [r[4] for r in mine if r[1] == section and r[2] != NOTHING]
            line += f"{free.count('bet') / max(len(free), 1):>{width}.0%}"
            line += "".join(f"{owed.count(choice) / max(len(owed), 1):>7.0%}" for choice in ("fold", "call", "raise"))
        print(f"{line}{len(mine):>9}", flush=True)
    print(f"({time.perf_counter() - started:.0f} s, load {os.getloadavg()[0]:.2f})")


PARTS = ("heads-up", "tables", "ladder", "mixes", "habits", "times")
DEFAULT_MIXES = ("4:2255", "5:2555", "6:4466")


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", choices=PARTS, default=list(PARTS), help="parts to run")
    parser.add_argument("--hands", type=int, default=3000, help="heads-up: deals per pair (each played twice)")
    parser.add_argument("--table-deals", type=int, default=600, help="five seats: deals per table (each played five times)")
    parser.add_argument("--tables", nargs="*", choices=TABLES, default=list(TABLES), help="five seats: which tables (tested:opponents)")
    parser.add_argument("--matches", type=int, default=400, help="ladder, mixes: matches per table (each played five times)")
    parser.add_argument("--players", type=int, nargs="*", choices=range(1, 7), default=[3, 4],
                        help="ladder, mixes: levels of the fixed player standing in for a learner")
    parser.add_argument("--mixes", nargs="*", type=parse_mix, default=[parse_mix(mix) for mix in DEFAULT_MIXES],
                        help="mixes: candidate tables as LEVEL:OPPONENTS (the level gives the match length)")
    parser.add_argument("--mix-seed", type=int, default=7,
                        help="mixes: seed of the matches candidates are compared on (keep it apart from --seed, which checks the chosen mixes)")
    parser.add_argument("--jobs", type=int, default=1, help="ladder, mixes: worker processes (results do not depend on it)")
    parser.add_argument("--habit-matches", type=int, default=600, help="habits: self-play matches")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 60 deals or 12 matches everywhere")
    parser.add_argument("--pairs", type=int, nargs="*", default=[2, 3, 4, 5, 6], help="heads-up: higher levels to test")
    parser.add_argument("--seed", type=int, default=2026)
    return parser


def main() -> None:
    args = parser().parse_args()
    if args.quick:
        args.hands = args.table_deals = 60
        args.matches = 12
        args.habit_matches = 30
    print(describe())
    print(f"at start: {load_average()}")
    started = time.perf_counter()
    if "heads-up" in args.only:
        heads_up(args.hands, args.pairs, args.seed)
    if "tables" in args.only:
        tables(args.table_deals, args.seed, args.tables)
    for player in args.players:
        if "ladder" in args.only:
            ladder_difficulty(level_rows(), player, args.matches, args.seed, args.jobs)
        if "mixes" in args.only:
            ladder_difficulty(args.mixes, player, args.matches, args.mix_seed, args.jobs, "candidate table")
    if "habits" in args.only:
        habits(args.habit_matches, args.seed)
    if "times" in args.only:
        times(20 if args.quick else 100, args.seed)
    print(f"\nat the end: {load_average()}; {time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()
