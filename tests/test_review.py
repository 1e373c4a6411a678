"""Decision review (pokerlab.review re-exports pokerlab.coach.draw_review and pokerlab.coach.seat_review): a
learner's draw beside the coach's, and a finished hand's review."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from pokerlab import ALL_CARDS, parse_cards
from pokerlab.coach.advice_words import compare_choices
from pokerlab.coach.draw_review import DrawDecision, review_draw
from pokerlab.coach.equity import simulate_deals
from pokerlab.coach.exact import IllegalDiscardError, draw_odds
from pokerlab.coach.findings import POSITION_MARGIN
from pokerlab.coach.policy import opponent_discards
from pokerlab.coach.seat_review import review_hand
from pokerlab.coach.words import (
    bet_review_text,
    coach_words,
    detail_words,
    draw_review_text,
    hand_summary,
    played_words,
    stage_name,
    worth_words,
)
from pokerlab.draw import Action, HandState, five_card_draw, random_legal_action
from pokerlab.review import simulate_equity_given_draws


def test_keeping_a_kicker_is_reviewed_against_keeping_the_pair_alone() -> None:
    review = review_draw(DrawDecision.from_text("Kh Kd As 4c 2d", discard="4c 2d"), opponent_count=4)
    odds = draw_odds("Kh Kd As 4c 2d")
    assert review.best == odds.choice("As 4c 2d")
    assert review.played == odds.choice("4c 2d")
    assert not review.is_best and review.rank == 2
    assert review.equity is not None and review.equity.difference > review.equity.margin > 0
    assert review.improve_lost == Fraction(4656, 16215) - Fraction(280, 1081)
    assert "three of a kind" in review.text and "keep K♥ K♦ and draw 3" in review.text
    assert "Against four players you need a hand that beats everyone" in review.text


def test_a_draw_reviews_english_is_the_coachs_words_and_comes_with_the_review() -> None:
    """``DrawReview.text`` (what a notebook prints) is :func:`draw_review_text` in English, registered in
    :mod:`pokerlab.english`: the review never imports the words, yet a fresh interpreter that imports only
    the review module has them (:mod:`pokerlab.coach` imports the words)."""
    review = review_draw(DrawDecision.from_text("Kh Kd As 4c 2d", discard="4c 2d"), opponent_count=2, trials=4_000)
    assert review.text == draw_review_text(review) != draw_review_text(review, "es")
    code = ("from pokerlab.coach.draw_review import DrawDecision, review_draw\n"
            "decision = DrawDecision.from_text('Kh Kd As 4c 2d', discard='4c 2d')\n"
            "print(review_draw(decision, opponent_count=2, trials=4_000).text)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == review.text


def test_the_coachs_own_choice_ranks_first_and_loses_nothing() -> None:
    review = review_draw(DrawDecision.from_text("Ah Kh 7h 2h 9c", discard="9c"), opponent_count=4)
    assert review.is_best and review.is_same and review.equity is not None and review.equity.difference == 0
    assert "the coach agrees" in review.text


def test_a_choice_within_the_margin_is_about_the_same_not_a_mistake() -> None:
    # four nines: standing pat and drawing a new fifth card win exactly the same pots (no opponent can
    # hold four nines, so the fifth card never decides), deal by deal
    review = review_draw(DrawDecision.from_text("9h 9d 9s 9c 2d", discard="2d"), opponent_count=2)
    assert review.best.discard == () and not review.is_same
    assert review.is_best and review.rank == 1
    assert review.equity is not None and review.equity.difference == 0 and review.equity.about_same
    assert "about the same" in review.text


def test_the_review_can_still_rank_by_an_exact_measure() -> None:
    review = review_draw(DrawDecision.from_text("Ah Kh 7h 2h 9c", discard="9c"), criterion="improve")
    assert not review.is_best  # keeping two cards and drawing three improves (to a pair) more often
    assert review.improve_lost > 0
    assert "best chance to improve" in review.text


def test_equity_difference_is_given_in_chips_and_big_bets() -> None:
    review = review_draw(
        DrawDecision.from_text("Kh Kd As 4c 2d", discard="Kh Kd"), opponent_count=2, pot=60, big_bet=20,
        trials=4_000, rng=3,
    )
    equity = review.equity
    assert equity is not None
    assert equity.difference > 4 * equity.standard_error  # throwing the kings is clearly worse
    assert equity.chips == pytest.approx(equity.difference * 60)
    assert equity.big_bets == pytest.approx(equity.chips / 20)
    assert "chips more" in review.text and "big bets" in review.text


def test_an_illegal_draw_cannot_be_reviewed() -> None:
    with pytest.raises(IllegalDiscardError, match="up to three"):
        review_draw(DrawDecision.from_text("Kh Kd As 4c 2d", discard="Kh Kd As 4c"))


def test_a_category_already_held_is_no_gain_in_the_comparison() -> None:
    odds = draw_odds("Kh Kd As 4c 2d")
    text = compare_choices(odds.choice("4c 2d"), odds.choice("As 4c 2d"), odds.current.category)
    assert "one pair" not in text and "pairs" not in text


def _scripted_hand() -> HandState:
    """Heads-up: seat 1 (the learner) holds K♥ K♦ A♠ 4♣ 2♦, keeps the ace, makes two pair and then
    folds it to a bet after the draw."""
    mine, other = parse_cards("Kh Kd As 4c 2d"), parse_cards("Qh Qc 9s 8c 3d")
    dealt = [card for pair in zip(mine, other) for card in pair]  # seat 1 is dealt first
    rest = [card for card in ALL_CARDS if card not in dealt]  # 2c 2h ... come next
    state = HandState(five_card_draw(player_count=2), stacks=[500, 500], dealer=0, rng=0, deck=dealt + rest)
    for action in (Action.bet(10), Action.call(), Action.draw("4c 2d"), Action.draw("9s 8c 3d"),
                   Action.check(), Action.bet(20), Action.fold()):
        state.apply(action)
    assert state.is_over
    return state


def test_a_finished_hand_reviews_the_seats_draw_and_its_fold() -> None:
    state = _scripted_hand()
    review = review_hand(state.events, seat=1, big_bet=20, trials=4_000, rng=1)
    assert review.draw is not None
    assert review.draw.decision.hand == tuple(parse_cards("Kh Kd As 4c 2d"))
    assert review.draw.decision.discard == tuple(parse_cards("4c 2d"))
    assert review.draw.best.discard == review.draw.advice.best.discard  # the best chance to win heads-up
    assert review.draw.equity is not None and review.draw.equity.pot == 30  # two antes and two bets of 10
    bet, check, fold = review.bets
    assert (bet.kind, bet.owed, check.kind, check.owed) == ("bet", 0, "check", 0)
    assert fold.kind == "fold" and fold.round_number == 2
    assert (fold.pot, fold.owed) == (50, 20)
    assert fold.pot_odds == pytest.approx(20 / 70)
    assert fold.equity.equity > fold.pot_odds  # two pair, kings up, is far too good to fold here
    assert fold.chips < 0 and "worth about" in bet_review_text(fold)


def test_the_hand_review_never_reads_other_seats_private_cards() -> None:
    state = _scripted_hand()
    events = list(state.events)
    scrambled = [
        event._replace(cards=tuple(parse_cards("7d 7h 7s 7c 6d")[: len(event.cards)]), received=())
        if event.kind in ("deal", "draw") and event.seat != 1 else event
        for event in events
    ]
    original = review_hand(events, seat=1, trials=2_000, rng=5)
    changed = review_hand(scrambled, seat=1, trials=2_000, rng=5)
    assert original == changed


def test_random_hands_can_all_be_reviewed_for_every_seat() -> None:
    rules = five_card_draw(player_count=3, ace_draw=True)
    for seed in range(4):
        state = HandState(rules, stacks=[500, 500, 500], dealer=seed % 3, rng=seed)
        rng = np.random.default_rng(seed)
        while not state.is_over:
            state.apply(random_legal_action(state, rng))
        for seat in range(3):
            review = review_hand(state.events, seat, rules.max_discards, rules.ace_draw, trials=500, rng=seed)
            assert hand_summary(review) and all(detail_words(decision) for decision in review.decisions)
            assert len(review.decisions) == len(review.bets) + (review.draw is not None)
            for bet in review.bets:
                if bet.owed:
                    assert 0 < bet.pot_odds < 1 and bet.coach in ("fold", "call", "raise")
                else:
                    assert bet.coach in ("check", "bet", "raise") and bet.threshold is not None
                assert bet.cost >= 0 and (bet.cost == 0) == bet.matches
                values = dict(bet.values)
                assert max(values.values()) - values[bet.played_option] == pytest.approx(bet.estimated_cost)


def _heads_up(mine: str, other: str, actions: list[Action]) -> HandState:
    """Heads-up with antes, dealer seat 0: seat 1 (the learner) gets ``mine`` and acts first in both
    rounds and at the draw; the stock follows in card order."""
    cards_mine, cards_other = parse_cards(mine), parse_cards(other)
    dealt = [card for pair in zip(cards_mine, cards_other) for card in pair]
    rest = [card for card in ALL_CARDS if card not in dealt]
    state = HandState(five_card_draw(player_count=2), stacks=[500, 500], dealer=0, rng=0, deck=dealt + rest)
    for action in actions:
        state.apply(action)
    return state


def test_folding_four_of_a_kind_when_checking_is_free_is_flagged_with_a_cost() -> None:
    state = _heads_up("9h 9d 9s 9c 2d", "Qh Qc 8s 7c 3d", [Action.fold()])
    review = review_hand(state.events, seat=1, big_bet=20, trials=2_000, rng=2)
    (decision,) = review.decisions
    (fold,) = review.bets
    assert (fold.kind, fold.owed, fold.coach) == ("fold", 0, "bet")
    assert not decision.matches and decision.chips is not None and decision.chips > 10  # most of a pot of 10, and a bet
    assert decision.chips == pytest.approx(fold.cost)
    assert played_words(decision) == "folded (checking was free)" and coach_words(decision) == "bet 10 chips"
    assert "costs about" in worth_words(decision) and "big bets" in worth_words(decision)


def test_throwing_trips_to_draw_three_is_flagged_and_keeping_them_matches_the_coach() -> None:
    plan = [Action.check(), Action.check(), None, Action.draw("8s 7c 3d"), Action.check(), Action.check()]
    mistake = _heads_up("7h 7d 7s Ac Kd", "Qh Qc 8s 7c 3d", [a or Action.draw("7h 7d 7s") for a in plan])
    good = _heads_up("7h 7d 7s Ac Kd", "Qh Qc 8s 7c 3d", [a or Action.draw("Ac Kd") for a in plan])
    bad_draw = review_hand(mistake.events, seat=1, big_bet=20, trials=3_000, rng=4).decisions[1]
    assert stage_name(bad_draw.phase) == "The draw" and not bad_draw.matches
    assert coach_words(bad_draw).startswith("keep 7♥ 7♦ 7♠")
    assert bad_draw.chips is not None and bad_draw.chips > 1 and "costs about" in worth_words(bad_draw)
    good_draw = review_hand(good.events, seat=1, big_bet=20, trials=3_000, rng=4).decisions[1]
    assert good_draw.matches and good_draw.chips == 0
    assert worth_words(good_draw) in ("same as the coach ✓", "about the same as the coach ✓")


def test_checks_and_opening_bets_are_reviewed_against_a_threshold_that_counts_players_behind() -> None:
    state = _heads_up("Kh Kd As 4c 2d", "Qh Qc 9s 8c 3d",
                      [Action.check(), Action.check(), Action.draw("4c 2d"), Action.draw("9s 8c 3d"),
                       Action.bet(20), Action.call()])
    first, after = review_hand(state.events, seat=1, big_bet=20, trials=3_000, rng=6).bets
    assert (first.kind, first.behind, first.bet_size) == ("check", 1, 10)
    assert first.threshold == pytest.approx(1 / 2 + POSITION_MARGIN)
    assert after.kind == "bet" and after.bet_size == 20
    assert after.coach == ("bet" if after.equity.equity > after.threshold else "check")
    assert after.matches == (after.coach == "bet")


def test_a_call_counts_the_chips_a_player_who_checked_earlier_still_owes() -> None:
    """Three-way, the learner (seat 0) faces a bet after seat 1 checked: seat 1 still owes the bet, and
    calling is worth ``w x (P + owed + calls_to_come) - owed`` (BetReview's formula)."""
    state = HandState(five_card_draw(player_count=3), stacks=[500] * 3, dealer=0, rng=5)
    for action in (Action.check(), Action.bet(10), Action.call()):
        state.apply(action)
    call = review_hand(state.events, seat=0, trials=1_000, rng=1).bets[-1]
    assert (call.kind, call.pot, call.owed, call.calls_to_come) == ("call", 25, 10, 10)
    win = call.equity.equity
    assert dict(call.values)["continue"] == pytest.approx(win * (25 + 10 + 10) - 10)


def test_an_opponent_who_stood_pat_is_given_a_made_hand() -> None:
    actions = [Action.check(), Action.check(), Action.draw("4c 2d"), None, Action.check(), Action.check()]
    drew = _heads_up("Kh Kd As 4c 2d", "Qh Qc 9s 8c 3d", [a or Action.draw("9s 8c 3d") for a in actions])
    pat = _heads_up("Kh Kd As 4c 2d", "Qh Qc 9s 8c 3d", [a or Action.stand_pat() for a in actions])
    after_drew = review_hand(drew.events, seat=1, trials=3_000, rng=8).bets[-1]
    after_pat = review_hand(pat.events, seat=1, trials=3_000, rng=8).bets[-1]
    ignored = review_hand(pat.events, seat=1, trials=3_000, rng=8, use_draw_counts=False).bets[-1]
    assert after_pat.equity.equity < 0.25 < after_drew.equity.equity
    assert ignored.equity.equity > after_pat.equity.equity + 0.2


def test_a_policy_conditioned_deal_matches_every_public_draw_count() -> None:
    hand = parse_cards("Kh Kd As 4c 2d")
    result = simulate_equity_given_draws(hand, parse_cards("4c 2d"), (), [0, 2, 3], trials=1_000, rng=3)
    assert result.opponent_count == 3 and 900 <= result.trials <= 1_000
    deals = simulate_deals(hand, [0, 2, 3], trials=1_000, rng=3)
    counts = opponent_discards(deals.opponents.reshape(-1, 5)).sum(axis=1).reshape(-1, 3)
    assert (counts == [0, 2, 3]).all()
    with pytest.raises(IllegalDiscardError):
        simulate_equity_given_draws(hand, parse_cards("Kh Kd As 4c"), (), [0])


def test_a_seat_that_never_had_to_act_is_told_so_plainly() -> None:
    state = _heads_up("9h 9d 9s 9c 2d", "Qh Qc 8s 7c 3d", [Action.fold()])
    review = review_hand(state.events, seat=0, trials=500)
    assert review.decisions == () and hand_summary(review).startswith("You made no decision")


def test_a_saloon_draw_review_writes_every_amount_in_dollars() -> None:
    plan = [Action.check(), Action.check(), Action.draw("7h 7d 7s"), Action.draw("8s 7c 3d"),
            Action.check(), Action.fold()]
    state = _heads_up("7h 7d 7s Ac Kd", "Qh Qc 8s 7c 3d", plan)
    in_chips = review_hand(state.events, seat=1, big_bet=20, trials=2_000, rng=4)
    in_dollars = review_hand(state.events, seat=1, big_bet=20, trials=2_000, rng=4, dollars=True)
    assert [stage_name(d.phase) for d in in_dollars.decisions] == ["Before the draw", "The draw", "After the draw"]
    assert "chips" in detail_words(in_chips.decisions[1]) and "chips" in detail_words(in_chips.decisions[2])
    for decision in in_dollars.decisions:
        assert "chips" not in detail_words(decision) + worth_words(decision) + coach_words(decision)
    assert "$" in detail_words(in_dollars.decisions[1]) and "$" in detail_words(in_dollars.decisions[2])


def test_the_advice_and_the_walker_never_read_other_seats_cards_in_a_three_way_hand() -> None:
    """The scramble test on the new paths: the draw review against opponents who drew first, and the
    bets after the draw against their draw counts."""
    rules = five_card_draw(player_count=3)
    hands = [parse_cards("Qh Qc 9s 8c 3d"), parse_cards("Jh Jd 5s 5c 2d"), parse_cards("Kh Kd As 4c 2h")]
    dealt = [card for round_ in zip(*hands) for card in round_]  # seat 0 first
    rest = [card for card in ALL_CARDS if card not in dealt]
    state = HandState(rules, stacks=[500, 500, 500], dealer=2, rng=0, deck=dealt + rest)
    while not state.is_over:
        actor = state.actor
        kinds = {legal.kind.value for legal in state.legal_actions()}
        if "draw" in kinds:
            action = Action.draw(rules_discard(state.cards(actor)))
        elif "check" in kinds:
            action = Action.check() if actor != 2 else Action.bet(10 if state.view(actor)["phase"] == "betting_one" else 20)
        else:
            action = Action.call()
        state.apply(action)
    events = list(state.events)
    assert any(event.kind == "draw" and event.seat == 2 for event in events)
    scrambled = [
        event._replace(cards=tuple(parse_cards("7d 7h 7s 7c 6d")[: len(event.cards)]),
                       received=tuple(parse_cards("6h 6s 6c")[: len(event.received)]))
        if event.kind in ("deal", "draw") and event.seat != 2 else event
        for event in events
    ]
    original = review_hand(events, seat=2, big_bet=20, trials=2_000, rng=5)
    changed = review_hand(scrambled, seat=2, big_bet=20, trials=2_000, rng=5)
    assert original.draw is not None and original.draw.advice is not None
    assert original.draw.advice.opponent_draws and None not in original.draw.advice.opponent_draws  # drew first
    assert [worth_words(d) for d in original.decisions] == [worth_words(d) for d in changed.decisions]
    assert [detail_words(d) for d in original.decisions] == [detail_words(d) for d in changed.decisions]
    assert original == changed


def rules_discard(cards: list) -> list:
    from pokerlab.coach.policy import rule_discards

    return rule_discards(cards)
