"""The review's words, colour and figures agree (issue 16).

One rule (:func:`pokerlab.coach.words.judge`): the coach's own choice is *same* (green, ✓); a
choice within the margin of error, or one whose cost would print as 0.0, is *close* (neutral colour,
"about the same", no figure given up anywhere); a cost the review can print is *costly* (red, the
figure). Each case is checked on the panel item the browser draws: ``worth`` (the words),
``verdict`` (the class the browser colours by), the figure in the words and in the summary, and the
decision's detail.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokerlab.apps.review_panels import review_panel
from pokerlab.cards import parse_cards
from pokerlab.coach.equity import Equity
from pokerlab.coach.findings import BetReview, DecisionReview, HandReview

CSS = Path(__file__).resolve().parents[2] / "pokerlab" / "widgets" / "static" / "table.css"
FIGURE = re.compile(r"\d+\.\d")


def call_review(chips: float, matches: bool, same: bool, margin: float = 1.0) -> DecisionReview:
    """A call before the draw, judged against a coach who would ``call`` (same) or ``fold``."""
    values = (("fold", 0.0), ("continue", 3.0 if same else -chips))
    equity = Equity(0.3, 0.01, 5_000, 1, 0.28, 0.04, (0.0,) * 9)
    bet = BetReview(
        kind="call", round_number=1, pot=20, owed=10, opponent_count=1, equity=equity,
        chips=0.0 if matches else -chips, coach="call" if same else "fold", matches=matches, bet_size=10,
        values=values, margin=margin, played_option="continue",
    )
    return DecisionReview("betting_one", tuple(parse_cards("Kh Kd As 4c 2d")), 20, 10, "call", 10, matches,
                          0.0 if matches else chips, None, bet)


def panel_item(decision: DecisionReview) -> tuple[dict, str]:
    review = HandReview(0, None, (decision.finding,), (), (decision,))
    panel = review_panel(review, 1, False)
    return panel["items"][0], panel["summary"]


def test_the_coachs_own_choice_is_green_with_no_cost() -> None:
    item, summary = panel_item(call_review(0.0, matches=True, same=True))
    assert (item["verdict"], item["worth"]) == ("same", "same as the coach ✓")
    assert not FIGURE.search(item["worth"]) and "given up" not in summary
    assert "Good decision" in item["detail"]


@pytest.mark.parametrize(("chips", "matches"), [(0.6, True), (0.04, False)])
def test_a_close_call_is_neutral_says_about_the_same_and_gives_no_figure_given_up(chips: float, matches: bool) -> None:
    """Within the margin of error (0.6 chips against a margin of 1.0), or a cost that would print as
    "0.0": both read "about the same", in the neutral colour, with no cost anywhere."""
    item, summary = panel_item(call_review(chips, matches=matches, same=False))
    assert item["verdict"] == "close" and item["matches"]
    assert item["worth"] == "about the same as the coach ✓"
    assert summary == "1 decision: as good as the coach's."
    assert "about the same" in item["detail"] and "worth about" not in item["detail"]
    assert not re.search(r"(?<![\d.])0\.0 chips", item["detail"] + item["worth"] + summary)


def test_a_costly_call_is_red_and_the_same_figure_is_in_the_words_the_detail_and_the_summary() -> None:
    item, summary = panel_item(call_review(2.5, matches=False, same=False, margin=0.5))
    assert item["verdict"] == "costly" and not item["matches"]
    assert item["worth"] == "costs about 2.5 chips"
    assert "worth about 2.5 chips more on average" in item["detail"]
    assert summary == "1 decision: 0 as good as the coach's, 1 not (about 2.5 chips given up in all)."


def test_the_browser_colours_each_verdict_as_the_rule_says() -> None:
    """The colour is the class the panel item names: red only for costly, green only for same."""
    css = CSS.read_text()
    red, green = "#9a3412", "#17543a"
    rules = dict(re.findall(r'\[data-verdict="(\w+)"\] \.pl-t-review-worth\s*\{([^}]*)\}', css))
    assert red in rules["costly"] and green in rules["same"]
    close = re.search(r'\[data-verdict="close"\] \.pl-t-review-worth,?[^{]*\{([^}]*)\}', css)
    assert close and red not in close.group(1) and green not in close.group(1)
