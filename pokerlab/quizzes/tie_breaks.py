"""Tie-break questions: who wins a showdown between two dealt hands, at a graded level.

The answer and its explanation come from :func:`pokerlab.hands.explain`, never written by hand; each
wrong choice names the mistake behind it (ranking the kinds the wrong way round, missing the card
that decides, letting a suit break a tie).

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
from functools import lru_cache
from typing import Final, TypeVar

import numpy as np

from pokerlab.cards import Card, as_rng
from pokerlab.hands import (
    RANK_MASK, RANK_PLACE_SHIFTS, Comparison, HandCategory, all_hands, category_of, evaluate, explain, strength_table,
)
from pokerlab.quizzes.core import Question, QuizError, check_level

__all__ = ["HAND_NAMES", "HARD_KINDS", "TIE_BREAK_CHOICES", "showdown_mistakes", "tie_break_question"]

HAND_NAMES: Final = ("Hand A", "Hand B")
"""The names of the two hands in every showdown question and in the trainer."""
TIE_BREAK_CHOICES: Final = ("Hand A wins", "Hand B wins", "Split pot")
HARD_KINDS: Final = ("kicker", "wheel", "split", "flush", "wrap")
"""Hard questions: a deep kicker, the wheel against a six-high straight, an exact split, a flush
settled card by card, and Q-K-A-2-3 (which wraps around, so it is no straight)."""

_SAMPLE_TRIES: Final = 64
_SPLITTABLE: Final = (
    HandCategory.HIGH_CARD, HandCategory.PAIR, HandCategory.TWO_PAIR, HandCategory.STRAIGHT, HandCategory.FLUSH,
)
_WRAP_RANKS: Final = frozenset({12, 13, 14, 2, 3})

_STEP_WORDS: Final = {
    "top card": "the top card of the straight", "quads": "the rank of the four", "trips": "the rank of the three",
    "pair": "the pair", "high pair": "the higher pair", "low pair": "the lower pair", "kicker": "the kicker",
}
_ORDINALS: Final = ("first", "second", "third", "fourth", "fifth")

T = TypeVar("T")


def _step_words(step: str) -> str:
    """"kicker 2" -> "the second kicker", "card 4" -> "the fourth card", "high pair" -> "the higher pair"."""
    head, _, number = step.partition(" ")
    if number.isdigit() and head in ("kicker", "card"):
        return f"the {_ORDINALS[int(number) - 1]} {head}"
    return _STEP_WORDS.get(step, step)


def showdown_mistakes(comparison: Comparison, names: Sequence[str] = HAND_NAMES) -> tuple[str, str, str]:
    """The mistake behind each of the three answers (first wins, second wins, split) to a showdown
    between ``comparison.first`` and ``comparison.second``; the right answer's entry is empty.

    >>> showdown_mistakes(explain("9c 9d 4h 4s 2c", "Ah Kd Qs Jc 9h"))[1]
    'You ranked high card above two pair: a better kind of hand always wins, whatever the cards.'
    >>> showdown_mistakes(explain("9c Td Jh Qs Kd", "9h Ts Jc Qd Kh"))[0]
    'Suits never break a tie: both hands have the same ranks where it matters, so the pot is split.'
    """
    values = (comparison.first, comparison.second)
    if comparison.winner is None:
        tie = "Suits never break a tie: both hands have the same ranks where it matters, so the pot is split."
        return tie, tie, ""
    win, lose = comparison.winner, 1 - comparison.winner
    step = comparison.deciding_step
    if step == "category":
        wrong_winner = (f"You ranked {values[lose].category.in_a_sentence} above "
                        f"{values[win].category.in_a_sentence}: a better kind of hand always wins, whatever the cards.")
        wrong_split = (f"Hands of different kinds never split: {values[win].category.in_a_sentence} beats "
                       f"{values[lose].category.in_a_sentence}.")
    else:
        kind = values[win].category.in_a_sentence
        decider = _step_words(step)
        wrong_winner = f"Both hands are {kind}, and {decider} decides: you missed that {names[win]} is better there."
        if step == "top card" and values[lose].ranks[0] == 5:
            wrong_winner += " The wheel's ace counts as a one, so the wheel is the lowest straight."
        wrong_split = f"The hands are not equal: both are {kind}, but {decider} differs, so {names[win]} wins."
    mistakes = ["", "", wrong_split]
    mistakes[lose] = wrong_winner
    return mistakes[0], mistakes[1], mistakes[2]
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
    shift = RANK_PLACE_SHIFTS[places - 1]
    return lambda s: ((s >> shift) == (strength >> shift)) & (s != strength)


def _differ_at_first(strength: int) -> StrengthFilter:
    shift = RANK_PLACE_SHIFTS[0]
    return lambda s: ((s >> shift) & RANK_MASK) != ((strength >> shift) & RANK_MASK)


def _top_rank(rank: int) -> StrengthFilter:
    return lambda s: ((s >> RANK_PLACE_SHIFTS[0]) & RANK_MASK) == rank


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
    names = HAND_NAMES
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
        mistakes=showdown_mistakes(comparison, names),
    )
