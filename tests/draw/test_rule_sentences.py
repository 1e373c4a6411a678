"""Every sentence of rule books 002, 003 and the Ladder hand of 004, mapped to the test that checks it.

Files: ``B`` = tests/draw/test_002_betting.py, ``D`` = tests/draw/test_002_draw_and_showdown.py,
``V`` = tests/draw/test_003_004_variants.py, ``S`` = this file, ``P`` = tests/draw/test_properties_and_history.py,
``H`` = tests/test_hands.py (hand ranking), ``M`` = tests/match/test_match_rules.py (the match: stacks,
button, players going out). ``widget``: a sentence about the screen, checked by the table widget's own
tests, not by the engine. Short fragments, not the rule book's words.

Rule book 002, Five-Card Draw (74 sentences)

==  ==========================================  ==========================================================================
#   sentence (fragment)                         test
==  ==========================================  ==========================================================================
1   fixed limit, two to eight players           B test_002_two_to_eight_players; B test_002_a_bet_or_raise_is_exactly_...
2   chips are play money                        not testable: the engine only counts chips (no money anywhere)
3   no ante requirement to open                 S test_002_there_is_no_ante_requirement_to_open_any_five_cards_may_bet
4   everyone starts with 500                    M test_five_card_draw_everyone_starts_with_500_and_the_last_player_...
5   won by last left in or best hand            D test_002_if_everyone_else_folds_...; D test_002_showdown_best_hand_wins_...
6   no chips when a hand ends: out              M test_a_player_with_no_chips_when_a_hand_ends_is_out_...; B test_002_a_player_with_no_chips_is_out_and_not_dealt
7   last player with chips wins                 M test_five_card_draw_everyone_starts_with_500_and_the_last_player_...
8   button starts random live, moves clockwise  M test_the_button_starts_on_a_random_live_seat_...; M test_the_button_moves_clockwise_...; B test_002_the_dealer_must_be_a_live_seat
9   forced bet: antes (default) or blinds       B test_002_lobby_defaults_antes_5_blinds_5_10_bets_10_20_ace_draw_off
10  ante 5                                      B test_002_lobby_defaults_...
11  posted by every live player                 B test_002_ante_is_posted_by_every_live_player
12  the ante is not a bet                       B test_002_the_ante_is_not_a_bet_so_the_first_round_starts_with_check_or_bet
13  short stack posts what they have, all-in    B test_002_a_short_stack_posts_what_they_have_for_the_ante_and_is_all_in
14  small blind 5, big blind 10                 B test_002_lobby_defaults_...
15  blinds only when selected                   S test_002_blinds_are_used_only_when_blinds_are_selected
16  left of dealer small, next seat big         B test_002_blinds_seat_left_of_dealer_posts_...; S test_002_the_next_seat_posts_the_big_blind_skipping_seats_that_are_out
17  heads-up: dealer posts the small blind      B test_002_heads_up_dealer_posts_small_blind_...; B test_002_a_match_that_becomes_heads_up_uses_heads_up_blinds
18  short blind all-in; short big blind opens   B test_002_a_short_blind_posts_...; B test_002_a_short_big_blind_still_opens_the_round_at_the_full_big_blind
    at the full big blind
19  small bet 10 before the draw                B test_002_a_bet_or_raise_is_exactly_the_small_bet_before_the_draw_and_the_big_bet_after
20  big bet 20 after the draw                   B (same)
21  ace draw off by default                     S test_002_ace_draw_is_off_by_default_and_a_player_who_keeps_an_ace_may_discard_four
22  keeps an ace: may discard four, ace shown   S (same); D test_002_ace_draw_a_fourth_discard_is_legal_only_while_...
23  five each, one at a time, clockwise from    B test_002_five_cards_each_one_at_a_time_clockwise_...;
    the dealer's left                           S test_002_five_cards_each_one_at_a_time_clockwise_from_the_dealers_left_skipping_seats_out
24  only you see your own cards                 S test_002_only_you_can_see_your_own_cards; P test_random_legal_play_keeps_every_invariant
25  no cards are burned                         B test_002_five_cards_each_...no_burns; S test_002_no_cards_are_burned_the_draw_takes_the_very_next_cards
26  antes: first live player left of dealer     B test_002_with_antes_the_first_live_player_left_of_the_dealer_acts_first
27  blinds: big blind opens, left of it acts    B test_002_with_blinds_the_first_player_to_act_is_left_of_the_big_blind;
    first (heads-up the dealer)                 B test_002_heads_up_dealer_posts_small_blind_and_acts_first_before_draw
28  big blind not in the cap; big blind may     B test_002_the_big_blind_does_not_count_toward_the_raise_cap_...; B test_002_the_big_blind_may_raise_if_everyone_else_only_called;
    raise if everyone only called               S test_002_the_big_blind_may_raise_if_everyone_else_only_called_heads_up_when_the_small_blind_completes;
                                                S test_002_the_big_blind_has_no_option_once_someone_raised_...; S test_002_a_short_all_in_never_takes_away_the_big_blinds_option
29  the small blind owes the difference         B test_002_the_small_blind_owes_the_difference; S test_002_the_big_blind_may_raise_..._heads_up_...
30  a bet or raise is exactly the limit         B test_002_a_bet_or_raise_is_exactly_the_small_bet_before_the_draw_and_the_big_bet_after
31  a bet and three raises, four in all         B test_002_one_bet_and_three_raises_are_the_cap; S test_002_one_bet_and_three_raises_are_the_cap_four_in_all_with_many_players
32  four raises over a big blind                B test_002_the_big_blind_does_not_count_toward_the_raise_cap_four_raises_allowed_over_it
33  check when nothing is owed                  B test_002_check_when_nothing_is_owed_and_not_when_something_is
34  call a bet you can cover                    S test_002_call_a_bet_you_can_cover
35  raise when a bet is live, unanswered, cap   B test_002_raise_only_when_a_bet_is_live_that_you_have_not_answered;
    open                                        S test_002_raise_only_when_you_have_not_yet_answered_the_bet; B test_002_one_bet_and_three_raises_are_the_cap
36  fold to leave the hand                      S test_002_fold_to_leave_the_hand
37  cannot cover bet, call or raise: all-in     B test_002_if_your_stack_cannot_cover_the_call_...; S test_002_if_your_stack_cannot_cover_the_full_bet_...;
                                                S test_002_if_your_stack_cannot_cover_the_full_raise_you_may_go_all_in_for_what_you_have
38  all-in: stay in and still draw              B test_002_an_all_in_player_still_draws_and_acts_in_no_later_round; D test_002_all_in_players_draw_too
39  all-in: no later betting round              B test_002_an_all_in_player_still_draws_and_acts_in_no_later_round
40  short all-in: not in the cap, no reraise    B test_002_a_short_all_in_does_not_count_toward_the_cap; B test_002_a_short_all_in_does_not_reopen_raising_...;
    for those who acted                         S test_002_several_short_all_ins_never_add_up_to_reopen_raising
41  they may call the extra or fold             B test_002_a_short_all_in_does_not_reopen_raising_for_those_who_already_acted
42  anyone who has not acted may still raise    B test_002_anyone_who_has_not_acted_yet_may_still_raise_after_a_short_all_in;
                                                S test_002_a_full_raise_after_a_short_all_in_reopens_raising_for_everyone
43  round over when all acted since the last    B test_002_the_round_ends_when_everyone_has_acted_since_the_last_full_bet_and_matched
    full bet and matched or all-in
44  a round of checks ends at the last check    B test_002_a_round_of_checks_ends_when_the_last_player_checks
45  everyone else folds: win, cards hidden      D test_002_if_everyone_else_folds_you_win_the_pot_and_your_cards_stay_hidden
46  at most one with chips: calls what is       B test_002_if_at_most_one_player_with_chips_is_left_betting_is_skipped; B test_002_the_last_player_with_chips_calls_...;
    owed, betting skipped                       S test_002_when_at_most_one_player_with_chips_is_left_their_call_is_automatic
47  everyone still in draws, then showdown      S test_002_everyone_still_in_the_hand_draws_then_there_is_a_showdown_when_betting_is_skipped
48  draw from dealer's left, not folded, all-   D test_002_the_draw_starts_left_of_the_dealer_and_folded_players_do_not_draw; D test_002_all_in_players_draw_too;
    ins too, up to three or stand pat           D test_002_discard_up_to_three_cards_or_stand_pat_...; S test_002_folding_is_also_allowed_during_the_draw
49  tap a card to mark it                       widget
50  tap again to take it back                   widget
51  confirm with Stand Pat or Draw              widget; engine side: S test_002_draw_or_stand_pat_is_one_confirmed_choice_marking_cards_belongs_to_the_widget
52  you finish before the next player chooses   S test_002_you_finish_before_the_next_player_chooses
53  replacements are dealt immediately          S test_002_replacements_are_dealt_immediately_from_the_top_of_the_stock_in_draw_order
54  ace draw: fourth discard only while an ace  D test_002_ace_draw_a_fourth_discard_is_legal_only_while_...;
    stays                                       S test_002_with_ace_draw_a_fourth_discard_is_legal_only_while_an_ace_stays_in_your_hand
55  that ace is turned face up                  S test_002_that_ace_is_turned_face_up_for_everyone_for_the_rest_of_the_hand
56  number drawn public, even after a fold      S test_002_the_number_you_drew_is_public_for_the_rest_of_the_hand_even_if_you_fold_later; D test_002_the_number_drawn_...
57  the discards are not public                 S test_002_the_cards_you_discarded_are_not_public; D test_002_the_number_drawn_is_public_..._but_the_discards_are_not
58  stock short: take what is left              D test_002_stock_short_take_what_is_left_then_earlier_discards_reshuffled_except_your_own
59  earlier discards and folded hands make a    D (same); D test_002_folded_hands_go_into_the_new_stock; D test_002_the_reshuffle_uses_the_hands_generator_...
    new stock, not your own discards
60  never dealt a card you just discarded       D test_002_stock_short_take_what_is_left_...
61  second round uses the big bet               B test_002_a_bet_or_raise_is_exactly_...; S test_002_after_the_draw_the_first_live_player_left_of_the_dealer_acts_first_with_antes
62  after the draw: first live left of dealer,  B test_002_the_betting_after_the_draw_starts_left_of_the_dealer_whichever_forced_bet;
    whichever forced bet                        S test_002_after_the_draw_the_first_live_player_...; S test_002_after_the_draw_the_first_player_with_chips_...
63  heads-up: the player who is not the dealer  B test_002_heads_up_other_player_acts_first_after_draw
64  ranks best first                            H test_002_ranks_best_first_straight_flush_down_to_high_card; S test_002_the_ranks_best_first_decide_the_showdown_and_aces_are_high
65  aces are high                               H test_002_aces_are_high; S (same)
66  the wheel is the lowest straight            H test_002_the_wheel_is_the_lowest_straight; S test_002_the_wheel_is_the_lowest_straight_at_the_table
67  no wrapping; suits never break a tie        H test_002_sequences_do_not_wrap; H test_002_suits_never_break_a_tie; S test_002_sequences_do_not_wrap_at_the_table;
                                                S test_002_suits_never_break_a_tie_at_the_table_the_pot_is_split
68  kickers decide the rest                     H test_002_kickers_decide_the_rest; S test_002_kickers_decide_the_rest_at_the_table
69  all-in wins from each opponent only what    D test_002_all_in_wins_from_each_opponent_only_what_they_put_in_...;
    they put in                                 S test_002_an_all_in_player_wins_from_each_opponent_only_what_they_put_in_even_when_the_others_fold;
                                                S test_002_at_showdown_chips_that_only_folded_players_reached_do_not_go_to_the_all_in_players
70  a tie splits that pot evenly                D test_002_all_in_wins_..._ties_split_...; S test_002_suits_never_break_a_tie_at_the_table_the_pot_is_split
71  odd chip to the tied winner closest to the  D test_002_the_odd_chip_of_each_pot_is_split_on_its_own; D test_002_all_in_wins_..._odd_chips_from_dealers_left;
    dealer's left (decision 6)                  S test_002_several_odd_chips_go_one_at_a_time_clockwise_from_the_dealers_left
72  cards and confirm button stay on screen     widget
73  tap a card to mark it                       widget
74  nothing is dragged                          widget
==  ==========================================  ==========================================================================

Rule book 003, Saloon Draw (engine sentences; the hand ranking list is H test_003_*)

- five cards each, bet, discard up to three and get as many, bet again: S test_003_each_player_antes_up_when_the_cards_are_dealt_and_is_dealt_five_cards,
  S test_003_players_discard_up_to_three_and_are_dealt_exactly_as_many_new_cards
- two or more still in after the final bet show their cards: S test_003_two_or_more_players_still_in_after_the_final_bet_show_their_cards
- the player left of the dealer starts; check, open or fold: S test_003_the_player_to_the_left_of_the_dealer_starts_the_betting_and_can_check_open_or_fold
- check, open or fold until someone opens; no open ends the round: S test_003_following_players_may_check_open_or_fold_until_someone_opens_...
- after an open: call, raise or fold: S test_003_after_someone_opens_the_next_player_can_call_raise_or_fold
- an open is between the minimum and maximum: V test_003_open_with_any_bet_between_the_minimum_and_maximum_in_5_dollar_steps;
  a raise (decision 3): V test_003_a_raise_is_at_least_the_minimum_and_at_most_the_maximum_on_top_of_the_bet
- betting continues until equalized (back to the high bettor, all called or folded): S test_003_bets_are_equalized_when_the_turn_comes_back_...
- the first round's opener starts the second: V test_003_the_player_who_opened_the_first_round_starts_the_second;
  V test_003_if_nobody_opened_...; S test_003_the_opener_who_folded_is_followed_by_the_next_player_clockwise_in_the_second_round
- checking and then raising is permitted: V test_003_checking_and_then_raising_is_permitted; S test_003_checking_and_then_raising_is_permitted_after_the_draw_too
- three raises before and three after the draw: V test_003_three_raises_per_round_after_the_opening_bet; S test_003_a_limit_of_three_raises_after_the_draw_is_enforced
- showdown after full opportunity to bet: S test_003_two_or_more_players_still_in_...; an unmet bet wins unseen: S test_003_if_no_one_meets_a_bet_the_bettor_wins_without_showing
- "this introduces bluffing": commentary, not testable
- table stakes; no loans, no going light; can't match a call: fold: V test_003_a_player_who_cannot_cover_a_call_must_fold; V test_003_a_bet_is_limited_to_what_the_player_can_cover
- $500 each, under $50 out, the game ends when you are out: M test_saloon_match_preset_...; M test_saloon_a_player_who_ends_a_hand_under_50_is_out_...;
  M test_saloon_the_game_ends_when_the_learner_is_out ("asked to play again": widget)
- "manage your money carefully": advice, not testable
- everyone antes up when the dealer deals (clicking Deal antes automatically): S test_003_each_player_antes_up_...; V test_003_a_player_who_cannot_pay_the_ante_sits_the_hand_out
- not enough money to continue betting: must fold: S test_003_if_you_dont_have_enough_money_to_continue_betting_you_must_fold
- ante $5, $25 or $50; round 1 and round 2 limits: V test_003_defaults_...; V test_003_the_table_options_are_only_the_listed_ones; V test_003_the_second_round_uses_its_own_limits
- save and restore a game: S test_003_a_game_in_progress_can_be_saved_and_restored; tests/match/test_match_save.py

Rule book 004, a single Ladder hand (the level table, wallet and high scores belong to pokerlab/ladder.py;
the hand ranking paragraphs are H test_004_*)

- each player antes, then five cards face down, then the first interval: S test_004_play_begins_with_each_player_adding_his_ante_then_five_cards_face_down
- a different player starts the betting each round: S test_004_a_different_player_starts_the_betting_each_round_as_the_button_moves
- check or bet when nobody bet, else call, raise one more bet, or fold: S test_004_check_or_bet_if_no_one_has_bet_otherwise_call_raise_one_more_bet_or_fold;
  V test_004_five_seats_ante_5_bets_10_then_20_cap_a_bet_and_three_raises
- players still in discard up to four: V test_004_discard_up_to_four_cards_no_ace_needed; select by clicking, discard button: widget
- the dealer replaces the discards; the second and final interval follows: S test_004_players_who_do_not_fold_after_the_first_interval_discard_then_...
- same rules, bets double after the draw: V test_004_bets_after_the_draw_are_double
- everyone not folded shows; the best hand wins: S test_004_after_the_final_interval_all_players_who_have_not_folded_show_their_cards
- hands tie: the pot is split: S test_004_if_hands_tie_the_pot_is_split_at_the_table; H test_004_if_hands_tie_the_pot_is_split

House interpretations (pokerlab/draw/rules.py) 1: S test_002_when_at_most_one_player_with_chips_...; 2: S test_002_folding_is_also_allowed_during_the_draw;
3: S test_002_several_short_all_ins_...; 4: S test_003_if_you_dont_have_enough_money_...; 5: S test_003_the_opener_who_folded_...;
6: S test_decision_while_a_hand_is_in_progress_players_with_chips_are_eligible_for_every_pot; 7: S test_002_an_all_in_player_wins_..._even_when_the_others_fold;
8: S test_002_a_short_all_in_never_takes_away_the_big_blinds_option.
"""

