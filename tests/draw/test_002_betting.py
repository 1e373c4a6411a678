"""Rule book 002 (Five-Card Draw): seats, forced bets, the deal and the betting rounds."""

from __future__ import annotations

import pytest

from pokerlab.cards import parse_cards
from pokerlab.draw import Action, ActionKind, HandState, IllegalActionError, Phase, RulesError, five_card_draw
from pokerlab.narration import action_label, cap_text, fold_warning
from tests.draw.conftest import kinds, legal, stand_pat_all


def test_002_two_to_eight_players():
    assert five_card_draw(player_count=2).player_count == 2
    assert five_card_draw(player_count=8).player_count == 8
    for count in (1, 9):
        with pytest.raises(RulesError, match="2 to 8"):
            five_card_draw(player_count=count)


def test_002_lobby_defaults_antes_5_blinds_5_10_bets_10_20_ace_draw_off():
    rules = five_card_draw()
    assert (rules.forced_bet, rules.ante, rules.small_blind, rules.big_blind) == ("antes", 5, 5, 10)
    assert rules.limits == ((10, 10), (20, 20)) and rules.ace_draw is False and rules.all_in_allowed


def test_002_ante_is_posted_by_every_live_player():
    state = HandState(five_card_draw(player_count=4), [500, 0, 500, 500], dealer=0, rng=1)
    assert state.contributions == (5, 0, 5, 5)
    assert [e.seat for e in state.events if e.kind == "ante"] == [2, 3, 0]


def test_002_the_ante_is_not_a_bet_so_the_first_round_starts_with_check_or_bet():
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    assert state.current_bet == 0 and state.bets == (0, 0, 0)
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET]
    assert legal(state, ActionKind.BET).min_to == 10


def test_002_a_short_stack_posts_what_they_have_for_the_ante_and_is_all_in():
    state = HandState(five_card_draw(player_count=3), [3, 500, 500], dealer=0, rng=1)
    assert state.contributions[0] == 3 and state.stacks[0] == 0
    assert state.statuses[0] == "all-in"


def test_002_a_player_with_no_chips_is_out_and_not_dealt():
    state = HandState(five_card_draw(player_count=3), [500, 0, 500], dealer=0, rng=1)
    assert state.statuses[1] == "out" and state.cards(1) == ()
    assert [e.seat for e in state.events if e.kind == "deal"] == [2, 0]


def test_002_five_cards_each_one_at_a_time_clockwise_from_the_dealers_left_no_burns(deck):
    cards = deck({0: "2c 3c 4c 5c 6c", 1: "2d 3d 4d 5d 6d", 2: "2h 3h 4h 5h 6h"}, dealer=1, player_count=3)
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=1, rng=1, deck=cards)
    # dealing starts at seat 2 (left of the dealer, seat 1): seat 2 gets the 1st, 4th, ... cards
    assert state.cards(2) == tuple(cards[0:15:3])
    assert state.cards(0) == tuple(cards[1:15:3])
    assert state.cards(1) == tuple(cards[2:15:3])
    assert state._stock[-1] == cards[15]  # nothing burned: the next card is the top of the stock


def test_002_with_antes_the_first_live_player_left_of_the_dealer_acts_first():
    state = HandState(five_card_draw(player_count=4), [500, 500, 0, 500], dealer=1, rng=1)
    assert state.actor == 3


def test_002_blinds_seat_left_of_dealer_posts_small_blind_next_seat_big_blind():
    state = HandState(five_card_draw(player_count=4, forced_bet="blinds"), [500] * 4, dealer=1, rng=1)
    assert (state.small_blind_seat, state.big_blind_seat) == (2, 3)
    assert state.bets == (0, 0, 5, 10)


def test_002_with_blinds_the_first_player_to_act_is_left_of_the_big_blind():
    state = HandState(five_card_draw(player_count=4, forced_bet="blinds"), [500] * 4, dealer=1, rng=1)
    assert state.actor == 0
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE]
    assert legal(state, ActionKind.RAISE).min_to == 20


def test_002_heads_up_dealer_posts_small_blind_and_acts_first_before_draw():
    state = HandState(five_card_draw(player_count=2, forced_bet="blinds"), [500, 500], dealer=1, rng=1)
    assert (state.small_blind_seat, state.big_blind_seat) == (1, 0)
    assert state.actor == 1


def test_002_heads_up_other_player_acts_first_after_draw():
    state = HandState(five_card_draw(player_count=2, forced_bet="blinds"), [500, 500], dealer=1, rng=1)
    state.apply(Action.call())
    state.apply(Action.check())
    state.apply(Action.stand_pat())
    state.apply(Action.stand_pat())
    assert state.phase is Phase.BETTING_TWO and state.actor == 0


def test_002_a_match_that_becomes_heads_up_uses_heads_up_blinds():
    state = HandState(five_card_draw(player_count=5, forced_bet="blinds"), [0, 500, 0, 500, 0], dealer=3, rng=1)
    assert (state.small_blind_seat, state.big_blind_seat) == (3, 1)
    assert state.actor == 3


