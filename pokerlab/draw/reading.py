"""What anyone may read of a hand: :class:`HandReading`, the public reading of a
:class:`~pokerlab.draw.state.HandState` (see :mod:`pokerlab.draw.internals`).

Everything here is the whole truth, every seat's cards included (:meth:`HandReading.cards`); what one
seat may know is :func:`pokerlab.draw.view.project`, which reads only this. Values are made when read:
a playing loop reads a few of them at every step, and a result or the log's events only at the end.
"""

from __future__ import annotations

from functools import partial
from operator import attrgetter
from typing import Any

from pokerlab import english
from pokerlab.cards import Card
from pokerlab.draw.actions import Action
from pokerlab.draw.events import Event, Phase
from pokerlab.draw.internals import ACTIVE, FOLDED, STATUS_NAMES
from pokerlab.draw.legality import Legality
from pokerlab.draw.pots import Pot, build_pots, settle_pots
from pokerlab.draw.results import HandResult
from pokerlab.draw.settlement import Settlement

_OVER, _BETTING_ONE, _BETTING_TWO = Phase.OVER, Phase.BETTING_ONE, Phase.BETTING_TWO
_as_event = partial(tuple.__new__, Event)
"""An :class:`Event` from a record of the log (a plain tuple of all its fields, in Event's order)."""


def _reader(slot: str, doc: str) -> Any:
    """A read-only property returning the slot ``slot``, its getter written in C."""
    return property(attrgetter(slot), doc=doc)


class HandReading(Legality, Settlement):
    """The readings of a hand: its phase, seats, chips, pots, log, cap and result (the legal actions
    come from :class:`~pokerlab.draw.legality.Legality`)."""

    __slots__ = ()

    # The readings a playing loop makes at every step are properties whose getter is an
    # ``operator.attrgetter``: it runs in C, where a ``def`` getter costs a Python call (several times
    # slower in Python 3.11).
    phase: Phase = _reader("_phase", "The phase of the hand.")
    actor: int | None = _reader("_actor", "The seat to act, or None when the hand is over.")
    is_over: bool = _reader("_over", "True once the hand is over.")

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has put in during the current betting round."""
        return tuple(self._bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in during the whole hand (forced bets included)."""
        return tuple(self._contrib)

    current_bet: int = _reader("_current", "The round total a player must reach to stay in.")

    @property
    def statuses(self) -> tuple[str, ...]:
        """Per seat: ``active``, ``folded``, ``all-in`` or ``out``."""
        return tuple(STATUS_NAMES[s] for s in self._status)

    @property
    def draw_counts(self) -> tuple[int | None, ...]:
        """Cards each seat drew (public for the rest of the hand); None before they draw."""
        return tuple(self._draw_counts)

    @property
    def shown_aces(self) -> tuple[Card | None, ...]:
        """The ace each seat turned face up to draw four under ace draw."""
        return tuple(self._shown_aces)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened so far, in order (see :mod:`pokerlab.draw.events`)."""
        values, log = self._event_values, self._events
        if len(values) < len(log):  # made once per record, on the first reading after it
            values.extend(map(_as_event, log[len(values):]))
        return tuple(values)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, in order: with the seed, enough to replay the hand."""
        return tuple(self._actions)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot then side pots, from everything put in so far (current round included).
        While the hand goes on, a player with chips counts as eligible for every pot."""
        pots = self._pots_cache
        if pots is None:
            status = self._status
            if self._phase is _OVER:
                pots = settle_pots(self._contrib, [st == FOLDED for st in status], self._fold_order())
            else:
                pots = build_pots(self._contrib, [st == FOLDED for st in status], [st == ACTIVE for st in status])
            self._pots_cache = pots
        return pots

    @property
    def results(self) -> HandResult | None:
        """The outcome once the hand is over, else None (made on first reading: the chips are paid when
        the hand ends, and loops that play many hands never read it)."""
        result = self._result
        if result is None and self._settled is not None:
            result = self._result = self._outcome()
        return result

    @property
    def payouts(self) -> tuple[int, ...] | None:
        """Net chip change per seat once the hand is over, else None."""
        result = self.results
        return None if result is None else result.net

    @property
    def cap(self) -> dict[str, Any]:
        """The raise cap this round, as data: ``bets_made`` (bets and raises so far; a big blind is not
        one), ``cap``, ``raises_left``, ``raising_open`` (whether anyone could still bet or raise: not
        when the cap is reached or fewer than two players have chips), ``blinds_round`` and ``phase``.
        :func:`pokerlab.narration.cap_text` says it in words."""
        made, cap = self._bet_count, self.rules.bet_cap
        betting = self._phase is _BETTING_ONE or self._phase is _BETTING_TWO
        return {
            "phase": self._phase.value, "bets_made": made, "cap": cap, "raises_left": max(cap - made, 0),
            "raising_open": betting and self._raising_open(),
            "blinds_round": self._round == 0 and self.rules.forced_bet == "blinds",
        }

    @property
    def cap_meter(self) -> str:
        """:attr:`cap` in English, e.g. ``"bet 2 of 4, 2 raises left"`` (:func:`pokerlab.narration.cap_text`
        says it in a language; see :mod:`pokerlab.english`)."""
        return english.writer("HandState.cap_meter")(self.cap)

    def cards(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards. Private: a view for another seat must not show them unless revealed."""
        return self._hands[seat]
