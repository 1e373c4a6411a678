"""Five-Card Draw hands in PHH, the Poker Hand History format that pokerkit reads and writes.

PHH (the ``phh-std`` specification) is TOML: the table (``antes``, ``blinds_or_straddles``,
``small_bet``, ``big_bet``, ``starting_stacks``) and the hand as ``actions`` strings (``d dh p1 AsKd...``
deals, ``p2 cbr 20`` bets or raises to 20, ``p3 cc`` checks or calls, ``p1 f`` folds, ``p1 sd 7c2d``
discards, ``p2 sm AsKd...`` shows). Players are numbered from the dealer's left, ``p1`` first; the
button is the last player (heads-up the button posts the small blind, as in rule book 002).

**The variant code.** The specification lists eleven variant codes and none is five-card draw for the
high hand; it says a variant not listed is added by a new code. pokerlab writes ``variant = "F5CD"``
(fixed-limit five-card draw, built like the listed ``F2L3D``: betting structure, then the game) with the
fields a fixed-limit draw game needs (those of ``FB`` and ``F2L3D``), plus ``_variant_name`` saying it in
words. A reader that does not know the code (pokerkit as shipped) reads the file but needs a game
definition to replay it; ``tests/test_phh.py`` has one in a dozen lines.

**What PHH cannot say**, and what pokerlab does about it (never a silent change):

* *Ace draw* (rule book 002): the fourth discard is legal only while an ace stays, and that ace is shown.
  PHH has no rule for it and no action that shows one card mid-hand: the file says ``_ace_draw = true``
  and ``_shown_aces`` (per player, ``""`` for none), both user-defined fields (the specification's
  documented extension: a name starting with ``_``, which readers ignore).
* *A fold during the draw*: PHH's draw is ``sd`` only, a reader's state machine offers no fold there.
  Refused (:class:`PhhError`), because writing it as anything else would change the hand.
* *A short big blind*: rule book 002 opens the round at the full big blind; PHH readers (pokerkit) take
  the amount posted as the bet to match, so callers would owe less. Refused once another player puts
  chips in after it.
* *Betting rules*: PHH records the bets made, not the rules that allowed them; a reader replays them by
  its own fixed-limit rules. pokerkit's differ from rule book 002 where a short all-in meets the cap: it
  counts an all-in raise smaller than a full raise as one of the four bets (rule book 002: it does not
  count), and it refuses a raise when no other player could call the whole bet (rule book 002 allows it
  while another player has chips). Such a hand is written as played (its bets are right for rule book
  002, and ``finishing_stacks`` says the result): pokerkit stops at that raise with an error instead of
  replaying another hand (``tests/test_phh.py`` measures how often).
* *Saloon Draw* (spread limits), the Tournament Ladder's four discards or any other table rule, and a
  hand not yet over: refused.

A forced bet the table does not use (the ante at a table with blinds, the blinds at one with antes)
is not written, and reads back as pokerlab's default. The file also says who sat where (``seats``,
``seat_count``: pokerlab's seat numbers, from 1), ``finishing_stacks``, and ``_dealer``. It has no seed:
reading it back rebuilds the hand from its cards (a stock that ran out is reshuffled into the order the
file dealt it), so a kept file can never re-deal a hand for a score.

**As a learner saw it.** ``to_phh(state, seat=learner)`` writes ``??`` for every card that seat never
saw (rule book 002: hands stay hidden unless shown, discards are not public): an opponent's deal,
discards and replacements; a card shown at the showdown or an ace-draw ace is public and is written.

>>> import numpy as np
>>> from pokerlab.draw import Action, HandState, five_card_draw
>>> state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=4)
>>> for action in (Action.check(), Action.check(), Action.stand_pat(), Action.stand_pat(),
...                Action.check(), Action.check()):
...     state.apply(action)
>>> text = to_phh(state)
>>> print(text.splitlines()[0])
variant = 'F5CD'
>>> from_phh(text).events == state.events
True
>>> "d dh p2 ??????????" in to_phh(state, seat=0)  # seat 0 (p1) did not see p2's deal; the showdown shows it
True
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np

from pokerlab.cards import ALL_CARDS, Card, parse_cards
from pokerlab.draw.actions import Action, ActionKind
from pokerlab.draw.errors import HistoryError, IllegalActionError
from pokerlab.draw.rules import Rules, five_card_draw
from pokerlab.draw.state import HandState
from pokerlab.language import N_

__all__ = ["VARIANT", "PhhError", "from_phh", "hands_in", "read_hand", "to_phh"]

VARIANT: Final = "F5CD"
"""The PHH variant code pokerlab writes for fixed-limit Five-Card Draw (not in the specification's table)."""
VARIANT_NAME = "Fixed-limit five-card draw (high hand, one draw; pokerlab rule book 002)"
UNKNOWN = "??"

# What a learner meets most when a file is refused, as catalogue messages: My hands says them again in
# its language (pokerlab.language.retell); the str of a PhhError is their English.
NOT_TOML: Final = N_("This is not a PHH file: it is not valid TOML ({error}).")
NO_FIELD: Final = N_("This PHH file has no {key} field, which a {variant} hand needs.")
MALFORMED: Final = N_("The PHH field {key} is malformed: {value}.")
WRONG_VARIANT: Final = N_("pokerlab reads PHH hands of variant {variant} (fixed-limit Five-Card Draw); this file's "
                          "variant is {given}, a game pokerlab does not play.")
NO_SUCH_HAND: Final = N_("This file holds {count} hand(s); there is no hand {number}.")
UNFINISHED: Final = N_("This PHH file ends before the hand does; pokerlab reads finished hands only.")
NOT_FINISHED: Final = N_("Only a finished hand is written as PHH (this one is still being played).")
HIDES_CARDS: Final = N_("The action {action} hides cards ('??'): pokerlab rebuilds a hand only from a file with "
                        "every card (this one was written as one player saw it).")
SHOWS_HIDDEN: Final = N_("The action {action} shows hidden cards ('??'): a hand shown at the showdown must name its "
                         "cards.")
NO_PLAYER: Final = N_("The action {action} names no player of this hand (p1 to p{count}).")
CHOOSE_PLAYER: Final = N_("Choose a player of this hand, p1 to p{count}; got {given}.")
EVERY_PLAYER: Final = N_("This file shows every player's cards: choose whose decisions to replay (p1 to p{count}).")
NO_VIEWER: Final = N_("pokerlab reads a hand for one player whose cards the file shows (their deal, discards and "
                      "replacements); in this file no single player's deal is known.")
HIDES_PLAYER: Final = N_("The file hides {player}'s cards ('??'), so their decisions cannot be replayed; choose a "
                         "player whose deal it shows ({players}).")
HIDES_ALL: Final = N_("The file hides {player}'s cards ('??'), so their decisions cannot be replayed; choose a "
                      "player whose deal it shows (none).")
NOTHING_PASTED: Final = N_("Paste or upload a PHH file first (a .phh or .phhs hand history).")
NOT_STRINGS: Final = N_("Every PHH action is a string; this file has others.")
BOTH_FORCED: Final = N_("Five-Card Draw uses antes or blinds, not both; this file has both.")
WHOLE_CHIPS: Final = N_("Antes, blinds and stacks must be whole numbers of chips in a pokerlab hand.")
DEALT_TWICE: Final = N_("The card {card} is dealt twice in this file before the stock runs out.")
NOT_AN_ACTION: Final = N_("The action {action} is not a Five-Card Draw action pokerlab can play here.")
MESSAGES: Final = (NOTHING_PASTED, NOT_STRINGS, BOTH_FORCED, WHOLE_CHIPS, DEALT_TWICE, NOT_AN_ACTION, NOT_TOML, NO_FIELD, MALFORMED, WRONG_VARIANT, NO_SUCH_HAND, UNFINISHED, NOT_FINISHED, HIDES_CARDS,
                   SHOWS_HIDDEN, NO_PLAYER, CHOOSE_PLAYER, EVERY_PLAYER, NO_VIEWER, HIDES_PLAYER, HIDES_ALL)
"""The PhhError messages said in the reader's language (the others are still English only)."""


class PhhError(HistoryError):
    """A hand that PHH cannot hold as played, or a PHH file pokerlab cannot read (the message says why)."""


# ----- export ------------------------------------------------------------------------------------------


def _check_rules(rules: Rules) -> None:
    expected = five_card_draw(player_count=rules.player_count, forced_bet=rules.forced_bet, ante=rules.ante,
                              small_blind=rules.small_blind, big_blind=rules.big_blind,
                              small_bet=rules.limits[0][0], big_bet=rules.limits[1][0], ace_draw=rules.ace_draw)
    if not rules.fixed_limit:
        raise PhhError(f"{rules.name} has spread limits ({rules.limits}): PHH's fixed-limit fields hold one bet "
                       "size a round, and its other betting structures are no-limit and pot-limit, so the hand "
                       "cannot be written without changing its bets.")
    if rules.max_discards != expected.max_discards:
        raise PhhError(f"{rules.name} lets a player discard {rules.max_discards}; the PHH variant {VARIANT} is "
                       "Five-Card Draw (up to three, four with ace draw), so this hand is not exported.")
    if rules != expected:
        raise PhhError(f"Only Five-Card Draw (rule book 002) is written as PHH; {rules.name!r} has other "
                       "table rules.")


def _refuse_what_phh_cannot_say(state: HandState) -> None:
    rules = state.rules
    events = state.events
    for index, event in enumerate(events):
        if event.kind == "fold" and event.phase == "draw":
            raise PhhError(f"Seat {event.seat + 1} folded during the draw. PHH's draw has only stand pat or "
                           "discard, and readers offer no fold there; writing the fold anywhere else would "
                           "change the hand, so it is not exported.")
        if event.kind == "big_blind" and event.amount < rules.big_blind and any(
                later.phase == "betting_one" and later.seat != event.seat
                and later.kind in ("call", "bet", "raise", "all_in") for later in events[index + 1:]):
            raise PhhError(f"Seat {event.seat + 1} posted a short big blind ({event.amount} of {rules.big_blind}) "
                           f"and others put chips in after it. Rule book 002 still opens the round at "
                           f"{rules.big_blind}; PHH readers take the {event.amount} posted as the bet to match, so "
                           "what the others owed would change.")


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
    seat, is written in PHH's order. Raises :class:`PhhError` for what PHH cannot hold."""
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
            raise ValueError(f"to_phh adds optional PHH fields ({', '.join(sorted(OPTIONAL_FIELDS))}) or "
                             f"user-defined ones (starting with '_'); not {key!r}.")
        if key == "players":
            if len(value) != rules.player_count:
                raise ValueError(f"'players' needs a name for each of the {rules.player_count} seats.")
            value = [str(value[s]) for s in order]
        written[key] = value
    return "\n".join(f"{key} = {_value(value)}" for key, value in written.items()) + "\n"


# ----- import ------------------------------------------------------------------------------------------


class _Scripted(np.random.Generator):
    """Puts a reshuffled stock in the order the file dealt it (a file has no seed, only the cards)."""

    def __init__(self, orders: list[list[Card]]) -> None:
        super().__init__(np.random.PCG64(0))
        self.orders = orders

    def shuffle(self, x: Any, axis: int = 0) -> None:  # type: ignore[override]
        wanted = self.orders.pop(0) if self.orders else []
        rest = [card for card in x if card not in wanted]
        if len(rest) + len(wanted) != len(x):
            raise PhhError("After the stock ran out this file deals a card that was not in the reshuffled "
                           "stock (rule book 002: earlier discards and folded hands, not the drawer's own).")
        x[:] = rest + wanted[::-1]  # the stock deals from the end of the list


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise PhhError(NO_FIELD.format(key=repr(key), variant=VARIANT))
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise PhhError(MALFORMED.format(key=repr(key), value=repr(value)))
    return value


def _parse_cards(text: str, where: str) -> list[Card]:
    if UNKNOWN[0] in text:
        raise PhhError(HIDES_CARDS.format(action=repr(where)))
    try:
        return parse_cards(text)
    except ValueError as error:
        raise PhhError(f"The action {where!r} has cards pokerlab cannot read: {error}") from None


def hands_in(text: str) -> list[dict[str, Any]]:
    """The hands of a PHH file: one for a ``.phh`` file, one a ``[n]`` table for a ``.phhs`` file."""
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, TypeError) as error:
        raise PhhError(NOT_TOML.format(error=error)) from None
    if "variant" not in data and data and all(isinstance(value, dict) for value in data.values()):
        return list(data.values())
    return [data]


