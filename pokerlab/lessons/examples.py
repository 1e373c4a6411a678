"""The lessons' example hands: each a :class:`~pokerlab.lessons.scripted.ScriptedHand` whose cards
and actions were chosen to show one rule, with teaching notes by step. Seats are numbered from 0 in
code and shown to learners as Seat 1 to Seat N. Titles and notes are English messages of the catalogue
(marked with ``N_``): the hand stepper says them in the reader's language.
"""

from __future__ import annotations

from typing import Final

from pokerlab.draw import five_card_draw, saloon_draw
from pokerlab.hand_values import HandCategory
from pokerlab.language import N_
from pokerlab.lessons.scripted import ScriptedHand

__all__ = [
    "KIND_EXAMPLES", "big_blind_cap_hand", "cap_hand", "heads_up_hand", "saloon_hand", "short_all_in_hand", "short_stock_hand",
    "side_pot_hand", "whole_hand",
]

KIND_EXAMPLES: Final = {
    HandCategory.STRAIGHT_FLUSH: "9h 8h 7h 6h 5h",
    HandCategory.FOUR_OF_A_KIND: "Qs Qh Qd Qc 4s",
    HandCategory.FULL_HOUSE: "Jc Jd Jh 3s 3c",
    HandCategory.FLUSH: "Ad Jd 8d 6d 2d",
    HandCategory.STRAIGHT: "Ts 9d 8c 7h 6s",
    HandCategory.THREE_OF_A_KIND: "7s 7d 7c Kh 2d",
    HandCategory.TWO_PAIR: "As Ad 5h 5c 9s",
    HandCategory.PAIR: "8h 8c Ks 6d 3c",
    HandCategory.HIGH_CARD: "Ks Jh 9d 5c 3s",
}
"""One example of each kind of hand, best first (lesson 01 and the printable hand-rankings handout)."""


def cap_hand() -> ScriptedHand:
    """Fixed limit with antes, four players: a bet and three raises reach the cap; small bets of 10
    before the draw, big bets of 20 after."""
    return ScriptedHand(
        title=N_("The cap: a bet and three raises"),
        rules=five_card_draw(player_count=4),
        stacks=(500, 500, 500, 500),
        dealer=0,
        hands={0: "Kc Kd 7h 4s 2c", 1: "Qc Qh 9d 8s 3c", 2: "Ac Jd Th 6s 5c", 3: "9c 9h 6d 4h 2d"},
        script=("bet 10", "raise 20", "raise 30", "raise 40", "call", "call", "call",
                "pat", "pat", "pat", "pat",
                "bet 20", "raise 40", "fold", "call", "call"),
        notes={
            4: N_("That was the third raise: four bets in all. The cap is reached, so everyone else may only call or fold."),
            12: N_("After the draw the limit is the big bet: every bet or raise is exactly 20."),
        },
    )


def big_blind_cap_hand() -> ScriptedHand:
    """Blinds, three players: the big blind is the opening bet and does not count toward the cap, so
    four raises follow it."""
    return ScriptedHand(
        title=N_("Four raises over a big blind"),
        rules=five_card_draw(player_count=3, forced_bet="blinds"),
        stacks=(500, 500, 500),
        dealer=0,
        hands={0: "Ac Ad 9h 6s 2c", 1: "Kc Kd Jh 5s 3c", 2: "Qc Qd 8h 7s 4c"},
        script=("raise 20", "raise 30", "raise 40", "raise 50", "call", "call"),
        notes={0: N_("Seat 2 posted the small blind (5) and Seat 3 the big blind (10). The big blind is the opening bet."),
               4: N_("Four raises over the big blind: the cap. Nobody may raise again this round.")},
    )