def test_002_a_short_blind_posts_what_they_have_and_is_all_in():
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500, 3, 500], dealer=0, rng=1)
    assert state.bets[1] == 3 and state.statuses[1] == "all-in"


def test_002_a_short_big_blind_still_opens_the_round_at_the_full_big_blind():
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500, 500, 4], dealer=0, rng=1)
    assert state.bets == (0, 5, 4) and state.statuses[2] == "all-in"
    assert state.current_bet == 10
    assert state.actor == 0 and legal(state, ActionKind.CALL).call_amount == 10
    assert legal(state, ActionKind.RAISE).min_to == 20


def test_002_the_big_blind_does_not_count_toward_the_raise_cap_four_raises_allowed_over_it():
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500] * 3, dealer=0, rng=1)
    for to in (20, 30, 40, 50):
        state.apply(Action.raise_to(to))
    assert ActionKind.RAISE not in kinds(state)
    with pytest.raises(IllegalActionError, match="cap of 4"):
        state.apply(Action.raise_to(60))


def test_002_the_big_blind_may_raise_if_everyone_else_only_called():
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500] * 3, dealer=0, rng=1)
    state.apply(Action.call())  # dealer
    state.apply(Action.call())  # small blind
    assert state.actor == 2 and kinds(state) == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.RAISE]
    state.apply(Action.raise_to(20))
    assert state.actor == 0


def test_002_the_small_blind_owes_the_difference():
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500] * 3, dealer=0, rng=1)
    state.apply(Action.call())
    assert state.actor == 1 and legal(state, ActionKind.CALL).call_amount == 5


def test_002_a_bet_or_raise_is_exactly_the_small_bet_before_the_draw_and_the_big_bet_after():
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=0, rng=1)
    with pytest.raises(IllegalActionError, match="Bet must be to 10 here"):
        state.apply(Action.bet(15))
    state.apply(Action.bet(10))
    assert legal(state, ActionKind.RAISE).min_to == legal(state, ActionKind.RAISE).max_to == 20
    state.apply(Action.call())
    state.apply(Action.stand_pat())
    state.apply(Action.stand_pat())
    bet = legal(state, ActionKind.BET)
    assert (bet.min_to, bet.max_to, action_label(bet)) == (20, 20, "Bet 20")


def test_002_one_bet_and_three_raises_are_the_cap():
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=0, rng=1)
    state.apply(Action.bet(10))
    assert cap_text(state.cap) == "bet 1 of 4, 3 raises left"
    for to in (20, 30, 40):
        state.apply(Action.raise_to(to))
    assert cap_text(state.cap) == "bet 4 of 4, capped: no more raises this round"
    assert state.cap["raises_left"] == 0 and not state.cap["raising_open"]
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CALL]


def test_002_check_when_nothing_is_owed_and_not_when_something_is():
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=0, rng=1)
    state.apply(Action.bet(10))
    with pytest.raises(IllegalActionError, match="You cannot check: 10 is owed to stay in; you can fold, call 10 or raise to 20."):
        state.apply(Action.check())


def test_002_a_round_of_checks_ends_when_the_last_player_checks():
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    state.apply(Action.check())
    state.apply(Action.check())
    assert state.phase is Phase.BETTING_ONE
    state.apply(Action.check())
    assert state.phase is Phase.DRAW


def test_002_the_round_ends_when_everyone_has_acted_since_the_last_full_bet_and_matched():
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    state.apply(Action.check())      # seat 1
    state.apply(Action.bet(10))      # seat 2
    state.apply(Action.call())       # seat 0
    assert state.actor == 1          # seat 1 checked before the bet and must answer it
    assert ActionKind.RAISE in kinds(state)  # a check-raise is fine: seat 1 has not answered the bet
    state.apply(Action.call())
    assert state.phase is Phase.DRAW


def test_002_raise_only_when_a_bet_is_live_that_you_have_not_answered():
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=0, rng=1)
    with pytest.raises(IllegalActionError, match="nothing has been bet this round, so bet instead"):
        state.apply(Action.raise_to(20))


def test_002_if_your_stack_cannot_cover_the_call_you_may_go_all_in_for_what_you_have():
    state = HandState(five_card_draw(player_count=2), [500, 12], dealer=1, rng=1)
    state.apply(Action.bet(10))  # seat 1 has 7 left after the ante
    assert kinds(state) == [ActionKind.FOLD, ActionKind.ALL_IN]
    item = legal(state, ActionKind.ALL_IN)
    assert (item.min_to, item.call_amount, action_label(item)) == (7, 7, "All-in for 7")
    state.apply(Action.all_in())
    assert state.statuses[1] == "all-in" and state.phase is Phase.DRAW


def test_002_a_short_all_in_does_not_count_toward_the_cap():
    state = HandState(five_card_draw(player_count=3), [500, 500, 20], dealer=0, rng=1)
    state.apply(Action.bet(10))       # seat 1, bet 1
    state.apply(Action.all_in())      # seat 2: 15 in front, a short raise
    assert state.current_bet == 15 and cap_text(state.cap) == "bet 1 of 4, 3 raises left"
    assert legal(state, ActionKind.RAISE).min_to == 25  # seat 0 has not acted: it may raise