from __future__ import annotations

import json

import pytest

from pokerlab.cards import parse_cards
from pokerlab.draw import (
    Action,
    ActionKind,
    HandState,
    IllegalActionError,
    Phase,
    five_card_draw,
    ladder,
    saloon_draw,
)
from pokerlab.hand_values import evaluate
from pokerlab.history import HandHistory
from pokerlab.narration import action_label, cap_text, log_lines
from tests.draw.conftest import arrange_deck, check_round, kinds, legal, stand_pat_all

# ----- 002: the opening paragraph -------------------------------------------------------------------


def test_002_there_is_no_ante_requirement_to_open_any_five_cards_may_bet(deck):
    # seat 1 (first to act) holds nothing at all: seven high, no pair, no draw
    cards = deck({1: "7c 5d 4h 3s 2c", 2: "As Ad Kh Ks Qc", 0: "Jh Jd 9c 8c 6s"}, dealer=0, player_count=3)
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=1, deck=cards)
    assert state.actor == 1 and ActionKind.BET in kinds(state)
    state.apply(Action.bet(10))
    assert state.current_bet == 10


# ----- 002: lobby -----------------------------------------------------------------------------------


def test_002_blinds_are_used_only_when_blinds_are_selected():
    antes = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    assert {e.kind for e in antes.events} & {"small_blind", "big_blind"} == set()
    assert antes.small_blind_seat is None and antes.big_blind_seat is None
    blinds = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500] * 3, dealer=0, rng=1)
    assert not any(e.kind == "ante" for e in blinds.events)
    assert blinds.contributions == (0, 5, 10)


