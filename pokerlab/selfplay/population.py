"""The self-play the population habits are measured from (:mod:`pokerlab.bots.population`): whole
ladder matches of bots of every level, each betting choice recorded by the player who made it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pokerlab.bots import make_bot
from pokerlab.bots.population import Habits, Recorder, habits_from
from pokerlab.ladder import LEVELS
from pokerlab.selfplay.matches import play_match


def record(matches: int, seed: int, levels: Sequence[int] = (1, 2, 3, 4, 5, 6)) -> list[tuple[Any, ...]]:
    """Self-play of ``matches`` ladder matches, each of a ladder level's length (the level drawn at
    random) with a bot of a random one of ``levels`` in each of the five seats, all built fresh;
    every betting choice recorded by the player who made it."""
    rng = np.random.default_rng(seed)
    records: list[tuple[Any, ...]] = []
    for match in range(matches):
        seated = rng.choice(levels, size=5)
        hands = LEVELS[int(rng.integers(len(LEVELS)))].hand_count
        match_seed = seed * 1_000_003 + match
        bots = [Recorder(make_bot(int(level), match_seed * 10 + seat), records) for seat, level in enumerate(seated)]
        play_match(bots[0], bots[1:], 0, hands, match_seed)
    return records


def build(matches: int = 1500, seed: int = 1) -> Habits:
    """The habits of :func:`record`'s self-play."""
    return habits_from(record(matches, seed))


__all__ = ["build", "record"]
