"""Complete hands per second, equal work: pokerlab's draw engine against pokerkit, one policy on both.

Both engines play fixed-limit five-card draw (ante 5, bets 10/20, a bet and three raises per round,
up to three discards, 500 chips each) with ONE policy, so both do the same work per hand:

- never fold; when both are open, check/call or bet/raise with equal chance;
- at the draw, discard 0-3 of the five cards, chosen at random.

The policy's coin flips come from a numpy generator (the first pair of lines) and again from the
standard library's ``random`` (the second pair, "stdlib policy"): one numpy scalar draw costs about
as much as a small engine step, so with numpy the policy's own cost, the same on both engines, is a
large part of pokerlab's time and narrows the ratio; with ``random`` it stays small. The cards are
dealt by each engine's own shuffle either way.

Each engine's line prints hands per second, actions per second and the mean number of actions per
hand (draws included), so a reader can check that the work is the same. pokerkit has no
five-card-draw preset, so its generic ``State`` is built with two streets (the second a draw street)
and every automation switched on, which is the closest match; it evaluates every showdown hand too.

A second pokerlab line, labelled as such, times ``random_legal_action`` (pokerlab's own random
legal play: folds, all kinds, random amounts), which makes much shorter hands: it is not compared.

The workload is fixed: run ``i`` plays a set number of hands from generator seed ``i`` on each engine.
Runs of the two engines alternate (a change of machine load hits both); the median rate is printed
with the range of the runs, the ratio of the medians and the median of the per-run ratios. The load
average before and after is printed too: a busy machine lowers the figures. ``--clock cpu`` times
each run by this process's CPU time instead of the wall clock: both engines are single-threaded
Python, so it measures the same work while other programs disturb it less (caches are still
shared, so a busy machine still moves it). Nothing is asserted.

Run: ``python benchmarks/bench_engine.py [--runs 7] [--hands 3000] [--pokerkit-hands 300] [--clock cpu]``
(``--profile SEATS`` prints a cProfile of pokerlab's equal-work hands instead; ``--engine-share`` the
engine's share of pokerlab's time: the same hands replayed from their recorded actions, no policy).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from machine import describe, load_average  # noqa: E402

from pokerlab.draw import Action, ActionKind, HandState, Phase, five_card_draw, random_legal_action  # noqa: E402

Play = Callable[[np.random.Generator, "Policy"], int]
"""Plays one hand (the engine deals with the numpy generator, the policy flips its own coins);
returns the number of actions taken."""


class Policy:
    """The shared policy's randomness: a coin in [0, 1) and a shuffled order of five cards, drawn
    from the engine's numpy generator (as before the stdlib line existed) or from the standard
    library's ``random`` seeded alike (see the module docs)."""

    def __init__(self, seed: int, source: str, rng: np.random.Generator) -> None:
        if source == "numpy":
            self.coin: Callable[[], float] = rng.random
            self.order: Callable[[int], list[int]] = lambda n: rng.permutation(n).tolist()
        elif source == "stdlib":
            rng_std = random.Random(seed)
            indices = list(range(5))
            self.coin = rng_std.random
            self.order = lambda n: rng_std.sample(indices[:n], n)
        else:
            raise ValueError(f"unknown policy source {source!r} (numpy or stdlib)")

_DRAW, _CHECK, _BET, _RAISE = ActionKind.DRAW, ActionKind.CHECK, ActionKind.BET, ActionKind.RAISE
_DRAW_PHASE = Phase.DRAW


def pokerlab_hand(player_count: int) -> Play:
    """The shared policy on pokerlab's engine (its public API only: phase, legal actions, apply)."""
    rules = five_card_draw(player_count=player_count)
    stacks = [500] * player_count
    check, call = Action.check(), Action.call()

    def play(rng: np.random.Generator, policy: Policy) -> int:
        coin = policy.coin
        state = HandState(rules, stacks, 0, rng)
        actions = 0
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase is _DRAW_PHASE:
                hand = state.cards(state.actor)  # type: ignore[arg-type]
                count = int(coin() * 4)
                order = policy.order(len(hand))
                action = Action(_DRAW, None, tuple(hand[i] for i in order[:count]))
            else:
                aggressive = passive = None
                for choice in legal:
                    kind = choice.kind
                    if kind is _BET or kind is _RAISE:
                        aggressive = choice
                    elif kind is _CHECK:
                        passive = check
                if aggressive is not None and coin() < 0.5:
                    action = Action(aggressive.kind, aggressive.min_to)  # fixed limit: one amount
                else:
                    action = passive or call
            state.apply(action)
            actions += 1
        return actions

    return play


