"""Why the engine refused an action, in words, and what is legal instead.

The engine's :class:`~pokerlab.draw.errors.IllegalActionError` holds a code, its details and the legal
actions; :func:`refusal_sentence` says it for a reader ("You cannot check: 10 is owed to stay in; you
can fold or call 10."). Apart from the offers (:mod:`pokerlab.narration.offers`) because each code
has its own sentence: the refusals are most of the words, and read only after a mistake.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pokerlab import language as lang
from pokerlab.language import N_, NP_
from pokerlab.narration.hands import cards_text
from pokerlab.narration.offers import options_text
from pokerlab.narration.voice import Voice

if TYPE_CHECKING:
    from pokerlab.draw.errors import IllegalActionError

__all__ = ["refusal_sentence"]


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
    options = options_text(error.legal, voice, seat)
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
            return text.format(cards=cards_text(cards), options=options)
        text = voice.ngettext("{cards} is not in their hand; {options}.", "{cards} are not in their hand; {options}.",
                              count)
        return text.format(cards=cards_text(cards), options=options)
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
