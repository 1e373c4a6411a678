"""Bots playing hands among themselves (benchmarks and tests), each seeing only its own view.

:func:`duplicate_table` is how the benchmarks compare a player with a table: every deal is played
once with the tested player in each seat (same cards in each seat, same button), so the luck of
the deal cancels and what remains is mostly skill.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokerlab.bots import Bot
from pokerlab.draw import HandState, Rules


def play_hand(
    rules: Rules, bots: Sequence[Bot], stacks: Sequence[int], dealer: int, seed: int,
    hand_number: int = 1, timings: list[float] | None = None, cpu_timings: list[float] | None = None,
) -> HandState:
    """Play one hand to the end; ``timings`` (if given) collects seconds per decision by the clock,
    ``cpu_timings`` the processor seconds this thread spent on each (what a busy machine's other
    work does not inflate)."""
    state = HandState(rules, stacks, dealer, seed)
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        view = state.view(seat)
        view["hand_number"] = hand_number
        started, cpu_started = time.perf_counter(), time.thread_time()
        action = bots[seat].decide(view, state.legal_actions())
        if timings is not None:
            timings.append(time.perf_counter() - started)
        if cpu_timings is not None:
            cpu_timings.append(time.thread_time() - cpu_started)
        state.apply(action)
    for seat, bot in enumerate(bots):
        observe = getattr(bot, "observe", None)
        if observe is not None:
            observe({**state.view(seat), "hand_number": hand_number})
    return state


@dataclass(frozen=True)
class TableResult:
    """The tested player's winnings per deal (in big bets per 100 hands, averaged over its seats)."""

    per_deal: tuple[float, ...]

    @property
    def deals(self) -> int:
        return len(self.per_deal)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.per_deal)

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean (1.96 standard errors over the deals)."""
        if len(self.per_deal) < 2:
            return float("inf")
        return 1.96 * statistics.stdev(self.per_deal) / len(self.per_deal) ** 0.5

    @property
    def interval(self) -> tuple[float, float]:
        return self.mean - self.half_width, self.mean + self.half_width


def duplicate_table(
    rules: Rules,
    tested: Callable[[int], Bot],
    opponents: Sequence[Callable[[int], Bot]],
    deals: int,
    seed: int,
    stack: int = 500,
    big_bet: int | None = None,
) -> TableResult:
    """``tested`` against ``opponents`` (one maker per other seat, called with a seed) with duplicate
    deals: there are as many tables as seats, table ``t`` seats the tested player at seat ``t`` and
    the opponents in the other seats in order; every table keeps its own bots for the whole run (so
    bots that learn about their opponents learn as in a match) and plays the same deals. Stacks are
    reset to ``stack`` every hand; a big bet is the last round's smallest bet unless ``big_bet`` says. Returns the tested player's big bets per 100 hands per deal,
    averaged over the tables."""
    seats = rules.player_count
    if len(opponents) != seats - 1:
        raise ValueError(f"{rules.name} seats {seats}: give {seats - 1} opponents, not {len(opponents)}.")
    big = big_bet if big_bet is not None else rules.limits[-1][0]
    tables: list[list[Bot]] = []
    for table in range(seats):
        others = iter(range(seats - 1))
        row: list[Bot] = []
        for seat in range(seats):
            if seat == table:
                row.append(tested(seed * 7919 + table))
            else:
                index = next(others)
                row.append(opponents[index](seed * 7919 + 100 * (index + 1) + table))
        tables.append(row)
    per_deal = []
    for deal in range(deals):
        hand_seed = seed * 1_000_003 + deal
        total = 0
        for table, bots in enumerate(tables):
            state = play_hand(rules, bots, [stack] * seats, deal % seats, hand_seed, hand_number=deal + 1)
            total += state.results.net[table]  # type: ignore[union-attr]
        per_deal.append(total / seats / big * 100)
    return TableResult(tuple(per_deal))
