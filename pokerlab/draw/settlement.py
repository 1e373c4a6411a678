"""The end of a hand: every pot settled (main pot first), ties split, the result recorded.

Functions over a :class:`~pokerlab.draw.state.HandState`'s internals, called by the state when the
last betting round ends or everyone else folds. Reasons are codes; :mod:`pokerlab.narration` says them.
"""

from __future__ import annotations

from operator import sub
from typing import TYPE_CHECKING

from pokerlab.cards import Card
from pokerlab.draw.events import Phase
from pokerlab.draw.legality import CLOCKWISE, FOLDED, IN_HAND, NO_OFFERS
from pokerlab.draw.pots import Pot, settle_pots, single_pot, split_pot
from pokerlab.draw.results import HandResult, PotAward
from pokerlab.hand_values import HandValue, dealt_value

_new_pot = tuple.__new__  # a Pot from a tuple of its fields, without a Python call
_OVER = Phase.OVER

if TYPE_CHECKING:
    from pokerlab.draw.state import HandState


def fold_order(state: HandState) -> list[int]:
    """The seats that folded, in the order they folded."""
    return [record[1] for record in state._events if record[0] == "fold"]  # the log's (kind, seat, ...) records


def finish_by_folds(state: HandState, winner: int) -> None:
    """Everyone else folded: ``winner`` takes what it may (an all-in winner only its level)."""
    contributions = state._contrib
    pots = (_new_pot(Pot, (sum(contributions), (winner,))),)
    if contributions[winner] < max(contributions):  # an all-in winner: chips above its level are not its
        pots = settle_pots(contributions, [st == FOLDED for st in state._status], fold_order(state))
    state._enter(_OVER)
    payouts = [0] * state.player_count
    awards = []
    for number, pot in enumerate(pots):
        taker = pot.eligible[0]
        reason = "folds" if taker == winner else "forfeit"
        state._stacks[taker] += pot.amount
        payouts[taker] += pot.amount
        state._record("win", taker, pot.amount, count=number, reason=reason)
        awards.append((number, pot.amount, pot.eligible, (taker,), {taker: pot.amount}, reason, ()))
    _finish(state, payouts, awards, {}, {}, True)


def showdown(state: HandState) -> None:
    """Show the hands still in, settle every pot (main first) and split ties, odd chips from the dealer's left."""
    # Every hand that is not won by folds ends here, so this is written for speed: one pass over the
    # contenders, plain loops (a comprehension is a function call in Python 3.11), ints compared.
    status, hands, contributions, n = state._status, state._hands, state._contrib, state.player_count
    events, bets, put_in = state._events, state._bets, state._pot
    state._phase, state._phase_name, state._over = _OVER, "over", True  # as state._enter(Phase.OVER)
    strengths: dict[int, int] = {}  # ints compare quicker than values
    shown: dict[int, tuple[Card, ...]] = {}
    values: dict[int, HandValue] = {}  # named only when read (HandResult.hand_names)
    for seat in CLOCKWISE[n][(state.dealer + 1) % n]:  # shown in turn from the dealer's left
        if IN_HAND[status[seat]]:
            cards = shown[seat] = hands[seat]  # a tuple
            value = dealt_value(cards)  # five different cards, as dealt and drawn: no checks needed
            strengths[seat] = value.strength
            values[seat] = value
            events.append(("showdown", seat, 0, cards, (), 0, False, bets[seat], 0, put_in, "over",
                           "", ""))
    level = contributions[0]
    if state._in_hand == n and level and contributions.count(level) == n:
        # nobody folded and everyone put in the same (every heads-up showdown without an all-in): the
        # one pot single_pot would find, every seat eligible
        folded = [False] * n
        pots: tuple[Pot, ...] = (_new_pot(Pot, (level * n, CLOCKWISE[n][0])),)
    else:
        folded = list(map(FOLDED.__eq__, status))
        only = single_pot(contributions, folded)
        pots = (only,) if only is not None else settle_pots(contributions, folded, fold_order(state))
    strength_of = strengths.__getitem__
    stacks = state._stacks
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
        shares = split_pot(pot, winners, state.dealer, n)
        for seat, chips in shares.items():
            payouts[seat] += chips
            stacks[seat] += chips
            events.append(("win", seat, chips, (), (), number, False, bets[seat], 0, put_in, "over",
                           reason, ""))
        awards.append((number, amount, eligible, tuple(sorted(winners)), shares, reason, compared))
    _finish(state, payouts, awards, shown, values, False)


Award = tuple[int, int, tuple[int, ...], tuple[int, ...], dict[int, int], str, tuple[int, ...]]
"""A pot's award as :class:`PotAward`'s fields in order, kept until the result is read."""


def _finish(state: HandState, payouts: list[int], awards: list[Award], shown: dict[int, tuple[Card, ...]],
            values: dict[int, HandValue], by_fold: bool) -> None:
    """The chips are already paid; the outcome's values wait for :func:`outcome` (bots and simulations
    that play many hands never read them)."""
    state._actor = None  # the callers entered Phase.OVER before recording the wins
    state._legal_cache = NO_OFFERS
    state._settled = (payouts, awards, shown, values, by_fold)


def outcome(state: HandState) -> HandResult:
    """The :class:`HandResult` of a hand that is over (:attr:`HandState.results` makes it once)."""
    payouts, awards, shown, values, by_fold = state._settled  # type: ignore[misc]
    net = tuple(map(sub, state._stacks, state.starting_stacks))  # the stacks do not move once it is over
    return HandResult(net, tuple(payouts), tuple(PotAward(*award) for award in awards), shown, values, by_fold)
