"""The lessons and quizzes on the teacher's board (:class:`pokerlab.widgets.board.TeacherBoard`): each
class game's learners' lessons and quiz answers, and above the games every quiz-answering learner's
mastery per topic with the class's trouble (:mod:`pokerlab.classroom.mastery_board`), with their CSV
downloads. They change slowly, so they are read again at most every :data:`LEARNING_SECONDS`.

Apart from the class games' part of the board because they come from elsewhere (the storage layer's
lessons and quiz answers, or on a hub the dealer's quiz board) and have their own cache; the board
mixes this in and owns the traits it sets.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pokerlab.classroom.board import learning_lines
from pokerlab.classroom.mastery_board import mastery_csv_text, mastery_view, misconceptions_csv_text, quiz_learners
from pokerlab.classroom.store import ClassStore
from pokerlab.dealer.client import DealerClient
from pokerlab.language import N_
from pokerlab.storage import all_lesson_progress, quiz_results

LEARNING_SECONDS = 30.0
"""How long the lessons and quiz answers read stay good (any click but a refresh reads them afresh)."""


class LearningPart:
    """The board's lessons, quizzes and mastery (see the module docs)."""

    service: DealerClient | None
    """The dealer signed in as a teacher (on a hub), or None: the class data is in this kernel's store."""
    store: ClassStore
    clock: Callable[[], datetime]
    send: Callable[..., None]
    words_of: Callable[..., str]
    """The board's: a message of the catalogue in its language, its places filled."""

    learning_rows: tuple[float, list[Any], list[Any]] | None = None
    """The lessons and quiz answers read, with when (None: read them on the next look)."""
    _quiz_board: tuple[float, dict[str, Any]] | None = None

    def learning(self, names: dict[int, str]) -> list[dict[str, Any]]:
        """Lessons and quizzes of the game's learners (from the storage layer). They change slowly,
        so they are read again at most every :data:`LEARNING_SECONDS` (or on any other click)."""
        if not names:
            return []
        lessons, answers = self.lesson_rows()
        lines = learning_lines(names, lessons, answers)
        return [{"name": line.learner, "lessons": ", ".join(line.lessons_done) or self.words_of(N_("none")),
                 "started": ", ".join(line.lessons_started),
                 "quiz": self.words_of(N_("{right} of {answered}"), right=line.quiz_right, answered=line.quiz_answered)
                 if line.quiz_answered else self.words_of(N_("no answers yet"))}
                for line in lines]

    def lesson_rows(self) -> tuple[list[Any], list[Any]]:
        """Every learner's lessons and quiz answers in this kernel's store (none on a hub), read again
        at most every :data:`LEARNING_SECONDS`."""
        if self.service is not None:  # on a hub each learner's lessons and quizzes stay in their own server
            return [], []
        now = time.monotonic()
        if self.learning_rows is None or now - self.learning_rows[0] > LEARNING_SECONDS:
            self.learning_rows = (now, all_lesson_progress(self.store.store), quiz_results(self.store.store, None))
        return self.learning_rows[1], self.learning_rows[2]

    def service_quizzes(self) -> dict[str, Any]:
        """The dealer's answer for the board's quiz parts (on a hub the answers that count are kept
        there): the mastery table and its two CSV files, read again at most every
        :data:`LEARNING_SECONDS`."""
        now = time.monotonic()
        if self._quiz_board is None or now - self._quiz_board[0] > LEARNING_SECONDS:
            assert self.service is not None
            self._quiz_board = (now, self.service.quiz_board())
        return self._quiz_board[1]

    def _quiz_learners(self) -> tuple[dict[int, str], list[Any]]:
        answers = self.lesson_rows()[1]
        return quiz_learners(answers), answers

    def class_mastery(self) -> dict[str, Any]:
        """Mastery per learner and topic for everyone who answered a lesson quiz, the class's trouble first."""
        return mastery_view(self.lesson_rows()[1], self.clock())

    def export_mastery_csv(self) -> None:
        """Download every quiz-answering learner's mastery per topic as CSV."""
        if self.service is not None:
            self.send({"type": "download", "name": "class-mastery.csv", "text": self.service_quizzes()["mastery_csv"]})
            return
        names, answers = self._quiz_learners()
        self.send({"type": "download", "name": "class-mastery.csv", "text": mastery_csv_text(names, answers, self.clock())})

    def export_misconceptions_csv(self) -> None:
        """Download the class's named mistakes, most common first, as CSV."""
        if self.service is not None:
            self.send({"type": "download", "name": "class-misconceptions.csv",
                       "text": self.service_quizzes()["misconceptions_csv"]})
            return
        names, answers = self._quiz_learners()
        self.send({"type": "download", "name": "class-misconceptions.csv", "text": misconceptions_csv_text(names, answers)})
