"""The quiz machinery: a :class:`Question` value, a :class:`QuizSession` that keeps the streak, levels.

A :class:`Question` is a frozen value: a prompt, optional labelled card rows and detail lines, the
choices, the index of the right choice, an explanation and, for each wrong choice, the mistake that
leads to it (``mistakes``), so feedback can say what went wrong and not only what is right.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Generic, Protocol, TypeVar

import numpy as np

from pokerlab.cards import as_rng
from pokerlab.errors import PokerlabError
from pokerlab.language import N_

__all__ = ["Answer", "LEVELS", "Question", "QuestionSource", "QuizError", "QuizMoves", "QuizSession", "check_level"]

LEVELS: Final = ("easy", "medium", "hard")
"""The levels every quiz in pokerlab offers."""


NO_LEVEL: Final = N_("There is no level {level}; choose one of {levels}.")
ANSWERED: Final = N_("This question is already answered; ask for the next question.")
NO_CHOICE: Final = N_("Choice {choice} does not exist; choose a number from 0 to {last}.")
ANSWER_FIRST: Final = N_("Answer this question first, then ask for the next one.")
QUIZ_REFUSALS: Final = (NO_LEVEL, ANSWERED, NO_CHOICE, ANSWER_FIRST)
"""What a quiz says when a move cannot be made now (English; a quiz page says them again in its language)."""


class QuizError(PokerlabError):
    """A quiz move that cannot be made now (answering twice, a choice that does not exist, ...)."""


def check_level(level: str, levels: Sequence[str] = LEVELS) -> str:
    """``level`` if it is one of ``levels``; otherwise a :class:`QuizError` that lists them."""
    if level not in levels:
        raise QuizError(NO_LEVEL.format(level=repr(level), levels=", ".join(levels)))
    return level


@dataclass(frozen=True)
class Question:
    """One quiz question. ``answer`` indexes ``choices``; ``hands`` are ``(label, card codes)`` rows."""

    prompt: str
    choices: tuple[str, ...]
    answer: int
    explanation: str
    hands: tuple[tuple[str, tuple[str, ...]], ...] = ()
    details: tuple[str, ...] = ()
    level: str = ""
    topic: str = ""
    mistakes: tuple[str, ...] = ()
    """One sentence per choice naming the mistake that leads to it ("you added all the pots together");
    the right choice's entry is empty. Empty when the question names no mistakes."""
    worded: Callable[[str], Question] | None = field(default=None, compare=False, repr=False)
    """The same question worded for a language code (its generator's sentences said again there: the same
    cards, choices in the same order and the same answer). None: its generator speaks only English."""

    def __post_init__(self) -> None:
        if len(self.choices) < 2:
            raise QuizError(f"A question needs at least two choices; got {len(self.choices)}.")
        if not 0 <= self.answer < len(self.choices):
            raise QuizError(f"The answer must index a choice (0 to {len(self.choices) - 1}); got {self.answer}.")
        if self.mistakes and len(self.mistakes) != len(self.choices):
            raise QuizError(f"Give one mistake per choice ({len(self.choices)}); got {len(self.mistakes)}.")
        if self.mistakes and (self.mistakes[self.answer] or not all(m for i, m in enumerate(self.mistakes) if i != self.answer)):
            raise QuizError("The right choice names no mistake, and every wrong choice names one.")

    def in_language(self, language: str) -> Question:
        """This question as a reader of ``language`` sees it. Grading and what is kept use the English
        question; only what is shown is worded again (English when the generator speaks only English)."""
        if language == "en" or self.worded is None:
            return self
        said = self.worded(language)
        if (said.answer, len(said.choices), said.hands and [cards for _, cards in said.hands]) != (
                self.answer, len(self.choices), self.hands and [cards for _, cards in self.hands]):
            raise QuizError("A question said in another language must keep its cards, choices and answer.")
        return said

    def mistake(self, choice: int) -> str:
        """The mistake behind ``choice`` ("" for the right answer or when none is named)."""
        return self.mistakes[choice] if self.mistakes else ""

    def view(self) -> dict[str, object]:
        """What a learner may see before answering: everything except the answer and explanation."""
        return {
            "prompt": self.prompt,
            "choices": list(self.choices),
            "hands": [{"label": label, "cards": list(cards)} for label, cards in self.hands],
            "details": list(self.details),
            "level": self.level,
            "topic": self.topic,
        }


