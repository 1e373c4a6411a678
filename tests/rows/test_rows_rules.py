"""One test per sentence of the Four Rows rule book (000) and README decision 2, named for it."""

from __future__ import annotations

import pytest

from pokerlab.cards import ALL_CARDS, Deck, parse_cards
from pokerlab.errors import PokerlabError
from pokerlab.rows.clocks import ManualClock
from pokerlab.rows.errors import FoldError, GameOverError, RaiseError, RowsError
from pokerlab.rows.game import FourRows
from pokerlab.rows.moves import Action
from pokerlab.rows.scoring import EXAMPLE_HANDS, ScoringType, hand_class, score_row
from tests.rows.rows_helpers import game_with, state_of

T = ScoringType
NOTHING = "2c 5d 9h Js 3c"  # no pair, no straight, no flush


def fill(game: FourRows, row: int, count: int) -> None:
    for _ in range(count):
        game.place(row)


def test_game_begins_with_52_cards_four_raise_chips_and_four_rows() -> None:
    game = FourRows(5, ManualClock())
    assert game.deck_count == 52 and game.chips_left == 4 and len(game.rows) == 4
    assert all(not row.cards and row.chip_tenths is None for row in game.rows)


def test_top_card_is_always_visible_and_is_the_card_placed() -> None:
    game = FourRows(11, ManualClock())
    for row in (1, 2, 3, 4, 1, 2):
        top = game.top_card
        assert game.view().top_card is top
        game.place(row)
        assert game.rows[row - 1].cards[-1] is top


def test_a_card_can_be_placed_in_any_row_with_no_restrictions() -> None:
    for row in (1, 2, 3, 4):
        game = FourRows(2, ManualClock())
        top = game.top_card
        game.place(row)
        assert game.rows[row - 1].cards == [top]


def test_fifth_card_scores_the_row_and_the_row_is_cleared() -> None:
    game = game_with("8h 8c Ks 5d 2c")
    fill(game, 2, 4)
    assert game.score_sheet == []
    game.place(2)
    assert [(line.row, line.scoring_type, line.points) for line in game.score_sheet] == [(2, T.PAIR, 100)]
    assert game.rows[1].cards == []


def test_five_cards_that_make_no_hand_cost_50_points() -> None:
    game = game_with(NOTHING)
    fill(game, 1, 5)
    assert game.score_sheet[0].scoring_type is None and game.row_points == -50


def test_a_scored_type_is_checked_off_and_cannot_score_again() -> None:
    game = game_with("8h 8c Ks 5d 2c 9h 9c Qs 4d 3c")
    fill(game, 1, 10)
    assert T.PAIR in game.scored_types
    assert [line.points for line in game.score_sheet] == [100, -50]


def test_second_four_of_a_kind_is_used_as_three_of_a_kind_then_two_pair_then_pair() -> None:
    game = game_with("9c 9d 9h 9s 3c 5c 5d 5h 5s 3d Tc Td Th Ts 3h Jc Jd Jh Js 4c Qc Qd Qh Qs 4d")
    fill(game, 1, 25)
    assert [line.scoring_type for line in game.score_sheet] == [
        T.FOUR_OF_A_KIND, T.THREE_OF_A_KIND, T.TWO_PAIR, T.PAIR, None,
    ]


def test_straight_flush_is_used_as_a_flush_or_straight_once_straight_flush_is_checked() -> None:
    game = game_with("5h 6h 7h 8h 9h 5c 6c 7c 8c 9c 5d 6d 7d 8d 9d 5s 6s 7s 8s 9s")
    fill(game, 1, 20)
    assert [line.scoring_type for line in game.score_sheet] == [T.STRAIGHT_FLUSH, T.FLUSH, T.STRAIGHT, None]


def test_royal_flush_contains_straight_flush_flush_and_straight() -> None:
    game = game_with("Ts Js Qs Ks As Th Jh Qh Kh Ah Td Jd Qd Kd Ad Tc Jc Qc Kc Ac")
    fill(game, 1, 20)
    assert [line.scoring_type for line in game.score_sheet] == [
        T.ROYAL_FLUSH, T.STRAIGHT_FLUSH, T.FLUSH, T.STRAIGHT,
    ]


def test_full_house_contains_three_of_a_kind_two_pair_and_pair_but_not_straight() -> None:
    cards = parse_cards("4s 4d 4c As Ah")
    assert score_row(cards, {T.THREE_OF_A_KIND, T.PAIR})[0] is T.THREE_OF_A_KIND
    assert score_row(cards, {T.TWO_PAIR, T.PAIR})[0] is T.TWO_PAIR
    assert score_row(cards, {T.PAIR})[0] is T.PAIR
    assert score_row(cards, {T.STRAIGHT, T.FLUSH}) == (None, -50)


