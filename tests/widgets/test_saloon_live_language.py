"""Saloon Draw and the live tables in Spanish (issue 27): the Saloon's lobby, side panel, save and
restore messages, saves list and end screen, and the live tables' lobby, seating, waiting, watching
and teacher's lobby come from the catalogue in the table's language (the dealer's notices said again
from its English); English is unchanged."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerlab import language as lang
from pokerlab.apps import saloon_panels, shared_panels
from pokerlab.apps.keep import SALOON_KIND, Keeper
from pokerlab.apps.live import describe, live_payload, notice, watch_panel
from pokerlab.dealer.table_settings import TableSettings
from pokerlab.dealer.tables import LiveTable
from pokerlab.dealer.words import NOTICES
from pokerlab.draw import saloon_draw
from pokerlab.storage import save_envelope, save_paths, saves
from pokerlab.widgets.apps import SaloonApp
from pokerlab.widgets.live import LiveTablesApp
from tests.i18n import english_left
from tests.widgets.test_apps import passive, play_hand, send

pytestmark = pytest.mark.usefixtures("data_dir")  # tests/widgets/conftest.py
ROOT = Path(__file__).resolve().parents[2]


def panel_texts(panel: Any) -> Iterator[str]:
    """Every text of a panel dict as the table draws it: headings, paragraphs, labels, table cells."""
    if isinstance(panel, str):
        yield panel
    elif isinstance(panel, dict):
        for key, value in panel.items():
            if key not in ("id", "value", "name", "primary", "disabled", "hand_number", "pending"):
                yield from panel_texts(value)
    elif isinstance(panel, (list, tuple)):
        for item in panel:
            yield from panel_texts(item)


def test_a_saloon_game_in_spanish_shows_no_english_from_the_lobby_to_a_restore() -> None:
    app = SaloonApp(seed=3, learner="Dana", language="es")
    table = app.table
    seen = list(panel_texts(table.lobby))
    assert table.lobby["heading"] == "Póquer de salón"
    assert any("de 5 $ en 5 $" in text and "Empiezas con 500 $" in text for text in seen), seen
    send(table, {"type": "start", "fields": {}})
    seen += panel_texts(table.side)
    send(table, {"type": "app", "id": "save", "fields": {"save_name": "tarde"}})  # mid-hand: refused
    assert table.message.startswith("Las partidas se guardan entre mano y mano")
    seen.append(table.message)
    play_hand(table, passive)
    seen += panel_texts(table.side)
    assert table.side["input"]["value"] == "mi partida"  # the default name, in the page's language
    send(table, {"type": "app", "id": "save", "fields": {"save_name": "-no"}})
    assert table.message.startswith("«-no» no sirve como nombre")
    seen.append(table.message)
    send(table, {"type": "app", "id": "save", "fields": {"save_name": "tarde"}})
    assert table.message.startswith("Guardada como «tarde»"), table.message
    seen.append(table.message)
    send(table, {"type": "app", "id": "restore", "value": "tarde"})
    assert table.message.startswith("Recuperada «tarde»: la mano 2 se reparte con cartas nuevas"), table.message
    seen += [table.message, *panel_texts(table.side)]
    send(table, {"type": "app", "id": "lobby"})
    seen += panel_texts(table.lobby)
    assert english_left(seen, "es") == []


def test_the_saloon_end_screen_and_a_damaged_save_in_spanish() -> None:
    standings = [{"name": "Tú", "out": True, "stack": 40, "net": -460}, {"name": "Bo", "out": False, "stack": 960, "net": 460}]
    ends = [saloon_panels.saloon_end(standings, count, 50, out, won, "es")
            for count, out, won in ((1, True, False), (12, False, True), (3, False, False))]
    assert ends[0]["heading"] == "Quedas eliminado: terminaste una mano con menos de 50 $."
    assert [end["paragraphs"][0].split(".")[0] for end in ends] == [
        "Se jugó 1 mano", "Se jugaron 12 manos", "Se jugaron 3 manos"]
    assert english_left([text for end in ends for text in panel_texts(end)], "es") == []
    assert saloon_panels.saloon_end(standings, 1, 50, True, False)["paragraphs"] == [
        "1 hands were played. Want to play poker again?"]  # English as it always was

    app = SaloonApp(seed=3, learner="Dana", language="es")
    folder = save_paths.saves_folder(SALOON_KIND, app.learner)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "roto.json").write_text('{"format": "pokerlab-save", ', encoding="utf-8")
    (folder / "ajeno.json").write_text('{"format": "other"}', encoding="utf-8")
    table, _ = saloon_panels.saloon_saves_table(Keeper(app.learner).saves(SALOON_KIND), "es")
    states = sorted(row[2] for row in table["rows"])
    assert states == ["está dañada o incompleta (JSON no válido en la línea 1, columna 29)",
                      "no es una partida guardada de pokerlab"], states
    send(app.table, {"type": "app", "id": "restore", "value": "roto"})  # a damaged save's Restore button
    assert app.table.message == (
        "pokerlab no ha podido recuperar «roto»: No se puede recuperar la partida guardada 'roto': está dañada o "
        "incompleta (JSON no válido en la línea 1, columna 29). El archivo no se ha tocado."), app.table.message
    send(app.table, {"type": "app", "id": "restore", "value": "nada"})
    assert app.table.message.startswith("pokerlab no ha podido recuperar «nada»: No hay ninguna partida guardada llamada "
                                        "'nada'. Partidas guardadas de tipo saloon-draw: "), app.table.message
    english, _ = saloon_panels.saloon_saves_table(Keeper(app.learner).saves(SALOON_KIND))
    assert sorted(row[2] for row in english["rows"]) == [
        "it is damaged or cut short (invalid JSON at line 1, column 29)", "it is not a pokerlab saved game"]


def test_every_refusal_of_a_save_file_is_a_message_the_saloon_can_retell() -> None:
    trees = [ast.parse((ROOT / f"pokerlab/storage/{name}.py").read_text(encoding="utf-8"))
             for name in ("save_envelope", "saves")]
    marked = {node.args[0].value for tree in trees for node in ast.walk(tree) if isinstance(node, ast.Call)
              and getattr(node.func, "id", "") == "N_"}
    assert marked == set(save_envelope.REFUSALS) | set(saves.RESTORE_REFUSALS)
    refusals = [node for tree in trees for node in ast.walk(tree)
                if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal"]
    assert refusals
    for node in refusals:  # each reason a file is refused is one of them, never a sentence of its own
        reason = node.args[0]
        call = reason.func.value if isinstance(reason.func, ast.Attribute) else reason  # N_(...).format(...)
        assert isinstance(call, ast.Call) and getattr(call.func, "id", "") == "N_", ast.unparse(reason)
    told = lang.retell("es", "it holds a 'ladder' game, not a 'saloon-draw' game", save_envelope.REFUSALS)
    assert told == "guarda una partida de tipo 'ladder', no de tipo 'saloon-draw'"


def test_the_saloon_page_says_its_lobby_again_in_the_language_chosen() -> None:
    app = SaloonApp(seed=3, learner="Dana")
    assert app.table.lobby["buttons"][0]["label"] == "Deal me in"
    send(app.table, {"type": "languages", "languages": ["es-MX", "en"]})  # a Spanish browser's first message
    assert app.table.language == "es" and app.table.lobby["buttons"][0]["label"] == "Repárteme cartas"
    send(app.table, {"type": "language", "language": "en"})
    assert app.table.lobby["buttons"][0]["label"] == "Deal me in"
    send(app.table, {"type": "language", "language": "es"})
    assert app.table.lobby["buttons"][0]["label"] == "Repárteme cartas"
    send(app.table, {"type": "start", "fields": {}})
    assert app.table.side["heading"] == "Reglas del salón"
    send(app.table, {"type": "language", "language": "en"})
    assert app.table.side["heading"] == "Saloon rules"
    side = saloon_panels.saloon_side(saloon_draw(), 50, True, [])
    assert side["paragraphs"][0] == ("An ante of $5, bets $5 to $15 before the draw, $5 to $25 after, in $5 steps, "
                                     "discard up to three. Under $50 you are out.")


# --- the live tables -----------------------------------------------------------------------------


class NoDealer:
    """A dealer client with no tables: the page's views are handed to it directly."""

    session = "s"

    def lobby(self) -> list[dict[str, Any]]:
        return []

    def results(self) -> list[dict[str, Any]]:
        return []


