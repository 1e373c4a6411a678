"""Rule books 003 (Saloon Draw: spread limit, no all-in) and 004 (Tournament Ladder)."""

from __future__ import annotations

import pytest

from pokerlab.draw import Action, ActionKind, HandState, IllegalActionError, Phase, RulesError, ladder, saloon_draw
from pokerlab.narration import action_label
from tests.draw.conftest import kinds, legal, stand_pat_all


def test_003_defaults_ante_5_round_one_5_to_15_round_two_5_to_25_five_players():
    rules = saloon_draw()
    assert (rules.player_count, rules.ante, rules.limits, rules.step) == (5, 5, ((5, 15), (5, 25)), 5)
    assert not rules.all_in_allowed and rules.second_round_opener == "first_round_opener"


def test_003_the_table_options_are_only_the_listed_ones():
    assert saloon_draw(ante=50, round_one=(25, 50), round_two=(25, 100)).limits == ((25, 50), (25, 100))
    with pytest.raises(RulesError, match=r"ante 10; choose one of: \$5, \$25, \$50"):
        saloon_draw(ante=10)
    with pytest.raises(RulesError, match=r"round one limits \(5, 20\); choose one of: \$5-\$15, \$5-\$25, \$25-\$50"):
        saloon_draw(round_one=(5, 20))
    with pytest.raises(RulesError, match=r"\$5-\$25, \$5-\$50, \$25-\$100"):
        saloon_draw(round_two=(5, 15))


def test_003_open_with_any_bet_between_the_minimum_and_maximum_in_5_dollar_steps():
    state = HandState(saloon_draw(), [500] * 5, dealer=0, rng=1)
    bet = legal(state, ActionKind.BET)
    assert (bet.min_to, bet.max_to, bet.step, action_label(bet)) == (5, 15, 5, "Bet 5–15")
    with pytest.raises(IllegalActionError, match="Bet must be to 5–15 in steps of 5 here"):
        state.apply(Action.bet(7))
    with pytest.raises(IllegalActionError, match="5–15"):
        state.apply(Action.bet(20))
    state.apply(Action.bet(10))
    assert state.current_bet == 10


def test_003_a_raise_is_at_least_the_minimum_and_at_most_the_maximum_on_top_of_the_bet():
    state = HandState(saloon_draw(), [500] * 5, dealer=0, rng=1)
    state.apply(Action.bet(10))
    raise_ = legal(state, ActionKind.RAISE)
    assert (raise_.min_to, raise_.max_to, action_label(raise_)) == (15, 25, "Raise to 15–25")


def test_003_three_raises_per_round_after_the_opening_bet():
    state = HandState(saloon_draw(), [500] * 5, dealer=0, rng=1)
    state.apply(Action.bet(15))
    for to in (30, 45, 60):
        state.apply(Action.raise_to(to))
    assert ActionKind.RAISE not in kinds(state)


def test_003_checking_and_then_raising_is_permitted():
    state = HandState(saloon_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    state.apply(Action.check())   # seat 1
    state.apply(Action.bet(5))    # seat 2
    state.apply(Action.call())    # seat 0
    assert state.actor == 1 and ActionKind.RAISE in kinds(state)
    state.apply(Action.raise_to(20))
    assert state.current_bet == 20


def test_003_the_player_who_opened_the_first_round_starts_the_second():
    state = HandState(saloon_draw(), [500] * 5, dealer=0, rng=1)
    state.apply(Action.check())   # seat 1
    state.apply(Action.check())   # seat 2
    state.apply(Action.bet(5))    # seat 3 opens
    for _ in range(4):
        state.apply(Action.call())
    stand_pat_all(state)
    assert state.phase is Phase.BETTING_TWO and state.actor == 3


def test_003_if_nobody_opened_the_first_live_player_left_of_the_dealer_starts_the_second():
    state = HandState(saloon_draw(), [500] * 5, dealer=3, rng=1)
    state.apply(Action.fold())    # seat 4
    for _ in range(4):
        state.apply(Action.check())
    stand_pat_all(state)
    assert state.actor == 0


def test_003_a_player_who_cannot_cover_a_call_must_fold():
    state = HandState(saloon_draw(), [500, 500, 500, 500, 20], dealer=0, rng=1)
    state.apply(Action.bet(15))       # seat 1
    state.apply(Action.raise_to(30))  # seat 2
    state.apply(Action.call())        # seat 3
    assert state.actor == 4 and kinds(state) == [ActionKind.FOLD]
    with pytest.raises(IllegalActionError, match="cannot cover 30 and all-in is not allowed"):
        state.apply(Action.call())
    with pytest.raises(IllegalActionError, match="Saloon Draw has no all-in"):
        state.apply(Action.all_in())


def test_003_a_bet_is_limited_to_what_the_player_can_cover():
    state = HandState(saloon_draw(), [500, 17, 500, 500, 500], dealer=0, rng=1)
    bet = legal(state, ActionKind.BET)   # seat 1 has 12 after the ante
    assert (bet.min_to, bet.max_to) == (5, 10)


def test_003_a_player_who_cannot_pay_the_ante_sits_the_hand_out():
    state = HandState(saloon_draw(ante=25), [500, 20, 500, 500, 500], dealer=0, rng=1)
    assert state.statuses[1] == "out" and state.cards(1) == () and state.stacks[1] == 20


def test_003_the_second_round_uses_its_own_limits():
    state = HandState(saloon_draw(round_two=(25, 100)), [500] * 5, dealer=0, rng=1)
    for _ in range(5):
        state.apply(Action.check())
    stand_pat_all(state)
    bet = legal(state, ActionKind.BET)
    assert (bet.min_to, bet.max_to) == (25, 100)


def test_004_five_seats_ante_5_bets_10_then_20_cap_a_bet_and_three_raises():
    rules = ladder()
    assert (rules.player_count, rules.ante, rules.limits, rules.bet_cap) == (5, 5, ((10, 10), (20, 20)), 4)
    state = HandState(rules, [500] * 5, dealer=4, rng=1)
    assert state.contributions == (5,) * 5 and state.actor == 0
    state.apply(Action.bet(10))
    for to in (20, 30, 40):
        state.apply(Action.raise_to(to))
    assert ActionKind.RAISE not in kinds(state)


def test_004_bets_after_the_draw_are_double():
    state = HandState(ladder(), [500] * 5, dealer=4, rng=1)
    for _ in range(5):
        state.apply(Action.check())
    stand_pat_all(state)
    assert legal(state, ActionKind.BET).min_to == 20


def test_004_discard_up_to_four_cards_no_ace_needed():
    state = HandState(ladder(), [500] * 5, dealer=4, rng=1)
    for _ in range(5):
        state.apply(Action.check())
    assert legal(state, ActionKind.DRAW).max_discards == 4
    hand = state.cards(0)
    state.apply(Action.draw(hand[:4]))
    assert state.draw_counts[0] == 4 and state.shown_aces[0] is None
    with pytest.raises(IllegalActionError, match="at most 4"):
        state.apply(Action.draw(state.cards(1)))
