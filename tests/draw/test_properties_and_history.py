"""Random legal play over every preset (hypothesis), views, JSON actions and hand histories."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerlab.cards import ALL_CARDS
from pokerlab.draw import (
    Action, ActionKind, HandState, HistoryError, IllegalActionError, Phase, five_card_draw, ladder,
    random_legal_action, saloon_draw,
)
from pokerlab.history import HandHistory, to_text
from tests.draw.conftest import stand_pat_all

PRESETS = {
    "antes": lambda n: five_card_draw(player_count=n),
    "blinds": lambda n: five_card_draw(player_count=n, forced_bet="blinds"),
    "ace_draw": lambda n: five_card_draw(player_count=n, ace_draw=True),
    "saloon": lambda n: saloon_draw(player_count=n),
    "ladder": lambda n: ladder(),
}
STACK_SIZES = st.sampled_from([0, 1, 3, 5, 8, 12, 20, 35, 60, 150, 500])


@st.composite
def tables(draw):
    name = draw(st.sampled_from(sorted(PRESETS)))
    count = 5 if name == "ladder" else draw(st.integers(2, 8))
    rules = PRESETS[name](count)
    stacks = draw(st.lists(STACK_SIZES, min_size=count, max_size=count))
    payable = rules.ante if not rules.all_in_allowed else 1
    live = [seat for seat, stack in enumerate(stacks) if stack >= payable]
    if len(live) < 2:
        stacks[0] = stacks[1] = 500
        live = [seat for seat, stack in enumerate(stacks) if stack >= payable]
    dealer = draw(st.sampled_from(live))
    return rules, stacks, dealer, draw(st.integers(0, 2**32)), draw(st.integers(0, 2**32))


def random_illegal_action(state: HandState, rng: np.random.Generator) -> Action:
    kind = list(ActionKind)[int(rng.integers(len(ActionKind)))]
    if kind is ActionKind.DRAW:
        return Action(kind, None, tuple(ALL_CARDS[i] for i in rng.choice(52, int(rng.integers(0, 6)), replace=False)))
    return Action(kind, int(rng.integers(-5, 200)) if rng.random() < 0.7 else None)


def private_codes(state: HandState, viewer: int | None) -> set[str]:
    """Card codes the viewer must not see: other seats' unrevealed cards, the stock and the muck."""
    revealed = set(state.results.shown) if state.results else set()
    hidden = {str(c) for c in state._stock} | {str(c) for c in state._muck}
    for seat in range(state.player_count):
        if seat != viewer and seat not in revealed:
            hidden |= {str(c) for c in state.cards(seat) if c is not state.shown_aces[seat]}
    if viewer is not None:
        hidden -= {str(c) for e in state.events if e.seat == viewer and e.kind in ("deal", "draw") for c in e.cards + e.received}
    if state.results:
        hidden -= {str(c) for cards in state.results.shown.values() for c in cards}
    return hidden - {str(ace) for ace in state.shown_aces if ace is not None}  # shown for the rest of the hand


# the ``frozen`` fixture is a pure function, safe to share between examples
@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(table=tables())
def test_random_legal_play_keeps_every_invariant(table, frozen):
    rules, stacks, dealer, seed, play_seed = table
    rng = np.random.default_rng(play_seed)
    state = HandState(rules, stacks, dealer, seed)
    total = sum(stacks)
    for _ in range(200):
        cards = [c for hand in state._hands for c in hand] + state._stock + state._muck
        assert len(cards) == 52 and len(set(cards)) == 52
        assert min(state.stacks) >= 0 and sum(state.stacks) + sum(state.contributions) - sum(
            state.results.payouts if state.results else (0,)) == total
        # the running tallies the engine keeps for speed agree with the seats' statuses and the events
        statuses = state.statuses
        assert state._in_hand == sum(st in ("active", "all-in") for st in statuses)
        assert state._with_chips == statuses.count("active")
        assert state._pot == sum(state.contributions) == max((e.pot for e in state.events), default=0)
        viewer = int(rng.integers(-1, state.player_count))
        viewer = None if viewer < 0 else viewer
        view_text = json.dumps(state.view(viewer))
        leaked = [code for code in private_codes(state, viewer)
                  if re.search(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", view_text)]
        assert not leaked, f"seat {viewer} can see {leaked}"
        if state.is_over:
            break
        illegal = random_illegal_action(state, rng)
        before = frozen(state)
        try:
            state.apply(illegal)
        except IllegalActionError:
            assert frozen(state) == before
        else:
            assert illegal.kind in {item.kind for item in state.legal_actions()} or state.actions[-1] == illegal
            continue
        state.apply(random_legal_action(state, rng))
    assert state.is_over, "every hand ends"
    assert sum(state.stacks) == total
    assert sum(state.results.net) == 0
    replayed = HandHistory.from_json(HandHistory.from_state(state).to_json()).replay()
    assert replayed.events == state.events and replayed.stacks == state.stacks


def test_action_json_round_trip():
    for action in (Action.fold(), Action.check(), Action.call(), Action.bet(10), Action.raise_to(40),
                   Action.all_in(), Action.all_in(17), Action.draw("As Kd 2c"), Action.stand_pat()):
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    with pytest.raises(ValueError, match="kind must be one of"):
        Action.from_json({"kind": "shove"})


def test_history_replays_a_hand_played_with_a_generator_and_a_prearranged_deck(deck):
    cards = deck({0: "As Kd 7h 4c 2s", 1: "Qs Qd 9h 8c 3d"}, dealer=1, player_count=2)
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=np.random.default_rng(5), deck=cards)
    rng = np.random.default_rng(6)
    while not state.is_over:
        state.apply(random_legal_action(state, rng))
    again = HandHistory.from_json(HandHistory.from_state(state).to_json()).replay()
    assert again.events == state.events


def test_history_refuses_bad_and_future_files():
    state = HandState(ladder(), [500] * 5, dealer=0, rng=3)
    data = HandHistory.from_state(state).to_dict()
    with pytest.raises(HistoryError, match="version 2 cannot be read: this pokerlab reads version 1"):
        HandHistory.from_json(json.dumps({**data, "version": 2}))
    with pytest.raises(HistoryError, match="not valid JSON"):
        HandHistory.from_json("{oops")
    with pytest.raises(HistoryError, match="not a pokerlab hand history"):
        HandHistory.from_json("[]")
    with pytest.raises(HistoryError, match="damaged"):
        HandHistory.from_json(json.dumps({**data, "stacks": "many"}))


def test_history_text_reads_like_a_card_room_and_hides_other_seats_cards():
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500] * 3, dealer=0, rng=8)
    state.apply(Action.call())
    state.apply(Action.call())
    state.apply(Action.check())
    for _ in range(3):
        state.apply(Action.draw(state.cards(state.actor)[:2]))
    text = to_text(state, 1)
    assert "Seat 2 posts the small blind of 5" in text and "Seat 3 posts the big blind of 10" in text
    assert "Seat 1 draws 2" in text and "*** DRAW ***" in text
    for seat in (0, 2):
        assert not any(str(card) in text for card in state.cards(seat))
    assert all(str(card) in text for card in state.cards(1))
    while not state.is_over:
        state.apply(Action.check())
    assert "*** SHOWDOWN ***" in to_text(state, None) and all(str(c) in to_text(state, None) for c in state.cards(2))


