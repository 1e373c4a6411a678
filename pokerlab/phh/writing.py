"""A finished Five-Card Draw hand written as PHH text (:func:`to_phh`), or refused with the reason
(:mod:`pokerlab.phh.refusals`) when PHH cannot hold it as played."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from pokerlab.cards import Card
from pokerlab.draw.rules import Rules, five_card_draw
from pokerlab.draw.state import HandState
from pokerlab.phh.refusals import (
    FOLD_IN_DRAW,
    NOT_A_FIELD,
    NOT_FINISHED,
    OTHER_DISCARDS,
    OTHER_RULES,
    PLAYER_NAMES,
    SHORT_BIG_BLIND,
    SPREAD_LIMITS,
    PhhError,
    Phrase,
)

__all__ = ["OPTIONAL_FIELDS", "UNKNOWN", "VARIANT", "VARIANT_NAME", "to_phh"]

VARIANT: Final = "F5CD"
"""The PHH variant code pokerlab writes for fixed-limit Five-Card Draw (not in the specification's table)."""
VARIANT_NAME: Final = "Fixed-limit five-card draw (high hand, one draw; pokerlab rule book 002)"
UNKNOWN: Final = "??"
"""A card the file's reader did not see."""


def _check_rules(rules: Rules) -> None:
    expected = five_card_draw(player_count=rules.player_count, forced_bet=rules.forced_bet, ante=rules.ante,
                              small_blind=rules.small_blind, big_blind=rules.big_blind,
                              small_bet=rules.limits[0][0], big_bet=rules.limits[1][0], ace_draw=rules.ace_draw)
    if not rules.fixed_limit:
        limits = ", ".join(f"{low}-{high}" for low, high in rules.limits)
        raise PhhError(SPREAD_LIMITS, game=Phrase(rules.name), limits=limits)
    if rules.max_discards != expected.max_discards:
        raise PhhError(OTHER_DISCARDS, game=Phrase(rules.name), count=rules.max_discards, variant=VARIANT)
    if rules != expected:
        raise PhhError(OTHER_RULES, game=Phrase(rules.name))


def _refuse_what_phh_cannot_say(state: HandState) -> None:
    rules = state.rules
    events = state.events
    for index, event in enumerate(events):
        if event.kind == "fold" and event.phase == "draw":
            raise PhhError(FOLD_IN_DRAW, seat=event.seat + 1)
        if event.kind == "big_blind" and event.amount < rules.big_blind and any(
                later.phase == "betting_one" and later.seat != event.seat
                and later.kind in ("call", "bet", "raise", "all_in") for later in events[index + 1:]):
            raise PhhError(SHORT_BIG_BLIND, seat=event.seat + 1, posted=event.amount, big_blind=rules.big_blind)


def _order(state: HandState) -> list[int]:
    """pokerlab seats in PHH order: live seats clockwise from the dealer's left, the button last."""
    n = state.player_count
    return [(state.dealer + 1 + k) % n for k in range(n) if state.starting_stacks[(state.dealer + 1 + k) % n] > 0]


def _cards(cards: Sequence[Card], hidden: bool) -> str:
    return UNKNOWN * len(cards) if hidden else "".join(str(card) for card in cards)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        if "'" not in value and all(" " <= char != "\x7f" for char in value):
            return "'" + value + "'"  # a TOML literal string: no escapes
        return '"' + "".join(f"\\u{ord(char):04x}" if char < " " or char == "\x7f" else "\\" + char
                             if char in '"\\' else char for char in value) + '"'
    if isinstance(value, list):
        if value and isinstance(value[0], str) and len(value) > 6:
            return "[\n" + "".join(f"  {_value(item)},\n" for item in value) + "]"
        return "[" + ", ".join(_value(item) for item in value) + "]"
    return str(value)


OPTIONAL_FIELDS: Final = frozenset({"event", "url", "venue", "time_zone", "day", "month", "year", "hand",
                                    "table", "players"})
"""The specification's optional fields :func:`to_phh` may add (``players`` in pokerlab's seat order)."""


def to_phh(state: HandState, seat: int | None = None, fields: Mapping[str, Any] | None = None) -> str:
    """A finished Five-Card Draw hand as PHH text. ``seat``: write it as that seat saw it (``??`` for every
    card it never saw); None writes every card. ``fields``: more fields to write, of
    :data:`OPTIONAL_FIELDS` or user-defined (a name starting with ``_``); ``players``, a name a pokerlab
    seat, is written in PHH's order. Raises :class:`~pokerlab.phh.PhhError` for what PHH cannot hold, or a field
    it does not write."""
    if not state.is_over:
        raise PhhError(NOT_FINISHED)
    _check_rules(state.rules)
    _refuse_what_phh_cannot_say(state)
    rules = state.rules
    order = _order(state)
    label = {pokerlab_seat: f"p{index + 1}" for index, pokerlab_seat in enumerate(order)}
    count = len(order)
    result = state.results
    assert result is not None
    actions: list[str] = []
    drawn: list[tuple[int, tuple[Card, ...]]] = []
    for event in state.events:
        kind, who = event.kind, event.seat
        hidden = seat is not None and who != seat
        if kind == "deal":
            actions.append(f"d dh {label[who]} {_cards(event.cards, hidden)}")
        elif kind in ("check", "call") or kind == "all_in" and event.all_in_as == "call":
            actions.append(f"{label[who]} cc")
        elif kind in ("bet", "raise", "all_in"):
            actions.append(f"{label[who]} cbr {event.to}")
        elif kind == "fold":
            actions.append(f"{label[who]} f")
        elif kind == "draw":
            actions.append(f"{label[who]} sd {_cards(event.cards, hidden)}".rstrip())
            drawn.append((who, event.received))
        elif kind in ("second_round_begins", "showdown"):
            # PHH readers discard every hand before dealing any replacement (pokerkit does)
            for drawer, received in drawn:
                if received:
                    actions.append(f"d dh {label[drawer]} {_cards(received, seat is not None and drawer != seat)}")
            drawn = []
            if kind == "showdown":
                actions.append(f"{label[who]} sm {_cards(event.cards, False)}")
    shown_aces = [state.shown_aces[s] for s in order]
    written: dict[str, Any] = {
        "variant": VARIANT,
        # uniform antes that a short stack posts in part: "trimmed" makes readers build side pots from
        # them, as rule book 002 does; without it pokerkit puts every ante in the main pot
        "ante_trimming_status": True,
        "antes": [rules.ante if rules.forced_bet == "antes" else 0] * count,
        "blinds_or_straddles": ([rules.small_blind, rules.big_blind] + [0] * (count - 2)
                                if rules.forced_bet == "blinds" else [0] * count),
        "small_bet": rules.limits[0][0],
        "big_bet": rules.limits[1][0],
        "starting_stacks": [state.starting_stacks[s] for s in order],
        "actions": actions,
        "seats": [s + 1 for s in order],
        "seat_count": rules.player_count,
        "finishing_stacks": [state.stacks[s] for s in order],
        "_variant_name": VARIANT_NAME,
        "_dealer": state.dealer + 1,
        "_ace_draw": rules.ace_draw,
    }
    if any(shown_aces):
        written["_shown_aces"] = ["" if ace is None else str(ace) for ace in shown_aces]
    if seat is not None:
        written["_viewer"] = seat + 1
    for key, value in (fields or {}).items():
        if key in written or not (key in OPTIONAL_FIELDS or key.startswith("_")):
            raise PhhError(NOT_A_FIELD, fields=", ".join(sorted(OPTIONAL_FIELDS)), key=repr(key))
        if key == "players":
            if len(value) != rules.player_count:
                raise PhhError(PLAYER_NAMES, count=rules.player_count)
            value = [str(value[s]) for s in order]
        written[key] = value
    return "\n".join(f"{key} = {_value(value)}" for key, value in written.items()) + "\n"

