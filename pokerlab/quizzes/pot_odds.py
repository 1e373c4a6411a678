"""Pot-odds questions (lesson 04): call or fold with a one-card draw, the outs counted by the evaluator.

A hand of four cards to a draw and one card to throw is dealt; the outs are counted by trying every
one of the 47 unseen cards with :func:`pokerlab.evaluate` (a card is an out when the new hand is at
least the kind the draw aims at), never written by hand. The call pays when the chance of hitting,
outs / unseen, beats the call's part of the final pot, to-call / (pot + to-call), as lesson 04 says.

easy: a flush draw. medium: a flush draw or an open-ended straight draw. hard: also a gutshot
(one inside card makes the straight) and two pair drawing to a full house.

>>> question = pot_odds_question("easy", rng=4)
>>> question.choices
('Call', 'Fold')
>>> question.topic
'pot odds'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

import numpy as np

from pokerlab import language as lang
from pokerlab.cards import Card, as_rng
from pokerlab.hand_values import HandCategory, evaluate
from pokerlab.language import N_
from pokerlab.quizzes.core import Question, check_level

__all__ = ["DRAWS", "count_outs", "pot_odds_question"]

DRAWS: Final = ("flush", "open-ended", "gutshot", "two pair")
"""The draws a question may deal; easy asks the first, medium the first two, hard all four."""
_BY_LEVEL: Final = {"easy": DRAWS[:1], "medium": DRAWS[:2], "hard": DRAWS}
_GOAL: Final = {
    "flush": (HandCategory.FLUSH, "flush"), "open-ended": (HandCategory.STRAIGHT, "straight"),
    "gutshot": (HandCategory.STRAIGHT, "straight"), "two pair": (HandCategory.FULL_HOUSE, "full house"),
}
_CLOSE: Final = Fraction(3, 200)
"""Chances and pot odds closer than 1.5 percentage points are not asked (too close to call by eye)."""


def count_outs(keep: tuple[Card, ...], seen: tuple[Card, ...], goal: HandCategory) -> tuple[int, int]:
    """(outs, unseen): how many unseen cards make ``keep`` plus that card at least ``goal``.

    >>> from pokerlab import parse_cards
    >>> count_outs(tuple(parse_cards("Ah 9h 6h 2h")), tuple(parse_cards("Ah 9h 6h 2h Kc")), HandCategory.FLUSH)
    (9, 47)
    """
    seen_indices = {card.index for card in seen}
    unseen = [Card.from_index(i) for i in range(52) if i not in seen_indices]
    outs = sum(evaluate((*keep, card)).category >= goal for card in unseen)
    return outs, len(unseen)


def _deal(draw: str, rng: np.random.Generator) -> tuple[tuple[Card, ...], Card]:
    """Four cards to keep for ``draw`` and a fifth to throw (a card that does not help the draw)."""
    if draw == "flush":
        suit = int(rng.integers(4))
        ranks = rng.choice(np.arange(2, 15), size=4, replace=False)
        keep = tuple(Card(int(rank), suit) for rank in ranks)
    elif draw == "two pair":
        high, low = (int(r) for r in rng.choice(np.arange(2, 15), size=2, replace=False))
        keep = tuple(Card(rank, int(suit)) for rank in (high, low) for suit in rng.choice(4, size=2, replace=False))
    else:
        start = int(rng.integers(3 if draw == "open-ended" else 2, 11 if draw == "open-ended" else 11))
        ranks = (start, start + 1, start + 2, start + 3) if draw == "open-ended" else (start, start + 1, start + 3, start + 4)
        while True:  # mixed suits: no flush draw hiding in it
            suits = rng.integers(4, size=4)
            if len(set(suits.tolist())) > 2:
                break
        keep = tuple(Card(rank, int(suit)) for rank, suit in zip(ranks, suits))
    used = {card.index for card in keep}
    kept_ranks = {card.rank for card in keep}
    kept_suits = {card.suit for card in keep}
    while True:
        thrown = Card.from_index(int(rng.integers(52)))
        if thrown.index in used or (draw != "flush" and thrown.rank in kept_ranks):
            continue
        if draw == "flush" and thrown.suit in kept_suits:
            continue
        if draw in ("open-ended", "gutshot") and min(kept_ranks) - 1 <= thrown.rank <= max(kept_ranks) + 1:
            continue
        return keep, thrown


def pot_odds_question(level: str, rng: np.random.Generator | int) -> Question:
    """Call or fold: a one-card draw, a pot and a bet to call, with the outs counted by the evaluator."""
    check_level(level)
    generator = as_rng(rng)
    draw = _BY_LEVEL[level][int(generator.integers(len(_BY_LEVEL[level])))]
    goal, goal_name = _GOAL[draw]
    keep, thrown = _deal(draw, generator)
    outs, unseen = count_outs(keep, (*keep, thrown), goal)
    chance = Fraction(outs, unseen)
    call = bool(generator.integers(2))  # as many calls as folds
    while True:
        to_call = int(generator.choice((10, 20, 30, 40)))
        pot = to_call * int(generator.integers(2, 16 if level == "hard" else 10))
        needed = Fraction(to_call, pot + to_call)
        if abs(chance - needed) >= _CLOSE and (chance > needed) == call:
            break
    dealt = (*keep, thrown)
    cards = tuple(dealt[int(i)] for i in generator.permutation(len(dealt)))
    said = _Said(goal_name, thrown, outs, unseen, chance, to_call, pot, needed, call)
    return said.question(level, cards)


_GOAL_WORDS: Final = {
    "flush": (N_("your flush"), N_("the flush")), "straight": (N_("your straight"), N_("the straight")),
    "full house": (N_("your full house"), N_("the full house")),
}
"""Each draw's goal as it reads after "make" and after "if" (a language that inflects them says so there)."""
CHOICES: Final = (N_("Call"), N_("Fold"))


