"""The betting lesson's engine helpers: scripted hands, step-by-step replays and quiz questions whose
answers are read from the draw engine."""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.draw import Action, ActionKind, HandState, Phase, build_pots, five_card_draw, random_legal_action
from pokerlab.lessons import (
    LEVELS, ScriptedHand, ScriptError, arranged_deck, ask_first_after_draw, ask_may_raise, ask_side_pot,
    betting_question, big_blind_cap_hand, cap_hand, first_after_draw_question, hand_steps, heads_up_hand,
    may_raise_question, parse_action, pot_slices, raises_this_round, saloon_hand, short_all_in_hand,
    short_stock_hand, side_pot_hand, side_pot_question,
)
from pokerlab.narration import cap_text
from pokerlab.quizzes import QuizError, QuizSession

HANDS = (cap_hand, big_blind_cap_hand, short_all_in_hand, side_pot_hand, heads_up_hand, saloon_hand, short_stock_hand)


def kinds(state: HandState) -> list[ActionKind]:
    return [item.kind for item in state.legal_actions()]


@pytest.mark.parametrize("make", HANDS, ids=lambda make: make.__name__)
def test_every_scripted_hand_is_legal_and_its_steps_match_a_replay(make) -> None:
    hand = make()
    steps = hand.steps()
    assert len(steps) == len(hand.script) + 1
    replayed = HandState.replay(hand.rules, hand.stacks, hand.dealer, hand.seed, hand.actions, deck=hand.deck)
    assert steps[-1].view == replayed.view(None)
    in_pots = 0 if replayed.is_over else sum(replayed.contributions)
    assert sum(replayed.stacks) + in_pots == sum(hand.stacks)
    assert all(number in range(len(steps)) for number in hand.notes)


def test_a_scripted_action_the_engine_refuses_names_the_step_and_what_is_legal() -> None:
    hand = cap_hand()
    broken = ScriptedHand(hand.title, hand.rules, hand.stacks, hand.dealer, hand.hands, ("bet 10", "check"))
    with pytest.raises(ScriptError, match=r"action 2 \('check'\): You cannot check: 10 is owed"):
        broken.play()


def test_actions_are_read_from_text_and_nonsense_is_refused() -> None:
    assert parse_action("Raise 40") == Action.raise_to(40)
    assert parse_action("all-in") == Action.all_in() and parse_action("pat") == Action.stand_pat()
    with pytest.raises(ScriptError, match="write fold, check, call"):
        parse_action("shove")


def test_an_arranged_deck_deals_one_card_at_a_time_from_the_dealers_left() -> None:
    deck = arranged_deck({0: "As Ks Qs Js Ts", 1: "2c 3c 4c 5c 7d", 2: "2h 3h 4h 5h 7h"}, dealer=0, player_count=3)
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=0, deck=deck)
    assert " ".join(map(str, state.cards(0))) == "As Ks Qs Js Ts"
    with pytest.raises(ScriptError, match="twice"):
        arranged_deck({0: "As Ks Qs Js Ts", 1: "As 3c 4c 5c 7d"}, dealer=0, player_count=2)


def test_002_one_bet_and_three_raises_are_the_cap_in_the_lesson_hand() -> None:
    state = cap_hand().play(4)
    assert raises_this_round(state) == 4 and kinds(state) == [ActionKind.FOLD, ActionKind.CALL]


def test_002_over_a_big_blind_four_raises_are_allowed_in_the_lesson_hand() -> None:
    hand = big_blind_cap_hand()
    assert ActionKind.RAISE in kinds(hand.play(3))
    assert ActionKind.RAISE not in kinds(hand.play(4)) and raises_this_round(hand.play(4)) == 4


def test_002_a_short_all_in_lets_those_yet_to_act_raise_but_not_those_who_acted() -> None:
    hand = short_all_in_hand()
    assert ActionKind.RAISE in kinds(hand.play(3))
    assert kinds(hand.play(4)) == [ActionKind.FOLD, ActionKind.CALL]


def test_002_side_pots_each_won_on_its_own_in_the_lesson_hand() -> None:
    result = side_pot_hand().play().results
    assert [(a.amount, a.eligible, a.winners) for a in result.awards] == [
        (100, (0, 1, 2, 3), (1,)), (60, (0, 2, 3), (3,)), (30, (0, 2), (2,))]


