"""Four Rows questions: "this row is complete; what does it score?", answered by the Four Rows engine
(:func:`pokerlab.rows.scoring.score_row`), with the mistake behind each wrong number.

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

from dataclasses import dataclass
from typing import Final

import numpy as np

from pokerlab import language as lang
from pokerlab.cards import Card, as_rng, format_cards
from pokerlab.hand_values import HandCategory, evaluate
from pokerlab.language import N_
from pokerlab.quizzes.core import Question, check_level
from pokerlab.quizzes.pairs import random_hand
from pokerlab.rows.rules import MULTIPLIER_TENTHS
from pokerlab.rows.scoring import CONTAINS, NOTHING, NOTHING_POINTS, ScoringType, hand_class, score_row

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
    return NOTHING if kind is None else kind.label


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
    times = tenths or 10  # the row's multiplier, in tenths

    candidates: list[tuple[int, tuple[str, dict[str, object]]]] = [(points, ("", {}))]
    if best not in open_types:
        candidates.append((best.points * times // 10, (CROSSED_CONTAINS if scored is not None else CROSSED_NOTHING,
                                                      {"best": best.label, "scored": _label(scored)})))
    if tenths is not None:
        base = scored.points if scored is not None else NOTHING_POINTS
        candidates.append((base, (LEFT_OUT_CHIP, {})))
        if chip_cards:
            candidates.append((base * 2, (CHIP_ON_CARDS, {"count": chip_cards})))
        if scored is None:
            candidates.append((NOTHING_POINTS, (RAISED_NOTHING, {})))
    if scored is not None:
        candidates.append((NOTHING_POINTS * times // 10, (STILL_OPEN, {"scored": scored.label})))
    else:
        smaller = next((kind for kind in CONTAINS[int(best)][1:]), None)
        if smaller is not None:
            candidates.append((smaller.points * times // 10, (SMALLER_CROSSED, {"smaller": smaller.label})))
    if scored is None and tenths is None:
        candidates.append((2 * NOTHING_POINTS, (NOTHING_COSTS, {"cost": -NOTHING_POINTS})))
    choices: list[tuple[int, tuple[str, dict[str, object]]]] = []
    for value, mistake in candidates:
        if value not in (v for v, _ in choices) and len(choices) < 4:
            choices.append((value, mistake))
    for step in (50, -50, 100):  # a neighbour on the chart: the kind misread
        if len(choices) < 4 and scored is not None and points + step not in (v for v, _ in choices) \
                and 100 <= scored.points + step <= 500:
            neighbour = ScoringType(scored.value + step // 50)
            choices.append(((neighbour.points * times) // 10, (NEIGHBOUR, {
                "neighbour": neighbour.label, "scored": scored.label, "worth": scored.points})))
    order = generator.permutation(len(choices)).tolist()
    shuffled = [choices[i] for i in order]
    row = _Row(level, tuple(cards), best, frozenset(open_types), tenths, chip_cards, scored, points, tuple(shuffled))
    return row.question()


CROSSED_CONTAINS: Final = N_("You scored it as {best}, but {best} is already crossed off: the row counts as the best "
                             "open type its cards contain, {scored}.")
CROSSED_NOTHING: Final = N_("You scored it as {best}, but {best} is already crossed off: no type its cards contain is "
                            "open, so it is Nothing.")
LEFT_OUT_CHIP: Final = N_("You left out the raise chip: it multiplies the row's result by {multiplier}.")
CHIP_ON_CARDS: Final = "chip-on-cards"
"""The mistake of a chip put down on a row that held cards (its sentence has a plural: see ``_Row.question``)."""
RAISED_NOTHING: Final = N_("The multiplier applies to the penalty too: a raised Nothing costs more than 50.")
STILL_OPEN: Final = N_("The hand still contains an open type, {scored}, so it is not Nothing.")
SMALLER_CROSSED: Final = N_("{smaller} is crossed off too: every type this hand contains is gone, so it is Nothing.")
NOTHING_COSTS: Final = N_("Nothing costs {cost} points; only a raise chip on the row makes it cost more.")
NEIGHBOUR: Final = N_("That is what {neighbour} pays; these cards score as {scored}, worth {worth}.")
ROYAL: Final = N_("a royal flush")
"""The named mistakes (with their places) and the one kind of hand the engine's sentence words lack."""


