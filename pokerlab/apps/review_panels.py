"""The decision review's panel (:func:`review_panel`) and its waiting line, as every page that
reviews a hand shows them: the draw apps, the class games, the live tables and the Ladder played in
the dealer. Apart from the game panels because it says the coach's words
(:mod:`pokerlab.coach.review_words`) about one learner's own view of a hand, nothing of a game's settings.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pokerlab import language as lang
from pokerlab.apps.shared_panels import Panel
from pokerlab.coach.findings import POSITION_MARGIN, HandReview
from pokerlab.coach.phrases import stage_name
from pokerlab.coach.review_words import (
    coach_words,
    detail_words,
    hand_summary,
    not_reviewed_words,
    played_words,
    situation_words,
    worth_words,
)
from pokerlab.coach.verdicts import verdict
from pokerlab.draw.events import CHOICE_KINDS
from pokerlab.language import N_
from pokerlab.narration.hands import card_names


def folded_first(events: Iterable[Any], seat: int) -> bool:
    """True when ``seat``'s first decision among ``events`` was to fold: its review then says there was
    no draw to review.

    >>> from types import SimpleNamespace as Event
    >>> folded_first([Event(seat=0, kind="ante"), Event(seat=0, kind="fold")], 0)
    True
    >>> folded_first([Event(seat=1, kind="fold"), Event(seat=0, kind="call")], 0)
    False
    """
    mine = [event for event in events if event.seat == seat and event.kind in CHOICE_KINDS]
    return bool(mine) and mine[0].kind == "fold"


REVIEW_ABOUT = N_(
    "How the coach judges: your draw by the share of the pot it wins against the opponents still in, "
    "beside the coach's best draw; each bet by the chips it wins or loses on average against folding, "
    "checking or calling, and betting or raising (a bet or raise pays when your chance beats your fair "
    "share of the pot plus {margin} for each player still to act). Choices within the margin of error are "
    "'about the same'. Opponents who stood pat are given made hands. Chips are for the pot at the time "
    "(later rounds not counted), from seeded simulations: a guide, not a verdict."
)


def review_panel(review: HandReview, hand_number: int, folded_first: bool, language: str = lang.DEFAULT) -> Panel:
    """The review panel's content: only the learner's own cards and public facts (``review`` was
    computed from the learner's view of the hand)."""
    _ = lang.catalogue(language).gettext
    summary = hand_summary(review, language)
    if folded_first:
        summary += _(" You folded before the draw, so there was no draw to review.")
    items = []
    for number, decision in enumerate(review.decisions, start=1):
        found = verdict(decision)  # one rule for the words, the colour (the browser's class) and the figure
        items.append({
            "number": number, "stage": stage_name(decision.phase, language),
            "cards": [str(card) for card in decision.cards],
            "card_names": card_names([str(card) for card in decision.cards], language),
            "situation": situation_words(decision, language), "played": played_words(decision, language),
            "coach": coach_words(decision, language), "worth": worth_words(decision, language),
            "matches": found in ("same", "close"), "verdict": found, "detail": detail_words(decision, language),
        })
    return {
        "hand_number": hand_number, "heading": _("Your decisions in hand {number}").format(number=hand_number),
        "summary": summary, "items": items,
        "notes": [not_reviewed_words(item, language) for item in review.skipped],
        "about": _(REVIEW_ABOUT).format(margin=f"{POSITION_MARGIN:.0%}" if language == lang.DEFAULT else _(
            "{number}%").format(number=lang.format_number(POSITION_MARGIN * 100, language))),
    }


def review_waiting_panel(hand_number: int, language: str = lang.DEFAULT) -> Panel:
    """Shown while the review is being worked out (the table keeps answering meanwhile)."""
    _ = lang.catalogue(language).gettext
    return {"hand_number": hand_number, "heading": _("Your decisions in hand {number}").format(number=hand_number),
            "summary": _("The coach is replaying your decisions… (a few seconds)"), "items": [], "notes": [],
            "about": "", "pending": True}


__all__ = ["REVIEW_ABOUT", "folded_first", "review_panel", "review_waiting_panel"]
