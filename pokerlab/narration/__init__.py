"""The one place where pokerlab's data becomes sentences: events, refusals, offers, pots and results.

The engine speaks in data (:mod:`pokerlab.draw.events`, :class:`~pokerlab.draw.errors.IllegalActionError`,
:class:`~pokerlab.draw.results.PotAward`); every layer that shows a hand to a person — the table, hand
history text, lessons, the coach, the review, the notebooks — asks this package for the words. A
:class:`Voice` says who reads: the seat that is "you", the players' names, and chips or dollars.

>>> from pokerlab.draw.events import Event
>>> event_sentence(Event("raise", 1, amount=10, to=20), Voice(viewer=1))
'You raise to 20'
>>> event_sentence(Event("raise", 1, amount=10, to=20), Voice(viewer=0, names=("You", "Ada"), dollars=True))
'Ada raises to $20'
>>> event_sentence(Event("ace_shown", 0, cards=parse_cards("As")), Voice(viewer=0))
'You keep an ace and show it: As'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pokerlab.cards import Card, parse_cards
from pokerlab.text import listing

if TYPE_CHECKING:
    from pokerlab.draw.actions import LegalAction
    from pokerlab.draw.errors import IllegalActionError
    from pokerlab.draw.events import Event

__all__ = [
    "Voice", "action_label", "award_reason", "cap_text", "describe", "event_sentence", "fold_warning",
    "log_lines", "phase_text", "pot_name", "refusal_sentence", "result_headline", "verb",
]

_IRREGULAR = {"be": ("are", "is"), "have": ("have", "has"), "was": ("were", "was"), "go": ("go", "goes")}


def verb(base: str, you: bool, count: int = 1) -> str:
    """The present tense of ``base`` for "you" or for a third person (``count`` of them).

    >>> verb("raise", True), verb("raise", False), verb("be", False), verb("go", False), verb("be", False, 2)
    ('raise', 'raises', 'is', 'goes', 'are')
    """
    if you or count != 1:
        return _IRREGULAR.get(base, (base, base))[0]
    if base in _IRREGULAR:
        return _IRREGULAR[base][1]
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    return base + "s"


def plural(count: int, singular: str, many: str | None = None) -> str:
    """``'1 card'``, ``'3 cards'``.

    >>> plural(1, "raise"), plural(0, "raise"), plural(2, "side pot")
    ('1 raise', '0 raises', '2 side pots')
    """
    return f"{count} {singular if count == 1 else (many or singular + 's')}"


@dataclass(frozen=True)
class Voice:
    """Who the words are for. ``viewer``: the seat that reads as "you" (None: a spectator);
    ``names``: what to call each seat (default "Seat 1", "Seat 2"...; the viewer's entry is ignored, the
    viewer is always "you"); ``dollars``: amounts are money ("$25"), else chips ("25")."""

    viewer: int | None = None
    names: tuple[str, ...] | None = None
    dollars: bool = False

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.viewer

    def name(self, seat: int) -> str:
        """The seat as a sentence's subject: "You", "Ada" or "Seat 3"."""
        if self.is_you(seat):
            return "You"
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return f"Seat {seat + 1}"

    def object(self, seat: int) -> str:
        """The seat inside a sentence: "you", "Ada"."""
        return "you" if self.is_you(seat) else self.name(seat)

    def verb(self, seat: int | None, base: str) -> str:
        return verb(base, self.is_you(seat))

    def says(self, seat: int, base: str) -> str:
        """Subject and verb: "You raise", "Ada raises"."""
        return f"{self.name(seat)} {self.verb(seat, base)}"

    def money(self, amount: int) -> str:
        """An amount as it reads after a verb: "$25" in dollars, "25" in chips."""
        return f"${amount:,}" if self.dollars else f"{amount:,}"

    def chips(self, amount: int) -> str:
        """An amount with its unit: "$25", "25 chips", "1 chip"."""
        if self.dollars:
            return f"${amount:,}"
        return f"{amount:,} chip" if amount == 1 else f"{amount:,} chips"

    def span(self, low: int, high: int) -> str:
        """``'10'`` or ``'$5–$15'``."""
        return self.money(low) if low == high else f"{self.money(low)}–{self.money(high)}"


