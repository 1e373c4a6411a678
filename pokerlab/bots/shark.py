"""Level 6, *the shark*: level 5's reading of draws and weighing of chips, with what it has learned
about each opponent at this table in place of level 5's assumptions. It learns from every hand's
end: the betting counted by :class:`pokerlab.bots.adaptive.Adaptive`, and, when the cards are
shown, the hands each opponent bet with and called a bet with after the draw.

* What a bet means: once it has seen an opponent show down the hands it bets with after the draw,
  a bet from that opponent is taken to be at least as strong as the weakest of them (for a player
  who draws three and bets only two pair or better, the best fifth of its hands); before that, the
  share of its hands it bets with, as measured.
* What a check means: once it has seen the hands an opponent checks with after the draw, a check
  from it is taken to hold a hand no stronger than the strongest of them (a player who bets every
  good hand checks only weak ones, so it is bluffed and value-bet more; one who slow-plays has
  shown a strong check and keeps the benefit of the doubt).
* Who folds: each opponent's own rate of folding to a bet in each betting round, and the weakest
  hand it has called with, move level 5's estimate from the draw count. So it bets and bluffs
  into players who fold too often, and only for value into players who never do, with one
  opponent or four.
"""

from __future__ import annotations

from typing import Any

from pokerlab.bots.adaptive import Adaptive
from pokerlab.bots.estimate import Opponent
from pokerlab.bots.multiway import share_below
from pokerlab.bots.table import SECOND_ROUND, Table
from pokerlab.cards import parse_cards
from pokerlab.hands import evaluate_many

SHOWN_KEPT = 30
"""Hands remembered per opponent and kind (the latest ones)."""
SHOWN_TRUSTED = 3
"""Shown hands needed before they replace the estimates."""


class Shark(Adaptive):
    level = 6

    def observe(self, view: dict[str, Any]) -> None:
        """At the end of each hand: the betting (see :class:`~pokerlab.bots.adaptive.Adaptive`), and
        the strength of every hand shown by an opponent who bet after the draw ("bet"), called a
        bet then ("called"), or checked then when it could have bet ("checked")."""
        super().observe(view)
        if view.get("result") is None:
            return
        table = Table(view, ())
        bettors = table.aggressors()  # the hand is over: these bet in the second round
        checkers = {action.seat for action in table.round_actions if action.kind == "check"}
        shown: dict[str, list[int]] = self.memory.setdefault("shown", {})
        for player in table.opponents:
            if player["draw_count"] is None or None in player["cards"] or len(player["cards"]) != 5:
                continue
            seat = player["seat"]
            kinds = []
            if seat in bettors:
                kinds.append("bet")
            elif bettors:
                kinds.append("called")
            if seat in checkers and seat not in bettors:
                kinds.append("checked")
            if not kinds:
                continue
            strength = int(evaluate_many([[card.index for card in parse_cards(player["cards"])]])[0])
            for kind in kinds:
                kept = shown.setdefault(f"{seat}:{kind}", [])
                kept.append(strength)
                del kept[:-SHOWN_KEPT]

    def weakest_shown(self, seat: int, kind: str) -> int | None:
        """The weakest hand ``seat`` has shown after betting ("bet") or calling ("called") after the
        draw, once it has shown enough of them."""
        kept = self.memory.get("shown", {}).get(f"{seat}:{kind}", [])
        return min(kept) if len(kept) >= SHOWN_TRUSTED else None

    def checker_share(self, table: Table, opponent: dict[str, Any]) -> float:
        """After the draw, once it has seen an opponent show the hands it checks with: the share
        of its hands (weakest first) up to the strongest of them. A player who bets every good hand
        checks only weak ones; one who slow-plays has shown a strong hand among its checks."""
        share = super().checker_share(table, opponent)
        if share >= 1.0 or table.before_draw:
            return share
        kept = self.memory.get("shown", {}).get(f"{opponent['seat']}:checked", [])
        if len(kept) < SHOWN_TRUSTED:
            return share
        return max(share_below(max(kept) + 1, opponent["draw_count"]), 0.05)

    def opponent_model(self, table: Table, opponent: dict[str, Any]) -> Opponent:
        """After the draw, a bettor whose betting hands it has seen holds one at least that strong
        (a checker: see :meth:`checker_share`)."""
        model = super().opponent_model(table, opponent)
        seat = opponent["seat"]
        bets = table.aggressors().count(seat)
        weakest = self.weakest_shown(seat, "bet")
        if table.before_draw or not bets or weakest is None:
            return model
        share = max(1.0 - share_below(weakest, opponent["draw_count"]), 0.02)
        return Opponent(drew=model.drew, top=share ** bets, top_before=model.top_before)

    def fold_chance(self, table: Table, opponent: dict[str, Any]) -> float:
        """Level 5's estimate for this situation (which reads the draw count; after the draw, from
        the weakest hand this opponent has called with once seen), moved by how much more or less
        often than a typical player this opponent has folded to bets in this round: the two odds
        are multiplied (a typical player's rate is :data:`TYPICAL_FOLDS`)."""
        estimate = super().fold_chance(table, opponent)
        weakest = self.weakest_shown(opponent["seat"], "called")
        if table.section == SECOND_ROUND and weakest is not None:
            estimate = share_below(weakest, opponent["draw_count"])
            estimate = min(estimate / self.checker_share(table, opponent), 0.97)
        typical = TYPICAL_FOLDS[table.before_draw]
        measured, _ = self.fold_rate(opponent["seat"], table.section, typical)
        odds = _odds(estimate) * _odds(measured) / _odds(typical)
        return odds / (1.0 + odds)


TYPICAL_FOLDS = {True: 0.5, False: 0.45}
"""How often a typical player folds to a bet before the draw (True) and after it (False)."""


def _odds(chance: float) -> float:
    chance = min(max(chance, 0.01), 0.99)
    return chance / (1.0 - chance)
