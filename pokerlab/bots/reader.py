"""Reading an opponent's hand from its choices, with the habits of a population of players
(:mod:`pokerlab.bots.population`): what level 6 (:mod:`pokerlab.bots.shark`) knows from the first
hand of a match.

The hands an opponent may hold are simulated (only hands that draw the number of cards it drew,
none holding a card the reading seat can see) and each is weighed by how likely a player holding it
would have made the choices this one made in this hand, in each of the population's styles of
play, times how likely the opponent is to play that style: a bet after drawing three weighs the
opponent's best hands heavily and its worst lightly, a check the other way round, a call from a
player who calls everything hardly at all. The same weights say how likely the opponent is to fold
to a bet now, and which of its hands would call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerlab.bots.population import Habits, ranks_after, ranks_before
from pokerlab.bots.seat_view import FIRST_ROUND, NOTHING, SECOND_ROUND
from pokerlab.cards import Card
from pokerlab.coach.equity import learner_strengths, simulate_deals

Choices = Sequence[tuple[int, int, str]]
"""One player's betting choices in a hand: (section, what it faced, choice)."""


@dataclass(frozen=True)
class Read:
    """What a bot makes of one opponent: its chance to beat the opponent's hand at showdown, the
    chance the opponent folds to a bet (or raise) now, and the chance to beat it when it calls."""

    win: float
    folds: float
    win_called: float


def weigh(habits: Habits, styles: np.ndarray, choices: Choices, hands: np.ndarray, before: np.ndarray,
          drawn: np.ndarray, after: np.ndarray | None) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """Weights (style, hand) of simulated hands (``hands`` before the draw with strengths ``before``,
    ``drawn`` the cards the model draws from each; ``after``: final strengths, None before the draw):
    each style's share ``styles`` times its chance of every one of ``choices``. Returns them and the
    hands' class and rank bin as they stand now."""
    weights = np.repeat(styles[:, None], len(hands), axis=1)
    now = ranks_before(hands, before, drawn)
    for section, answered, choice in choices:
        if section == FIRST_ROUND:
            weights *= habits.chances_of(FIRST_ROUND, answered, choice, *now)
    if after is not None:
        now = ranks_after(after, drawn)
        for section, answered, choice in choices:
            if section == SECOND_ROUND:
                weights *= habits.chances_of(SECOND_ROUND, answered, choice, *now)
    return weights, now


def read_opponent(
    keep: Sequence[Card], drawing: int, known: Sequence[Card], drew: int | None, choices: Choices,
    habits: Habits, styles: np.ndarray, answering: int, rng: np.random.Generator, trials: int, after_draw: bool,
) -> Read:
    """Simulate ``trials`` hands of one opponent (no card this seat can see; only hands the one
    opponent model draws ``drew`` cards from, when that is public) and weigh them by the
    ``choices`` it made in this hand (:func:`weigh`). The bot keeps ``keep`` and draws ``drawing``
    (before the draw). ``answering``: what the opponent would face after a bet or raise now
    (:func:`pokerlab.bots.seat_view.facing`; nothing for a player all in, who cannot fold)."""
    deals = simulate_deals(tuple(keep) + tuple(known), [drew], trials, rng, learner_draw=drawing)
    hands, final = deals.opponents[:, 0], deals.final[:, 0]
    theirs = deals.strength[:, 0]
    drawn = (hands != final).sum(axis=1)
    weights, now = weigh(habits, styles, choices, hands, deals.strength_before[:, 0], drawn,
                         theirs if after_draw else None)
    mine = learner_strengths(deals, keep, drawing)
    share = np.where(mine > theirs, 1.0, np.where(mine == theirs, 0.5, 0.0))
    if weights.sum() <= 0:  # choices no simulated hand explains: read them as nothing
        weights = np.repeat(styles[:, None], deals.trials, axis=1)
    if answering != NOTHING:
        folds = habits.chances_of(SECOND_ROUND if after_draw else FIRST_ROUND, answering, "fold", *now)
    else:  # all in: it cannot fold
        folds = np.zeros_like(weights)
    each = weights.sum(axis=0)
    folding = (weights * folds).sum(axis=0)
    total, callers = each.sum(), each - folding
    win = float((each * share).sum() / total)
    return Read(win, float(folding.sum() / total),
                float((callers * share).sum() / callers.sum()) if callers.sum() > 0 else win)