def test_every_notice_of_the_dealer_is_said_in_spanish() -> None:
    table = LiveTable("K7Q2MX", TableSettings(seats=3, bot_level=1, time_to_act=15), seed=4, bot_seconds=0.0)
    said: list[dict] = []

    def heard(now: float) -> None:
        info = table.public_info(now)
        if info["notice_said"] and info not in said:
            said.append(info)

    table.sit(1, "Ann", now=0.0)
    heard(0.0)
    table.sit(2, "Bo", now=0.0)
    heard(0.0)
    for step in range(1, 400):  # the two learners never act: each runs out of time, or has left
        table.advance(step * 20.0)
        heard(step * 20.0)
        if step == 30:
            table.leave(2, now=step * 20.0)
            heard(step * 20.0)
        if step == 60:
            table.pause(step * 20.0)
            heard(step * 20.0)
            table.resume(step * 20.0)
            heard(step * 20.0)
            table.sit(2, "Bo", now=step * 20.0)
            heard(step * 20.0)
    table.end(24_000.0)
    heard(24_000.0)
    codes = {info["notice_said"]["code"] for info in said}
    assert len(codes) >= 8 and codes <= set(NOTICES), codes
    for info in said:
        spanish, english = notice(info, "es"), notice(info)
        assert english == info["notice"]  # the English beside the code, for pages of an older pokerlab
        assert spanish != english and english_left([spanish], "es") == [], english
        assert notice({"notice": english}, "es") == spanish  # what an older dealer sent, read back
    assert notice({"notice": "Something new."}, "es") == "Something new."  # English no code made stays as it is
    assert notice({"notice": ""}, "es") == notice({}, "es") == ""
    assert all(lang.gettext("es", message) != message for message in NOTICES.values())


