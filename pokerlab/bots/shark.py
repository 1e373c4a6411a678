"""Level 6, *the shark*: level 5's reading of draws and weighing of chips, with what it has measured
about each opponent at this table (counted by :class:`pokerlab.bots.adaptive.Adaptive` at the end
of every hand) in place of level 5's assumptions.

* Who folds: each opponent's own rate of folding to a bet in each betting round, pulled towards
  level 5's estimate (from its draw count) while there are few observations. So it bets and
  bluffs into a table of players who fold too often, and only for value into players who never do,
  with one opponent or four.
* What a bet means: each opponent's own betting frequency gives the share of its hands it bets
  with, so a bet from a player who seldom bets is respected and one from a player who bets
  everything is called down.
"""

from __future__ import annotations

from typing import Any

from pokerlab.bots.adaptive import Adaptive
from pokerlab.bots.draw_aware import section_of
from pokerlab.bots.table import Table


class Shark(Adaptive):
    level = 6

    def fold_chance(self, table: Table, opponent: dict[str, Any]) -> float:
        """Level 5's estimate for this situation (which reads the draw count), moved by how much
        more or less often than a typical player this opponent has folded to bets in this round:
        the two odds are multiplied (a typical player's rate is :data:`TYPICAL_FOLDS`)."""
        estimate = super().fold_chance(table, opponent)
        typical = TYPICAL_FOLDS[table.before_draw]
        measured, _ = self.fold_rate(opponent["seat"], section_of(table), typical)
        odds = _odds(estimate) * _odds(measured) / _odds(typical)
        return odds / (1.0 + odds)


TYPICAL_FOLDS = {True: 0.5, False: 0.45}
"""How often a typical player folds to a bet before the draw (True) and after it (False)."""


def _odds(chance: float) -> float:
    chance = min(max(chance, 0.01), 0.99)
    return chance / (1.0 - chance)
