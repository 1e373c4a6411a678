"""Decision review (pokerlab/review.py): a learner's draw beside the coach's, and a finished hand's review."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from pokerlab import ALL_CARDS, parse_cards
from pokerlab.draw import Action, HandState, five_card_draw, random_legal_action
from pokerlab.odds import IllegalDiscardError, draw_odds
from pokerlab.review import DrawDecision, compare_choices, review_draw, review_hand


def test_keeping_a_kicker_is_reviewed_against_keeping_the_pair_alone() -> None:
    review = review_draw(DrawDecision.from_text("Kh Kd As 4c 2d", discard="4c 2d"))
    odds = draw_odds("Kh Kd As 4c 2d")
    assert review.best == odds.choice("As 4c 2d")
    assert review.played == odds.choice("4c 2d")
    assert not review.is_best and review.rank == 2
    assert review.points_lost == odds.choice("As 4c 2d").average_points - odds.choice("4c 2d").average_points > 0
    assert review.improve_lost == Fraction(4656, 16215) - Fraction(280, 1081)
    assert "three of a kind" in review.text and "keep K♥ K♦ and draw 3" in review.text


def test_the_coachs_own_choice_ranks_first_and_loses_nothing() -> None:
    review = review_draw(DrawDecision.from_text("Ah Kh 7h 2h 9c", discard="9c"))
    assert review.is_best and review.points_lost == 0
    assert "the coach agrees" in review.text


def test_the_review_can_rank_by_the_chance_to_improve() -> None:
    review = review_draw(DrawDecision.from_text("Ah Kh 7h 2h 9c", discard="9c"), criterion="improve")
    assert not review.is_best  # keeping two cards and drawing three improves (to a pair) more often
    assert review.improve_lost > 0


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
    assert "chips more" in review.text


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
    assert review.draw.best.describe() == "keep K♥ K♦, draw 3"
    assert review.draw.equity is not None and review.draw.equity.pot == 30  # two antes and two bets of 10
    (fold,) = review.bets
    assert fold.kind == "fold" and fold.round_number == 2
    assert (fold.pot, fold.owed) == (50, 20)
    assert fold.pot_odds == pytest.approx(20 / 70)
    assert fold.equity.equity > fold.pot_odds  # two pair, kings up, is far too good to fold here
    assert fold.chips < 0 and "worth about" in fold.text


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
            assert review.text
            for bet in review.bets:
                assert bet.owed > 0 and 0 < bet.pot_odds < 1
