"""Save and restore continue a match exactly; Saloon Draw saves go through pokerlab.storage."""

from __future__ import annotations

import json

import pytest

from pokerlab.bots import make_bot
from pokerlab.match import Match, five_card_draw_match, load_saloon, save_saloon, saloon_match
from pokerlab.storage import SaveFileError, save_game
from pokerlab.storage.saves import save_path
from tests.match.helpers import step


def snapshot(match: Match) -> str:
    return json.dumps(match.learner_view(), sort_keys=True)


@pytest.mark.parametrize(("maker", "actions"), [
    (lambda: five_card_draw_match(player_count=4, opponent_level=6, seed=21), 37),
    (lambda: saloon_match(opponent_level=5, seed=4), 61),
    (lambda: five_card_draw_match(player_count=3, forced_bet="blinds", ace_draw=True, opponent_level=4, seed=9), 5),
])
def test_a_restored_match_continues_exactly(maker, actions):
    original = maker()
    learner = make_bot(4, 123)
    for _ in range(actions):
        step(original, learner)
    restored = Match.from_json(json.loads(json.dumps(original.to_json())))
    assert snapshot(restored) == snapshot(original)
    twin = make_bot(4, 123)
    twin.restore(learner.to_json())
    for _ in range(120):
        if original.is_over:
            break
        assert step(original, learner) == step(restored, twin)
        assert snapshot(restored) == snapshot(original)
        assert restored.stacks == original.stacks and restored.out == original.out


def test_a_match_saved_before_the_first_deal_deals_the_same_cards():
    original = five_card_draw_match(player_count=3, seed=5)
    restored = Match.from_json(json.loads(json.dumps(original.to_json())))
    assert original.deal().cards(0) == restored.deal().cards(0)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path))
    return tmp_path


def test_saloon_draw_can_be_saved_and_restored(data_dir):
    match = saloon_match(seed=3)
    learner = make_bot(3, 1)
    for _ in range(25):
        step(match, learner)
    save_saloon(match, "evening")
    restored = load_saloon("evening")
    assert snapshot(restored) == snapshot(match)


def test_a_damaged_saloon_save_is_refused_with_a_message_and_left_as_it_was(data_dir):
    save_saloon(saloon_match(seed=3), "evening")
    path = save_path("evening", "saloon-draw")
    damaged = path.read_bytes()[:-40]
    path.write_bytes(damaged)
    with pytest.raises(SaveFileError, match="not changed"):
        load_saloon("evening")
    assert path.read_bytes() == damaged


def test_a_save_holding_no_saloon_game_is_refused(data_dir):
    save_game("odd", "saloon-draw", {"format": 1, "rules": {}})
    with pytest.raises(SaveFileError, match="Cannot restore 'odd'"):
        load_saloon("odd")


def test_a_failed_save_leaves_the_previous_save_intact(data_dir):
    match = saloon_match(seed=3)
    save_saloon(match, "evening")
    before = save_path("evening", "saloon-draw").read_bytes()

    class Unsaveable:
        def decide(self, view, legal):  # pragma: no cover - never asked
            raise AssertionError

    match.bots[2] = Unsaveable()
    with pytest.raises(ValueError, match="cannot be saved"):
        save_saloon(match, "evening")
    assert save_path("evening", "saloon-draw").read_bytes() == before
