"""What a live table's page is sent: the dealer's table version rides along with every payload, the
same at every seat, so a page (or a benchmark) can tell which change an update shows."""

from __future__ import annotations

from pokerlab.apps.live import live_payload
from pokerlab.dealer.table_settings import TableSettings
from pokerlab.dealer.tables import LiveTable
from pokerlab.draw import Action, ActionKind

ANN, BO = 1, 2


def test_every_seat_is_sent_the_dealers_table_version_and_an_action_raises_it() -> None:
    table = LiveTable("K7Q2MX", TableSettings(seats=2, bot_level=1), seed=5, created_by="Ann", now=0.0)
    table.sit(ANN, "Ann", now=0.0)
    table.sit(BO, "Bo", now=0.0)
    while table.advance(0.0):
        pass
    before = {learner: live_payload(table.view_for(learner, 0.0), dollars=False)["live"]["version"]
              for learner in (ANN, BO)}
    assert before[ANN] == before[BO] == table.version
    actor = table.turn.seat
    learner = table.sitters[actor].learner_id
    offers = {offer.kind for offer in table.match.hand.legal_actions()}
    table.act(learner, Action(ActionKind.CHECK if ActionKind.CHECK in offers else ActionKind.CALL), now=1.0)
    after = {learner: live_payload(table.view_for(learner, 1.0), dollars=False)["live"]["version"]
             for learner in (ANN, BO)}
    assert after[ANN] == after[BO] > before[ANN]
