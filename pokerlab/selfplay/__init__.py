"""Bots playing among themselves: whole hands, duplicate tables and ladder matches
(:mod:`~pokerlab.selfplay.matches`, for the benchmarks and tests), and the self-play the
population habits of level 6 are measured from (:mod:`~pokerlab.selfplay.population`).

Self-play sits above the ladder and the match in pokerlab's layers (pyproject.toml): it plays
whole matches as the Tournament Ladder sets them up, with the bots as players.
"""

from pokerlab.selfplay.matches import (
           BotMaker,
           LadderMatch,
           TableResult,
           duplicate_table,
           ladder_match,
           play_hand,
           play_match,
)
from pokerlab.selfplay.population import build, record

__all__ = ["BotMaker", "LadderMatch", "TableResult", "build", "duplicate_table", "ladder_match", "play_hand", "play_match",
           "record"]