def _load(text: str, number: int = 1) -> dict[str, Any]:
    """The TOML of hand ``number`` (from 1) of a PHH file, of variant ``F5CD``."""
    hands = hands_in(text)
    if not 1 <= number <= len(hands):
        raise PhhError(NO_SUCH_HAND.format(count=len(hands), number=number))
    data = hands[number - 1]
    variant = data.get("variant")
    if variant != VARIANT:
        raise PhhError(WRONG_VARIANT.format(variant=repr(VARIANT), given=repr(variant)))
    return data


def from_phh(text: str) -> HandState:
    """The finished pokerlab hand a PHH file of variant ``F5CD`` records (every card must be known; a
    file written as one player saw it is read by :func:`read_hand`). Another variant, a malformed file
    or an action the rules refuse raises :class:`PhhError`."""
    return _build(_load(text))


def _build(data: dict[str, Any]) -> HandState:
    antes = _need(data, "antes", list)
    blinds = _need(data, "blinds_or_straddles", list)
    stacks = _need(data, "starting_stacks", list)
    actions = _need(data, "actions", list)
    small_bet, big_bet = _need(data, "small_bet", int), _need(data, "big_bet", int)
    count = len(stacks)
    if not 2 <= count <= 8 or len(antes) != count or len(blinds) != count:
        raise PhhError(f"The PHH fields antes, blinds_or_straddles and starting_stacks must have one entry for each "
                       f"of 2 to 8 players; got {len(antes)}, {len(blinds)} and {count}.")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in antes + blinds + stacks):
        raise PhhError(WHOLE_CHIPS)
    seats = data.get("seats", list(range(1, count + 1)))
    seat_count = data.get("seat_count", count)
    if (not isinstance(seats, list) or len(seats) != count or not isinstance(seat_count, int)
            or sorted(set(seats)) != sorted(seats) or not all(isinstance(s, int) and 1 <= s <= seat_count
                                                              for s in seats)):
        raise PhhError(f"The PHH field 'seats' must name {count} different seats from 1 to seat_count; got {seats!r}.")
    if any(antes) and any(blinds):
        raise PhhError(BOTH_FORCED)
    if any(blinds) and (blinds[2:] != [0] * (count - 2) or blinds[0] <= 0 or blinds[1] <= 0):
        raise PhhError(f"pokerlab plays a small and a big blind only; this file's blinds are {blinds!r}.")
    if any(antes) and len(set(antes)) != 1:
        raise PhhError(f"pokerlab's antes are the same for every player; this file's are {antes!r}.")
    ace_draw = data.get("_ace_draw", False)
    try:
        rules = five_card_draw(player_count=seat_count, forced_bet="blinds" if any(blinds) else "antes",
                               ante=antes[0] if any(antes) else 5, small_blind=blinds[0] or 5,
                               big_blind=blinds[1] or 10,
                               small_bet=small_bet, big_bet=big_bet, ace_draw=bool(ace_draw))
    except ValueError as error:
        raise PhhError(f"The table in this PHH file is not a Five-Card Draw table pokerlab plays: {error}") from None
    seat_of = {f"p{index + 1}": seat - 1 for index, seat in enumerate(seats)}
    pokerlab_stacks = [0] * seat_count
    for index, seat in enumerate(seats):
        pokerlab_stacks[seat - 1] = stacks[index]
    dealer = seats[-1] - 1
    # the deck: the five-card deals round the table, then the replacements in order; a reshuffled
    # stock gets the order of the cards dealt from it
    hands: list[list[Card]] = []
    replacements: list[Card] = []
    for line in actions:
        if not isinstance(line, str):
            raise PhhError(f"Every PHH action is a string; got {line!r}.")
        words = line.split("#")[0].split()
        if words[:2] == ["d", "dh"] and len(words) == 4:
            cards = _parse_cards(words[3], line)
            if len(hands) < count:
                hands.append(cards)
            else:
                replacements.extend(cards)
    if len(hands) != count or any(len(hand) != 5 for hand in hands):
        raise PhhError(f"A {VARIANT} hand starts by dealing five cards to each of its {count} players.")
    deck = [hand[r] for r in range(5) for hand in hands]
    # until the stock runs out every replacement is a card not dealt before; from the first card seen
    # twice on, the replacements come from the reshuffled stock
    seen = set(deck)
    fresh = min(len(replacements), 52 - len(deck))
    for card in replacements[:fresh]:
        if card in seen:
            raise PhhError(DEALT_TWICE.format(card=card))
        seen.add(card)
    first_stock = deck + replacements[:fresh]
    later = replacements[fresh:]
    try:
        state = HandState(rules, pokerlab_stacks, dealer, _Scripted([later]) if later else 0, deck=first_stock)
    except ValueError as error:
        raise PhhError(f"The hand in this PHH file cannot start: {error}") from None
    automatic = 0
    for line in actions:
        words = line.split("#")[0].split()
        if not words or words[0] == "d":
            continue
        if words[0] not in seat_of:
            raise PhhError(NO_PLAYER.format(action=repr(line), count=count))
        who = seat_of[words[0]]
        verb = words[1] if len(words) > 1 else ""
        if verb == "sm":
            shown = state.results.shown.get(who) if state.results else None
            if shown is None or len(words) != 3 or set(_parse_cards(words[2], line)) != set(shown):
                raise PhhError(f"The action {line!r} shows cards that the hand as played does not show.")
            continue
        if verb == "cc":
            calls = [e.seat for e in state.events if e.kind == "call" and e.reason == "automatic"]
            if automatic < len(calls) and calls[automatic] == who:
                automatic += 1  # rule book 002 made this call for the last player with chips, who had no turn
                continue
        if state.is_over or state.actor != who:
            actor = "nobody (the hand is over)" if state.is_over else f"p{seats.index(state.actor + 1) + 1}"
            raise PhhError(f"The action {line!r} is out of turn: pokerlab's next actor is {actor}.")
        action = _action(state, verb, words[2:], line)
        try:
            state.apply(action)
        except IllegalActionError as error:
            raise PhhError(f"The action {line!r} breaks rule book 002: {error}") from None
    if not state.is_over:
        raise PhhError(UNFINISHED)
    shown_aces = data.get("_shown_aces")
    if shown_aces is not None and shown_aces != ["" if state.shown_aces[s - 1] is None else str(state.shown_aces[s - 1])
                                                for s in seats]:
        raise PhhError(f"The file's shown aces {shown_aces!r} are not the aces this hand's draws show.")
    finishing = data.get("finishing_stacks")
    if finishing is not None and finishing != [state.stacks[s - 1] for s in seats]:
        raise PhhError(f"The file's finishing stacks {finishing!r} are not what rule book 002 gives for these "
                       f"actions ({[state.stacks[s - 1] for s in seats]!r}).")
    return state


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
    raise PhhError(NOT_AN_ACTION.format(action=repr(line)))


