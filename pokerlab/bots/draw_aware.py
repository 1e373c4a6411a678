"""Levels 4 and 5: opponents that count.

* Level 4, *draw-aware*: compares its sensible discards by their exact outcomes (every possible
  replacement counted, for draws of up to three cards), estimates its chance to win by quick
  seeded simulation, and weighs that against the pot odds, betting a little wider when it acts
  last. Of its opponents it reads only the choices of the current round: a bettor is taken to
  hold its better quarter of hands, and a player who checked when it could have bet one of the
  other three quarters (so it bets more readily into players who have checked to it).
* Level 5, *reads the draw and counts chips*: the same, plus what the table shows: an opponent
  who stood pat is simulated only with hands that would stand pat (a straight or better), one who
  drew two only with three of a kind, one who drew three only with hands that would draw three;
  one who bet or raised with the stronger part of those hands, and one who raised before the draw
  with a hand that was strong then. With nothing to call it weighs chips rather than thresholds,
  against one opponent or four (:mod:`pokerlab.bots.multiway`): it estimates for each opponent
  the chance that it folds to a bet (its weaker 60% of hands before the draw; after it, as often
  as a player who drew that many cards ends weaker than a pair of jacks: hardly ever after
  standing pat, more often than not after drawing three; more often after a check, which leaves
  only its weaker hands) and its chance to beat each one, and
  bets whenever the folds it wins plus the showdowns against the callers are worth more than
  checking, so it bluffs where everybody left is likely to fold and not into several callers.
  Heads-up it raises a bet after the draw when it beats most of the bettor's hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, prod
from typing import Any

from pokerlab.bots.base import PolicyBot
from pokerlab.bots.estimate import DrawChoice, Opponent, best_discard, candidate_discards, equity, warm_up
from pokerlab.bots.multiway import betting_value, weak_after_draw
from pokerlab.bots.seat_view import FIRST_ROUND, Table
from pokerlab.cards import Card
from pokerlab.draw import Action

WORK_LIMIT = 2 * comb(47, 4) + 10 * comb(47, 3) + 600 * 5 * 2
"""The most hands one decision may evaluate: a dozen candidate discards scored exactly (keeping
one card, an ace, at most twice), and two simulations of 600 showdowns against each of up to five
opponents."""


CHECKER_SHARE = 0.7
"""The least share of its hands (weakest first) a player who checked is taken to hold."""


def checked(table: Table, seat: int) -> bool:
    """True when ``seat`` checked in this betting round."""
    return any(action.seat == seat and action.kind == "check" for action in table.round_actions)


class DrawAware(PolicyBot):
    level = 4
    trials = 400
    bet_margin = 0.12
    """Bet when the chance to win beats an equal share (1 / players) by this much ..."""
    position_bonus = 0.05
    """... less this when acting last."""
    raise_margin = 0.24
    """Raise when it beats an equal share by this much."""
    call_margin = 0.02
    """Call when it beats the pot odds by this much."""
    bettor_top = 0.25
    """Share of its hands an opponent is assumed to hold after each bet or raise it makes (its
    better quarter: most players bet only a good hand)."""

    work = 0
    """Hands evaluated so far: simulated showdowns plus scored draw outcomes, the measure of a
    decision's cost that the tests bound."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.work = 0
        self._scored: tuple[Any, ...] | None = None
        warm_up()  # once per process, so that no decision in a hand waits for the tables

    def best_draw(self, table: Table, max_discards: int) -> DrawChoice:
        """The best of the sensible discards, scored exactly; the scoring (and its count in
        :attr:`work`) happens once per hand, as :func:`~pokerlab.bots.estimate.best_discard`
        remembers its answers."""
        key = (tuple(table.cards), max_discards, tuple(table.known))
        if key != self._scored:
            self._scored = key
            unseen = 52 - len(table.cards) - len(table.known)
            self.work += sum(comb(unseen, len(discard)) for discard in candidate_discards(table.cards, max_discards))
        return best_discard(table.cards, max_discards, table.known)

    def draw_choice(self, table: Table) -> Sequence[Card]:
        return self.best_draw(table, table.max_discards).discard

    def bettor_share(self, seat: int, section: int) -> float:
        """The share of its hands ``seat`` is taken to hold after each bet or raise it makes in
        betting round ``section``: ``bettor_top`` for everybody (level 6 measures it)."""
        return self.bettor_top

    def opponent_model(self, table: Table, opponent: dict[str, Any]) -> Opponent:
        """Level 4 reads only this round's choices: a bettor holds its better share of hands, and a
        player who checked when it could have bet holds one of the others."""
        seat = opponent["seat"]
        bets = table.aggressors().count(seat)
        if not bets:
            return Opponent(below=self.checker_share(table, opponent))
        return Opponent(top=self.bettor_share(seat, table.section) ** bets)

    def checker_share(self, table: Table, opponent: dict[str, Any]) -> float:
        """The share of its hands, weakest first, that ``opponent`` holds when it checked in this
        round without betting: all but the share it would have bet, and at least
        :data:`CHECKER_SHARE` (a player who bets often bets weak hands too); 1.0 when it has not
        checked."""
        seat = opponent["seat"]
        if seat in table.aggressors() or not checked(table, seat):
            return 1.0
        return max(1.0 - self.bettor_share(seat, table.section), CHECKER_SHARE)

    def simulate(self, table: Table, opponents: Sequence[Opponent], called: float = 1.0) -> tuple[float, float]:
        """Chance to win at showdown against ``opponents`` (see :func:`~pokerlab.bots.estimate.equity`),
        against all their hands and against their better ``called`` share; counts the simulated
        hands in :attr:`work`."""
        self.work += self.trials * len(opponents)
        if table.before_draw:
            discard = self.best_draw(table, table.view["draw_rules"]["max_discards"]).discard
            keep = [card for card in table.cards if card not in discard]
            return equity(keep, len(discard), table.known, opponents, self.rng, self.trials, called=called)
        return equity(table.cards, 0, table.known, opponents, self.rng, self.trials, after_draw=True, called=called)

    def win_chances(self, table: Table, called: float = 1.0) -> tuple[float, float]:
        """Chance to win at showdown against every hand the opponents may hold, and against only
        the hands that would call a bet (each opponent's better ``called`` share)."""
        return self.simulate(table, [self.opponent_model(table, player) for player in table.opponents], called)

    def win_chance(self, table: Table) -> float:
        return self.win_chances(table)[0]

    def bet(self, table: Table) -> Action:
        chance = self.win_chance(table)
        fair = 1.0 / (table.opponent_count + 1)
        size = min(max((chance - fair) * 3, 0.0), 1.0)
        if table.owed:
            if chance >= fair + self.raise_margin and table.can_raise():
                return table.aggressive(size)
            if chance >= table.pot_odds + self.call_margin:
                return table.passive()
            return table.give_up()
        margin = self.bet_margin - (self.position_bonus if table.acts_last() else 0.0)
        if chance >= fair + margin:
            return table.aggressive(size)
        return self.when_weak(table, chance)

    def when_weak(self, table: Table, chance: float) -> Action:
        """Nothing owed and too weak to bet for value: check."""
        return table.passive()