def short_all_in_hand() -> ScriptedHand:
    """A short all-in: Seat 4 goes all-in for less than a full raise. Seat 1, who has not acted yet,
    may still raise; Seat 2, who already acted, may only call the extra or fold."""
    return ScriptedHand(
        title=N_("A short all-in does not reopen the raising"),
        rules=five_card_draw(player_count=4),
        stacks=(500, 500, 500, 22),
        dealer=0,
        hands={0: "Jc Jd 8h 5s 2c", 1: "Tc Td 7h 4s 3c", 2: "Ac Kd Qh 9s 6c", 3: "8c 8d 6h 4d 2d"},
        script=("bet 10", "call", "all-in", "call", "call", "call"),
        notes={3: N_("Seat 4 had only 17 after the ante: all-in to 17 is 7 more than the bet, short of a full raise (10 more)."),
               4: N_("Seat 1 had not acted yet, so it could have raised; it called."),
               5: N_("Seat 2 already acted and no full raise came since: it may only call the extra 7 or fold.")},
    )


def side_pot_hand() -> ScriptedHand:
    """Two all-ins in the first round and a short all-in bet in the second build a main pot and two
    side pots, each won by a different player."""
    return ScriptedHand(
        title=N_("Side pots, step by step"),
        rules=five_card_draw(player_count=4),
        stacks=(60, 25, 500, 45),
        dealer=3,
        hands={0: "Qc Qd Jh 4d 3h", 1: "9c 9d 9h 4s 2c", 2: "Ah As 8d 7c 6h", 3: "Kc Kd 5h 5s 3c"},
        script=("bet 10", "raise 20", "raise 30", "raise 40", "call", "call",
                "pat", "pat", "pat", "pat", "all-in"),
        notes={2: N_("Seat 2 raised with its last 20 chips: a full raise, so it counts toward the cap, and Seat 2 is all-in."),
               4: N_("Seat 4's raise to 40 is the cap and uses its last chip."),
               6: N_("The round is over. Seat 2 put in 25 in all, so the main pot takes 25 from each player; the rest is a side pot."),
               11: N_("Seat 1 has only 15 left, less than the big bet: it bets them all-in. Seat 3, the only player "
                   "with chips left, calls automatically. Three pots now: each is won on its own at the showdown.")},
    )


def heads_up_hand() -> ScriptedHand:
    """Heads-up with blinds: the dealer posts the small blind and acts first before the draw; the
    other player acts first after it."""
    return ScriptedHand(
        title=N_("Heads-up order"),
        rules=five_card_draw(player_count=2, forced_bet="blinds"),
        stacks=(500, 500),
        dealer=1,
        hands={0: "Ac Ah 7d 5s 2c", 1: "Kc Qd Jh 8s 4c"},
        then="Kd 9c",
        script=("call", "check", "pat", "draw 8s 4c", "bet 20", "fold"),
        notes={0: N_("Seat 2 is the dealer: heads-up the dealer posts the small blind and acts first before the draw."),
               5: N_("After the draw the player who is not the dealer, Seat 1, acts first.")},
    )


def saloon_hand() -> ScriptedHand:
    """Saloon Draw: bets anywhere from $5 to $15 in $5 steps, three raises a round after the opening
    bet, a check-raise, no all-in (a player who cannot cover a call must fold), the first round's opener
    starts the second, and a player who ends the hand under $50 is out."""
    return ScriptedHand(
        title=N_("Saloon Draw: spread limit and no all-in"),
        rules=saloon_draw(player_count=4),
        stacks=(500, 500, 500, 55),
        dealer=0,
        hands={0: "Jc Jd 9h 6s 3c", 1: "Tc Td 7h 4s 2c", 2: "Ac Ad Kh 6d 5c", 3: "Qc Qd 8h 7s 4c"},
        script=("check", "bet 10", "raise 25", "raise 40", "raise 55", "call", "fold", "call",
                "draw 7h 4s 2c", "pat", "draw 9h 6s 3c", "bet 25", "raise 50", "fold", "call"),
        notes={0: N_("Seat 4 starts with $55. After its $5 ante it has $50 in front of it."),
               3: N_("Seat 4 raises by the most the round allows, $15, on top of the $10 bet: to $25."),
               5: N_("Seat 2 checked first and now raises: a check-raise, which is allowed. That is the third raise: "
                  "the cap."),
               7: N_("Seat 4 owes $30 but has only $25 left: there is no all-in in Saloon Draw, so it must fold. "
                  "It ends the hand with $25, under $50: it is out of the game."),
               12: N_("Seat 3 opened the first round, so Seat 3 starts the second. Round two allows $5 to $25.")},
    )


