"""What a hand keeps: the fields every part of :class:`~pokerlab.draw.state.HandState` reads and writes.

A hand is one object, and its parts are the classes it is made of, each in a module of its own and each
a subclass of :class:`HandInternals`, so each works on the same fields through ``self``:

* :class:`~pokerlab.draw.legality.Legality`: what the actor may do, and why anything else is refused;
* :class:`~pokerlab.draw.settlement.Settlement`: the end of a hand, every pot paid;
* :class:`~pokerlab.draw.reading.HandReading`: the public reading of a hand (both of the above below it);
* :class:`~pokerlab.draw.state.HandState`: the flow of a hand (forced bets, the deal, betting, the draw).

Fields are plain lists of ints indexed by seat, not objects: bots and simulations play many hands, and
``benchmarks/bench_engine.py`` measures what each step costs.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerlab.cards import Card
from pokerlab.draw.actions import Action
from pokerlab.draw.events import Phase
from pokerlab.draw.results import HandResult
from pokerlab.draw.rules import Rules

ACTIVE, FOLDED, ALL_IN, OUT = 0, 1, 2, 3
"""Seat statuses, as a hand keeps them (ints for speed)."""
STATUS_NAMES = ("active", "folded", "all-in", "out")
"""The statuses' names, by status: what :attr:`HandState.statuses` reads."""
IN_HAND = (True, False, True, False)
"""By status: whether the seat is still in the hand (active or all-in)."""
CLOCKWISE = {n: tuple(tuple((start + i) % n for i in range(n)) for start in range(n)) for n in range(2, 9)}
"""Per table size, the seats clockwise from each start: loops walk these instead of computing
``(start + i) % n`` for every seat they look at."""

Record = tuple[Any, ...]
"""One record of the log: an :class:`~pokerlab.draw.events.Event`'s fields in order, as a plain tuple
(a hand records 15-60 events and nobody playing it reads them; an Event costs about twice as much to
make and free). :attr:`HandState.events` makes the Events when read."""


class HandInternals:
    """The fields of a hand, and the two writes every part makes: a record in the log, a new phase."""

    __slots__ = (
        "rules", "player_count", "dealer", "seed", "deck_order", "starting_stacks", "small_blind_seat",
        "big_blind_seat", "_rng", "_stock", "_muck", "_hands", "_status", "_stacks", "_bets", "_contrib",
        "_current", "_bet_count", "_pending", "_may_raise", "_round", "_phase", "_actor", "_opener",
        "_draw_queue", "_draw_counts", "_shown_aces", "_events", "_event_values", "_actions", "_legal_cache",
        "_result", "_settled", "_all_in_ok", "_pots_cache", "_phase_name", "_pot", "_in_hand", "_with_chips",
        "_over", "_offers", "_phase_offers", "_after",
    )

    # what the table is
    rules: Rules
    player_count: int
    dealer: int
    seed: int | dict[str, Any]
    """The int seed, or the generator's state before the shuffle: with the actions, the whole hand."""
    deck_order: tuple[Card, ...] | None
    """The prearranged stock (first card dealt first), or None when the generator shuffled it."""
    starting_stacks: tuple[int, ...]
    small_blind_seat: int | None
    big_blind_seat: int | None
    # the cards: the stock's top is the end of its list; the muck is what a reshuffle makes a new stock of
    _rng: np.random.Generator
    _stock: list[Card]
    _muck: list[Card]
    _hands: list[tuple[Card, ...]]
    """Per seat, its cards as a tuple (the log and the showdown share it; () once folded)."""
    # per seat
    _status: list[int]
    _stacks: list[int]
    _bets: list[int]
    """Chips put in during this betting round."""
    _contrib: list[int]
    """Chips put in during the whole hand."""
    _pending: list[bool]
    """Whether the seat has still to act in this betting round."""
    _may_raise: list[bool]
    """Whether the seat may still raise in this round (not after a short all-in it already answered)."""
    _draw_counts: list[int | None]
    _shown_aces: list[Card | None]
    # the betting round and the phase
    _current: int
    """The round total a player must reach to stay in."""
    _bet_count: int
    """Bets and raises made this round (what the cap counts)."""
    _round: int
    _phase: Phase
    _phase_name: str
    """``_phase``'s value (read at every record, without the enum's property)."""
    _over: bool
    _actor: int | None
    _opener: int | None
    """Who made the first round's first bet (the second round's opener under some rules)."""
    _draw_queue: list[int]
    _pot: int
    _in_hand: int
    """Seats not folded or out."""
    _with_chips: int
    """Seats that may still bet (not all-in, folded or out)."""
    _all_in_ok: bool
    _after: tuple[tuple[int, ...], ...]
    """Per seat, the seats clockwise from the one after it (where the search for the next actor starts)."""
    # the log
    _events: list[Record]
    _event_values: list[Any]
    """The log's records made :class:`~pokerlab.draw.events.Event`\\ s, as far as they were read."""
    _actions: list[Action]
    # kept until the next action, or made once the hand is over
    _offers: Any
    """The current phase's shared offers (:data:`pokerlab.draw.legality.PhaseOffers`' part)."""
    _phase_offers: Any
    """The rules' shared offers for every phase (:func:`pokerlab.draw.legality.offer_entry`)."""
    _legal_cache: Any
    """This decision's offers (:data:`pokerlab.draw.legality.Offers`), None until asked."""
    _pots_cache: Any
    _settled: tuple[Any, ...] | None
    """What the end of the hand paid, until the result is read."""
    _result: HandResult | None

    def _record(self, kind: str, seat: int | None = None, amount: int = 0, cards: tuple[Card, ...] = (),
                received: tuple[Card, ...] = (), count: int = 0, all_in: bool = False, owed: int = 0,
                reason: str = "", all_in_as: str = "") -> None:
        """Append an event's record, stamped with the phase, the pot and the seat's round total."""
        to = self._bets[seat] if seat is not None else 0
        self._events.append((kind, seat, amount, cards, received, count, all_in, to, owed,
                             self._pot, self._phase_name, reason, all_in_as))

    def _enter(self, phase: Phase) -> None:
        self._phase = phase
        self._over = phase is Phase.OVER
        self._phase_name = phase._value_  # as phase.value, without the enum property's call
