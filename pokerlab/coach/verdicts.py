"""The review's one rule for a decision's verdict: the same as the coach, about the same, costly, or
not measured (issue 16).

The words, the colour and the figure a page shows for a decision all follow :func:`judge`; it is apart
so that a page (the review panel, the drill) can ask for the verdict without the review's sentences.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from pokerlab.coach.draw_review import DrawReview

if TYPE_CHECKING:
    from pokerlab.coach.findings import DecisionReview

__all__ = ["COUNTED", "Verdict", "judge", "verdict"]

COUNTED: Final = 0.05
"""Chips (or dollars): a cost smaller than this shows as 0.0 at the one decimal the review prints, so
the review counts it as about the same rather than show a cost of "0.0" in a mistake's colour."""

Verdict = Literal["same", "close", "costly", "unmeasured"]


def judge(same: bool, matches: bool, chips: float | None) -> Verdict:
    """The review's one rule for words, colour and figures (issue 16):

    * ``same``: the coach's own choice (green, ✓);
    * ``close``: within the margin of error, or a cost under :data:`COUNTED` (it would print as 0.0):
      "about the same", in a neutral colour, and no figure given up anywhere;
    * ``costly``: a cost the review can measure and print (at least 0.1): the figure, in red;
    * ``unmeasured``: different from the coach, but no pot to count the difference in (neutral).

    >>> judge(True, True, 0.0), judge(False, True, 0.0), judge(False, False, 0.04), judge(False, False, 2.5)
    ('same', 'close', 'close', 'costly')
    """
    if same:
        return "same"
    if matches or (chips is not None and chips < COUNTED):
        return "close"
    return "unmeasured" if chips is None else "costly"


def verdict(decision: DecisionReview) -> Verdict:
    """:func:`judge` for one decision of the review panel."""
    found = judge(decision.same, decision.matches, decision.chips)
    ranked_otherwise = isinstance(decision.finding, DrawReview) and decision.finding.criterion is not None
    if found == "close" and not decision.matches and ranked_otherwise:
        return "costly"  # ranked by an exact measure, where the draw's detail gives its rank, not chips
    return found
