"""Per-learner progress: ladder levels unlocked, lesson steps reached and quiz answers.

Every function takes the database (``store``: a Store, URL, SQLite path or ``None``, as for
:func:`~pokerlab.storage.database.open_store`) and the learner; each reads or writes only that
learner's rows. The teacher's board reads everyone's with :func:`all_lesson_progress` and
:func:`quiz_results` with ``learner=None``.

>>> import tempfile, pathlib
>>> store = pathlib.Path(tempfile.mkdtemp()) / "progress.sqlite3"
>>> ladder_level(store, "you")
1
>>> unlock_level(store, "you", 3), unlock_level(store, "you", 2)
(3, 3)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection

from pokerlab.errors import PokerlabError
from pokerlab.storage.database import insert_ignore, open_store
from pokerlab.storage.learners import Learner, learner_id_in
from pokerlab.storage.schema import ladder_progress, learners, lesson_progress, utc_text
from pokerlab.storage.schema import quiz_results as quiz_table
from pokerlab.storage.urls import StoreTarget

MAX_LEVEL: Final = 1000
_IDENTIFIER: Final = re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}")
_MISTAKE: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,47}")
MAX_TEXT: Final = 2000

Player = Learner | str


class ProgressError(PokerlabError):
    """Progress that cannot be recorded (an unknown level, a lesson name with odd characters...)."""


@dataclass(frozen=True)
class LessonProgress:
    """How far a learner got in one lesson: ``step`` of ``steps`` (``None`` if not known)."""

    learner_id: int
    lesson: str
    step: int
    steps: int | None
    done: bool
    updated_at: datetime


@dataclass(frozen=True)
class QuizResult:
    """One answered quiz question."""

    id: int
    learner_id: int
    learner_name: str
    quiz: str
    level: str
    question: str
    answer: str
    correct: bool
    at: datetime
    mistake: str | None = None
    """The code of the named mistake behind a wrong choice (:mod:`pokerlab.quizzes.misconceptions`), if any."""


def _identifier(value: str, what: str) -> str:
    if not isinstance(value, str) or not _IDENTIFIER.fullmatch(value):
        raise ProgressError(
            f"A {what} is named with 1 to 64 lower-case letters, digits, '-', '_' or '.', like "
            f"'05-betting'; got {value!r}."
        )
    return value


def _count(value: int, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProgressError(f"The {what} must be a whole number from {low} to {high:,}; got {value!r}.")
    return value


def _text(value: str, what: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ProgressError(f"The {what} must be text of at most {MAX_TEXT:,} characters; got {value!r:.60}.")
    return value


# --- the Tournament Ladder -----------------------------------------------------------------------


def ladder_level(store: StoreTarget, player: Player) -> int:
    """The highest ladder level ``player`` may enter: 1 at first, one more after each level won."""
    return open_store(store).read(lambda connection: reached_in(connection, player))


def unlock_level(store: StoreTarget, player: Player, reached: int) -> int:
    """Let ``player`` enter levels up to ``reached``; never lowers what was reached. Returns the
    highest level now open."""
    reached = _count(reached, "ladder level", 1, MAX_LEVEL)
    return open_store(store).write(lambda connection: unlock_in(connection, player, reached))


def unlock_in(connection: Connection, player: Player, reached: int) -> int:
    """:func:`unlock_level` inside a write transaction."""
    reached = _count(reached, "ladder level", 1, MAX_LEVEL)
    learner_id = learner_id_in(connection, player, create=True)
    if not insert_ignore(connection, ladder_progress, {"learner_id": learner_id, "level": reached}):
        connection.execute(
            ladder_progress.update()
            .where(ladder_progress.c.learner_id == learner_id, ladder_progress.c.level < reached)
            .values(level=reached)
        )
    return int(connection.execute(
        sqlalchemy.select(ladder_progress.c.level).where(ladder_progress.c.learner_id == learner_id)
    ).scalar_one())


def reached_in(connection: Connection, player: Player) -> int:
    """:func:`ladder_level` inside a transaction."""
    learner_id = learner_id_in(connection, player, create=False)
    if learner_id is None:
        return 1
    level = connection.execute(
        sqlalchemy.select(ladder_progress.c.level).where(ladder_progress.c.learner_id == learner_id)
    ).scalar()
    return 1 if level is None else int(level)


# --- lessons -------------------------------------------------------------------------------------


def record_lesson(
    store: StoreTarget, player: Player, lesson: str, step: int, steps: int | None = None, *, done: bool = False
) -> LessonProgress:
    """Record that ``player`` reached ``step`` (of ``steps``) in ``lesson``; ``done`` when finished.

    The furthest step is kept (going back to re-read a step does not lose progress), and a lesson
    once done stays done."""
    lesson = _identifier(lesson, "lesson")
    step = _count(step, "lesson step", 0, 10_000)
    if steps is not None:
        steps = _count(steps, "number of steps", 1, 10_000)
    if not isinstance(done, bool):
        raise ProgressError(f"'done' is True or False; got {done!r}.")
    now = utc_text()

    def work(connection: Connection) -> LessonProgress:
        learner_id = learner_id_in(connection, player, create=True)
        values = {"learner_id": learner_id, "lesson": lesson, "step": step, "steps": steps, "done": done,
                  "updated_at": now}
        if not insert_ignore(connection, lesson_progress, values):
            key = (lesson_progress.c.learner_id == learner_id) & (lesson_progress.c.lesson == lesson)
            old = connection.execute(sqlalchemy.select(lesson_progress).where(key)).one()
            connection.execute(lesson_progress.update().where(key).values(
                step=max(old.step, step), steps=steps if steps is not None else old.steps,
                done=bool(old.done) or done, updated_at=now,
            ))
        row = connection.execute(sqlalchemy.select(lesson_progress).where(
            (lesson_progress.c.learner_id == learner_id) & (lesson_progress.c.lesson == lesson)
        )).one()
        return _lesson(row)

    return open_store(store).write(work)


def _lesson(row: sqlalchemy.Row) -> LessonProgress:
    return LessonProgress(
        int(row.learner_id), row.lesson, int(row.step), None if row.steps is None else int(row.steps),
        bool(row.done), datetime.fromisoformat(row.updated_at),
    )


def lesson_progress_of(store: StoreTarget, player: Player) -> dict[str, LessonProgress]:
    """``player``'s progress in every lesson they opened, by lesson name."""

    def read(connection: Connection) -> list[sqlalchemy.Row]:
        learner_id = learner_id_in(connection, player, create=False)
        if learner_id is None:
            return []
        return connection.execute(
            sqlalchemy.select(lesson_progress).where(lesson_progress.c.learner_id == learner_id)
            .order_by(lesson_progress.c.lesson)
        ).all()

    return {row.lesson: _lesson(row) for row in open_store(store).read(read)}


