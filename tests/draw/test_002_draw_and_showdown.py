"""Rule book 002 (Five-Card Draw): the draw, the stock running short, the showdown, pots and odd chips."""

from __future__ import annotations

import json

import pytest

from pokerlab.cards import parse_cards
from pokerlab.draw import Action, ActionKind, HandState, IllegalActionError, Phase, five_card_draw
from pokerlab.history import to_text
from pokerlab.narration import Voice, award_reason
from tests.draw.conftest import check_round, stand_pat_all


def test_002_the_draw_starts_left_of_the_dealer_and_folded_players_do_not_draw():
    state = HandState(five_card_draw(player_count=4), [500] * 4, dealer=2, rng=3)
    state.apply(Action.fold())  # seat 3
    for _ in range(3):
        state.apply(Action.check())
    order = stand_pat_all(state)
    assert order == [0, 1, 2]


def test_002_discard_up_to_three_cards_or_stand_pat_replacements_dealt_at_once(deck):
    cards = deck({0: "As Kd 7h 4c 2s", 1: "Qs Qd 9h 8c 3d"}, dealer=1, player_count=2, then="Ah Ac Qh 5c")
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=0, deck=cards)
    check_round(state)
    assert state.legal_actions()[1].max_discards == 3
    with pytest.raises(IllegalActionError, match="at most 3"):
        state.apply(Action.draw("Kd 7h 4c 2s"))
    state.apply(Action.draw("7h 4c 2s"))
    assert state.cards(0) == tuple(parse_cards("As Kd Ah Ac Qh"))
    assert state.draw_counts == (3, None)
    state.apply(Action.stand_pat())
    assert state.draw_counts == (3, 0) and state.phase is Phase.BETTING_TWO


def test_002_you_cannot_discard_a_card_you_do_not_hold():
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=0)
    check_round(state)
    stranger = next(card for card in state.cards(1))
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply(Action.draw([stranger]))


def test_002_ace_draw_a_fourth_discard_is_legal_only_while_an_ace_stays_and_that_ace_is_shown(deck):
    cards = deck({0: "As Kd 7h 4c 2s", 1: "Qs Qd 9h 8c 3d"}, dealer=1, player_count=2)
    state = HandState(five_card_draw(player_count=2, ace_draw=True), [500, 500], dealer=1, rng=0, deck=cards)
    check_round(state)
    assert state.legal_actions()[1].max_discards == 4
    with pytest.raises(IllegalActionError, match="only while you keep an ace"):
        state.apply(Action.draw("As Kd 7h 4c"))
    state.apply(Action.draw("Kd 7h 4c 2s"))
    assert state.shown_aces[0] == parse_cards("As")[0]
    other_view = state.view(1)
    assert other_view["players"][0]["cards"].count("As") == 1 and other_view["players"][0]["shown_ace"] == "As"
    assert state.legal_actions()[1].max_discards == 3  # seat 1 holds no ace


def test_002_without_ace_draw_the_limit_stays_three_even_holding_an_ace(deck):
    cards = deck({0: "As Kd 7h 4c 2s", 1: "Qs Qd 9h 8c 3d"}, dealer=1, player_count=2)
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=0, deck=cards)
    check_round(state)
    with pytest.raises(IllegalActionError, match="at most 3"):
        state.apply(Action.draw("Kd 7h 4c 2s"))


def test_002_the_number_drawn_is_public_even_after_a_fold_but_the_discards_are_not(deck):
    cards = deck({0: "As Kd 7h 4c 2s", 1: "Qs Qd 9h 8c 3d"}, dealer=1, player_count=2)
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=0, deck=cards)
    check_round(state)
    state.apply(Action.draw("4c 2s"))
    state.apply(Action.draw("8c 3d"))
    state.apply(Action.bet(20))
    state.apply(Action.fold())
    view = state.view(1)
    assert view["players"][0]["draw_count"] == 2 and view["players"][1]["draw_count"] == 2
    text = json.dumps(view)
    assert '"4c"' not in text and '"2s"' not in text  # seat 0's discards
    assert "Seat 1 draws 2" in to_text(state, 1)
    assert "4c" not in to_text(state, 1) and "4c" not in to_text(state, None)


def test_002_stock_short_take_what_is_left_then_earlier_discards_reshuffled_except_your_own():
    """Eight players: 40 cards dealt, 12 in the stock. Seats draw 3, 3, 3, 2 (stock: 1 left); seat 4
    draws 3: it takes the last card, then 11 earlier discards are shuffled into a new stock."""
    for seed in range(30):
        state = HandState(five_card_draw(player_count=8), [500] * 8, dealer=7, rng=seed)
        check_round(state)
        for count in (3, 3, 3, 2):
            state.apply(Action.draw(state.cards(state.actor)[:count]))
        earlier = list(state._muck)
        last_card = state._stock[-1]
        thrown = state.cards(4)[:3]
        state.apply(Action.draw(thrown))
        reshuffle = next(e for e in state.events if e.kind == "reshuffle")
        assert reshuffle.count == 11
        received = next(e for e in state.events if e.kind == "draw" and e.seat == 4).received
        assert received[0] == last_card
        assert set(received[1:]) <= set(earlier)
        assert not set(received) & set(thrown)  # never dealt a card you just discarded
        while state.phase is Phase.DRAW:
            state.apply(Action.draw(state.cards(state.actor)[:3]))
        everywhere = [c for hand in state._hands for c in hand] + state._stock + state._muck
        assert len(everywhere) == 52 and len(set(everywhere)) == 52


