"""A hand's events as sentences: one line per event, the log of a view, the hand history's line.

The engine speaks in :mod:`pokerlab.draw.events`; these are its words for a reader (a
:class:`~pokerlab.narration.voice.Voice`). A pot won at the showdown says why with
:mod:`pokerlab.narration.results`, the one place that compares the shown hands.

>>> from pokerlab.draw.events import Event
>>> event_sentence(Event("fold", 2), Voice(viewer=0)), event_sentence(Event("draw", 0, count=2), Voice(viewer=0))
('Seat 3 folds', 'You draw 2 cards')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pokerlab import language as lang
from pokerlab.cards import Card
from pokerlab.draw.events import PRIVATE_KINDS
from pokerlab.language import N_
from pokerlab.narration.hands import as_cards, cards_text, hand_name
from pokerlab.narration.results import pot_reason, showdown_comparison
from pokerlab.narration.voice import Voice

if TYPE_CHECKING:
    from pokerlab.draw.events import Event

__all__ = ["describe", "event_sentence", "log_lines"]


def event_sentence(event: Event | Mapping[str, Any], voice: Voice = Voice(), result: Mapping[str, Any] | None = None) -> str:
    """One line for one event (an :class:`~pokerlab.draw.events.Event` or a view's event dict).
    ``result``: the view's result dict, which a ``win`` at the showdown needs to say why."""
    data = event._asdict() if hasattr(event, "_asdict") else dict(event)
    kind: str = data["kind"]
    seat: int | None = data.get("seat")
    amount: int = data.get("amount", 0)
    say = voice.say
    tail = say(seat, N_(" and are all-in"), N_(" and is all-in")) if data.get("all_in") else ""
    if kind == "button":
        return say(seat, N_("You are the dealer"), N_("{name} is the dealer"))
    if kind == "ante":
        return say(seat, N_("You post an ante of {amount}"), N_("{name} posts an ante of {amount}"),
                   amount=voice.money(amount)) + tail
    if kind == "small_blind":
        return say(seat, N_("You post the small blind of {amount}"), N_("{name} posts the small blind of {amount}"),
                   amount=voice.money(amount)) + tail
    if kind == "big_blind":
        return say(seat, N_("You post the big blind of {amount}"), N_("{name} posts the big blind of {amount}"),
                   amount=voice.money(amount)) + tail
    if kind == "deal":
        cards = data.get("cards") or ()
        dealt = cards_text(cards) if cards else voice.gettext("5 cards")
        return say(seat, N_("You are dealt {cards}"), N_("{name} is dealt {cards}"), cards=dealt)
    if kind == "fold":
        return say(seat, N_("You fold"), N_("{name} folds"))
    if kind == "check":
        return say(seat, N_("You check"), N_("{name} checks"))
    if kind == "call":
        line = say(seat, N_("You call {amount}"), N_("{name} calls {amount}"), amount=voice.money(amount)) + tail
        if data.get("reason") == "automatic":
            line += voice.gettext(" automatically: nobody else with chips is left to bet against")
        return line
    if kind == "bet":
        return say(seat, N_("You bet {amount}"), N_("{name} bets {amount}"),
                   amount=voice.money(data.get("to") or amount)) + tail
    if kind == "raise":
        return say(seat, N_("You raise to {amount}"), N_("{name} raises to {amount}"),
                   amount=voice.money(data.get("to") or amount)) + tail
    if kind == "all_in":
        if data.get("all_in_as") == "raise":
            return say(seat, N_("You go all-in for {amount}, raising to {to}"),
                       N_("{name} goes all-in for {amount}, raising to {to}"),
                       amount=voice.money(amount), to=voice.money(data.get("to", 0)))
        return say(seat, N_("You go all-in for {amount} to call"), N_("{name} goes all-in for {amount} to call"),
                   amount=voice.money(amount))
    if kind == "draw_begins":
        return voice.gettext("The draw")
    if kind == "draw":
        count = data.get("count", 0)
        if count == 0:
            return say(seat, N_("You stand pat"), N_("{name} stands pat"))
        if voice.is_you(seat):
            line = voice.ngettext("You draw {count} card", "You draw {count} cards", count).format(count=count)
        else:
            line = voice.ngettext("{name} draws {count} card", "{name} draws {count} cards", count).format(
                name=voice.name(seat), count=count)  # type: ignore[arg-type]
        thrown, received = data.get("cards") or (), data.get("received") or ()
        if thrown and received:
            line += voice.gettext(" (throwing {thrown}, getting {received})").format(
                thrown=cards_text(thrown), received=cards_text(received))
        return line
    if kind == "ace_shown":
        return say(seat, N_("You keep an ace and show it: {card}"), N_("{name} keeps an ace and shows it: {card}"),
                   card=_ace(data.get("cards") or ()))
    if kind == "reshuffle":
        count = data.get("count", 0)
        return voice.ngettext(
            "The stock is short: {count} earlier discard or folded card is shuffled into a new stock",
            "The stock is short: {count} earlier discards and folded cards are shuffled into a new stock",
            count).format(count=count)
    if kind == "second_round_begins":
        return voice.gettext("Second betting round")
    if kind == "betting_skipped":
        return voice.gettext("Betting is skipped: at most one player still has chips")
    if kind == "showdown":
        cards = as_cards(data.get("cards") or ())
        named = hand_name(cards, voice.language)
        return say(seat, N_("You show {cards} ({hand})"), N_("{name} shows {cards} ({hand})"),
                   cards=cards_text(cards), hand=named[0].lower() + named[1:] if voice.language != "en" else named.lower())
    if kind == "win":
        number = data.get("count", 0)
        chips = voice.chips(amount)
        if number == 0:
            line = say(seat, N_("You win {chips} from the main pot"), N_("{name} wins {chips} from the main pot"),
                       chips=chips)
        else:
            line = say(seat, N_("You win {chips} from side pot {number}"), N_("{name} wins {chips} from side pot {number}"),
                       chips=chips, number=number)
        why = _win_reason(data, voice, result)
        return f"{line}: {why}" if why else line
    raise ValueError(f"No sentence for an event of kind {kind!r}.")


def _ace(cards: Sequence[Card | str]) -> str:
    return str(cards[0])


def _win_reason(data: Mapping[str, Any], voice: Voice, result: Mapping[str, Any] | None) -> str:
    reason = data.get("reason")
    seat = data["seat"]
    if reason == "folds":
        return voice.gettext("everyone else folded")
    if reason == "showdown":  # why needs the shown hands: only a finished hand's result has them
        award = None if result is None else next((a for a in result["pots"] if a["pot"] == data.get("count", 0)), None)
        return "" if award is None else showdown_comparison(award, result, voice).reason
    return pot_reason(reason, seat, voice) if reason else ""


def log_lines(view: Mapping[str, Any], voice: Voice | None = None) -> list[str]:
    """The hand so far as sentences, from a view (``view["events"]``), for ``voice`` (default: the
    view's own seat as "you", named by ``view["names"]`` when the match gave names)."""
    voice = voice or Voice(view.get("seat"), tuple(view["names"]) if view.get("names") else None)
    result = view.get("result")
    return [event_sentence(event, voice, result) for event in view["events"]]


def describe(event: Event, viewer: int | None = None, language: str = lang.DEFAULT) -> str:
    """One event as a line for ``viewer`` with seats named "Seat N" (the hand history's voice).

    Another seat's private cards are never in it: of a deal or a draw that is not the viewer's only
    the count is public (rule book 002: the number drawn is public, the cards discarded are not)."""
    if event.kind in PRIVATE_KINDS and event.seat != viewer:
        event = event._replace(cards=(), received=())
    return event_sentence(event, Voice(viewer, language=language))
