"""Main and side pots, and splitting them.

Each player's total contribution to the hand is sliced into layers at every all-in level: a player
is eligible for a layer only if they are still in the hand and put in at least that much, so an
all-in player wins from each opponent only what they themselves put in.

>>> build_pots([10, 30, 30, 5], folded=[False, False, False, True])
(Pot(amount=35, eligible=(0, 1, 2)), Pot(amount=40, eligible=(1, 2)))
>>> split_pot(Pot(amount=35, eligible=(0, 1, 2)), winners=[1, 2], dealer=1, player_count=4)
{2: 18, 1: 17}

At the end of a hand, chips that only folded players reached are not won by the all-in players below
them; they go to the last of those players to fold (see :func:`settle_pots`):

>>> settle_pots([22, 12, 22], folded=[True, False, True], fold_order=[2, 0])
(Pot(amount=36, eligible=(1,)), Pot(amount=20, eligible=(0,)))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


def pot_name(number: int) -> str:
    """``Main pot`` for the first pot, ``Side pot 1``, ``Side pot 2``... after it."""
    return "Main pot" if number == 0 else f"Side pot {number}"


class Pot(NamedTuple):
    """Chips in one pot and the seats that can win it (seat order)."""

    amount: int
    eligible: tuple[int, ...]


_new_pot = tuple.__new__
"""Builds a Pot from a tuple of its fields: every hand's end makes one, and the NamedTuple's own
``__new__`` is a Python call (about twice the time)."""


def build_pots(
    contributions: Sequence[int], folded: Sequence[bool], can_still_match: Sequence[bool] | None = None
) -> tuple[Pot, ...]:
    """The main pot then the side pots. A top layer that only one player reached (an uncalled bet) is
    a pot of its own with that single eligible seat; layers with the same eligible seats are merged,
    and chips that no live player reached join the layer below.

    During a betting round, ``can_still_match`` marks players who still have chips: they are eligible
    for every layer (they may yet match it), so only all-in amounts cut the pot into layers.
    """
    if can_still_match is None:
        levels = sorted({c for c in contributions if c > 0})
    else:
        levels = sorted({c for c, can in zip(contributions, can_still_match) if c > 0 and not can}
                        | {max(contributions)} - {0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = 0
        eligible = []
        for seat, contribution in enumerate(contributions):
            if contribution > previous:
                amount += (contribution if contribution < level else level) - previous
            if not folded[seat] and (contribution >= level or (can_still_match is not None and can_still_match[seat])):
                eligible.append(seat)
        previous = level
        if pots and (not eligible or tuple(eligible) == pots[-1].eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount, tuple(eligible)))
    return tuple(pots)


def settle_pots(
    contributions: Sequence[int], folded: Sequence[bool], fold_order: Sequence[int]
) -> tuple[Pot, ...]:
    """The pots when the hand ends: as :func:`build_pots`, except that a layer every contributor of
    which folded is not handed down to the players below it (an all-in player wins from each opponent
    only up to what they put in). Such a layer was left to the last of its players to fold, the way an
    uncontested side pot is: it is a pot whose single eligible seat is that (folded) player.
    ``fold_order`` lists the folded seats in the order they folded."""
    only = single_pot(contributions, folded)
    if only is not None:
        return (only,)
    when_folded = {seat: index for index, seat in enumerate(fold_order)}
    pots: list[Pot] = []
    previous = 0
    for level in sorted({c for c in contributions if c > 0}):
        amount = 0
        reached = []
        for seat, contribution in enumerate(contributions):
            if contribution > previous:
                amount += (contribution if contribution < level else level) - previous
            if contribution >= level:
                reached.append(seat)
        eligible = tuple(seat for seat in reached if not folded[seat])
        if not eligible:
            eligible = (max(reached, key=lambda seat: when_folded.get(seat, -1)),)
        previous = level
        if pots and eligible == pots[-1].eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
    return tuple(pots)


def single_pot(contributions: Sequence[int], folded: Sequence[bool]) -> Pot | None:
    """The one pot there is when everyone still in put in the most (the usual end of a hand: every
    layer then has the same eligible seats, so :func:`settle_pots` merges them into one), else None."""
    top = max(contributions, default=0)
    if not top:
        return None
    live = []
    for seat, contribution in enumerate(contributions):  # a loop: every hand's end asks this
        if contribution and not folded[seat]:
            if contribution != top:
                return None
            live.append(seat)
    return _new_pot(Pot, (sum(contributions), tuple(live))) if live else None


def split_pot(pot: Pot, winners: Sequence[int], dealer: int, player_count: int) -> dict[int, int]:
    """Chips each winner gets from this pot. Odd chips go one at a time to the tied winners starting
    with the one closest to the dealer's left, clockwise."""
    if len(winners) == 1:
        return {winners[0]: pot.amount}
    share, odd = divmod(pot.amount, len(winners))
    order = sorted(winners, key=lambda seat: (seat - dealer - 1) % player_count)
    return {seat: share + (1 if index < odd else 0) for index, seat in enumerate(order)}
