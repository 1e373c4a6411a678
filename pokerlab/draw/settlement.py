"""The end of a hand: every pot settled (main pot first), ties split, the result recorded.

:class:`Settlement` is the part of :class:`~pokerlab.draw.state.HandState` (see
:mod:`pokerlab.draw.internals`) that the flow calls when the last betting round ends or everyone else
folds. Reasons are codes; :mod:`pokerlab.narration` says them.
"""

from __future__ import annotations

from operator import sub

from pokerlab.cards import Card
from pokerlab.draw.events import Phase
from pokerlab.draw.internals import CLOCKWISE, FOLDED, IN_HAND, HandInternals
from pokerlab.draw.legality import NO_OFFERS
from pokerlab.draw.pots import Pot, settle_pots, single_pot, split_pot
from pokerlab.draw.results import HandResult, PotAward
from pokerlab.hand_values import HandValue, dealt_value

_new_pot = tuple.__new__  # a Pot from a tuple of its fields, without a Python call
_OVER = Phase.OVER

Award = tuple[int, int, tuple[int, ...], tuple[int, ...], dict[int, int], str, tuple[int, ...]]
"""A pot's award as :class:`PotAward`'s fields in order, kept until the result is read."""


class Settlement(HandInternals):
    """Paying a hand that is over: to the last player in, or every pot at the showdown."""

    __slots__ = ()

    def _fold_order(self) -> list[int]:
        """The seats that folded, in the order they folded."""
        return [record[1] for record in self._events if record[0] == "fold"]  # the log's (kind, seat, ...) records

    def _finish_by_folds(self, winner: int) -> None:
        """Everyone else folded: ``winner`` takes what it may (an all-in winner only its level)."""
        contributions = self._contrib
        pots = (_new_pot(Pot, (sum(contributions), (winner,))),)
        if contributions[winner] < max(contributions):  # an all-in winner: chips above its level are not its
            pots = settle_pots(contributions, [st == FOLDED for st in self._status], self._fold_order())
        self._enter(_OVER)
        payouts = [0] * self.player_count
        awards = []
        for number, pot in enumerate(pots):
            taker = pot.eligible[0]
            reason = "folds" if taker == winner else "forfeit"
            self._stacks[taker] += pot.amount
            payouts[taker] += pot.amount
            self._record("win", taker, pot.amount, count=number, reason=reason)
            awards.append((number, pot.amount, pot.eligible, (taker,), {taker: pot.amount}, reason, ()))
        self._finish(payouts, awards, {}, {}, True)

    def _showdown(self) -> None:
        """Show the hands still in, settle every pot (main first) and split ties, odd chips from the dealer's left."""
        # Every hand that is not won by folds ends here, so this is written for speed: one pass over the
        # contenders, plain loops (a comprehension is a function call in Python 3.11), ints compared.
        status, hands, contributions, n = self._status, self._hands, self._contrib, self.player_count
        events, bets, put_in = self._events, self._bets, self._pot
        self._phase, self._phase_name, self._over = _OVER, "over", True  # as self._enter(Phase.OVER)
        strengths: dict[int, int] = {}  # ints compare quicker than values
        shown: dict[int, tuple[Card, ...]] = {}
        values: dict[int, HandValue] = {}  # named only when read (HandResult.hand_names)
        for seat in CLOCKWISE[n][(self.dealer + 1) % n]:  # shown in turn from the dealer's left
            if IN_HAND[status[seat]]:
                cards = shown[seat] = hands[seat]  # a tuple
                value = dealt_value(cards)  # five different cards, as dealt and drawn: no checks needed
                strengths[seat] = value.strength
                values[seat] = value
                events.append(("showdown", seat, 0, cards, (), 0, False, bets[seat], 0, put_in, "over",
                               "", ""))
        level = contributions[0]
        if self._in_hand == n and level and contributions.count(level) == n:
            # nobody folded and everyone put in the same (every heads-up showdown without an all-in): the
            # one pot single_pot would find, every seat eligible
            folded = [False] * n
            pots: tuple[Pot, ...] = (_new_pot(Pot, (level * n, CLOCKWISE[n][0])),)
        else:
            folded = list(map(FOLDED.__eq__, status))
            only = single_pot(contributions, folded)
            pots = (only,) if only is not None else settle_pots(contributions, folded, self._fold_order())
        strength_of = strengths.__getitem__
        stacks = self._stacks
        payouts = [0] * n
        awards = []
        for number, pot in enumerate(pots):
            compared: tuple[int, ...] = ()
            eligible = pot.eligible
            if folded[eligible[0]]:  # chips that only folded players put in
                winners = list(eligible)
                reason = "forfeit"
            elif len(eligible) == 1:
                winners, reason = list(eligible), "only_player"
            else:
                reason = "showdown"
                if len(eligible) == 2:  # heads-up: one comparison
                    first, second = eligible
                    ahead = strength_of(first) - strength_of(second)
                    winners = [first] if ahead > 0 else [second] if ahead < 0 else [first, second]
                    compared = (winners[0], second if winners[0] == first else first)
                else:
                    best = max(map(strength_of, eligible))
                    winners = [s for s in eligible if strengths[s] == best]
                    other = winners[1] if len(winners) > 1 else max(
                        [s for s in eligible if s != winners[0]], key=strength_of)
                    compared = (winners[0], other)
            amount = pot.amount
            if len(winners) == 1:  # as split_pot does for one winner
                seat = winners[0]
                shares = {seat: amount}
                payouts[seat] += amount
                stacks[seat] += amount
                events.append(("win", seat, amount, (), (), number, False, bets[seat], 0, put_in, "over",
                               reason, ""))
                awards.append((number, amount, eligible, (seat,), shares, reason, compared))
                continue
            shares = split_pot(pot, winners, self.dealer, n)
            for seat, chips in shares.items():
                payouts[seat] += chips
                stacks[seat] += chips
                events.append(("win", seat, chips, (), (), number, False, bets[seat], 0, put_in, "over",
                               reason, ""))
            awards.append((number, amount, eligible, tuple(sorted(winners)), shares, reason, compared))
        self._finish(payouts, awards, shown, values, False)

    def _finish(self, payouts: list[int], awards: list[Award], shown: dict[int, tuple[Card, ...]],
                values: dict[int, HandValue], by_fold: bool) -> None:
        """The chips are already paid; the outcome's values wait for :meth:`_outcome` (bots and simulations
        that play many hands never read them)."""
        self._actor = None  # the callers entered Phase.OVER before recording the wins
        self._legal_cache = NO_OFFERS
        self._settled = (payouts, awards, shown, values, by_fold)

    def _outcome(self) -> HandResult:
        """The :class:`HandResult` of a hand that is over (:attr:`HandState.results` makes it once)."""
        payouts, awards, shown, values, by_fold = self._settled  # type: ignore[misc]
        net = tuple(map(sub, self._stacks, self.starting_stacks))  # the stacks do not move once it is over
        return HandResult(net, tuple(payouts), tuple(PotAward(*award) for award in awards), shown, values, by_fold)