def test_the_live_tables_page_in_spanish_shows_no_english() -> None:
    page = LiveTablesApp(client=NoDealer(), language="es")  # type: ignore[arg-type]
    seen = list(panel_texts(page.table.lobby))
    assert page.table.title == "Mesas en directo"
    page.show_lobby()
    seen += panel_texts(page.table.lobby)
    page._app_button("teacher", None, {})
    seen += panel_texts(page.table.lobby)
    page.teacher = True
    page.teacher_lobby()
    seen += panel_texts(page.table.lobby)
    page.teacher = False

    table = LiveTable("K7Q2MX", TableSettings(game="saloon-draw", seats=3, bot_level=1), seed=4, bot_seconds=1.0)
    page._on_view(table.view_for(1, now=0.0))  # nobody dealt in yet: waiting
    assert page.table.lobby["heading"] == "Mesa K7Q2MX: esperando"
    seen += panel_texts(page.table.lobby)
    table.sit(1, "Ann", now=0.0)
    table.advance(0.0)
    table.sit(2, "Bo", now=0.0)
    page._on_view(table.view_for(2, now=0.0))  # sat down during a hand: watching it
    seen += [*panel_texts(page.table.lobby), *panel_texts(page.table.side)]
    names = [row[1] for row in page.table.side["tables"][0]["rows"]]
    assert "(ordenador)" in " ".join(names) and "(computer)" not in " ".join(names), names
    payload = live_payload(table.view_for(1, now=0.0), True, "es")
    assert payload["standings"] and all("(computer)" not in row["name"] for row in payload["standings"])
    assert payload["live"]["notice"] == "Bo se sienta en el asiento 2."
    seen += [payload["live"]["notice"], *panel_texts(watch_panel(table.view_for(None, now=0.0), "es"))]
    assert english_left(seen, "es") == [], english_left(seen, "es")
    assert describe(TableSettings(game="saloon-draw"), "es") == (
        "Póquer de salón, 6 asientos, ante de 5 $, apuestas de 5 $ a 15 $ y después de 5 $ a 25 $; rivales del "
        "ordenador: Tight Tess; 30 s para jugar")
    assert describe(TableSettings(game="saloon-draw")) == (
        "Saloon Draw, 6 seats, ante $5, bets $5-$15 then $5-$25; computer opponents: Tight Tess; 30 s to act")
    send(page.table, {"type": "language", "language": "en"})  # the learner switches: the page says it again
    assert page.table.lobby["heading"].startswith("Table K7Q2MX")


