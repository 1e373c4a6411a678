"""Level 6, *adaptive*: reads the draw like level 5, and also keeps count, across the whole match, of
how each opponent bets: how often it bets when it could, and how often it folds to a bet. A bet from
an opponent who seldom bets means a strong hand; a bet from one who bets everything means less.

It bluffs on the last betting round at a sound frequency: when betting ``bet`` into ``pot``, the
caller gets pot odds of ``bet / (pot + 2 * bet)`` (``b / (1 + 2b)`` with ``b = bet / pot``), and a
betting range with that share of bluffs leaves a caller nothing to gain by calling or folding.
Against an opponent who has folded to bets more often than a bluff needs to work, it bluffs
whenever it misses; against one who never folds, it never bluffs and bets thinner for value.
"""

from __future__ import annotations

from typing import Any

from pokerlab.bots.draw_aware import ReadsDraws
from pokerlab.bots.estimate import Opponent
from pokerlab.bots.table import Table, parse_log
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
        live_bet = {0: False, 2: False}
        for section, seat, verb in parse_log(view["log"]):
            if section == 1 or seat == view["seat"]:
                if section != 1 and verb in ("bets", "raises to"):
                    live_bet[section] = True
                continue
            # per seat and round: [chances to bet, bets, bets faced, folds to a bet]
            row = stats.setdefault(f"{seat}:{section}", [0, 0, 0, 0])
            if live_bet[section]:
                row[2] += 1
                row[3] += verb == "folds"
            else:
                row[0] += 1
                row[1] += verb == "bets"
            if verb in ("bets", "raises to"):
                live_bet[section] = True

    def _row(self, seat: int, section: int) -> list[int]:
        return self.memory.get("stats", {}).get(f"{seat}:{section}", [0, 0, 0, 0])

    def bet_rate(self, seat: int, section: int) -> float:
        chances, bets, _, _ = self._row(seat, section)
        return (bets + PRIOR_BET_RATE * PRIOR_WEIGHT) / (chances + PRIOR_WEIGHT)

    def fold_rate(self, seat: int) -> tuple[float, int]:
        _, _, faced, folds = self._row(seat, 2)
        return (folds + PRIOR_FOLD_RATE * PRIOR_WEIGHT) / (faced + PRIOR_WEIGHT), faced

    def opponent_model(self, table: Table, opponent: dict[str, Any]) -> Opponent:
        seat = opponent["seat"]
        raised = table.aggressors().count(seat)
        section = 0 if table.before_draw else 2
        top = min(max(self.bet_rate(seat, section), 0.15), 0.9) ** raised
        drew = None if table.before_draw else opponent["draw_count"]
        return Opponent(drew=drew, top=top)

    def bet(self, table: Table) -> Action:
        if not table.before_draw and not table.owed and table.opponent_count == 1:
            seat = table.opponents[0]["seat"]
            folds, seen = self.fold_rate(seat)
            if seen >= CONFIDENT and folds < 0.15:
                chance = self.win_chance(table)  # a station: value-bet thinner, never bluff
                return table.aggressive(0.5) if chance >= 0.55 else table.passive()
        return super().bet(table)

    def when_weak(self, table: Table, chance: float) -> Action:
        if table.before_draw or table.opponent_count != 1 or chance > 0.3 or not table.can_raise():
            return table.passive()
        seat = table.opponents[0]["seat"]
        folds, seen = self.fold_rate(seat)
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
