"""Lesson quizzes asked and graded in the dealer, and the learner's kept hands read from it (issue 26).

Where a page has a dealer (on a hub, and under ``make app``), a quiz answer that counts is worked out
here, never in the learner's kernel:

* ``POST /api/quiz/ask`` (``quiz``: a key of :data:`~pokerlab.quizzes.mastery.GRADED_QUIZZES`,
  ``level``): the dealer makes the question from a seed of its own and answers only what the learner
  may see before answering (:meth:`~pokerlab.quizzes.Question.view`) and the question's ``id``; the
  answer, the explanation, the mistakes and the seed stay here;
* ``POST /api/quiz/answer`` (``id``, ``choice``): the dealer grades the choice, keeps the answer for
  the learner in one write transaction and answers the feedback. A question is graded once: the same
  ``id`` again (a replayed request, a second tab) answers the same feedback, marked ``again``, and
  keeps nothing;
* ``GET /api/quiz/mine``: the caller's own kept answers (the quizzes' mastery lines, Today's review);
  nobody reads another learner's;
* ``POST /api/quiz/opened`` (``lesson``): the caller opened that lesson (the board's lessons part);
* ``GET /api/quiz/board``: the teacher only: the board's mastery table, its two CSV files and every
  learner's lessons and quiz tally;
* ``GET /api/hands`` (My hands' filters) and ``GET /api/hands/ID``: the caller's own hands the dealer
  kept (live tables and class games), as their seat saw them. A class game's finished deals are kept
  for My hands the first time its learner lists their hands (:meth:`QuizService.keep_class_hands`).

Questions waiting for their answer live in this process (:class:`QuizService`): a dealer started
again has forgotten them, and the page then asks a fresh one. All quiz and hand requests run in one
thread of their own, one at a time, so no two answers to one question are ever graded together.
"""

from __future__ import annotations

import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import Any, Final

import numpy as np
from tornado.ioloop import IOLoop

from pokerlab.classroom.class_games import ClassMatch
from pokerlab.classroom.learning_board import learning_lines, learning_view
from pokerlab.classroom.mastery_board import mastery_csv_text, mastery_view, misconceptions_csv_text, quiz_learners
from pokerlab.classroom.store import ClassStore
from pokerlab.coach.hand_review import CLASS_REVIEW_TRIALS, review_seed
from pokerlab.dealer.client import SESSION_HEADER
from pokerlab.dealer.requests import JsonHandler, Refused, json_object
from pokerlab.errors import PokerlabError
from pokerlab.language import LANGUAGES
from pokerlab.quizzes import Question, QuizError
from pokerlab.quizzes.mastery import graded_quiz
from pokerlab.quizzes.misconceptions import mistake_code
from pokerlab.storage import (
    Learner,
    ProgressError,
    StorageError,
    Store,
    all_lesson_progress,
    quiz_results,
    record_lesson,
    record_quiz_answer,
)
from pokerlab.storage.kept_hands import KeptHand, hand_record, keep_hand_in, kept_hand, kept_hands

TEST_MODE_SEED: Final = 3
"""The seed of a quiz page's questions in test mode (:data:`pokerlab.widgets.quiz.TEST_MODE_SEED`)."""
"""The largest request read (as the dealer's other routes)."""
MAX_WAITING: Final = 20
"""Questions one learner may have asked and not answered (tabs, level changes); older ones are forgotten."""
MAX_REMEMBERED: Final = 50
"""Answered questions per learner whose feedback a repeated answer gets again."""
HAND_FILTERS: Final = ("game", "outcome", "min_pot", "max_pot", "flagged")




class QuizRefused(Refused):
    """A quiz or hand request the dealer will not carry out: a code of
    :data:`~pokerlab.dealer.words.REFUSALS` (its quizzes' part) with its values; ``status`` is the HTTP status."""


@dataclass
class Waiting:
    """A question asked and not answered yet: it holds the answer, so it never leaves the dealer."""

    learner_id: int
    quiz: str
    level: str
    question: Question