def _cards(cards: Iterable[Card | str]) -> str:
    return " ".join(str(card) for card in cards)


def pot_name(number: int) -> str:
    """``Main pot`` for the first pot, ``Side pot 1``, ``Side pot 2``... after it."""
    return "Main pot" if number == 0 else f"Side pot {number}"


PHASE_TEXT = {
    "betting_one": "First betting round", "draw": "The draw", "betting_two": "Second betting round",
    "over": "Hand over",
}


def phase_text(phase: str) -> str:
    return PHASE_TEXT[phase]


# --- events ---------------------------------------------------------------------------------------

def event_sentence(event: Event | Mapping[str, Any], voice: Voice = Voice(), result: Mapping[str, Any] | None = None) -> str:
    """One line for one event (an :class:`~pokerlab.draw.events.Event` or a view's event dict).
    ``result``: the view's result dict, which a ``win`` at the showdown needs to say why."""
    data = event._asdict() if hasattr(event, "_asdict") else dict(event)
    kind: str = data["kind"]
    seat: int | None = data.get("seat")
    amount: int = data.get("amount", 0)
    say = (lambda base: voice.says(seat, base)) if seat is not None else None  # noqa: E731
    tail = f" and {voice.verb(seat, 'be')} all-in" if data.get("all_in") else ""
    if kind == "button":
        return f"{say('be')} the dealer"  # type: ignore[misc]
    if kind == "ante":
        return f"{say('post')} an ante of {voice.money(amount)}{tail}"  # type: ignore[misc]
    if kind in ("small_blind", "big_blind"):
        return f"{say('post')} the {kind.replace('_', ' ')} of {voice.money(amount)}{tail}"  # type: ignore[misc]
    if kind == "deal":
        cards = data.get("cards") or ()
        dealt = _cards(cards) if cards else "5 cards"
        return f"{voice.name(seat)} {'are' if voice.is_you(seat) else 'is'} dealt {dealt}"  # type: ignore[arg-type]
    if kind == "fold":
        return say("fold")  # type: ignore[misc]
    if kind == "check":
        return say("check")  # type: ignore[misc]
    if kind == "call":
        line = f"{say('call')} {voice.money(amount)}{tail}"  # type: ignore[misc]
        if data.get("reason") == "automatic":
            line += " automatically: nobody else with chips is left to bet against"
        return line
    if kind == "bet":
        return f"{say('bet')} {voice.money(data.get('to') or amount)}{tail}"  # type: ignore[misc]
    if kind == "raise":
        return f"{say('raise')} to {voice.money(data.get('to') or amount)}{tail}"  # type: ignore[misc]
    if kind == "all_in":
        if data.get("all_in_as") == "raise":
            return f"{say('go')} all-in for {voice.money(amount)}, raising to {voice.money(data.get('to', 0))}"  # type: ignore[misc]
        return f"{say('go')} all-in for {voice.money(amount)} to call"  # type: ignore[misc]
    if kind == "draw_begins":
        return "The draw"
    if kind == "draw":
        count = data.get("count", 0)
        if count == 0:
            return f"{say('stand')} pat"  # type: ignore[misc]
        line = f"{say('draw')} {plural(count, 'card')}"  # type: ignore[misc]
        thrown, received = data.get("cards") or (), data.get("received") or ()
        if thrown and received:
            line += f" (throwing {_cards(thrown)}, getting {_cards(received)})"
        return line
    if kind == "ace_shown":
        return f"{say('keep')} an ace and {voice.verb(seat, 'show')} it: {_ace(data.get('cards') or ())}"  # type: ignore[misc]
    if kind == "reshuffle":
        count = data.get("count", 0)
        return (f"The stock is short: {plural(count, 'earlier discard or folded card', 'earlier discards and folded cards')} "
                f"{verb('be', False, count)} shuffled into a new stock")
    if kind == "second_round_begins":
        return "Second betting round"
    if kind == "betting_skipped":
        return "Betting is skipped: at most one player still has chips"
    if kind == "showdown":
        from pokerlab.hands import evaluate

        cards = [card if isinstance(card, Card) else parse_cards(card)[0] for card in data.get("cards") or ()]
        return f"{say('show')} {_cards(cards)} ({evaluate(cards).name.lower()})"  # type: ignore[misc]
    if kind == "win":
        number = data.get("count", 0)
        line = f"{say('win')} {voice.chips(amount)} from {'the main pot' if number == 0 else f'side pot {number}'}"  # type: ignore[misc]
        why = _win_reason(data, voice, result)
        return f"{line}: {why}" if why else line
    raise ValueError(f"No sentence for an event of kind {kind!r}.")


