"""The Five-Card Draw table in Spanish (issue 27), driven by the browser's messages: the language comes
from the page's first message (navigator.languages) or the page itself, the learner can change it, and
nothing the table shows in Spanish is English."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pokerlab.widgets.apps import FiveCardDrawApp
from pokerlab.widgets.table import DrawTable
from tests.i18n import english_left
from tests.widgets.test_apps import aggressive, passive, play_hand, send

pytestmark = pytest.mark.usefixtures("data_dir")  # tests/widgets/conftest.py


def panel_texts(panel: dict[str, Any]) -> Iterator[str]:
    yield panel.get("heading", "")
    yield from panel.get("paragraphs", ())
    for field in panel.get("fields", ()):
        yield field["label"]
        yield from (option["label"] for option in field["options"])
    for table in panel.get("tables", ()):
        yield table.get("caption", "")
        yield from table.get("head", ())
        yield from (str(cell) for row in table.get("rows", ()) for cell in row)
    yield from (button["label"] for button in panel.get("buttons", ()))


def table_texts(table: DrawTable) -> Iterator[str]:
    """Every text of the learner's view as the browser gets it (and the words it shows around them)."""
    payload = table.table
    yield from (payload["phase_text"], payload["cap_meter"], *payload["log"])
    for offer in payload["legal"]:
        yield offer["label"]
        yield offer["warning"] or ""
    for player in payload["players"]:
        yield from (player["name"], player["blind"], player["draw_text"], player["my_draw_text"], player["stack_text"],
                    player["hand_name"] or "")
    yield from (pot["label"] for pot in payload["pots"])
    result = payload["result"]
    if result:
        yield result["headline"]
        for pot in result["pots"]:
            yield from (pot["label"], pot["reason"], pot["shares"])
        yield from result["hand_names"].values()
    yield table.message
    yield from table.words.values()


def test_a_whole_match_in_spanish_shows_no_english() -> None:
    app = FiveCardDrawApp(seed=5, learner="Ada", language="es")
    table = app.table
    seen = list(panel_texts(table.lobby))
    assert table.lobby["heading"] == "Póquer cerrado" and table.words["Hand history"] == "Historial de la mano"
    send(table, {"type": "languages", "languages": ["en-US"]})  # the page chose: the browser does not change it
    assert table.language == "es"
    send(table, {"type": "start", "fields": {"players": "3", "level": "1"}})
    me = table.table["players"][table.table["learner_seat"]]
    send(table, {"type": "act", "kind": "raise", "amount": 1})
    assert table.message.startswith("Aquí, «Subir»") or table.message.startswith("No puedes"), table.message
    seen.extend(table_texts(table))
    table.message = ""
    showdowns = 0
    for _ in range(300):
        if table.screen == "end":
            break
        play_hand(table, aggressive if table.table["hand_number"] % 2 else passive,
                  on_step=lambda: seen.extend(table_texts(table)))
        seen.extend(table_texts(table))
        showdowns += not table.table["result"]["won_by_fold"]
        send(table, {"type": "next"})
    assert table.screen == "end" and showdowns > 0
    seen.extend(panel_texts(table.end))
    assert table.end["buttons"][0]["label"] == "Jugar otra vez"
    assert me["stack_text"].endswith(" fichas")
    assert english_left(seen, "es") == []
    assert any("Enseñas" in line or "enseña" in line for line in seen)


def test_the_browsers_languages_choose_and_the_learner_can_change_it() -> None:
    english = FiveCardDrawApp(seed=1, learner="Ada")
    lobby = dict(english.table.lobby)
    app = FiveCardDrawApp(seed=1, learner="Ada")
    table = app.table
    assert table.language == "en" and table.lobby == lobby
    send(table, {"type": "languages", "languages": ["de-DE", "es-ES", "en"]})
    assert table.language == "es" and table.lobby["buttons"][0]["label"] == "Empezar"
    assert english_left(panel_texts(table.lobby), "es") == []
    send(table, {"type": "start", "fields": {"players": "2"}})
    assert table.table["phase_text"] == "Primera ronda de apuestas"
    send(table, {"type": "language", "language": "en"})  # the menu on the page
    assert table.language == "en" and table.words == {} and table.table["phase_text"] == "First betting round"
    send(table, {"type": "languages", "languages": ["es"]})  # chosen by the learner: kept
    assert table.language == "en"
    send(table, {"type": "language", "language": "xx"})
    assert "does not speak 'xx'" in table.message and table.language == "en"


