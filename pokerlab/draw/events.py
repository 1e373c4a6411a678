"""The hand's event log: immutable records of everything that happened, in order, as data.

Events carry numbers and codes, never sentences: :mod:`pokerlab.narration` turns them into words for
one viewer. Some events carry private cards (``deal``: a seat's five cards; ``draw``: the discards and
the replacements); :func:`event_for` removes them for anyone else before an event leaves the engine.

**Amounts.** For every event that moves chips from a seat into the pot (``ante``, ``small_blind``,
``big_blind``, ``call``, ``bet``, ``raise``, ``all_in``) ``amount`` is the chips *added* by that event and
``to`` is the seat's total for the betting round afterwards ("raises to"). For ``win`` ``amount`` is the
chips received. ``pot`` is every chip put in so far, after the event; ``owed`` what the seat had to add to
stay in just before acting.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple

from pokerlab.cards import Card, parse_cards


class Phase(Enum):
    """Where the hand is: the first betting round, the draw, the second betting round, or over."""

    BETTING_ONE = "betting_one"
    DRAW = "draw"
    BETTING_TWO = "betting_two"
    OVER = "over"


KINDS = (
    "button", "ante", "small_blind", "big_blind", "deal", "fold", "check", "call", "bet", "raise", "all_in",
    "draw_begins", "draw", "ace_shown", "reshuffle", "second_round_begins", "betting_skipped", "showdown", "win",
)
"""Every kind of event, in the order they can first appear in a hand."""

BETTING_KINDS = frozenset({"fold", "check", "call", "bet", "raise", "all_in"})
"""A player's choice in a betting round (a call made for them, ``reason == "automatic"``, is not one:
rule book 002, decision 8)."""
CHOICE_KINDS = BETTING_KINDS | {"draw"}
"""A player's own choice, betting or drawing (the other events are the dealer's: deals, antes, results)."""

WIN_REASONS = ("folds", "forfeit", "only_player", "showdown")
"""Why a ``win`` event's seat took the chips: everyone else folded; it was the last player left in a pot
that everyone else who put chips in folded; it was the only player eligible for that pot; or its hand
was best (or tied for best) at the showdown."""


class Event(NamedTuple):
    """One thing that happened (see the module docstring for the amount convention).

    ``count``: cards drawn (``draw``), cards shuffled into a new stock (``reshuffle``), or the pot's
    number for ``win`` (0 = the main pot). ``all_in``: this event used the seat's last chip.
    ``all_in_as``: for an ``all_in`` event, ``"call"`` when it does not exceed the bet to match, else
    ``"raise"``. ``reason``: a code where there is a choice of reasons (:data:`WIN_REASONS` for ``win``;
    ``"automatic"`` for the call made for the last player with chips, rule book 002 and decision 8).
    ``phase``: the phase the event happened in.
    """

    kind: str
    seat: int | None = None
    amount: int = 0
    cards: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    count: int = 0
    all_in: bool = False
    to: int = 0
    owed: int = 0
    pot: int = 0
    phase: str = "betting_one"
    reason: str = ""
    all_in_as: str = ""


PRIVATE_KINDS = frozenset({"deal", "draw"})
"""Kinds whose ``cards``/``received`` only their own seat may see."""


def in_log_of(event: Event, viewer: int | None) -> bool:
    """Whether ``viewer``'s log has a line for ``event``: every event except another seat's deal
    (everyone is dealt five cards, so that line would tell the viewer nothing)."""
    return event.kind != "deal" or event.seat == viewer


def event_for(event: Event, viewer: int | None) -> dict[str, Any]:
    """``event`` as a JSON-able dict for ``viewer``: another seat's private cards are left out (a draw
    keeps its public count)."""
    private = event.kind in PRIVATE_KINDS and event.seat != viewer
    return {
        "kind": event.kind, "seat": event.seat, "amount": event.amount, "to": event.to, "owed": event.owed,
        "pot": event.pot, "phase": event.phase, "count": event.count, "all_in": event.all_in,
        "all_in_as": event.all_in_as, "reason": event.reason,
        "cards": [] if private else [str(card) for card in event.cards],
        "received": [] if private else [str(card) for card in event.received],
    }


def events_from_view(items: list[dict[str, Any]]) -> list[Event]:
    """The events of a view (:func:`event_for` dicts) as :class:`Event` values again: the hand as that
    viewer saw it, for the coach's review of their own decisions."""
    return [Event(item["kind"], item["seat"], item["amount"], tuple(parse_cards(item["cards"])),
                  tuple(parse_cards(item["received"])), item["count"], item["all_in"], item["to"], item["owed"],
                  item["pot"], item["phase"], item["reason"], item["all_in_as"]) for item in items]


def seat_name(seat: int) -> str:
    """Seats are numbered from 1 wherever a person reads them: seat index 0 is "Seat 1"."""
    return f"Seat {seat + 1}"