@dataclass(frozen=True)
class _Said:
    """What a pot-odds question says, for any language: the draw, the cards and the numbers."""

    goal: str
    thrown: Card
    outs: int
    unseen: int
    chance: Fraction
    to_call: int
    pot: int
    needed: Fraction
    call: bool

    def question(self, level: str, cards: tuple[Card, ...], language: str = lang.DEFAULT) -> Question:
        _ = lang.catalogue(language)
        number = lambda value: lang.format_number(value, language)  # noqa: E731
        chance, needed = lang.format_percent(float(self.chance), language), lang.format_percent(float(self.needed), language)
        to_call, pot = number(self.to_call), number(self.pot)
        your_goal, the_goal = (_.gettext(words) for words in _GOAL_WORDS[self.goal])
        explanation = " ".join((
            _.gettext("{outs} of the {unseen} unseen cards make {goal}: a {chance} chance.").format(
                outs=number(self.outs), unseen=number(self.unseen), goal=your_goal, chance=chance),
            _.gettext("The call is {to_call} of a final pot of {final}: {needed}.").format(
                to_call=to_call, final=number(self.pot + self.to_call), needed=needed),
            _.gettext("Your chance is bigger, so the call pays in the long run.") if self.call
            else _.gettext("Your chance is smaller, so folding saves chips in the long run."),
        ))
        too_keen = _.gettext("The draw comes in less often than the call asks: {chance} against "
                             "{to_call} / ({pot} + {to_call}) = {needed}.").format(
            chance=chance, to_call=to_call, pot=pot, needed=needed)
        too_timid = _.gettext("The pot pays for this draw: the call is only {to_call} / ({pot} + {to_call}) = "
                              "{needed} of the final pot, less than your {chance} chance.").format(
            chance=chance, to_call=to_call, pot=pot, needed=needed)
        prompt = _.ngettext(
            "You will throw the {card} and draw one card. The pot holds {pot} chip, the bet included, "
            "and a call costs {to_call}. Call or fold?",
            "You will throw the {card} and draw one card. The pot holds {pot} chips, the bet included, "
            "and a call costs {to_call}. Call or fold?", self.pot).format(card=self.thrown, pot=pot, to_call=to_call)
        return Question(
            prompt=prompt,
            choices=tuple(_.gettext(choice) for choice in CHOICES),
            answer=0 if self.call else 1,
            explanation=explanation,
            hands=((_.gettext("Your hand"), tuple(str(card) for card in cards)),),
            details=(_.gettext("Count it as lesson 04 does: you win if {goal} comes and lose if it does not, "
                               "with no more betting.").format(goal=the_goal),),
            level=level,
            topic="pot odds",
            mistakes=("", too_timid) if self.call else (too_keen, ""),
            worded=lambda other: self.question(level, cards, other),
        )