def test_three_of_a_kind_contains_a_pair_and_two_pair_contains_a_pair_only() -> None:
    assert score_row(parse_cards("Qc Qd Qh 7s 3d"), {T.PAIR, T.TWO_PAIR})[0] is T.PAIR
    assert score_row(parse_cards("Jd Js 4c 4h 9s"), {T.PAIR, T.THREE_OF_A_KIND})[0] is T.PAIR


def test_hand_scores_as_the_highest_ranking_open_type_it_contains() -> None:
    every = frozenset(T)
    for kind, text in EXAMPLE_HANDS.items():
        assert score_row(parse_cards(text), every) == (kind, kind.points)


def test_scoring_chart_points() -> None:
    assert [kind.points for kind in T] == [100, 150, 200, 250, 300, 350, 400, 450, 500]
    assert score_row(parse_cards(NOTHING), frozenset(T)) == (None, -50)


def test_aces_play_high_or_low_in_straights_but_never_wrap() -> None:
    assert score_row(parse_cards("Ac 2d 3h 4s 5c"), frozenset(T))[0] is T.STRAIGHT
    assert score_row(parse_cards("Tc Jd Qh Ks Ac"), frozenset(T))[0] is T.STRAIGHT
    assert score_row(parse_cards("Qc Kd Ah 2s 3c"), frozenset(T)) == (None, -50)


def test_example_hand_for_each_type_is_exactly_that_type() -> None:
    assert {T(hand_class(parse_cards(text))) for text in EXAMPLE_HANDS.values()} == set(T)


def test_fold_discards_a_row_of_three_or_fewer_cards_and_the_cards_leave_play() -> None:
    for count in (1, 2, 3):
        game = FourRows(8, ManualClock())
        fill(game, 3, count)
        cards = list(game.rows[2].cards)
        game.fold(3)
        assert game.rows[2].cards == [] and game.folded == cards
        assert not set(cards) & set(game.deck_composition())


def test_fold_is_refused_once_the_fourth_card_is_placed() -> None:
    game = FourRows(8, ManualClock())
    fill(game, 1, 4)
    before = state_of(game)
    with pytest.raises(FoldError, match="only rows with 1 to 3 cards"):
        game.fold(1)
    assert state_of(game) == before
    assert Action("fold", 1) not in game.legal_actions()


def test_folding_an_empty_row_is_refused_because_there_is_nothing_to_fold() -> None:
    game = FourRows(8, ManualClock())
    game.raise_chip(2)
    before = state_of(game)
    with pytest.raises(FoldError, match="empty"):
        game.fold(2)
    assert state_of(game) == before


@pytest.mark.parametrize(("cards", "tenths"), [(0, 20), (1, 18), (2, 16), (3, 14), (4, 12)])
def test_raise_multiplier_depends_on_cards_in_the_row(cards: int, tenths: int) -> None:
    game = FourRows(4, ManualClock())
    fill(game, 1, cards)
    game.raise_chip(1)
    assert game.rows[0].chip_tenths == tenths


def test_multiplier_applies_to_the_score_exactly_in_integers() -> None:
    game = game_with("9h 9d 9s 2c 2d")
    game.place(1)
    game.raise_chip(1)
    fill(game, 1, 4)
    assert game.score_sheet[0].points == 630  # 1.8 x 350


def test_multipliers_also_affect_penalties() -> None:
    game = game_with(NOTHING)
    game.raise_chip(4)
    fill(game, 4, 5)
    assert game.row_points == -100


def test_only_one_raise_chip_at_a_time_in_each_row() -> None:
    game = FourRows(4, ManualClock())
    game.raise_chip(1)
    before = state_of(game)
    with pytest.raises(RaiseError, match="already has a raise chip"):
        game.raise_chip(1)
    assert state_of(game) == before


def test_chip_is_cleared_when_the_row_is_scored_and_another_may_be_placed() -> None:
    game = game_with("8h 8c Ks 5d 2c")
    game.raise_chip(1)
    fill(game, 1, 5)
    assert game.rows[0].chip_tenths is None and game.chips_left == 3
    game.raise_chip(1)
    assert game.rows[0].chip_tenths == 20 and game.chips_left == 2


def test_chip_is_cleared_when_the_row_is_folded() -> None:
    game = FourRows(4, ManualClock())
    game.raise_chip(2)
    game.place(2)
    game.fold(2)
    assert game.rows[1].chip_tenths is None and game.chips_left == 3
    game.raise_chip(2)


def test_only_four_raise_chips_in_a_game() -> None:
    game = FourRows(4, ManualClock())
    for row in (1, 2, 3, 4):
        game.raise_chip(row)
    game.place(1)
    game.fold(1)
    before = state_of(game)
    with pytest.raises(RaiseError, match="All four raise chips have been used"):
        game.raise_chip(1)
    assert state_of(game) == before


