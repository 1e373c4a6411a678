"""What the Four Rows widget sends: public state only (never the deck order), and engine messages on errors."""

from __future__ import annotations

import json

import pytest

from pokerlab.cards import ALL_CARDS, Deck, parse_cards
from pokerlab.rows import FourRows, ManualClock
from pokerlab.widgets.four_rows import FourRowsWidget
from tests.widgets.recording import install


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    install(monkeypatch, lambda data: None)

    def make(deck_text: str, moves: list[dict]) -> str:
        first = parse_cards(deck_text)
        deck = Deck.stacked(first + [card for card in ALL_CARDS if card not in first])
        widget = FourRowsWidget(game=FourRows(0, ManualClock(), deck=deck), paused_clock=True)
        for content in moves:
            widget._on_message(widget, content, None)
        sent = widget.comm.sent
        return json.dumps([message for message in sent if "_esm" not in json.dumps(message)], sort_keys=True)

    return make


MOVES = [{"action": "raise", "row": 1}, {"action": "place", "row": 1}, {"action": "place", "row": 2},
         {"action": "hint"}, {"action": "fold", "row": 4}, {"action": "place", "row": 3}, {"action": "tick"}]


def test_widget_never_sends_the_deck_order(recorded) -> None:  # noqa: ANN001
    # Same first cards, then the hidden rest in two different orders: the browser must see no difference.
    one = recorded("8h 8c Ks 5d 2c 7h 3s", MOVES)
    two = recorded("8h 8c Ks 5d 7h 2c 3s", MOVES)
    assert one == two
    assert "2c" in one  # the top card after three moves is public


def test_widget_sends_the_top_card_and_the_sorted_deck_composition(recorded) -> None:  # noqa: ANN001
    sent = recorded("Kd 2c Ah", [{"action": "place", "row": 1}])
    states = [json.loads(sent)[-1]]
    board = states[0]["state"]["board"] if "state" in states[0] else states[0]
    assert board["top"] == "2c"
    codes = board["deck"]
    assert [card.index for card in parse_cards(codes)] == sorted(card.index for card in parse_cards(codes))


def test_illegal_intent_shows_the_engine_message_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(seed=3, paused_clock=True)
    widget._on_message(widget, {"action": "fold", "row": 2}, None)
    assert "empty" in widget.message and "Traceback" not in widget.message
    assert widget.board["rows"][1]["can_fold"] is False


def test_buttons_are_enabled_exactly_when_the_engine_lists_the_move(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(seed=4, paused_clock=True)
    for content in [{"action": "place", "row": 1}] * 4 + [{"action": "raise", "row": 2}]:
        widget._on_message(widget, content, None)
    legal = {(a.kind, a.row) for a in widget.game.legal_actions()}
    for row in widget.board["rows"]:
        for kind in ("place", "raise", "fold"):
            assert row[f"can_{kind}"] == ((kind, row["number"]) in legal)
    assert widget.board["rows"][0]["can_fold"] is False and widget.board["rows"][1]["can_raise"] is False