def test_002_the_next_seat_posts_the_big_blind_skipping_seats_that_are_out():
    state = HandState(five_card_draw(player_count=5, forced_bet="blinds"), [500, 0, 500, 0, 500], dealer=4, rng=1)
    assert (state.small_blind_seat, state.big_blind_seat) == (0, 2)
    assert state.actor == 4  # left of the big blind, skipping seat 3 (out)


def test_002_ace_draw_is_off_by_default_and_a_player_who_keeps_an_ace_may_discard_four(deck):
    assert five_card_draw().ace_draw is False
    cards = deck({0: "Ah Kd 7h 4c 2s", 1: "Qs Qd 9h 8c 3d"}, dealer=1, player_count=2)
    off = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=0, deck=cards)
    check_round(off)
    assert legal(off, ActionKind.DRAW).max_discards == 3
    on = HandState(five_card_draw(player_count=2, ace_draw=True), [500, 500], dealer=1, rng=0, deck=cards)
    check_round(on)
    assert legal(on, ActionKind.DRAW).max_discards == 4
    on.apply(Action.draw("Kd 7h 4c 2s"))
    assert on.shown_aces[0] == parse_cards("Ah")[0] and on.draw_counts[0] == 4


# ----- 002: the deal --------------------------------------------------------------------------------


