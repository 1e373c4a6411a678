"""The bots read opponents from the view's text log. These tests replay real engine hands and check
that every public action the engine recorded is read back exactly, so a change in the engine's
wording fails here instead of silently blinding the bots."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.bots.log_reading import EVENT_VERBS, ROUND_MARKERS, STANDS_PAT, PublicAction, own_discards, parse_log
from pokerlab.draw import HandState, ladder, random_legal_action
from tests.bots.helpers import VARIANTS

SECTION_EVENTS = {"draw_begins": 1, "second_round_begins": 2}


def engine_hands(rules, count: int):
    """Hands played by random legal actions, some with short stacks so that all-ins happen; yields
    every state a bot could be asked to decide in, and the finished hand."""
    # A fixed seed per variant (not hash(): Python salts string hashes per process).
    rng = np.random.default_rng(sum(map(ord, rules.name)) * rules.player_count)
    for number in range(count):
        short = number % 3 == 0
        stacks = [int(rng.integers(5, 80)) if short else 500 for _ in range(rules.player_count)]
        if rules.name == "Saloon Draw":
            stacks = [max(stack, 50) for stack in stacks]
        state = HandState(rules, stacks, dealer=number % rules.player_count, rng=number)
        while not state.is_over:
            yield state
            state.apply(random_legal_action(state, rng))
        yield state


def public_actions_from_events(state: HandState) -> list[PublicAction]:
    """What the log must say, taken from the engine's own event records."""
    section, out = 0, []
    for event in state.events:
        section = SECTION_EVENTS.get(event.kind, section)
        if event.kind in EVENT_VERBS:
            verb = STANDS_PAT if event.kind == "draw" and event.count == 0 else EVENT_VERBS[event.kind]
            out.append(PublicAction(section, event.seat, verb))
    return out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_bots_read_every_public_action_from_the_log_as_the_engine_recorded_it(variant):
    seen_verbs, seen_sections = set(), set()
    for state in engine_hands(VARIANTS[variant], 40):
        expected = public_actions_from_events(state)
        for seat in range(state.player_count):
            assert parse_log(state.view(seat)["log"]) == expected
        seen_verbs |= {action.verb for action in expected}
        seen_sections |= {action.section for action in expected}
    assert {"folds", "checks", "calls", "bets", "raises to", "draws", STANDS_PAT} <= seen_verbs
    assert seen_sections == {0, 1, 2}


def test_the_round_markers_are_the_lines_the_engine_writes():
    state = next(s for s in engine_hands(ladder(), 40) if s.is_over and any(e.kind == "second_round_begins" for e in s.events))
    log = state.view(0)["log"]
    assert [line for line in log if line in ROUND_MARKERS] == ["The draw", "Second betting round"]


@pytest.mark.parametrize("variant", ["ladder", "blinds_ace_draw"])
def test_a_bot_reads_its_own_discards_and_nobody_elses(variant):
    checked = 0
    for state in engine_hands(VARIANTS[variant], 30):
        draws = {event.seat: list(event.cards) for event in state.events if event.kind == "draw"}
        for seat in range(state.player_count):
            log = state.view(seat)["log"]
            assert own_discards(log, seat) == draws.get(seat, [])
            for other in range(state.player_count):
                if other != seat:
                    assert own_discards(log, other) == []  # others' discards never reach this view
            checked += bool(draws.get(seat))
    assert checked > 20