def test_002_heads_up_order_in_the_lesson_hand() -> None:
    hand = heads_up_hand()
    assert hand.start().actor == hand.dealer == hand.start().small_blind_seat
    after = hand.play(4)
    assert after.phase is Phase.BETTING_TWO and after.actor != hand.dealer


def test_003_no_all_in_and_the_opener_starts_round_two_in_the_lesson_hand() -> None:
    hand = saloon_hand()
    assert hand.stacks[3] >= 50  # nobody under $50 is dealt in (issue 15)
    assert hand.play(6).actor == 3 and kinds(hand.play(6)) == [ActionKind.FOLD]  # owes $30, has $25
    assert "check" in [e.kind for e in hand.play(5).events if e.seat == 1]  # Seat 2 checked, then raised
    opener = next(event.seat for event in hand.play().events if event.kind == "bet")
    assert hand.play(11).actor == opener
    assert hand.play().stacks[3] == 25



@pytest.mark.parametrize("seed", range(12))
def test_002_a_short_stock_in_the_lesson_hand_gives_what_is_left_then_a_reshuffle_without_your_own_discards(seed: int) -> None:
    hand = replace(short_stock_hand(), seed=seed)
    stock = hand.deck[40:]                      # eight players are dealt 40 cards; nothing is burned
    events = hand.play(13).events
    draws = [event for event in events if event.kind == "draw"]
    assert [event.seat for event in draws] == [1, 2, 3, 4, 5]   # left of the dealer, the folder skipped
    assert [card for event in draws[:4] for card in event.received] == stock[:11]
    short = draws[4]
    assert short.received[0] == stock[11]        # the last card of the stock first
    earlier = {card for event in draws[:4] for card in event.cards} | set(hand.start().cards(0))
    reshuffle = next(event for event in events if event.kind == "reshuffle")
    assert reshuffle.count == len(earlier) == 16
    assert set(short.received[1:]) <= earlier and not set(short.received) & set(short.cards)

