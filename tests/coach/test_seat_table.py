"""The seat review's reading of the betting, from the public log, is the engine's (issue 31: the table
rebuilt from the log had its own cap count). Rule book 002: "An all-in that is smaller than a full bet
or raise does not count toward the cap, and it does not let players who have already acted raise
again." Short stacks make such all-ins common here."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.coach.seat_review import _Table
from pokerlab.draw import ActionKind, HandState, five_card_draw, random_legal_action

RAISES = (ActionKind.BET, ActionKind.RAISE)


def raise_offered(state: HandState) -> bool:
    return any(item.kind in RAISES or (item.kind is ActionKind.ALL_IN and item.all_in_as == "raise")
               for item in state.legal_actions())


@pytest.mark.parametrize("forced_bet", ["antes", "blinds"])
def test_the_review_counts_the_cap_and_who_may_raise_as_the_engine_does(forced_bet: str) -> None:
    rng = np.random.default_rng(31)
    decisions = short_all_ins = 0
    for seed in range(300):
        players = int(rng.integers(2, 7))
        rules = five_card_draw(player_count=players, forced_bet=forced_bet)
        stacks = [int(stack) for stack in rng.integers(8, 70, size=players)]
        state = HandState(rules, stacks, 0, seed)
        while not state.is_over:
            if state.phase.value != "draw":
                table = _Table()
                for event in state.events:
                    table.apply(event)
                seat = state.actor
                assert table.bets_made == state.cap["bets_made"]
                dealt = {event.seat for event in state.events if event.kind == "deal"}
                opponents = sorted(dealt - table.folded - {seat})
                owed = state.current_bet - state.bets[seat]
                if state.stacks[seat] > owed:  # chips for some raise: only the rules decide
                    assert table.raising_open(seat, opponents, rules.bet_cap) == raise_offered(state)
                decisions += 1
            state.apply(random_legal_action(state, rng))
        short_all_ins += sum(event.kind == "all_in" and event.all_in_as == "raise" for event in state.events)
    assert decisions > 1000 and short_all_ins > 20  # the cases the rule sentence is about were played
