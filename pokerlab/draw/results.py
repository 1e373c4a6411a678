"""How a hand ended, as data: who won each pot and why, and every seat's chip change.

Reasons are codes (:data:`pokerlab.draw.events.WIN_REASONS`); at a showdown ``compared`` names the two
seats whose hands decide the pot (the winner and the best loser, or two tied winners), so
:mod:`pokerlab.narration` can say which step of the ranking decided it for any viewer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokerlab.cards import Card


@dataclass(frozen=True, init=False)
class PotAward:
    """Who won one pot: ``shares`` maps seat to chips; ``reason`` a code (``folds``, ``forfeit``,
    ``only_player``, ``showdown``); ``compared`` the two seats whose hands decided a showdown pot."""

    pot: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: dict[int, int]
    reason: str
    compared: tuple[int, ...] = ()

    def __init__(self, pot: int, amount: int, eligible: tuple[int, ...], winners: tuple[int, ...],
                 shares: dict[int, int], reason: str, compared: tuple[int, ...] = ()) -> None:
        # every hand ends by building these: the fields go straight into the instance's dict, about
        # twice as quick as the generated frozen __init__ (one object.__setattr__ call per field)
        self.__dict__.update(pot=pot, amount=amount, eligible=eligible, winners=winners, shares=shares,
                             reason=reason, compared=compared)

    def to_json(self) -> dict[str, Any]:
        return {
            "pot": self.pot, "amount": self.amount, "eligible": list(self.eligible), "winners": list(self.winners),
            "shares": {str(s): v for s, v in self.shares.items()}, "reason": self.reason,
            "compared": list(self.compared),
        }


@dataclass(frozen=True, init=False)
class HandResult:
    """The outcome: ``net`` chip change per seat, ``payouts`` chips paid from the pots per seat,
    ``awards`` per pot, ``shown`` the hands revealed at showdown (none when won by folds),
    ``hand_names`` the shown hands' names."""

    net: tuple[int, ...]
    payouts: tuple[int, ...]
    awards: tuple[PotAward, ...]
    shown: dict[int, tuple[Card, ...]]
    hand_names: dict[int, str]
    won_by_fold: bool

    def __init__(self, net: tuple[int, ...], payouts: tuple[int, ...], awards: tuple[PotAward, ...],
                 shown: dict[int, tuple[Card, ...]], hand_names: dict[int, str], won_by_fold: bool) -> None:
        # as PotAward: one per hand, fields written straight into the instance's dict
        self.__dict__.update(net=net, payouts=payouts, awards=awards, shown=shown, hand_names=hand_names,
                             won_by_fold=won_by_fold)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(sorted({seat for award in self.awards for seat in award.winners}))

    @property
    def explanation(self) -> str:
        """Every pot's reason, one per line, with seats called "Seat N" (see :mod:`pokerlab.narration`
        for other viewers)."""
        from pokerlab.narration import award_reason

        return "\n".join(award_reason(award, self) for award in self.awards)

    def to_json(self) -> dict[str, Any]:
        return {
            "net": list(self.net), "payouts": list(self.payouts), "won_by_fold": self.won_by_fold,
            "shown": {str(seat): [str(c) for c in cards] for seat, cards in self.shown.items()},
            "hand_names": {str(seat): name for seat, name in self.hand_names.items()},
            "pots": [award.to_json() for award in self.awards],
        }
