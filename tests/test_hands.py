"""Hand ranking: one test per ranking sentence of the rule books (002, 003, 004 and 000's hand
definitions), plus evaluate/evaluate_many contracts and the full enumeration of 2,598,960 hands.

Tests are named ``test_<book>_<sentence>``; decision 1 of rules/README.md is ``test_decision_1_...``.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab import (
    Card,
    DuplicateCardError,
    HandCategory,
    HandSizeError,
    HandValue,
    InvalidCardError,
    evaluate,
    parse_cards,
)
from pokerlab.hands import all_hands, category_counts, category_of, evaluate_many, strength_table


def value(text: str) -> HandValue:
    return evaluate(parse_cards(text))


def category(text: str) -> HandCategory:
    return value(text).category


def all_values() -> list[HandValue]:
    """Every distinct hand value, weakest first."""
    return [HandValue.from_strength(s) for s in np.unique(strength_table())]


# One hand of every category, best first (rule book 002's order).
BEST_FIRST = [
    ("9h 8h 7h 6h 5h", HandCategory.STRAIGHT_FLUSH),
    ("2c 2d 2h 2s 3c", HandCategory.FOUR_OF_A_KIND),
    ("Ac Ad Ah Ks Kc", HandCategory.FULL_HOUSE),
    ("Ac Kc Qc Jc 9c", HandCategory.FLUSH),
    ("Ac Kd Qh Js Tc", HandCategory.STRAIGHT),
    ("Ac Ad Ah Ks Qc", HandCategory.THREE_OF_A_KIND),
    ("Ac Ad Kh Ks Qc", HandCategory.TWO_PAIR),
    ("Ac Ad Kh Qs Jc", HandCategory.PAIR),
    ("Ac Kd Qh Js 9c", HandCategory.HIGH_CARD),
]


# --- rule book 002 (Five-Card Draw), "Showdown" ---------------------------------------------------

def test_002_ranks_best_first_straight_flush_down_to_high_card() -> None:
    values = [value(text) for text, _ in BEST_FIRST]
    assert [v.category for v in values] == [c for _, c in BEST_FIRST]
    assert all(better > worse for better, worse in zip(values, values[1:]))


def test_002_aces_are_high() -> None:
    assert value("Ac 3d 5h 7s 9c") > value("Kc Qd Jh 9s 8c")
    assert value("Ac Ad 3h 4s 6c") > value("Kc Kd Qh Js 9c")
    assert value("Ac Kd Qh Js Tc").ranks == (14,)


def test_002_the_wheel_is_the_lowest_straight() -> None:
    wheel = value("Ac 2d 3h 4s 5c")
    assert wheel.category is HandCategory.STRAIGHT
    straights = [v for v in all_values() if v.category is HandCategory.STRAIGHT]
    assert min(straights) == wheel
    assert wheel < value("6c 5d 4h 3s 2c")


def test_002_sequences_do_not_wrap() -> None:
    for text in ("Qc Kd Ah 2s 3c", "Kc Ad 2h 3s 4c", "Jc Qd Kh As 2c"):
        assert category(text) is HandCategory.HIGH_CARD, text
    assert category("Qc Kc Ac 2c 3c") is HandCategory.FLUSH


def test_002_suits_never_break_a_tie() -> None:
    assert value("Ac Kc Qc Jc 9c") == value("As Ks Qs Js 9s")
    assert value("Ac Kd 9h 7s 3c") == value("As Kh 9d 7c 3s")
    assert value("Ts Js Qs Ks As") == value("Th Jh Qh Kh Ah")


def test_002_kickers_decide_the_rest() -> None:
    assert value("8c 8d Ah 7s 3c") > value("8h 8s Kh Qs Jc")
    assert value("8c 8d 8h As 2c") > value("8c 8d 8s Ks Qc")
    assert value("9c 9d 9h 9s Ac") > value("9c 9d 9h 9s Kc")


# --- rule book 003 (Saloon Draw), "Ranking of Hands" ----------------------------------------------

def test_003_and_decision_1_four_of_a_kind_sits_between_straight_flush_and_full_house() -> None:
    assert value("6h 5h 4h 3h 2h") > value("Ac Ad Ah As Kc") > value("Ac Ad Ah Ks Kc")


def test_003_straight_flush_is_five_cards_in_sequence_in_the_same_suit() -> None:
    assert category("9d Td Jd Qd Kd") is HandCategory.STRAIGHT_FLUSH
    assert category("9d Td Jd Qd Kc") is HandCategory.STRAIGHT


def test_003_full_house_is_three_of_a_kind_and_a_pair() -> None:
    assert category("8c 8d 8h 3s 3c") is HandCategory.FULL_HOUSE


def test_003_flush_is_any_five_cards_of_the_same_suit() -> None:
    assert category("2h 5h 9h Jh Kh") is HandCategory.FLUSH


def test_003_straight_is_five_cards_in_sequence_not_of_the_same_suit() -> None:
    assert category("5c 6d 7h 8s 9c") is HandCategory.STRAIGHT


def test_003_three_of_a_kind_is_three_cards_of_the_same_rank() -> None:
    assert category("4c 4d 4h Ks 9c") is HandCategory.THREE_OF_A_KIND


def test_003_two_pairs_are_two_cards_of_one_rank_and_two_of_another() -> None:
    assert category("4c 4d Kh Ks 9c") is HandCategory.TWO_PAIR


def test_003_one_pair_is_any_two_cards_of_the_same_rank() -> None:
    assert category("4c 4d Jh Ks 9c") is HandCategory.PAIR


def test_003_high_card_the_highest_card_wins() -> None:
    assert category("Kc Jd 9h 7s 2c") is HandCategory.HIGH_CARD
    assert value("Kc Jd 9h 7s 2c") > value("Qc Jd 9h 7s 5c")


def test_003_same_type_the_highest_ranking_cards_win_ace_highest_two_lowest() -> None:
    assert value("Ac Ad 5h 4s 3c") > value("Kc Kd Qh Js 9c")
    assert value("3c 3d 3h Ks Qc") > value("2c 2d 2h As Kc")
    assert value("Kc Jd 9h 7s 3c") > value("Kc Jd 9h 7s 2c")


def test_003_identical_hands_tie() -> None:
    assert value("Ac Ad 6s 6c 5d") == value("Ah As 6h 6d 5c")
    assert not value("Ac Ad 6s 6c 5d") < value("Ah As 6h 6d 5c")


def test_003_suits_never_make_any_difference() -> None:
    assert value("Jc Jd 4h 4s 2c") == value("Jh Js 4c 4d 2s")
    assert value("7c 7d 7h 9s 9c") == value("7s 7d 7h 9h 9d")


# --- rule book 004 (Tournament Ladder), "The hand-rankings" ---------------------------------------

def test_004_straight_flush_highest_cards_in_the_sequence_win() -> None:
    assert value("Tc Jc Qc Kc 9c") > value("8d 9d Td Jd Qd")


def test_004_royal_flush_beats_king_high_straight_flush() -> None:
    royal, king_high = value("Ac Kc Qc Jc Tc"), value("Kd Qd Jd Td 9d")
    assert royal.is_royal and royal.name == "Royal flush"
    assert royal > king_high


def test_004_six_high_straight_flush_beats_steel_wheel() -> None:
    assert value("6s 5s 4s 3s 2s") > value("5h 4h 3h 2h Ah")


def test_004_royal_flush_is_the_highest_hand_and_beats_all_others() -> None:
    values = all_values()
    assert values[-1] == value("Th Jh Qh Kh Ah")
    assert values[-1] > values[-2]


def test_004_four_of_a_kind_the_four_higher_cards_win() -> None:
    assert value("9c 9d 9h 9s 2c") > value("8c 8d 8h 8s Ac")


def test_004_four_of_a_kind_beats_a_full_house_or_any_lower_hand() -> None:
    weakest_quads = min(v for v in all_values() if v.category is HandCategory.FOUR_OF_A_KIND)
    assert weakest_quads > max(v for v in all_values() if v.category < HandCategory.FOUR_OF_A_KIND)


def test_004_full_house_with_the_higher_three_of_a_kind_wins() -> None:
    assert value("3c 3d 3h 2s 2c") > value("2h 2d 2s Ac Ad")
    assert value("Kc Kd Kh 2s 2c") > value("Qc Qd Qh As Ac")


def test_004_full_house_beats_a_flush_or_any_lower_hand() -> None:
    weakest = min(v for v in all_values() if v.category is HandCategory.FULL_HOUSE)
    assert weakest > max(v for v in all_values() if v.category < HandCategory.FULL_HOUSE)


def test_004_flush_with_the_highest_cards_wins() -> None:
    assert value("Ac 7c 5c 3c 2c") > value("Kd Qd Jd 9d 8d")


def test_004_flush_if_highest_cards_tie_the_next_highest_decide_and_so_on() -> None:
    assert value("Ac Kc 5c 3c 2c") > value("Ad Qd Jd 9d 8d")
    assert value("Ac Kc Qc 3c 2c") > value("Ad Kd Jd 9d 8d")
    assert value("Ac Kc Qc Jc 2c") > value("Ad Kd Qd 9d 8d")
    assert value("Ac Kc Qc Jc 3c") > value("Ad Kd Qd Jd 2d")


def test_004_flush_beats_a_straight_or_any_lower_hand() -> None:
    weakest = min(v for v in all_values() if v.category is HandCategory.FLUSH)
    assert weakest == value("7c 5c 4c 3c 2c")
    assert weakest > max(v for v in all_values() if v.category < HandCategory.FLUSH)


def test_004_straight_the_highest_card_at_the_head_wins() -> None:
    assert value("Tc 9d 8h 7s 6c") > value("9c 8d 7h 6s 5c")


def test_004_highest_straight_is_a_k_q_j_10() -> None:
    straights = [v for v in all_values() if v.category is HandCategory.STRAIGHT]
    assert max(straights) == value("Ac Kd Qh Js Tc")


def test_004_lowest_straight_is_5_4_3_2_a() -> None:
    straights = [v for v in all_values() if v.category is HandCategory.STRAIGHT]
    assert min(straights) == value("5c 4d 3h 2s Ac")


def test_004_six_high_straight_beats_five_high_straight() -> None:
    assert value("6c 5d 4h 3s 2c") > value("5c 4d 3h 2s Ad")


def test_004_q_k_a_2_3_is_not_a_straight() -> None:
    hand = value("Qc Kd Ah 2s 3c")
    assert hand.category is HandCategory.HIGH_CARD
    assert hand < value("5c 4d 3h 2s Ad")


def test_004_straight_beats_three_of_a_kind_or_any_lower_hand() -> None:
    assert value("5c 4d 3h 2s Ad") > value("Ac Ad Ah Ks Qc")
    weakest = min(v for v in all_values() if v.category is HandCategory.STRAIGHT)
    assert weakest > max(v for v in all_values() if v.category < HandCategory.STRAIGHT)


def test_004_three_of_a_kind_the_highest_three_cards_win() -> None:
    assert value("8c 8d 8h 2s 3c") > value("7c 7d 7h As Kc")


def test_004_three_aces_are_the_highest_three_twos_the_lowest() -> None:
    trips = [v for v in all_values() if v.category is HandCategory.THREE_OF_A_KIND]
    assert max(trips).ranks[0] == 14 and min(trips).ranks[0] == 2


def test_004_three_of_a_kind_beats_two_pair_or_any_lower_hand() -> None:
    weakest = min(v for v in all_values() if v.category is HandCategory.THREE_OF_A_KIND)
    assert weakest > max(v for v in all_values() if v.category < HandCategory.THREE_OF_A_KIND)


def test_004_two_pair_the_highest_pair_wins() -> None:
    assert value("Kc Kd 2h 2s 3c") > value("Qc Qd Jh Js Ac")


def test_004_two_pair_if_the_highest_pairs_tie_the_second_pair_wins() -> None:
    assert value("Kc Kd 7h 7s 2c") > value("Kh Ks 6c 6d Ac")


def test_004_two_pair_fifth_card() -> None:
    assert value("Kc Kd 7h 7s Qc") > value("Kh Ks 7c 7d Jc")


def test_004_two_pair_beats_one_pair_or_no_pair() -> None:
    weakest = min(v for v in all_values() if v.category is HandCategory.TWO_PAIR)
    assert weakest > max(v for v in all_values() if v.category < HandCategory.TWO_PAIR)


def test_004_one_pair_the_highest_pair_wins() -> None:
    assert value("8c 8d 2h 3s 4c") > value("7c 7d Ah Ks Qc")


def test_004_one_pair_same_pair_the_highest_unmatched_card_decides() -> None:
    assert value("8c 8d Ah 3s 2c") > value("8h 8s Kh Qs Jc")


def test_004_one_pair_then_the_next_highest_unmatched_cards_and_so_on() -> None:
    assert value("8c 8d Ah 7s 2c") > value("8h 8s Ad 6s 5c")
    assert value("8c 8d Ah 7s 3c") > value("8h 8s Ad 7c 2c")


def test_004_one_pair_beats_no_pair() -> None:
    assert value("2c 2d 3h 4s 6c") > value("Ac Kd Qh Js 9c")


def test_004_high_card_the_highest_card_wins() -> None:
    assert value("Ac 2d 3h 4s 6c") > value("Kc Qd Jh 9s 8c")


def test_004_high_card_if_tied_the_next_highest_unmatched_cards_and_so_on() -> None:
    assert value("Ac Kd 3h 4s 6c") > value("Ad Qd Jh 9s 8c")
    assert value("Ac Kd Jh 8s 3c") > value("Ad Kc Jd 7s 6c")
    assert value("Ac Kd Jh 8s 3c") > value("Ad Kc Jd 8c 2c")


def test_004_if_hands_tie_the_pot_is_split() -> None:
    assert value("Ac Kd Jh 8s 3c") == value("Ad Kc Js 8c 3d")


# --- rule book 000 (Four Rows), "Poker Hand Definitions" ------------------------------------------

def test_000_a_pair_is_two_cards_of_the_same_rank_called_a_pair_of_eights() -> None:
    hand = value("8c 8d Ah 3s 2c")
    assert hand.category is HandCategory.PAIR
    assert hand.name.startswith("Pair of eights")


def test_000_two_pair_is_a_hand_with_two_different_pairs() -> None:
    assert category("8c 8d 3h 3s 2c") is HandCategory.TWO_PAIR


def test_000_three_of_a_kind_such_as_three_fours_or_three_queens() -> None:
    assert value("4c 4d 4h 9s 2c").name == "Three fours"
    assert value("Qc Qd Qh 9s 2c").name == "Three queens"


def test_000_straight_such_as_4_5_6_7_8_or_9_10_j_q_k() -> None:
    assert category("4c 5d 6h 7s 8c") is HandCategory.STRAIGHT
    assert category("9c Td Jh Qs Kc") is HandCategory.STRAIGHT


def test_000_aces_play_in_high_and_low_straights() -> None:
    assert value("Tc Jd Qh Ks Ac").ranks == (14,)
    assert value("Ac 2d 3h 4s 5c").ranks == (5,)


def test_000_flush_the_ranks_do_not_matter() -> None:
    assert category("2s 7s 9s Js Ks") is HandCategory.FLUSH
    assert category("2s 3s 4s 5s 7s") is HandCategory.FLUSH


def test_000_full_house_such_as_8_8_8_3_3_or_4_4_a_a_a() -> None:
    assert value("8c 8d 8h 3s 3c").name == "Full house, eights full of threes"
    assert value("4c 4d Ah As Ac").name == "Full house, aces full of fours"


def test_000_four_of_a_kind_such_as_all_four_nines_or_all_four_jacks() -> None:
    assert category("9c 9d 9h 9s 2c") is HandCategory.FOUR_OF_A_KIND
    assert category("Jc Jd Jh Js 2c") is HandCategory.FOUR_OF_A_KIND


def test_000_a_2_3_4_5_all_in_diamonds_is_a_straight_flush() -> None:
    assert category("Ad 2d 3d 4d 5d") is HandCategory.STRAIGHT_FLUSH


def test_000_royal_flush_is_the_highest_straight_flush_10_j_q_k_a_in_one_suit() -> None:
    royals = [value(f"T{s} J{s} Q{s} K{s} A{s}") for s in "cdhs"]
    assert all(r.is_royal and r.category is HandCategory.STRAIGHT_FLUSH for r in royals)
    assert len(set(royals)) == 1


# --- names a dealer would say ---------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Kh Kd 7s 7c Qd", "Two pair, kings and sevens, with a queen"),
        ("6c 5d 4h 3s 2c", "Six-high straight"),
        ("Ts Js Qs Ks As", "Royal flush"),
        ("Ac 9c 7c 4c 2c", "Ace-high flush"),
        ("8h 8d As 7c 3d", "Pair of eights, ace kicker"),
        ("Ac 2d 3h 4s 5c", "Five-high straight (the wheel)"),
        ("6c 6d 6h 6s Kc", "Four sixes, king kicker"),
        ("Ac Kd 9h 7s 3c", "Ace high"),
        ("9h 8h 7h 6h 5h", "Nine-high straight flush"),
    ],
)
def test_dealer_names(text: str, name: str) -> None:
    assert value(text).name == name


# --- the HandValue contract -----------------------------------------------------------------------

def test_hand_values_are_hashable_and_equal_values_share_a_hash() -> None:
    a, b = value("Ac Kd 9h 7s 3c"), value("Ad Kc 9s 7h 3d")
    assert {a: 1}[b] == 1
    assert len({a, b, value("2c 2d 5h 7s 9c")}) == 2


def test_hand_value_strength_is_an_int_and_category_an_intenum() -> None:
    hand = value("Ac Ad 9h 7s 3c")
    assert type(hand.strength) is int
    assert isinstance(hand.category, HandCategory) and hand.category == 1
    assert [c.name for c in HandCategory] == [
        "HIGH_CARD", "PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT", "FLUSH", "FULL_HOUSE",
        "FOUR_OF_A_KIND", "STRAIGHT_FLUSH",
    ]
    assert [int(c) for c in HandCategory] == list(range(9))


def test_evaluate_accepts_card_text() -> None:
    assert evaluate("As Ks Qs Js Ts") == value("As Ks Qs Js Ts")


def test_from_strength_round_trips_and_rejects_non_strengths() -> None:
    hand = value("Ac Ad 9h 7s 3c")
    assert HandValue.from_strength(hand.strength) is hand
    with pytest.raises(ValueError, match="12345"):
        HandValue.from_strength(12345)


def test_comparing_with_a_non_hand_value_is_an_error() -> None:
    with pytest.raises(TypeError):
        _ = value("Ac Ad 9h 7s 3c") < 5  # type: ignore[operator]
    assert value("Ac Ad 9h 7s 3c") != 5


# --- bad input: every path raises a ValueError subclass naming the token --------------------------

@pytest.mark.parametrize("text", ["As Kd Qh Jc", "As Kd Qh Jc Tc 9c"])
def test_evaluate_rejects_the_wrong_number_of_cards(text: str) -> None:
    with pytest.raises(HandSizeError, match="exactly five") as caught:
        evaluate(parse_cards(text))
    assert isinstance(caught.value, ValueError)
    assert text in str(caught.value)
    with pytest.raises(HandSizeError):
        evaluate(text)


def test_evaluate_rejects_no_cards() -> None:
    with pytest.raises(HandSizeError, match="got 0"):
        evaluate([])


def test_evaluate_rejects_a_duplicate_card_and_names_it() -> None:
    cards = parse_cards("As Kd Qh Jc") + [Card(14, 3)]
    with pytest.raises(DuplicateCardError, match="'As'"):
        evaluate(cards)
    with pytest.raises(DuplicateCardError, match="'As'"):
        evaluate("As Kd Qh Jc As")


@pytest.mark.parametrize("bad", ["As", 51, None, (14, 3)])
def test_evaluate_rejects_objects_that_are_not_cards(bad: object) -> None:
    cards: list[object] = parse_cards("Kd Qh Jc 9c") + [bad]
    with pytest.raises(InvalidCardError, match=repr(bad).replace("(", r"\(").replace(")", r"\)")):
        evaluate(cards)  # type: ignore[arg-type]


def test_evaluate_rejects_something_that_is_not_a_list() -> None:
    with pytest.raises(InvalidCardError, match="42"):
        evaluate(42)  # type: ignore[arg-type]


def test_evaluate_rejects_unknown_card_text_naming_the_token() -> None:
    with pytest.raises(InvalidCardError, match="'Xs'"):
        evaluate("As Kd Qh Jc Xs")


@pytest.mark.parametrize("shape", [(3,), (2, 4), (2, 6), (1, 5, 1)])
def test_evaluate_many_rejects_wrong_shapes(shape: tuple[int, ...]) -> None:
    with pytest.raises(HandSizeError, match=str(shape).replace("(", r"\(").replace(")", r"\)")):
        evaluate_many(np.zeros(shape, dtype=np.int64))


def test_evaluate_many_rejects_ragged_rows() -> None:
    with pytest.raises(HandSizeError, match="five"):
        evaluate_many([[0, 1, 2, 3, 4], [0, 1, 2, 3]])


@pytest.mark.parametrize("bad", [52, -1, 200])
def test_evaluate_many_rejects_out_of_range_indices_naming_them(bad: int) -> None:
    rows = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, bad]])
    with pytest.raises(InvalidCardError, match=f"index {bad} "):
        evaluate_many(rows)


def test_evaluate_many_rejects_a_duplicate_card_naming_card_and_row() -> None:
    rows = np.array([[0, 1, 2, 3, 4], [51, 7, 9, 51, 20]])
    with pytest.raises(DuplicateCardError, match="'As' in row 1"):
        evaluate_many(rows)
    with pytest.raises(DuplicateCardError, match="'2c' in row 0"):
        evaluate_many(np.array([[0, 1, 2, 3, 0]]))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, bool])
def test_evaluate_many_rejects_non_integer_arrays(dtype: type) -> None:
    with pytest.raises(InvalidCardError, match="integers"):
        evaluate_many(np.zeros((1, 5), dtype=dtype))


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64])
def test_evaluate_many_accepts_every_integer_dtype(dtype: type) -> None:
    rows = np.array([[48, 49, 50, 51, 44], [0, 4, 8, 12, 48]], dtype=dtype)
    expected = [value("Ac Ad Ah As Kc").strength, value("2c 3c 4c 5c Ac").strength]
    assert evaluate_many(rows).tolist() == expected


def test_evaluate_many_of_no_hands_is_empty() -> None:
    assert evaluate_many(np.zeros((0, 5), dtype=np.int64)).shape == (0,)


def test_evaluate_many_does_not_change_its_input() -> None:
    rows = np.array([[51, 3, 20, 7, 9]])
    evaluate_many(rows)
    assert rows.tolist() == [[51, 3, 20, 7, 9]]


# --- the full enumeration -------------------------------------------------------------------------

STANDARD_COUNTS = {
    HandCategory.HIGH_CARD: 1_302_540,
    HandCategory.PAIR: 1_098_240,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.FLUSH: 5_108,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.STRAIGHT_FLUSH: 40,
}
STANDARD_DISTINCT = {
    HandCategory.HIGH_CARD: 1277,
    HandCategory.PAIR: 2860,
    HandCategory.TWO_PAIR: 858,
    HandCategory.THREE_OF_A_KIND: 858,
    HandCategory.STRAIGHT: 10,
    HandCategory.FLUSH: 1277,
    HandCategory.FULL_HOUSE: 156,
    HandCategory.FOUR_OF_A_KIND: 156,
    HandCategory.STRAIGHT_FLUSH: 10,
}


@pytest.fixture(scope="module")
def every_strength() -> np.ndarray:
    """evaluate_many over all 2,598,960 hands, each row shuffled so the sorting path is used too."""
    hands = all_hands()
    shuffled = np.random.default_rng(5).permuted(hands, axis=1)
    strengths = evaluate_many(hands)
    assert np.array_equal(evaluate_many(shuffled), strengths)
    return strengths


def test_all_hands_are_the_2598960_different_five_card_sets() -> None:
    hands = all_hands().astype(np.int64)
    assert hands.shape == (2_598_960, 5)
    assert (np.diff(hands, axis=1) > 0).all() and hands.min() == 0 and hands.max() == 51
    keys = (np.int64(1) << hands).sum(axis=1)
    assert np.unique(keys).size == 2_598_960


def test_enumeration_reproduces_the_standard_category_counts(every_strength: np.ndarray) -> None:
    counts = np.bincount(category_of(every_strength), minlength=9)
    assert {c: int(counts[c]) for c in HandCategory} == STANDARD_COUNTS
    assert category_counts() == STANDARD_COUNTS


def test_enumeration_has_7462_distinct_values_with_the_standard_count_per_category(
    every_strength: np.ndarray,
) -> None:
    distinct = np.unique(every_strength)
    assert distinct.size == 7462
    per_category = np.bincount(category_of(distinct), minlength=9)
    assert {c: int(per_category[c]) for c in HandCategory} == STANDARD_DISTINCT


def test_evaluate_many_matches_the_table_and_evaluate(every_strength: np.ndarray) -> None:
    assert np.array_equal(every_strength, strength_table())
    rows = np.random.default_rng(11).choice(2_598_960, size=3000, replace=False)
    hands = all_hands()[rows]
    for row, strength in zip(hands, every_strength[rows]):
        assert evaluate([Card.from_index(int(i)) for i in row]).strength == strength


def test_category_of_agrees_with_hand_value_category() -> None:
    values = all_values()
    strengths = np.array([v.strength for v in values])
    assert category_of(strengths).tolist() == [int(v.category) for v in values]
    assert int(category_of(values[-1].strength)) == HandCategory.STRAIGHT_FLUSH


def test_ranking_agrees_with_an_independent_evaluator() -> None:
    """eval7 (an independent evaluator, in the test extra) ranks the same hands in the same order."""
    import eval7

    rng = np.random.default_rng(3)
    hands = np.array([rng.choice(52, size=5, replace=False) for _ in range(4000)])
    ours = evaluate_many(hands)
    theirs = np.array([eval7.evaluate([eval7.Card(str(Card.from_index(int(i)))) for i in row]) for row in hands])
    order = np.argsort(ours, kind="stable")
    ours, theirs = ours[order], theirs[order]
    assert (np.diff(theirs) >= 0).all()
    assert np.array_equal(np.diff(ours) == 0, np.diff(theirs) == 0)


def test_big_batches_shared_between_cores_agree_and_report_the_first_bad_row() -> None:
    from pokerlab.hands import _CHUNK_ROWS

    rows = 6 * _CHUNK_ROWS + 123  # several ranges, one per core, with a ragged last slice
    hands = np.argsort(np.random.default_rng(11).random((rows, 52)), axis=1)[:, :5]
    one_slice_at_a_time = np.concatenate([evaluate_many(hands[i:i + 5000]) for i in range(0, rows, 5000)])
    assert np.array_equal(evaluate_many(hands), one_slice_at_a_time)
    bad = hands.copy()
    bad[rows - 10, 3] = 77  # in the last range
    bad[_CHUNK_ROWS + 5, 0] = bad[_CHUNK_ROWS + 5, 1]  # earlier: this one must be reported
    with pytest.raises(DuplicateCardError, match=f"row {_CHUNK_ROWS + 5} "):
        evaluate_many(bad)


@pytest.mark.parametrize("dtype", [">i8", ">i2", "<i4", ">u4"])
def test_evaluate_many_reads_either_byte_order_and_refuses_negatives(dtype: str) -> None:
    rows = np.array([[48, 49, 50, 51, 44], [0, 5, 10, 15, 20]], dtype=dtype)
    expected = [evaluate([Card.from_index(int(i)) for i in row]).strength for row in rows]
    assert evaluate_many(rows).tolist() == expected
    if dtype[1] == "i":
        with pytest.raises(InvalidCardError, match="-1"):
            evaluate_many(np.array([[0, 1, 2, 3, -1]], dtype=dtype))


def test_evaluate_many_reads_column_slices_of_wider_arrays() -> None:
    hands = np.array([[0, 4, 8, 12, 16], [51, 47, 43, 39, 35]])
    padded = np.zeros((2, 10), dtype=np.int64)
    padded[:, ::2] = hands
    assert evaluate_many(padded[:, ::2]).tolist() == evaluate_many(hands).tolist()
