"""The teacher's view of mastery: per learner and per topic, from every kept lesson-quiz answer.

Plain values from the storage layer's quiz result rows (any learner who answered a lesson quiz, in a
class game or not), worked out with :mod:`pokerlab.quizzes.mastery`: :func:`mastery_rows` (one row per
learner, one cell per topic), :func:`class_trouble` (the topics the class misses most, first the one
that the most learners missed) and :func:`mastery_csv_text` (the same as CSV).

The quiz rows keep which choice a learner picked, not the named mistake behind it, so the class's
trouble is counted per topic; the misses list the answers they picked.

>>> class_trouble({}, [])
[]
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from pokerlab.quizzes.mastery import TOPICS, AnswerRow, Mastery, Topic, attempts_from, mastery, review_state, topic_of

__all__ = ["MasteryCell", "MasteryRow", "Trouble", "class_trouble", "mastery_csv_text", "mastery_rows"]


class LearnerRow(AnswerRow, Protocol):
    """A kept answer with its learner (:class:`pokerlab.storage.QuizResult`)."""

    @property
    def learner_id(self) -> int: ...
    @property
    def answer(self) -> str: ...


@dataclass(frozen=True)
class MasteryCell:
    """One learner on one topic."""

    mastery: Mastery
    right: int
    misses: int
    due: bool
    """In the review queue and due now."""

    @property
    def text(self) -> str:
        """Short, for a table cell: "mastered", "3 in a row", "missed, due for review", "–"."""
        if self.mastery.answered == 0:
            return "–"
        if self.mastery.mastered:
            return "mastered"
        words = f"{self.mastery.run} in a row" if self.mastery.run else "last answer missed"
        return f"{words}; {self.right} of {self.mastery.answered} right" + ("; review due" if self.due else "")


@dataclass(frozen=True)
class MasteryRow:
    learner: str
    cells: tuple[MasteryCell, ...]
    """In :data:`~pokerlab.quizzes.mastery.TOPICS` order."""

    @property
    def mastered(self) -> tuple[str, ...]:
        return tuple(cell.mastery.topic.name for cell in self.cells if cell.mastery.mastered)


@dataclass(frozen=True)
class Trouble:
    """A topic the class misses: how many misses, by how many learners, and the wrong answers picked most."""

    topic: Topic
    misses: int
    learners: int
    of_learners: int
    common: tuple[tuple[str, int], ...]
    """The wrong answers picked most often, with how often (three at most)."""

    @property
    def text(self) -> str:
        picked = "; ".join(f"“{answer}” {count}×" for answer, count in self.common)
        return (f"{self.topic.name}: {self.misses} miss{'es' if self.misses != 1 else ''} by {self.learners} of "
                f"{self.of_learners} learner{'s' if self.of_learners != 1 else ''}"
                + (f" (most picked: {picked})" if picked else ""))


def _by_learner(names: Mapping[int, str], rows: Sequence[LearnerRow]) -> dict[int, list[LearnerRow]]:
    mine: dict[int, list[LearnerRow]] = {learner_id: [] for learner_id in names}
    for row in rows:
        if row.learner_id in mine:
            mine[row.learner_id].append(row)
    return mine


def mastery_rows(names: Mapping[int, str], rows: Sequence[LearnerRow], now: datetime) -> list[MasteryRow]:
    """One row per learner in ``names`` (id -> name, in that order): their mastery of every topic."""
    lines = []
    for learner_id, answers in _by_learner(names, rows).items():
        attempts = attempts_from(answers)
        cells = []
        for item in TOPICS:
            mine = [attempt for attempt in attempts if attempt.topic == item.key]
            right = sum(attempt.correct for attempt in mine)
            cells.append(MasteryCell(mastery(item.key, attempts), right, len(mine) - right,
                                     review_state(item.key, attempts).is_due(now)))
        lines.append(MasteryRow(names[learner_id], tuple(cells)))
    return lines


def class_trouble(names: Mapping[int, str], rows: Sequence[LearnerRow]) -> list[Trouble]:
    """The topics the learners in ``names`` missed, the one missed by the most learners first (then by misses)."""
    misses: dict[str, Counter[int]] = {}
    picked: dict[str, Counter[str]] = {}
    for row in rows:
        if row.learner_id not in names or row.correct:
            continue
        found = topic_of(row.quiz, row.level, row.question)
        if found is None:
            continue
        misses.setdefault(found.key, Counter())[row.learner_id] += 1
        picked.setdefault(found.key, Counter())[row.answer] += 1
    trouble = [Trouble(item, sum(misses[item.key].values()), len(misses[item.key]), len(names),
                       tuple(picked[item.key].most_common(3)))
               for item in TOPICS if item.key in misses]
    return sorted(trouble, key=lambda line: (-line.learners, -line.misses, TOPICS.index(line.topic)))


def mastery_csv_text(names: Mapping[int, str], rows: Sequence[LearnerRow], now: datetime) -> str:
    """Every learner and topic as CSV: answered, right, misses, run, later-visit answers, mastered, review due."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["learner", "topic", "answered", "right", "misses", "right_in_a_row", "on_a_later_visit",
                     "mastered", "review_due"])
    for line in mastery_rows(names, rows, now):
        for cell in line.cells:
            writer.writerow([line.learner, cell.mastery.topic.key, cell.mastery.answered, cell.right, cell.misses,
                             cell.mastery.run, cell.mastery.later, "yes" if cell.mastery.mastered else "no",
                             "yes" if cell.due else "no"])
    return out.getvalue()
