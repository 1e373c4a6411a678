"""Quiz questions whose answers come from the engine, and a quiz session that keeps the streak.

A :class:`Question` is a frozen value: a prompt, optional labelled card rows and detail lines, the
choices, the index of the right choice and an explanation. Generators build questions from a seed
or a numpy Generator and compute the answer with the engine (here :func:`pokerlab.hands.explain`),
so no answer is ever written by hand. A :class:`QuizSession` asks questions from any such generator
and counts the streak; the quiz widget only shows a session.

>>> question = tie_break_question("medium", rng=7)
>>> question.choices
('Hand A wins', 'Hand B wins', 'Split pot')
>>> first, second = (cards for _, cards in question.hands)
>>> winner = explain(" ".join(first), " ".join(second)).winner
>>> question.answer == (2 if winner is None else winner)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, Protocol, TypeVar

import numpy as np

from pokerlab.cards import Card, as_rng
from pokerlab.errors import PokerlabError
from pokerlab.hands import HandCategory, all_hands, category_of, evaluate, explain, strength_table

__all__ = [
    "Answer", "HARD_KINDS", "LEVELS", "Question", "QuestionSource", "QuizError", "QuizSession",
    "TIE_BREAK_CHOICES", "check_level", "tie_break_question",
]

LEVELS: Final = ("easy", "medium", "hard")
"""The levels every quiz in pokerlab offers (the tie-break quiz here, the betting quiz in lessons)."""


class QuizError(PokerlabError):
    """A quiz move that cannot be made now (answering twice, a choice that does not exist, ...)."""


def check_level(level: str, levels: Sequence[str] = LEVELS) -> str:
    """``level`` if it is one of ``levels``; otherwise a :class:`QuizError` that lists them."""
    if level not in levels:
        raise QuizError(f"There is no level {level!r}; choose one of {', '.join(levels)}.")
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

    def __post_init__(self) -> None:
        if len(self.choices) < 2:
            raise QuizError(f"A question needs at least two choices; got {len(self.choices)}.")
        if not 0 <= self.answer < len(self.choices):
            raise QuizError(f"The answer must index a choice (0 to {len(self.choices) - 1}); got {self.answer}.")

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


@dataclass
class QuizSession:
    """Questions from ``source`` at a chosen level, with a streak of right answers in a row.

    >>> session = QuizSession(tie_break_question, LEVELS, rng=1)
    >>> outcome = session.answer(session.question.answer)
    >>> outcome.correct, session.streak
    (True, 1)
    >>> session.next_question().level
    'easy'
    """

    source: QuestionSource
    levels: Sequence[str]
    rng: np.random.Generator | int
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
        self.rng = as_rng(self.rng)
        self.level = check_level(self.level or self.levels[0], self.levels)
        self.question = self.source(self.level, self.rng)

    def answer(self, choice: int) -> Answer:
        """Answer the current question once; a wrong answer ends the streak."""
        if self.last is not None:
            raise QuizError("This question is already answered; ask for the next question.")
        count = len(self.question.choices)
        if not isinstance(choice, (int, np.integer)) or isinstance(choice, bool) or not 0 <= choice < count:
            raise QuizError(f"Choice {choice!r} does not exist; choose a number from 0 to {count - 1}.")
        correct = int(choice) == self.question.answer
        self.answered_count += 1
        if correct:
            self.correct_count += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        self.last = Answer(int(choice), correct, self.question.answer, self.question.explanation, self.streak)
        return self.last

    def next_question(self) -> Question:
        """A fresh question at the current level (only once the current one is answered)."""
        if self.last is None:
            raise QuizError("Answer this question first, then ask for the next one.")
        return self._ask()

    def set_level(self, level: str) -> Question:
        """Switch level and ask a fresh question there; the streak carries over."""
        self.level = check_level(level, self.levels)
        return self._ask()

    def _ask(self) -> Question:
        self.question = self.source(self.level, self.rng)
        self.last = None
        return self.question


# --- tie-break questions ---------------------------------------------------------------------------

TIE_BREAK_CHOICES: Final = ("Hand A wins", "Hand B wins", "Split pot")
HARD_KINDS: Final = ("kicker", "wheel", "split", "flush", "wrap")
"""Hard questions: a deep kicker, the wheel against a six-high straight, an exact split, a flush
settled card by card, and Q-K-A-2-3 (which wraps around, so it is no straight)."""

_PLACE_SHIFTS: Final = (16, 12, 8, 4, 0)
_SAMPLE_TRIES: Final = 64
_SPLITTABLE: Final = (
    HandCategory.HIGH_CARD, HandCategory.PAIR, HandCategory.TWO_PAIR, HandCategory.STRAIGHT, HandCategory.FLUSH,
)
_WRAP_RANKS: Final = frozenset({12, 13, 14, 2, 3})

T = TypeVar("T")
StrengthFilter = Callable[[np.ndarray], np.ndarray]


@lru_cache(maxsize=None)
def _pool(category: HandCategory) -> tuple[np.ndarray, np.ndarray]:
    """(hand numbers, their strengths) of every hand in one category."""
    table = strength_table()
    numbers = np.flatnonzero(category_of(table) == int(category))
    return numbers, table[numbers]


def _deal(
    rng: np.random.Generator, category: HandCategory, used: Sequence[Card], keep: StrengthFilter | None = None
) -> tuple[Card, ...]:
    """A random hand of ``category`` whose strength passes ``keep`` and which shares no card with ``used``."""
    numbers, strengths = _pool(category)
    if keep is not None:
        numbers = numbers[keep(strengths)]
    if not len(numbers):
        raise QuizError(f"No {category.label.lower()} hand fits this question.")
    hands = all_hands()
    taken = {card.index for card in used}
    for number in numbers[rng.integers(len(numbers), size=_SAMPLE_TRIES)]:
        row = hands[number]
        if not taken.intersection(row.tolist()):
            return _shuffled_cards(rng, row)
    rows = hands[numbers]
    fits = ~np.isin(rows, list(taken)).any(axis=1)
    if not fits.any():
        raise QuizError(f"No {category.label.lower()} hand fits this question with the cards left.")
    choices = np.flatnonzero(fits)
    return _shuffled_cards(rng, rows[choices[rng.integers(len(choices))]])


def _shuffled_cards(rng: np.random.Generator, row: np.ndarray) -> tuple[Card, ...]:
    """Cards in a random order, so the position of a card never gives the answer away."""
    return tuple(Card.from_index(int(i)) for i in rng.permutation(row))


def _same_top(strength: int, places: int) -> StrengthFilter:
    """Strengths equal to ``strength`` in the first ``places`` tie-break places but not everywhere."""
    shift = _PLACE_SHIFTS[places - 1]
    return lambda s: ((s >> shift) == (strength >> shift)) & (s != strength)


def _differ_at_first(strength: int) -> StrengthFilter:
    shift = _PLACE_SHIFTS[0]
    return lambda s: ((s >> shift) & 15) != ((strength >> shift) & 15)


def _top_rank(rank: int) -> StrengthFilter:
    return lambda s: ((s >> _PLACE_SHIFTS[0]) & 15) == rank


def _pair(rng: np.random.Generator, level: str, kind: str) -> tuple[tuple[Card, ...], tuple[Card, ...], str]:
    """Two hands for the level (and, when hard, the kind), plus a note to add to the explanation."""
    def pick(options: Sequence[T]) -> T:
        return options[int(rng.integers(len(options)))]

    if level == "easy":
        first_category, second_category = rng.choice(len(HandCategory), size=2, replace=False)
        first = _deal(rng, HandCategory(int(first_category)), ())
        return first, _deal(rng, HandCategory(int(second_category)), first), ""
    if level == "medium":
        category = pick(tuple(HandCategory))  # each kind can appear twice in one deck
        return (*_deal_two(rng, category, _differ_at_first), "")
    if kind == "kicker":
        category, places = pick(((HandCategory.PAIR, 2), (HandCategory.PAIR, 3), (HandCategory.TWO_PAIR, 1),
                                 (HandCategory.TWO_PAIR, 2), (HandCategory.HIGH_CARD, 2),
                                 (HandCategory.HIGH_CARD, 3)))
        return (*_deal_two(rng, category, lambda strength: _same_top(strength, places)), "")
    if kind == "flush":
        places = pick((1, 2, 3))
        return (*_deal_two(rng, HandCategory.FLUSH, lambda strength: _same_top(strength, places)), "")
    if kind == "wheel":
        category = pick((HandCategory.STRAIGHT, HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH))
        first = _deal(rng, category, (), _top_rank(5))
        return first, _deal(rng, category, first, _top_rank(6)), ""
    if kind == "split":
        category = pick(_SPLITTABLE)
        return (*_deal_two(rng, category, lambda strength: lambda s: s == strength), "")
    if kind == "wrap":
        wrap = _deal_wrap(rng)
        other_category = pick((HandCategory.PAIR, HandCategory.HIGH_CARD))
        other = _deal(rng, other_category, wrap)
        note = "Q-K-A-2-3 is no straight: a straight never wraps around the ace."
        return wrap, other, note
    raise QuizError(f"There is no hard question kind {kind!r}; choose one of {', '.join(HARD_KINDS)}.")


def _deal_two(
    rng: np.random.Generator, category: HandCategory, second_filter: Callable[[int], StrengthFilter]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Two hands of ``category``; the second's strength passes ``second_filter(first's strength)``.

    Some first hands have no partner (no other flush shares the top three cards of 7-5-4-3-2), so a
    new first hand is dealt until one has.
    """
    for _ in range(_SAMPLE_TRIES):
        first = _deal(rng, category, ())
        try:
            return first, _deal(rng, category, first, second_filter(evaluate(first).strength))
        except QuizError:
            continue
    raise QuizError(f"Could not deal two {category.label.lower()} hands for this question.")