class ReadsDraws(DrawAware):
    level = 5
    trials = 600
    fold_before = 0.6
    """Share of its hands an opponent is assumed to fold to a bet before the draw: everything short
    of a middling pair (half of all deals hold no pair at all)."""
    fold_after = 0.5
    """The same after the draw, for a player whose draw is not known."""
    value_raise = 0.62
    """After the draw, heads-up: raise a bet when winning this often against the bettor's hands."""

    def fold_chance(self, table: Table, opponent: dict[str, Any]) -> float:
        """How likely ``opponent`` is to fold to a bet now: before the draw its weaker
        ``fold_before`` share; after it, as often as a player who drew that many cards ends weaker
        than a pair of jacks (hardly ever after standing pat or drawing two), half as often when it
        bet before the draw."""
        if table.before_draw:
            return self.fold_before
        drew = opponent["draw_count"]
        weak = self.fold_after if drew is None else weak_after_draw()[min(drew, 3)]
        if table.bets_before_draw(opponent["seat"]):
            weak *= 0.5
        weak /= self.checker_share(table, opponent)  # a checker holds one of its weaker hands
        return min(max(weak, 0.02), 0.95)

    def bet(self, table: Table) -> Action:
        """It weighs chips, not thresholds: with nothing owed it bets when the folds it wins plus
        the showdowns against the hands that call are worth more than checking (see
        :mod:`pokerlab.bots.multiway`), against one opponent or four."""
        if table.owed:
            if table.opponent_count != 1:
                return super().bet(table)
            chance = self.win_chance(table)
            raise_at = 0.5 + self.raise_margin if table.before_draw else self.value_raise
            if chance >= raise_at and table.can_raise():
                return table.aggressive(1.0)
            return table.passive() if chance >= table.pot_odds + self.call_margin else table.give_up()
        folds = [self.fold_chance(table, player) for player in table.opponents]
        each = [self.simulate(table, [self.opponent_model(table, player)], called=1.0 - fold)
                for player, fold in zip(table.opponents, folds)]
        chance = prod(against_all for against_all, _ in each)
        pot, bet = table.pot, table.bet_size
        if betting_value(pot, bet, folds, [when_called for _, when_called in each]) > chance * pot:
            fair = 1.0 / (table.opponent_count + 1)
            return table.aggressive(min(max((chance - fair) * 3, 0.0), 1.0))
        return self.when_weak(table, chance)

    def opponent_model(self, table: Table, opponent: dict[str, Any]) -> Opponent:
        """Level 5 also reads each opponent's draw count and its bets before the draw."""
        this_round = super().opponent_model(table, opponent)
        if table.before_draw:
            return this_round
        seat = opponent["seat"]
        top_before = self.bettor_share(seat, FIRST_ROUND) ** table.bets_before_draw(seat)
        return Opponent(drew=opponent["draw_count"], top=this_round.top, top_before=top_before, below=this_round.below)
