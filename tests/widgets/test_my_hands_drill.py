"""My hands' "Drill my mistakes" (issue 29): the page drills the flagged decisions of hands played at the
table, keeps each answer, spaces the wrong ones to another day, and nothing it sends to the browser holds
a card the learner did not see at that decision."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from pokerlab.apps.my_hands import flags_of, replay
from pokerlab.storage.kept_hands import kept_hands, set_flags
from pokerlab.widgets.apps import FiveCardDrawApp
from pokerlab.widgets.my_hands_widget import MyHandsWidget
from tests.fake_clock import FakeClock
from tests.widgets.recording import payload_text, record
from tests.widgets.test_my_hands_page import play

pytestmark = pytest.mark.usefixtures("data_dir")  # tests/widgets/conftest.py


def played_and_flagged() -> tuple[FiveCardDrawApp, list[Any]]:
    """Ada's six hands at a four-seat table, kept, each flagged by the coach's review as at the table:
    (the app, the hands' states)."""
    app = FiveCardDrawApp(seed=41, learner="Ada")
    app.start({"players": "4", "forced_bet": "blinds"})
    states = play(app, 6, np.random.default_rng(2))
    for hand in kept_hands(None, app.learner):  # the coach reviews every hand, as at the table
        set_flags(None, app.learner, hand.hand_key, flags_of(replay(hand).review))
    return app, states


def send(widget: MyHandsWidget, content: dict[str, Any]) -> None:
    widget._on_message(widget, content, [])


def unseen_at_each_decision(state: Any, seat: int) -> list[set[str]]:
    """For each of ``seat``'s decisions in ``state``, the cards in play they had not seen by then
    (others' cards, the stock's draws to others; cards shown at the end are unseen before it)."""
    every = {str(card) for event in state.events for card in event.cards + event.received}
    seen: set[str] = set()
    unseen = []
    for event in state.events:
        if event.seat == seat and event.kind in ("fold", "check", "call", "bet", "raise", "all_in", "draw") \
                and event.reason != "automatic":
            unseen.append(every - seen)
        if event.seat == seat or event.kind in ("show", "ace"):
            seen.update(str(card) for card in event.cards + event.received)
    return unseen


def answer_wrong(page: MyHandsWidget) -> None:
    question = page.drill["spot"]
    if question["kind"] == "bet":
        hand = next(hand for hand in kept_hands(None, page.learner) if hand.id == question["hand"])
        finding = replay(hand).review.decisions[question["decision"]].finding
        worst = min(finding.values, key=lambda item: item[1])[0]  # type: ignore[union-attr]
        send(page, {"type": "drill-answer", "option": worst})
    else:
        send(page, {"type": "drill-answer", "discard": question["cards"][:question["max_discards"]]})


def test_the_drill_asks_keeps_spaces_and_sends_only_what_the_learner_knew(monkeypatch: pytest.MonkeyPatch) -> None:
    app, states = played_and_flagged()
    seat = app.table.match.learner_seat
    hands = {hand.id: hand for hand in kept_hands(None, app.learner)}
    assert len(hands) == len(states)
    by_id = dict(zip(sorted(hands), states))  # kept in the order played
    flagged = sum(len(hand.flags or []) for hand in hands.values())
    assert flagged >= 2, "the hands played had decisions to drill"

    sent = record(monkeypatch)
    clock = FakeClock()
    clock.now = clock.now.replace(hour=8)
    page = MyHandsWidget(app.learner, clock=clock)
    assert page.drill_summary == {"due": flagged, "later": 0, "done": 0}
    send(page, {"type": "drill"})
    asked: list[dict[str, Any]] = []
    while page.drill["spot"] is not None:
        question = page.drill["spot"]
        assert page.drill["answer"] is None
        assert "chances" not in question and "coach" not in str(question)  # the coach answers after the learner
        asked.append(question)
        found = payload_text(sent)
        unseen = unseen_at_each_decision(by_id[question["hand"]], seat)[question["decision"]]
        assert unseen and sorted(card for card in unseen if f'"{card}"' in found) == [], question
        # answer: the first spot wrongly, the others like the coach
        if len(asked) == 1:
            answer_wrong(page)
        else:
            hand = hands[question["hand"]]
            decision = replay(hand).review.decisions[question["decision"]]
            finding = decision.finding
            if question["kind"] == "bet":
                send(page, {"type": "drill-answer", "option": max(finding.values, key=lambda v: v[1])[0]})  # type: ignore[union-attr]
            else:
                send(page, {"type": "drill-answer", "discard": [str(c) for c in finding.advice.best.discard]})  # type: ignore[union-attr]
        told = page.drill["answer"]
        assert told["chances"] and told["right"] == (len(asked) > 1)
        sent.clear()  # the answer names the coach's choice of this spot, not an unseen card of the next
        send(page, {"type": "drill-next"})
    assert len(asked) == flagged and page.drill["text"].startswith(f"Nothing left to drill today: {flagged} answered.")
    assert page.drill_summary == {"due": 0, "later": 1, "done": flagged - 1}
    send(page, {"type": "drill-close"})
    assert page.drill == {}

    # at once: nothing due; a day later (the review queue's first wait): only the spot answered wrongly
    send(page, {"type": "drill"})
    assert page.drill["spot"] is None
    clock.advance(20 * 3600)
    page.refresh()
    assert page.drill_summary == {"due": 0, "later": 1, "done": flagged - 1}
    clock.advance(4 * 3600)
    page.refresh()
    assert page.drill_summary == {"due": 1, "later": 0, "done": flagged - 1}
    send(page, {"type": "drill"})
    again = page.drill["spot"]
    assert (again["hand"], again["decision"]) == (asked[0]["hand"], asked[0]["decision"])


def test_a_drill_answer_that_is_not_legal_is_explained_and_kept_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    app, _states = played_and_flagged()
    page = MyHandsWidget(app.learner, clock=FakeClock())
    send(page, {"type": "drill"})
    question = page.drill["spot"]
    send(page, {"type": "drill-answer", "option": "shove"} if question["kind"] == "bet"
         else {"type": "drill-answer", "discard": question["cards"]})
    assert page.drill["answer"] is None and page.drill["text"]
    assert all("drill" not in flag for hand in kept_hands(None, app.learner) for flag in hand.flags or [])


def test_todays_review_on_the_contents_page_names_the_drill_spots_due(monkeypatch: pytest.MonkeyPatch) -> None:
    """Today's review (00) says how many drill spots are due, spaced the same way, with a link to My hands."""
    from pokerlab.widgets.mastery import TodaysReview

    app, _states = played_and_flagged()
    flagged = sum(len(hand.flags or []) for hand in kept_hands(None, app.learner))
    assert flagged >= 2
    clock = FakeClock()
    review = TodaysReview(follow=None, clock=clock)
    review.show(app.learner)
    assert f"Also due: {flagged} decisions from your own hands" in review.summary.value
    assert 'href="11-my-hands.ipynb"' in review.summary.value
    page = MyHandsWidget(app.learner, clock=clock)
    send(page, {"type": "drill"})
    while page.drill["spot"] is not None:  # answer each spot like the coach: all leave the drill
        question = page.drill["spot"]
        spot_ = page._spot
        finding = spot_.review.finding
        if question["kind"] == "bet":
            send(page, {"type": "drill-answer", "option": max(finding.values, key=lambda item: item[1])[0]})
        else:
            send(page, {"type": "drill-answer", "discard": [str(card) for card in finding.advice.best.discard]})
        send(page, {"type": "drill-next"})
    review.show(app.learner)
    assert "Also due" not in review.summary.value


def test_the_drill_picks_cards_to_throw_in_python_up_to_the_discard_limit() -> None:
    """Issue 31: the script only draws; the discard limit and the numbers it shows come from Python."""
    app, _states = played_and_flagged()
    page = MyHandsWidget(app.learner, clock=FakeClock(), language="es")
    send(page, {"type": "drill"})
    while page.drill["spot"] is not None and page.drill["spot"]["kind"] != "draw":
        answer_wrong(page)
        send(page, {"type": "drill-next"})
    question = page.drill["spot"]
    assert question is not None, "the hands played had a draw to drill"
    assert page.drill["picked"] == [] and question["pot_text"] == f"{question['pot']:,}".replace(",", ".")
    for card in question["cards"]:
        send(page, {"type": "drill-pick", "card": card})
    assert page.drill["picked"] == question["cards"][:question["max_discards"]]  # the rest refused
    send(page, {"type": "drill-pick", "card": question["cards"][0]})
    send(page, {"type": "drill-pick", "card": "Zz"})  # not a card of the spot: nothing
    assert page.drill["picked"] == question["cards"][1:question["max_discards"]]
    send(page, {"type": "drill-answer", "discard": page.drill["picked"]})
    told = page.drill["answer"]
    assert told["chances"] and all(item["win_text"].endswith(" %") for item in told["chances"])
    assert told["cost_text"] == "" if told["cost"] is None else re.fullmatch(r"-?[\d.]+,\d", told["cost_text"])
    send(page, {"type": "drill-pick", "card": question["cards"][0]})  # answered: the cards stay as they were
    assert page.drill["picked"] == question["cards"][1:question["max_discards"]]