def test_002_the_reshuffle_uses_the_hands_generator_so_a_replay_is_identical():
    def play(seed: int) -> HandState:
        state = HandState(five_card_draw(player_count=8), [500] * 8, dealer=7, rng=seed)
        check_round(state)
        while state.phase is Phase.DRAW:
            state.apply(Action.draw(state.cards(state.actor)[:3]))
        return state

    first, second = play(4), play(4)
    assert first.events == second.events and any(e.kind == "reshuffle" for e in first.events)


def test_002_folded_hands_go_into_the_new_stock():
    state = HandState(five_card_draw(player_count=8), [500] * 8, dealer=7, rng=2)
    folded = state.cards(0)
    state.apply(Action.fold())
    while state.phase is Phase.BETTING_ONE:
        state.apply(Action.check())
    while state.phase is Phase.DRAW:
        state.apply(Action.draw(state.cards(state.actor)[:3]))
    # 7 players x 3 = 21 cards needed from 12: the reshuffle must have used earlier discards and the folded hand
    reshuffle = next(e for e in state.events if e.kind == "reshuffle")
    assert reshuffle.count >= 5
    dealt_later = {c for e in state.events if e.kind == "draw" for c in e.received}
    assert dealt_later & set(folded)


def test_002_all_in_players_draw_too():
    state = HandState(five_card_draw(player_count=3), [3, 500, 500], dealer=2, rng=1)
    assert state.statuses[0] == "all-in"
    check_round(state)
    assert state.actor == 0 and state.phase is Phase.DRAW


def test_002_showdown_best_hand_wins_and_the_reason_is_explained(deck):
    cards = deck({0: "Kh Kd 7s 4c 2d", 1: "Qs Qd 9h 8c 3d"}, dealer=1, player_count=2)
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=0, deck=cards)
    check_round(state)
    state.apply(Action.stand_pat())
    state.apply(Action.stand_pat())
    state.apply(Action.bet(20))
    state.apply(Action.call())
    result = state.results
    assert result.net == (25, -25) and result.payouts == (50, 0)
    award = result.awards[0]
    assert (award.reason, award.compared) == ("showdown", (0, 1))
    assert award_reason(award, result) == "Seat 1 wins: both have one pair, and a pair of kings beats a pair of queens."
    assert award_reason(award, result, Voice(viewer=0)) == "You win: both have one pair, and a pair of kings beats a pair of queens."
    assert set(result.shown) == {0, 1} and result.hand_names[0] == "Pair of kings, seven kicker"
    spectator = state.view(None)
    assert spectator["players"][1]["cards"] == ["Qs", "Qd", "9h", "8c", "3d"]


def test_002_if_everyone_else_folds_you_win_the_pot_and_your_cards_stay_hidden():
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=9)
    state.apply(Action.bet(10))
    state.apply(Action.fold())
    state.apply(Action.fold())
    assert state.is_over and state.results.won_by_fold and state.results.shown == {}
    assert state.results.net == (-5, 10, -5)
    hidden = [str(card) for card in state.cards(1)]
    for viewer in (None, 0, 2):
        text = json.dumps(state.view(viewer)) + to_text(state, viewer)
        assert not any(code in text for code in hidden)


def test_002_all_in_wins_from_each_opponent_only_what_they_put_in_ties_split_odd_chips_from_dealers_left(deck):
    """Three-way all-in with ties. Seat 3 (20 chips) is all-in for 20, seats 0 and 1 for 50, seat 2
    covers. Main pot 4 x 20 = 80 is tied three ways (26 each, 2 odd chips); the side pot 3 x 30 = 90
    is tied by seats 0 and 1. The dealer is seat 2, so odd chips go to seat 3, then seat 0."""
    cards = deck({3: "5c 6d 7h 8s 9c", 0: "5d 6h 7s 8c 9d", 1: "5h 6s 7c 8d 9h", 2: "Ah Ad Kc Ks Qh"},
                 dealer=2, player_count=4)
    state = HandState(five_card_draw(player_count=4), [50, 50, 500, 20], dealer=2, rng=0, deck=cards)
    state.apply(Action.bet(10))         # seat 3
    state.apply(Action.raise_to(20))    # seat 0
    state.apply(Action.raise_to(30))    # seat 1
    state.apply(Action.raise_to(40))    # seat 2: the cap
    state.apply(Action.all_in())        # seat 3: 15 in, short
    state.apply(Action.call())          # seat 0
    state.apply(Action.call())          # seat 1
    for _ in range(4):
        state.apply(Action.stand_pat())
    assert state.actor == 0 and [k.kind for k in state.legal_actions()] == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.ALL_IN]
    state.apply(Action.all_in())        # seat 0: 5 more
    state.apply(Action.call())          # seat 1: exactly its last 5
    # seat 2, the only one with chips, calls what is owed automatically (decision 8): no turn
    automatic = [e for e in state.events if e.reason == "automatic"]
    assert [(e.kind, e.seat, e.amount) for e in automatic] == [("call", 2, 5)]
    assert state.is_over
    main, side = state.results.awards
    assert (main.amount, main.winners, main.shares) == (80, (0, 1, 3), {3: 27, 0: 27, 1: 26})
    assert (side.amount, side.winners, side.shares) == (90, (0, 1), {0: 45, 1: 45})
    assert state.results.net == (22, 21, -50, 7)
    assert main.reason == "showdown" and "Split pot" in award_reason(main, state.results)


def test_002_the_odd_chip_of_each_pot_is_split_on_its_own():
    from pokerlab.draw import Pot, split_pot

    # dealer 0: seat 2 is closer to the dealer's left than seat 0, which comes round last
    assert split_pot(Pot(5, (0, 2)), [0, 2], dealer=0, player_count=3) == {2: 3, 0: 2}
    assert split_pot(Pot(7, (1, 2, 4)), [1, 2, 4], dealer=3, player_count=5) == {4: 3, 1: 2, 2: 2}