class QuizService:
    """The questions each learner is waiting on, their grading and keeping, and what the board reads."""

    def __init__(self, store: Store, seed: Callable[[], int] = lambda: secrets.randbits(64),
                 clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc), test_mode: bool = False) -> None:
        self.store = store
        self.seed = seed
        self.clock = clock
        self.test_mode = test_mode
        """Browser tests only (``POKERLAB_TEST_MODE=1``): each learner's questions of each quiz come,
        in order, from one generator seeded :data:`TEST_MODE_SEED`, the sequence a quiz page asks
        without a dealer in test mode, so the tests know the questions either way."""
        self._test_rngs: dict[tuple[int, str], np.random.Generator] = {}
        self.waiting: dict[int, OrderedDict[str, Waiting]] = {}
        """Per learner id, their questions by id, oldest first."""
        self.answered: dict[int, OrderedDict[str, dict[str, Any]]] = {}
        """Per learner id, the feedback of their questions answered lately, by question id."""
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="pokerlab-quizzes")
        """Every quiz and hand request, one at a time (see the module's docstring)."""

    # ----- a learner's quiz ----------------------------------------------------------------------

    def ask(self, learner: Learner | None, key: object, level: object, language: object = "en") -> dict[str, Any]:
        """A new question of quiz ``key`` at ``level`` for ``learner``: its view (worded in ``language``) and its id."""
        learner = _learner(learner)
        language = _language(language)
        try:
            quiz = graded_quiz(key)
        except QuizError:
            raise QuizRefused("quiz_unknown", given=_shown(key)) from None
        if not isinstance(level, str) or level not in quiz.levels:
            raise QuizRefused("quiz_no_level", level=_shown(level), levels=", ".join(quiz.levels))
        question = quiz.source(level, self._rng(learner.id, quiz.key))
        ident = secrets.token_urlsafe(12)
        mine = self.waiting.setdefault(learner.id, OrderedDict())
        mine[ident] = Waiting(learner.id, quiz.quiz, question.level or level, question)
        while len(mine) > MAX_WAITING:
            mine.popitem(last=False)
        return {"id": ident, "quiz": quiz.quiz, "level": level, "question": question.in_language(language).view()}

    def _rng(self, learner_id: int, key: str) -> np.random.Generator:
        if not self.test_mode:
            return np.random.default_rng(self.seed())
        return self._test_rngs.setdefault((learner_id, key), np.random.default_rng(TEST_MODE_SEED))

    def answer(self, learner: Learner | None, ident: object, choice: object, language: object = "en") -> dict[str, Any]:
        """Grade ``choice`` on question ``ident``, keep it once, and give the feedback, worded in ``language``
        (graded and kept from the English question: the kept prompt, answer and mistake code are English)."""
        learner = _learner(learner)
        language = _language(language)
        ident = ident if isinstance(ident, str) else ""
        before = self.answered.get(learner.id, {}).get(ident)
        if before is not None:
            return {**before, "again": True}
        waiting = self.waiting.get(learner.id, OrderedDict()).get(ident)
        if waiting is None:
            raise QuizRefused("quiz_not_waiting", 404)
        question = waiting.question
        count = len(question.choices)
        if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < count:
            raise QuizRefused("quiz_no_choice", choice=_shown(choice), last=count - 1)
        correct = choice == question.answer
        mistake = "" if correct else question.mistake(choice)

        try:
            kept = record_quiz_answer(self.store, learner, waiting.quiz, waiting.level or "any", question.prompt[:2000],
                                      question.choices[choice][:2000], correct,
                                      None if correct else mistake_code(mistake))
        except (StorageError, PokerlabError) as error:
            logging.getLogger("pokerlab.dealer").warning("quiz answer not kept: %s", error)
            raise QuizRefused("quiz_cannot_keep", 503) from None
        del self.waiting[learner.id][ident]
        said = question.in_language(language)
        feedback = {"id": ident, "choice": choice, "answer": question.answer, "correct": correct,
                    "explanation": said.explanation, "mistake": said.mistake(choice), "kept": _answer_row(kept)}
        remembered = self.answered.setdefault(learner.id, OrderedDict())
        remembered[ident] = feedback
        while len(remembered) > MAX_REMEMBERED:
            remembered.popitem(last=False)
        return feedback

    def mine(self, learner: Learner | None) -> list[dict[str, Any]]:
        """``learner``'s own kept answers, oldest first."""

        return [_answer_row(row) for row in quiz_results(self.store, _learner(learner))]

    def opened(self, learner: Learner | None, lesson: object) -> None:
        """Keep that ``learner`` opened ``lesson`` (it only ever moves their own progress on)."""

        try:
            record_lesson(self.store, _learner(learner), lesson if isinstance(lesson, str) else "", 0)
        except ProgressError:
            raise QuizRefused("quiz_lesson_name", given=_shown(lesson)) from None

    # ----- the teacher ---------------------------------------------------------------------------

    def board(self) -> dict[str, Any]:
        """What the board shows of lessons and quizzes, from every kept answer."""

        answers, lessons = quiz_results(self.store, None), all_lesson_progress(self.store)
        now = self.clock()
        names = quiz_learners(answers)
        return {"mastery": mastery_view(answers, now), "mastery_csv": mastery_csv_text(names, answers, now),
                "misconceptions_csv": misconceptions_csv_text(names, answers),
                "learning": learning_view(learning_lines(names, lessons, answers))}

    # ----- a learner's kept hands ----------------------------------------------------------------

    def hands(self, learner: Learner | None, filters: dict[str, str]) -> list[dict[str, Any]]:
        """``learner``'s own kept hands, newest first, filtered as My hands filters them: their live
        tables' hands (kept as each hand ends) and their class games' deals (kept here when first listed)."""
        learner = _learner(learner)
        self.keep_class_hands(learner)
        options: dict[str, Any] = {}
        for name in HAND_FILTERS:
            text = filters.get(name, "")
            if not text:
                continue
            if name in ("min_pot", "max_pot"):
                if not text.isdigit():
                    raise QuizRefused("hand_pot_size", given=_shown(text))
                options[name] = int(text)
            elif name == "flagged":
                options[name] = text == "1"
            elif name == "outcome":
                if text not in ("won", "lost", "even"):
                    raise QuizRefused("hand_outcome")
                options[name] = text
            else:
                options[name] = text[:64]
        return [hand_json(hand) for hand in kept_hands(self.store, learner, **options)]

    def keep_class_hands(self, learner: Learner) -> int:
        """Keep, as My hands keeps a hand, each class-game deal ``learner`` finished in the dealer and
        not kept yet: the deal replayed from its seed and stored actions, as their seat saw it (the
        seed stays here). One write transaction; how many were new."""

        classes = ClassStore(self.store)
        have = {hand.hand_key for hand in kept_hands(self.store, learner, game="class-")}
        records = []
        for game in classes.games():
            details = classes.details(game.id, learner.id)
            seeds = classes.seeds(game.id) if details else ()
            for detail in details:
                key = f"class-{game.id}:dealer:{detail.deal_number}"
                if key in have:
                    continue
                match = ClassMatch(game.settings, seeds, learner.name)
                hand = match.deal(detail.deal_number, detail.actions)
                if not hand.is_over:
                    continue
                records.append(hand_record(hand, match.learner_seat, f"class-{game.id}", key,
                                           review_trials=CLASS_REVIEW_TRIALS, review_seed=review_seed(seeds[detail.deal_number - 1]),
                                           dollars=game.settings.dollars, names=tuple(match.names)))
        if records:
            self.store.write(lambda connection: [keep_hand_in(connection, learner, record) for record in records])
        return len(records)

    def hand(self, learner: Learner | None, hand_id: int) -> dict[str, Any]:
        """``learner``'s own kept hand number ``hand_id``."""
        hand = kept_hand(self.store, _learner(learner), hand_id)
        if hand is None:
            raise QuizRefused("no_kept_hand", 404)
        return hand_json(hand)

    def close(self) -> None:
        self.worker.shutdown(wait=False)


