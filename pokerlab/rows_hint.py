"""Players for Four Rows (kept as an old import path, for notebooks and teachers): the random placer,
the greedy rule player and the hint bot now live in :mod:`pokerlab.rows.hint`, and every name this
module defined still imports from here."""

from pokerlab.rows.hint import (
    PLAYERS,
    ROYAL_STRENGTH,
    GreedyPlayer,
    HintBot,
    Player,
    RandomPlacer,
    class_points,
    classes_of,
    play_game,
)

__all__ = [
    "GreedyPlayer", "HintBot", "PLAYERS", "Player", "ROYAL_STRENGTH", "RandomPlacer", "class_points", "classes_of",
    "play_game",
]