def _ace(cards: Sequence[Card | str]) -> str:
    return str(cards[0])


def _win_reason(data: Mapping[str, Any], voice: Voice, result: Mapping[str, Any] | None) -> str:
    reason = data.get("reason")
    seat = data["seat"]
    if reason == "folds":
        return "everyone else folded"
    if reason == "showdown":  # why needs the shown hands: only a finished hand's result has them
        award = None if result is None else next((a for a in result["pots"] if a["pot"] == data.get("count", 0)), None)
        return "" if award is None else _showdown_comparison(award, result, voice).reason
    return _fixed_reason(reason, seat, voice) if reason else ""


def _fixed_reason(reason: str | None, seat: int, voice: Voice) -> str:
    if reason == "forfeit":
        return (f"{voice.name(seat)} {voice.verb(seat, 'was')} the last player left in this pot: everyone who put "
                "chips in it folded, and an all-in player wins from each opponent only what they put in.")
    if reason == "only_player":
        return f"{voice.says(seat, 'be')} the only player in this pot."
    if reason == "folds":
        return f"{voice.says(seat, 'win')}: everyone else folded."
    raise ValueError(f"No sentence for the pot reason {reason!r}.")


def award_reason(award: Any, result: Any, voice: Voice = Voice()) -> str:
    """Why one pot went where it did, for ``voice``. ``award`` and ``result`` are either the engine's
    :class:`~pokerlab.draw.results.PotAward`/:class:`~pokerlab.draw.results.HandResult` or their JSON
    dicts (as in a view)."""
    get = (lambda obj, key: obj[key]) if isinstance(award, Mapping) else getattr  # noqa: E731
    reason = get(award, "reason")
    winners = [int(seat) for seat in get(award, "winners")]
    if reason != "showdown":
        return _fixed_reason(reason, winners[0], voice)
    return _showdown_comparison(award, result, voice).text


def _showdown_comparison(award: Any, result: Any, voice: Voice) -> Any:
    """:func:`pokerlab.hands.explain` of the two hands that decided a showdown pot, named for ``voice``."""
    from pokerlab.hands import evaluate
    from pokerlab.narration.hands import explain

    get = (lambda obj, key: obj[key]) if isinstance(award, Mapping) else getattr  # noqa: E731
    shown = get(result, "shown")
    first, second = (int(seat) for seat in get(award, "compared"))
    hands = [shown[str(seat)] if str(seat) in shown else shown[seat] for seat in (first, second)]
    return explain(evaluate(_as_cards(hands[0])), evaluate(_as_cards(hands[1])),
                   names=(voice.name(first), voice.name(second)))


def _as_cards(cards: Sequence[Card | str]) -> list[Card]:
    return [card if isinstance(card, Card) else parse_cards(card)[0] for card in cards]


