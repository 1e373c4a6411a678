"""A hand at a table widget played as the browser plays it: the learner's messages on the learner's
turns, a step on the computer opponents' (the page asks for each of their moves), until it is over."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Payload = dict[str, Any]


def finish_hand(table: Any, learner: Callable[[Payload], None], moves: int = 500) -> None:  # noqa: ANN401
    """Play ``table``'s hand to its end: ``learner(payload)`` sends the learner's message(s) on each of
    their turns. Fails if the hand is not over after ``moves`` turns."""
    for _ in range(moves):
        payload = table.table
        if payload["phase"] == "over":
            return
        if payload["bot_turn"]:
            table._handle_custom_msg({"type": "step", "version": payload["version"]}, [])
        else:
            learner(payload)
    raise AssertionError(f"the hand was not over after {moves} turns")


def sends(table: Any, choose: Callable[[Payload], Payload]) -> Callable[[Payload], None]:  # noqa: ANN401
    """The learner who sends the message ``choose(payload)`` picks."""
    return lambda payload: table._handle_custom_msg(choose(payload), [])
