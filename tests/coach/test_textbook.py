"""Textbook cases for the coach (issue 19), each checked against a simulation written here.

The independent simulation below shares nothing with :mod:`pokerlab.coach` but the fixed hand
evaluator: it deals from a shuffled list with Python's ``random``, draws for the opponents by the
documented rule (written again here, card by card), and scores with :func:`pokerlab.evaluate`. Both
choices of the learner are played on the same deals, so their difference is precise.

What was found (opponent model as documented in :mod:`pokerlab.coach.policy`):

- **4♣ 4♥ 9♥ 7♥ 2♥** (a pair of fours with four hearts): against one or two players keep the pair; against
  four the flush draw wins more of the pot.
- **K♥ K♦ A♠ 4♣ 2♦**: heads-up keeping the ace kicker costs less than half a point of the pot (about the
  same); against four players it costs clearly more, and the pair alone is best.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest

from pokerlab import ALL_CARDS, Card, HandCategory, evaluate, parse_cards
from pokerlab.coach.advice import advise
from pokerlab.coach.review_words import bet_review_text
from pokerlab.coach.seat_review import review_hand
from pokerlab.draw import Action
from tests.test_review import _heads_up


def textbook_discard(hand: Sequence[Card]) -> list[Card]:
    """The documented opponent rule, written card by card for this test."""
    category = evaluate(hand).category
    if category >= HandCategory.STRAIGHT:
        return []
    ranks = Counter(card.rank for card in hand)
    if category in (HandCategory.THREE_OF_A_KIND, HandCategory.TWO_PAIR):
        return [card for card in hand if ranks[card.rank] == 1]
    suits = Counter(card.suit for card in hand)
    suit, count = suits.most_common(1)[0]
    if count == 4:
        return [card for card in hand if card.suit != suit]
    present = set(ranks)
    for low in range(2, 11):
        if set(range(low, low + 4)) <= present:
            kept: set[Card] = set()
            for rank in range(low, low + 4):
                kept.add(next(card for card in hand if card.rank == rank))
            return [card for card in hand if card not in kept]
    if category == HandCategory.PAIR:
        return [card for card in hand if ranks[card.rank] == 1]
    top_two = sorted(hand, key=lambda card: -card.rank)[:2]
    return [card for card in hand if card not in top_two]


def independent_shares(hand: str, keeps: list[str], opponents: int, trials: int, seed: int) -> np.ndarray:
    """Each choice's share of the pot on each deal (rows: deals, columns: choices)."""
    cards = parse_cards(hand)
    unseen = [card for card in ALL_CARDS if card not in cards]
    kept = [parse_cards(keep) for keep in keeps]
    generator = random.Random(seed)
    shares = np.zeros((trials, len(keeps)))
    for trial in range(trials):
        deck = unseen[:]
        generator.shuffle(deck)
        theirs = [deck[5 * k: 5 * k + 5] for k in range(opponents)]
        mine = deck[5 * opponents: 5 * opponents + 4]
        stock = iter(deck[5 * opponents + 4:])
        finals = []
        for other in theirs:
            thrown = textbook_discard(other)
            finals.append(evaluate([card for card in other if card not in thrown] + [next(stock) for _ in thrown]))
        best = max(finals)
        tied = sum(value == best for value in finals)
        for column, keep in enumerate(kept):
            value = evaluate(keep + mine[: 5 - len(keep)])
            shares[trial, column] = 1.0 if value > best else (1.0 / (1 + tied) if value == best else 0.0)
    return shares


def difference(shares: np.ndarray) -> tuple[float, float]:
    """Mean of column 0 minus column 1, and its standard error."""
    gap = shares[:, 0] - shares[:, 1]
    return float(gap.mean()), float(gap.std(ddof=1) / np.sqrt(len(gap)))


def test_the_policy_written_here_is_the_one_the_coach_documents() -> None:
    from pokerlab.coach.policy import opponent_discards, rule_discards

    rng = random.Random(7)
    hands = [rng.sample(ALL_CARDS, 5) for _ in range(20_000)]
    masks = opponent_discards(np.array([[card.index for card in hand] for hand in hands]))
    for hand, mask in zip(hands, masks):
        assert {card for card, out in zip(hand, mask) if out} == set(textbook_discard(hand)), hand
    assert rule_discards(parse_cards("As Kd 9h 6c 2d"), 4) == parse_cards("9h 6c 2d")


