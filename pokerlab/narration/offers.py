"""What a seat may do now and where the hand is, in words: the buttons' labels, the free fold's warning,
the raise cap's meter and the phase's name.

Apart from the refusals (:mod:`pokerlab.narration.refusals`), which list these offers after saying
why an action was refused: the offers are shown on every turn, a refusal only after a mistake.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pokerlab import language as lang
from pokerlab.english_phrases import listing
from pokerlab.language import N_
from pokerlab.narration.voice import Voice

if TYPE_CHECKING:
    from pokerlab.draw.actions import LegalAction

__all__ = ["PHASE_TEXT", "action_label", "cap_text", "fold_warning", "options_text", "phase_text"]


PHASE_TEXT = {
    "betting_one": N_("First betting round"), "draw": N_("The draw"), "betting_two": N_("Second betting round"),
    "over": N_("Hand over"),
}


def phase_text(phase: str, language: str = lang.DEFAULT) -> str:
    return lang.gettext(language, PHASE_TEXT[phase])


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


def options_text(legal: Sequence[LegalAction], voice: Voice, seat: int | None) -> str:
    labels = [_lower_label(action_label(item, voice)) for item in legal]
    if not labels:
        return voice.gettext("nothing is possible now")
    choices = listing(labels, last=voice.gettext("or"))
    if seat is None or voice.is_you(seat):
        return voice.gettext("you can {choices}").format(choices=choices)
    return voice.gettext("{name} can {choices}").format(name=voice.name(seat), choices=choices)


def _lower_label(label: str) -> str:
    return label[0].lower() + label[1:]
