"""The Tournament Ladder in Spanish (issue 27): its lobby, side panel, end screen, refusals and notices
come from the catalogue in the table's language, the view is said again when the learner changes it,
and English is unchanged (tests/widgets/test_apps.py checks the English words)."""

from __future__ import annotations

import pytest

from pokerlab.apps.ladder_panels import NOTES, high_score_table, ladder_end, ladder_words
from pokerlab.ladder import LADDER_MESSAGES, Entry, LadderError, LadderRun, MemoryAccount, fresh_start, level
from pokerlab.storage import Wallet
from pokerlab.widgets.apps import LadderApp
from tests.i18n import english_left
from tests.widgets.test_apps import passive, play_hand, send
from tests.widgets.test_saloon_live_language import panel_texts
from tests.widgets.test_table_language import table_texts

pytestmark = pytest.mark.usefixtures("data_dir")  # tests/widgets/conftest.py


def test_a_ladder_level_in_spanish_shows_no_english_from_the_lobby_to_its_end() -> None:
    app = LadderApp(seed=2, learner="Ada", language="es")
    table = app.table
    assert [option["value"] for option in table.languages] == ["en", "es"]  # the Language menu
    lobby = table.lobby
    seen = list(panel_texts(lobby))
    assert lobby["heading"] == "Torneo por niveles" and "Tu monedero: 1.000 puntos." in lobby["paragraphs"]
    assert lobby["tables"][0]["rows"][0][4] == "Loose Lou, Loose Lou, Loose Lou y Sticky Sam"
    assert [row[5] for row in lobby["tables"][0]["rows"]] == ["abierto"] + ["cerrado"] * 5
    send(table, {"type": "app", "id": "level", "value": 2})
    assert table.message == "El nivel 2 está cerrado: supera el nivel 1 para abrirlo."
    seen.append(table.message)
    send(table, {"type": "app", "id": "level", "value": 1})
    assert table.screen == "table"
    assert "Monedero: 850 puntos (entrada pagada: 150)." in table.side["paragraphs"]
    while table.screen == "table":
        seen += panel_texts(table.side)
        play_hand(table, passive, on_step=lambda: seen.extend(table_texts(table)))
        seen += table_texts(table)
        send(table, {"type": "next"})
    assert table.screen == "end"
    end = table.end
    assert end["heading"] in ("¡Nivel 1 superado: avanzas!", "Eliminación en el nivel 1.")
    assert end["buttons"][0]["label"] == "Volver al torneo"
    assert "Tú" in [row[1] for row in end["tables"][0]["rows"]]  # the learner's seat in the standings
    seen += panel_texts(end)
    assert english_left(seen, "es") == []
    send(table, {"type": "language", "language": "en"})  # the menu on the page: the end screen said again
    assert table.end["heading"] in ("Level 1 cleared: you advance!", "Eliminated at level 1.")
    send(table, {"type": "app", "id": "lobby"})
    send(table, {"type": "language", "language": "es"})
    assert table.lobby["heading"] == "Torneo por niveles"


def test_the_side_panel_and_the_continue_question_are_said_again_in_the_language_picked() -> None:
    app = LadderApp(seed=5, learner="Bo")
    table = app.table
    send(table, {"type": "app", "id": "level", "value": 1})
    assert table.side["heading"] == "Level 1"
    send(table, {"type": "language", "language": "es"})
    assert table.side["heading"] == "Nivel 1" and table.side["paragraphs"][0].startswith("Manos: 1 de 5")
    again = LadderApp(seed=5, learner="Bo")  # a reload: the learner's pick is kept, the game offered back
    lobby = again.table.lobby
    assert again.table.language == "es" and lobby["buttons"][0]["label"].startswith("Seguir tu partida (nivel 1, mano 1 de 5")
    send(again.table, {"type": "language", "language": "en"})
    assert again.table.lobby["buttons"][0]["label"].startswith("Continue your game (level 1, hand 1 of 5")
    send(again.table, {"type": "language", "language": "es"})
    send(again.table, {"type": "app", "id": "new"})
    assert again.table.message == "Has abandonado el nivel 1; su entrada no se devuelve."


