"""Lesson data for the notebooks: scripted example hands played by the real engine, step-by-step
replays for the hand stepper, and short helpers that let a notebook cell check a claim in words.

The quiz generators live in :mod:`pokerlab.quizzes`; their old names here keep working.
"""

from __future__ import annotations

from typing import Any

from pokerlab.lessons.examples import (
    KIND_EXAMPLES,
    big_blind_cap_hand,
    cap_hand,
    heads_up_hand,
    saloon_hand,
    short_all_in_hand,
    short_stock_hand,
    side_pot_hand,
    whole_hand,
)
from pokerlab.lessons.scripted import (
    ScriptedHand,
    ScriptError,
    Step,
    arranged_deck,
    hand_steps,
    parse_action,
    pot_slices,
    raises_this_round,
)
from pokerlab.quizzes import betting
from pokerlab.quizzes.core import LEVELS

__all__ = [
    "KIND_EXAMPLES", "LEVELS", "ScriptError", "ScriptedHand", "Step", "arranged_deck", "ask_first_after_draw", "ask_may_raise",
    "ask_side_pot", "betting_question", "big_blind_cap_hand", "cap_hand",
    "first_after_draw_question", "hand_steps", "heads_up_hand", "may_raise_question", "parse_action",
    "pot_slices", "raises_this_round", "saloon_hand", "short_all_in_hand", "short_stock_hand", "side_pot_hand",
    "side_pot_question", "whole_hand",
]

_MOVED_TO_QUIZZES = frozenset({
    "ask_first_after_draw", "ask_may_raise", "ask_side_pot", "betting_question", "first_after_draw_question",
    "may_raise_question", "side_pot_question",
})


def __getattr__(name: str) -> Any:
    """The betting question generators moved to :mod:`pokerlab.quizzes.betting`; the old import path
    keeps working."""
    if name in _MOVED_TO_QUIZZES:
        return getattr(betting, name)
    raise AttributeError(f"module 'pokerlab.lessons' has no attribute {name!r}")
