"""The one place where pokerlab's data becomes sentences: events, refusals, offers, pots and results.

The engine speaks in data (:mod:`pokerlab.draw.events`, :class:`~pokerlab.draw.errors.IllegalActionError`,
:class:`~pokerlab.draw.results.PotAward`); every layer that shows a hand to a person — the table, hand
history text, lessons, the coach, the review, the notebooks — asks this package for the words. A
:class:`Voice` says who reads: the seat that is "you", the players' names, chips or dollars, and the
language (each sentence is a message of the catalogue, :mod:`pokerlab.language`).

>>> from pokerlab.draw.events import Event
>>> event_sentence(Event("raise", 1, amount=10, to=20), Voice(viewer=1))
'You raise to 20'
>>> event_sentence(Event("raise", 1, amount=10, to=20), Voice(viewer=0, names=("You", "Ada"), dollars=True))
'Ada raises to $20'
>>> event_sentence(Event("ace_shown", 0, cards=parse_cards("As")), Voice(viewer=0))
'You keep an ace and show it: As'
>>> event_sentence(Event("raise", 1, amount=10, to=20), Voice(viewer=1, language="es"))
'Subes a 20'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pokerlab import english
from pokerlab import language as lang
from pokerlab.cards import Card, parse_cards
from pokerlab.draw.events import PRIVATE_KINDS
from pokerlab.hand_values import evaluate
from pokerlab.language import N_, NP_
from pokerlab.narration.hands import explain, value_name
from pokerlab.text import listing

if TYPE_CHECKING:
    from pokerlab.draw.actions import LegalAction
    from pokerlab.draw.errors import IllegalActionError
    from pokerlab.draw.events import Event

__all__ = [
    "Voice", "action_label", "award_reason", "cap_text", "describe", "event_sentence", "fold_warning",
    "hand_name", "log_lines", "phase_text", "pot_name", "refusal_sentence", "result_headline",
]


@dataclass(frozen=True)
class Voice:
    """Who the words are for. ``viewer``: the seat that reads as "you" (None: a spectator);
    ``names``: what to call each seat (default "Seat 1", "Seat 2"...; the viewer's entry is ignored, the
    viewer is always "you"); ``dollars``: amounts are money ("$25"), else chips ("25"); ``language``:
    one of :data:`pokerlab.language.LANGUAGES`."""

    viewer: int | None = None
    names: tuple[str, ...] | None = None
    dollars: bool = False
    language: str = lang.DEFAULT

    def __post_init__(self) -> None:
        lang.check(self.language)

    def gettext(self, message: str) -> str:
        return lang.gettext(self.language, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return lang.ngettext(self.language, singular, plural, count)

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.viewer

    def name(self, seat: int) -> str:
        """The seat as a sentence's subject: "You", "Ada" or "Seat 3"."""
        if self.is_you(seat):
            return self.gettext("You")
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return self.gettext("Seat {number}").format(number=seat + 1)

    def say(self, seat: int | None, you: str, other: str, **values: Any) -> str:
        """The message ``you`` (the reader did it) or ``other`` (``{name}`` did it), in this voice's
        language, filled in. Two messages, because a language may need more than a new subject
        (Spanish drops the pronoun and changes the verb: "Subes", "Ada sube")."""
        if self.is_you(seat):
            return self.gettext(you).format(**values)
        return self.gettext(other).format(name=self.name(seat) if seat is not None else "", **values)

    def number(self, amount: float, decimals: int = 0) -> str:
        return lang.format_number(amount, self.language, decimals)

    def money(self, amount: int) -> str:
        """An amount as it reads after a verb: "$25" in dollars, "25" in chips."""
        return lang.money(amount, self.language, self.dollars)

    def chips(self, amount: int) -> str:
        """An amount with its unit: "$25", "25 chips", "1 chip"."""
        if self.dollars:
            return self.money(amount)
        return self.ngettext("{amount} chip", "{amount} chips", amount).format(amount=self.number(amount))

    def span(self, low: int, high: int) -> str:
        """``'10'`` or ``'$5–$15'``."""
        if low == high:
            return self.money(low)
        return self.gettext("{low}–{high}").format(low=self.money(low), high=self.money(high))


def _cards(cards: Iterable[Card | str]) -> str:
    return " ".join(str(card) for card in cards)


