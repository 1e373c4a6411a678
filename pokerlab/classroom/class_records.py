"""A class game, a learner's place in it and their results, as the class store returns them.

Plain frozen values, never a game's seeds: the teacher's board, the dealer and the learners' pages
read these, and the store (:mod:`pokerlab.classroom.store`) and the board's one-statement read
(:mod:`pokerlab.classroom.board_rows`) both make them from stored columns, so they live apart from
either.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from pokerlab.classroom.class_games import ClassGameSettings
from pokerlab.draw import Action

OPEN: Final = "open"
ENDED: Final = "ended"


def stored_moment(text: str) -> datetime:
    """A stored time (:func:`~pokerlab.storage.schema.utc_text`) as a ``datetime``."""
    return datetime.fromisoformat(text)


@dataclass(frozen=True)
class ClassGame:
    """A class game as the board and the learners' app see it (never its seeds)."""

    id: int
    code: str
    settings: ClassGameSettings
    status: str
    created_at: datetime
    teacher: str = ""
    roster: tuple[str, ...] | None = None
    """The names allowed to play (None: anyone with the code)."""

    @property
    def is_open(self) -> bool:
        return self.status == OPEN


@dataclass(frozen=True)
class Progress:
    """Where a learner is in a game: the deal being played (``deal_count + 1`` once all are done)
    and the actions already taken on it."""

    learner: str
    deal_number: int
    actions: tuple[Action, ...]
    joined_at: datetime
    learner_id: int = 0


@dataclass(frozen=True)
class Result:
    """One learner's result on one deal."""

    learner: str
    deal_number: int
    chips: int
    review_cost: float | None
    finished_at: datetime
    learner_id: int = 0


@dataclass(frozen=True)
class ResultDetail:
    """A result with its hand (the actions) and the coach's review, for the teacher's click-through."""

    deal_number: int
    chips: int
    actions: tuple[Action, ...]
    review: list[dict[str, Any]] | None


def game_from_columns(game_id: int, code: str, settings: str, status: str, created_at: str, teacher: str,
                      roster: str | None = None) -> ClassGame:
    """A :class:`ClassGame` from its stored columns (settings and roster as JSON text, the time as ISO text)."""
    return ClassGame(game_id, code, ClassGameSettings.from_json(json.loads(settings)), status,
                     stored_moment(created_at), teacher, None if roster is None else tuple(json.loads(roster)))
