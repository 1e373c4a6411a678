"""The population's habits the readers start from: built from self-play, kept with the package, and
read so that a choice says what it says about the hand behind it."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import numpy as np
import pytest

from pokerlab.bots import make_bot
from pokerlab.bots.population import (
    BINS,
    CHOICES,
    Habits,
    Recorder,
    habits_from,
    population,
    ranks_after,
    ranks_before,
)
from pokerlab.bots.seat_view import A_RAISE, NOTHING, ONE_BET, RAISED_BACK, SECOND_ROUND, public_actions
from pokerlab.cards import parse_cards
from pokerlab.draw import HandState, ladder
from pokerlab.hands import evaluate_many
from pokerlab.selfplay.matches import play_match
from pokerlab.selfplay.population import record

ROOT = Path(__file__).resolve().parents[2]


def test_the_habits_are_package_data_that_loads():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "bots/population.json" in pyproject["tool"]["setuptools"]["package-data"]["pokerlab"]
    habits = population()
    assert habits.styles == ("1", "2", "3", "4", "5", "6")
    assert habits.share.sum() == pytest.approx(1.0)
    chances = habits.chances
    assert ((chances >= 0) & (chances <= 1)).all()
    assert np.allclose(chances[:, :, 0, [0, 1]].sum(axis=2), 1.0)  # nothing owed: check or bet
    assert np.allclose(chances[:, :, 1:, [2, 3, 4]].sum(axis=3), 1.0, atol=0.002)  # owed: fold, call or raise


def test_a_hand_is_ranked_within_the_hands_that_draw_as_many_cards():
    hands = np.array([[card.index for card in parse_cards(text)] for text in
                      ("As Ad 9c 5h 2s", "3s 3d 9c 5h 2s", "Ah Kh 7h 2h 9c", "As Ks Qs Js 9s")])
    classes, bins = ranks_before(hands, evaluate_many(hands))
    assert classes.tolist() == [3, 3, 1, 0]  # pairs draw three, a four-flush one, a flush stands pat
    assert bins[0] == BINS - 1 and bins[1] < bins[0]  # aces are near the top of the three-card draws
    _, after = ranks_after(evaluate_many(hands[:2]), np.array([3, 3]))
    assert after[0] > after[1]


def test_each_choice_is_filed_under_what_it_answered():
    state = HandState(ladder(), [500] * 5, dealer=0, rng=4)
    bots = [make_bot(level, seed) for seed, level in enumerate((2, 3, 5, 6, 3))]
    while not state.is_over:
        state.apply(bots[state.actor].decide(state.view(state.actor), state.legal_actions()))
    actions = [a for a in public_actions(state.view(0)["events"]) if a.kind != "draw"]
    for action in actions:
        earlier = [a for a in actions[: actions.index(action)] if a.section == action.section]
        bets = [a for a in earlier if a.aggressive]
        if not bets or bets[-1].seat == action.seat:
            assert action.facing == NOTHING
        elif any(a.seat == action.seat and a.aggressive for a in earlier):
            assert action.facing == RAISED_BACK
        else:
            assert action.facing in (ONE_BET, A_RAISE)
        assert action.choice in CHOICES


def test_self_play_records_only_each_players_own_hand_and_choice():
    records: list = []
    bots = [Recorder(make_bot(level, level), records) for level in (1, 2, 3, 5, 6)]
    play_match(bots[0], bots[1:], 0, 3, seed=2)
    assert records and {r[0] for r in records} <= {1, 2, 3, 5, 6}
    assert all(r[4] in CHOICES and 0 <= r[5] <= 3 and 0 <= r[6] < BINS for r in records)


def test_habits_built_from_self_play_tell_the_styles_apart():
    habits = habits_from(record(30, seed=3, levels=(2, 3)))
    assert habits.styles == ("2", "3")
    station, tight = 0, 1
    folds = habits.chances[:, 0, ONE_BET, 2].mean(axis=(1, 2))  # folding to a bet before the draw
    assert folds[station] < 0.05 < folds[tight]
    again = Habits.from_json(json.loads(json.dumps(habits.to_json())))
    assert np.allclose(again.chances, habits.chances, atol=0.001)


def test_a_bet_after_the_draw_comes_from_better_hands_than_a_check():
    habits = population()
    classes, bins = np.full(BINS, 3), np.arange(BINS)
    bets = habits.chances_of(SECOND_ROUND, NOTHING, "bet", classes, bins).mean(axis=0)
    assert bets[-1] > 3 * bets[0]  # the best hands bet far more often than the worst