def test_002_a_short_all_in_does_not_reopen_raising_for_those_who_already_acted():
    state = HandState(five_card_draw(player_count=3), [500, 500, 20], dealer=0, rng=1)
    state.apply(Action.bet(10))       # seat 1
    state.apply(Action.all_in())      # seat 2 to 15
    state.apply(Action.call())        # seat 0 calls 15
    assert state.actor == 1
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CALL]  # may call the extra or fold
    assert legal(state, ActionKind.CALL).call_amount == 5
    with pytest.raises(IllegalActionError, match="already acted"):
        state.apply(Action.raise_to(25))


def test_002_anyone_who_has_not_acted_yet_may_still_raise_after_a_short_all_in():
    state = HandState(five_card_draw(player_count=3), [500, 500, 20], dealer=0, rng=1)
    state.apply(Action.bet(10))
    state.apply(Action.all_in())
    state.apply(Action.raise_to(25))  # seat 0 had not acted
    assert state.actor == 1 and ActionKind.RAISE in kinds(state)  # a full raise reopens it for seat 1


def test_002_an_all_in_player_still_draws_and_acts_in_no_later_round():
    state = HandState(five_card_draw(player_count=3), [500, 500, 20], dealer=0, rng=1)
    state.apply(Action.bet(10))
    state.apply(Action.all_in())
    state.apply(Action.call())
    state.apply(Action.call())
    assert state.phase is Phase.DRAW
    drawers = stand_pat_all(state)
    assert drawers == [1, 2, 0]
    seen = []
    while not state.is_over:
        seen.append(state.actor)
        state.apply(Action.check())
    assert 2 not in seen and seen == [1, 0]


def test_002_if_at_most_one_player_with_chips_is_left_betting_is_skipped():
    state = HandState(five_card_draw(player_count=3), [5, 4, 500], dealer=0, rng=1)
    # both short stacks are all-in from the ante; seat 2 has nobody to bet against
    assert state.phase is Phase.DRAW
    assert any(event.kind == "betting_skipped" for event in state.events)
    for _ in range(3):
        state.apply(Action.stand_pat())
    assert state.is_over and sum(state.stacks) == 509


def test_002_the_last_player_with_chips_calls_what_is_still_owed():
    state = HandState(five_card_draw(player_count=2), [500, 12], dealer=1, rng=1)
    state.apply(Action.bet(10))
    state.apply(Action.all_in())      # seat 1 all-in for 7 of the 10
    assert state.phase is Phase.DRAW  # nothing more to bet: seat 0's extra 3 come back unmatched
    state.apply(Action.stand_pat())
    state.apply(Action.stand_pat())
    assert state.is_over
    assert sum(state.stacks) == 512
    assert min(state.results.net) >= -12


def test_002_the_betting_after_the_draw_starts_left_of_the_dealer_whichever_forced_bet():
    state = HandState(five_card_draw(player_count=4, forced_bet="blinds"), [500] * 4, dealer=1, rng=1)
    for _ in range(3):
        state.apply(Action.call())
    state.apply(Action.check())
    stand_pat_all(state)
    assert state.actor == 2


def test_decision7_folding_when_nothing_is_owed_is_allowed_with_a_warning():
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    fold = legal(state, ActionKind.FOLD)
    assert fold.free_fold and "free" in fold_warning(fold)
    state.apply(Action.fold())
    assert state.statuses[1] == "folded"
    state.apply(Action.bet(10))
    assert not legal(state, ActionKind.FOLD).free_fold and fold_warning(legal(state, ActionKind.FOLD)) is None


def test_002_an_illegal_action_says_what_is_legal_and_leaves_the_state_unchanged(frozen):
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500] * 3, dealer=0, rng=1)
    state.apply(Action.call())
    before = frozen(state)
    for action in (Action.raise_to(25), Action.bet(10), Action.check(), Action.draw(state.cards(1)[:1]),
                   Action.all_in(), Action.raise_to(None)):
        with pytest.raises(IllegalActionError, match="you can fold, call 5 or raise to 20"):
            state.apply(action)
        assert frozen(state) == before
    with pytest.raises(IllegalActionError, match="Raise must be to 20 here; you can fold, call 5 or raise to 20."):
        state.apply(Action.raise_to(30))


def test_002_every_action_is_refused_once_the_hand_is_over():
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=0, rng=1)
    state.apply(Action.fold())
    assert state.is_over and state.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="The hand is over"):
        state.apply(Action.check())


def test_002_the_dealer_must_be_a_live_seat():
    with pytest.raises(ValueError, match="dealer"):
        HandState(five_card_draw(player_count=3), [0, 500, 500], dealer=0, rng=1)


def test_002_call_and_check_take_no_amount():
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=0, rng=1)
    with pytest.raises(IllegalActionError, match="takes no amount"):
        state.apply(Action(ActionKind.CHECK, 5))


def test_002_draw_cards_are_parsed_from_text():
    assert Action.draw("As 2c").discards == tuple(parse_cards("As 2c"))
