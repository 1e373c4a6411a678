"""The coach's advice: every legal discard ranked by its chance to win the pot.

The chance is simulated (:mod:`pokerlab.coach.equity`) against the opponents still in the hand: before
they draw, each is dealt a random hand and draws by the one opponent model; after they drew, by hands
that draw what they drew. All choices are played out on the same deals, so the difference between two
choices has its own, much smaller, margin of error. The exact category odds of each choice
(:mod:`pokerlab.coach.exact`) stay beside the win chance.

**Margins.** A margin is 1.96 standard errors (95%). A choice whose shortfall against the best is
within the margin of that difference is *about the same* as the best; the coach stars a choice only
when no other is about the same.

>>> advice = advise("Kh Kd As 4c 2d", opponents=1, trials=8_000, rng=1)
>>> advice.best.odds.keep[:2] == advice.odds.hand[:2]   # keep the kings, with or without the ace
True
>>> len(advice.choices)
26
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from pokerlab.cards import Card, as_rng, parse_cards
from pokerlab.coach.equity import (
    Equity,
    Progress,
    learner_strengths,
    paired_error,
    shares_against,
    simulate_deals,
    standard_error,
)
from pokerlab.coach.exact import ChoiceOdds, DrawOdds, _illegal_discard, draw_odds

TRIALS: Final = 20_000
"""Deals per advice: every choice's win chance to about ± 0.7% (95%), the difference between two
close choices to about ± 0.3%, well inside the 300 ms the coach may take (benchmarks/bench_odds.py)."""
Z: Final = 1.96
"""Standard errors in a margin (95%)."""


@dataclass(frozen=True)
class ChoiceChance:
    """One discard: its exact odds, its chance to win the pot, and how it compares with the best."""

    odds: ChoiceOdds
    win: float
    """Average share of the pot (ties as shares)."""
    margin: float
    """95% margin of error of ``win``."""
    behind: float
    """How much less of the pot than the best choice it wins (0 for the best)."""
    behind_margin: float
    """95% margin of error of ``behind`` (the same deals for both: a small margin)."""
    equity: Equity | None = None
    """The simulation's full summary for this choice (win rate, ties, final kinds of hand)."""

    @property
    def about_same(self) -> bool:
        """Whether it cannot be told apart from the best choice."""
        return self.behind <= self.behind_margin

    @property
    def discard(self) -> tuple[Card, ...]:
        return self.odds.discard

    @property
    def keep(self) -> tuple[Card, ...]:
        return self.odds.keep


@dataclass(frozen=True)
class Advice:
    """Every legal discard of one hand, best chance to win first."""

    odds: DrawOdds
    opponent_draws: tuple[int | None, ...]
    trials: int
    choices: tuple[ChoiceChance, ...]
    _by_discard: dict[frozenset[Card], ChoiceChance] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_discard", {frozenset(c.discard): c for c in self.choices})

    @property
    def opponent_count(self) -> int:
        return len(self.opponent_draws)

    @property
    def best(self) -> ChoiceChance:
        return self.choices[0]

    @property
    def close(self) -> tuple[ChoiceChance, ...]:
        """The choices about the same as the best (the best included)."""
        return tuple(choice for choice in self.choices if choice.about_same)

    @property
    def starred(self) -> ChoiceChance | None:
        """The best choice when it stands clear of every other, else None ("about the same")."""
        return self.best if len(self.close) == 1 else None

    def choice(self, discard: Iterable[Card] | str) -> ChoiceChance:
        cards = parse_cards(discard)
        found = self._by_discard.get(frozenset(cards))
        if found is None:
            raise _illegal_discard(self.odds.hand, cards, self.odds.discard_limit, self.odds.ace_draw)
        return found

    def rank(self, discard: Iterable[Card] | str) -> int:
        """1 for the best and for every choice about the same; else its place in the list."""
        chosen = self.choice(discard)
        return 1 if chosen.about_same else 1 + self.choices.index(chosen)


def _draws(opponents: int | Sequence[int | None]) -> tuple[int | None, ...]:
    if isinstance(opponents, (int, np.integer)) and not isinstance(opponents, bool):
        if opponents < 0:
            raise ValueError(f"The number of opponents cannot be negative; got {opponents}.")
        return (None,) * int(opponents)
    return tuple(opponents)  # type: ignore[arg-type]


def advise(
    hand: Sequence[Card] | str,
    known: Iterable[Card] | str = (),
    opponents: int | Sequence[int | None] = 1,
    discard_limit: int = 3,
    ace_draw: bool = False,
    trials: int = TRIALS,
    rng: np.random.Generator | int = 0,
    progress: Progress | None = None,
) -> Advice:
    """Rank every legal discard of ``hand`` by its chance to win the pot.

    ``opponents``: how many are still in (they have not drawn yet), or one entry per opponent: the
    cards they drew, None when not yet known. ``known``: cards the learner saw leave the stock.
    ``progress(done, total)`` is called after each choice.
    """
    odds = draw_odds(hand, known, discard_limit, ace_draw)
    draws = _draws(opponents)
    deals = simulate_deals(odds.hand + odds.known, draws, trials, as_rng(rng), max(c.drawn for c in odds.choices))
    shares, equities = [], []
    for number, choice in enumerate(odds.choices, start=1):
        strengths = learner_strengths(deals, choice.keep, choice.drawn)
        shares.append(shares_against(deals, strengths))
        equities.append(Equity.from_shares(shares[-1], strengths, len(draws)))
        if progress is not None:
            progress(number, len(odds.choices))
    means = np.array([share.mean() for share in shares])
    order = sorted(range(len(shares)), key=lambda i: (-means[i], odds.choices[i].drawn))
    top = shares[order[0]]
    ranked = tuple(
        ChoiceChance(
            odds=odds.choices[i],
            win=float(means[i]),
            margin=Z * standard_error(shares[i]),
            behind=float(means[order[0]] - means[i]),
            behind_margin=0.0 if i == order[0] else Z * paired_error(top, shares[i]),
            equity=equities[i],
        )
        for i in order
    )
    return Advice(odds, draws, deals.trials, ranked)