def pot_name(number: int, language: str = lang.DEFAULT) -> str:
    """``Main pot`` for the first pot, ``Side pot 1``, ``Side pot 2``... after it."""
    if number == 0:
        return lang.gettext(language, "Main pot")
    return lang.gettext(language, "Side pot {number}").format(number=number)


PHASE_TEXT = {
    "betting_one": N_("First betting round"), "draw": N_("The draw"), "betting_two": N_("Second betting round"),
    "over": N_("Hand over"),
}


def phase_text(phase: str, language: str = lang.DEFAULT) -> str:
    return lang.gettext(language, PHASE_TEXT[phase])


def hand_name(cards: Sequence[Card | str], language: str = lang.DEFAULT) -> str:
    """The dealer's name of a five-card hand in ``language`` ("Pair of eights, ace kicker")."""
    return value_name(evaluate(_as_cards(cards)), language)


# --- events ---------------------------------------------------------------------------------------

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
        dealt = _cards(cards) if cards else voice.gettext("5 cards")
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
                thrown=_cards(thrown), received=_cards(received))
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
        cards = _as_cards(data.get("cards") or ())
        named = hand_name(cards, voice.language)
        return say(seat, N_("You show {cards} ({hand})"), N_("{name} shows {cards} ({hand})"),
                   cards=_cards(cards), hand=named[0].lower() + named[1:] if voice.language != "en" else named.lower())
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
        return "" if award is None else _showdown_comparison(award, result, voice).reason
    return _fixed_reason(reason, seat, voice) if reason else ""


def _fixed_reason(reason: str | None, seat: int, voice: Voice) -> str:
    if reason == "forfeit":
        return voice.say(
            seat,
            N_("You were the last player left in this pot: everyone who put chips in it folded, and an all-in "
               "player wins from each opponent only what they put in."),
            N_("{name} was the last player left in this pot: everyone who put chips in it folded, and an all-in "
               "player wins from each opponent only what they put in."))
    if reason == "only_player":
        return voice.say(seat, N_("You are the only player in this pot."), N_("{name} is the only player in this pot."))
    if reason == "folds":
        return voice.say(seat, N_("You win: everyone else folded."), N_("{name} wins: everyone else folded."))
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
    get = (lambda obj, key: obj[key]) if isinstance(award, Mapping) else getattr  # noqa: E731
    shown = get(result, "shown")
    first, second = (int(seat) for seat in get(award, "compared"))
    hands = [shown[str(seat)] if str(seat) in shown else shown[seat] for seat in (first, second)]
    you = next((index for index, seat in enumerate((first, second)) if voice.is_you(seat)), None)
    return explain(evaluate(_as_cards(hands[0])), evaluate(_as_cards(hands[1])),
                   names=(voice.name(first), voice.name(second)), language=voice.language, you=you)


def _as_cards(cards: Sequence[Card | str]) -> list[Card]:
    return [card if isinstance(card, Card) else parse_cards(card)[0] for card in cards]


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


# --- offers, the cap, refusals ----------------------------------------------------------------------

def action_label(item: LegalAction, voice: Voice = Voice()) -> str:
    """The button text for a legal action: "Call 10", "Raise to $20–$40", "Draw up to 3 or stand pat"."""
    kind = item.kind.value
    _ = voice.gettext
    if kind == "fold":
        return _("Fold")
    if kind == "check":
        return _("Check")
    if kind == "call":
        return _("Call {amount}").format(amount=voice.money(item.call_amount))
    if kind == "bet":
        return _("Bet {amount}").format(amount=voice.span(item.min_to, item.max_to))  # type: ignore[arg-type]
    if kind == "raise":
        return _("Raise to {amount}").format(amount=voice.span(item.min_to, item.max_to))  # type: ignore[arg-type]
    if kind == "all_in":
        return _("All-in for {amount}").format(amount=voice.money(item.chips))
    if item.ace_extra:
        return _("Draw up to {count} ({most} keeping an ace) or stand pat").format(
            count=item.max_discards - 1, most=item.max_discards)
    return _("Draw up to {count} or stand pat").format(count=item.max_discards)


def fold_warning(item: LegalAction, language: str = lang.DEFAULT) -> str | None:
    """A note for a fold offered while checking is free."""
    return lang.gettext(language, "Checking is free: you can stay in without paying.") if item.free_fold else None