def test_a_saloon_game_continued_after_a_reload_is_offered_in_spanish() -> None:
    first = SaloonApp(seed=3, learner="Dana", language="es")
    send(first.table, {"type": "start", "fields": {}})
    first.table.skip()
    again = SaloonApp(seed=3, learner="Dana", language="es")  # the page reloaded: the game is kept
    lobby = again.table.lobby
    assert lobby["heading"] == "Póquer de salón: hola de nuevo, Dana"
    continued = lobby["buttons"][0]["label"]
    assert continued.startswith("Seguir tu partida (mano 1, ") and continued.endswith(" $)"), continued
    seen = list(panel_texts(lobby))
    send(again.table, {"type": "language", "language": "en"})  # asked again in the language picked
    assert again.table.lobby["heading"] == "Saloon Draw: welcome back, Dana"
    send(again.table, {"type": "language", "language": "es"})
    assert again.table.lobby["buttons"][0]["label"] == continued
    send(again.table, {"type": "app", "id": "continue"})
    assert again.table.message.startswith("De vuelta a tu partida: mano 1, ")
    seen.append(again.table.message)
    send(first.table, passive(first.table.table))  # the old page tries to act: it lost the game to the second
    seen += panel_texts(first.table.lobby)
    assert first.table.lobby["paragraphs"][0] == "Esta partida sigue en tu otra pestaña."
    assert english_left(seen, "es") == []
    assert shared_panels.progress_words("hand 4, $1,235", "es") == "mano 4, 1.235 $"
    assert shared_panels.progress_words("hand 4, 1,235 chips", "es") == "mano 4, 1.235 fichas"
    assert shared_panels.progress_words("level 2, hand 3 of 10, 480 chips", "es") == "nivel 2, mano 3 de 10, 480 fichas"
    assert shared_panels.progress_words("hand 4, $1,235") == "hand 4, $1,235"
    english = shared_panels.continue_panel("Saloon Draw", "Dana", "hand 4, $1,235")
    assert english["heading"] == "Saloon Draw: welcome back, Dana"
    assert english["buttons"][0]["label"] == "Continue your game (hand 4, $1,235)"


def test_a_live_tables_open_review_is_said_again_when_the_learner_changes_the_language() -> None:
    from pokerlab.draw import Action
    from tests.widgets.test_table_language import review_texts

    table = LiveTable("K7Q2MX", TableSettings(seats=3, bot_level=1), seed=4, bot_seconds=1.0)
    table.sit(1, "Ann", now=0.0)
    now, view = 0.0, table.view_for(1, now=0.0)
    while view.get("phase") != "over" and now < 200:  # Ann checks, calls and stands pat; the computer plays on
        if view.get("is_my_turn"):
            kinds = [offer.kind for offer in table.match.hand.legal_actions()]
            table.act(1, Action(next((kind for kind in kinds if kind.value in ("check", "call", "draw")), kinds[0])),
                      now=now)
        now += 2.0
        table.advance(now)
        view = table.view_for(1, now=now)
    page = LiveTablesApp(client=NoDealer())  # type: ignore[arg-type]
    page._on_view(view)
    page.toggle_review()
    english = page.table.review
    assert english["heading"] == "Your decisions in hand 1" and english["items"]
    send(page.table, {"type": "language", "language": "es"})
    spanish = page.table.review
    assert spanish["heading"] == "Tus decisiones en la mano 1" and len(spanish["items"]) == len(english["items"])
    assert english_left(review_texts(spanish), "es") == [], english_left(review_texts(spanish), "es")