def test_002_five_cards_each_one_at_a_time_clockwise_from_the_dealers_left_skipping_seats_out():
    # dealer seat 3 of 5, seat 0 out: the deal goes 4, 1, 2, 3, 4, 1, 2, 3, ... (a round wraps the table)
    order = parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd")
    state = HandState(five_card_draw(player_count=5), [0, 500, 500, 500, 500], dealer=3, rng=1, deck=order)
    for position, seat in enumerate((4, 1, 2, 3)):
        assert state.cards(seat) == tuple(order[position::4][:5])
    assert state.cards(0) == ()
    assert [e.seat for e in state.events if e.kind == "deal"] == [4, 1, 2, 3]


def test_002_only_you_can_see_your_own_cards():
    state = HandState(five_card_draw(player_count=4), [500] * 4, dealer=0, rng=5)
    for viewer in range(4):
        view = state.view(viewer)
        for seat, player in enumerate(view["players"]):
            if seat == viewer:
                assert player["cards"] == [str(card) for card in state.cards(seat)]
            else:
                assert player["cards"] == [None] * 5 and player["card_count"] == 5
        text = json.dumps(view)
        for seat in range(4):
            if seat != viewer:
                assert not any(f'"{card}"' in text for card in state.cards(seat))
    assert all(player["cards"] == [None] * 5 for player in state.view(None)["players"])


def test_002_no_cards_are_burned_the_draw_takes_the_very_next_cards(deck):
    cards = deck({0: "As Kd 7h 4c 2s", 1: "Qs Qd 9h 8c 3d"}, dealer=1, player_count=2, then="Jc Tc 9c")
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=0, deck=cards)
    assert cards[10:13] == parse_cards("Jc Tc 9c")
    check_round(state)
    state.apply(Action.draw("2s"))
    assert state.cards(0)[-1] == cards[10]  # the eleventh card: ten dealt, nothing burned
    state.apply(Action.draw("3d 8c"))
    assert state.cards(1)[-2:] == (cards[11], cards[12])


# ----- 002: before the draw -------------------------------------------------------------------------


def test_002_the_big_blind_may_raise_if_everyone_else_only_called_heads_up_when_the_small_blind_completes():
    state = HandState(five_card_draw(player_count=2, forced_bet="blinds"), [500, 500], dealer=0, rng=1)
    assert state.actor == 0 and legal(state, ActionKind.CALL).call_amount == 5  # the dealer owes the difference
    state.apply(Action.call())
    assert state.phase is Phase.BETTING_ONE and state.actor == 1
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.RAISE]
    assert legal(state, ActionKind.RAISE).min_to == 20
    state.apply(Action.check())  # declining the option ends the round
    assert state.phase is Phase.DRAW


def test_002_the_big_blind_has_no_option_once_someone_raised_and_everyone_called():
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500] * 3, dealer=0, rng=1)
    state.apply(Action.call())         # seat 0 (dealer) calls 10
    state.apply(Action.raise_to(20))   # seat 1 (small blind) raises
    state.apply(Action.call())         # seat 2 (big blind) calls: it has answered the raise
    state.apply(Action.call())         # seat 0 calls
    assert state.phase is Phase.DRAW


def test_002_one_bet_and_three_raises_are_the_cap_four_in_all_with_many_players():
    state = HandState(five_card_draw(player_count=6), [500] * 6, dealer=0, rng=1)
    state.apply(Action.bet(10))
    for to in (20, 30, 40):
        state.apply(Action.raise_to(to))
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CALL]
    with pytest.raises(IllegalActionError, match="cap of 4"):
        state.apply(Action.raise_to(50))
    for _ in range(5):
        state.apply(Action.call())
    assert state.phase is Phase.DRAW and state.bets == (40,) * 6


def test_002_call_a_bet_you_can_cover():
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    state.apply(Action.bet(10))
    state.apply(Action.raise_to(20))
    assert legal(state, ActionKind.CALL).call_amount == 20 and action_label(legal(state, ActionKind.CALL)) == "Call 20"
    state.apply(Action.call())
    assert state.stacks[0] == 475 and state.bets == (20, 10, 20)
    assert legal(state, ActionKind.CALL).call_amount == 10  # seat 1 owes only the difference


def test_002_raise_only_when_you_have_not_yet_answered_the_bet():
    # seat 1 bets, seat 2 calls, seat 0 calls: seat 2 answered the bet, so there is no second chance to raise
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    state.apply(Action.bet(10))
    state.apply(Action.call())
    state.apply(Action.call())
    assert state.phase is Phase.DRAW


def test_002_fold_to_leave_the_hand():
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    state.apply(Action.bet(10))
    state.apply(Action.fold())
    assert state.statuses[2] == "folded" and state.cards(2) == ()
    state.apply(Action.call())
    assert state.phase is Phase.DRAW
    order = stand_pat_all(state)
    assert 2 not in order
    assert 2 not in [p["seat"] for p in state.view(None)["players"] if p["status"] == "active"]


def test_002_if_your_stack_cannot_cover_the_full_bet_you_may_go_all_in_for_what_you_have():
    state = HandState(five_card_draw(player_count=3), [500, 12, 500], dealer=0, rng=1)
    assert state.actor == 1 and state.stacks[1] == 7  # 7 left after the ante: less than a bet of 10
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.ALL_IN]
    state.apply(Action.all_in())
    assert state.statuses[1] == "all-in" and state.current_bet == 7
    assert legal(state, ActionKind.CALL).call_amount == 7
    assert legal(state, ActionKind.RAISE).min_to == 17  # a full raise is one bet on top of the highest bet


def test_002_if_your_stack_cannot_cover_the_full_raise_you_may_go_all_in_for_what_you_have():
    state = HandState(five_card_draw(player_count=3), [500, 500, 20], dealer=0, rng=1)
    state.apply(Action.bet(10))
    assert state.stacks[2] == 15  # can call 10, cannot raise to 20
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CALL, ActionKind.ALL_IN]
    item = legal(state, ActionKind.ALL_IN)
    assert (item.min_to, action_label(item)) == (15, "All-in for 15")
    with pytest.raises(IllegalActionError, match="not have enough chips"):
        state.apply(Action.raise_to(20))


