"""The My hands page (issue 29): the learner's own hands, newest first, filtered; a replay step by step
with the keyboard; PHH downloads; and nothing sent to the browser holds a card the learner did not see."""

from __future__ import annotations

import tomllib
from typing import Any

import numpy as np
import pytest

from pokerlab.draw.state import HandState
from pokerlab.storage.kept_hands import kept_hands
from pokerlab.widgets.apps import FiveCardDrawApp
from pokerlab.widgets.my_hands_widget import MyHandsWidget
from tests.widgets.playing import finish_hand, sends
from tests.widgets.recording import payload_text, record

pytestmark = pytest.mark.usefixtures("data_dir")  # tests/widgets/conftest.py


def play(app: FiveCardDrawApp, hands: int, rng: np.random.Generator) -> list[HandState]:
    table, played = app.table, []

    def choose(payload: dict[str, Any]) -> dict[str, Any]:
        kinds = [item["kind"] for item in payload["legal"]]
        if "draw" in kinds:
            me = payload["players"][payload["learner_seat"]]
            return {"type": "act", "kind": "draw", "discards": me["cards"][: int(rng.integers(0, 4))]}
        kind = [k for k in kinds if k in ("check", "call", "bet", "raise")][int(rng.integers(0, 2)) % 1]
        item = next(i for i in payload["legal"] if i["kind"] == kind)
        return {"type": "act", "kind": kind, "amount": item["min_to"]}

    while table.screen == "table" and len(played) < hands:
        finish_hand(table, sends(table, choose))
        played.append(table.match.hand)
        table._handle_custom_msg({"type": "next"}, [])
    return played


def hidden_cards(states: list[HandState], seat: int) -> set[str]:
    hidden = set()
    for state in states:
        shown = {str(card) for cards in state.results.shown.values() for card in cards}
        for event in state.events:
            if event.seat != seat and event.kind in ("deal", "draw"):
                hidden.update(str(card) for card in event.cards + event.received)
        hidden -= shown
        hidden -= {str(card) for e in state.events if e.seat == seat for card in e.cards + e.received}
    return hidden


def send(widget: MyHandsWidget, content: dict[str, Any]) -> None:
    widget._on_message(widget, content, [])


def test_the_page_lists_replays_and_downloads_only_what_the_learner_saw(monkeypatch: pytest.MonkeyPatch) -> None:
    app = FiveCardDrawApp(seed=41, learner="Ada")
    app.start({"players": "4", "forced_bet": "blinds"})
    states = play(app, 4, np.random.default_rng(2))
    sent = record(monkeypatch)
    page = MyHandsWidget(app.learner)
    assert [row["id"] for row in page.rows] == [hand.id for hand in kept_hands(None, app.learner)]
    assert len(page.rows) == len(states) and page.message.startswith(f"{len(states)} of your {len(states)} hands")
    assert page.games == [{"value": "five-card-draw", "label": "Five-Card Draw"}]
    newest = page.rows[0]["id"]
    send(page, {"type": "open", "id": newest})
    replay = page.replay
    assert replay["id"] == newest and replay["costliest"] and replay["story"]
    for index in range(replay["count"]):
        send(page, {"type": "go", "index": index})
        step = page.replay["step"]
        assert step["chances"] and step["chose"] and step["coach"]
    send(page, {"type": "go", "index": 99})
    assert page.replay["index"] == max(replay["count"] - 1, 0)
    downloads: list[Any] = []
    monkeypatch.setattr(page, "send", downloads.append)
    send(page, {"type": "phh", "id": "all"})
    assert downloads and downloads[0]["name"] == "my-hands.phhs"
    assert len(tomllib.loads(downloads[0]["text"])) == sum(row["phh"] for row in page.rows)
    send(page, {"type": "close"})
    assert page.replay == {}
    page_rows = list(page.rows)
    # after its replay the hand is reviewed: the coach's filter knows it
    assert page.rows[0]["flagged"] is not None
    send(page, {"type": "filter", "filters": {"flagged": "yes" if page.rows[0]["flagged"] else "no"}})
    assert newest in [row["id"] for row in page.rows]
    send(page, {"type": "filter", "filters": {"outcome": "won"}})
    assert all(row["won"] for row in page.rows)
    seat = app.table.match.learner_seat
    hidden = hidden_cards([states[-1]], seat)  # the hand replayed is the newest
    assert hidden, "the hand had cards to hide"
    text = payload_text(sent)
    assert sorted(card for card in hidden if f'"{card}"' in text) == []
    tables = tomllib.loads(downloads[0]["text"])
    with_phh = [state for state, row in zip(reversed(states), page_rows) if row["phh"]]
    for number, state in enumerate(with_phh, start=1):
        dealt = " ".join(action for action in tables[str(number)]["actions"] if " dh " in action or " sd " in action)
        assert [card for card in hidden_cards([state], seat) if card in dealt] == []


