"""The hand's event log: immutable records of everything that happened, in order.

Some events carry private cards (``deal``: a seat's five cards; ``draw``: the discards and the
replacements). The log is engine-side; :mod:`pokerlab.draw.view` and :mod:`pokerlab.history` filter it
for a seat before anything leaves the engine.
"""

from __future__ import annotations

from typing import NamedTuple

from pokerlab.cards import Card


class Event(NamedTuple):
    """One thing that happened.

    ``kind`` is one of: ``button``, ``ante``, ``small_blind``, ``big_blind``, ``deal``, ``fold``,
    ``check``, ``call``, ``bet``, ``raise``, ``all_in``, ``draw_begins``, ``draw``, ``ace_shown``,
    ``reshuffle``, ``second_round_begins``, ``betting_skipped``, ``showdown``, ``win``.
    ``amount`` is chips put in (forced bets, call, all-in), the round total for bet/raise, or chips won;
    ``count`` the number of cards drawn, reshuffled, or the pot number for ``win``; ``all_in`` marks
    the action that used a player's last chip.
    """

    kind: str
    seat: int | None = None
    amount: int = 0
    cards: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    count: int = 0
    all_in: bool = False
    text: str = ""


PRIVATE_KINDS = frozenset({"deal", "draw"})
"""Kinds whose ``cards``/``received`` only their own seat may see."""


def in_log_of(event: Event, viewer: int | None) -> bool:
    """Whether ``viewer``'s log has a line for ``event``: every event except another seat's deal
    (everyone is dealt five cards, so that line would tell the viewer nothing)."""
    return event.kind != "deal" or event.seat == viewer


def seat_name(seat: int) -> str:
    """Text numbers seats from 1: seat index 0 is "Seat 1"."""
    return f"Seat {seat + 1}"


def describe(event: Event, viewer: int | None = None) -> str:
    """One line of text for a seat (``None``: a spectator). Private cards appear only for their owner."""
    who = seat_name(event.seat) if event.seat is not None else ""
    mine = viewer is not None and viewer == event.seat
    kind = event.kind
    tail = " and is all-in" if event.all_in else ""
    if kind == "button":
        return f"{who} is the dealer"
    if kind == "ante":
        return f"{who} posts an ante of {event.amount}{tail}"
    if kind in ("small_blind", "big_blind"):
        return f"{who} posts the {kind.replace('_', ' ')} of {event.amount}{tail}"
    if kind == "deal":
        return f"{who} is dealt " + (" ".join(map(str, event.cards)) if mine else f"{len(event.cards)} cards")
    if kind == "fold":
        return f"{who} folds"
    if kind == "check":
        return f"{who} checks"
    if kind == "call":
        return f"{who} calls {event.amount}{tail}"
    if kind == "bet":
        return f"{who} bets {event.amount}{tail}"
    if kind == "raise":
        return f"{who} raises to {event.amount}{tail}"
    if kind == "all_in":
        return f"{who} goes all-in for {event.amount}"
    if kind == "draw_begins":
        return "The draw"
    if kind == "draw":
        if event.count == 0:
            return f"{who} stands pat"
        text = f"{who} draws {event.count}"
        if mine:
            text += f" (discards {' '.join(map(str, event.cards))}, receives {' '.join(map(str, event.received))})"
        return text
    if kind == "ace_shown":
        return f"{who} keeps and shows {event.cards[0]}"
    if kind == "reshuffle":
        return f"The stock is short: {event.count} earlier discards and folded cards are shuffled into a new stock"
    if kind == "second_round_begins":
        return "Second betting round"
    if kind == "betting_skipped":
        return "Betting is skipped: at most one player still has chips"
    if kind == "showdown":
        return f"{who} shows {' '.join(map(str, event.cards))} ({event.text})"
    if kind == "win":
        pot = "the main pot" if event.count == 0 else f"side pot {event.count}"
        why = event.text.removeprefix(f"{who} wins: ")  # the reason may already name the winner
        return f"{who} wins {event.amount} from {pot}" + (f": {why}" if why else "")
    return f"{kind} {who}".strip()
