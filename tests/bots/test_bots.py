"""The computer opponents: only legal actions, only the seat's own view, deterministic from the seed."""

from __future__ import annotations

import json
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.bots import BOT_LEVELS, BotLevelError, bot_from_json, make_bot
from pokerlab.bots.draw_aware import WORK_LIMIT
from pokerlab.cards import parse_cards
from pokerlab.draw import ActionKind, HandState, LegalAction, five_card_draw, ladder, random_legal_action
from pokerlab.match import five_card_draw_match
from pokerlab.selfplay.matches import duplicate_table, play_hand
from tests.bots.helpers import VARIANTS
from tests.match.helpers import step


@settings(max_examples=60)
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    level=st.integers(1, 6),
    seed=st.integers(0, 2**32 - 1),
    prefix=st.integers(0, 25),
    short=st.booleans(),
)
def test_bots_only_ever_return_legal_actions(variant, level, seed, prefix, short):
    rules = VARIANTS[variant]
    rng = np.random.default_rng(seed)
    stacks = [int(rng.integers(5, 60)) if short else 500 for _ in range(rules.player_count)]
    if rules.name == "Saloon Draw":
        stacks = [max(s, 50) for s in stacks]
    state = HandState(rules, stacks, dealer=int(rng.integers(rules.player_count)), rng=seed)
    for _ in range(prefix):
        if state.is_over:
            break
        state.apply(random_legal_action(state, rng))
    bot = make_bot(level, seed)
    while not state.is_over:
        state.apply(bot.decide(state.view(state.actor), state.legal_actions()))  # raises if illegal


JSON_TYPES = (str, int, float, bool, type(None))


def plain(value: object) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain(v) for v in value)
    return isinstance(value, JSON_TYPES)


def test_a_bot_receives_only_its_seats_view_and_the_legal_actions():
    received = []

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def decide(self, *args, **kwargs):
            received.append((args, kwargs))
            return self.inner.decide(*args, **kwargs)

        def to_json(self):
            return self.inner.to_json()

    match = five_card_draw_match(player_count=4, seed=6)
    match.bots = {seat: Spy(bot) for seat, bot in match.bots.items()}
    learner = make_bot(3, 5)
    for _ in range(80):
        step(match, learner)
    assert received
    for args, kwargs in received:
        assert kwargs == {} and len(args) == 2
        view, legal = args
        assert plain(view)  # JSON data only: no HandState, deck or generator can hide in it
        assert isinstance(legal, tuple) and all(type(item) is LegalAction for item in legal)
        seat = view["seat"]
        for player in view["players"]:
            if player["seat"] != seat and view["result"] is None:
                assert all(card is None or card == player["shown_ace"] for card in player["cards"])


@pytest.mark.parametrize("level", range(1, 7))
def test_a_bot_is_deterministic_from_its_seed(level):
    def run(seed: int) -> list[str]:
        bots = [make_bot(level, seed), make_bot(3, 7), make_bot(2, 8)]
        rules = five_card_draw(player_count=3)
        log = []
        for hand in range(6):
            state = play_hand(rules, bots, [500] * 3, hand % 3, 1000 + hand, hand + 1)
            log += [str(action) for action in state.actions]
        return log

    assert run(1) == run(1)


@pytest.mark.parametrize("level", range(1, 7))
def test_a_saved_bot_continues_with_the_same_choices(level):
    rules = ladder()
    bots = [make_bot(level, 3), *(make_bot(2, i) for i in range(4))]
    for hand in range(3):
        play_hand(rules, bots, [500] * 5, hand, hand)
    copy = bot_from_json(json.loads(json.dumps(bots[0].to_json())))
    twins = [copy, *bots[1:]]
    saved = [json.dumps(b.to_json()) for b in bots[1:]]
    first = play_hand(rules, bots, [500] * 5, 3, 77).actions
    for bot, data in zip(bots[1:], saved):
        bot.restore(json.loads(data))
    assert play_hand(rules, twins, [500] * 5, 3, 77).actions == first


