"""My hands from the end of every hand (issue 29): when a finished hand is kept for the learner, the
table's result says so and links to My hands (``kept_hand``: the number of the hand kept); a hand that
is not kept (nobody's name given) does not claim to be."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokerlab.classroom.class_games import ClassGameSettings
from pokerlab.classroom.store import ClassStore
from pokerlab.dealer.table_settings import TableSettings
from pokerlab.dealer.tables import LiveTable
from pokerlab.draw import random_legal_action
from pokerlab.storage.kept_hands import kept_hands
from pokerlab.widgets.apps import FiveCardDrawApp, LadderApp, SaloonApp
from pokerlab.widgets.live import LiveTablesApp
from tests.classroom.test_class_widgets import intent, page, play_current_deal, store  # noqa: F401
from tests.widgets.playing import finish_hand, sends
from tests.widgets.test_live_page import NoDealer
from tests.widgets.test_my_hands_page import play


@pytest.mark.parametrize("app_class", [FiveCardDrawApp, SaloonApp, LadderApp])
def test_a_kept_hands_result_links_to_my_hands_in_the_solo_games(app_class, data_dir: Path) -> None:  # noqa: ANN001
    app = app_class(seed=7, learner="Ada")
    if app_class is LadderApp:
        app.table._handle_custom_msg({"type": "app", "id": "level", "value": 1}, [])  # the first level
    else:
        app.start({"players": "3"})
    assert app.table.kept_hand == 0
    table = app.table

    def stand_pat_and_check_or_call(payload: dict[str, Any]) -> dict[str, Any]:
        kinds = [item["kind"] for item in payload["legal"]]
        if "draw" in kinds:
            return {"type": "act", "kind": "draw", "discards": []}
        return {"type": "act", "kind": next(k for k in ("check", "call", "fold") if k in kinds)}

    finish_hand(table, sends(table, stand_pat_and_check_or_call))
    assert table.table["result"] and kept_hands(None, app.learner)
    assert table.kept_hand == table.table["hand_number"] == 1


def test_a_hand_nobody_keeps_does_not_link(data_dir: Path) -> None:
    app = FiveCardDrawApp(seed=7)
    app.start({"players": "2"})
    play(app, 1, np.random.default_rng(1))
    assert app.table.kept_hand == 0


def test_a_class_games_kept_deal_links_to_my_hands(store: ClassStore) -> None:  # noqa: F811
    game = store.create_game(ClassGameSettings("five-card-draw-blinds", 2, 1, 1))
    app = page(store, "Ann")
    intent(app.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    assert app.table.kept_hand == 0
    play_current_deal(app)
    assert kept_hands(store.store, app.learner)
    assert app.table.table["result"] and app.table.kept_hand == app.table.table["hand_number"]


def test_a_live_tables_finished_hand_links_to_my_hands() -> None:
    table = LiveTable("K7Q2MX", TableSettings(seats=3, bot_level=1), seed=4, bot_seconds=1.0)
    table.sit(1, "Ann", now=0.0)
    table.advance(0.0)
    page_ = LiveTablesApp(client=NoDealer())  # type: ignore[arg-type]
    page_._on_view(table.view_for(1, now=0.0))
    assert page_.table.kept_hand == 0
    rng, now = np.random.default_rng(3), 0.0
    seat = table.seat_of(1)
    while not table.match.hand.is_over:
        hand = table.match.hand
        if hand.actor == seat:
            table.act(1, random_legal_action(hand, rng), now=now)
        else:
            now += 2.0
            table.advance(now)
    page_._on_view(table.view_for(1, now=now))
    assert page_.table.table["result"] and page_.table.kept_hand == page_.table.table["hand_number"] == 1