def log_lines(view: Mapping[str, Any], voice: Voice | None = None) -> list[str]:
    """The hand so far as sentences, from a view (``view["events"]``), for ``voice`` (default: the
    view's own seat as "you", named by ``view["names"]`` when the match gave names)."""
    voice = voice or Voice(view.get("seat"), tuple(view["names"]) if view.get("names") else None)
    result = view.get("result")
    return [event_sentence(event, voice, result) for event in view["events"]]


def describe(event: Event, viewer: int | None = None) -> str:
    """One event as a line for ``viewer`` with seats named "Seat N" (the hand history's voice).

    Another seat's private cards are never in it: of a deal or a draw that is not the viewer's only
    the count is public (rule book 002: the number drawn is public, the cards discarded are not)."""
    from pokerlab.draw.events import PRIVATE_KINDS

    if event.kind in PRIVATE_KINDS and event.seat != viewer:
        event = event._replace(cards=(), received=())
    return event_sentence(event, Voice(viewer))


# --- offers, the cap, refusals ----------------------------------------------------------------------

def action_label(item: LegalAction, voice: Voice = Voice()) -> str:
    """The button text for a legal action: "Call 10", "Raise to $20–$40", "Draw up to 3 or stand pat"."""
    kind = item.kind.value
    if kind == "fold":
        return "Fold"
    if kind == "check":
        return "Check"
    if kind == "call":
        return f"Call {voice.money(item.call_amount)}"
    if kind == "bet":
        return f"Bet {voice.span(item.min_to, item.max_to)}"  # type: ignore[arg-type]
    if kind == "raise":
        return f"Raise to {voice.span(item.min_to, item.max_to)}"  # type: ignore[arg-type]
    if kind == "all_in":
        return f"All-in for {voice.money(item.chips)}"
    if item.ace_extra:
        return f"Draw up to {item.max_discards - 1} ({item.max_discards} keeping an ace) or stand pat"
    return f"Draw up to {item.max_discards} or stand pat"


def fold_warning(item: LegalAction) -> str | None:
    """A note for a fold offered while checking is free."""
    return "Checking is free: you can stay in without paying." if item.free_fold else None


def cap_text(cap: Mapping[str, Any]) -> str:
    """How much of the raise cap is used this round, from a view's ``cap`` dict.

    >>> cap_text({"phase": "betting_one", "bets_made": 2, "cap": 4, "raises_left": 2, "raising_open": True, "blinds_round": False})
    'bet 2 of 4, 2 raises left'
    >>> cap_text({"phase": "betting_two", "bets_made": 1, "cap": 4, "raises_left": 3, "raising_open": False, "blinds_round": False})
    'bet 1 of 4, no more raises: nobody else can answer one'
    """
    if cap["phase"] in ("draw", "over"):
        return "no betting now"
    made, most, left = cap["bets_made"], cap["cap"], cap["raises_left"]
    if cap["blinds_round"]:
        start = "big blind" if made == 0 else f"big blind, then raise {made} of {most}"
    elif made == 0:
        start = "no bet yet"
    else:
        start = f"bet {made} of {most}"
    if left == 0:
        return f"{start}, capped: no more raises this round"
    if not cap["raising_open"]:
        return f"{start}, no more raises: nobody else can answer one"
    if made == 0 and not cap["blinds_round"]:
        return f"{start}, a bet and {plural(most - 1, 'raise')} allowed"
    return f"{start}, {plural(left, 'raise')} left"


def _options(legal: Sequence[LegalAction], voice: Voice, seat: int | None) -> str:
    labels = [_lower_label(action_label(item, voice)) for item in legal]
    if not labels:
        return "nothing is possible now"
    who = "you" if seat is None or voice.is_you(seat) else voice.name(seat)
    return f"{who} can {listing(labels, last='or')}"


def _lower_label(label: str) -> str:
    return label[0].lower() + label[1:]


