"""My hands in Spanish (issue 27): the list, the filters' games, a replay with the coach's odds at every
decision, the drill's question and answer, and the PHH import box say nothing in English; the Language
menu says it all again in English; and the coach's flags kept with a hand are codes, not words."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from pokerlab.apps.my_hands import COACH_CODES, coach_code, flags_of, replay
from pokerlab.coach.phrases import stage_name
from pokerlab.storage.kept_hands import kept_hands, set_flags
from pokerlab.widgets.apps import FiveCardDrawApp
from pokerlab.widgets.my_hands import my_hands_page
from pokerlab.widgets.my_hands_phh import import_box
from pokerlab.widgets.my_hands_widget import MyHandsWidget
from tests.i18n import english_left, shown_texts
from tests.widgets.test_my_hands_page import play

pytestmark = pytest.mark.usefixtures("data_dir")  # tests/widgets/conftest.py


def send(widget: MyHandsWidget, content: dict[str, Any]) -> None:
    widget._on_message(widget, content, [])


def reviewed_hands(name: str, count: int) -> Any:
    """``count`` hands of Five-Card Draw played by ``name``, each reviewed by the coach (as at the table)."""
    app = FiveCardDrawApp(seed=41, learner=name)
    app.start({"players": "4", "forced_bet": "blinds"})
    play(app, count, np.random.default_rng(2))
    for hand in kept_hands(None, app.learner):
        set_flags(None, app.learner, hand.hand_key, flags_of(replay(hand).review))
    return app.learner


def test_my_hands_in_spanish_shows_no_english_and_says_it_again_in_english() -> None:
    learner = reviewed_hands("Ada", 4)
    page = MyHandsWidget(learner, language="es")
    assert page.words["Drill my mistakes"] == "Practicar mis errores" and page.language == "es"
    assert page.message.startswith("4 de tus 4 manos")
    seen = [page.message, *shown_texts(page.rows), *shown_texts(page.games), *page.words.values()]
    assert page.games == [{"value": "five-card-draw", "label": "Póquer cerrado"}]
    for row in page.rows:
        send(page, {"type": "open", "id": row["id"]})
        for index in range(page.replay["count"]):
            send(page, {"type": "go", "index": index})
            seen += shown_texts(page.replay)
    stages = {phase: (stage_name(phase, "es"), stage_name(phase)) for phase in ("betting_one", "draw", "betting_two")}
    assert page.replay["step"]["stage"] in [spanish for spanish, _english in stages.values()]
    send(page, {"type": "close"})
    send(page, {"type": "drill"})
    question = page.drill["spot"]
    assert question is not None
    seen += shown_texts(question)
    if question["kind"] == "bet":
        send(page, {"type": "drill-answer", "option": question["choices"][0]["option"]})
    else:
        send(page, {"type": "drill-answer", "discard": []})
    seen += shown_texts(page.drill["answer"])
    assert len(seen) > 100 and english_left(seen, "es") == []

    send(page, {"type": "language", "language": "en"})  # the learner picks English: everything said again
    assert page.words == {} and page.message.startswith("4 of your 4 hands")
    assert page.drill["answer"]["text"].startswith(("Right", "Not the coach's choice"))
    assert page.drill["spot"]["stage"] in [english for _spanish, english in stages.values()]
    assert MyHandsWidget(learner).language == "en"  # the learner's choice is kept with them


def test_a_spanish_page_keeps_its_language_and_so_does_its_import_box() -> None:
    page = my_hands_page(language="es")
    hands, importer = page.hands, page.importer
    send(hands, {"type": "languages", "languages": ["en-US"]})  # the page chose: the browser's guess changes nothing
    assert hands.language == "es" and hands.message.startswith("Elige un nombre")
    labels = [importer.button.description, importer.upload.description, importer.player.description,
              importer.number.description, importer.text.placeholder, *[label for label, _ in importer.player.options]]
    assert english_left(labels + [importer.children[0].value], "es") == []
    hands.open_import("")
    assert hands.message.startswith("No se ha podido abrir este archivo")
    hands.set_language("en")
    assert importer.button.description == "Open in the replayer"
    assert MyHandsWidget().language == "en" and import_box(MyHandsWidget()).button.description == "Open in the replayer"


def test_the_coachs_flags_are_codes_and_words_kept_before_are_told_apart() -> None:
    learner = reviewed_hands("Bea", 4)
    flags = [flag for hand in kept_hands(None, learner) for flag in hand.flags or []]
    assert flags and all(coach_code(flag) in COACH_CODES for flag in flags)
    assert all(flag.get("keep") is not None for flag in flags if flag["coach"] == "draw")
    assert coach_code({"decision": 0, "coach": "keep K♥ K♦ and draw 3"}) is None  # an older pokerlab's words