def cap_text(cap: Mapping[str, Any], language: str = lang.DEFAULT) -> str:
    """How much of the raise cap is used this round, from a view's ``cap`` dict.

    >>> cap_text({"phase": "betting_one", "bets_made": 2, "cap": 4, "raises_left": 2, "raising_open": True, "blinds_round": False})
    'bet 2 of 4, 2 raises left'
    >>> cap_text({"phase": "betting_two", "bets_made": 1, "cap": 4, "raises_left": 3, "raising_open": False, "blinds_round": False})
    'bet 1 of 4, no more raises: nobody else can answer one'
    """
    def _(message: str) -> str:
        return lang.gettext(language, message)

    if cap["phase"] in ("draw", "over"):
        return _("no betting now")
    made, most, left = cap["bets_made"], cap["cap"], cap["raises_left"]
    if cap["blinds_round"]:
        start = _("big blind") if made == 0 else _("big blind, then raise {made} of {most}").format(made=made, most=most)
    elif made == 0:
        start = _("no bet yet")
    else:
        start = _("bet {made} of {most}").format(made=made, most=most)
    if left == 0:
        return _("{start}, capped: no more raises this round").format(start=start)
    if not cap["raising_open"]:
        return _("{start}, no more raises: nobody else can answer one").format(start=start)
    if made == 0 and not cap["blinds_round"]:
        return lang.ngettext(language, "{start}, a bet and {count} raise allowed", "{start}, a bet and {count} raises allowed",
                             most - 1).format(start=start, count=most - 1)
    return lang.ngettext(language, "{start}, {count} raise left", "{start}, {count} raises left", left).format(
        start=start, count=left)


def _options(legal: Sequence[LegalAction], voice: Voice, seat: int | None) -> str:
    labels = [_lower_label(action_label(item, voice)) for item in legal]
    if not labels:
        return voice.gettext("nothing is possible now")
    choices = listing(labels, last=voice.gettext("or"))
    if seat is None or voice.is_you(seat):
        return voice.gettext("you can {choices}").format(choices=choices)
    return voice.gettext("{name} can {choices}").format(name=voice.name(seat), choices=choices)


def _lower_label(label: str) -> str:
    return label[0].lower() + label[1:]


_NAMES = {"bet": N_("Bet"), "raise": N_("Raise"), "all_in": N_("All-in"), "fold": N_("Fold"), "check": N_("Check"),
          "call": N_("Call"), "draw": N_("Draw")}
_VERBS = {"bet": NP_("verb", "bet"), "raise": NP_("verb", "raise"), "all_in": NP_("verb", "all-in"),
          "fold": NP_("verb", "fold"), "check": NP_("verb", "check"), "call": NP_("verb", "call"),
          "draw": NP_("verb", "draw")}
"""What the player tried, as "You cannot ..." continues."""


def refusal_sentence(error: IllegalActionError, voice: Voice | None = None) -> str:
    """Why the engine refused an action and what is legal instead, for ``voice`` (default: the player
    who tried it, as "you")."""
    seat = error.seat
    voice = voice or Voice(viewer=seat)
    _ = voice.gettext
    code, details, kind = error.code, error.details, error.attempted.kind.value
    if code == "hand_over":
        return _("The hand is over; no action is possible.")
    options = _options(error.legal, voice, seat)
    you = seat is None or voice.is_you(seat)

    def say(mine: str, theirs: str, **values: Any) -> str:
        if you:
            return _(mine).format(options=options, **values)
        return _(theirs).format(name=voice.name(seat), options=options, **values)  # type: ignore[arg-type]

    if code == "takes_no_amount":
        return _("{action} takes no amount or cards; {options}.").format(action=_(_NAMES[kind]), options=options)
    if code == "wrong_amount":
        name = _(_NAMES[kind])
        low, high, step = details["min_to"], details["max_to"], details["step"]
        if low == high:
            return _("{action} must be to {amount} here; {options}.").format(
                action=name, amount=voice.money(low), options=options)
        return _("{action} must be to {amounts} in steps of {step} here; {options}.").format(
            action=name, amounts=voice.span(low, high), step=voice.money(step), options=options)
    if code == "duplicate_discard":
        return say(N_("You marked the same card twice; {options}."), N_("{name} marked the same card twice; {options}."))
    if code == "not_in_hand":
        cards = details["cards"]
        count = len(cards)
        if you:
            text = voice.ngettext("{cards} is not in your hand; {options}.", "{cards} are not in your hand; {options}.",
                                  count)
            return text.format(cards=_cards(cards), options=options)
        text = voice.ngettext("{cards} is not in their hand; {options}.", "{cards} are not in their hand; {options}.",
                              count)
        return text.format(cards=_cards(cards), options=options)
    if code == "too_many_discards":
        most = details["most"]
        if you:
            text = voice.ngettext("You may discard at most {count} card; {options}.",
                                  "You may discard at most {count} cards; {options}.", most)
            return text.format(count=most, options=options)
        text = voice.ngettext("{name} may discard at most {count} card; {options}.",
                              "{name} may discard at most {count} cards; {options}.", most)
        return text.format(name=voice.name(seat), count=most, options=options)  # type: ignore[arg-type]
    if code == "ace_needed":
        return say(N_("A {number}th discard is allowed only while you keep an ace; {options}."),
                   N_("A {number}th discard is allowed only while they keep an ace; {options}."),
                   number=details["most"] + 1)
    why = _why(code, details, voice, you)
    action = lang.catalogue(voice.language).pgettext("verb", _VERBS[kind])
    if you:
        return _("You cannot {action}: {why}; {options}.").format(action=action, why=why, options=options)
    return _("{name} cannot {action}: {why}; {options}.").format(
        name=voice.name(seat), action=action, why=why, options=options)  # type: ignore[arg-type]


