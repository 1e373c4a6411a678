"""Sentences of rule book 000 (Four Rows) that tests/rows/test_rows_rules.py did not check by name:
what the board shows (crossed-off types, the chip and its multiplier, the chart's examples) and the
Nothing of a hand whose every type is crossed off."""

from __future__ import annotations

from pokerlab.cards import parse_cards
from pokerlab.rows.rules import MULTIPLIER_TENTHS
from pokerlab.rows.scoring import EXAMPLE_HANDS, ScoringType, hand_class, score_row
from pokerlab.widgets.four_rows import board_of
from tests.rows.rows_helpers import game_with


def test_000_a_scored_type_is_checked_off_the_list_the_board_shows() -> None:
    game = game_with("8h 8c Ks 5d 2c")
    for _ in range(5):
        game.place(1)
    chart = {line["label"]: line["checked"] for line in board_of(game.view())["chart"]}
    assert chart.pop(ScoringType.PAIR.label) is True
    assert not any(chart.values()) and len(chart) == 8


def test_000_the_raise_chip_appears_next_to_its_row_with_its_multiplier() -> None:
    game = game_with("8h 8c Ks 5d 2c")
    game.place(2)
    game.raise_chip(2)
    rows = board_of(game.view())["rows"]
    assert [row["chip"] for row in rows] == [None, "1.8", None, None]   # 1.8x: the row held one card


def test_000_the_scoring_chart_shows_an_example_of_each_hand() -> None:
    chart = board_of(game_with("2c").view())["chart"]
    assert [line["label"] for line in chart] == [kind.label for kind in sorted(ScoringType, reverse=True)]
    for line, kind in zip(chart, sorted(ScoringType, reverse=True)):
        assert line["example"] == [str(card) for card in parse_cards(EXAMPLE_HANDS[kind])]
        assert score_row(parse_cards(EXAMPLE_HANDS[kind]), set(ScoringType))[0] == kind


def test_000_a_checked_off_hand_that_fits_nowhere_else_scores_as_nothing() -> None:
    assert score_row(parse_cards("9h 9d 2c 5s Kd"), set(ScoringType) - {ScoringType.PAIR}) == (None, -50)
    flush = parse_cards("2h 6h 9h Jh Kh")
    assert score_row(flush, set(ScoringType) - {ScoringType.FLUSH}) == (None, -50)
    assert hand_class(flush) != hand_class(parse_cards("9h 9d 2c 5s Kd"))


def test_000_a_chip_put_out_before_any_card_scores_the_most() -> None:
    full_house = parse_cards("9h 9d 9s 2c 2d")
    points = [score_row(full_house, set(ScoringType), tenths)[1] for tenths in MULTIPLIER_TENTHS]
    assert points == sorted(points, reverse=True) and points[0] == 2 * 350
