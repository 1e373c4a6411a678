"""A PHH file read back into the finished pokerlab hand it records (:func:`from_phh`), every card known;
what cannot be read, or breaks rule book 002, is refused with the reason (:mod:`pokerlab.phh.refusals`)."""

from __future__ import annotations

import tomllib
from typing import Any

import numpy as np

from pokerlab.cards import Card, parse_cards
from pokerlab.draw.actions import Action, ActionKind
from pokerlab.draw.errors import IllegalActionError
from pokerlab.draw.rules import MAX_PLAYERS, MIN_PLAYERS, five_card_draw
from pokerlab.draw.state import HandState
from pokerlab.errors import CardError
from pokerlab.phh.refusals import (
    AFTER_THE_END,
    ANTES_SHAPE,
    BAD_SEATS,
    BLINDS_SHAPE,
    BOTH_FORCED,
    BREAKS_RULES,
    BUTTON_EMPTY,
    DEALT_TWICE,
    FIVE_EACH,
    HIDES_CARDS,
    MALFORMED,
    MIXED_HIDDEN,
    NO_BETS,
    NO_FIELD,
    NO_PLAYER,
    NO_SUCH_HAND,
    NOT_A_CARD,
    NOT_AN_ACTION,
    NOT_CARDS,
    NOT_RESHUFFLED,
    NOT_SHOWN,
    NOT_STRINGS,
    NOT_TEXT,
    OTHER_ACES,
    OTHER_STACKS,
    OUT_OF_TURN,
    PLAYER_COUNTS,
    SEAT_COUNT,
    UNFINISHED,
    WHOLE_CHIPS,
    WRONG_VARIANT,
    PhhError,
    not_toml,
)
from pokerlab.phh.writing import UNKNOWN, VARIANT

__all__ = ["build", "chunks", "from_phh", "hands_in", "load", "need"]


class _Scripted(np.random.Generator):
    """Puts a reshuffled stock in the order the file dealt it (a file has no seed, only the cards)."""

    def __init__(self, orders: list[list[Card]]) -> None:
        super().__init__(np.random.PCG64(0))
        self.orders = orders

    def shuffle(self, x: Any, axis: int = 0) -> None:  # type: ignore[override]
        wanted = self.orders.pop(0) if self.orders else []
        rest = [card for card in x if card not in wanted]
        if len(rest) + len(wanted) != len(x):
            raise PhhError(NOT_RESHUFFLED)
        x[:] = rest + wanted[::-1]  # the stock deals from the end of the list