def test_another_learners_hand_does_not_open() -> None:
    app = FiveCardDrawApp(seed=5, learner="Ada")
    app.start({"players": "2"})
    play(app, 1, np.random.default_rng(1))
    bo = FiveCardDrawApp(seed=6, learner="Bo")
    page = MyHandsWidget(bo.learner)
    assert page.rows == [] and page.message.startswith("No hands kept yet")
    send(page, {"type": "open", "id": kept_hands(None, app.learner)[0].id})
    assert page.replay == {} and page.message == "That hand is not among yours."


def test_a_pasted_phh_file_opens_in_the_replayer_and_a_bad_one_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's "Open a PHH file": a learner's-view file (another learner's, even) opens in the replayer
    without a name and without being kept; nothing sent holds a card the file hides; a damaged file says
    what was wrong."""
    from datetime import datetime, timezone

    from pokerlab.phh import to_phh
    from pokerlab.widgets.my_hands import my_hands_page

    app = FiveCardDrawApp(seed=41, learner="Ada")
    app.start({"players": "4", "forced_bet": "blinds"})
    states = play(app, 3, np.random.default_rng(2))
    seat = app.table.match.learner_seat
    state = next(state for state in reversed(states) if not any(e.kind == "fold" and e.phase == "draw"
                                                                for e in state.events))
    sent = record(monkeypatch)
    page = my_hands_page(learner=None)
    hands, box = page.hands, page.importer
    box.text.value = to_phh(state, seat=seat)
    box.button.click()
    assert hands.replay["title"] == f"Five-Card Draw (PHH file): your decisions as Seat {seat + 1}"
    assert hands.replay["story"] and hands.message.startswith("A hand from a PHH file")
    hidden = hidden_cards([state], seat)
    assert hidden and sorted(card for card in hidden if f'"{card}"' in payload_text(sent)) == []
    assert len(kept_hands(None, app.learner)) == len(states)  # nothing more kept
    box.text.value = "variant = 'NT'"
    box.button.click()
    assert hands.message.startswith("This file could not be opened:") and "'F5CD'" in hands.message
    box.upload.value = ({"name": "h.phh", "type": "", "size": 2, "content": memoryview(b"\xff\xfe"),
                         "last_modified": datetime.now(timezone.utc)},)
    box.button.click()
    assert "not a text file" in hands.message and box.upload.value == ()
    hands.close_replay()
    box.text.value = ""
    data = to_phh(state, seat=seat).encode()
    box.upload.value = ({"name": "h.phh", "type": "", "size": len(data), "content": memoryview(data),
                         "last_modified": datetime.now(timezone.utc)},)
    box.button.click()
    assert hands.replay["title"].startswith("Five-Card Draw (PHH file)") and box.upload.value == ()


def test_the_latest_visit_filter_downloads_that_session_as_one_file(monkeypatch: pytest.MonkeyPatch) -> None:
    app = FiveCardDrawApp(seed=12, learner="Ada")
    app.start({"players": "3"})
    play(app, 3, np.random.default_rng(4))
    page = MyHandsWidget(app.learner)
    send(page, {"type": "filter", "filters": {"visit": "latest"}})
    assert page.filters["visit"] == "latest" and len(page.rows) == 3  # played now: one visit
    downloads: list[Any] = []
    monkeypatch.setattr(page, "send", downloads.append)
    send(page, {"type": "phh", "id": "all"})
    with_phh = sum(row["phh"] for row in page.rows)
    assert with_phh and downloads[0]["name"].startswith("my-hands-visit-")
    assert len(tomllib.loads(downloads[0]["text"])) == with_phh


def test_a_file_with_every_card_asks_whose_decisions_and_opens_for_the_player_chosen() -> None:
    from pokerlab.phh import to_phh
    from pokerlab.widgets.my_hands import my_hands_page

    app = FiveCardDrawApp(seed=41, learner="Ada")
    app.start({"players": "4", "forced_bet": "blinds"})
    state = next(state for state in play(app, 3, np.random.default_rng(2))
                 if not any(e.kind == "fold" and e.phase == "draw" for e in state.events))
    page = my_hands_page(learner=None)
    hands, box = page.hands, page.importer
    text = to_phh(state)
    box.text.value = text
    box.button.click()
    assert "choose whose decisions to replay" in hands.message and hands.replay == {}
    seats = tomllib.loads(text)["seats"]
    box.player.value = 2
    box.button.click()
    assert hands.replay["title"].endswith(f"your decisions as Seat {seats[1]}")
