"""Properties of random legal play: it ends, cards are conserved, the score adds up, refusals change nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.cards import ALL_CARDS
from pokerlab.rows.clocks import ManualClock
from pokerlab.rows.errors import RowsError
from pokerlab.rows.game import FourRows
from pokerlab.rows.moves import Action
from tests.rows.rows_helpers import state_of

ALL_ACTIONS = [Action(kind, row) for kind in ("place", "raise", "fold") for row in range(1, 5)]


def check_cards(game: FourRows) -> None:
    cards = (
        game.deck_composition() + [c for row in game.rows for c in row.cards] + game.folded
        + [c for line in game.score_sheet for c in line.cards]
    )
    assert len(cards) == 52 and set(cards) == set(ALL_CARDS)


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_legal_play_always_ends_and_conserves_cards(seed: int, data: st.DataObject) -> None:
    clock = ManualClock()
    game = FourRows(seed, clock)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal and all(action.kind in ("place", "raise", "fold") for action in legal)
        game.apply(data.draw(st.sampled_from(legal)))
        clock.advance(data.draw(st.sampled_from([0.0, 0.5, 3.0])))
        check_cards(game)
        steps += 1
        assert steps <= 52 + 4 + 52  # places, chips, folds (each fold needs a placed card)
    assert game.score == sum(line.points for line in game.score_sheet) + game.time_bonus
    if game.end_reason == "time":
        assert game.time_bonus == 0
    else:
        assert game.time_bonus == 5 * int(game.time_left())


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_illegal_moves_leave_the_state_unchanged(seed: int, data: st.DataObject) -> None:
    game = FourRows(seed, ManualClock())
    for _ in range(data.draw(st.integers(0, 60))):
        if game.is_over:
            break
        game.apply(data.draw(st.sampled_from(game.legal_actions())))
    legal = set(game.legal_actions())
    for action in ALL_ACTIONS:
        if action in legal:
            continue
        before = state_of(game)
        try:
            game.apply(action)
        except RowsError as error:
            assert str(error)
        else:
            raise AssertionError(f"{action} was not listed as legal but was accepted")
        assert state_of(game) == before


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_replay_of_any_game_reaches_the_same_state(seed: int, data: st.DataObject) -> None:
    game = FourRows(seed, ManualClock())
    while not game.is_over:
        game.apply(data.draw(st.sampled_from(game.legal_actions())))
    assert state_of(FourRows.replay(seed, game.moves)) == state_of(game)
