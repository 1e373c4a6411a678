"""Four Rows questions: "this row is complete; what does it score?", answered by the Four Rows engine
(:func:`pokerlab.rows.score_row`), with the mistake behind each wrong number.

easy: every type is still open and no raise chip; medium: the best type the hand makes is crossed
off, so it scores as a smaller type it contains (or Nothing); hard: a raise chip too, put down when
the row held some cards.

>>> question = row_score_question("hard", rng=4)
>>> question.topic
'row score'
>>> len(question.mistakes) == len(question.choices)
True
"""

from __future__ import annotations

from typing import Final

import numpy as np

from pokerlab.cards import Card, as_rng, format_cards
from pokerlab.hands import HandCategory, evaluate
from pokerlab.quizzes.core import Question, check_level
from pokerlab.quizzes.pairs import random_hand
from pokerlab.rows import CONTAINS, MULTIPLIER_TENTHS, NOTHING_POINTS, ScoringType, hand_class, score_row

__all__ = ["row_score_question"]

_EASY_KINDS: Final = (
    HandCategory.PAIR, HandCategory.TWO_PAIR, HandCategory.THREE_OF_A_KIND, HandCategory.STRAIGHT, HandCategory.FLUSH,
    HandCategory.FULL_HOUSE, HandCategory.FOUR_OF_A_KIND,
)
_CONTAINING_KINDS: Final = (
    HandCategory.PAIR, HandCategory.TWO_PAIR, HandCategory.THREE_OF_A_KIND, HandCategory.FULL_HOUSE,
    HandCategory.FOUR_OF_A_KIND, HandCategory.STRAIGHT_FLUSH,
)
"""Kinds that contain smaller scoring types (and a pair, which contains none), for medium and hard."""


def _deal_row(rng: np.random.Generator, wanted: tuple[HandCategory, ...]) -> tuple[Card, ...]:
    """Five cards of one of the ``wanted`` kinds (each kind equally likely), in a random order."""
    cards = random_hand(wanted[int(rng.integers(len(wanted)))], rng)
    return tuple(cards[int(i)] for i in rng.permutation(5))


def _label(kind: ScoringType | None) -> str:
    return "Nothing" if kind is None else kind.label


def row_score_question(level: str, rng: np.random.Generator | int) -> Question:
    """What a completed row scores, given the types still open and the row's raise chip."""
    generator = as_rng(rng)
    check_level(level)
    kinds = _EASY_KINDS if level == "easy" else _CONTAINING_KINDS
    cards = _deal_row(generator, kinds)
    best = ScoringType(hand_class(cards))
    open_types = set(ScoringType)
    if level != "easy":
        open_types.discard(best)
        contained = list(CONTAINS[int(best)][1:])
        for kind in contained:  # sometimes cross off the smaller types too, down to Nothing
            if generator.random() < 0.35:
                open_types.discard(kind)
    tenths: int | None = None
    chip_cards = 0
    if level == "hard":
        chip_cards = int(generator.integers(len(MULTIPLIER_TENTHS)))
        tenths = MULTIPLIER_TENTHS[chip_cards]
    scored, points = score_row(cards, open_types, tenths)
    multiplier = (tenths or 10) / 10

    candidates: list[tuple[int, str]] = [(points, "")]
    if best not in open_types:
        candidates.append((best.points * (tenths or 10) // 10,
                           f"You scored it as {best.label}, but {best.label} is already crossed off: "
                           + (f"the row counts as the best open type its cards contain, {scored.label}."
                              if scored is not None else "no type its cards contain is open, so it is Nothing.")))
    if tenths is not None:
        base = scored.points if scored is not None else NOTHING_POINTS
        candidates.append((base, f"You left out the raise chip: it multiplies the row's result by {multiplier:g}."))
        if chip_cards:
            candidates.append((base * 2, "The chip went down on a row that already held "
                                         f"{chip_cards} card{'s' if chip_cards > 1 else ''}, so it is worth "
                                         f"{multiplier:g}x, not 2x: the fewer cards, the bigger the multiplier."))
        if scored is None:
            candidates.append((NOTHING_POINTS, "The multiplier applies to the penalty too: a raised Nothing costs "
                                               "more than 50."))
    if scored is not None:
        candidates.append((NOTHING_POINTS * (tenths or 10) // 10,
                           f"The hand still contains an open type, {scored.label}, so it is not Nothing."))
    else:
        smaller = next((kind for kind in CONTAINS[int(best)][1:]), None)
        if smaller is not None:
            candidates.append((smaller.points * (tenths or 10) // 10,
                               f"{smaller.label} is crossed off too: every type this hand contains is gone, so it "
                               "is Nothing."))
    if scored is None and tenths is None:
        candidates.append((2 * NOTHING_POINTS, f"Nothing costs {-NOTHING_POINTS} points; only a raise chip on the row "
                                               "makes it cost more."))
    choices: list[tuple[int, str]] = []
    for value, mistake in candidates:
        if value not in (v for v, _ in choices) and len(choices) < 4:
            choices.append((value, mistake))
    for step in (50, -50, 100):  # a neighbour on the chart: the kind misread
        if len(choices) < 4 and scored is not None and points + step not in (v for v, _ in choices) \
                and 100 <= scored.points + step <= 500:
            neighbour = ScoringType(scored.value + step // 50)
            choices.append(((neighbour.points * (tenths or 10)) // 10,
                            f"That is what {neighbour.label} pays; these cards score as {scored.label}, worth "
                            f"{scored.points}."))
    order = generator.permutation(len(choices)).tolist()
    shuffled = [choices[i] for i in order]
    crossed = [kind.label for kind in ScoringType if kind not in open_types]
    details = ["Crossed off already: " + (", ".join(crossed) if crossed else "nothing") + "."]
    if tenths is not None:
        details.append(f"A raise chip went on this row when it held {chip_cards} card{'' if chip_cards == 1 else 's'} "
                       f"({multiplier:g}x).")
    made = "a royal flush" if best is ScoringType.ROYAL_FLUSH else evaluate(cards).category.in_a_sentence
    why = (f"These cards make {made}. " +
           (f"{best.label} is crossed off, " if best not in open_types else "") +
           (("so the row" if best not in open_types else "The row") + f" scores as {scored.label}, worth {scored.points}"
            if scored is not None else f"no type they contain is open, so the row is Nothing, {NOTHING_POINTS}") +
           (f", times {multiplier:g} for the chip: {points} points." if tenths is not None else " points."))
    return Question(
        prompt="This row has just got its fifth card. How many points does it score?",
        choices=tuple(f"{value} points" for value, _ in shuffled),
        answer=[value for value, _ in shuffled].index(points),
        explanation=why,
        hands=(("The row", tuple(format_cards(cards).split())),),
        details=tuple(details),
        level=level,
        topic="row score",
        mistakes=tuple(mistake for _, mistake in shuffled),
    )
