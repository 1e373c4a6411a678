"""Helpers for the draw-engine tests: prearranged decks, a full snapshot of a hand's state, and short
ways to read the legal actions and to play through a round."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from pokerlab.cards import ALL_CARDS, Card, parse_cards
from pokerlab.draw import Action, ActionKind, HandState, LegalAction, Phase
from pokerlab.draw.internals import HandInternals


def arrange_deck(
    hands: dict[int, str], dealer: int, player_count: int, then: str = "", live: Sequence[int] | None = None
) -> list[Card]:
    """A full 52-card deck (first card dealt first) that deals ``hands`` (seat -> five cards) one card
    at a time clockwise from the dealer's left, followed by ``then`` as the top of the stock and then
    every unused card in index order."""
    seats = live if live is not None else sorted(hands)
    order = sorted(seats, key=lambda seat: (seat - dealer - 1) % player_count)
    parsed = {seat: parse_cards(hands[seat]) for seat in order}
    dealt = [parsed[seat][round_] for round_ in range(5) for seat in order]
    top = dealt + parse_cards(then)
    used = set(top)
    return top + [card for card in ALL_CARDS if card not in used]


def snapshot(state: HandState) -> dict[str, Any]:
    """Every field of the state (the generator by its bit state, caches left out), deep-copied for comparison."""
    # _offers, _phase_offers: the rules' shared offer tables; _event_values: the log's records, made Events when read
    caches = ("_rng", "_legal_cache", "_pots_cache", "_offers", "_phase_offers", "_event_values")
    data = {name: copy.deepcopy(getattr(state, name)) for name in HandInternals.__slots__ if name not in caches}
    data["_rng"] = state._rng.bit_generator.state
    return data


def kinds(state: HandState) -> list[ActionKind]:
    """The kinds of the actor's legal actions, in the engine's order."""
    return [item.kind for item in state.legal_actions()]


def legal(state: HandState, kind: ActionKind) -> LegalAction:
    """The actor's legal action of this kind (StopIteration when there is none)."""
    return next(item for item in state.legal_actions() if item.kind is kind)


def check_round(state: HandState) -> None:
    """Everyone checks until the current betting round ends."""
    phase = state.phase
    while state.phase is phase:
        state.apply(Action.check())


def stand_pat_all(state: HandState) -> list[int]:
    """Everyone stands pat until the draw ends; returns the seats in the order they drew."""
    drawers = []
    while state.phase is Phase.DRAW:
        drawers.append(state.actor)
        state.apply(Action.stand_pat())
    return drawers


@pytest.fixture
def deck() -> Callable[..., list[Card]]:
    return arrange_deck


@pytest.fixture
def frozen() -> Callable[[HandState], dict[str, Any]]:
    return snapshot
