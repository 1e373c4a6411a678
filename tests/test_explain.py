"""explain(a, b): who wins, the deciding step, and the card that decides it, in words."""

from __future__ import annotations

import pytest

from pokerlab import Comparison, evaluate, explain


@pytest.mark.parametrize(
    ("first", "second", "step", "words"),
    [
        # category first
        ("6h 6d 6s 6c 3d", "Kc Kd Kh 2s 2c", "category", "four of a kind beats a full house"),
        ("Ac 2d 3h 4s 5c", "3c 3d 3h Ks Qc", "category", "a straight beats three of a kind"),
        ("2c 2d 3h 4s 6c", "Ac Kd Qh Js 9c", "category", "one pair beats high card"),
        # straights by top card, the wheel lowest
        ("As Ks Qs Js Ts", "Kh Qh Jh Th 9h", "top card", "ace-high beats king-high"),
        ("6c 5c 4c 3c 2c", "Ah 2h 3h 4h 5h", "top card", "six-high beats five-high (the wheel"),
        ("6c 5d 4h 3s 2c", "Ah 2d 3h 4s 5c", "top card", "lowest straight"),
        # four of a kind, then the kicker
        ("9c 9d 9h 9s 2c", "8c 8d 8h 8s Ac", "quads", "four nines beat four eights"),
        ("9c 9d 9h 9s Ac", "9c 9d 9h 9s Kc", "kicker", "an ace beats a king"),
        # full house: trips then pair
        ("Kc Kd Kh 2s 2c", "Qc Qd Qh As Ac", "trips", "three kings beat three queens"),
        ("Kc Kd Kh 6s 6c", "Kc Kd Kh 5s 5c", "pair", "sixes beat fives"),
        # flush and high card, card by card
        ("Ac Kc 9c 7c 3c", "Ad Qd 9d 7d 2d", "card 2", "second card decides: a king beats a queen"),
        ("Ac Qc 9c 7c 3c", "Ad Qd 9d 7d 2d", "card 5", "fifth card decides: a three beats a two"),
        ("Ah Jd 9s 7c 3d", "Kh Qd Js 9c 7d", "card 1", "highest card decides: an ace beats a king"),
        ("Ah Jd 9s 7c 6d", "Ah Jd 9s 6c 5d", "card 4", "fourth card decides: a seven beats a six"),
        # three of a kind, then kickers
        ("8c 8d 8h Ks 2c", "7c 7d 7h As Kc", "trips", "three eights beat three sevens"),
        ("8c 8d 8h As 2c", "8c 8d 8h Ks Qc", "kicker 1", "an ace beats a king"),
        ("8c 8d 8h Ks 3c", "8c 8d 8h Ks 2c", "kicker 2", "a three beats a two"),
        # two pair: high pair, low pair, fifth card
        ("Kh Kd 7s 7c 2d", "Qs Qc Jh Jd Ac", "high pair", "kings beat queens"),
        ("Kh Kd 7s 7c 2d", "Ks Kc 6h 6d Ac", "low pair", "sevens beat sixes"),
        ("Kh Kd 7s 7c Qd", "Ks Kc 7h 7d Jc", "kicker", "a queen beats a jack"),
        # one pair, then kickers
        ("8h 8d 2s 3c 4d", "7s 7c Ah Kd Qc", "pair", "a pair of eights beats a pair of sevens"),
        ("8h 8d As 3c 2d", "8s 8c Kh Qd Jc", "kicker 1", "an ace beats a king"),
        ("8h 8d As 7c 3d", "8s 8c Ah 6d 5c", "kicker 2", "a seven beats a six"),
        ("8h 8d As 7c 3d", "8s 8c Ah 7d 2c", "kicker 3", "a three beats a two"),
    ],
)
def test_explain_names_the_deciding_step_and_card(first: str, second: str, step: str, words: str) -> None:
    forward = explain(first, second)
    assert isinstance(forward, Comparison)
    assert (forward.winner, forward.deciding_step) == (0, step)
    assert forward.text.startswith("The first hand wins: ")
    assert words in forward.text
    backward = explain(second, first)
    assert (backward.winner, backward.deciding_step) == (1, step)
    assert backward.text.startswith("The second hand wins: ") and words in backward.text


def test_explain_says_which_kickers_already_matched() -> None:
    text = explain("8h 8d As 7c 3d", "8s 8c Ah 7d 2c").text
    assert "same two top kickers, ace and seven" in text
    text = explain("Ac Qc 9c 7c 3c", "Ad Qd 9d 7d 2d").text
    assert "both start with ace, queen, nine and seven" in text


def test_003_identical_hands_tie_and_explain_says_the_pot_is_split() -> None:
    result = explain("Ah Ad 6s 6c 5d", "As Ac 6h 6d 5c")
    assert result.winner is None and result.deciding_step == "identical"
    assert result.text.startswith("Split pot")
    assert "two pair, aces and sixes, with a five" in result.text


def test_002_suits_never_break_a_tie_in_explain() -> None:
    result = explain("Ts Js Qs Ks As", "Tc Jc Qc Kc Ac")
    assert result.winner is None
    assert "Suits never break a tie" in result.text


def test_explain_uses_the_players_names_and_says_you_win() -> None:
    assert explain("Ac Ad 2h 3s 4c", "Kc Kd 2d 3c 4d", names=("You", "Ann")).text.startswith("You win: ")
    assert explain("Kc Kd 2h 3s 4c", "Ac Ad 2d 3c 4d", names=("You", "Ann")).text.startswith("Ann wins: ")


def test_explain_accepts_hand_values_cards_or_text_alike() -> None:
    a, b = "Kh Kd 7s 7c Qd", "Ks Kc 7h 7d Jc"
    assert explain(evaluate(a), evaluate(b)) == explain(a, b)
    assert str(explain(a, b)) == explain(a, b).text
    assert explain(a, b).first == evaluate(a) and explain(a, b).second == evaluate(b)


def test_explain_rejects_a_bad_hand_like_evaluate() -> None:
    with pytest.raises(ValueError, match="exactly five"):
        explain("As Kd Qh Jc", "2c 3c 4c 5c 7d")
