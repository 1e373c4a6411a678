"""The dealer speaks in codes (issue 27): a Spanish live tables' page, signed in to a real dealer,
says its refusals (a table code that does not exist, one that cannot be, acting out of turn, an
action the rules refuse) and its table's notices in Spanish; what went over the wire was a code with
its values, beside the English for older pages."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from pokerlab.classroom import identity, names_and_keys
from pokerlab.dealer.client import DealerClient, DealerError
from pokerlab.dealer.words import Said
from pokerlab.widgets.live import LiveTablesApp
from tests.dealer.test_dealer import Running, quick_hashing  # noqa: F401 - an autouse fixture
from tests.i18n import english_left
from tests.widgets.test_apps import send


def until(test: Callable[[], Any], what: str, timeout: float = 20.0) -> Any:
    """Wait for the dealer's next push to make ``test()`` true (the views arrive in the link's thread)."""
    deadline = time.monotonic() + timeout
    while not (found := test()):
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.02)
    return found


def spanish_page(running: Running, target: str, name: str) -> LiveTablesApp:
    key = names_and_keys.new_key()
    learner = identity.claim(target, name, key)
    client = DealerClient(running.url)
    client.sign_in(name, key)
    page = LiveTablesApp(client=client, language="es")
    page.learner = learner
    return page


def turn_of(page: LiveTablesApp) -> int | None:
    """The seat whose person is to act in the hand ``page`` sees (None: nobody's, or a computer's)."""
    turn = page.view and page.view["table"].get("turn")
    return turn["seat"] if turn and turn["person"] else None


def test_a_spanish_page_hears_the_dealers_refusals_and_notices_in_spanish(running: Running, target: str) -> None:
    ann, bo = spanish_page(running, target, "Ann"), spanish_page(running, target, "Bo")
    join = {"type": "app", "id": "join"}
    send(ann.table, {**join, "fields": {"code": "ZZZZZZ"}})
    assert ann.table.message == "Aquí no hay ninguna mesa con ese código; compruébalo con quien abrió la mesa."
    send(ann.table, {**join, "fields": {"code": "K7Q2M0"}})  # a 0 is never in a code: it could be an O
    assert ann.table.message == "El código de una mesa tiene 6 letras y cifras, como K7Q2MX; 'K7Q2M0' no lo es."
    with pytest.raises(DealerError) as english:  # what went over the wire: the code, and English for older pages
        bo.client.watch("ZZZZZZ", lambda view: None)
    assert english.value.said == Said("no_table") and str(english.value).startswith("No table has that code")

    code = bo.client.open_table({"seats": 2, "bot_level": 1, "time_to_act": 120})
    send(ann.table, {**join, "fields": {"code": code}})  # dealt at once against a computer opponent
    assert ann.table.message == ""
    send(bo.table, {**join, "fields": {"code": code}})  # sits down during that hand: plays from the next
    until(lambda: bo.view and bo.view["table"]["playing"] is False and bo.view["seat"] == 1, "Bo watching")
    send(bo.table, {"type": "act", "kind": "fold"})
    assert bo.table.message == "El asiento 2 lo juega un rival del ordenador."

    until(lambda: turn_of(ann) == 0, "Ann's turn")
    send(ann.table, {"type": "act", "kind": "raise", "amount": 1})  # an action the rules refuse
    refusal = ann.table.message
    assert refusal.startswith("No puedes") and english_left([refusal], "es") == [], refusal
    send(ann.table, {"type": "act", "kind": "fold"})
    until(lambda: ann.view["phase"] == "over", "the first hand over")
    for page in (ann, bo):
        send(page.table, {"type": "next"})  # both have read it: the next hand is dealt, to both of them
    until(lambda: ann.view["table"]["hand_number"] == 2 and turn_of(ann) is not None, "the second hand")
    waiting = bo if turn_of(ann) == 0 else ann
    send(waiting.table, {"type": "act", "kind": "fold"})
    assert waiting.table.message == f"Le toca a {'Ann' if waiting is bo else 'Bo'}, no a ti."

    send(bo.table, {"type": "app", "id": "leave"})
    said = until(lambda: (notice := running.dealer.tables[code].notice) and notice.code.startswith("left") and notice,
                 "Bo has left")
    until(lambda: ann.table.table.get("live", {}).get("notice") == said.text("es"), "the notice on Ann's page")
    assert said.text("es") in ("Bo ha dejado la mesa; sus fichas le esperan.", "Bo se ha ido, así que pasa.",
                               "Bo se ha ido, así que se queda servido.", "Bo se ha ido, así que se retira.")
    assert ann.view["table"]["notice_said"] == said.to_json() and ann.view["table"]["notice"] == str(said)
    ann._close_link()


def test_a_page_reads_refusals_from_a_dealer_of_another_pokerlab_without_a_traceback() -> None:
    """A dealer of an older pokerlab sends English only; a newer one may send a code this page does not
    know, or values that do not fit: the page shows the English it was sent (or the message), never a traceback."""
    known = DealerError.from_answer({"error": "No table has that code here; check it with whoever opened the table.",
                                     "code": "no_table", "values": {}})
    assert known.text("es") == "Aquí no hay ninguna mesa con ese código; compruébalo con quien abrió la mesa."
    older = DealerError.from_answer({"error": "Something an older dealer said."})
    newer = DealerError.from_answer({"error": "Something new.", "code": "a_code_from_the_future", "values": {}})
    assert older.text("es") == "Something an older dealer said." and newer.text("es") == "Something new."
    assert DealerError.from_answer({}).text("es") == "El servidor lo ha rechazado."
    unfit = DealerError.from_answer({"error": "Seat 2 is taken.", "code": "seat_taken", "values": {"seat": 2}})
    assert unfit.text("es") == "Seat 2 is taken."  # its places not all given: the English it came with
