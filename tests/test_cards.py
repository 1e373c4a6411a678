"""Cards, card text and the seeded deck (DESIGN.md "Fixed names")."""

from __future__ import annotations

import copy
import importlib
import pickle

import numpy as np
import pytest

from pokerlab import (
    ALL_CARDS,
    Card,
    CardError,
    Deck,
    DeckError,
    DuplicateCardError,
    InvalidCardError,
    format_cards,
    parse_card,
    parse_cards,
)
from pokerlab.cards import as_rng


def codes(cards: list[Card]) -> list[str]:
    return [str(card) for card in cards]


# --- parsing and text forms -----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["As Kd 10h 9c 2s", "AsKdTh9c2s", "A♠ K♦ 10♥ 9♣ 2♠", "as,kd; th 9C 2S", " A♠K♦T♥9♣2♠ "])
def test_parse_cards_accepts_spaces_run_together_and_suit_symbols(text: str) -> None:
    assert codes(parse_cards(text)) == ["As", "Kd", "Th", "9c", "2s"]


def test_parse_cards_accepts_strings_and_cards_in_a_list() -> None:
    assert codes(parse_cards(["As", Card(13, 1), "10h"])) == ["As", "Kd", "Th"]


def test_parse_cards_of_empty_text_is_no_cards() -> None:
    assert parse_cards("") == [] and parse_cards("  ") == []


def test_str_gives_the_two_character_code_and_repr_round_trips() -> None:
    card = parse_card("10h")
    assert str(card) == "Th" and repr(card) == "Card('Th')"
    assert [str(c) for c in parse_cards("As 2c 9d")] == ["As", "2c", "9d"]


def test_pretty_and_name_forms() -> None:
    assert parse_card("As").pretty == "A♠"
    assert parse_card("Td").pretty == "10♦"
    assert parse_card("2c").name == "two of clubs"
    assert parse_card("Qh").name == "queen of hearts"
    assert format_cards(parse_cards("As Kd Th")) == "As Kd Th"
    assert format_cards(parse_cards("As Kd Th"), pretty=True) == "A♠ K♦ 10♥"


def test_red_suits_are_diamonds_and_hearts() -> None:
    assert [c.is_red for c in parse_cards("2c 2d 2h 2s")] == [False, True, True, False]


# --- ranks, suits, index --------------------------------------------------------------------------

def test_index_is_4_times_rank_minus_2_plus_suit_clubs_diamonds_hearts_spades() -> None:
    assert [c.index for c in parse_cards("2c 2d 2h 2s 3c")] == [0, 1, 2, 3, 4]
    assert parse_card("As").index == 51 and parse_card("Ac").index == 48
    for card in ALL_CARDS:
        assert card.index == 4 * (card.rank - 2) + card.suit
        assert 2 <= card.rank <= 14 and 0 <= card.suit <= 3


def test_from_index_is_the_inverse_of_index() -> None:
    assert [Card.from_index(i).index for i in range(52)] == list(range(52))
    assert Card.from_index(np.int64(51)) is parse_card("As")
    assert len(set(ALL_CARDS)) == 52 and list(ALL_CARDS) == sorted(ALL_CARDS)


def test_there_is_one_object_per_card() -> None:
    card = Card(14, 3)
    assert card is parse_card("As") is Card.from_index(51)
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    # The module as sys.modules holds it: under the project's addopts (nbval) pytest's doctest run can
    # import pokerlab.cards a second time, and pickle looks classes up by name.
    cards = importlib.import_module("pokerlab.cards")
    assert pickle.loads(pickle.dumps(cards.Card(14, 3))) is cards.Card(14, 3)


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        parse_card("As").rank = 2  # type: ignore[misc]


# --- bad input ------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "token"),
    [("As Xs", "'Xs'"), ("1h", "'1h'"), ("As Kd 11h", "11h"), ("AsKdZz", "'Zz'"), ("A", "'A'"), ("Ax", "'Ax'")],
)
def test_unknown_card_text_names_the_token(text: str, token: str) -> None:
    with pytest.raises(InvalidCardError, match=token) as caught:
        parse_cards(text)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, CardError)