def _why(code: str, details: Mapping[str, Any], voice: Voice, you: bool) -> str:
    _ = voice.gettext
    owed = details.get("owed", 0)

    def pick(mine: str, theirs: str, **values: Any) -> str:
        return _(mine if you else theirs).format(**values)

    if code == "betting_in_draw":
        return _("it is the draw, not a betting round")
    if code == "draw_in_betting":
        return _("it is a betting round; the draw comes after the first round")
    if code == "check_owed":
        return _("{amount} is owed to stay in").format(amount=voice.money(owed))
    if code == "call_nothing_owed":
        return _("nothing is owed")
    if code == "call_cannot_cover":
        return pick(N_("you cannot cover {amount} and all-in is not allowed in {variant}"),
                    N_("they cannot cover {amount} and all-in is not allowed in {variant}"),
                    amount=voice.money(owed), variant=_(details["variant"]))
    if code == "bet_live":
        return _("a bet is already live, so raise instead")
    if code == "raise_nothing_bet":
        return _("nothing has been bet this round, so bet instead")
    if code == "no_all_in":
        return _("{variant} has no all-in").format(variant=_(details["variant"]))
    if code == "all_in_can_cover":
        return pick(N_("you can cover the full amount"), N_("they can cover the full amount"))
    if code == "cap_reached":
        return _("the cap of {cap} bets and raises this round is reached").format(cap=details["cap"])
    if code == "already_acted":
        return pick(N_("you already acted and no full bet or raise has been made since, so you may only call or fold"),
                    N_("they already acted and no full bet or raise has been made since, so they may only call or fold"))
    if code == "nobody_to_answer":
        return _("nobody else has chips left to answer a bet")
    if code == "cannot_cover_raise":
        return pick(N_("you do not have enough chips to cover it"), N_("they do not have enough chips to cover it"))
    raise ValueError(f"No sentence for the refusal code {code!r}.")


# --- results --------------------------------------------------------------------------------------

def result_headline(result: Mapping[str, Any], voice: Voice) -> str:
    """One line on how the hand ended, for the viewer (from a view's result dict)."""
    net = result["net"]
    me = voice.viewer
    _ = voice.gettext
    if result["won_by_fold"]:
        winner = max(range(len(net)), key=lambda seat: net[seat])
        return voice.say(winner, N_("You win the pot: everyone else folded, so no cards are shown."),
                         N_("{name} wins the pot: everyone else folded, so no cards are shown."))
    if me is None:
        return _("Showdown.")
    mine = net[me]
    if mine > 0:
        return _("You win {chips}.").format(chips=voice.chips(mine))
    if str(me) in result["shown"]:
        return _("You lose this one.") if mine < 0 else _("You break even.")
    return _("Showdown.")


# The English readings engine values keep (str(error), a button's label...): pokerlab.english says why.
english.provide("IllegalActionError.__str__", refusal_sentence)
english.provide("LegalAction.label", action_label)
english.provide("LegalAction.warning", fold_warning)
english.provide("HandResult.explanation", award_reason)
english.provide("HandState.cap_meter", cap_text)
english.provide("pokerlab.draw.describe", describe)
