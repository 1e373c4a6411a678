"""The two beginner opponents: they play their own cards and hardly think about yours.

* Level 1, *loose-passive*: calls almost anything, seldom bets, raises only now and then with a big
  hand, and half the time draws carelessly (keeps its pairs but throws the rest at random).
* Level 2, *calling station*: draws by the book but calls every bet before the draw and almost every
  bet after it; bets only with two pair or better and never raises.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pokerlab.bots.base import PolicyBot
from pokerlab.bots.estimate import rule_discards
from pokerlab.bots.seat_view import Table
from pokerlab.cards import Card
from pokerlab.draw import Action
from pokerlab.hand_values import HandCategory


class LoosePassive(PolicyBot):
    level = 1

    def bet(self, table: Table) -> Action:
        category = table.value.category
        big = category >= HandCategory.THREE_OF_A_KIND
        if table.owed:
            if big and table.can_raise() and self.chance(0.25):
                return table.aggressive(0.5)
            if category >= HandCategory.PAIR or self.chance(0.85 if table.before_draw else 0.6):
                return table.passive()
            return table.give_up()
        if big and self.chance(0.4):
            return table.aggressive(0.3)
        return table.passive()

    def draw_choice(self, table: Table) -> Sequence[Card]:
        if self.chance(0.5):
            return rule_discards(table.cards, table.max_discards)
        counts = Counter(card.rank for card in table.cards)
        loose = [card for card in table.cards if counts[card.rank] == 1]
        if not loose:
            return []
        count = int(self.rng.integers(0, min(len(loose), table.max_discards) + 1))
        order = self.rng.permutation(len(loose)).tolist()
        return [loose[i] for i in order[:count]]


class CallingStation(PolicyBot):
    level = 2

    def bet(self, table: Table) -> Action:
        category = table.value.category
        if table.owed:
            if table.before_draw or category >= HandCategory.PAIR or self.chance(0.4):
                return table.passive()
            return table.give_up()
        threshold = HandCategory.THREE_OF_A_KIND if table.before_draw else HandCategory.TWO_PAIR
        return table.aggressive(0.5) if category >= threshold else table.passive()

    def draw_choice(self, table: Table) -> Sequence[Card]:
        return rule_discards(table.cards, table.max_discards)
