"""Bots playing hands among themselves (benchmarks and tests), each seeing only its own view."""

from __future__ import annotations

import time
from collections.abc import Sequence

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
