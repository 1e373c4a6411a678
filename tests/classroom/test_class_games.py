"""Class games, the pure part: settings, join codes, the duplicate deal, scoring."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings as hypothesis_settings, strategies as st

from pokerlab.classroom.class_games import (
    JOIN_ALPHABET, ClassGameError, ClassGameSettings, ClassMatch, JoinCodeError, deal_dealer, duplicate_scores,
    new_join_code, new_seeds, normalize_join_code, passive_choice, play_out, ranking, situation_seed,
)
from pokerlab.draw import Action, HandState, random_legal_action

VARIANT_SETTINGS = [
    ClassGameSettings("five-card-draw-antes", 3, 3, 3),
    ClassGameSettings("five-card-draw-blinds", 2, 1, 3),
    ClassGameSettings("saloon-draw", 4, 4, 3),
    ClassGameSettings("ladder", 4, 5, 3),
]


# ----- settings --------------------------------------------------------------------------------------

@pytest.mark.parametrize("settings", VARIANT_SETTINGS, ids=lambda s: s.variant)
def test_each_variant_seats_the_learner_and_the_opponents(settings: ClassGameSettings) -> None:
    rules = settings.rules()
    assert rules.player_count == settings.opponent_count + 1
    assert ClassGameSettings.from_json(settings.to_json()) == settings
    assert str(settings.deal_count) in settings.describe()


def test_the_variants_have_their_own_rules() -> None:
    antes, blinds, saloon, ladder = (s.rules() for s in VARIANT_SETTINGS)
    assert (antes.forced_bet, blinds.forced_bet) == ("antes", "blinds")
    assert saloon.name == "Saloon Draw" and VARIANT_SETTINGS[2].dollars
    assert ladder.max_discards == 4 and VARIANT_SETTINGS[3].big_bet == 20


@pytest.mark.parametrize("bad, words", [
    ({"variant": "stud"}, "no variant 'stud'"),
    ({"variant": "ladder", "opponent_count": 3}, "exactly 4 opponents"),
    ({"opponent_count": 0}, "1 to 7 computer opponents"),
    ({"opponent_level": 9}, "no opponent level 9"),
    ({"deal_count": 0}, "1 to 50 deals"),
])
def test_settings_a_teacher_cannot_choose_are_refused_in_words(bad: dict, words: str) -> None:
    with pytest.raises(ClassGameError, match=words):
        ClassGameSettings(**bad)


def test_stored_settings_that_make_no_sense_raise_a_class_game_error() -> None:
    with pytest.raises(ClassGameError, match="not class game settings"):
        ClassGameSettings.from_json({"variant": "ladder"})


# ----- seeds and codes -------------------------------------------------------------------------------

def test_seeds_are_random_and_large() -> None:
    first, second = new_seeds(20), new_seeds(20)
    assert len(set(first)) == 20 and first != second
    assert all(0 <= seed < 2**63 for seed in first)


def test_join_codes_use_only_unmistakable_characters() -> None:
    codes = {new_join_code() for _ in range(200)}
    assert len(codes) > 190
    assert all(len(code) == 6 and set(code) <= set(JOIN_ALPHABET) for code in codes)
    assert not set("0O1IL") & set(JOIN_ALPHABET)


@pytest.mark.parametrize("typed", ["k7mq4p", " K7M-Q4P ", "k7m q4p"])
def test_a_code_is_read_however_it_was_typed(typed: str) -> None:
    assert normalize_join_code(typed) == "K7MQ4P"


@pytest.mark.parametrize("typed, words", [
    ("", "Type the join code"), (None, "Type the join code"), ("K7MQ", "has 4"),
    ("K7MQ4O", "never use 0, O, 1, I or L"), ("K7MQ4!", "'!' never appears"),
])
def test_a_malformed_code_gets_a_plain_message(typed: object, words: str) -> None:
    with pytest.raises(JoinCodeError, match=words):
        normalize_join_code(typed)


def test_situation_seeds_hide_which_cards_were_thrown_but_not_how_many() -> None:
    from pokerlab.cards import parse_cards
    one = situation_seed(5, 2, [Action.call(), Action.draw(parse_cards("2c 3c"))])
    same_count = situation_seed(5, 2, [Action.call(), Action.draw(parse_cards("Ah Kd"))])
    other_count = situation_seed(5, 2, [Action.call(), Action.draw(parse_cards("Ah"))])
    assert one == same_count != other_count
    assert situation_seed(5, 2, []) != situation_seed(5, 3, []) != situation_seed(6, 3, [])


# ----- the duplicate deal ----------------------------------------------------------------------------

def _random_learner(seed: int):
    rng = np.random.default_rng(seed)
    return lambda hand: random_legal_action(hand, rng)


def _initial_cards(hand: HandState) -> list[tuple]:
    return [tuple(event.cards) for event in hand.events if event.kind == "deal"]


@hypothesis_settings(max_examples=40, deadline=None)
@given(
    settings=st.sampled_from(VARIANT_SETTINGS),
    deal_seed=st.integers(0, 2**63 - 1),
    learner_seeds=st.lists(st.integers(0, 2**32), min_size=2, max_size=3),
)
def test_every_learner_gets_the_same_cards_and_the_same_opponent_decisions(
    settings: ClassGameSettings, deal_seed: int, learner_seeds: list[int],
) -> None:
    """Learners who play differently differ only where a learner chose: the first action that is
    not the same in two learners' hands is always the learner's own, never an opponent's."""
    seeds = (deal_seed,) * settings.deal_count
    hands = []
    for learner_seed in learner_seeds:
        match = ClassMatch(settings, seeds)
        match.deal()
        hands.append(play_out(match, _random_learner(learner_seed)))
    first = hands[0]
    for other in hands[1:]:
        assert _initial_cards(other) == _initial_cards(first)
        assert other.dealer == first.dealer == deal_dealer(deal_seed, settings.player_count)
        replayed = HandState(first.rules, [500] * settings.player_count, first.dealer, deal_seed)
        for mine, theirs in zip(first.actions, other.actions):
            if mine != theirs:
                assert replayed.actor == 0, "an opponent decided differently in the same situation"
                break
            replayed.apply(mine)