# ----- a hand as one player saw it ---------------------------------------------------------------------


def _chunks(text: str, line: str) -> list[str]:
    """The two-character cards of one action's card string, ``??`` for a hidden one (all or none hidden)."""
    if len(text) % 2:
        raise PhhError(f"The action {line!r} has cards pokerlab cannot read: {text!r} is not a list of cards.")
    chunks = [text[i:i + 2] for i in range(0, len(text), 2)]
    if UNKNOWN in chunks and set(chunks) != {UNKNOWN}:
        raise PhhError(f"The action {line!r} hides some of its cards and shows others; pokerlab reads a card string "
                       "that is either all known or all '??'.")
    return chunks


def read_hand(text: str, player: int | None = None, number: int = 1) -> tuple[HandState, int]:
    """The hand a PHH file of variant ``F5CD`` records, and the pokerlab seat whose decisions it is read for.

    The file may hide cards with ``??`` (as :func:`to_phh` writes one player's view, or as a card room
    writes a player's own history): that player's cards must all be known; every other player's deal,
    discards and replacements may be hidden, and their hand shown at the showdown is used as shown. The
    hidden cards are filled with stand-ins that fit the file (its shown hands and aces, the draw counts),
    so the rules of the engine decide the bets, pots and winners; only ``state.view(seat)`` of the result
    means anything (it holds exactly the file's cards: the stand-ins are the hidden ones).

    ``player``: whose decisions (1 for ``p1``, from the dealer's left); by default the file's
    ``_viewer``, else the only player whose deal is known. ``number``: which hand of a ``.phhs`` file
    (from 1). Raises :class:`PhhError` naming what is wrong and what is read.
    """
    data = _load(text, number)
    stacks = _need(data, "starting_stacks", list)
    actions = _need(data, "actions", list)
    count = len(stacks)
    if not all(isinstance(line, str) for line in actions):
        raise PhhError(NOT_STRINGS)
    seats = data.get("seats", list(range(1, count + 1)))
    if not (isinstance(seats, list) and len(seats) == count and all(isinstance(s, int) for s in seats)):
        raise PhhError(f"The PHH field 'seats' must name {count} different seats from 1 to seat_count; got {seats!r}.")
    deals: dict[int, int] = {}  # player index -> the action line of their five-card deal
    later: list[tuple[int, int]] = []  # (player, line) of each replacement deal
    draws: dict[int, int] = {}  # player -> their draw's line
    shown: dict[int, list[str]] = {}
    for index, line in enumerate(actions):
        words = line.split("#")[0].split()
        if len(words) < 2:
            continue
        name = words[2] if words[:2] == ["d", "dh"] and len(words) == 4 else words[0]
        if not (name[:1] == "p" and name[1:].isdigit() and 1 <= int(name[1:]) <= count):
            continue  # from_phh names the bad action
        who = int(name[1:]) - 1
        if words[:2] == ["d", "dh"] and len(words) == 4:
            _chunks(words[3], line)
            if len(deals) < count and who not in deals:
                deals[who] = index
            else:
                later.append((who, index))
        elif words[1] == "sd":
            draws[who] = index
        elif words[1] == "sm" and len(words) == 3:
            chunks = _chunks(words[2], line)
            if UNKNOWN in chunks:
                raise PhhError(SHOWS_HIDDEN.format(action=repr(line)))
            shown[who] = chunks
    known = [who for who in range(count) if who in deals and UNKNOWN not in actions[deals[who]].split("#")[0].split()[-1]]
    viewer_seat = data.get("_viewer")
    if player is not None:
        if not isinstance(player, int) or not 1 <= player <= count:
            raise PhhError(CHOOSE_PLAYER.format(count=count, given=repr(player)))
        viewer = player - 1
    elif isinstance(viewer_seat, int) and viewer_seat in seats:
        viewer = seats.index(viewer_seat)
    elif len(known) == 1:
        viewer = known[0]
    elif known and len(known) == count:
        raise PhhError(EVERY_PLAYER.format(count=count))
    else:
        raise PhhError(NO_VIEWER)
    if viewer not in known:
        raise PhhError((HIDES_PLAYER if known else HIDES_ALL).format(player=f"p{viewer + 1}",
                                                                    players=", ".join(f"p{w + 1}" for w in known)))
    secret = [who for who in range(count) if who in deals and who not in known]
    if not secret:
        return _build(data), seats[viewer] - 1
    dealt = 5 * count + sum(len(_chunks(actions[n].split("#")[0].split()[3], actions[n])) for _, n in later)
    if dealt > 52:
        raise PhhError("In this hand the stock ran out and the discards were reshuffled; pokerlab rebuilds such a "
                       "hand only from a file that shows every card.")
    used: set[str] = set()  # every card the file names
    for line in actions:
        words = line.split("#")[0].split()
        if words[:2] == ["d", "dh"] and len(words) == 4:
            used.update(_chunks(words[3], line))
        elif len(words) == 3 and words[1] in ("sd", "sm"):
            used.update(_chunks(words[2], line))
    used.discard(UNKNOWN)
    aces = data.get("_shown_aces") or [""] * count
    if not isinstance(aces, list) or len(aces) != count or not all(isinstance(ace, str) for ace in aces):
        raise PhhError(f"The PHH field '_shown_aces' must have one entry a player ('' for none); got {aces!r}.")
    used.update(ace for ace in aces if ace)
    spare = (str(card) for card in ALL_CARDS if str(card) not in used)
    rewritten = list(actions)
    for who in secret:
        drawn = 0
        if who in draws:
            words = actions[draws[who]].split("#")[0].split()
            drawn = len(_chunks(words[2], actions[draws[who]])) if len(words) > 2 else 0
        ace = aces[who]
        if who in shown:  # the hand they showed: what they kept plus what they were given
            pool = [card for card in shown[who] if card != ace]
            received = pool[len(pool) - drawn:] if drawn else []
            kept = ([ace] if ace in shown[who] else []) + pool[:len(pool) - drawn]
        else:
            received = [next(spare) for _ in range(drawn)]
            kept = ([ace] if ace else []) + [next(spare) for _ in range(5 - drawn - bool(ace))]
        if len(kept) + drawn != 5:
            raise PhhError(f"p{who + 1}'s draw and shown hand do not fit five cards.")
        discards = [next(spare) for _ in range(drawn)]
        rewritten[deals[who]] = f"d dh p{who + 1} {''.join(kept + discards)}"
        if drawn:
            rewritten[draws[who]] = f"p{who + 1} sd {''.join(discards)}"
            replacement = [n for w, n in later if w == who]
            if len(replacement) != 1:
                raise PhhError(f"p{who + 1} draws {drawn} card(s), and the file deals them {len(replacement)} "
                               "replacement(s); a draw is dealt its cards once.")
            rewritten[replacement[0]] = f"d dh p{who + 1} {''.join(received)}"
    return _build({**data, "actions": rewritten}), seats[viewer] - 1
