"""One answer to "what does this kept straight draw draw to" (issue 31: the opponent policy, the board and
the coach's words each had their own, and once disagreed on A-2-3-4). Whether four kept cards draw to a
straight depends on their four ranks only, so every set of four ranks (715) covers every kept subset of
every hand. The answer is checked against its meaning, the ranks that complete a straight: two for an
open-ended draw, one for an inside one."""

from __future__ import annotations

from itertools import combinations

from pokerlab.cards import Card
from pokerlab.classroom.costly_decisions import draw_kind
from pokerlab.coach.policy import open_ender, rule_discards, straight_draw
from pokerlab.hand_values import HandCategory, evaluate

RANKS = range(2, 15)
SPADES = 3


def cards_of(ranks: tuple[int, ...]) -> list[Card]:
    """Cards of these ranks in three suits, clubs to hearts (never a flush draw)."""
    return [Card(rank, index % 3) for index, rank in enumerate(ranks)]


def completing_ranks(kept: list[Card]) -> int:
    """How many ranks make a straight with ``kept`` (the card added in the fourth suit: no flush)."""
    return sum(evaluate([*kept, Card(rank, SPADES)]).category == HandCategory.STRAIGHT
               for rank in RANKS if rank not in {card.rank for card in kept})


def test_every_classifier_of_a_kept_straight_draw_gives_the_one_answer() -> None:
    seen = {"open": 0, "inside": 0, None: 0}
    for ranks in combinations(RANKS, 4):
        kept = cards_of(ranks)
        kind = straight_draw(kept)
        seen[kind] += 1
        assert kind == {2: "open", 1: "inside", 0: None}[completing_ranks(kept)], ranks
        assert draw_kind(kept) == ("draw", f"{kind}_straight") or kind is None and "straight" not in draw_kind(kept)[1]
        # the policy: with a fifth card pairing the lowest, it keeps an open-ender over the pair
        hand = [*kept, Card(ranks[0], SPADES)]
        assert (open_ender(hand) is not None) == (kind == "open"), ranks
        kept_by_policy = [card for card in hand if card not in rule_discards(hand)]
        assert (sorted(kept_by_policy) == sorted(kept)) == (kind == "open"), ranks
    # 9 open rows (2-5 .. T-K); inside: a missing middle card in each of the 10 straights (A-5 .. T-A, 3
    # places each) and the 2 rows the ace closes (A-2-3-4, J-Q-K-A)
    assert seen == {"open": 9, "inside": 10 * 3 + 2, None: 715 - 9 - 32}


def test_a_2_3_4_and_j_q_k_a_are_inside_draws_everywhere() -> None:
    for text in (("A", "2", "3", "4"), ("J", "Q", "K", "A")):
        kept = cards_of(tuple("23456789TJQKA".index(rank) + 2 for rank in text))
        assert straight_draw(kept) == "inside" and draw_kind(kept) == ("draw", "inside_straight")
        assert open_ender([*kept, Card(kept[0].rank, SPADES)]) is None
