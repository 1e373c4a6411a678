"""Save and restore continue a match exactly (the match gives plain data; storage is the apps' business)."""

from __future__ import annotations

import json

import pytest

from pokerlab.bots import make_bot
from pokerlab.match import Match, MatchError, five_card_draw_match, saloon_match
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


def test_a_reshuffled_match_deals_new_cards_and_refuses_mid_hand():
    """Restoring a save between hands reshuffles: the next hand is not the one the save would deal."""
    original = saloon_match(seed=5)
    original.deal()
    while not original.hand.is_over:
        step(original, make_bot(3, 2))
    data = json.loads(json.dumps(original.to_json()))
    same = Match.from_json(data)
    other = Match.from_json(data)
    other.reshuffle(12345)
    assert same.deal().cards(0) == original.deal().cards(0)
    assert other.deal().cards(0) != same.hand.cards(0)
    with pytest.raises(MatchError, match="reshuffle between hands"):
        other.reshuffle(1)
