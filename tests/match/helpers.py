"""Driving matches in tests: the learner's choices come from a seeded bot, as a human's might."""

from __future__ import annotations

from typing import Any

from pokerlab.bots import make_bot
from pokerlab.draw import Action, LegalAction
from pokerlab.match import Match


class Folder:
    """A test opponent that checks when it is free and otherwise folds; it stands pat."""

    def decide(self, view: dict[str, Any], legal: tuple[LegalAction, ...]) -> Action:
        kinds = {item.kind.value for item in legal}
        if "draw" in kinds:
            return Action.stand_pat()
        return Action.check() if "check" in kinds else Action.fold()

    def to_json(self) -> dict[str, Any]:
        return {"level": 1, "seed": 0}


def step(match: Match, learner: Any) -> Action | None:
    """One step of a match: deal if no hand is in play, else the next action (bot or learner)."""
    if match.hand is None or match.hand.is_over:
        match.deal()
        return None
    if match.is_bot_turn():
        return match.bot_step()
    action = learner.decide(match.learner_view(), match.hand.legal_actions())
    match.act(action)
    return action


def play_out(match: Match, learner_level: int = 3, seed: int = 99, on_hand_end: Any = None) -> None:
    """Play the match to its end, calling ``on_hand_end(match)`` after every hand."""
    learner = make_bot(learner_level, seed)
    while not match.is_over:
        step(match, learner)
        if on_hand_end is not None and match.hand is not None and match.hand.is_over:
            on_hand_end(match)
