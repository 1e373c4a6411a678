"""What separates the counting levels: level 5 reads the draw, level 4 does not; the simulated
opponents behave as their public actions say."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.bots import make_bot
from pokerlab.bots.estimate import Opponent, _unblocked_rows, best_discard, deal_pool, equity
from pokerlab.cards import parse_cards
from pokerlab.coach.policy import opponent_discards
from pokerlab.draw import Action, ActionKind, HandState, five_card_draw

ACES_UP = parse_cards("Ah Ad Kc Ks 2c")


def test_an_opponent_who_stood_pat_is_simulated_only_with_hands_that_stand_pat():
    rng = np.random.default_rng(1)
    against_pat, _ = equity(ACES_UP, 0, (), [Opponent(drew=0)], rng, 400, after_draw=True)
    against_three_of_a_kind, _ = equity(ACES_UP, 0, (), [Opponent(drew=2)], rng, 400, after_draw=True)
    against_three_card_draw, _ = equity(ACES_UP, 0, (), [Opponent(drew=3)], rng, 400, after_draw=True)
    assert against_pat == 0.0  # standing pat means a straight or better
    assert against_three_of_a_kind == 0.0  # drawing two means three of a kind
    assert against_three_card_draw > 0.8


def test_the_simulated_opponents_hands_draw_the_number_of_cards_they_are_filed_under():
    pool = deal_pool()
    for count, rows in enumerate(pool.by_count):
        hands = pool.hands[rows[:2000]]
        assert (np.sort(hands, axis=1)[:, 1:] != np.sort(hands, axis=1)[:, :-1]).all()  # no card twice
        assert (opponent_discards(hands).sum(axis=1) == count).all()
        assert len(rows) > 500


def test_a_simulated_opponent_never_holds_a_card_the_bot_can_see():
    known = parse_cards("3c 3d 3h")  # the bot's own discards
    seen = {card.index for card in (*ACES_UP, *known)}
    rng = np.random.default_rng(4)
    pool = deal_pool()
    blocked = np.zeros(52, dtype=bool)
    blocked[list(seen)] = True
    rows = _unblocked_rows(pool, pool.by_count[0], blocked, rng, 300)
    assert not (set(pool.hands[rows].ravel().tolist()) & seen)


def test_the_best_discard_depends_on_the_cards_alone():
    hand = parse_cards("Ac Kd 9h 6d 2h")
    assert best_discard(hand, 4) == best_discard(list(hand), 4)
    assert set(best_discard(parse_cards("Qh Qd 7s 4c 2d"), 3).discard) == set(parse_cards("7s 4c 2d"))


def facing_a_bet_from_a_player_who_stood_pat() -> tuple[HandState, int]:
    """Heads-up: seat 2 holds aces up and draws one blank; the dealer holds a straight, stands pat
    and bets after the draw. Returns the hand waiting for seat 2's answer."""
    deck = "Ah 5c Ad 6d Kc 7h Ks 8s 7d 9c 2c 3d 4h 5h 6h"
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=0, rng=1, deck=deck)
    for action in (Action.check(), Action.check(), Action.draw(parse_cards("7d")), Action.draw([]),
                   Action.check(), Action(ActionKind.BET, 20)):
        state.apply(action)
    return state, 1


@pytest.mark.parametrize("seed", range(3))
def test_level_five_respects_a_bet_from_a_player_who_stood_pat_and_level_four_does_not(seed):
    state, seat = facing_a_bet_from_a_player_who_stood_pat()
    assert state.actor == seat and state.view(seat)["players"][0]["draw_count"] == 0
    view, legal = state.view(seat), state.legal_actions()
    assert make_bot(5, seed).decide(view, legal).kind is ActionKind.FOLD
    assert make_bot(4, seed).decide(view, legal).kind is not ActionKind.FOLD
