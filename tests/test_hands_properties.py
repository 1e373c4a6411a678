"""Properties of hand values that must hold for every hand (hypothesis)."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab import ALL_CARDS, Card, HandCategory, HandValue, evaluate, explain
from pokerlab.hands import evaluate_many, strength_table

hands = st.lists(st.sampled_from(ALL_CARDS), min_size=5, max_size=5, unique=True)
suit_relabellings = st.permutations(range(4))


@given(hands, st.randoms(use_true_random=False))
def test_card_order_never_changes_the_value(cards: list[Card], random: object) -> None:
    shuffled = list(cards)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    assert evaluate(shuffled) is evaluate(cards)


@given(hands, suit_relabellings)
def test_002_relabelling_suits_never_changes_the_value(cards: list[Card], relabel: list[int]) -> None:
    relabelled = [Card(card.rank, relabel[card.suit]) for card in cards]
    assert evaluate(relabelled) == evaluate(cards)


@given(st.lists(hands, min_size=1, max_size=40))
def test_evaluate_many_agrees_with_evaluate(batch: list[list[Card]]) -> None:
    indices = np.array([[card.index for card in cards] for cards in batch])
    assert evaluate_many(indices).tolist() == [evaluate(cards).strength for cards in batch]


@given(hands, hands, hands)
def test_the_order_is_total_and_transitive(a: list[Card], b: list[Card], c: list[Card]) -> None:
    x, y, z = evaluate(a), evaluate(b), evaluate(c)
    assert sum((x < y, x == y, x > y)) == 1
    assert (x <= y) == (not x > y) and (x >= y) == (not x < y)
    if x <= y <= z:
        assert x <= z
    if x == y:
        assert hash(x) == hash(y)


@given(hands, hands)
def test_explain_agrees_with_the_comparison_and_splits_iff_equal(a: list[Card], b: list[Card]) -> None:
    x, y = evaluate(a), evaluate(b)
    result = explain(a, b, names=("Ann", "Bob"))
    expected = None if x == y else (0 if x > y else 1)
    assert result.winner == expected
    if expected is None:
        assert result.text.startswith("Split pot")
    else:
        assert result.text.startswith(("Ann", "Bob")[expected] + " wins: ")
        assert (result.deciding_step == "category") == (x.category != y.category)


@given(hands, suit_relabellings)
def test_003_explain_splits_identical_hands(cards: list[Card], relabel: list[int]) -> None:
    relabelled = [Card(card.rank, relabel[card.suit]) for card in cards]
    result = explain(cards, relabelled)
    assert result.winner is None and result.deciding_step == "identical"


@given(hands)
def test_category_and_strength_are_consistent(cards: list[Card]) -> None:
    hand = evaluate(cards)
    assert hand.strength >> 20 == hand.category
    assert HandValue.from_strength(hand.strength) is hand


# How many of a value's ranks its dealer name spells out: a flush is named by its top card only,
# a pair by the pair and its top kicker; the other categories name every deciding rank.
NAMED_RANKS = {
    HandCategory.HIGH_CARD: 1,
    HandCategory.PAIR: 2,
    HandCategory.TWO_PAIR: 3,
    HandCategory.THREE_OF_A_KIND: 1,
    HandCategory.STRAIGHT: 1,
    HandCategory.FLUSH: 1,
    HandCategory.FULL_HOUSE: 2,
    HandCategory.FOUR_OF_A_KIND: 2,
    HandCategory.STRAIGHT_FLUSH: 1,
}


def test_names_differ_exactly_when_the_ranks_they_spell_out_differ() -> None:
    """Every one of the 7,462 values: within a category, two names are equal iff the named ranks are.

    So straights, straight flushes, full houses, four of a kind and two pair have one name per value."""
    names: dict[HandCategory, dict[str, set[tuple[int, ...]]]] = defaultdict(lambda: defaultdict(set))
    for strength in np.unique(strength_table()):
        value = HandValue.from_strength(int(strength))
        names[value.category][value.name].add(value.ranks[: NAMED_RANKS[value.category]])
    for category, by_name in names.items():
        assert all(len(prefixes) == 1 for prefixes in by_name.values()), category
        prefixes = [next(iter(p)) for p in by_name.values()]
        assert len(set(prefixes)) == len(prefixes), category
    value_counts = np.bincount(np.unique(strength_table()) >> 20, minlength=9)
    unique = {c for c in HandCategory if len(names[c]) == value_counts[c]}
    assert unique == {HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH, HandCategory.FULL_HOUSE,
                      HandCategory.FOUR_OF_A_KIND, HandCategory.TWO_PAIR}


@settings(max_examples=30)
@given(hands, hands)
def test_explain_is_antisymmetric(a: list[Card], b: list[Card]) -> None:
    forward, backward = explain(a, b), explain(b, a)
    assert forward.deciding_step == backward.deciding_step
    assert forward.winner == (None if backward.winner is None else 1 - backward.winner)