def _deal_wrap(rng: np.random.Generator) -> tuple[Card, ...]:
    """Q, K, A, 2 and 3 in random suits (not all one suit, so it is plainly high card)."""
    while True:
        suits = rng.integers(4, size=5)
        if len(set(suits.tolist())) > 1:
            break
    return tuple(Card(rank, int(suit)) for rank, suit in zip(rng.permutation(sorted(_WRAP_RANKS)).tolist(), suits))


def tie_break_question(level: str, rng: np.random.Generator | int, kind: str | None = None) -> Question:
    """Who wins a showdown between two dealt hands, at a graded level.

    easy: the hands are of different kinds. medium: the same kind, settled by the first tie-break
    (the pair, the top card, the trips, ...). hard: one of :data:`HARD_KINDS` (``kind`` picks one).
    The answer and explanation come from :func:`pokerlab.hands.explain`; hand A or B is swapped at
    random so the answer is not always the same letter.
    """
    check_level(level)
    if kind is not None and (level != "hard" or kind not in HARD_KINDS):
        raise QuizError(f"A question kind is only for the hard level; choose one of {', '.join(HARD_KINDS)}.")
    generator = as_rng(rng)
    if level == "hard" and kind is None:
        kind = HARD_KINDS[int(generator.integers(len(HARD_KINDS)))]
    first, second, note = _pair(generator, level, kind or "")
    if generator.integers(2):
        first, second = second, first
    names = ("Hand A", "Hand B")
    comparison = explain(first, second, names=names)
    answer = 2 if comparison.winner is None else comparison.winner
    named = " ".join(f"{name}: {value.name}." for name, value in zip(names, (comparison.first, comparison.second)))
    explanation = " ".join(part for part in (named, comparison.text, note) if part)
    return Question(
        prompt="Who wins this showdown?",
        choices=TIE_BREAK_CHOICES,
        answer=answer,
        explanation=explanation,
        hands=(("Hand A", tuple(str(c) for c in first)), ("Hand B", tuple(str(c) for c in second))),
        level=level,
        topic=kind or level,
    )