def pokerlab_random_hand(player_count: int) -> Play:
    """pokerlab's own random legal play (folds included): shorter hands, shown for reference only."""
    rules = five_card_draw(player_count=player_count)
    stacks = [500] * player_count

    def play(rng: np.random.Generator, policy: Policy) -> int:
        state = HandState(rules, stacks, 0, rng)
        actions = 0
        while not state.is_over:
            state.apply(random_legal_action(state, rng))
            actions += 1
        return actions

    return play


def pokerkit_hand(player_count: int) -> Play | None:
    """The shared policy on pokerkit's engine."""
    try:
        from pokerkit import (
            Automation,
            BettingStructure,
            Deck,
            Opening,
            StandardHighHand,
            State,
            Street,
        )
    except ImportError:
        return None
    automations = tuple(Automation)

    def play(rng: np.random.Generator, policy: Policy) -> int:
        coin = policy.coin
        state = State(
            automations, Deck.STANDARD, (StandardHighHand,),
            (Street(False, (False,) * 5, 0, False, Opening.POSITION, 10, 4),
             Street(False, (), 0, True, Opening.POSITION, 20, 4)),
            BettingStructure.FIXED_LIMIT, True, 5, (0,) * player_count, 0, 500, player_count,
        )
        actions = 0
        while state.status:
            if state.can_stand_pat_or_discard():
                hole = state.hole_cards[state.stand_patter_or_discarder_index]
                count = int(coin() * 4)
                order = policy.order(len(hole))
                state.stand_pat_or_discard([hole[i] for i in order[:count]])
            elif state.can_complete_bet_or_raise_to() and coin() < 0.5:
                state.complete_bet_or_raise_to()
            else:
                state.check_or_call()
            actions += 1
        return actions

    return play


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
"""``cpu`` counts only the time this process ran: other programs on a busy machine disturb it less
(both engines are single-threaded Python, so it is a fair measure of their work)."""


def timed(play: Play, hands: int, seed: int, clock: str = "wall", source: str = "numpy") -> tuple[float, float, float]:
    """Play a fixed, seeded workload of ``hands`` hands, the policy's coins from ``source``:
    (hands/s, actions/s, actions per hand)."""
    now = CLOCKS[clock]
    rng = np.random.default_rng(seed)
    policy = Policy(seed, source, rng)
    actions = 0
    start = now()
    for _ in range(hands):
        actions += play(rng, policy)
    seconds = now() - start
    return hands / seconds, actions / seconds, actions / hands


def _line(name: str, runs: list[tuple[float, float, float]]) -> str:
    rates = [run[0] for run in runs]
    return (f"{name:<24} {statistics.median(rates):>9,.0f} hands/s ({min(rates):,.0f}-{max(rates):,.0f})"
            f" {statistics.median(run[1] for run in runs):>10,.0f} actions/s"
            f"  {statistics.mean(run[2] for run in runs):5.1f} actions/hand")


def profile(player_count: int, hands: int) -> None:
    play = pokerlab_hand(player_count)
    rng = np.random.default_rng(0)
    policy = Policy(0, "numpy", rng)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(hands):
        play(rng, policy)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


class _RecordedHand(HandState):
    """A hand that keeps itself in ``kept`` (the recording pass of :func:`engine_share` only)."""

    __slots__ = ()
    kept: list[HandState] = []

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.kept.append(self)