def test_a_duplicate_card_names_the_card() -> None:
    with pytest.raises(DuplicateCardError, match="'As'"):
        parse_cards("As Kd A♠")
    with pytest.raises(DuplicateCardError, match="'Kd'"):
        parse_cards(["Kd", Card(13, 1)])


def test_non_card_objects_in_a_list_are_named() -> None:
    with pytest.raises(InvalidCardError, match="42"):
        parse_cards(["As", 42])  # type: ignore[list-item]


def test_parse_card_wants_exactly_one_card() -> None:
    with pytest.raises(InvalidCardError, match="'As Kd'"):
        parse_card("As Kd")
    with pytest.raises(InvalidCardError, match="got 0"):
        parse_card("")


@pytest.mark.parametrize(("rank", "suit"), [(1, 0), (15, 0), (2, 4), (2, -1)])
def test_card_rejects_ranks_and_suits_out_of_range(rank: int, suit: int) -> None:
    with pytest.raises(InvalidCardError, match=f"rank {rank} and suit {suit}"):
        Card(rank, suit)


@pytest.mark.parametrize("index", [-1, 52, 3.0, "1"])
def test_from_index_rejects_anything_but_0_to_51(index: object) -> None:
    with pytest.raises(InvalidCardError, match=repr(index)):
        Card.from_index(index)  # type: ignore[arg-type]


# --- the deck -------------------------------------------------------------------------------------

def test_a_deck_holds_all_52_cards_shuffled_by_the_callers_generator() -> None:
    deck = Deck(np.random.default_rng(1))
    assert sorted(deck.remaining()) == list(ALL_CARDS)
    assert deck.remaining() != list(ALL_CARDS)


def test_the_same_seed_deals_the_same_cards_and_another_seed_does_not() -> None:
    assert Deck(7).deal(10) == Deck(np.random.default_rng(7)).deal(10)
    assert Deck(7).deal(10) != Deck(8).deal(10)


def test_the_deck_keeps_the_callers_generator() -> None:
    rng = np.random.default_rng(3)
    assert Deck(rng).rng is rng and as_rng(rng) is rng


def test_deal_takes_from_the_top_and_remaining_reports_what_is_left() -> None:
    deck = Deck(4)
    order = deck.remaining()
    assert deck.peek() is order[0]
    assert deck.deal(3) == order[:3]
    assert deck.remaining() == order[3:] and len(deck) == 49
    assert deck.deal() == [order[3]] and deck.deal(0) == []


def test_stacked_deck_deals_in_the_given_order() -> None:
    deck = Deck.stacked(parse_cards("As Kd Qh"))
    assert codes(deck.deal(2)) == ["As", "Kd"] and codes(deck.remaining()) == ["Qh"]
    with pytest.raises(DuplicateCardError):
        Deck.stacked(parse_cards("As Kd") + [Card(14, 3)])


def test_cards_taken_back_are_reshuffled_into_the_stock() -> None:
    deck = Deck(9)
    dealt = deck.deal(20)
    deck.add_and_shuffle(dealt[:5])
    assert len(deck) == 37
    assert set(deck.remaining()) == set(ALL_CARDS) - set(dealt[5:])


def test_reshuffling_is_seeded_too() -> None:
    def run(seed: int) -> list[Card]:
        deck = Deck(seed)
        deck.add_and_shuffle(deck.deal(30))
        return deck.remaining()

    assert run(5) == run(5)


def test_dealing_more_than_the_stock_holds_is_an_error() -> None:
    deck = Deck(0)
    deck.deal(50)
    with pytest.raises(DeckError, match="Cannot deal 3 card"):
        deck.deal(3)
    with pytest.raises(DeckError, match="Cannot deal -1"):
        deck.deal(-1)
    assert len(deck) == 2
    deck.deal(2)
    with pytest.raises(DeckError, match="empty"):
        deck.peek()


def test_taking_back_a_card_already_in_the_stock_is_an_error_naming_it() -> None:
    deck = Deck(0)
    top = deck.peek()
    with pytest.raises(DeckError, match=str(top)):
        deck.add_and_shuffle([top])
    assert len(deck) == 52


@pytest.mark.parametrize("bad", [1.5, "7", True, None])
def test_as_rng_accepts_only_a_generator_or_an_integer_seed(bad: object) -> None:
    with pytest.raises(TypeError):
        as_rng(bad)  # type: ignore[arg-type]
