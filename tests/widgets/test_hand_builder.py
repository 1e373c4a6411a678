"""The hand builder: taps become hands, the engine settles them, errors show as messages."""

from __future__ import annotations

import pytest

from pokerlab import PokerlabError, explain
from pokerlab.widgets.hand_builder import HandBuilder

NAMES = ("Hand A", "Hand B")


def tap_all(builder: HandBuilder, cards: str) -> None:
    for card in cards.split():
        builder._on_message(builder, {"type": "tap", "card": card}, [])


def test_taps_fill_hand_a_then_hand_b_and_the_engine_settles_them() -> None:
    builder = HandBuilder()
    tap_all(builder, "Ah 2d 3h 4s 5c")
    assert builder.hand_a == ["Ah", "2d", "3h", "4s", "5c"] and builder.target == "b"
    assert builder.winner == "" and "Hand B needs 5 more" in builder.explanation
    tap_all(builder, "2c 3d 4h 5s 6c")
    assert builder.winner == "b"
    assert builder.explanation == explain("Ah 2d 3h 4s 5c", "2c 3d 4h 5s 6c", names=NAMES).text
    assert builder.value_a == "Five-high straight (the wheel)"


def test_the_explanation_updates_live_when_a_card_changes() -> None:
    builder = HandBuilder("8c 8d Ah Ks 4c", "8h 8s Ad Qc Jd")
    assert builder.winner == "a"
    tap_all(builder, "Ks")  # take the king back: hand A is short again
    assert builder.winner == "" and builder.hand_a == ["8c", "8d", "Ah", "4c"]
    tap_all(builder, "2s")
    assert builder.winner == "b"
    assert builder.explanation == explain("8c 8d Ah 4c 2s", "8h 8s Ad Qc Jd", names=NAMES).text


def test_suits_never_break_a_tie_so_identical_ranks_split() -> None:
    builder = HandBuilder("9c Td Jh Qs Kd", "9h Ts Jc Qd Kh")
    assert builder.winner == "split"
    assert builder.explanation == explain("9c Td Jh Qs Kd", "9h Ts Jc Qd Kh").text


def test_q_k_a_2_3_is_named_as_high_card_not_a_straight() -> None:
    builder = HandBuilder("Qh Kd As 2c 3h")
    assert builder.value_a == "Ace high"


def test_tapping_a_dealt_card_takes_it_back_from_either_hand() -> None:
    builder = HandBuilder("As Kd", "Qc")
    tap_all(builder, "Qc As")
    assert builder.hand_a == ["Kd"] and builder.hand_b == []


def test_aim_chooses_the_hand_that_gets_the_next_card() -> None:
    builder = HandBuilder()
    builder._on_message(builder, {"type": "aim", "hand": "b"}, [])
    tap_all(builder, "7h")
    assert builder.hand_b == ["7h"] and builder.hand_a == []


def test_a_full_hand_refuses_a_sixth_card_and_says_what_to_do() -> None:
    builder = HandBuilder("As Ks Qs Js Ts", "2c 3c 4c 5c 7d")
    builder.aim("a")
    tap_all(builder, "9h")
    assert builder.hand_a == ["As", "Ks", "Qs", "Js", "Ts"] and "9h" not in builder.hand_b
    assert "Hand A already has 5 cards" in builder.message and "Hand B" in builder.message


@pytest.mark.parametrize("card", ["Xz", "", "As Kd"])
def test_bad_card_text_becomes_a_message_not_an_exception(card: str) -> None:
    builder = HandBuilder("As")
    tap_all(builder, "Kd")
    builder._on_message(builder, {"type": "tap", "card": card}, [])
    assert builder.message and builder.hand_a == ["As", "Kd"]


def test_clear_puts_every_card_back() -> None:
    builder = HandBuilder("As Ks Qs Js Ts", "2c 3c 4c 5c 7d")
    builder._on_message(builder, {"type": "clear"}, [])
    assert builder.hand_a == builder.hand_b == [] and builder.target == "a" and builder.winner == ""


def test_one_deck_a_card_cannot_start_in_both_hands() -> None:
    with pytest.raises(PokerlabError, match="As"):
        HandBuilder("As Kd", "As")
    with pytest.raises(PokerlabError, match="at most 5"):
        HandBuilder("As Ks Qs Js Ts 9s")


def test_the_picker_offers_all_52_cards() -> None:
    assert len(set(HandBuilder().deck)) == 52
