"""Sentences of rule book 004 (Tournament Ladder) not named by tests/match/test_ladder.py: a level is
a set number of hands, and both the rewards and the opponents' skill rise level by level."""

from __future__ import annotations

from pokerlab.ladder import LEVELS, LadderRun, MemoryAccount
from tests.match.helpers import play_out


def test_004_a_round_is_a_set_number_of_hands_and_then_it_is_over() -> None:
    for number in (1, 2):
        run = LadderRun.start(number, MemoryAccount(points=5_000, reached=2), seed=7)
        hands = []
        play_out(run.match, learner_level=3, on_hand_end=lambda match: hands.append(match.hand_number))
        assert hands and run.finished
        assert len(hands) <= LEVELS[number - 1].hand_count
        if 0 not in run.match.out:
            assert len(hands) == LEVELS[number - 1].hand_count


def test_004_the_rewards_and_the_opponents_skill_increase_with_the_level() -> None:
    awards = [level.award for level in LEVELS]
    assert awards == sorted(set(awards))                     # strictly rising
    skill = [sum(level.bot_levels) for level in LEVELS]
    assert skill == sorted(skill) and skill[0] < skill[-1]
