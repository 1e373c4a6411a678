"""Level 3, *hand-strength rules*: a tight player who sorts its hand into classes by made-hand
category and pair rank, and bets, calls or folds by fixed thresholds. It draws by the book (keeps
pairs, draws to four-card flushes and open-ended straights) and tightens up against more players.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerlab.bots.base import PolicyBot
from pokerlab.bots.estimate import four_flush, open_ender, rule_discards
from pokerlab.bots.seat_view import Table
from pokerlab.cards import Card
from pokerlab.draw import Action
from pokerlab.hand_values import HandCategory

STRONG, GOOD, FAIR, WEAK = 3, 2, 1, 0
JACKS = 11


def hand_class(table: Table) -> int:
    """STRONG / GOOD / FAIR / WEAK for the hand as it stands, stricter with more opponents."""
    value = table.value
    category = value.category
    many = table.opponent_count >= 3
    pair_rank = value.ranks[0]
    if table.before_draw:
        if category >= HandCategory.THREE_OF_A_KIND or (category == HandCategory.TWO_PAIR and (pair_rank >= JACKS or not many)):
            return STRONG
        if category == HandCategory.TWO_PAIR or (category == HandCategory.PAIR and pair_rank >= (JACKS if many else 9)):
            return GOOD
        if category == HandCategory.PAIR or four_flush(table.cards) or open_ender(table.cards):
            return FAIR
        return WEAK
    if category >= HandCategory.THREE_OF_A_KIND:
        return STRONG
    if category == HandCategory.TWO_PAIR:
        return GOOD if many or pair_rank < JACKS else STRONG
    if category == HandCategory.PAIR and pair_rank >= (13 if many else JACKS):
        return FAIR
    return WEAK


class HandStrengthRules(PolicyBot):
    level = 3

    def bet(self, table: Table) -> Action:
        strength = hand_class(table)
        raises = table.raise_count()
        if strength == STRONG:
            return table.aggressive(1.0)
        if strength == GOOD:
            if not table.owed:
                return table.aggressive(0.5)
            return table.passive() if raises <= 2 else table.give_up()
        if strength == FAIR:
            if not table.owed or (raises <= 1 and table.owed <= table.bet_size):
                return table.passive()
            return table.give_up()
        return table.give_up()

    def draw_choice(self, table: Table) -> Sequence[Card]:
        return rule_discards(table.cards, table.max_discards)