def test_the_language_a_learner_picks_is_kept_for_their_next_page() -> None:
    first = FiveCardDrawApp(seed=1, learner="Ada")
    send(first.table, {"type": "languages", "languages": ["es-ES"]})  # the browser's guess is not kept
    assert FiveCardDrawApp(seed=1, learner="Ada").table.language == "en"
    send(first.table, {"type": "language", "language": "es"})  # the learner's pick is
    later = FiveCardDrawApp(seed=1, learner="Ada")
    assert later.table.language == "es" and later.table.lobby["heading"] == "Póquer cerrado"
    send(later.table, {"type": "languages", "languages": ["en-GB"]})
    assert later.table.language == "es"
    assert FiveCardDrawApp(seed=1, learner="Bo").table.language == "en"
    assert FiveCardDrawApp(seed=1, learner="Ada", language="en").table.language == "en"  # an English lesson page


def test_a_table_whose_page_is_not_yet_translated_stays_english_for_a_spanish_browser() -> None:
    table = DrawTable()  # a page that does not say its panels are translated (the class game's, so far)
    assert [option["value"] for option in table.languages] == ["en"]  # no menu on the page
    send(table, {"type": "languages", "languages": ["es-ES"]})
    assert table.language == "en" and table.words == {}
    send(table, {"type": "language", "language": "es"})
    assert table.language == "en" and "does not offer Español yet" in table.message


def review_texts(review: dict[str, Any]) -> Iterator[str]:
    yield from (review["heading"], review["summary"], review["about"], *review["notes"])
    for item in review["items"]:
        yield from (item["stage"], item["situation"], item["played"], item["coach"], item["worth"], *item["detail"].split("\n"))


def test_the_review_of_a_hand_is_in_spanish() -> None:
    app = FiveCardDrawApp(seed=6, learner="Ada", language="es")
    table = app.table
    send(table, {"type": "start", "fields": {"players": "3", "level": "2"}})
    play_hand(table, aggressive)
    send(table, {"type": "review"})
    assert table.review["summary"].startswith("El entrenador está repasando")
    app.wait_for_review()
    review = table.review
    assert review["heading"] == "Tus decisiones en la mano 1" and review["items"], review
    assert english_left(review_texts(review), "es") == []
    assert any(item["played"].startswith(("te quedaste", "cambiaste")) for item in review["items"])
    send(table, {"type": "review"})  # closed, then opened in English: worked out again in that language
    send(table, {"type": "language", "language": "en"})
    send(table, {"type": "review"})
    app.wait_for_review()
    assert table.review["heading"] == "Your decisions in hand 1"


def test_an_open_review_is_said_again_when_the_learner_changes_the_language() -> None:
    app = FiveCardDrawApp(seed=6, learner="Ada")
    table = app.table
    send(table, {"type": "start", "fields": {"players": "3", "level": "2"}})
    play_hand(table, aggressive)
    send(table, {"type": "review"})
    send(table, {"type": "language", "language": "es"})  # while the coach works: its waiting line, then the review
    assert table.review["summary"].startswith("El entrenador está repasando")
    app.wait_for_review()
    assert table.review["heading"] == "Tus decisiones en la mano 1" and table.review["items"]
    assert english_left(review_texts(table.review), "es") == []
    send(table, {"type": "language", "language": "en"})  # the review open: said again in English at once
    english = table.review
    assert english["heading"] == "Your decisions in hand 1" and not english.get("pending")
    send(table, {"type": "language", "language": "es"})
    spanish = table.review
    assert spanish["heading"] == "Tus decisiones en la mano 1" and len(spanish["items"]) == len(english["items"])
    assert english_left(review_texts(spanish), "es") == []
    assert any(item["played"].startswith(("te quedaste", "cambiaste")) for item in spanish["items"])