def test_a_short_wallet_and_a_fresh_start_in_spanish() -> None:
    app = LadderApp(seed=1, learner="Ada", language="es")
    Wallet().pay(900, "test", app.learner)
    send(app.table, {"type": "app", "id": "level", "value": 1})
    assert app.table.message == "Nivel 1 del torneo: cuesta 150 puntos; tu monedero tiene 100. Te faltan 50 puntos."
    app.show_lobby()
    lobby = app.table.lobby
    assert lobby["buttons"][0]["label"] == "Empezar de cero"
    assert lobby["tables"][0]["rows"][0][5] == "abierto, pero te faltan puntos"
    send(app.table, {"type": "app", "id": "fresh"})
    assert app.table.message == "Empiezas de cero: se añaden 900 puntos a tu monedero."
    send(app.table, {"type": "app", "id": "level", "value": "x"})
    assert app.table.message == "El torneo no tiene nivel 'x'; los niveles van del 1 al 6."
    assert english_left([*panel_texts(lobby), app.table.message], "es") == []


def _entry(number: int) -> Entry:
    return LadderRun.new(number, seed=1).entry()


def test_every_refusal_of_the_ladder_is_said_in_spanish() -> None:
    account = MemoryAccount(points=100)
    refusals = []
    for attempt in (lambda: level(9), lambda: account.enter(_entry(3)), lambda: account.enter(_entry(1)),
                    lambda: fresh_start(MemoryAccount())):
        with pytest.raises(LadderError) as refused:
            attempt()
        refusals.append(str(refused.value))
    said = [ladder_words(text, "es") for text in refusals]
    assert said[0] == "El torneo no tiene nivel 9; los niveles van del 1 al 6."
    assert said[3] == "Solo puedes empezar de cero si tu monedero no alcanza para el nivel 1 (150 puntos); el tuyo tiene 1.000."
    assert english_left(said, "es") == [] and all(text != english for text, english in zip(said, refusals))
    assert [ladder_words(text, "en") for text in refusals] == refusals
    notes = [note.replace("{added}", "900").replace("{level}", "3").replace("{error}", "x") for note in NOTES]
    assert english_left([ladder_words(note, "es") for note in notes], "es") == []
    assert len(LADDER_MESSAGES) == len(set(LADDER_MESSAGES))


def test_the_bonus_levels_end_and_the_high_scores_in_spanish() -> None:
    from datetime import datetime, timezone

    from pokerlab.apps.keep import ScoreRow

    scores = [ScoreRow(1, "Ada", 1250, datetime(2026, 12, 1, tzinfo=timezone.utc)),
              ScoreRow(2, "Bo", -40, datetime(2026, 12, 1, tzinfo=timezone.utc))]
    standings = [{"seat": 0, "name": "You", "stack": 1750, "net": 1250, "out": False}]
    end = ladder_end(6, False, 1750, 1800, 0, 10_500, 500, standings, 1250, scores, "es")
    assert end["paragraphs"][-1] == "Tu puntuación: +1.250 fichas, apuntada en la tabla de récords."
    assert end["tables"][1]["rows"][1][2] == "-40" and end["tables"][1]["caption"] == "Récords"
    assert "Monedero: 10.500 puntos antes del nivel, 500 ahora." in end["paragraphs"]
    assert english_left(panel_texts(end), "es") == []
    assert high_score_table([], "Récords (nivel 6)", True, "es")["caption"] == "Récords (nivel 6): ninguno todavía"
    english = ladder_end(6, False, 1750, 1800, 0, 10_500, 500, standings, 1250, scores)
    assert english["paragraphs"][-1] == "Your score: +1,250 chips, entered in the high score table."
    assert english["tables"][1]["rows"][0][2] == "+1,250"
