"""The review of one draw: the learner's choice beside the coach's, and the chance to win it gave up.

A :class:`DrawDecision` is all the review needs: the five cards before the draw, the cards thrown,
the cards known to be out of the stock, and the draw rules. :func:`review_draw` plays every legal
choice out against the opponents still in (:func:`pokerlab.coach.advice.advise`) and says how much of
the pot the learner's choice wins less often than the coach's, with its margin of error; with the pot
that becomes chips (``share given up x pot``) and big bets. The exact category odds of both choices
stay beside it. A named measure of the exact odds (``criterion="average"`` or ``"improve"``) can
still rank the choices instead, for lessons that teach with it.

The sentences are made by :mod:`pokerlab.coach.words`, which this module does not import (the words
read its types): :attr:`DrawReview.text`, the English a notebook prints, asks :mod:`pokerlab.english`
for the writer the words register.

>>> review = review_draw(DrawDecision.from_text("Kh Kd As 4c 2d", discard="Kh Kd"), opponent_count=2, trials=4_000)
>>> review.is_best, review.best.describe()
(False, 'keep K♥ K♦, draw 3')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pokerlab import english
from pokerlab.cards import Card, parse_cards
from pokerlab.coach.advice import TRIALS, Advice, ChoiceChance, Z, advise
from pokerlab.coach.exact import ChoiceOdds, Criterion, DrawOdds, criterion_value


@dataclass(frozen=True)
class DrawDecision:
    """One draw as the learner made it: everything the review needs, and nothing hidden."""

    hand: tuple[Card, ...]
    """The five cards before the draw."""
    discard: tuple[Card, ...]
    known: tuple[Card, ...] = ()
    """Cards the learner knows are out of the stock (their own earlier discards, an ace shown)."""
    discard_limit: int = 3
    ace_draw: bool = False

    @classmethod
    def from_text(
        cls, hand: str, discard: str = "", known: str = "", discard_limit: int = 3, ace_draw: bool = False,
    ) -> DrawDecision:
        return cls(tuple(parse_cards(hand)), tuple(parse_cards(discard)), tuple(parse_cards(known)), discard_limit, ace_draw)


@dataclass(frozen=True)
class EquityComparison:
    """The learner's and the coach's choices played out on the same deals."""

    played: float
    """The learner's choice: average share of the pot."""
    best: float
    standard_error: float
    """Standard error of the difference (the same deals for both choices)."""
    opponent_count: int
    pot: int | None
    big_bet: int | None

    @property
    def difference(self) -> float:
        """Share of the pot the learner's choice gives up (negative: it did better in the simulation)."""
        return self.best - self.played

    @property
    def margin(self) -> float:
        return Z * self.standard_error

    @property
    def about_same(self) -> bool:
        return self.difference <= self.margin

    @property
    def chips(self) -> float | None:
        """The difference in chips, at showdown for the current pot (later bets not counted)."""
        return None if self.pot is None else self.difference * self.pot

    @property
    def big_bets(self) -> float | None:
        chips = self.chips
        return None if chips is None or not self.big_bet else chips / self.big_bet


@dataclass(frozen=True)
class DrawReview:
    """The review of one draw (data; :attr:`text` reads it in English)."""

    decision: DrawDecision
    criterion: Criterion | None
    """None: ranked by the chance to win the pot; else the exact measure that ranked the choices."""
    odds: DrawOdds
    played: ChoiceOdds
    best: ChoiceOdds
    rank: int
    """1 for the best choice and for every choice about the same as it."""
    equity: EquityComparison | None
    advice: Advice | None = None
    dollars: bool = False

    @property
    def is_best(self) -> bool:
        return self.rank == 1

    @property
    def is_same(self) -> bool:
        """The learner threw exactly the coach's cards."""
        return self.played == self.best

    @property
    def played_chance(self) -> ChoiceChance | None:
        return None if self.advice is None else self.advice.choice(self.played.discard)

    @property
    def improve_lost(self) -> Fraction:
        """Chance to improve given up by the learner's choice (negative if it improves more often)."""
        return self.best.improve_probability - self.played.improve_probability

    @property
    def text(self) -> str:
        """The review in English (:func:`pokerlab.coach.words.draw_review_text`; a page asks it with a language)."""
        return english.writer("DrawReview.text")(self)


def review_draw(
    decision: DrawDecision,
    criterion: Criterion | None = None,
    opponent_count: int = 1,
    pot: int | None = None,
    big_bet: int | None = None,
    trials: int = TRIALS,
    rng: np.random.Generator | int = 0,
    *,
    opponent_draws: Sequence[int | None] | None = None,
    dollars: bool = False,
    advice: Advice | None = None,
) -> DrawReview:
    """Compare the learner's draw with the coach's.

    By default the choices are ranked by the chance to win the pot against ``opponent_count``
    opponents who have not drawn yet, or, with ``opponent_draws``, one entry per opponent (the cards
    they drew, None when not yet known). ``pot`` turns the share given up into chips (and big bets
    with ``big_bet``). ``criterion`` ranks by an exact measure instead (the win chances are still
    shown). ``advice`` reuses an advice already computed for this hand and these opponents.
    """
    draws = [None] * opponent_count if opponent_draws is None else list(opponent_draws)
    if advice is None:
        advice = advise(decision.hand, decision.known, draws, decision.discard_limit, decision.ace_draw, trials, rng)
    odds = advice.odds
    played = odds.choice(decision.discard)
    if criterion is None:
        best = advice.best.odds
        rank = advice.rank(played.discard)
    else:
        best = odds.best(criterion)
        value = criterion_value(played, criterion)
        rank = 1 + sum(criterion_value(choice, criterion) > value for choice in odds.choices)
    mine, top = advice.choice(played.discard), advice.choice(best.discard)
    if mine is top:
        error = 0.0
    elif top is advice.best:
        error = mine.behind_margin / Z
    else:  # ranked by an exact measure: the pair's own error is not kept, so take the wider one
        error = float(np.hypot(mine.margin, top.margin)) / Z
    equity = EquityComparison(mine.win, top.win, error, advice.opponent_count, pot, big_bet)
    return DrawReview(decision, criterion, odds, played, best, rank, equity, advice, dollars)