def random_hands(seed: int, count: int = 20):
    """Finished hands of random legal play at tables with short stacks, every state along the way."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        players = int(rng.integers(2, 7))
        rules = five_card_draw(player_count=players, forced_bet="blinds" if rng.integers(2) else "antes")
        stacks = [int(rng.integers(3, 120)) if rng.random() < 0.5 else 500 for _ in range(players)]
        state = HandState(rules, stacks, dealer=int(rng.integers(players)), rng=int(rng.integers(2**31)))
        yield state
        while not state.is_over:
            state.apply(random_legal_action(state, rng))
            yield state


@settings(max_examples=25)
@given(st.integers(0, 10_000))
def test_the_cap_meter_counts_the_same_bets_and_raises_as_the_engine(seed: int) -> None:
    for state in random_hands(seed, count=4):
        found = re.search(r"(?:bet|raise) (\d+) of", cap_text(state.cap))
        if state.phase in (Phase.BETTING_ONE, Phase.BETTING_TWO):
            assert raises_this_round(state) == (int(found.group(1)) if found else 0)


@settings(max_examples=25)
@given(st.integers(0, 10_000))
def test_pot_slices_add_up_to_the_engines_pots_and_each_seats_contribution(seed: int) -> None:
    for state in random_hands(seed, count=4):
        contributions = state.contributions
        for pots in (state.pots, build_pots(contributions, [s == "folded" for s in state.statuses])):
            slices = pot_slices(contributions, pots)
            assert slices is not None
            assert [sum(layer.values()) for layer in slices] == [pot.amount for pot in pots]
            for seat, chips in enumerate(contributions):
                assert sum(layer.get(seat, 0) for layer in slices) == chips


def test_steps_show_a_spectator_no_hidden_card_before_the_showdown() -> None:
    hand = side_pot_hand()
    for step in hand.steps():
        shown = [card for player in step.view["players"] for card in player["cards"] if card]
        assert not shown or step.view["phase"] == "over"
        assert not step.options or step.view["phase"] != "draw"
    seat_steps = hand_steps(hand.rules, hand.stacks, hand.dealer, hand.seed, hand.actions, hand.deck, seat=1)
    assert seat_steps[0].view["players"][1]["cards"] == hand.hands[1].split()


def test_may_seat_n_raise_answers_from_legal_actions_and_quotes_the_engines_refusal() -> None:
    at_cap = ask_may_raise(cap_hand().play(5))
    assert at_cap.choices[at_cap.answer].startswith("No") and "cap of 4" in at_cap.explanation
    acted = ask_may_raise(short_all_in_hand().play(4))
    assert acted.prompt == "May Seat 2 raise now?" and acted.answer == 1 and "already acted" in acted.explanation
    yet_to_act = ask_may_raise(short_all_in_hand().play(3))
    assert yet_to_act.answer == 0 and "raise to 27" in yet_to_act.explanation


def test_the_side_pot_question_reads_the_amount_from_the_engines_pots() -> None:
    question = ask_side_pot(side_pot_hand().play(6), rng=1)
    assert question.choices[question.answer] == "60" and len(set(question.choices)) == len(question.choices)
    assert "Main pot: 100 = 25 + 25 + 25 + 25 chips" in question.explanation
    with pytest.raises(QuizError, match="no side pot"):
        ask_side_pot(cap_hand().play(7))


def test_who_acts_first_after_the_draw_is_the_engines_actor() -> None:
    heads_up = ask_first_after_draw(heads_up_hand().play(2))
    assert heads_up.choices[heads_up.answer] == "Seat 1" and "Heads-up the dealer (Seat 2)" in heads_up.explanation
    saloon = ask_first_after_draw(saloon_hand().play(8))
    assert saloon.choices[saloon.answer] == "Seat 3" and "opened the first round" in saloon.explanation
    with pytest.raises(QuizError, match="while the draw is on"):
        ask_first_after_draw(cap_hand().play(2))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("make", [may_raise_question, side_pot_question, first_after_draw_question],
                         ids=lambda make: make.__name__)
def test_generated_questions_are_well_formed_and_repeatable(make, level: str) -> None:
    answers = set()
    for seed in range(12):
        question = make(level, seed)
        assert question.level == level and len(set(question.choices)) == len(question.choices) >= 2
        assert question == make(level, seed)
        answers.add(question.answer)
    assert len(answers) >= 2  # the right choice is not always in the same place


def test_hard_side_pot_questions_have_at_least_two_side_pots() -> None:
    for seed in range(8):
        assert side_pot_question("hard", seed).prompt.endswith("side pot 2?") or "side pot 3" in \
            side_pot_question("hard", seed).prompt


def test_betting_questions_mix_the_three_kinds_and_drive_a_quiz_session() -> None:
    topics = {betting_question("medium", seed).topic for seed in range(15)}
    assert topics == {"may raise", "side pot", "first after the draw"}
    session = QuizSession(betting_question, LEVELS, rng=4)
    assert session.answer(session.question.answer).correct
    with pytest.raises(QuizError, match="no level"):
        betting_question("expert", 1)


def test_003_the_player_left_of_the_dealer_starts_the_betting_in_the_lesson_hand() -> None:
    hand = saloon_hand()
    start = hand.start()
    assert start.actor == (hand.dealer + 1) % hand.rules.player_count
    assert kinds(start) == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET]


def test_the_four_rows_strategy_averages_shown_in_lesson_07_are_what_the_players_score() -> None:
    from pokerlab.lessons.walkthroughs import STRATEGY_MEANS, mean_four_rows_score
    from pokerlab.rows.hint import GreedyPlayer, HintBot, RandomPlacer

    measured = {"Random placer": mean_four_rows_score(RandomPlacer),
                "Greedy rules": mean_four_rows_score(lambda seed: GreedyPlayer()),
                "Hint bot": mean_four_rows_score(lambda seed: HintBot(seed, samples=200))}
    assert measured == STRATEGY_MEANS
    assert measured["Random placer"] < measured["Greedy rules"] < measured["Hint bot"]  # what the lesson says


def test_the_big_blinds_option_is_explained_as_its_option_not_as_a_bet_it_has_not_answered() -> None:
    from pokerlab.draw import Action, HandState, five_card_draw

    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500] * 3, dealer=0, rng=1)
    while state.bets[state.actor] != state.current_bet:  # everyone calls round to the big blind
        state.apply(Action.call())
    option = ask_may_raise(state)
    assert option.answer == 0 and "has the last say on its own bet (its option)" in option.explanation
    assert "has not answered it" not in option.explanation
    facing = ask_may_raise(HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500] * 3, dealer=0, rng=1))
    assert facing.answer == 0 and "A bet is live" in facing.explanation and "option" not in facing.explanation