def test_002_several_short_all_ins_never_add_up_to_reopen_raising():
    """Seat 1 bets 10; seats 2 and 3 go all-in short to 15 then 19 (each less than a full raise).
    Seat 4 had not acted and may raise; seat 1, who had acted, may only call the extra or fold."""
    state = HandState(five_card_draw(player_count=5), [500, 500, 20, 24, 500], dealer=0, rng=1)
    state.apply(Action.bet(10))
    state.apply(Action.all_in())
    state.apply(Action.all_in())
    assert state.current_bet == 19 and cap_text(state.cap) == "bet 1 of 4, 3 raises left"
    assert state.actor == 4 and legal(state, ActionKind.RAISE).min_to == 29
    state.apply(Action.call())
    state.apply(Action.call())  # seat 0 had not acted either
    assert state.actor == 1 and kinds(state) == [ActionKind.FOLD, ActionKind.CALL]
    assert legal(state, ActionKind.CALL).call_amount == 9


def test_002_a_full_raise_after_a_short_all_in_reopens_raising_for_everyone():
    state = HandState(five_card_draw(player_count=4), [500, 500, 20, 500], dealer=0, rng=1)
    state.apply(Action.bet(10))       # seat 1
    state.apply(Action.all_in())      # seat 2 to 15, short
    state.apply(Action.call())        # seat 3 has now acted
    state.apply(Action.raise_to(25))  # seat 0 had not acted: a full raise on top of 15
    assert state.actor == 1 and ActionKind.RAISE in kinds(state)
    state.apply(Action.call())
    assert state.actor == 3 and ActionKind.RAISE in kinds(state)


def test_002_when_at_most_one_player_with_chips_is_left_their_call_is_automatic():
    """Decision 8: "that player calls anything still owed and the betting is skipped" — the call is
    made for them (no Fold, no Raise, no turn at all), then the hand goes on to the draw."""
    state = HandState(five_card_draw(player_count=3), [500, 15, 12], dealer=0, rng=1)
    state.apply(Action.bet(10))   # seat 1: a full bet with its last 10 chips
    state.apply(Action.all_in())  # seat 2: 7, short
    assert state.phase is Phase.DRAW and state.actor == 1  # seat 0 was never asked; the draw begins
    call, skipped = state.events[-3], state.events[-2]
    assert (call.kind, call.seat, call.amount, call.to, call.reason) == ("call", 0, 10, 10, "automatic")
    assert skipped.kind == "betting_skipped" and state.events[-1].kind == "draw_begins"
    assert state.stacks[0] == 485 and state.phase is Phase.DRAW


def test_002_everyone_still_in_the_hand_draws_then_there_is_a_showdown_when_betting_is_skipped():
    state = HandState(five_card_draw(player_count=3), [500, 30, 500], dealer=0, rng=4)
    state.apply(Action.bet(10))       # seat 1
    state.apply(Action.raise_to(20))  # seat 2
    state.apply(Action.fold())        # seat 0
    state.apply(Action.all_in())      # seat 1: its last 15, to 25 (short of a raise to 30)
    assert state.phase is Phase.DRAW  # seat 2, the only one with chips, called automatically
    drawers = stand_pat_all(state)
    assert drawers == [1, 2]
    assert state.is_over and not state.results.won_by_fold and set(state.results.shown) == {1, 2}
    assert not any(e.kind in ("bet", "check", "call", "raise") for e in state.events[state.events.index(
        next(e for e in state.events if e.kind == "second_round_begins")):])


# ----- 002: the draw --------------------------------------------------------------------------------


def test_002_folding_is_also_allowed_during_the_draw():
    """House interpretation 2 (with decision 7): a player may give up the hand on their draw turn."""
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=2)
    check_round(state)
    assert kinds(state) == [ActionKind.FOLD, ActionKind.DRAW]
    state.apply(Action.fold())
    assert state.statuses[1] == "folded" and state.phase is Phase.DRAW and state.actor == 2
    state.apply(Action.stand_pat())
    state.apply(Action.fold())
    assert state.is_over and state.results.won_by_fold and state.results.winners == (2,)


def test_002_draw_or_stand_pat_is_one_confirmed_choice_marking_cards_belongs_to_the_widget():
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=0, rng=2)
    check_round(state)
    assert action_label(legal(state, ActionKind.DRAW)) == "Draw up to 3 or stand pat"
    state.apply(Action.stand_pat())
    assert state.draw_counts == (None, 0) and state.events[-1].kind == "draw"


def test_002_you_finish_before_the_next_player_chooses(deck):
    cards = deck({1: "2c 3c 4c 5c 7d", 2: "2d 3d 4d 5d 7h", 0: "2h 3h 4h 5h 7s"}, dealer=0, player_count=3)
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=2, deck=cards)
    check_round(state)
    for seat in (1, 2, 0):
        assert state.actor == seat
        others = [other for other in range(3) if other != seat]
        for other in others:  # nobody else may draw out of turn
            with pytest.raises(IllegalActionError, match="not in your hand"):
                state.apply(Action.draw(state.cards(other)[:1]))
        state.apply(Action.draw(state.cards(seat)[:2]))
        assert state.draw_counts[seat] == 2 and len(state.cards(seat)) == 5
    assert state.phase is Phase.BETTING_TWO


def test_002_replacements_are_dealt_immediately_from_the_top_of_the_stock_in_draw_order(deck):
    cards = deck({1: "2c 3c 4c 5c 7d", 2: "2d 3d 4d 5d 7h", 0: "2h 3h 4h 5h 7s"}, dealer=0, player_count=3,
                 then="As Ks Qs Js Ts 9s")
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=2, deck=cards)
    check_round(state)
    state.apply(Action.draw("7d"))
    assert state.cards(1) == tuple(parse_cards("2c 3c 4c 5c As"))  # before seat 2 has chosen
    state.apply(Action.draw("7h 5d 4d"))
    assert state.cards(2) == tuple(parse_cards("2d 3d Ks Qs Js"))
    state.apply(Action.draw("7s 5h"))
    assert state.cards(0) == tuple(parse_cards("2h 3h 4h Ts 9s"))


def test_002_with_ace_draw_a_fourth_discard_is_legal_only_while_an_ace_stays_in_your_hand(deck):
    cards = deck({0: "Ah Ad 7h 4c 2s", 1: "Qs Qd 9h 8c 3d"}, dealer=1, player_count=2)
    state = HandState(five_card_draw(player_count=2, ace_draw=True), [500, 500], dealer=1, rng=0, deck=cards)
    check_round(state)
    with pytest.raises(IllegalActionError, match="discard at most 3 cards; you can fold or draw up to 3 \\(4 keeping an ace\\)"):
        state.apply(Action.draw("Ah Ad 7h 4c 2s"))
    state.apply(Action.draw("Ah 7h 4c 2s"))  # throwing one ace of two: the other stays
    assert state.shown_aces[0] == parse_cards("Ad")[0]
    assert legal(state, ActionKind.DRAW).max_discards == 3  # seat 1 has no ace
    with pytest.raises(IllegalActionError, match="only while you keep an ace; you can fold or draw up to 3 or"):
        state.apply(Action.draw("Qd 9h 8c 3d"))