@hypothesis_settings(max_examples=15, deadline=None)
@given(settings=st.sampled_from(VARIANT_SETTINGS), deal_seed=st.integers(0, 2**63 - 1), learner_seed=st.integers(0, 2**32))
def test_the_same_choices_give_the_same_hand(settings: ClassGameSettings, deal_seed: int, learner_seed: int) -> None:
    results = []
    for _ in range(2):
        match = ClassMatch(settings, (deal_seed,) * settings.deal_count)
        match.deal()
        hand = play_out(match, _random_learner(learner_seed))
        results.append((hand.actions, hand.results.net))
    assert results[0] == results[1]


def test_deals_come_in_order_with_fresh_chips_and_end_after_the_last() -> None:
    settings = ClassGameSettings("five-card-draw-antes", 2, 2, 3)
    match = ClassMatch(settings, (1, 2, 3))
    for number in (1, 2, 3):
        hand = match.deal()
        assert match.deal_number == number and hand.starting_stacks == (500, 500, 500)
        play_out(match, passive_choice)
        assert match.learner_result() == hand.results.net[0]
    assert match.is_over
    with pytest.raises(ClassGameError, match="no deal 4"):
        match.deal()


def test_a_resumed_deal_continues_exactly_where_it_stopped() -> None:
    settings = ClassGameSettings("ladder", 4, 3, 2)
    seeds = (77, 78)
    whole = ClassMatch(settings, seeds)
    whole.deal()
    play_out(whole, _random_learner(4))
    actions = whole.hand.actions
    learner_turns = [index for index in range(len(actions))
                     if HandState.replay(whole.rules, [500] * 5, whole.dealer, 77, actions[:index]).actor == 0]
    cut = learner_turns[-1]
    resumed = ClassMatch(settings, seeds)
    hand = resumed.deal(1, actions[:cut])
    assert hand.actor == 0 and hand.cards(0) == HandState.replay(whole.rules, [500] * 5, whole.dealer, 77, actions[:cut]).cards(0)
    resumed.act(actions[cut])
    play_out(resumed, _random_learner(99))  # no learner turn is left, so this learner is never asked
    assert resumed.hand.actions == actions


def test_a_deal_still_being_played_cannot_be_skipped() -> None:
    match = ClassMatch(ClassGameSettings(deal_count=2), (5, 6))
    match.deal()
    with pytest.raises(ClassGameError, match="still being played"):
        match.deal()


def test_the_seeds_never_appear_in_a_view() -> None:
    seeds = (987654321987654321, 123456789123456789)
    match = ClassMatch(ClassGameSettings("five-card-draw-blinds", 3, 3, 2), seeds)
    match.deal()
    play_out(match, passive_choice)
    text = repr(match.learner_view()) + repr(match.view_for(1))
    assert not any(str(seed) in text for seed in seeds)


# ----- scoring ----------------------------------------------------------------------------------------

def test_duplicate_scores_add_up_to_zero_on_each_deal() -> None:
    rows = [("a", 1, 30), ("b", 1, -10), ("c", 1, -20), ("a", 2, -5), ("b", 2, 5)]
    scores = duplicate_scores(rows, big_bet=20)
    assert scores[("a", 1)] == pytest.approx(1.5)
    for deal in (1, 2):
        assert sum(score for (_, d), score in scores.items() if d == deal) == pytest.approx(0)


def test_the_ranking_is_by_duplicate_score_and_those_without_a_deal_come_last() -> None:
    rows = [("ann", 1, -10), ("bo", 1, 50), ("cy", 1, -40)]
    order = ranking(rows, big_bet=10, learners=["ann", "bo", "cy", "dee"], review_costs={"bo": 1.5})
    assert [s.learner for s in order] == ["bo", "ann", "cy", "dee"]
    assert order[0].duplicate == pytest.approx(5.0) and order[0].review_cost == 1.5
    assert (order[-1].deals_played, order[-1].duplicate) == (0, 0)


def test_a_learner_who_played_better_than_the_class_on_luck_free_deals_ranks_first() -> None:
    """Same deals, different luck: ann loses 10 where everyone lost 40 and wins less than bo on
    one deal only; her duplicate total is still the best."""
    rows = [("ann", 1, -10), ("bo", 1, -40), ("cy", 1, -40), ("ann", 2, 60), ("bo", 2, 80), ("cy", 2, 10)]
    assert ranking(rows, big_bet=20)[0].learner == "ann"