def test_view_keys_and_legal_actions_only_on_your_turn():
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500] * 3, dealer=0, rng=8)
    mine = state.view(0)
    assert {"seat", "phase", "dealer", "blinds", "actor", "players", "pots", "legal_actions", "cap",
            "events", "result", "current_bet", "pot_total"} <= set(mine)
    assert mine["blinds"] == {"small_blind": 1, "big_blind": 2}
    assert [(a["kind"], a["call_amount"], a["min_to"]) for a in mine["legal_actions"]] == [
        ("fold", 0, None), ("call", 10, None), ("raise", 10, 20)]
    assert not any("label" in a for a in mine["legal_actions"])  # codes and numbers: narration writes the words
    assert state.view(1)["legal_actions"] == []
    assert mine["players"][1]["cards"] == [None] * 5 and None not in mine["players"][0]["cards"]
    assert mine["players"][0]["status"] == "active" and mine["pots"] == [{"amount": 15, "eligible": [0, 1, 2]}]


def test_history_text_summary_names_the_pots_as_the_log_does():
    state = HandState(five_card_draw(player_count=3), [12, 500, 500], dealer=0, rng=4)
    state.apply(Action.bet(10))
    state.apply(Action.call())
    state.apply(Action.all_in())  # seat 1 is short: a main pot and a side pot
    stand_pat_all(state)
    while not state.is_over:
        state.apply(Action.check())
    text = to_text(state, None)
    assert "from the main pot" in text and "from side pot 1" in text
    summary = text.split("*** SUMMARY ***\n")[1].splitlines()
    assert [line.split(":")[0] for line in summary] == ["Main pot", "Side pot 1"]


@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_a_seed_deals_the_generators_permutation_of_the_deck(seed):
    """Saved histories keep only the seed, so the deal a seed gives must never change: the stock is
    ``rng.permutation(52)`` of the cards in index order, dealt from its end one card at a time
    clockwise from the dealer's left."""
    order = [ALL_CARDS[i] for i in np.random.default_rng(seed).permutation(52)][::-1]  # first dealt first
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=seed)
    for position, seat in enumerate((1, 2, 0)):
        assert state.cards(seat) == tuple(order[position:15:3])
    assert state._stock[::-1] == order[15:]


def test_a_reshuffle_permutes_the_discards_with_the_hands_generator():
    """When the stock runs out, the new stock is ``rng.permutation`` of the earlier discards (in the
    order they reached the muck), drawn from the hand's generator right after the deal: replays of
    saved histories depend on it."""
    state = HandState(five_card_draw(player_count=8), [500] * 8, dealer=7, rng=4)
    rng = np.random.default_rng(4)
    rng.permutation(52)  # the deal
    while state.phase is Phase.BETTING_ONE:
        state.apply(Action.check())
    muck = []
    while state._stock:  # 12 cards: four players draw three each
        discards = state.cards(state.actor)[:3]
        muck += discards
        state.apply(Action.draw(discards))
    state.apply(Action.draw(state.cards(state.actor)[:3]))
    expected = [muck[i] for i in rng.permutation(len(muck))]
    reshuffle, draw = state.events[-2:]
    assert reshuffle.kind == "reshuffle" and reshuffle.count == len(muck) == 12
    assert list(draw.received) == expected[:-4:-1]  # the top of the new stock first
    assert state._stock == expected[:-3]