def _learner(learner: Learner | None) -> Learner:
    if learner is None:
        raise QuizRefused("quiz_learners", 403)
    return learner


def _answer_row(row: Any) -> dict[str, Any]:
    """A kept answer as JSON (:class:`pokerlab.storage.QuizResult`; ``at`` as ISO text)."""
    return {"id": row.id, "learner_id": row.learner_id, "learner_name": row.learner_name, "quiz": row.quiz,
            "level": row.level, "question": row.question, "answer": row.answer, "correct": row.correct,
            "at": row.at.isoformat(), "mistake": row.mistake}


def hand_json(hand: KeptHand) -> dict[str, Any]:
    """A kept hand as JSON: what was kept of it, which is its learner's own view (see
    :mod:`pokerlab.storage.kept_hands`)."""
    return asdict(hand)


# ----- HTTP ------------------------------------------------------------------------------------------


class _QuizHandler(JsonHandler):
    """The dealer's JSON conventions (as :mod:`pokerlab.dealer.server`'s handlers: a session header,
    JSON objects in and out, refusals as ``{"error": ...}``), for the quiz and hand routes."""

    dealer: Any
    quizzes: QuizService

    def initialize(self, dealer: Any, quizzes: QuizService) -> None:
        self.dealer = dealer
        self.quizzes = quizzes

    def caller(self) -> Any:
        """The session's :class:`~pokerlab.dealer.server.Caller` (the dealer refuses an unknown one)."""
        return self.dealer.caller(self.request.headers.get(SESSION_HEADER))

    def body(self) -> dict[str, Any]:
        return json_object(self.request.body, QuizRefused)

    async def in_quiz_thread(self, call: Callable[..., Any], *arguments: Any) -> Any:
        return await IOLoop.current().run_in_executor(self.quizzes.worker, call, *arguments)

    def teacher(self) -> Any:
        caller = self.caller()
        if not caller.teacher:
            raise QuizRefused("quiz_board_teacher", 403)
        return caller


