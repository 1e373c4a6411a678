"""Counts read off a hand's public record, below every layer that shows or asks about a hand: the full
bets and raises of the current betting round (the cap meter) and each seat's chips in each pot.

The lessons' stepper and pot diagram and the betting quizzes count the same way, from what anyone at the
table can see, never from a seat's hidden cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerlab.draw import HandState, Pot

__all__ = ["pot_slices", "raises_this_round"]


def raises_this_round(state: HandState) -> int:
    """Full bets and raises made in the current betting round, counted from the public event log.
    A short all-in is logged as ``all_in`` and so does not count, exactly as in the engine's cap."""
    count = 0
    for event in reversed(state.events):
        if event.kind in ("second_round_begins", "draw_begins"):
            break
        if event.kind in ("bet", "raise"):
            count += 1
    return count


def pot_slices(contributions: Sequence[int], pots: Sequence[Pot]) -> list[dict[int, int]] | None:
    """How many chips each seat put into each pot, found by cutting every contribution at the level
    where the engine's pot amounts add up (main pot first). None if the pots are not such layers.

    >>> from pokerlab.draw import build_pots
    >>> contributions = [45, 25, 45, 45]
    >>> pot_slices(contributions, build_pots(contributions, [False] * 4))
    [{0: 25, 1: 25, 2: 25, 3: 25}, {0: 20, 2: 20, 3: 20}]
    """
    levels = sorted({c for c in contributions if c > 0})
    slices: list[dict[int, int]] = []
    previous = 0
    for pot in pots:
        for level in (lv for lv in levels if lv > previous):
            layer = {seat: min(c, level) - previous for seat, c in enumerate(contributions) if c > previous}
            if sum(layer.values()) == pot.amount:
                slices.append(layer)
                previous = level
                break
        else:
            return None
    return slices