def all_lesson_progress(store: StoreTarget = None) -> list[LessonProgress]:
    """Every learner's lesson progress (the teacher's board), by learner then lesson."""
    rows = open_store(store).read(lambda connection: connection.execute(
        sqlalchemy.select(lesson_progress).order_by(lesson_progress.c.learner_id, lesson_progress.c.lesson)
    ).all())
    return [_lesson(row) for row in rows]


# --- quizzes -------------------------------------------------------------------------------------


def record_quiz_answer(
    store: StoreTarget, player: Player, quiz: str, level: str, question: str, answer: str, correct: bool,
    mistake: str | None = None,
) -> QuizResult:
    """Record one answered question of ``quiz`` (``level`` as the quiz names it); ``mistake``: the code of
    the named mistake behind a wrong choice (:func:`pokerlab.quizzes.misconceptions.mistake_code`)."""
    quiz = _identifier(quiz, "quiz")
    level = _identifier(level, "quiz level")
    question, answer = _text(question, "question"), _text(answer, "answer")
    if not isinstance(correct, bool):
        raise ProgressError(f"'correct' is True or False; got {correct!r}.")
    if mistake is not None:
        if correct:
            raise ProgressError(f"A right answer names no mistake; got {mistake!r}.")
        if not isinstance(mistake, str) or not _MISTAKE.fullmatch(mistake):
            raise ProgressError(f"A mistake is kept as a code of 1 to 48 lower-case letters, digits and '-'; got {mistake!r}.")
    at = utc_text()

    def work(connection: Connection) -> int:
        learner_id = learner_id_in(connection, player, create=True)
        result = connection.execute(quiz_table.insert().values(
            learner_id=learner_id, quiz=quiz, level=level, question=question, answer=answer,
            correct=correct, at=at, mistake=mistake,
        ))
        return int(result.inserted_primary_key[0])

    target = open_store(store)
    new_id = target.write(work)
    return next(result for result in _quiz_rows(target, None, None, new_id))