class QuizHandler(_QuizHandler):
    """``/api/quiz/(ask|answer|opened)`` (POST) and ``/api/quiz/(mine|board)`` (GET)."""

    async def get(self, what: str) -> None:
        try:
            if what == "mine":
                self.answer({"answers": await self.in_quiz_thread(self.quizzes.mine, self.caller().learner)})
            elif what == "board":
                self.teacher()
                self.answer(await self.in_quiz_thread(self.quizzes.board))
            else:
                raise QuizRefused("no_quiz_page", 404)
        except PokerlabError as error:
            self.refuse(error)

    async def post(self, what: str) -> None:
        try:
            caller, data = self.caller(), self.body()
            if what == "ask":
                answer = await self.in_quiz_thread(self.quizzes.ask, caller.learner, data.get("quiz"), data.get("level"),
                                                   data.get("language"))
            elif what == "answer":
                answer = await self.in_quiz_thread(self.quizzes.answer, caller.learner, data.get("id"), data.get("choice"),
                                                   data.get("language"))
            elif what == "opened":
                await self.in_quiz_thread(self.quizzes.opened, caller.learner, data.get("lesson"))
                answer = {"ok": True}
            else:
                raise QuizRefused("no_quiz_request", 404)
        except PokerlabError as error:
            self.refuse(error)
            return
        self.answer(answer)


class HandsHandler(_QuizHandler):
    """``GET /api/hands`` (the caller's kept hands; My hands' filters as query arguments) and ``/api/hands/ID``."""

    async def get(self, hand_id: str | None = None) -> None:
        try:
            learner = self.caller().learner
            if hand_id is None:
                filters = {name: self.get_query_argument(name, "") for name in HAND_FILTERS}
                self.answer({"hands": await self.in_quiz_thread(self.quizzes.hands, learner, filters)})
            else:
                self.answer({"hand": await self.in_quiz_thread(self.quizzes.hand, learner, int(hand_id))})
        except PokerlabError as error:
            self.refuse(error)


def _language(language: object) -> str:
    """The language a request asks its sentences in (English when it names none; a refusal for one
    pokerlab does not speak)."""
    if not isinstance(language, str) or not language:
        return "en"
    if language not in LANGUAGES:
        raise QuizRefused("quiz_language", given=_shown(language), languages=", ".join(LANGUAGES))
    return language


def _shown(value: object) -> str:
    """A value the caller sent, as a refusal quotes it (Python's repr, cut short)."""
    return f"{value!r:.40}"


def quiz_routes(dealer: Any, base: str) -> list[tuple[str, type, dict[str, Any]]]:
    """The quiz and hand routes under ``base``, with one :class:`QuizService` on the dealer's database."""
    arguments = {"dealer": dealer, "quizzes": QuizService(dealer.store, test_mode=bool(getattr(dealer, "test_mode", False)))}
    return [
        (base + r"api/quiz/(ask|answer|opened|mine|board)", QuizHandler, arguments),
        (base + r"api/hands", HandsHandler, arguments),
        (base + r"api/hands/([0-9]{1,12})", HandsHandler, arguments),
    ]


__all__ = ["HandsHandler", "QuizHandler", "QuizRefused", "QuizService", "Waiting", "hand_json", "quiz_routes"]
