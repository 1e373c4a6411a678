"""What the Four Rows widget sends: public state only (never the deck order), and engine messages on errors."""

from __future__ import annotations

import json

import pytest

from pokerlab.cards import ALL_CARDS, Deck, parse_cards
from pokerlab.rows.clocks import ManualClock
from pokerlab.rows.game import FourRows
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


def move(kind: str, row: int) -> dict:
    return {"type": "move", "kind": kind, "row": row}


MOVES = [move("raise", 1), move("place", 1), move("place", 2),
         {"type": "hint"}, move("fold", 4), move("place", 3), {"type": "tick"}]


def test_widget_never_sends_the_deck_order(recorded) -> None:  # noqa: ANN001
    # Same first cards, then the hidden rest in two different orders: the browser must see no difference.
    one = recorded("8h 8c Ks 5d 2c 7h 3s", MOVES)
    two = recorded("8h 8c Ks 5d 7h 2c 3s", MOVES)
    assert one == two
    assert "2c" in one  # the top card after three moves is public


def test_widget_sends_the_top_card_and_the_sorted_deck_composition(recorded) -> None:  # noqa: ANN001
    sent = recorded("Kd 2c Ah", [move("place", 1)])
    states = [json.loads(sent)[-1]]
    board = states[0]["state"]["board"] if "state" in states[0] else states[0]
    assert board["top"] == "2c"
    codes = board["deck"]
    assert [card.index for card in parse_cards(codes)] == sorted(card.index for card in parse_cards(codes))


def test_illegal_intent_shows_the_engine_message_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(seed=3, paused_clock=True)
    widget._on_message(widget, move("fold", 2), None)
    assert "empty" in widget.message and "Traceback" not in widget.message
    assert widget.board["rows"][1]["can_fold"] is False


def test_buttons_are_enabled_exactly_when_the_engine_lists_the_move(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(seed=4, paused_clock=True)
    for content in [move("place", 1)] * 4 + [move("raise", 2)]:
        widget._on_message(widget, content, None)
    legal = {(a.kind, a.row) for a in widget.game.legal_actions()}
    for row in widget.board["rows"]:
        for kind in ("place", "raise", "fold"):
            assert row[f"can_{kind}"] == ((kind, row["number"]) in legal)
    assert widget.board["rows"][0]["can_fold"] is False and widget.board["rows"][1]["can_raise"] is False


def test_messages_that_are_not_typed_dicts_are_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(seed=5, paused_clock=True)
    before = dict(widget.board)
    for content in [None, "place", ["move"], 7, {"action": "place", "row": 1}, {"type": "nonsense"}, {}]:
        widget._on_message(widget, content, None)  # type: ignore[arg-type]
    assert widget.board == before and widget.message == ""


@pytest.mark.parametrize("content", [
    {"type": "move", "kind": "shuffle", "row": 1}, {"type": "move", "kind": "place", "row": "two"},
    {"type": "move", "kind": "place", "row": None}, {"type": "move", "kind": "place", "row": 9},
    {"type": "new", "practice": "abc"}, {"type": "new", "practice": -3}, {"type": "new", "practice": [1]},
])
def test_bad_messages_get_a_plain_message_and_change_nothing(monkeypatch: pytest.MonkeyPatch, content: dict) -> None:
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(seed=5, paused_clock=True)
    before = widget.board["deck_count"], widget.board["top"], widget.board["practice"]
    widget._on_message(widget, content, None)
    assert widget.message and "Traceback" not in widget.message
    assert (widget.board["deck_count"], widget.board["top"], widget.board["practice"]) == before


def test_every_game_gets_a_fresh_random_deck_unless_a_practice_deal_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(paused_clock=True)
    first_order = [str(card) for card in widget.game._deck.remaining()]
    assert widget.board["practice"] is None
    orders = {tuple(first_order)}
    for _ in range(3):
        widget._on_message(widget, {"type": "new"}, None)
        orders.add(tuple(str(card) for card in widget.game._deck.remaining()))
        assert widget.board["practice"] is None and "fresh" in widget.message
    assert len(orders) == 4  # four shuffles of 52 cards: equal orders would mean a fixed seed
    other = FourRowsWidget(paused_clock=True)
    assert tuple(str(card) for card in other.game._deck.remaining()) not in orders

    widget._on_message(widget, {"type": "new", "practice": "2026"}, None)
    assert widget.board["practice"] == 2026 and "Practice deal 2026" in widget.message
    assert widget.board["top"] == str(FourRows(2026, ManualClock()).top_card)
    assert FourRowsWidget(seed=2026, paused_clock=True).board["practice"] == 2026


def test_the_board_never_carries_the_seed_of_a_random_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(paused_clock=True)
    assert str(widget._seed) not in json.dumps(widget.board)


def test_the_clock_starts_with_the_first_move(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    clock = ManualClock()
    widget = FourRowsWidget(clock=clock, paused_clock=False)
    clock.advance(200)
    widget._on_message(widget, {"type": "tick"}, None)
    assert widget.board["time_left"] == 240 and widget.board["clock_started"] is False
    widget._on_message(widget, move("place", 1), None)
    clock.advance(15)
    widget._on_message(widget, {"type": "tick"}, None)
    assert widget.board["time_left"] == 225 and widget.board["clock_started"] is True
    widget._on_message(widget, {"type": "new"}, None)
    assert widget.board["time_left"] == 240 and widget.board["clock_started"] is False


def test_a_move_reaches_the_browser_as_one_update_with_its_board_and_its_message(monkeypatch: pytest.MonkeyPatch) -> None:
    # Sent apart, the browser could show "You folded row 2" over a board that still has the chip.
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(seed=4, paused_clock=True)
    changed = []
    for content in (move("raise", 2), move("place", 2), move("fold", 2), {"type": "hint"}):
        before = len(widget.comm.sent)
        widget._on_message(widget, content, None)
        updates = [data for data in widget.comm.sent[before:] if data.get("method") == "update"]
        assert len(updates) == 1, content
        changed.append(set(updates[0]["state"]))
    assert {"board", "message"} <= changed[2] and {"message", "hint"} <= changed[3]