def engine_share(player_count: int, hands: int, clock: str = "cpu") -> tuple[float, float]:
    """(µs a hand of the equal-work hands with the stdlib policy, µs a hand of the engine alone): the
    same hands replayed from their recorded generator states and actions, asking for the legal actions
    before each action as the policy does, with no policy. Shows how much of pokerlab's time is the
    engine's own (the timed passes are :func:`timed`'s loop and a plain replay)."""
    rate = timed(pokerlab_hand(player_count), hands, 0, clock, "stdlib")[0]
    global HandState
    engine_class, HandState = HandState, _RecordedHand  # the recording pass: play builds _RecordedHand
    try:
        _RecordedHand.kept = []
        timed(pokerlab_hand(player_count), hands, 0, clock, "stdlib")
        recorded = _RecordedHand.kept
    finally:
        HandState = engine_class
    rules, stacks = five_card_draw(player_count=player_count), [500] * player_count
    replays = []
    for hand in recorded:
        generator = np.random.Generator(np.random.PCG64())
        generator.bit_generator.state = hand.seed
        replays.append((generator, hand.actions))
    now = CLOCKS[clock]
    start = now()
    for generator, actions in replays:
        state = HandState(rules, stacks, 0, generator)
        for action in actions:
            state.legal_actions()
            state.apply(action)
    engine = (now() - start) / hands * 1e6
    if state.events != recorded[-1].events:  # the stdlib policy leaves the generator to the engine alone
        raise AssertionError("the replayed hand differs from the recorded one")
    return 1e6 / rate, engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per engine and table size (the median is printed)")
    parser.add_argument("--hands", type=int, default=3000, help="pokerlab hands per run")
    parser.add_argument("--pokerkit-hands", type=int, default=300, help="pokerkit hands per run")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                        help="wall-clock time (default) or this process's CPU time (steadier on a busy machine)")
    parser.add_argument("--engine-share", action="store_true",
                        help="print the engine's share of pokerlab's time (the hands replayed without the policy) instead")
    parser.add_argument("--profile", type=int, default=0, metavar="SEATS",
                        help="print a cProfile of pokerlab's equal-work hands at SEATS seats instead")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, args.hands)
        return
    if args.engine_share:
        print(describe())
        print(f"before: {load_average()}")
        for player_count in (2, 6):
            shares = [engine_share(player_count, args.hands, args.clock) for _ in range(args.runs)]
            full, engine = statistics.median(s[0] for s in shares), statistics.median(s[1] for s in shares)
            print(f"{player_count} seats: {full:.1f} µs a hand with the stdlib policy, the engine alone {engine:.1f}"
                  f" ({engine / full:.0%}); median of {args.runs} runs of {args.hands} hands, {args.clock} clock")
        print(f"after: {load_average()}")
        return
    print(describe())
    print(f"before: {load_average()}")
    print(f"fixed-limit five-card draw, one policy on both engines (never fold; check/call or bet/raise "
          f"at even odds; discard 0-3 at random); median of {args.runs} runs, run i = seed i, "
          f"{args.hands} pokerlab / {args.pokerkit_hands} pokerkit hands per run, {args.clock} clock")
    for player_count in (2, 6):
        ours_play, theirs_play = pokerlab_hand(player_count), pokerkit_hand(player_count)
        random_play = pokerlab_random_hand(player_count)
        runs: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
        for seed in range(args.runs):
            for source in ("numpy", "stdlib"):
                runs.setdefault(("pokerlab", source), []).append(timed(ours_play, args.hands, seed, args.clock, source))
                if theirs_play is not None:
                    runs.setdefault(("pokerkit", source), []).append(
                        timed(theirs_play, args.pokerkit_hands, seed, args.clock, source))
            runs.setdefault(("random", "numpy"), []).append(timed(random_play, args.hands, seed, args.clock))
        print(f"\n{player_count} seats:")
        for source, label in (("numpy", ""), ("stdlib", " (stdlib policy)")):
            ours, theirs = runs[("pokerlab", source)], runs.get(("pokerkit", source), [])
            print("  " + _line("pokerlab" + label, ours))
            if theirs:
                print("  " + _line("pokerkit" + label, theirs))
                mine, other = statistics.median(r[0] for r in ours), statistics.median(r[0] for r in theirs)
                paired = statistics.median(a[0] / b[0] for a, b in zip(ours, theirs))
                print(f"  pokerlab / pokerkit{label}: ratio of medians {mine / other:.1f}x, "
                      f"median of paired runs {paired:.1f}x")
            else:
                print("  pokerkit not importable")
        print("  " + _line("(pokerlab random play)", runs[("random", "numpy")])
              + "  <- its own random legal play, shorter hands: not compared")
    print(f"\nafter: {load_average()}")


if __name__ == "__main__":
    main()