def test_002_that_ace_is_turned_face_up_for_everyone_for_the_rest_of_the_hand(deck):
    cards = deck({0: "Ah Kd 7h 4c 2s", 1: "Qs Qd 9h 8c 3d", 2: "Js Jd 9c 8d 3h"}, dealer=2, player_count=3)
    state = HandState(five_card_draw(player_count=3, ace_draw=True), [500] * 3, dealer=2, rng=0, deck=cards)
    check_round(state)
    state.apply(Action.draw("Kd 7h 4c 2s"))
    assert any(e.kind == "ace_shown" and e.seat == 0 for e in state.events)
    stand_pat_all(state)
    for viewer in (None, 1, 2):
        assert state.view(viewer)["players"][0]["cards"].count("Ah") == 1
        assert state.view(viewer)["players"][0]["cards"].count(None) == 4
    assert "Seat 1 keeps an ace and shows it: Ah" in log_lines(state.view(1))


def test_002_the_number_you_drew_is_public_for_the_rest_of_the_hand_even_if_you_fold_later():
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=6)
    check_round(state)
    for count in (1, 2, 3):
        state.apply(Action.draw(state.cards(state.actor)[:count]))
    state.apply(Action.bet(20))  # seat 1
    state.apply(Action.fold())   # seat 2, who drew 2
    assert not state.is_over
    for viewer in (None, 0, 1, 2):
        assert [p["draw_count"] for p in state.view(viewer)["players"]] == [3, 1, 2]
    assert "Seat 3 draws 2 cards" in log_lines(state.view(0))


def test_002_the_cards_you_discarded_are_not_public(deck):
    cards = deck({1: "2c 3c 4c 5c 7d", 2: "2d 3d 4d 5d 7h", 0: "2h 3h 4h 5h 7s"}, dealer=0, player_count=3)
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=2, deck=cards)
    check_round(state)
    state.apply(Action.draw("7d 5c"))
    for viewer in (None, 0, 2):
        text = json.dumps(state.view(viewer))
        assert '"7d"' not in text and "7d" not in " ".join(log_lines(state.view(viewer)))
    assert "You draw 2 cards (throwing 7d 5c" in " ".join(log_lines(state.view(1)))  # the player who threw them may see them


# ----- 002: after the draw --------------------------------------------------------------------------


def test_002_after_the_draw_the_first_live_player_left_of_the_dealer_acts_first_with_antes():
    state = HandState(five_card_draw(player_count=4), [500] * 4, dealer=1, rng=2)
    state.apply(Action.fold())  # seat 2, directly left of the dealer
    check_round(state)
    stand_pat_all(state)
    assert state.phase is Phase.BETTING_TWO and state.actor == 3
    assert legal(state, ActionKind.BET).min_to == 20


def test_002_after_the_draw_the_first_player_with_chips_left_of_the_dealer_acts_first():
    state = HandState(five_card_draw(player_count=3), [500, 20, 500], dealer=0, rng=2)
    state.apply(Action.bet(10))      # seat 1: 5 left
    state.apply(Action.call())
    state.apply(Action.call())
    stand_pat_all(state)
    state.apply(Action.all_in())      # seat 1 is first after the draw and is all-in for its last 5
    assert state.actor == 2


# ----- 002: showdown (the rankings themselves are tested in tests/test_hands.py) ---------------------


def showdown(hands: dict[int, str], stacks: list[int], dealer: int) -> HandState:
    count = len(stacks)
    cards = arrange_deck(hands, dealer=dealer, player_count=count)
    state = HandState(five_card_draw(player_count=count), stacks, dealer=dealer, rng=0, deck=cards)
    while not state.is_over:
        if state.phase is Phase.DRAW:
            state.apply(Action.stand_pat())
        else:
            state.apply(Action.check())
    return state


def test_002_the_ranks_best_first_decide_the_showdown_and_aces_are_high():
    flush_beats_straight = showdown({0: "2h 5h 7h 9h Jh", 1: "9c Td Js Qs Kc"}, [500, 500], dealer=1)
    assert flush_beats_straight.results.winners == (0,)
    ace_high = showdown({0: "Ad 9c 7h 4s 2c", 1: "Kd Qc Jh 9s 7c"}, [500, 500], dealer=1)
    assert ace_high.results.winners == (0,)


def test_002_the_wheel_is_the_lowest_straight_at_the_table():
    state = showdown({0: "As 2d 3h 4c 5s", 1: "2c 3d 4h 5c 6s"}, [500, 500], dealer=1)
    assert state.results.winners == (1,) and "straight" in state.results.hand_names[0]


def test_002_sequences_do_not_wrap_at_the_table():
    state = showdown({0: "Qs Kd Ah 2c 3s", 1: "2d 2h 7c 8c 9d"}, [500, 500], dealer=1)
    assert state.results.winners == (1,)  # Q-K-A-2-3 is only ace high; a pair of twos beats it


def test_002_suits_never_break_a_tie_at_the_table_the_pot_is_split():
    state = showdown({0: "As Ks Qs Js 9d", 1: "Ah Kh Qh Jh 9c"}, [500, 500], dealer=1)
    assert state.results.winners == (0, 1) and state.results.net == (0, 0)


def test_002_kickers_decide_the_rest_at_the_table():
    state = showdown({0: "8s 8d Kh 7c 2s", 1: "8h 8c Kd 6c 5s"}, [500, 500], dealer=1)
    assert state.results.winners == (0,)


def test_002_several_odd_chips_go_one_at_a_time_clockwise_from_the_dealers_left():
    """Antes of 5 from three players: 15 chips, tied by seats 0 and 2 after seat 1 folds. Dealer seat 2:
    seat 0 is closest to the dealer's left and takes the odd chip."""
    cards = parse_cards("5c 6d 5h 6c 7d 6h 7c 8d 7h 8c 9d 8h 9c Ts 9h")  # 0, 1, 2 dealt in turn
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=2, rng=0, deck=cards)
    state.apply(Action.check())  # seat 0
    state.apply(Action.fold())   # seat 1 gives up its ante
    state.apply(Action.check())  # seat 2
    stand_pat_all(state)
    check_round(state)
    award = state.results.awards[0]
    assert award.amount == 15 and award.winners == (0, 2) and award.shares == {0: 8, 2: 7}


