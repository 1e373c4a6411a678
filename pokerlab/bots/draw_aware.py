"""Levels 4 and 5: opponents that count.

* Level 4, *draw-aware*: compares its sensible discards by their exact outcomes (every possible
  replacement counted, for draws of up to three cards), estimates its chance to win by quick
  seeded simulation, and weighs that against the pot odds, betting a little wider when it acts
  last. Of its opponents it reads only the bets and raises of the current round: a bettor is
  taken to hold its better third of hands.
* Level 5, *reads the draw and counts chips*: the same, plus what the table shows: an opponent
  who stood pat is simulated only with hands that would stand pat (a straight or better), one who
  drew two only with three of a kind, one who drew three only with hands that would draw three;
  one who bet or raised with the stronger part of those hands, and one who raised before the draw
  with a hand that was strong then. Heads-up it also weighs chips rather than thresholds: it
  assumes an opponent folds its weaker 60% of hands to a bet before the draw (everything short of
  a decent pair) and its weaker half after it, and bets whenever the folds it wins plus the
  showdowns against the hands that call are worth more than checking; it raises a bet after the
  draw when it beats most of the bettor's hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerlab.bots.base import PolicyBot
from pokerlab.bots.estimate import DrawChoice, Opponent, best_discard, equity, warm_up
from pokerlab.bots.table import FIRST_ROUND
from pokerlab.bots.table import Table
from pokerlab.cards import Card
from pokerlab.draw import Action


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
    bettor_top = 0.35
    """Share of its hands an opponent is assumed to hold after each bet or raise it makes (its
    better third: most players bet only a good hand)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        warm_up()  # once per process, so that no decision in a hand waits for the tables

    def best_draw(self, table: Table, max_discards: int) -> DrawChoice:
        return best_discard(table.cards, max_discards, table.known)

    def draw_choice(self, table: Table) -> Sequence[Card]:
        return self.best_draw(table, table.max_discards).discard

    def bettor_share(self, seat: int, section: int) -> float:
        """The share of its hands ``seat`` is taken to hold after each bet or raise it makes in
        betting round ``section``: ``bettor_top`` for everybody (level 6 measures it)."""
        return self.bettor_top

    def opponent_model(self, table: Table, opponent: dict[str, Any]) -> Opponent:
        """Level 4 reads only this round's bets: a bettor holds its better share of hands."""
        seat = opponent["seat"]
        return Opponent(top=self.bettor_share(seat, table.section) ** table.aggressors().count(seat))

    def win_chances(self, table: Table, called: float = 1.0) -> tuple[float, float]:
        """Chance to win at showdown against every hand the opponents may hold, and against only
        the hands that would call a bet (each opponent's better ``called`` share)."""
        opponents = [self.opponent_model(table, player) for player in table.opponents]
        if table.before_draw:
            discard = self.best_draw(table, table.view["draw_rules"]["max_discards"]).discard
            keep = [card for card in table.cards if card not in discard]
            return equity(keep, len(discard), table.known, opponents, self.rng, self.trials, called=called)
        return equity(table.cards, 0, table.known, opponents, self.rng, self.trials, after_draw=True, called=called)

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
    """The same after the draw."""
    value_raise = 0.62
    """After the draw, heads-up: raise a bet when winning this often against the bettor's hands."""

    def fold_share(self, table: Table) -> float:
        """How often the opponent is expected to fold to a bet."""
        return self.fold_before if table.before_draw else self.fold_after

    def bet(self, table: Table) -> Action:
        """Heads-up it weighs chips, not thresholds: it bets when folds plus showdowns against the
        hands that call are worth more than checking and showing down against every hand."""
        if table.opponent_count != 1:
            return super().bet(table)
        if table.owed:
            chance = self.win_chance(table)
            raise_at = 0.5 + self.raise_margin if table.before_draw else self.value_raise
            if chance >= raise_at and table.can_raise():
                return table.aggressive(1.0)
            return table.passive() if chance >= table.pot_odds + self.call_margin else table.give_up()
        folds = self.fold_share(table)
        chance, when_called = self.win_chances(table, called=1.0 - folds)
        pot, bet = table.pot, table.bet_size
        by_betting = folds * pot + (1.0 - folds) * (when_called * (pot + 2 * bet) - bet)
        if by_betting > chance * pot:
            return table.aggressive(0.0)  # the smallest bet, the one just weighed
        return self.when_weak(table, chance)

    def opponent_model(self, table: Table, opponent: dict[str, Any]) -> Opponent:
        """Level 5 also reads each opponent's draw count and its bets before the draw."""
        this_round = super().opponent_model(table, opponent)
        if table.before_draw:
            return this_round
        seat = opponent["seat"]
        top_before = self.bettor_share(seat, FIRST_ROUND) ** table.bets_before_draw(seat)
        return Opponent(drew=opponent["draw_count"], top=this_round.top, top_before=top_before)
