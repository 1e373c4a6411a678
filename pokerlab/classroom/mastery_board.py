"""The teacher's view of mastery: per learner and per topic, from every kept lesson-quiz answer.

Plain values from the storage layer's quiz result rows (any learner who answered a lesson quiz, in a
class game or not), worked out with :mod:`pokerlab.quizzes.mastery`: :func:`mastery_rows` (one row per
learner, one cell per topic), :func:`class_trouble` (the topics the class misses most, first the one
that the most learners missed), :func:`class_misconceptions` (the named mistakes the class makes most,
by name in words) and :func:`mastery_csv_text` / :func:`misconceptions_csv_text` (the same as CSV).

A wrong answer keeps the code of the named mistake behind the choice (``quiz_results.mistake``, from
revision 0009; :mod:`pokerlab.quizzes.misconceptions`). Answers kept before that have none: they count
in the topics' trouble (with the answers picked) but not among the misconceptions.

>>> class_trouble({}, [])
[]
>>> class_misconceptions({}, [])
[]
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from pokerlab import language as lang
from pokerlab.quizzes.mastery import TOPICS, AnswerRow, Mastery, Topic, attempts_from, mastery, review_state, topic_of
from pokerlab.quizzes.misconceptions import MISCONCEPTIONS, Misconception, misconception

__all__ = ["MasteryCell", "MasteryRow", "MisconceptionCount", "Trouble", "class_misconceptions", "class_trouble",
           "mastery_csv_text", "mastery_rows", "mastery_view", "mastery_words", "misconceptions_csv_text",
           "quiz_learners"]


class LearnerRow(AnswerRow, Protocol):
    """A kept answer with its learner (:class:`pokerlab.storage.QuizResult`)."""

    @property
    def learner_id(self) -> int: ...
    @property
    def answer(self) -> str: ...


class NamedRow(LearnerRow, Protocol):
    """A kept answer with its learner's name too (:class:`pokerlab.storage.QuizResult`)."""

    @property
    def learner_name(self) -> str: ...


@dataclass(frozen=True)
class MasteryCell:
    """One learner on one topic."""

    mastery: Mastery
    right: int
    misses: int
    due: bool
    """In the review queue and due now."""

    @property
    def data(self) -> dict[str, Any]:
        return {"answered": self.mastery.answered, "mastered": self.mastery.mastered, "run": self.mastery.run,
                "right": self.right, "due": self.due}

    @property
    def text(self) -> str:
        """Short, for a table cell: "mastered", "3 in a row; 3 of 4 right", "–" (:func:`cell_words`)."""
        return cell_words(self.data)


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
    def data(self) -> dict[str, Any]:
        return {"topic": self.topic.key, "misses": self.misses, "learners": self.learners, "of": self.of_learners,
                "picked": [list(item) for item in self.common]}

    @property
    def text(self) -> str:
        """In words (:func:`trouble_words`)."""
        return trouble_words(self.data)


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


@dataclass(frozen=True)
class MisconceptionCount:
    """One named mistake the class made: how often, and by how many of the learners."""

    misconception: Misconception
    times: int
    learners: int
    of_learners: int

    @property
    def data(self) -> dict[str, Any]:
        return {"code": self.misconception.code, "times": self.times, "learners": self.learners, "of": self.of_learners}

    @property
    def text(self) -> str:
        """In words: "added all the pots together (side pots): 5 times by 3 of 4 learners" (:func:`misconception_words`)."""
        return misconception_words(self.data)


# --- in words: the view is numbers and codes (a hub's dealer sends it), the board says it in its language ---

_TOPIC_NAMES = {item.key: item.name for item in TOPICS}
_MISCONCEPTIONS = {item.code: item for item in MISCONCEPTIONS}


def _learners(learners: int, of: int, language: str) -> str:
    return lang.ngettext(language, "{count} of {of} learner", "{count} of {of} learners", of).format(count=learners, of=of)


def cell_words(cell: dict[str, Any], language: str = lang.DEFAULT) -> str:
    """A learner's mastery of a topic, for a table cell: "mastered", "3 in a row; 3 of 4 right; review due",
    "last answer missed; 1 of 2 right", or "–" before any answer."""
    if cell["answered"] == 0:
        return "–"
    if cell["mastered"]:
        return lang.gettext(language, "mastered")
    head = (lang.ngettext(language, "{run} in a row", "{run} in a row", cell["run"]).format(run=cell["run"]) if cell["run"]
            else lang.gettext(language, "last answer missed"))
    text = lang.gettext(language, "{head}; {right} of {answered} right").format(
        head=head, right=cell["right"], answered=cell["answered"])
    return text + (lang.gettext(language, "; review due") if cell["due"] else "")


def trouble_words(line: dict[str, Any], language: str = lang.DEFAULT) -> str:
    """A topic the class misses: "side pots: 2 misses by 2 of 3 learners (most picked: “40” 2×)"."""
    misses = lang.ngettext(language, "{count} miss", "{count} misses", line["misses"]).format(count=line["misses"])
    text = lang.gettext(language, "{topic}: {misses} by {learners}").format(
        topic=lang.gettext(language, _TOPIC_NAMES[line["topic"]]), misses=misses,
        learners=_learners(line["learners"], line["of"], language))
    picked = "; ".join(f"“{answer}” {count}×" for answer, count in line["picked"])
    return text + (lang.gettext(language, " (most picked: {picked})").format(picked=picked) if picked else "")


