"""A quiz widget for any question source: choices, an explanation right after answering, a streak.

It shows a :class:`pokerlab.quizzes.QuizSession`: the question's public view is synced, the answer,
the explanation and (for a wrong answer) the mistake behind the chosen answer only after the learner
has answered. Give it any source with the signature
``source(level, rng) -> Question`` (tie-breaks today; betting caps or side pots from the draw engine
later) and the levels that source knows. Without ``rng`` every visit gets fresh questions.

``progress`` (a :class:`pokerlab.widgets.progress.LessonProgress`, or anything with its
``quiz_answered`` method) keeps each answer for the learner once they are known; the quiz is named
``name``, by default the progress' lesson.

Under the score the quiz says where the learner stands on the current question's topic under the
mastery rule (:mod:`pokerlab.quizzes.mastery`): from the answers kept for this learner when the
progress has them (its ``kept_answers()``), otherwise from the answers given on this page.

Where the page has a dealer (``POKERLAB_DEALER_URL``: on a hub, under ``make app``) and the quiz is
one the dealer grades (:data:`~pokerlab.quizzes.mastery.GRADED_QUIZZES`: each lesson's quiz, Today's
review), the answers that count are worked out there (:mod:`pokerlab.dealer.quiz_service`): once the
learner is known the quiz signs in to the dealer and :class:`~pokerlab.widgets.quiz_dealer.ServiceQuizSession` takes over. This
kernel then receives only each question's view; it sends the choice, and the dealer grades and keeps
it and answers the feedback. On a hub's learner server (``POKERLAB_PRACTICE_SERVER=1``) the answer is
also kept in the server's own store, as before, for the learner's own progress page (which reads
that store); nothing shared reads it. Without a dealer the quiz asks and grades here, as before.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from typing import Any, Final, Protocol

import anywidget
import numpy as np
import traitlets

from pokerlab import language as lang
from pokerlab.classroom.practice import practice_server
from pokerlab.dealer.client import DealerError
from pokerlab.dealer.words import Refusal
from pokerlab.errors import PokerlabError, quoted
from pokerlab.language import N_
from pokerlab.narration.hands import CARD_NAME_WORDS
from pokerlab.quizzes import Answer, QuestionSource, QuizSession
from pokerlab.quizzes.core import QUIZ_REFUSALS
from pokerlab.quizzes.mastery import AnswerRow, Attempt, attempts_from, graded_quiz_key, mastery, topic_of
from pokerlab.quizzes.misconceptions import mistake_code
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update
from pokerlab.widgets.quiz_dealer import NotKept, ServiceQuizSession, dealer_for, kept_row

TEST_MODE_SEED: Final = 3
"""The seed of a quiz built without one under POKERLAB_TEST_MODE=1 (the browser tests)."""


class AnswerKeeper(Protocol):
    """Where answers are kept (:class:`pokerlab.widgets.progress.LessonProgress`). ``mistake`` is the code
    of the named mistake behind a wrong choice (:mod:`pokerlab.quizzes.misconceptions`), or ``None``."""

    lesson: str

    def quiz_answered(self, quiz: str, level: str, question: str, answer: str, correct: bool,
                      mistake: str | None = None) -> None: ...


def _now() -> datetime:
    return datetime.now(timezone.utc)


NOT_KEPT: Final = N_(" Choose a name at the top of the page to keep this between visits.")
"""Added to the mastery line while the learner is not known (only this page's answers count then)."""


QUIZ_WORDS: Final = (
    N_("Difficulty"), N_("Easy"), N_("Medium"), N_("Hard"), N_("Streak: {count}"),
    N_("Best streak: {best} · Right: {right} of {answered}"), N_("Question {number}: {prompt}"),
    N_("Your answer (its number key picks it)"), N_("Right!"), N_("Not quite: the answer is “{answer}”."),
    N_("Next question"),
    *CARD_NAME_WORDS,
)
"""Every message quiz.js shows (its English text): the browser gets them in the quiz's language."""
QUIZ_TITLES: Final = (
    N_("Tie-break quiz"), N_("Quiz: how a hand goes"), N_("Betting quiz: the cap and the order"), N_("Betting quiz"),
    N_("Pot-odds quiz"), N_("Four Rows scoring quiz"), N_("Ladder quiz"),
)
"""The lessons' quiz titles (``Quiz(title=...)``, English in the code): said in the quiz's language."""
CHOICE_NOT_A_NUMBER: Final = N_("Choice {choice} is not a number; pick one of the buttons.")


def quiz_words(language: str) -> dict[str, str]:
    """:data:`QUIZ_WORDS` in ``language`` (empty for English: the script's own text is English)."""
    return lang.front_end_words(language, QUIZ_WORDS)


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

    _esm = esm("quiz.js")
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
    mastery = traitlets.Unicode("").tag(sync=True)
    """The learner's mastery of the current question's topic, in words ("" for a quiz of no topic)."""
    language = traitlets.Unicode(lang.DEFAULT, help="The language the quiz speaks").tag(sync=True)
    words = traitlets.Dict(help="quiz_words(language): the script's messages in that language").tag(sync=True)

    def __init__(
        self,
        source: QuestionSource,
        levels: Sequence[str],
        rng: np.random.Generator | int | None = None,
        level: str = "",
        title: str = "",
        progress: AnswerKeeper | None = None,
        name: str = "",
        clock: Callable[[], datetime] = _now,
        language: str | None = None,
        **kwargs: object,
    ) -> None:
        """``language``: the page's language (a lesson in Spanish says ``"es"``); None: the browser's
        languages choose, English when pokerlab speaks none of them. ``title`` is English: a title of
        :data:`QUIZ_TITLES` is said in the quiz's language."""
        super().__init__(**kwargs)
        self.language_chosen = language is not None
        self.language = lang.check(language or lang.DEFAULT)
        self.words = quiz_words(self.language)
        self.progress = progress
        self.quiz_name = name or (progress.lesson if progress is not None else "")
        self.clock = clock
        self.page_attempts: list[Attempt] = []
        """This page's answers on a topic, for the mastery line while no answers are kept."""
        self.graded = self.graded_quiz(source) if progress is not None else None
        """The dealer's name for this quiz, if the dealer grades it (a quiz that keeps nothing it never does)."""
        listeners = getattr(progress, "listeners", None)
        if isinstance(listeners, list):
            listeners.append(self._learner_known)  # the learner became known: their kept answers count
        if rng is None and os.environ.get("POKERLAB_TEST_MODE") == "1":
            rng = TEST_MODE_SEED  # browser tests see the same questions every run
        self._source, self._rng = source, rng
        self._dealer_learner: Any = None
        """The learner the dealer grades this quiz for (None: asked and graded here)."""
        self.session: QuizSession | ServiceQuizSession = QuizSession(source, levels, rng, level)
        self._title = title
        self.title = lang.gettext(self.language, title) if title else ""
        self.levels = list(self.session.levels)
        self._show(None)
        if getattr(progress, "learner", None) is not None:
            self._learner_known()
        self.on_msg(self._on_message)

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on: the script's words, the title, the question and its feedback."""
        self.language = lang.check(language)
        self.words = quiz_words(self.language)
        self.title = lang.gettext(self.language, self._title) if self._title else ""
        if isinstance(self.session, QuizSession):
            self._show(self.session.last)
        else:  # the dealer words its questions: the next one comes in the new language
            self.session.language = self.language
            self.show_mastery()

    def said(self, error: BaseException) -> str:
        """What ``error`` says, in the quiz's language: the dealer's refusal from its code and values, a quiz's
        own refusal (:data:`~pokerlab.quizzes.core.QUIZ_REFUSALS`) from its English, any other as it is written."""
        if isinstance(error, (Refusal, NotKept)):
            return error.text(self.language)
        english = str(error)
        if self.language == lang.DEFAULT:
            return english
        return lang.retell(self.language, english, QUIZ_REFUSALS) or english

    def _shown(self) -> Any:
        """The current question as this quiz's reader sees it (the dealer's view is already in their language)."""
        question = self.session.question
        return question.in_language(self.language) if isinstance(self.session, QuizSession) else question

    def graded_quiz(self, source: QuestionSource) -> str | None:
        """The dealer's name for this quiz (None: the dealer does not grade it, so it is asked here)."""
        return graded_quiz_key(self.quiz_name, source)

    def graded_key(self) -> str:
        """The dealer's name of the graded quiz the next question comes from."""
        assert self.graded is not None
        return self.graded

    def _learner_known(self) -> None:
        """The learner is known: where the page has a dealer that grades this quiz, play it there
        (a question already answered here keeps its feedback; the next one comes from the dealer)."""
        learner = getattr(self.progress, "learner", None)
        if self.graded is not None and learner is not None and learner != self._dealer_learner:
            client, problem = dealer_for(self.progress, learner, self.language)
            if client is not None:
                self._play_in_dealer(client, learner)
                return
            if isinstance(self.session, ServiceQuizSession):  # another learner now, whom the dealer did not take
                self.session = QuizSession(self._source, self.session.levels, self._rng, self.session.level)
                self._dealer_learner = None
                self._advance()
            if problem and practice_server():  # only there do the answers kept here count for nothing
                self.message = problem
        self.show_mastery()

    def _play_in_dealer(self, client: Any, learner: Any) -> None:
        """Ask and grade in the dealer (signed in as ``learner``) from the next question on."""
        local = self.session
        try:
            kept = [kept_row(row) for row in client.quiz_mine()]
            session = ServiceQuizSession(client, self.graded_key, local.levels, local.level, local.streak,
                                         local.best_streak, local.answered_count, local.correct_count, kept,
                                         self.language)
        except DealerError as error:
            self.message = self.said(error)
            return
        lesson = getattr(self.progress, "lesson", None)
        if isinstance(lesson, str):
            try:
                client.lesson_opened(lesson)
            except DealerError:
                pass  # the quiz itself goes on; the board misses only that the lesson was opened
        self.session, self._dealer_learner = session, learner
        if local.last is None:
            self.question_number += 1
            self._show(None)
        else:
            self.show_mastery()

    def choose(self, choice: int) -> None:
        """Answer the current question with the choice at this index."""
        question = self.session.question
        try:
            outcome = self.session.answer(choice)
        except PokerlabError as error:
            if self.session.question is not question:  # the dealer asked a new one instead
                self._advance()
            self.message = self.said(error)
            return
        level = question.level or self.session.level
        found = topic_of(self.recorded_name(question), level, question.prompt)
        if found is not None:
            self.page_attempts.append(Attempt(found.key, self.clock(), outcome.correct))
        if self.progress is not None and (not isinstance(self.session, ServiceQuizSession) or practice_server()):
            # kept before the verdict shows, so what the learner sees is kept. The dealer kept its own already;
            # on a hub's learner server a copy is kept there too, for the learner's own progress page only
            self.progress.quiz_answered(
                self.recorded_name(question), level, question.prompt, question.choices[outcome.choice], outcome.correct,
                mistake=None if outcome.correct else mistake_code(outcome.mistake),
            )
        self._show(outcome)

    def recorded_name(self, question: object) -> str:
        """The quiz name ``question``'s answer is kept under (the quiz's name; a review keeps each topic's lesson)."""
        return self.quiz_name

    def show_mastery(self) -> None:
        """Say where the learner stands on the current question's topic (again after the learner became known)."""
        question = self.session.question
        found = topic_of(self.recorded_name(question), question.level or self.session.level, question.prompt)
        if found is None:
            self.mastery = ""
            return
        kept_answers = getattr(self.progress, "kept_answers", None)
        rows: Sequence[AnswerRow] | None = kept_answers() if callable(kept_answers) else None
        if isinstance(self.session, ServiceQuizSession):
            rows = self.session.kept  # the answers that count are the dealer's
        if rows is None:
            self.mastery = mastery(found.key, self.page_attempts).words(self.language) + lang.gettext(self.language, NOT_KEPT)
        else:
            self.mastery = mastery(found.key, attempts_from(rows)).words(self.language)

    def next_question(self) -> None:
        """Move on to a fresh question at the same level."""
        try:
            self.session.next_question()
        except PokerlabError as error:
            self.message = self.said(error)
            return
        self._advance()

    def set_level(self, level: str) -> None:
        """Switch level; a fresh question is asked there and the streak carries over."""
        try:
            self.session.set_level(level)
        except PokerlabError as error:
            self.message = self.said(error)
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
            shown = self._shown()
            self.question = shown.view()
            local = outcome is not None and isinstance(session, QuizSession)  # the dealer's feedback is worded there
            self.feedback = {} if outcome is None else {
                "choice": outcome.choice,
                "answer": outcome.answer,
                "correct": outcome.correct,
                "explanation": shown.explanation if local else outcome.explanation,
                "mistake": shown.mistake(outcome.choice) if local else outcome.mistake,
            }
            self.streak = session.streak
            self.best_streak = session.best_streak
            self.answered_count = session.answered_count
            self.correct_count = session.correct_count
            self.show_mastery()

    @one_update
    def _on_message(self, _widget: object, content: dict, _buffers: object) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "languages":
            browser = lang.browser_choice(content, self.language_chosen)
            if browser is not None and browser != self.language:
                self.set_language(browser)
        elif kind == "answer":
            choice = content.get("choice")
            if isinstance(choice, int):
                self.choose(choice)
            else:
                self.message = lang.gettext(self.language, CHOICE_NOT_A_NUMBER).format(choice=quoted(choice))
        elif kind == "next":
            self.next_question()
        elif kind == "level":
            self.set_level(str(content.get("level", "")))
