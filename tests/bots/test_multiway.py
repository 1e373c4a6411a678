"""Multiway play: the value of a bet against several opponents who may fold, who is likely to fold
(read from draw counts and choices, and at level 6 from the style each opponent has shown), and
that the same spot gets a different answer when the opponents are different."""

from __future__ import annotations

from itertools import product
from math import prod

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerlab.bots import make_bot
from pokerlab.bots.estimate import Opponent, equity
from pokerlab.bots.multiway import betting_value, weak_after_draw
from pokerlab.bots.population import population
from pokerlab.bots.seat_view import Table
from pokerlab.cards import parse_cards
from pokerlab.draw import Action, ActionKind, HandState, five_card_draw
from pokerlab.hands import evaluate_many
from pokerlab.selfplay.matches import play_hand

chances = st.floats(0.0, 1.0)


@given(pot=st.integers(10, 500), bet=st.integers(5, 50), folds=st.lists(chances, min_size=1, max_size=4),
       beats=st.lists(chances, min_size=4, max_size=4))
def test_the_value_of_a_bet_is_the_sum_over_every_set_of_callers(pot, bet, folds, beats):
    beats = beats[: len(folds)]
    expected = 0.0
    for calls in product((False, True), repeat=len(folds)):
        chance = prod((1 - f) if c else f for f, c in zip(folds, calls))
        callers = [b for b, c in zip(beats, calls) if c]
        expected += chance * (pot if not callers else prod(callers) * (pot + bet * (len(callers) + 1)) - bet)
    assert betting_value(pot, bet, folds, beats) == pytest.approx(expected)


@given(pot=st.integers(10, 500), bet=st.integers(5, 50), fold=chances, beat=chances)
def test_heads_up_it_is_folds_plus_the_showdown_against_a_caller(pot, bet, fold, beat):
    assert betting_value(pot, bet, [fold], [beat]) == pytest.approx(fold * pot + (1 - fold) * (beat * (pot + 2 * bet) - bet))


@given(pot=st.integers(10, 500), bet=st.integers(5, 50), folds=st.lists(chances, min_size=2, max_size=4))
def test_a_bluff_needs_every_opponent_to_fold(pot, bet, folds):
    """With a hand that never wins, a bet gains the pot only when all fold: more callers, less value."""
    nothing = [0.0] * len(folds)
    assert betting_value(pot, bet, folds, nothing) == pytest.approx(prod(folds) * pot - (1 - prod(folds)) * bet)
    assert betting_value(pot, bet, folds, nothing) <= betting_value(pot, bet, folds[:1], nothing[:1]) + 1e-9


def test_who_ends_the_draw_weak_depends_on_how_many_cards_they_drew():
    pat, one, two, three = weak_after_draw()
    assert pat == 0.0 and two == 0.0  # a pat hand is a straight or better, a two-card draw three of a kind
    assert 0.3 < one < three < 0.8
    assert weak_after_draw() == (pat, one, two, three)  # the same figures every time


def after_the_draw(opponent_draws: int) -> HandState:
    """Heads-up: the dealer (seat 0, acting last) bet before the draw and was called, drew three to
    K-Q and missed; seat 1 drew ``opponent_draws`` cards and checks. Seat 0 is to act."""
    deck = "5h Kc 6c Qd Td 2c Jc 7d 2s 9s 3h 4d 8s 3c 4s 8d"
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=0, rng=1, deck=deck)
    seat_one = parse_cards("5h 6c Td Jc 2s")
    for action in (Action.check(), Action(ActionKind.BET, 10), Action.call(),
                   Action.draw(seat_one[:opponent_draws]), Action.draw(parse_cards("2c 7d 9s")), Action.check()):
        state.apply(action)
    assert state.actor == 0 and state.view(0)["players"][1]["draw_count"] == opponent_draws
    return state


def fold_chance(level: int, state: HandState, memory: dict | None = None) -> float:
    bot = make_bot(level, 0)
    if memory is not None:
        bot.memory = memory
    table = Table(state.view(0), state.legal_actions())
    return bot.fold_chance(table, table.opponents[0])


def test_a_player_who_drew_three_is_expected_to_fold_more_than_one_who_stood_pat():
    assert fold_chance(5, after_the_draw(3)) > 0.4 > 0.1 > fold_chance(5, after_the_draw(0))
    drew_three, stood_pat = fold_chance(6, after_the_draw(3)), fold_chance(6, after_the_draw(0))
    assert drew_three > 2 * stood_pat and stood_pat < 0.15  # level 6: its population folds less


