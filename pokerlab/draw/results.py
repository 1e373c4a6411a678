"""How a hand ended, as data: who won each pot and why, and every seat's chip change.

Reasons are codes (:data:`pokerlab.draw.events.WIN_REASONS`); at a showdown ``compared`` names the two
seats whose hands decide the pot (the winner and the best loser, or two tied winners), so
:mod:`pokerlab.narration` can say which step of the ranking decided it for any viewer.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pokerlab import english
from pokerlab.cards import Card
from pokerlab.hand_values import HandValue


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
        # every hand ends by building these: the fields go straight into the instance's dict, one store
        # each (the generated frozen __init__ makes an object.__setattr__ call per field, and a keyword
        # update builds a dict of them first)
        fields = self.__dict__
        fields["pot"] = pot
        fields["amount"] = amount
        fields["eligible"] = eligible
        fields["winners"] = winners
        fields["shares"] = shares
        fields["reason"] = reason
        fields["compared"] = compared

    def to_json(self) -> dict[str, Any]:
        return {
            "pot": self.pot, "amount": self.amount, "eligible": list(self.eligible), "winners": list(self.winners),
            "shares": {str(s): v for s, v in self.shares.items()}, "reason": self.reason,
            "compared": list(self.compared),
        }


@dataclass(frozen=True, init=False, eq=False, repr=False)
class HandResult:
    """The outcome: ``net`` chip change per seat, ``payouts`` chips paid from the pots per seat,
    ``awards`` per pot, ``shown`` the hands revealed at showdown (none when won by folds),
    ``hand_values`` the shown hands' values and ``hand_names`` their names."""

    net: tuple[int, ...]
    payouts: tuple[int, ...]
    awards: tuple[PotAward, ...]
    shown: dict[int, tuple[Card, ...]]
    hand_values: dict[int, HandValue]
    won_by_fold: bool

    def __init__(self, net: tuple[int, ...], payouts: tuple[int, ...], awards: tuple[PotAward, ...],
                 shown: dict[int, tuple[Card, ...]], hand_values: dict[int, HandValue], won_by_fold: bool) -> None:
        # as PotAward: one per hand, fields written straight into the instance's dict
        fields = self.__dict__
        fields["net"] = net
        fields["payouts"] = payouts
        fields["awards"] = awards
        fields["shown"] = shown
        fields["hand_values"] = hand_values
        fields["won_by_fold"] = won_by_fold

    @cached_property
    def hand_names(self) -> dict[int, str]:
        """The shown hands' names, written on first reading: bots and simulations never read them,
        and a name's first formatting costs more than the evaluation."""
        return {seat: value.name for seat, value in self.hand_values.items()}

    def _compared(self) -> tuple[Any, ...]:
        return self.net, self.payouts, self.awards, self.shown, self.hand_names, self.won_by_fold

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._compared() == other._compared()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # as before: its dicts make it unhashable

    def __repr__(self) -> str:
        # the text the dataclass wrote when the names were a field
        return (f"HandResult(net={self.net!r}, payouts={self.payouts!r}, awards={self.awards!r}, "
                f"shown={self.shown!r}, hand_names={self.hand_names!r}, won_by_fold={self.won_by_fold!r})")

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(sorted({seat for award in self.awards for seat in award.winners}))

    @property
    def explanation(self) -> str:
        """Every pot's reason in English, one per line, with seats called "Seat N"
        (:func:`pokerlab.narration.award_reason` says each for a voice; see :mod:`pokerlab.english`)."""
        reason = english.writer("HandResult.explanation")
        return "\n".join(reason(award, self) for award in self.awards)

    def to_json(self) -> dict[str, Any]:
        return {
            "net": list(self.net), "payouts": list(self.payouts), "won_by_fold": self.won_by_fold,
            "shown": {str(seat): [str(c) for c in cards] for seat, cards in self.shown.items()},
            "hand_names": {str(seat): name for seat, name in self.hand_names.items()},
            "pots": [award.to_json() for award in self.awards],
        }
