"""The quiz's side of the dealer (see :mod:`pokerlab.widgets.quiz`): a quiz session whose questions the
dealer asks and grades (:class:`ServiceQuizSession`, with :class:`~pokerlab.quizzes.QuizSession`'s
interface), the refusal when the dealer no longer waits for an answer, and the sign-in that gives a
quiz page its dealer. Apart from the widget so that the quiz's dealer traffic reads on its own (the
widget only chooses which session asks); :mod:`pokerlab.widgets.mastery` signs in the same way.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.apps.live import dealer_sign_in
from pokerlab.dealer.client import URL_ENV_VAR, DealerClient, DealerError, DealerUnreachableError
from pokerlab.dealer.words import Refusal
from pokerlab.language import N_
from pokerlab.quizzes import Answer, QuizError, check_level
from pokerlab.quizzes.core import QuizMoves
from pokerlab.storage.progress import QuizResult

NOT_KEPT_ASKED_AGAIN: Final = N_("{error} Your answer was not kept; here is a new question.")


class NotKept(QuizError):
    """The dealer refused an answer (it no longer waits for that question, say), so a new question was
    asked: the dealer's refusal (a code, :mod:`pokerlab.dealer.words`) and that, in any language."""

    def __init__(self, refusal: Refusal) -> None:
        self.refusal = refusal
        super().__init__(self.text())

    def text(self, language: str = lang.DEFAULT) -> str:
        return lang.gettext(language, NOT_KEPT_ASKED_AGAIN).format(error=self.refusal.text(language))


@dataclass(frozen=True)
class AskedQuestion:
    """A question as the dealer showed it: its view only (the answer stays in the dealer)."""

    id: str
    prompt: str
    choices: tuple[str, ...]
    level: str
    shown: dict[str, Any]

    def view(self) -> dict[str, Any]:
        return dict(self.shown)


@dataclass
class ServiceQuizSession(QuizMoves[AskedQuestion]):
    """A quiz session whose questions the dealer asks and grades (see :mod:`pokerlab.widgets.quiz`), with
    :class:`~pokerlab.quizzes.QuizSession`'s interface. ``key()`` names the graded quiz of the next
    question; ``kept`` holds the learner's kept answers (as the dealer sent them), for the mastery line."""

    client: Any
    """A :class:`~pokerlab.dealer.client.DealerClient` signed in as the learner."""
    key: Callable[[], str]
    levels: Sequence[str]
    level: str = ""
    streak: int = 0
    best_streak: int = 0
    answered_count: int = 0
    correct_count: int = 0
    kept: list[QuizResult] = field(default_factory=list)
    language: str = lang.DEFAULT
    """The language the dealer words the questions and feedback in (the quiz's)."""
    last: Answer | None = field(default=None, init=False)
    question: AskedQuestion = field(init=False)

    def __post_init__(self) -> None:
        self.levels = tuple(self.levels)
        self.level = check_level(self.level or self.levels[0], self.levels)
        self._ask()

    def answer(self, choice: int) -> Answer:
        """Send the choice; the dealer grades it, keeps it once and says how it went."""
        choice = self._answerable(choice, len(self.question.choices))
        try:
            feedback = self.client.quiz_answer(self.question.id, choice, self.language)
        except DealerUnreachableError:
            raise
        except DealerError as error:  # it no longer waits for this question (it restarted, say): ask afresh
            self._ask()
            raise NotKept(error) from None
        correct = bool(feedback["correct"])
        self._tally(correct)
        if not feedback.get("again") and feedback.get("kept"):
            self.kept.append(kept_row(feedback["kept"]))
        self.last = Answer(choice, correct, int(feedback["answer"]), str(feedback["explanation"]), self.streak,
                           str(feedback.get("mistake") or ""))
        return self.last

    def _ask(self) -> AskedQuestion:
        asked = self.client.quiz_ask(self.key(), self.level, self.language)
        shown = asked["question"]
        self.question = AskedQuestion(str(asked["id"]), str(shown["prompt"]), tuple(shown["choices"]),
                                      str(shown.get("level") or asked.get("level") or self.level), shown)
        self.last = None
        return self.question


def kept_row(row: dict[str, Any]) -> QuizResult:
    """A kept answer the dealer sent (JSON) as the storage layer's :class:`~pokerlab.storage.QuizResult`."""
    return QuizResult(int(row["id"]), int(row["learner_id"]), str(row["learner_name"]), str(row["quiz"]),
                      str(row["level"]), str(row["question"]), str(row["answer"]), bool(row["correct"]),
                      datetime.fromisoformat(row["at"]), row.get("mistake"))


def dealer_for(progress: Any, learner: Any, language: str = lang.DEFAULT) -> tuple[Any | None, str]:
    """A dealer client signed in as this page's learner, or None and why not, in ``language`` ("" when
    the page has no dealer): with this server's hub token on a hub, else with the learner's name and
    the key their browser holds (the identity line of ``progress``)."""
    if not os.environ.get(URL_ENV_VAR, "").strip():
        return None, ""
    client = DealerClient()
    identity = getattr(progress, "identity", None)
    if identity is None:
        token = os.environ.get("JUPYTERHUB_API_TOKEN", "")
        if not token:
            return None, ""
        try:
            client.sign_in_hub(token)
        except DealerError as error:
            return None, error.text(language)
        return client, ""
    answer, problem = dealer_sign_in(client, identity, learner.name, N_("Quiz answers that count"), language)
    return (client, "") if answer is not None else (None, problem)