def read_as(style: str, hands: int = 12) -> dict:
    """Level 6's memory of seat 1 after ``hands`` hands in which its choices were ``style``'s far
    more than any other style's."""
    logs = [0.0] * 6
    logs[int(style) - 1] = 3.0 * hands
    return {"styles": {"1": logs}}


@pytest.mark.parametrize("seed", range(3))
def test_level_six_bluffs_a_player_who_folds_too_often_and_not_one_who_never_folds(seed):
    state = after_the_draw(3)
    view, legal = state.view(0), state.legal_actions()

    def decide(memory: dict) -> ActionKind:
        bot = make_bot(6, seed)
        bot.memory = memory
        return bot.decide(view, legal).kind

    folder, station = read_as("4"), read_as("2")  # level 4 folds most hands to a bet; level 2 calls
    assert fold_chance(6, state, folder) > fold_chance(6, state) > fold_chance(6, state, station)
    assert decide(folder) is ActionKind.BET
    assert decide(station) is ActionKind.CHECK


def test_level_six_learns_within_a_match_which_style_each_opponent_plays():
    rules = five_card_draw(player_count=3)
    shark = make_bot(6, 1)
    bots = [shark, make_bot(2, 2), make_bot(3, 3)]
    for hand in range(12):
        play_hand(rules, bots, [500] * 3, hand % 3, 50 + hand, hand + 1)
    station, tight = shark.styles_of(1), shark.styles_of(2)
    assert station.argmax() == 1 and station[1] > 0.5  # read as the calling station it is
    assert tight[2] + tight[3] > 0.5 and tight[1] < 0.1  # a tight player, not a station
    assert make_bot(6, 1).styles_of(1) == pytest.approx(population().share)  # a fresh shark knows nobody


def test_a_shown_hand_tells_level_six_more_than_the_betting_alone():
    """Seat 1 bet after drawing three and showed what it bet with: a bluff with nothing is what the
    players who bluff do, a full house what the honest ones do."""
    state = facing_a_bet()
    state.apply(Action.call())
    view = state.view(0)
    assert view["players"][1]["cards"][0] is not None  # shown at the showdown
    shown = make_bot(6, 0)
    shown.observe(view)
    hidden = make_bot(6, 0)
    hidden.observe({**view, "players": [dict(p, cards=[None] * 5) if p["seat"] == 1 else p for p in view["players"]]})
    assert not np.allclose(shown.styles_of(1), hidden.styles_of(1))


def test_a_player_who_checked_is_simulated_with_its_weaker_hands():
    """The check read every counting level makes: a player who could have bet and checked holds
    one of its weaker hands, so the bot's chance against it rises."""
    hand = parse_cards("Qh Qd 9c 5s 2h")
    rng = np.random.default_rng(3)
    against_any, _ = equity(hand, 0, (), [Opponent(drew=3)], rng, 2000, after_draw=True)
    against_checker, _ = equity(hand, 0, (), [Opponent(drew=3, below=0.6)], rng, 2000, after_draw=True)
    assert against_checker > against_any + 0.1


@pytest.mark.parametrize("level", [4, 5])
def test_the_counting_levels_read_a_check_as_a_weaker_hand(level):
    state = after_the_draw(3)  # seat 1 checked to seat 0
    table = Table(state.view(0), state.legal_actions())
    bot = make_bot(level, 0)
    assert bot.opponent_model(table, table.opponents[0]).below < 1.0
    bettor = Table(facing_a_bet().view(0), facing_a_bet().legal_actions())
    assert bot.opponent_model(bettor, bettor.opponents[0]).below == 1.0


def test_level_six_gives_a_check_weaker_hands_than_a_bet():
    checked, bet = after_the_draw(3), facing_a_bet()
    against_checker = make_bot(6, 0).win_chance(Table(checked.view(0), checked.legal_actions()))
    against_bettor = make_bot(6, 0).win_chance(Table(bet.view(0), bet.legal_actions()))
    assert against_checker > 10 * against_bettor  # it missed: a check leaves it hands to beat, a bet hardly any


def facing_a_bet() -> HandState:
    """As :func:`after_the_draw` (seat 1 drew three), but seat 1 bets instead of checking."""
    deck = "5h Kc 6c Qd Td 2c Jc 7d 2s 9s 3h 4d 8s 3c 4s 8d"
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=0, rng=1, deck=deck)
    seat_one = parse_cards("5h 6c Td Jc 2s")
    for action in (Action.check(), Action(ActionKind.BET, 10), Action.call(),
                   Action.draw(seat_one[:3]), Action.draw(parse_cards("2c 7d 9s")), Action(ActionKind.BET, 20)):
        state.apply(action)
    return state


def strength(cards: str) -> int:
    return int(evaluate_many([[card.index for card in parse_cards(cards)]])[0])


