"""The teacher's board's lessons-and-quizzes part: each learner's lessons finished and begun, quiz answers right.

Read from the storage layer's lesson progress and quiz result rows, not from the class games: the
board shows it beside a game's learners, and the dealer's quiz service answers it for the whole
class, so it stands apart from a game's snapshot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from pokerlab.classroom.store import ClassStore
from pokerlab.storage.progress import class_learning


@dataclass(frozen=True)
class LearningLine:
    """A learner's lessons and quiz answers, for the board."""

    learner: str
    lessons_done: tuple[str, ...]
    lessons_started: tuple[str, ...]
    """Lessons begun but not finished."""
    quiz_right: int
    quiz_answered: int

    @property
    def text(self) -> str:
        done = ", ".join(self.lessons_done) or "none"
        quiz = f"{self.quiz_right} of {self.quiz_answered} right" if self.quiz_answered else "no answers yet"
        started = f"; started {', '.join(self.lessons_started)}" if self.lessons_started else ""
        return f"lessons finished: {done}{started}; quizzes: {quiz}"


def learning_lines(names: dict[int, str], lessons: Sequence[Any], answers: Sequence[Any]) -> list[LearningLine]:
    """Per learner in ``names`` (id -> name): lessons finished and begun (from the storage layer's
    lesson progress rows) and quiz answers right of answered (from its quiz result rows)."""
    lessons_of: dict[int, list[Any]] = {}
    for row in lessons:
        lessons_of.setdefault(row.learner_id, []).append(row)
    tally: dict[int, list[int]] = {}
    for row in answers:
        right_answered = tally.setdefault(row.learner_id, [0, 0])
        right_answered[0] += bool(row.correct)
        right_answered[1] += 1
    lines = []
    for learner_id, name in names.items():
        mine = lessons_of.get(learner_id, [])
        done = tuple(sorted(row.lesson for row in mine if row.done))
        started = tuple(sorted(row.lesson for row in mine if not row.done))
        right, answered = tally.get(learner_id, (0, 0))
        lines.append(LearningLine(name, done, started, right, answered))
    return lines


def learning_view(lines: Sequence[LearningLine]) -> list[dict[str, Any]]:
    """The board's lessons-and-quizzes part, as the board draws it."""
    return [{"name": line.learner, "lessons": ", ".join(line.lessons_done) or "none",
             "started": ", ".join(line.lessons_started),
             "quiz": f"{line.quiz_right} of {line.quiz_answered}" if line.quiz_answered else "no answers yet"}
            for line in lines]


def stored_learning(store: ClassStore, names: dict[int, str]) -> list[dict[str, Any]]:
    """:func:`learning_view` for the learners in ``names`` (id -> name), read from the database of
    ``store``: where the dealer holds the answers (on a hub, the only place they count), the part of
    the board it answers with each game's board."""
    lessons, tallies = class_learning(store.store, list(names))
    lines = [replace(line, quiz_right=tallies.get(learner_id, (0, 0))[0], quiz_answered=tallies.get(learner_id, (0, 0))[1])
             for learner_id, line in zip(names, learning_lines(names, lessons, []))]
    return learning_view(lines)
