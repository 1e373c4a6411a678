"""The live tables' page draws the dealer's views (issue 25): a seat taken during a hand is watched
until the next deal, and the table's own coach sits out (its review of each hand stays)."""

from __future__ import annotations

from pokerlab.apps.live import live_payload
from pokerlab.dealer.table_settings import TableSettings
from pokerlab.dealer.tables import LiveTable
from pokerlab.widgets.live import LiveTablesApp


class NoDealer:
    """A dealer client that is never called: these views are handed to the page directly."""

    session = None


def table_with_ann_and_a_late_bo() -> LiveTable:
    table = LiveTable("K7Q2MX", TableSettings(seats=3, bot_level=1), seed=4, bot_seconds=1.0)
    table.sit(1, "Ann", now=0.0)
    table.advance(0.0)  # dealt at once: Ann and two computer opponents
    table.sit(2, "Bo", now=0.0)  # Bo sits down during the hand
    return table


def test_a_learner_who_sat_down_during_a_hand_watches_it_and_holds_nobodys_cards() -> None:
    table = table_with_ann_and_a_late_bo()
    page = LiveTablesApp(client=NoDealer())  # type: ignore[arg-type]
    view = table.view_for(2, now=0.0)
    page._on_view(view)
    assert page.table.screen == "lobby" and page.table.lobby["heading"].endswith("you play from the next hand")
    bot_cards = {str(card) for card in table.match.hand.cards(1)}
    assert not any(card in str(page.table.lobby) for card in bot_cards)


def test_at_a_live_table_the_coach_sits_out() -> None:
    table = table_with_ann_and_a_late_bo()
    payload = live_payload(table.view_for(1, now=0.0), dollars=False)
    assert payload["coach"] is False and payload["bot_turn"] is False


class HubDealer:
    """A dealer client on a hub: the hub's token signs the page in as a learner; every other door
    records that it was knocked on."""

    session = None

    def __init__(self) -> None:
        self.knocked: list[str] = []

    def sign_in_hub(self, token: str) -> dict[str, object]:
        self.session = "s"
        return {"session": "s", "name": "alice", "teacher": False}

    def lobby(self) -> list[dict[str, object]]:
        return []

    def sign_in_teacher(self, password: str) -> None:
        self.knocked.append(password)


def test_on_a_hub_no_page_offers_a_teacher_password(monkeypatch, tmp_path) -> None:  # noqa: ANN001
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t")
    dealer = HubDealer()
    page = LiveTablesApp(client=dealer)  # type: ignore[arg-type]
    assert page.identity.state == "hub"
    assert "teacher" not in [button["id"] for button in page.table.lobby["buttons"]]
    page._app_button("teacher_sign_in", None, {"password": "owl-42"})  # the page's message, sent by hand
    assert dealer.knocked == [] and "pokerlab-teachers group" in page.table.message
    page._app_button("teacher", None, {})
    assert "password" not in str(page.table.lobby) and "pokerlab-teachers group" in page.table.message