def misconception_words(line: dict[str, Any], language: str = lang.DEFAULT) -> str:
    """A named mistake of the class: "added all the pots together (side pots): 5 times by 3 of 4 learners"."""
    item = _MISCONCEPTIONS[line["code"]]
    times = lang.ngettext(language, "{count} time", "{count} times", line["times"]).format(count=line["times"])
    return lang.gettext(language, "{mistake} ({topic}): {times} by {learners}").format(
        mistake=lang.gettext(language, item.name), topic=lang.gettext(language, _TOPIC_NAMES.get(item.topic, item.topic)),
        times=times, learners=_learners(line["learners"], line["of"], language))


def mastery_words(view: dict[str, Any], language: str = lang.DEFAULT) -> dict[str, Any]:
    """:func:`mastery_view` in words, in ``language``: the topics' names, each misconception's and trouble's
    line, and each learner's cells (``{}`` stays ``{}``)."""
    if not view:
        return {}
    return {
        "topics": [lang.gettext(language, _TOPIC_NAMES[key]) for key in view["topics"]],
        "misconceptions": [misconception_words(line, language) for line in view["misconceptions"]],
        "trouble": [trouble_words(line, language) for line in view["trouble"]],
        "rows": [{"name": row["name"], "cells": [cell_words(cell, language) for cell in row["cells"]]}
                 for row in view["rows"]],
    }


def _mistake_of(row: LearnerRow) -> Misconception | None:
    return None if row.correct else misconception(getattr(row, "mistake", None))


def class_misconceptions(names: Mapping[int, str], rows: Sequence[LearnerRow], limit: int = 5) -> list[MisconceptionCount]:
    """The named mistakes the learners in ``names`` made most, at most ``limit``: the one made by the most
    learners first, then the most often, then in the order the lessons teach them."""
    made: dict[str, Counter[int]] = {}
    for row in rows:
        found = _mistake_of(row) if row.learner_id in names else None
        if found is not None:
            made.setdefault(found.code, Counter())[row.learner_id] += 1
    order = [item.code for item in MISCONCEPTIONS]
    counts = [MisconceptionCount(item, sum(made[item.code].values()), len(made[item.code]), len(names))
              for item in MISCONCEPTIONS if item.code in made]
    counts.sort(key=lambda line: (-line.learners, -line.times, order.index(line.misconception.code)))
    return counts[:limit]


def _named_mistakes(rows: Sequence[LearnerRow], topic: str) -> str:
    """One learner's named mistakes on one topic, in words with how often ("missed the cap 2×")."""
    found = Counter(item.name for row in rows if (item := _mistake_of(row)) is not None
                    and (answered := topic_of(row.quiz, row.level, row.question)) is not None and answered.key == topic)
    return "; ".join(f"{name} {count}×" for name, count in found.most_common())


def misconceptions_csv_text(names: Mapping[int, str], rows: Sequence[LearnerRow]) -> str:
    """Every named mistake the class made, most common first: its words, code, topic, times and learners."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["misconception", "code", "topic", "times", "learners", "of_learners"])
    for line in class_misconceptions(names, rows, limit=len(MISCONCEPTIONS)):
        writer.writerow([line.misconception.name, line.misconception.code, line.misconception.topic, line.times,
                         line.learners, line.of_learners])
    return out.getvalue()


def mastery_csv_text(names: Mapping[int, str], rows: Sequence[LearnerRow], now: datetime) -> str:
    """Every learner and topic as CSV: answered, right, misses, run, later-visit answers, mastered, review due,
    and the named mistakes behind the misses in words ("added all the pots together 2×"). The class's counts,
    most common first, are :func:`misconceptions_csv_text`."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["learner", "topic", "answered", "right", "misses", "right_in_a_row", "on_a_later_visit",
                     "mastered", "review_due", "named_mistakes"])
    mine = _by_learner(names, rows)
    for learner_id, line in zip(mine, mastery_rows(names, rows, now)):
        for cell in line.cells:
            writer.writerow([line.learner, cell.mastery.topic.key, cell.mastery.answered, cell.right, cell.misses,
                             cell.mastery.run, cell.mastery.later, "yes" if cell.mastery.mastered else "no",
                             "yes" if cell.due else "no", _named_mistakes(mine[learner_id], cell.mastery.topic.key)])
    return out.getvalue()


def quiz_learners(rows: Sequence[NamedRow]) -> dict[int, str]:
    """Every learner who answered, id -> name, in the order of their names."""
    names = {row.learner_id: row.learner_name for row in rows}
    return dict(sorted(names.items(), key=lambda item: item[1].lower()))


def mastery_view(rows: Sequence[NamedRow], now: datetime) -> dict[str, object]:
    """The board's mastery part from every kept answer, as codes and numbers (``{}`` when nobody
    answered): the topics, the class's misconceptions and trouble, and one row of cells per learner.
    :func:`mastery_words` says it in the board's language."""
    names = quiz_learners(rows)
    if not names:
        return {}
    return {
        "topics": [item.key for item in TOPICS],
        "misconceptions": [line.data for line in class_misconceptions(names, rows)],
        "trouble": [line.data for line in class_trouble(names, rows)],
        "rows": [{"name": row.learner, "cells": [cell.data for cell in row.cells]}
                 for row in mastery_rows(names, rows, now)],
    }