def _quiz_rows(store: StoreTarget, player: Player | None, quiz: str | None, only_id: int | None = None) -> list[QuizResult]:
    def read(connection: Connection) -> list[sqlalchemy.Row]:
        query = sqlalchemy.select(quiz_table, learners.c.name).join(
            learners, learners.c.id == quiz_table.c.learner_id
        )
        if player is not None:
            learner_id = learner_id_in(connection, player, create=False)
            if learner_id is None:
                return []
            query = query.where(quiz_table.c.learner_id == learner_id)
        if quiz is not None:
            query = query.where(quiz_table.c.quiz == quiz)
        if only_id is not None:
            query = query.where(quiz_table.c.id == only_id)
        return connection.execute(query.order_by(quiz_table.c.id)).all()

    return [
        QuizResult(int(row.id), int(row.learner_id), row.name, row.quiz, row.level, row.question, row.answer,
                   bool(row.correct), datetime.fromisoformat(row.at), row.mistake)
        for row in open_store(store).read(read)
    ]


def quiz_results(store: StoreTarget, player: Player | None, quiz: str | None = None) -> list[QuizResult]:
    """``player``'s answers (every learner's when ``player`` is ``None``: the teacher's board),
    oldest first, optionally of one ``quiz`` only."""
    if quiz is not None:
        quiz = _identifier(quiz, "quiz")
    return _quiz_rows(store, player, quiz)


def class_learning(store: StoreTarget, learner_ids: Sequence[int]) -> tuple[list[LessonProgress], dict[int, tuple[int, int]]]:
    """For the learners with ``learner_ids`` (a class game's players): their lesson progress rows, and
    per learner their quiz answers (right, answered), counted by the database: the board asks for it
    on every refresh, so it reads only these learners' lessons and one count per learner."""
    ids = sorted({int(learner_id) for learner_id in learner_ids})
    if not ids:
        return [], {}

    def read(connection: Connection) -> tuple[list[sqlalchemy.Row], list[sqlalchemy.Row]]:
        lessons = connection.execute(
            sqlalchemy.select(lesson_progress).where(lesson_progress.c.learner_id.in_(ids))
            .order_by(lesson_progress.c.learner_id, lesson_progress.c.lesson)
        ).all()
        right = sqlalchemy.func.sum(sqlalchemy.case((quiz_table.c.correct, 1), else_=0))
        tallies = connection.execute(
            sqlalchemy.select(quiz_table.c.learner_id, right.label("right"), sqlalchemy.func.count().label("answered"))
            .where(quiz_table.c.learner_id.in_(ids)).group_by(quiz_table.c.learner_id)
        ).all()
        return lessons, tallies

    lessons, tallies = open_store(store).read(read)
    return [_lesson(row) for row in lessons], {int(row.learner_id): (int(row.right or 0), int(row.answered))
                                               for row in tallies}
