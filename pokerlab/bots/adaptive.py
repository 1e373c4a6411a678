"""Level 6, *adaptive*: reads the draw and weighs chips like level 5, and also keeps count, across
the whole match, of how each opponent bets in each round: how often it bets when it could, and how
often it folds to a bet. A bet from an opponent who seldom bets means a strong hand; a bet from one
who bets everything means less. Where level 5 guesses how often an opponent folds, level 6 uses what
it has seen (pulled towards level 5's guess while it has seen little), so it bets more into a player
who folds too often and only for value into one who never does.

It bluffs on the last betting round at a sound frequency: when betting ``bet`` into ``pot``, the
caller gets pot odds of ``bet / (pot + 2 * bet)`` (``b / (1 + 2b)`` with ``b = bet / pot``), and a
betting range with that share of bluffs leaves a caller nothing to gain by calling or folding.
Against an opponent who has folded to bets more often than a bluff needs to work, it bluffs
whenever it misses; against one who never folds, it never bluffs and bets thinner for value.
"""

from __future__ import annotations

from typing import Any

from pokerlab.bots.draw_aware import ReadsDraws
from pokerlab.bots.table import DRAW, FIRST_ROUND, SECOND_ROUND, Table, public_actions
from pokerlab.draw import Action

PRIOR_BET_RATE = 0.4
PRIOR_FOLD_RATE = 0.4
PRIOR_WEIGHT = 4.0
CONFIDENT = 12
"""Observations after which a measured frequency is trusted over the balanced default."""


class Adaptive(ReadsDraws):
    level = 6
    trials = 600

    def observe(self, view: dict[str, Any]) -> None:
        """At the end of each hand: count every opponent's public betting choices."""
        stats: dict[str, list[int]] = self.memory.setdefault("stats", {})
        live_bet = {FIRST_ROUND: False, SECOND_ROUND: False}
        for action in public_actions(view["events"]):
            section = action.section
            if section == DRAW or action.seat == view["seat"]:
                if section != DRAW and action.aggressive:
                    live_bet[section] = True
                continue
            # per seat and round: [chances to bet, bets, bets faced, folds to a bet]
            row = stats.setdefault(f"{action.seat}:{section}", [0, 0, 0, 0])
            if live_bet[section]:
                row[2] += 1
                row[3] += action.kind == "fold"
            else:
                row[0] += 1
                row[1] += action.kind == "bet"
            if action.aggressive:
                live_bet[section] = True

    def _row(self, seat: int, section: int) -> list[int]:
        return self.memory.get("stats", {}).get(f"{seat}:{section}", [0, 0, 0, 0])

    def bet_rate(self, seat: int, section: int) -> float:
        chances, bets, _, _ = self._row(seat, section)
        return (bets + PRIOR_BET_RATE * PRIOR_WEIGHT) / (chances + PRIOR_WEIGHT)

    def fold_rate(self, seat: int, section: int, prior: float = PRIOR_FOLD_RATE) -> tuple[float, int]:
        """How often ``seat`` folded to a bet in this round (0 before the draw, 2 after), pulled
        towards ``prior`` while there are few observations; and how many bets it has faced."""
        _, _, faced, folds = self._row(seat, section)
        return (folds + prior * PRIOR_WEIGHT) / (faced + PRIOR_WEIGHT), faced

    def fold_share(self, table: Table) -> float:
        """The measured fold rate of the one opponent left, instead of level 5's fixed guess."""
        return self.fold_rate(table.opponents[0]["seat"], table.section, super().fold_share(table))[0]

    def bettor_share(self, seat: int, section: int) -> float:
        """A bettor holds the share of its hands it bets with in this round, as measured; level 5
        assumes one share for everybody."""
        return min(max(self.bet_rate(seat, section), 0.15), 0.9)

    def when_weak(self, table: Table, chance: float) -> Action:
        if table.before_draw or table.opponent_count != 1 or chance > 0.3 or not table.can_raise():
            return table.passive()
        folds, seen = self.fold_rate(table.opponents[0]["seat"], SECOND_ROUND)
        bet = table.view["round_limits"][0]
        needed = bet / (table.pot + bet)  # a bluff breaks even when the opponent folds this often
        if seen >= CONFIDENT:
            if folds > needed + 0.05:
                return table.aggressive(0.0)
            if folds < needed - 0.1:
                return table.passive()
        share = bet / (table.pot + 2 * bet)
        # value bets come from roughly as many hands as give up here, so bluffing this share of the
        # weak ones makes bluffs the balanced share of the betting range
        return table.aggressive(0.0) if self.chance(share / (1 - share)) else table.passive()