def test_002_an_all_in_player_wins_from_each_opponent_only_what_they_put_in_even_when_the_others_fold():
    """Seat 1 is all-in for 12 (ante 5 + 7); seats 2 and 0 put in 22 each and then fold in the draw.
    Seat 1 wins 12 from each (36); the 20 above that was left to seat 0, the last of them to fold."""
    state = HandState(five_card_draw(player_count=3), [500, 12, 500], dealer=0, rng=1)
    state.apply(Action.all_in())       # seat 1: a short bet of 7
    state.apply(Action.raise_to(17))   # seat 2
    state.apply(Action.call())         # seat 0
    state.apply(Action.stand_pat())    # seat 1
    state.apply(Action.fold())         # seat 2
    state.apply(Action.fold())         # seat 0
    result = state.results
    assert result.won_by_fold and result.shown == {}
    assert [(a.amount, a.winners) for a in result.awards] == [(36, (1,)), (20, (0,))]
    assert result.net == (-2, 24, -22) and sum(state.stacks) == 1012
    assert [pot.amount for pot in state.pots] == [36, 20]


def test_002_at_showdown_chips_that_only_folded_players_reached_do_not_go_to_the_all_in_players(deck):
    cards = deck({1: "As Ad Kh Ks Qc", 2: "2c 3d 4h 5c 7d", 3: "Jh Jd 9c 8c 6s", 0: "Th Td 9h 8d 6h"},
                 dealer=0, player_count=4)
    state = HandState(five_card_draw(player_count=4), [500, 12, 12, 500], dealer=0, rng=1, deck=cards)
    state.apply(Action.all_in())       # seat 1: 7
    state.apply(Action.call())         # seat 2: its last 7
    state.apply(Action.raise_to(17))   # seat 3
    state.apply(Action.call())         # seat 0
    state.apply(Action.stand_pat())    # seat 1
    state.apply(Action.stand_pat())    # seat 2
    state.apply(Action.fold())         # seat 3
    state.apply(Action.fold())         # seat 0, the last to fold
    result = state.results
    assert not result.won_by_fold and set(result.shown) == {1, 2}
    assert [(a.amount, a.winners) for a in result.awards] == [(48, (1,)), (20, (0,))]
    assert result.net == (-2, 36, -12, -22)


def test_002_a_short_all_in_never_takes_away_the_big_blinds_option():
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [12, 500, 500], dealer=0, rng=1)
    state.apply(Action.all_in())  # the dealer: 12, short of a raise to 20
    assert state.current_bet == 12
    state.apply(Action.call())    # the small blind
    assert state.actor == 2 and legal(state, ActionKind.CALL).call_amount == 2
    assert legal(state, ActionKind.RAISE).min_to == 22  # the big blind has not acted yet


# ----- 003: Saloon Draw -----------------------------------------------------------------------------


def test_003_the_player_to_the_left_of_the_dealer_starts_the_betting_and_can_check_open_or_fold():
    state = HandState(saloon_draw(), [500] * 5, dealer=2, rng=1)
    assert state.actor == 3 and kinds(state) == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET]


def test_003_following_players_may_check_open_or_fold_until_someone_opens_if_no_one_opens_the_round_is_finished():
    state = HandState(saloon_draw(), [500] * 5, dealer=0, rng=1)
    state.apply(Action.fold())
    for _ in range(3):
        assert kinds(state) == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET]
        state.apply(Action.check())
    state.apply(Action.check())
    assert state.phase is Phase.DRAW and state.current_bet == 0


def test_003_after_someone_opens_the_next_player_can_call_raise_or_fold():
    state = HandState(saloon_draw(), [500] * 5, dealer=0, rng=1)
    state.apply(Action.check())
    state.apply(Action.bet(10))
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE]
    assert legal(state, ActionKind.CALL).call_amount == 10  # as much as the previous player


def test_003_bets_are_equalized_when_the_turn_comes_back_to_the_last_raiser_after_calls_or_folds():
    state = HandState(saloon_draw(), [500] * 5, dealer=0, rng=1)
    state.apply(Action.bet(5))         # seat 1
    state.apply(Action.raise_to(15))   # seat 2
    state.apply(Action.call())         # seat 3
    state.apply(Action.fold())         # seat 4
    state.apply(Action.call())         # seat 0
    assert state.actor == 1
    state.apply(Action.call())         # seat 1: the turn would come back to seat 2, who made the high bet
    assert state.phase is Phase.DRAW and state.bets == (15, 15, 15, 15, 0)