def need(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """The field ``key`` of ``data``, refused when missing or not of ``kind``."""
    if key not in data:
        raise PhhError(NO_FIELD, key=repr(key), variant=VARIANT)
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise PhhError(MALFORMED, key=repr(key), value=repr(value))
    return value


def chunks(text: str, line: str) -> list[str]:
    """The two-character cards of one action's card string, ``??`` for a hidden one (all or none hidden)."""
    if len(text) % 2:
        raise PhhError(NOT_CARDS, action=repr(line), cards=repr(text))
    found = [text[i:i + 2] for i in range(0, len(text), 2)]
    if UNKNOWN in found and set(found) != {UNKNOWN}:
        raise PhhError(MIXED_HIDDEN, action=repr(line))
    return found


def _parse_cards(text: str, line: str) -> list[Card]:
    """The cards of one action's card string, each read on its own (a card named twice is the deck's
    business: :data:`~pokerlab.phh.refusals.DEALT_TWICE`, or the engine's for a discard)."""
    if UNKNOWN[0] in text:
        raise PhhError(HIDES_CARDS, action=repr(line))
    cards = []
    for chunk in chunks(text, line):
        try:
            cards.extend(parse_cards(chunk))
        except CardError:
            raise PhhError(NOT_A_CARD, action=repr(line), card=repr(chunk)) from None
    return cards


def hands_in(text: str) -> list[dict[str, Any]]:
    """The hands of a PHH file: one for a ``.phh`` file, one a ``[n]`` table for a ``.phhs`` file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise not_toml(error) from None
    except TypeError:
        raise PhhError(NOT_TEXT) from None
    if "variant" not in data and data and all(isinstance(value, dict) for value in data.values()):
        return list(data.values())
    return [data]


def load(text: str, number: int = 1) -> dict[str, Any]:
    """The TOML of hand ``number`` (from 1) of a PHH file, of variant ``F5CD``."""
    hands = hands_in(text)
    if not 1 <= number <= len(hands):
        raise PhhError(NO_SUCH_HAND, count=len(hands), number=number)
    data = hands[number - 1]
    variant = data.get("variant")
    if variant != VARIANT:
        raise PhhError(WRONG_VARIANT, variant=repr(VARIANT), given=repr(variant))
    return data


def from_phh(text: str) -> HandState:
    """The finished pokerlab hand a PHH file of variant ``F5CD`` records (every card must be known; a
    file written as one player saw it is read by :func:`~pokerlab.phh.read_hand`). Another variant, a
    malformed file or an action the rules refuse raises :class:`~pokerlab.phh.PhhError`."""
    return build(load(text))


def _table(data: dict[str, Any]) -> tuple[dict[str, Any], list[int]]:
    """The keyword arguments of :func:`~pokerlab.draw.rules.five_card_draw` for the file's table, and its
    seats (pokerlab's, from 1, in PHH order); every refusal of the table's fields is here."""
    antes = need(data, "antes", list)
    blinds = need(data, "blinds_or_straddles", list)
    stacks = need(data, "starting_stacks", list)
    small_bet, big_bet = need(data, "small_bet", int), need(data, "big_bet", int)
    count = len(stacks)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS or len(antes) != count or len(blinds) != count:
        raise PhhError(PLAYER_COUNTS, antes=len(antes), blinds=len(blinds), stacks=count)
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in antes + blinds + stacks):
        raise PhhError(WHOLE_CHIPS)
    seats = data.get("seats", list(range(1, count + 1)))
    seat_count = data.get("seat_count", count)
    if (not isinstance(seats, list) or len(seats) != count or not isinstance(seat_count, int)
            or sorted(set(seats)) != sorted(seats) or not all(isinstance(s, int) and 1 <= s <= seat_count
                                                              for s in seats)):
        raise PhhError(BAD_SEATS, count=count, seats=repr(seats))
    if seat_count > MAX_PLAYERS:
        raise PhhError(SEAT_COUNT, given=seat_count)
    if any(antes) and any(blinds):
        raise PhhError(BOTH_FORCED)
    if any(blinds) and (blinds[2:] != [0] * (count - 2) or blinds[0] <= 0 or blinds[1] <= 0):
        raise PhhError(BLINDS_SHAPE, blinds=repr(blinds))
    if any(antes) and len(set(antes)) != 1:
        raise PhhError(ANTES_SHAPE, antes=repr(antes))
    if small_bet <= 0 or big_bet <= 0:
        raise PhhError(NO_BETS, small_bet=small_bet, big_bet=big_bet)
    if not stacks[-1]:
        raise PhhError(BUTTON_EMPTY, count=count)
    table = {"player_count": seat_count, "forced_bet": "blinds" if any(blinds) else "antes",
             "ante": antes[0] if any(antes) else 5, "small_blind": blinds[0] or 5, "big_blind": blinds[1] or 10,
             "small_bet": small_bet, "big_bet": big_bet, "ace_draw": bool(data.get("_ace_draw", False))}
    return table, seats


def build(data: dict[str, Any]) -> HandState:
    """The finished hand the TOML ``data`` of one PHH hand records, every card known."""
    table, seats = _table(data)
    rules = five_card_draw(**table)  # _table refuses what five_card_draw would
    stacks, actions = data["starting_stacks"], need(data, "actions", list)
    count = len(stacks)
    seat_of = {f"p{index + 1}": seat - 1 for index, seat in enumerate(seats)}
    pokerlab_stacks = [0] * rules.player_count
    for index, seat in enumerate(seats):
        pokerlab_stacks[seat - 1] = stacks[index]
    dealer = seats[-1] - 1
    # the deck: the five-card deals round the table, then the replacements in order; a reshuffled
    # stock gets the order of the cards dealt from it
    hands: list[list[Card]] = []
    replacements: list[Card] = []
    for line in actions:
        if not isinstance(line, str):
            raise PhhError(NOT_STRINGS)
        words = line.split("#")[0].split()
        if words[:2] == ["d", "dh"] and len(words) == 4:
            cards = _parse_cards(words[3], line)
            if len(hands) < count:
                hands.append(cards)
            else:
                replacements.extend(cards)
    if len(hands) != count or any(len(hand) != 5 for hand in hands):
        raise PhhError(FIVE_EACH, variant=VARIANT, count=count)
    deck = [hand[r] for r in range(5) for hand in hands]
    # until the stock runs out every card is one not dealt before; from the first card seen twice on,
    # the replacements come from the reshuffled stock
    fresh = min(len(replacements), 52 - len(deck))
    seen: set[Card] = set()
    for card in deck + replacements[:fresh]:
        if card in seen:
            raise PhhError(DEALT_TWICE, card=card)
        seen.add(card)
    first_stock = deck + replacements[:fresh]
    later = replacements[fresh:]
    state = HandState(rules, pokerlab_stacks, dealer, _Scripted([later]) if later else 0, deck=first_stock)
    _play(state, actions, seats, seat_of)
    shown_aces = data.get("_shown_aces")
    if shown_aces is not None and shown_aces != ["" if state.shown_aces[s - 1] is None else str(state.shown_aces[s - 1])
                                                for s in seats]:
        raise PhhError(OTHER_ACES, aces=repr(shown_aces))
    finishing = data.get("finishing_stacks")
    if finishing is not None and finishing != [state.stacks[s - 1] for s in seats]:
        raise PhhError(OTHER_STACKS, stacks=repr(finishing), expected=repr([state.stacks[s - 1] for s in seats]))
    return state


def _play(state: HandState, actions: list[str], seats: list[int], seat_of: dict[str, int]) -> None:
    """Plays the file's player actions on ``state`` to the end of the hand."""
    automatic = 0
    for line in actions:
        words = line.split("#")[0].split()
        if not words or words[0] == "d":
            continue
        if words[0] not in seat_of:
            raise PhhError(NO_PLAYER, action=repr(line), count=len(seats))
        who = seat_of[words[0]]
        verb = words[1] if len(words) > 1 else ""
        if verb == "sm":
            shown = state.results.shown.get(who) if state.results else None
            if shown is None or len(words) != 3 or set(_parse_cards(words[2], line)) != set(shown):
                raise PhhError(NOT_SHOWN, action=repr(line))
            continue
        if verb == "cc":
            calls = [e.seat for e in state.events if e.kind == "call" and e.reason == "automatic"]
            if automatic < len(calls) and calls[automatic] == who:
                automatic += 1  # rule book 002 made this call for the last player with chips, who had no turn
                continue
        if state.is_over:
            raise PhhError(AFTER_THE_END, action=repr(line))
        if state.actor != who:
            raise PhhError(OUT_OF_TURN, action=repr(line), player=f"p{seats.index(state.actor + 1) + 1}")
        action = _action(state, verb, words[2:], line)
        try:
            state.apply(action)
        except IllegalActionError as error:
            raise PhhError(BREAKS_RULES, action=repr(line), refusal=error) from None
    if not state.is_over:
        raise PhhError(UNFINISHED)


def _action(state: HandState, verb: str, arguments: list[str], line: str) -> Action:
    """The pokerlab action for one PHH player action, read against what is legal now."""
    legal = {offer.kind: offer for offer in state.legal_actions()}
    if verb == "f" and not arguments:
        return Action.fold()
    if verb == "sd" and len(arguments) <= 1:
        return Action.draw(_parse_cards(arguments[0], line) if arguments else [])
    if verb == "cc" and not arguments:
        if ActionKind.CHECK in legal:
            return Action.check()
        if ActionKind.CALL in legal:
            return Action.call()
        offer = legal.get(ActionKind.ALL_IN)
        if offer is not None and offer.all_in_as == "call":
            return Action.all_in(offer.min_to)
    if verb == "cbr" and len(arguments) == 1 and arguments[0].isdigit():
        to = int(arguments[0])
        offer = legal.get(ActionKind.ALL_IN)
        if offer is not None and offer.min_to == to and offer.all_in_as == "raise":
            return Action.all_in(to)
        return Action.bet(to) if ActionKind.BET in legal else Action.raise_to(to)
    raise PhhError(NOT_AN_ACTION, action=repr(line))