def test_keeping_the_ace_with_the_next_card_beats_keeping_the_ace_alone() -> None:
    # why the opponent model never draws four to a lone ace (see pokerlab.coach.policy)
    gap, error = difference(independent_shares("As Kd 9h 6c 2d", ["As Kd", "As"], 1, trials=10_000, seed=5))
    assert gap > 4 * error


@pytest.mark.parametrize(("opponents", "best_keep"), [(1, "4c 4h"), (4, "4h 9h 7h 2h")])
def test_a_small_pair_with_four_to_a_flush_changes_its_best_draw_with_the_number_of_players(
    opponents: int, best_keep: str,
) -> None:
    hand, pair, flush = "4c 4h 9h 7h 2h", "4c 4h", "4h 9h 7h 2h"
    shares = independent_shares(hand, [pair, flush], opponents, trials=12_000, seed=opponents)
    gap, error = difference(shares)  # pair minus flush draw
    assert abs(gap) > 4 * error  # the independent count separates them clearly
    assert (gap > 0) == (best_keep == pair)
    advice = advise(hand, opponents=opponents)
    assert set(advice.best.keep) == set(parse_cards(best_keep))
    assert advice.starred is advice.best
    coach_gap = advice.choice("9h 7h 2h").win - advice.choice("4c").win
    assert coach_gap == pytest.approx(gap, abs=4 * error + 4 * advice.choice("4c").behind_margin / 1.96 + 0.002)


def test_a_kicker_costs_nothing_measurable_heads_up_and_costs_against_four() -> None:
    hand, alone, kicker = "Kh Kd As 4c 2d", "Kh Kd", "Kh Kd As"
    heads_up = difference(independent_shares(hand, [alone, kicker], 1, trials=12_000, seed=11))
    four_way = difference(independent_shares(hand, [alone, kicker], 4, trials=12_000, seed=12))
    assert abs(heads_up[0]) < 0.01
    assert four_way[0] > 3 * four_way[1] and four_way[0] > heads_up[0]
    one, four = advise(hand, opponents=1), advise(hand, opponents=4)
    assert one.choice("4c 2d").behind < 0.01
    assert set(four.best.keep) == set(parse_cards(alone)) and not four.choice("4c 2d").about_same
    assert four.choice("4c 2d").behind == pytest.approx(four_way[0], abs=4 * four_way[1] + 0.004)


@pytest.mark.parametrize("opponents", [1, 4])
def test_a_pat_straight_stands_pat(opponents: int) -> None:
    hand = "9h 8d 7c 6d 5s"
    shares = independent_shares(hand, [hand, "9h 8d 7c 6d"], opponents, trials=4_000, seed=opponents)
    gap, error = difference(shares)
    assert gap > 10 * error  # standing pat wins far more often than breaking the straight
    advice = advise(hand, opponents=opponents)
    assert advice.best.discard == () and advice.starred is advice.best


def test_a_raise_with_the_best_hand_is_not_a_mistake_and_a_call_gives_up_chips() -> None:
    start = [Action.check(), Action.check(), Action.stand_pat(), Action.draw("8s 3d"), Action.check(),
             Action.bet(20)]
    raised = _heads_up("9h 9d 9s 4c 4d", "Qh Qc 8s 7c 3d", start + [Action.raise_to(40), Action.call()])
    called = _heads_up("9h 9d 9s 4c 4d", "Qh Qc 8s 7c 3d", start + [Action.call()])
    raise_review = review_hand(raised.events, seat=1, big_bet=20, trials=4_000, rng=3).bets[-1]
    call_review = review_hand(called.events, seat=1, big_bet=20, trials=4_000, rng=3).bets[-1]
    assert raise_review.kind == "raise" and raise_review.matches and raise_review.coach == "raise"
    assert raise_review.cost == 0
    # the arithmetic of the model, done by hand: one more bet of 20 from each of two players
    win = call_review.equity.equity
    assert win > 0.9
    assert call_review.coach == "raise" and not call_review.matches
    assert call_review.cost == pytest.approx(2 * 20 * (win - 0.5))
    assert "raise to 40 chips" in bet_review_text(call_review)
