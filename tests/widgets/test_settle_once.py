"""Settled once, seen once (issue 24), at the widget-message level: several pages of one learner,
driven by the messages their browsers send, through each race a mischievous learner tried.

* a stale page acts once more after a newer one took the game over: refused before the engine is
  asked, so it learns no card, result or shown hand (every state message it is sent is recorded);
* a level's award paid twice (page 1 finishes, page 2 continues, page 1 presses Next);
* Four Rows: a second page takes the game over; the first never sees the next card.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pokerlab.storage import Wallet, game_in_progress
from pokerlab.widgets.apps import LadderApp
from pokerlab.widgets.apps_four_rows import FourRowsApp
from pokerlab.widgets.table import DrawTable
from tests.widgets.recording import install

pytestmark = pytest.mark.usefixtures("data_dir")  # tests/widgets/conftest.py


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """Every state message the kernel sends, as ``(id of the widget, JSON)``."""
    messages: list[tuple[int, str]] = []
    install(monkeypatch, lambda data: messages.append((0, json.dumps(data, default=str))))
    return messages


def send(table: DrawTable, content: dict[str, Any]) -> None:
    table._handle_custom_msg(content, [])


def to_my_turn(table: DrawTable) -> None:
    send(table, {"type": "skip"})


def act_safely(table: DrawTable) -> None:
    """Stand pat at the draw, else check or call."""
    kinds = [item["kind"] for item in table.table["legal"]]
    if "draw" in kinds:
        send(table, {"type": "act", "kind": "draw", "discards": []})
    else:
        send(table, {"type": "act", "kind": "check" if "check" in kinds else "call"})


def reach_the_draw(app: LadderApp) -> None:
    table = app.table
    while True:
        to_my_turn(table)
        if table.table["phase"] == "draw" and table.table["is_my_turn"]:
            return
        if table.table["phase"] == "over":
            send(table, {"type": "next"})
            continue
        act_safely(table)


def test_a_stale_page_cannot_draw_the_cards_the_page_that_counts_will_draw(sent: list[tuple[int, str]]) -> None:
    first = LadderApp(seed=5, learner="Ada")
    send(first.table, {"type": "app", "id": "level", "value": 1})
    reach_the_draw(first)
    second = LadderApp(learner="Ada")  # a second tab of the same learner: "Continue your game"
    send(second.table, {"type": "app", "id": "continue"})
    assert second.table.table["phase"] == "draw" and second.table.table["is_my_turn"]

    stock = second.table.match.hand._stock  # the engine's stock (its top is the end): what a draw of three deals
    future = {str(card) for card in stock[-3:]}
    sent.clear()
    mine = first.table.table["players"][0]["cards"]
    send(first.table, {"type": "act", "kind": "draw", "discards": mine[:3]})  # the stale page tries to draw three
    assert first.table.screen == "lobby" and first.table.lobby["paragraphs"][0] == "This game continues in your other tab."
    assert first.table.match is None and first.table.table == {}
    stale_frames = " ".join(text for _, text in sent)
    assert not any(card in stale_frames for card in future), "the stale page was sent a card from the stock"

    send(second.table, {"type": "act", "kind": "draw", "discards": second.table.table["players"][0]["cards"][:3]})
    drawn = set(second.table.table["players"][0]["cards"]) - set(mine[3:])
    assert drawn == future  # the page that counts drew them: nobody saw them first


def test_a_level_award_is_paid_once_whichever_page_finishes_or_continues_it() -> None:
    """Issue 24: page 1 finished a level's last hand and waited; page 2 pressed Continue and was paid;
    page 1 pressed Next and was paid again (two "Ladder level 1 award" rows, 1,300 -> 1,750)."""
    first = LadderApp(seed=17, learner="Ada")
    send(first.table, {"type": "app", "id": "level", "value": 1})
    table = first.table
    while not (table.table["phase"] == "over" and first.run.finished):
        to_my_turn(table)
        if table.table["phase"] == "over":
            send(table, {"type": "next"})
        else:
            act_safely(table)
    settled_balance = Wallet().balance(first.learner)  # settled with the hand that ended the level
    assert settled_balance == 850 + (450 if first.run.advanced else 0)
    assert game_in_progress(first.learner, "ladder") is None
    second = LadderApp(learner="Ada")  # a second page: nothing is left to continue or to pay
    assert second.table.lobby["heading"] == "Tournament Ladder"
    send(second.table, {"type": "app", "id": "continue"})
    send(table, {"type": "next"})  # page 1 shows its end screen
    assert table.screen == "end"
    awards = [line for line in Wallet().history(first.learner) if line.reason == "ladder_award:1"]
    assert len(awards) == (1 if first.run.advanced else 0)
    assert Wallet().balance(first.learner) == settled_balance


def test_four_rows_a_second_page_takes_the_game_over_and_the_first_never_sees_the_next_card(
    sent: list[tuple[int, str]],
) -> None:
    first = FourRowsApp(learner="Ada", paused_clock=True)
    first.board._handle_custom_msg({"type": "move", "kind": "place", "row": 1}, [])
    second = FourRowsApp(learner="Ada", paused_clock=True)
    assert second.board.board["top"] == first.board.board["top"]  # the same game, taken over
    next_card = str(second.board.game._deck.remaining()[1])  # what the top card will be after one more move
    sent.clear()
    first.board._handle_custom_msg({"type": "move", "kind": "place", "row": 2}, [])
    assert "continues in your other tab" in first.board.message
    assert first.board.board["top"] == second.board.board["top"]  # the card it already saw, and no other
    assert not any(f'"top": "{next_card}"' in text for _, text in sent)  # the deck's order stays hidden
    assert len(first.board.game.moves) == 1
    first.board._handle_custom_msg({"type": "move", "kind": "place", "row": 2}, [])  # it can send nothing more
    assert len(first.board.game.moves) == 1
    second.board._handle_custom_msg({"type": "move", "kind": "place", "row": 2}, [])
    assert len(game_in_progress(second.keeper.learner, "four-rows").state["moves"]) == 2


def test_a_damaged_kept_game_offers_a_new_game_and_never_blocks_keeping_one() -> None:
    """Issue 24: a damaged kept game blocked keeping any new ladder game, and "Start a new game"
    did not help."""
    import sqlalchemy

    from pokerlab.storage import open_store
    from pokerlab.storage.schema import kept_games

    app = LadderApp(seed=3, learner="Ada")
    send(app.table, {"type": "app", "id": "level", "value": 1})
    open_store().write(lambda c: c.execute(sqlalchemy.update(kept_games).values(state="{not json")))
    again = LadderApp(learner="Ada")
    assert "damaged" in " ".join(again.table.lobby["paragraphs"])
    assert [button["id"] for button in again.table.lobby["buttons"]] == ["new"]
    send(again.table, {"type": "app", "id": "new"})
    assert again.table.lobby["heading"] == "Tournament Ladder"
    send(again.table, {"type": "app", "id": "level", "value": 1})
    assert again.table.screen == "table" and game_in_progress(again.learner, "ladder") is not None


def test_a_class_game_page_goes_on_after_a_short_storage_outage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: after a short database outage the class-game page was stuck ("It is Bo's turn, not
    yours.") until reloaded: its engine had moved on while storage had not."""
    from pokerlab.classroom.class_games import ClassGameSettings
    from pokerlab.classroom.store import open_class_store
    from pokerlab.storage import errors, slots
    from pokerlab.widgets.class_game import ClassGameApp

    store = open_class_store(tmp_path / "class.sqlite3")
    game = store.create_game(ClassGameSettings("five-card-draw-antes", 2, 1, 1))
    app = ClassGameApp(store=store)
    app.claim_name("Ann")
    send(app.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    to_my_turn(app.table)
    shown = {key: value for key, value in app.table.table.items() if key != "version"}

    def down(*args: object, **kwargs: object) -> None:
        raise errors.StorageUnavailableError("connection refused")

    with monkeypatch.context() as outage:
        outage.setattr(slots, "hold_in", down)
        act_safely(app.table)
        assert "cannot be reached" in app.table.message
        assert {key: value for key, value in app.table.table.items() if key != "version"} == shown  # nothing moved
    while app.table.table["phase"] != "over":  # storage is back: the same page plays the deal to its end
        to_my_turn(app.table)
        if app.table.table["phase"] != "over":
            act_safely(app.table)
        assert "turn, not yours" not in app.table.message
    assert [result.learner for result in store.results(game.id)] == ["Ann"]