def short_stock_hand() -> ScriptedHand:
    """Eight players use 40 of the 52 cards, so only 12 are left for the draw. Seat 1 folds; Seats
    2 to 5 draw 3, 3, 3 and 2, leaving one card. Seat 6 wants three: it takes that last card, then
    Seat 1's folded hand and the 11 earlier discards (not Seat 6's own three) are shuffled into a new
    stock for the other two."""
    return ScriptedHand(
        title=N_("A short stock"),
        rules=five_card_draw(player_count=8),
        stacks=(500,) * 8,
        dealer=7,
        hands={0: "2c 7d 9h Js 4c", 1: "Kc Kd 8h 5s 3c", 2: "Qc Qd 9s 6h 2d", 3: "Jc Jd 7s 4h 3d",
               4: "Tc Td Ts 5h 2h", 5: "Ac 8d 6s 4d 2s", 6: "9c 8c 7c 6c 5c", 7: "Ah Kh Qh Jh 3h"},
        then="3s 4s 5d 6d 7h 8s 9d Th Qs Ks Ad As",
        script=("fold", *["check"] * 7,
                "draw 8h 5s 3c", "draw 9s 6h 2d", "draw 7s 4h 3d", "draw 5h 2h", "draw 6s 4d 2s", "pat", "draw 3h",
                *["check"] * 7),
        notes={8: N_("The first betting round is over: the draw starts left of the dealer, skipping Seat 1, who folded."),
               9: N_("Seat 2's three new cards come off the stock at once, before Seat 3 chooses."),
               13: N_("Seat 6 wants three cards but one is left: it takes it, and a new stock is shuffled for the rest.")},
    )


def whole_hand() -> ScriptedHand:
    """One whole hand of Five-Card Draw for a first-timer: antes, a check, a bet, a raise, calls and a
    fold, the draw, a second betting round and a showdown that a straight wins."""
    return ScriptedHand(
        title=N_("One whole hand, from the antes to the showdown"),
        rules=five_card_draw(player_count=4),
        stacks=(500, 500, 500, 500),
        dealer=3,
        hands={0: "Qc Qd 8c 5s 2c", 1: "Ah Kd 9c 6s 3h", 2: "Jh Th 9h 8h 2s", 3: "Kc Ks 6d 4d 3c"},
        then="Qh 9d 4s 7c Kh 5c 2d",
        script=("check", "check", "bet 10", "raise 20", "call", "fold", "call",
                "draw 8c 5s 2c", "draw 2s", "draw 6d 4d 3c",
                "check", "bet 20", "raise 40", "fold", "call"),
        notes={
            0: N_("Seat 4 has the button, so it deals. Everyone has put an ante of 5 into the pot (20 in all), and "
               "Seat 1, left of the dealer, speaks first."),
            1: N_("Seat 1 checks: nobody has bet yet, so it stays in without paying."),
            3: N_("Seat 3 bets 10, the small bet. Everyone after it must now call 10, raise or fold."),
            4: N_("Seat 4 raises to 20: it puts in the 10 to call and 10 more."),
            6: N_("Seat 2's ace-high is not worth 20 chips: it folds and gives up its ante."),
            7: N_("Everyone left has put in 20, so the first betting round is over. Time for the draw."),
            8: N_("Seat 1 keeps its queens and throws three cards; three new ones come straight away."),
            9: N_("Seat 3 throws one card, hoping for a seven or a queen to fill the straight."),
            11: N_("The second betting round. Seat 1 speaks first again: the first player still in, left of the dealer."),
            14: N_("Seat 1 folds its three queens rather than call 40."),
            15: N_("Nobody can bet any more: the showdown. Seat 3's straight beats Seat 4's three kings."),
        },
    )