def _multiplier(value: float, language: str) -> str:
    """A chip's multiplier as the chart writes it: 1.8 and 2 in English, 1,8 and 2 in Spanish."""
    if language == lang.DEFAULT:
        return f"{value:g}"
    return lang.format_number(value, language, 1) if value % 1 else lang.format_number(value, language)


@dataclass(frozen=True)
class _Row:
    """A row-score question's facts, for saying it in any language."""

    level: str
    cards: tuple[Card, ...]
    best: ScoringType
    open_types: frozenset[ScoringType]
    tenths: int | None
    chip_cards: int
    scored: ScoringType | None
    points: int
    shuffled: tuple[tuple[int, tuple[object, dict[str, object]]], ...]

    def question(self, language: str = lang.DEFAULT) -> Question:
        _ = lang.catalogue(language)
        multiplier = (self.tenths or 10) / 10
        values = {"multiplier": _multiplier(multiplier, language)}

        def said(message: object, places: dict[str, object]) -> str:
            if not message:
                return ""
            if message == CHIP_ON_CARDS:
                text = _.ngettext("The chip went down on a row that already held {count} card, so it is worth "
                                  "{multiplier}x, not 2x: the fewer cards, the bigger the multiplier.",
                                  "The chip went down on a row that already held {count} cards, so it is worth "
                                  "{multiplier}x, not 2x: the fewer cards, the bigger the multiplier.", self.chip_cards)
            else:
                text = _.gettext(str(message))
            words = {name: _.gettext(value) if isinstance(value, str) else value for name, value in places.items()}
            return text.format(**{**values, **words})

        crossed = [_.gettext(kind.label) for kind in ScoringType if kind not in self.open_types]
        listed = ", ".join(crossed) if crossed else _.gettext("nothing")
        details = [_.gettext("Crossed off already: {types}.").format(types=listed)]
        if self.tenths is not None:
            details.append(_.ngettext("A raise chip went on this row when it held {count} card ({multiplier}x).",
                                      "A raise chip went on this row when it held {count} cards ({multiplier}x).",
                                      self.chip_cards).format(count=self.chip_cards, **values))
        made = (_.gettext(ROYAL) if self.best is ScoringType.ROYAL_FLUSH
                else _.gettext(evaluate(self.cards).category.in_a_sentence))
        scored, best = self.scored, self.best
        if scored is not None:
            result = (_.gettext("{best} is crossed off, so the row scores as {scored}, worth {worth}")
                      if best not in self.open_types else _.gettext("The row scores as {scored}, worth {worth}")
                      ).format(best=_.gettext(best.label), scored=_.gettext(scored.label), worth=scored.points)
        else:
            result = (_.gettext("{best} is crossed off, no type they contain is open, so the row is Nothing, {points}")
                      if best not in self.open_types else
                      _.gettext("no type they contain is open, so the row is Nothing, {points}")).format(
                best=_.gettext(best.label), points=NOTHING_POINTS)
        ending = (_.gettext(", times {multiplier} for the chip: {points} points.").format(points=self.points, **values)
                  if self.tenths is not None else _.gettext(" points."))
        why = _.gettext("These cards make {made}.").format(made=made) + " " + result + ending
        return Question(
            prompt=_.gettext("This row has just got its fifth card. How many points does it score?"),
            choices=tuple(_.ngettext("{count} point", "{count} points", abs(value)).format(count=value)
                          for value, _m in self.shuffled),
            answer=[value for value, _m in self.shuffled].index(self.points),
            explanation=why,
            hands=((_.gettext("The row"), tuple(format_cards(self.cards).split())),),
            details=tuple(details),
            level=self.level,
            topic="row score",
            mistakes=tuple(said(message, places) for _v, (message, places) in self.shuffled),
            worded=lambda other: self.question(other),
        )