_NAMES = {"bet": "Bet", "raise": "Raise", "all_in": "All-in"}


def refusal_sentence(error: IllegalActionError, voice: Voice | None = None) -> str:
    """Why the engine refused an action and what is legal instead, for ``voice`` (default: the player
    who tried it, as "you")."""
    seat = error.seat
    voice = voice or Voice(viewer=seat)
    code, details, kind = error.code, error.details, error.attempted.kind.value
    if code == "hand_over":
        return "The hand is over; no action is possible."
    options = _options(error.legal, voice, seat)
    you = voice.is_you(seat)
    who = voice.name(seat) if seat is not None else "You"
    they = "you" if you else "they"
    their = "your" if you else "their"
    if code == "takes_no_amount":
        return f"{kind.capitalize()} takes no amount or cards; {options}."
    if code == "wrong_amount":
        name = _NAMES.get(kind, kind.capitalize())
        low, high, step = details["min_to"], details["max_to"], details["step"]
        if low == high:
            return f"{name} must be to {voice.money(low)} here; {options}."
        return f"{name} must be to {voice.span(low, high)} in steps of {voice.money(step)} here; {options}."
    if code == "duplicate_discard":
        return f"{who} marked the same card twice; {options}."
    if code == "not_in_hand":
        cards = details["cards"]
        return f"{_cards(cards)} {verb('be', False, len(cards))} not in {their} hand; {options}."
    if code == "too_many_discards":
        return f"{who} may discard at most {plural(details['most'], 'card')}; {options}."
    if code == "ace_needed":
        return f"A {details['most'] + 1}th discard is allowed only while {they} keep an ace; {options}."
    word = kind.replace("_", "-")
    why = _why(code, details, voice, they)
    return f"{who} cannot {word}: {why}; {options}."


def _why(code: str, details: Mapping[str, Any], voice: Voice, they: str) -> str:
    owed = details.get("owed", 0)
    if code == "betting_in_draw":
        return "it is the draw, not a betting round"
    if code == "draw_in_betting":
        return "it is a betting round; the draw comes after the first round"
    if code == "check_owed":
        return f"{voice.money(owed)} is owed to stay in"
    if code == "call_nothing_owed":
        return "nothing is owed"
    if code == "call_cannot_cover":
        return f"{they} cannot cover {voice.money(owed)} and all-in is not allowed in {details['variant']}"
    if code == "bet_live":
        return "a bet is already live, so raise instead"
    if code == "raise_nothing_bet":
        return "nothing has been bet this round, so bet instead"
    if code == "no_all_in":
        return f"{details['variant']} has no all-in"
    if code == "all_in_can_cover":
        return f"{they} can cover the full amount"
    if code == "cap_reached":
        return f"the cap of {details['cap']} bets and raises this round is reached"
    if code == "already_acted":
        return (f"{they} already acted and no full bet or raise has been made since, so {they} may only "
                "call or fold")
    if code == "nobody_to_answer":
        return "nobody else has chips left to answer a bet"
    if code == "cannot_cover_raise":
        return f"{they} do not have enough chips to cover it"
    raise ValueError(f"No sentence for the refusal code {code!r}.")


# --- results --------------------------------------------------------------------------------------

def result_headline(result: Mapping[str, Any], voice: Voice) -> str:
    """One line on how the hand ended, for the viewer (from a view's result dict)."""
    net = result["net"]
    me = voice.viewer
    if result["won_by_fold"]:
        winner = max(range(len(net)), key=lambda seat: net[seat])
        return f"{voice.says(winner, 'win')} the pot: everyone else folded, so no cards are shown."
    if me is None:
        return "Showdown."
    mine = net[me]
    if mine > 0:
        return f"You win {voice.chips(mine)}."
    if str(me) in result["shown"]:
        return "You lose this one." if mine < 0 else "You break even."
    return "Showdown."
