"""The hint bot and the other players: legal, reproducible, blind to the deck order, and sensible."""

from __future__ import annotations

import numpy as np

from pokerlab.cards import Card, parse_cards
from pokerlab.hands import evaluate
from pokerlab.rows.clocks import ManualClock
from pokerlab.rows.game import FourRows
from pokerlab.rows.hint import GreedyPlayer, HintBot, RandomPlacer, class_points, classes_of, play_game
from pokerlab.rows.moves import Action
from pokerlab.rows.scoring import ScoringType
from tests.rows.rows_helpers import game_with


def test_class_points_table_agrees_with_the_engine_scoring() -> None:
    table = class_points(frozenset(ScoringType) - {ScoringType.STRAIGHT_FLUSH, ScoringType.PAIR})
    assert table[9] == 500 and table[8] == 300 and table[1] == -50 and table[7] == 400 and table[3] == 200


def test_classes_of_marks_royal_flushes_apart_from_straight_flushes() -> None:
    strengths = np.array([evaluate(parse_cards(t)).strength for t in ("Ts Js Qs Ks As", "9s Ts Js Qs Ks")])
    assert classes_of(strengths).tolist() == [9, 8]


def test_every_player_makes_only_legal_moves_until_the_game_ends() -> None:
    for player in (RandomPlacer(1), GreedyPlayer(), HintBot(1, samples=100)):
        game = play_game(4, player)
        assert game.end_reason == "deck" and game.card_count() == 52


def test_hint_is_reproducible_from_a_seed() -> None:
    game = FourRows(17, ManualClock())
    for _ in range(7):
        game.place(1 + len(game.moves) % 3)
    view = game.view()
    assert HintBot(5).choose(view) == HintBot(5).choose(view)


def test_hint_depends_only_on_the_deck_composition_not_its_order() -> None:
    first = game_with("8h 8c Ks 5d 2c Qd Jd 3s")
    second = game_with("8h 8c Ks 5d 2c Jd Qd 3s")
    moves = ["P1", "P1", "P2"]
    for move in moves:
        first.apply(move)
        second.apply(move)
    assert first.view().deck_composition == second.view().deck_composition
    bot = HintBot(3)
    assert bot.row_values(first.view(), [[], [Card(8, 2)]]).tolist() == bot.row_values(
        second.view(), [[], [Card(8, 2)]]).tolist()


def test_hint_raises_a_four_card_row_that_the_top_card_completes_into_a_flush() -> None:
    game = game_with("2h 6h 9h Jh Kh")
    for _ in range(4):
        game.place(3)
    assert HintBot(0).choose(game.view()) == Action("raise", 3)


def test_hint_does_not_complete_a_penalty_row_when_another_row_is_open() -> None:
    game = game_with("2c 5d 9h Js 3h Kc Kd")
    for move in ["P1", "P1", "P1", "P1", "P2", "P2"]:
        game.apply(move)
    # Row 1: 2c 5d 9h Js; top card 3h would make Nothing there.
    assert HintBot(0).choose(game.view()).row != 1
