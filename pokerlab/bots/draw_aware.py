"""Levels 4 and 5: opponents that count.

* Level 4, *draw-aware*: compares its sensible discards by their exact outcomes (every possible
  replacement counted), estimates its chance to win by quick seeded simulation, and weighs that
  against the pot odds, betting a little wider when it acts last. Of its opponents it reads only
  the bets and raises of the current round.
* Level 5, *reads the draw*: the same, plus what the table shows: an opponent who stood pat is
  simulated only with hands that would stand pat, one who drew three only with hands that would
  draw three, one who bet or raised with the stronger part of those hands, and one who raised
  before the draw with a hand that was strong then.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerlab.bots.base import PolicyBot
from pokerlab.bots.estimate import DrawChoice, Opponent, candidate_discards, equity, score_discards
from pokerlab.bots.table import Table
from pokerlab.cards import Card
from pokerlab.draw import Action

LADDER_DISCARDS = 4
USUAL_DISCARDS = 3


class DrawAware(PolicyBot):
    level = 4
    trials = 400
    bet_margin = 0.12
    raise_margin = 0.24
    call_margin = 0.02
    position_bonus = 0.05
    bettor_top = 0.5
    """Share of its hands an opponent is assumed to hold after each bet or raise it makes."""

    def best_draw(self, table: Table, max_discards: int) -> DrawChoice:
        choices = score_discards(table.cards, candidate_discards(table.cards, max_discards), table.known, self.rng)
        return max(choices, key=lambda choice: (choice.points, -len(choice.discard)))

    def draw_choice(self, table: Table) -> Sequence[Card]:
        return self.best_draw(table, table.max_discards).discard

    def opponent_model(self, table: Table, opponent: dict[str, Any]) -> Opponent:
        """Level 4 reads only this round's bets: a bettor holds its better ``bettor_top`` share."""
        raised = table.aggressors().count(opponent["seat"])
        return Opponent(top=self.bettor_top ** raised)

    def win_chance(self, table: Table) -> float:
        opponents = [self.opponent_model(table, player) for player in table.opponents]
        if table.before_draw:
            most = LADDER_DISCARDS if table.view["variant"] == "Tournament Ladder" else USUAL_DISCARDS
            discard = self.best_draw(table, most).discard
            keep = [card for card in table.cards if card not in discard]
            return equity(keep, len(discard), table.known, opponents, self.rng, self.trials)
        return equity(table.cards, 0, table.known, opponents, self.rng, self.trials, after_draw=True)

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
    draw_trials = 400
    bettor_top = 0.45

    def opponent_model(self, table: Table, opponent: dict[str, Any]) -> Opponent:
        seat = opponent["seat"]
        raised = table.aggressors().count(seat)
        if table.before_draw:
            return Opponent(top=self.bettor_top ** raised)
        raised_before = sum(1 for section, who, verb in table.actions
                            if section == 0 and who == seat and verb in ("bets", "raises to"))
        return Opponent(drew=opponent["draw_count"], top=self.bettor_top ** raised, top_before=self.bettor_top ** raised_before)
