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

from pokerlab import language as lang
from pokerlab.cards import Card, as_rng
from pokerlab.hand_values import RANK_MASK, RANK_PLACE_SHIFTS, HandCategory, evaluate
from pokerlab.hands import Comparison, all_hands, category_of, explain, strength_table
from pokerlab.language import N_
from pokerlab.narration.hands import explain as said_explain
from pokerlab.narration.hands import value_name
from pokerlab.quizzes.core import Question, QuizError, check_level

__all__ = ["HAND_NAMES", "HARD_KINDS", "TIE_BREAK_CHOICES", "showdown_mistakes", "tie_break_question"]

HAND_NAMES: Final = (N_("Hand A"), N_("Hand B"))
"""The names of the two hands in every showdown question and in the trainer."""
TIE_BREAK_CHOICES: Final = (N_("Hand A wins"), N_("Hand B wins"), N_("Split pot"))
HARD_KINDS: Final = ("kicker", "wheel", "split", "flush", "wrap")
"""Hard questions: a deep kicker, the wheel against a six-high straight, an exact split, a flush
settled card by card, and Q-K-A-2-3 (which wraps around, so it is no straight)."""

_SAMPLE_TRIES: Final = 64
_SPLITTABLE: Final = (
    HandCategory.HIGH_CARD, HandCategory.PAIR, HandCategory.TWO_PAIR, HandCategory.STRAIGHT, HandCategory.FLUSH,
)
_WRAP_RANKS: Final = frozenset({12, 13, 14, 2, 3})

_STEP_WORDS: Final = {
    "top card": N_("the top card of the straight"), "quads": N_("the rank of the four"),
    "trips": N_("the rank of the three"), "pair": N_("the pair"), "high pair": N_("the higher pair"),
    "low pair": N_("the lower pair"), "kicker": N_("the kicker"),
    "kicker 1": N_("the first kicker"), "kicker 2": N_("the second kicker"), "kicker 3": N_("the third kicker"),
    "kicker 4": N_("the fourth kicker"), "kicker 5": N_("the fifth kicker"),
    "card 1": N_("the first card"), "card 2": N_("the second card"), "card 3": N_("the third card"),
    "card 4": N_("the fourth card"), "card 5": N_("the fifth card"),
}
"""The step of a comparison that decides it ("kicker 2"), as it reads in a sentence."""
PROMPT: Final = N_("Who wins this showdown?")
WRAP_NOTE: Final = N_("Q-K-A-2-3 is no straight: a straight never wraps around the ace.")

T = TypeVar("T")


def _step_words(step: str, language: str = lang.DEFAULT) -> str:
    """"kicker 2" -> "the second kicker", "card 4" -> "the fourth card", "high pair" -> "the higher pair"."""
    return lang.gettext(language, _STEP_WORDS[step]) if step in _STEP_WORDS else step


def showdown_mistakes(comparison: Comparison, names: Sequence[str] = HAND_NAMES,
                      language: str = lang.DEFAULT) -> tuple[str, str, str]:
    """The mistake behind each of the three answers (first wins, second wins, split) to a showdown
    between ``comparison.first`` and ``comparison.second``, in ``language``; the right answer's entry is empty.

    >>> showdown_mistakes(explain("9c 9d 4h 4s 2c", "Ah Kd Qs Jc 9h"))[1]
    'You ranked high card above two pair: a better kind of hand always wins, whatever the cards.'
    >>> showdown_mistakes(explain("9c Td Jh Qs Kd", "9h Ts Jc Qd Kh"))[0]
    'Suits never break a tie: both hands have the same ranks where it matters, so the pot is split.'
    """
    _ = lang.catalogue(language).gettext
    values = (comparison.first, comparison.second)
    if comparison.winner is None:
        tie = _("Suits never break a tie: both hands have the same ranks where it matters, so the pot is split.")
        return tie, tie, ""
    win, lose = comparison.winner, 1 - comparison.winner
    step = comparison.deciding_step
    # each kind as it reads in a sentence: narration.hands has these messages ("a straight", "two pair")
    winner_kind, loser_kind = (_(values[side].category.in_a_sentence) for side in (win, lose))
    if step == "category":
        wrong_winner = _("You ranked {lower} above {higher}: a better kind of hand always wins, whatever the cards."
                         ).format(lower=loser_kind, higher=winner_kind)
        wrong_split = _("Hands of different kinds never split: {higher} beats {lower}.").format(
            higher=winner_kind, lower=loser_kind)
    else:
        decider = _step_words(step, language)
        wrong_winner = _("Both hands are {kind}, and {decider} decides: you missed that {hand} is better there."
                         ).format(kind=winner_kind, decider=decider, hand=names[win])
        if step == "top card" and values[lose].ranks[0] == 5:
            wrong_winner += " " + _("The wheel's ace counts as a one, so the wheel is the lowest straight.")
        wrong_split = _("The hands are not equal: both are {kind}, but {decider} differs, so {hand} wins.").format(
            kind=winner_kind, decider=decider, hand=names[win])
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
        return wrap, other, WRAP_NOTE
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
    return _showdown_question(first, second, note, level, kind or level)


def _showdown_question(first: Sequence[Card], second: Sequence[Card], note: str, level: str, topic: str,
                       language: str = lang.DEFAULT) -> Question:
    """The question about ``first`` against ``second`` worded in ``language`` (its ``worded`` words it again)."""
    _ = lang.catalogue(language).gettext
    names = tuple(_(name) for name in HAND_NAMES)
    cards = (" ".join(str(c) for c in first), " ".join(str(c) for c in second))
    comparison = explain(first, second, names=HAND_NAMES)
    answer = 2 if comparison.winner is None else comparison.winner
    values = (comparison.first, comparison.second)
    named = " ".join(f"{name}: {value_name(value, language)}." for name, value in zip(names, values))
    text = comparison.text if language == lang.DEFAULT else said_explain(*cards, names=names, language=language).text
    explanation = " ".join(part for part in (named, text, _(note) if note else "") if part)
    return Question(
        prompt=_(PROMPT),
        choices=tuple(_(choice) for choice in TIE_BREAK_CHOICES),
        answer=answer,
        explanation=explanation,
        hands=((names[0], tuple(str(c) for c in first)), (names[1], tuple(str(c) for c in second))),
        level=level,
        topic=topic,
        mistakes=showdown_mistakes(comparison, names, language),
        worded=lambda other: _showdown_question(first, second, note, level, topic, other),
    )
