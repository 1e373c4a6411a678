"""A quiz widget for any question source: choices, an explanation right after answering, a streak.

It shows a :class:`pokerlab.quizzes.QuizSession`: the question's public view is synced, the answer,
the explanation and (for a wrong answer) the mistake behind the chosen answer only after the learner
has answered. Give it any source with the signature
``source(level, rng) -> Question`` (tie-breaks today; betting caps or side pots from the draw engine
later) and the levels that source knows. Without ``rng`` every visit gets fresh questions.

``progress`` (a :class:`pokerlab.widgets.progress.LessonProgress`, or anything with its
``quiz_answered`` method) keeps each answer for the learner once they are known; the quiz is named
``name``, by default the progress' lesson.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Final, Protocol

import anywidget
import numpy as np
import traitlets

from pokerlab.errors import PokerlabError
from pokerlab.quizzes import Answer, QuestionSource, QuizSession
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update
from pokerlab.text import quoted


TEST_MODE_SEED: Final = 3
"""The seed of a quiz built without one under POKERLAB_TEST_MODE=1 (the browser tests)."""


class AnswerKeeper(Protocol):
    """Where answers are kept (:class:`pokerlab.widgets.progress.LessonProgress`)."""

    lesson: str

    def quiz_answered(self, quiz: str, level: str, question: str, answer: str, correct: bool) -> None: ...


class Quiz(anywidget.AnyWidget):
    """Ask questions from ``source`` level by level and keep the streak of right answers.

    >>> from pokerlab.quizzes import LEVELS, tie_break_question
    >>> quiz = Quiz(tie_break_question, LEVELS, rng=3, title="Who wins?")
    >>> "answer" in quiz.question, quiz.feedback
    (False, {})
    >>> quiz.choose(quiz.session.question.answer)
    >>> quiz.feedback["correct"], quiz.streak
    (True, 1)
    """

    _esm = esm("cards.js", "quiz.js")
    _css = css("cards.css", "quiz.css")

    title = traitlets.Unicode("").tag(sync=True)
    levels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    level = traitlets.Unicode("").tag(sync=True)
    question = traitlets.Dict().tag(sync=True)
    question_number = traitlets.Int(1).tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    streak = traitlets.Int(0).tag(sync=True)
    best_streak = traitlets.Int(0).tag(sync=True)
    answered_count = traitlets.Int(0).tag(sync=True)
    correct_count = traitlets.Int(0).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        source: QuestionSource,
        levels: Sequence[str],
        rng: np.random.Generator | int | None = None,
        level: str = "",
        title: str = "",
        progress: AnswerKeeper | None = None,
        name: str = "",
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)
        self.progress = progress
        self.quiz_name = name or (progress.lesson if progress is not None else "")
        if rng is None and os.environ.get("POKERLAB_TEST_MODE") == "1":
            rng = TEST_MODE_SEED  # browser tests see the same questions every run
        self.session = QuizSession(source, levels, rng, level)
        self.title = title
        self.levels = list(self.session.levels)
        self._show(None)
        self.on_msg(self._on_message)

    def choose(self, choice: int) -> None:
        """Answer the current question with the choice at this index."""
        question = self.session.question
        try:
            outcome = self.session.answer(choice)
        except PokerlabError as error:
            self.message = str(error)
            return
        if self.progress is not None:  # kept before the verdict shows, so what the learner sees is kept
            self.progress.quiz_answered(
                self.quiz_name, self.session.level, question.prompt, question.choices[outcome.choice], outcome.correct
            )
        self._show(outcome)

    def next_question(self) -> None:
        """Move on to a fresh question at the same level."""
        try:
            self.session.next_question()
        except PokerlabError as error:
            self.message = str(error)
            return
        self._advance()

    def set_level(self, level: str) -> None:
        """Switch level; a fresh question is asked there and the streak carries over."""
        try:
            self.session.set_level(level)
        except PokerlabError as error:
            self.message = str(error)
            return
        self._advance()

    def _advance(self) -> None:
        self.question_number += 1
        self._show(None)

    def _show(self, outcome: Answer | None) -> None:
        session = self.session
        with self.hold_sync():
            self.message = ""
            self.level = session.level
            self.question = session.question.view()
            self.feedback = {} if outcome is None else {
                "choice": outcome.choice,
                "answer": outcome.answer,
                "correct": outcome.correct,
                "explanation": outcome.explanation,
                "mistake": outcome.mistake,
            }
            self.streak = session.streak
            self.best_streak = session.best_streak
            self.answered_count = session.answered_count
            self.correct_count = session.correct_count

    @one_update
    def _on_message(self, _widget: object, content: dict, _buffers: object) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "answer":
            choice = content.get("choice")
            if isinstance(choice, int):
                self.choose(choice)
            else:
                self.message = f"Choice {quoted(choice)} is not a number; pick one of the buttons."
        elif kind == "next":
            self.next_question()
        elif kind == "level":
            self.set_level(str(content.get("level", "")))