def test_the_game_begins_with_four_minutes_on_the_clock() -> None:
    clock = ManualClock(1000.0)
    game = FourRows(1, clock)
    assert game.time_left() == 240
    clock.advance(12.5)
    assert game.time_left() == 227.5


def test_a_warning_is_given_when_30_seconds_remain() -> None:
    clock = ManualClock()
    game = FourRows(1, clock)
    clock.advance(209.5)
    assert game.tick() == [] and not game.warned
    clock.advance(0.5)
    assert [event.kind for event in game.tick()] == ["warning"]
    clock.advance(5)
    assert game.tick() == []  # only once


def test_when_time_runs_out_the_game_ends_immediately_with_no_time_bonus() -> None:
    clock = ManualClock()
    game = game_with("8h 8c Ks 5d 2c", clock)
    fill(game, 1, 5)
    clock.advance(240)
    before_moves = list(game.moves)
    with pytest.raises(GameOverError, match="time ran out"):
        game.place(1)
    assert game.end_reason == "time" and game.time_bonus == 0 and game.score == 100
    assert game.moves == before_moves and game.time_left() == 0


def test_going_through_all_52_cards_ends_the_game_with_five_points_per_second_left() -> None:
    clock = ManualClock()
    game = FourRows(6, clock)
    for move in range(52):
        assert game.top_card is not None
        clock.advance(2.3)
        game.place(move % 4 + 1)
    assert game.end_reason == "deck" and game.top_card is None and game.deck_count == 0
    assert game.time_bonus == 5 * 120  # 240 - 119.6 = 120.4 s left: 120 whole seconds
    assert game.score == game.row_points + 600


def test_completing_all_nine_types_ends_the_game_with_the_time_bonus() -> None:
    hands = ("Ts Js Qs Ks As 5h 6h 7h 8h 9h 2c 2d 2h 2s 3c 4c 4d 4h 3d 3h 6c 8c Tc Qc Ac "
             "5c 6d 7c 8d 9c Jc Jd Jh 3s 5d Kc Kd 9d 9s 7d Qd Qh 4s 6s 8s")
    clock = ManualClock()
    game = game_with(hands, clock)
    clock.advance(100.5)
    fill(game, 1, 45)
    assert game.scored_types == set(T) and game.end_reason == "all types"
    assert game.time_bonus == 5 * 139
    assert game.score == sum(kind.points for kind in T) + 695
    with pytest.raises(GameOverError):
        game.place(2)


def test_incomplete_rows_score_nothing_at_the_end() -> None:
    clock = ManualClock()
    game = FourRows(9, clock)
    fill(game, 1, 2)
    fill(game, 2, 3)
    clock.advance(300)
    assert game.is_over and game.score == 0


def test_every_hand_must_have_five_cards_to_be_scored() -> None:
    game = game_with("8h 8c 8s 8d")
    fill(game, 1, 4)
    assert game.score_sheet == [] and game.row_points == 0


def test_deck_composition_is_available_but_not_its_order() -> None:
    game = FourRows(13, ManualClock())
    game.place(1)
    composition = game.deck_composition()
    assert composition == sorted(composition) and len(composition) == 51
    assert game.rows[0].cards[0] not in composition and game.top_card in composition


def test_games_replay_from_a_seed_and_their_moves() -> None:
    game = FourRows(21, ManualClock())
    for text in ["R1", "P1", "P2", "P2", "F2", "P3", "P1", "P1", "P1", "P1"]:
        game.apply(text)
    again = FourRows.replay(21, [str(move) for move in game.moves])
    assert state_of(again) == state_of(game)


@pytest.mark.parametrize("move", ["F1", "R2", "P0", "P5", "X1"])
def test_illegal_moves_raise_a_clear_error_and_change_nothing(move: str) -> None:
    game = FourRows(3, ManualClock())
    fill(game, 1, 4)
    game.raise_chip(2)
    before = state_of(game)
    with pytest.raises(RowsError) as caught:
        game.apply(move if move != "P0" else Action("place", 0))
    assert isinstance(caught.value, (PokerlabError, ValueError))
    assert any(word in str(caught.value) for word in ("can be folded", "Rows without a chip", "numbered 1 to 4", "write P"))
    assert state_of(game) == before


def test_a_move_after_the_game_ended_is_refused() -> None:
    game = FourRows(0, ManualClock(), deck=Deck.stacked(parse_cards("8h")))
    game.place(1)
    assert game.end_reason == "deck"
    before = state_of(game)
    for move in ("P1", "R2", "F1"):
        with pytest.raises(GameOverError, match="game is over"):
            game.apply(move)
    assert state_of(game) == before and game.legal_actions() == []


def test_the_deck_holds_each_card_once() -> None:
    assert sorted(FourRows(2, ManualClock()).deck_composition()) == list(ALL_CARDS)