def test_every_level_has_a_name_and_a_description_for_the_lobby():
    assert sorted(BOT_LEVELS) == [1, 2, 3, 4, 5, 6]
    assert all(name and len(text) > 20 for name, text in BOT_LEVELS.values())
    assert [make_bot(level, 0).level for level in range(1, 7)] == [1, 2, 3, 4, 5, 6]


def test_an_unknown_level_is_refused_with_the_levels_that_exist():
    with pytest.raises(BotLevelError, match="1 to 6"):
        make_bot(7, 0)


def test_the_shark_keeps_what_it_learns_across_hands_as_plain_data():
    rules = five_card_draw(player_count=2)
    shark, station = make_bot(6, 1), make_bot(2, 2)
    for hand in range(20):
        play_hand(rules, [shark, station], [500, 500], hand % 2, hand, hand + 1)
    assert plain(shark.memory) and len(shark.memory["styles"]["1"]) == 6
    assert shark.styles_of(1).argmax() == 1  # read as the calling station it is


def test_level_one_draws_carelessly_and_level_three_by_the_book():
    state = HandState(five_card_draw(player_count=2), [500, 500], 0, rng=1)
    view = state.view(state.actor)
    hand = parse_cards("Kh Kd 7s 4c 2d")
    view["players"][state.actor]["cards"] = [str(card) for card in hand]
    view["phase"] = "draw"
    legal = (LegalAction(ActionKind.DRAW, "Draw", max_discards=3),)
    assert set(make_bot(3, 0).decide(view, legal).discards) == set(parse_cards("7s 4c 2d"))
    careless = {frozenset(make_bot(1, seed).decide(view, legal).discards) for seed in range(30)}
    assert len(careless) > 2
    assert all(not (set(parse_cards("Kh Kd")) & set(d)) for d in careless)  # it still keeps its pair


class Counting:
    """Records the hands a counting bot evaluates for each of its decisions."""

    def __init__(self, bot):
        self.bot, self.work, self.opponents = bot, [], []

    def decide(self, view, legal):
        before = self.bot.work
        action = self.bot.decide(view, legal)
        self.work.append(self.bot.work - before)
        self.opponents.append(sum(1 for p in view["players"] if p["seat"] != view["seat"] and p["status"] in ("active", "all-in")))
        return action

    def observe(self, view):
        observe = getattr(self.bot, "observe", None)
        if observe is not None:
            observe(view)


@pytest.mark.parametrize("level", [4, 5, 6])
@pytest.mark.parametrize("variant", ["ladder", "saloon", "five_card_draw"])
def test_a_decision_evaluates_a_bounded_number_of_hands_whatever_the_machine(level, variant):
    """The cost of a decision in hands evaluated, not seconds: each simulation is ``trials`` hands
    per opponent, and the exact draw scoring at most a dozen candidate discards (once per hand). (The benchmark
    measures what that costs in milliseconds.)"""
    rules = VARIANTS[variant]
    counted = Counting(make_bot(level, 5))
    bots = [counted, *(make_bot(3 + seat % 3, seat) for seat in range(1, rules.player_count))]
    for hand in range(24):
        play_hand(rules, bots, [500] * rules.player_count, hand % rules.player_count, 40 + hand, hand + 1)
    assert len(counted.work) > 20 and max(counted.work) > 0
    assert max(counted.work) <= WORK_LIMIT
    scoring = 2 * comb(47, 4) + 10 * comb(47, 3)
    assert all(work <= 2 * counted.bot.trials * count + scoring for work, count in zip(counted.work, counted.opponents))


@pytest.mark.parametrize("level", range(1, 7))
def test_a_five_seat_table_replays_exactly_from_its_seeds(level):
    def run():
        return duplicate_table(ladder(), lambda seed: make_bot(level, seed), [lambda seed: make_bot(3, seed)] * 4, 3, 9)

    first = run()
    assert first.deals == 3 and first == run()


def test_a_bot_leaves_the_view_it_was_given_as_it_was():
    state = HandState(ladder(), [500] * 5, dealer=0, rng=8)
    bots = [make_bot(level, level) for level in (2, 4, 5, 6, 3)]
    while not state.is_over:
        view = state.view(state.actor)
        copy = json.loads(json.dumps(view))
        state.apply(bots[state.actor].decide(view, state.legal_actions()))
        assert view == copy