class QuestionSource(Protocol):
    """Anything that makes a question for a level from a numpy Generator."""

    def __call__(self, level: str, rng: np.random.Generator) -> Question: ...


@dataclass(frozen=True)
class Answer:
    """The outcome of answering: which choice, whether it was right, and the running streak."""

    choice: int
    correct: bool
    answer: int
    explanation: str
    streak: int
    mistake: str = ""
    """What went wrong, for a wrong answer whose question names its mistakes."""


Asked = TypeVar("Asked")
"""What a session asks: a :class:`Question`, or only its view where the dealer keeps the answer."""


class QuizMoves(Generic[Asked]):
    """The moves every quiz session makes the same way, wherever its questions are made and graded
    (:class:`QuizSession` here, :class:`pokerlab.widgets.quiz_dealer.ServiceQuizSession` in the dealer): it
    refuses a move that cannot be made now, tallies each answer into the streak and the counts, and
    asks afresh (:meth:`_ask`) for the next question or on a new level. A dataclass gives the fields."""

    levels: Sequence[str]
    level: str
    streak: int
    best_streak: int
    answered_count: int
    correct_count: int
    last: Answer | None

    def _answerable(self, choice: object, count: int) -> int:
        """``choice`` as the index of one of the current question's ``count`` choices, while it is not answered."""
        if self.last is not None:
            raise QuizError(ANSWERED)
        if not isinstance(choice, (int, np.integer)) or isinstance(choice, bool) or not 0 <= choice < count:
            raise QuizError(NO_CHOICE.format(choice=repr(choice), last=count - 1))
        return int(choice)

    def _tally(self, correct: bool) -> None:
        """Count an answer; a wrong one ends the streak."""
        self.answered_count += 1
        if correct:
            self.correct_count += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0

    def next_question(self) -> Asked:
        """A fresh question at the current level (only once the current one is answered)."""
        if self.last is None:
            raise QuizError(ANSWER_FIRST)
        return self._ask()

    def set_level(self, level: str) -> Asked:
        """Switch level and ask a fresh question there; the streak carries over."""
        self.level = check_level(level, self.levels)
        return self._ask()

    def _ask(self) -> Asked:
        raise NotImplementedError


@dataclass
class QuizSession(QuizMoves[Question]):
    """Questions from ``source`` at a chosen level, with a streak of right answers in a row.

    >>> from pokerlab.quizzes import tie_break_question
    >>> session = QuizSession(tie_break_question, LEVELS, rng=1)
    >>> outcome = session.answer(session.question.answer)
    >>> outcome.correct, session.streak
    (True, 1)
    >>> session.next_question().level
    'easy'
    """

    source: QuestionSource
    levels: Sequence[str]
    rng: np.random.Generator | int | None
    """A Generator or seed; None deals from fresh randomness (a new quiz every visit)."""
    level: str = ""
    streak: int = field(default=0, init=False)
    best_streak: int = field(default=0, init=False)
    answered_count: int = field(default=0, init=False)
    correct_count: int = field(default=0, init=False)
    last: Answer | None = field(default=None, init=False)
    question: Question = field(init=False)

    def __post_init__(self) -> None:
        self.levels = tuple(self.levels)
        if not self.levels:
            raise QuizError("A quiz needs at least one level.")
        self.rng = np.random.default_rng() if self.rng is None else as_rng(self.rng)
        self.level = check_level(self.level or self.levels[0], self.levels)
        self.question = self.source(self.level, self.rng)

    def answer(self, choice: int) -> Answer:
        """Answer the current question once; a wrong answer ends the streak."""
        choice = self._answerable(choice, len(self.question.choices))
        correct = choice == self.question.answer
        self._tally(correct)
        self.last = Answer(choice, correct, self.question.answer, self.question.explanation, self.streak,
                           self.question.mistake(choice))
        return self.last

    def _ask(self) -> Question:
        self.question = self.source(self.level, self.rng)
        self.last = None
        return self.question