def test_003_checking_and_then_raising_is_permitted_after_the_draw_too():
    state = HandState(saloon_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    check_round(state)
    stand_pat_all(state)
    state.apply(Action.check())   # seat 1
    state.apply(Action.bet(10))   # seat 2
    state.apply(Action.call())    # seat 0
    state.apply(Action.raise_to(25))  # seat 1 checked, then raises
    assert state.current_bet == 25 and state.actor == 2


def test_003_a_limit_of_three_raises_after_the_draw_is_enforced():
    state = HandState(saloon_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    check_round(state)
    stand_pat_all(state)
    state.apply(Action.bet(5))
    for to in (10, 15, 20):
        state.apply(Action.raise_to(to))
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CALL]


def test_003_the_opener_who_folded_is_followed_by_the_next_player_clockwise_in_the_second_round():
    """House interpretation 5."""
    state = HandState(saloon_draw(), [500] * 5, dealer=0, rng=1)
    state.apply(Action.check())        # seat 1
    state.apply(Action.bet(5))         # seat 2 opens
    state.apply(Action.raise_to(10))   # seat 3
    state.apply(Action.call())         # seat 4
    state.apply(Action.call())         # seat 0
    state.apply(Action.call())         # seat 1
    state.apply(Action.fold())         # seat 2, the opener, gives up
    stand_pat_all(state)
    assert state.phase is Phase.BETTING_TWO and state.actor == 3


def test_003_if_you_dont_have_enough_money_to_continue_betting_you_must_fold():
    """House interpretation 4: a Saloon player at exactly 0 stays in, is skipped while nothing is owed,
    and can only fold to a later bet (no all-in, no going light)."""
    state = HandState(saloon_draw(player_count=3, ante=50), [500, 50, 500], dealer=2, rng=1)
    assert state.statuses[1] == "active" and state.stacks[1] == 0
    assert state.actor == 0
    state.apply(Action.check())  # seat 0
    assert state.actor == 2      # seat 1 has nothing to bet with and nothing is owed
    state.apply(Action.bet(15))
    state.apply(Action.call())   # seat 0
    assert state.actor == 1 and kinds(state) == [ActionKind.FOLD]
    state.apply(Action.fold())
    assert state.phase is Phase.DRAW


def test_003_if_no_one_meets_a_bet_the_bettor_wins_without_showing():
    state = HandState(saloon_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    state.apply(Action.bet(15))
    state.apply(Action.fold())
    state.apply(Action.fold())
    assert state.results.won_by_fold and state.results.shown == {} and state.results.net == (-5, 10, -5)


def test_003_two_or_more_players_still_in_after_the_final_bet_show_their_cards():
    state = HandState(saloon_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    state.apply(Action.fold())
    check_round(state)
    stand_pat_all(state)
    state.apply(Action.bet(5))
    state.apply(Action.call())
    assert state.is_over and set(state.results.shown) == {0, 2}


def test_003_players_discard_up_to_three_and_are_dealt_exactly_as_many_new_cards():
    state = HandState(saloon_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    check_round(state)
    assert legal(state, ActionKind.DRAW).max_discards == 3
    for count in (0, 2, 3):
        seat = state.actor
        kept = state.cards(seat)[count:]
        state.apply(Action.draw(state.cards(seat)[:count]))
        assert len(state.cards(seat)) == 5 and state.cards(seat)[:5 - count] == kept
        assert state.draw_counts[seat] == count


def test_003_each_player_antes_up_when_the_cards_are_dealt_and_is_dealt_five_cards():
    state = HandState(saloon_draw(ante=25), [500] * 5, dealer=0, rng=1)
    assert state.contributions == (25,) * 5 and [e.kind for e in state.events[1:6]] == ["ante"] * 5
    assert all(len(state.cards(seat)) == 5 for seat in range(5))


def test_003_a_game_in_progress_can_be_saved_and_restored():
    state = HandState(saloon_draw(), [500, 300, 420, 500, 260], dealer=3, rng=9)
    state.apply(Action.bet(10))
    state.apply(Action.raise_to(20))
    saved = HandHistory.from_state(state).to_json()
    restored = HandHistory.from_json(saved).replay()
    assert restored.view(0) == state.view(0) and restored.actor == state.actor
    for game in (state, restored):
        game.apply(Action.call())
    assert restored.events == state.events


# ----- 004: Tournament Ladder ----------------------------------------------------------------------


def test_004_play_begins_with_each_player_adding_his_ante_then_five_cards_face_down():
    state = HandState(ladder(), [500] * 5, dealer=0, rng=1)
    assert state.contributions == (5,) * 5
    assert [e.kind for e in state.events[1:11]] == ["ante"] * 5 + ["deal"] * 5
    assert all(len(state.cards(seat)) == 5 for seat in range(5))
    assert all(p["cards"] == [None] * 5 for p in state.view(None)["players"])


def test_004_a_different_player_starts_the_betting_each_round_as_the_button_moves():
    starters = [HandState(ladder(), [500] * 5, dealer=dealer, rng=1).actor for dealer in range(5)]
    assert starters == [1, 2, 3, 4, 0]


def test_004_check_or_bet_if_no_one_has_bet_otherwise_call_raise_one_more_bet_or_fold():
    state = HandState(ladder(), [500] * 5, dealer=0, rng=1)
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET]
    state.apply(Action.bet(10))
    assert kinds(state) == [ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE]
    assert legal(state, ActionKind.RAISE).min_to == legal(state, ActionKind.RAISE).max_to == 20


def test_004_players_who_do_not_fold_after_the_first_interval_discard_then_the_second_interval_follows():
    state = HandState(ladder(), [500] * 5, dealer=0, rng=1)
    state.apply(Action.bet(10))
    state.apply(Action.fold())      # seat 2
    for _ in range(3):
        state.apply(Action.call())
    drawers = []
    while state.phase is Phase.DRAW:
        drawers.append(state.actor)
        state.apply(Action.draw(state.cards(state.actor)[:4]))
    assert drawers == [1, 3, 4, 0] and state.phase is Phase.BETTING_TWO
    assert state.draw_counts == (4, 4, None, 4, 4) and all(len(state.cards(s)) == 5 for s in drawers)


def test_004_after_the_final_interval_all_players_who_have_not_folded_show_their_cards():
    state = HandState(ladder(), [500] * 5, dealer=0, rng=1)
    state.apply(Action.fold())      # seat 1
    check_round(state)
    stand_pat_all(state)
    state.apply(Action.bet(20))     # seat 2
    state.apply(Action.fold())      # seat 3
    for _ in range(2):
        state.apply(Action.call())
    assert state.is_over and set(state.results.shown) == {0, 2, 4}
    best = max(evaluate(state.cards(seat)) for seat in (0, 2, 4))
    assert all(evaluate(state.cards(seat)) == best for seat in state.results.winners)
    assert all(None not in state.view(3)["players"][seat]["cards"] for seat in (0, 2, 4))


def test_004_if_hands_tie_the_pot_is_split_at_the_table(deck):
    cards = deck({1: "As Ks Qs Js 9d", 2: "Ah Kh Qh Jh 9c", 3: "2c 3c 4d 5d 7h", 4: "2d 3d 4h 5h 7s",
                  0: "2h 3h 4c 5c 7c"}, dealer=0, player_count=5)
    state = HandState(ladder(), [500] * 5, dealer=0, rng=1, deck=cards)
    check_round(state)
    stand_pat_all(state)
    check_round(state)
    assert state.results.winners == (1, 2) and state.results.awards[0].shares == {1: 13, 2: 12}


def test_decision_while_a_hand_is_in_progress_players_with_chips_are_eligible_for_every_pot():
    """House interpretation 6: only all-in amounts cut the pot into layers while the hand goes on."""
    state = HandState(five_card_draw(player_count=3), [500, 500, 20], dealer=0, rng=1)
    state.apply(Action.bet(10))
    assert [(pot.amount, pot.eligible) for pot in state.pots] == [(25, (0, 1, 2))]
    state.apply(Action.all_in())  # seat 2: 15 in this round, 20 in all
    state.apply(Action.raise_to(25))
    assert [(pot.amount, pot.eligible) for pot in state.pots] == [(55, (0, 1, 2)), (10, (0, 1))]


FILES = {"B": "test_002_betting.py", "D": "test_002_draw_and_showdown.py", "V": "test_003_004_variants.py",
         "S": "test_rule_sentences.py", "P": "test_properties_and_history.py", "H": "../test_hands.py",
         "M": "../match/test_match_rules.py"}


def test_the_sentence_table_names_only_tests_that_exist():
    import re
    from pathlib import Path

    here = Path(__file__).parent
    defined = {key: set(re.findall(r"^def (test_\w+)", (here / name).read_text(), re.M)) for key, name in FILES.items()}
    cited = re.findall(r"\b([BDVSPHM]) (test_[\w.]+)", __doc__)
    for key, name in cited:
        name = name.rstrip(".")
        pattern = re.escape(name).replace(re.escape("..."), r"\w*") + ("" if name.endswith("_") else "$")
        assert any(re.match(pattern, test) for test in defined[key]), f"{key} {name} is not a test in {FILES[key]}"
    assert len(cited) > 100
