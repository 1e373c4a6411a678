"""Bots playing hands and matches among themselves (benchmarks and tests), each seeing only its own view.

:func:`duplicate_table` is how the benchmarks compare a player with a table: every deal is played
once with the tested player in each seat (same cards in each seat, same button), so the luck of
the deal cancels and what remains is mostly skill.

:func:`ladder_match` measures a table the way the Tournament Ladder is played: one match of the
level's number of hands, chips carried from hand to hand, the opponents built fresh for it (they
know nothing of the player when it starts), and the same match played once with the player in each
seat. Matches with the same seed deal the same cards, so a match of 16 hands starts with the very
hands of a match of 12: figures for the levels are paired match by match.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokerlab.bots import Bot, make_bot
from pokerlab.draw import HandState, Rules, ladder
from pokerlab.ladder import STARTING_CHIPS
from pokerlab.match import Match, seat_names


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


BotMaker = Callable[[int, int], Bot]
"""``make(level, seed)``: a new bot (:func:`pokerlab.bots.make_bot`, or a stand-in in tests)."""


@dataclass(frozen=True)
class LadderMatch:
    """One ladder match played once with the player in each seat.

    ``net``: the player's chips at the end less the chips it started with, per seat it sat in;
    ``advanced``: whether it finished with strictly more chips than each opponent (the ladder's
    rule), per seat; ``hands``: hands played, per seat (fewer than the level's when the player went
    out); ``deals``: each hand's button and seed, per seat (the same in every seat)."""

    net: tuple[int, ...]
    advanced: tuple[bool, ...]
    hands: tuple[int, ...]
    deals: tuple[tuple[tuple[int, int], ...], ...]


def play_match(player: Bot, opponents: Sequence[Bot], seat: int, hands: int, seed: int,
               rules: Rules | None = None, stack: int = STARTING_CHIPS) -> tuple[Match, tuple[tuple[int, int], ...]]:
    """One match of ``hands`` hands set up as :meth:`pokerlab.ladder.LadderRun.start` does (chips
    carried over, over early when the player has no chips left): ``player`` in ``seat`` acts on the
    learner's view and looks at it when each hand ends, as the opponents do; ``opponents`` sit in
    the other seats in order. Returns the finished match and each hand's button and seed."""
    rules = rules or ladder()
    others = iter(opponents)
    bots = {other: next(others) for other in range(rules.player_count) if other != seat}
    match = Match(rules, seat_names(rules.player_count), seat, bots, seed, stack,
                  hand_limit=hands, ends_when_learner_out=True)
    deals: list[tuple[int, int]] = []
    observe = getattr(player, "observe", None)
    while not match.is_over:
        hand = match.deal()
        deals.append((hand.dealer, int(hand.seed)))  # type: ignore[arg-type]
        while not hand.is_over:
            if match.is_bot_turn():
                match.bot_step()
            else:
                match.act(player.decide(match.learner_view(), hand.legal_actions()))
        if observe is not None:
            observe(match.learner_view())
    return match, tuple(deals)


def ladder_match(player: int, opponents: Sequence[int], hands: int, seed: int,
                 make: BotMaker = make_bot, rules: Rules | None = None) -> LadderMatch:
    """A ``player`` of that level against ``opponents`` (their levels) in one match of ``hands``
    hands, played once with the player in each seat (the opponents in the other seats in order).
    Every one of those plays builds all its bots afresh with ``make``, so no bot carries anything
    from an earlier match or seat; the match's ``seed`` decides the cards and the button."""
    rules = rules or ladder()
    seats = rules.player_count
    if len(opponents) != seats - 1:
        raise ValueError(f"{rules.name} seats {seats}: give {seats - 1} opponents, not {len(opponents)}.")
    nets, advanced, played, deals = [], [], [], []
    for seat in range(seats):
        me = make(player, seed * 7919 + seat)
        others = [make(level, seed * 7919 + 100 * (index + 1) + seat) for index, level in enumerate(opponents)]
        match, dealt = play_match(me, others, seat, hands, seed, rules)
        stacks = match.stacks
        nets.append(stacks[seat] - match.starting_stack)
        advanced.append(all(stacks[seat] > stacks[other] for other in range(seats) if other != seat))
        played.append(match.hand_number)
        deals.append(dealt)
    return LadderMatch(tuple(nets), tuple(advanced), tuple(played), tuple(deals))
