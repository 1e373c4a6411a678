"""Four Rows in Spanish (issue 27): the engine's events and refusals, the board's texts and the app's
messages in the board's language; English exactly as before."""

from __future__ import annotations

import pytest

from pokerlab.rows.clocks import ManualClock
from pokerlab.rows.errors import RowsError
from pokerlab.rows.game import FourRows
from pokerlab.rows.hint import HintBot
from pokerlab.rows.scoring import ScoringType
from pokerlab.widgets.apps_four_rows import FourRowsApp
from pokerlab.widgets.four_rows import FourRowsWidget, board_of, practice_number
from tests.i18n import english_left
from tests.rows.rows_helpers import game_with
from tests.widgets.recording import install


def move(kind: str, row: int) -> dict:
    return {"type": "move", "kind": kind, "row": row}


def test_the_engine_says_its_events_and_refusals_in_english_as_before_and_in_spanish() -> None:
    game = game_with("9h 9d 9s 2c 2d 5c 7h")
    events = [*game.apply("R1"), *(event for _ in range(5) for event in game.apply("P1")), *game.apply("P2")]
    assert [event.text for event in events] == [
        "Raise chip on row 1: 2.0x.", "9♥ goes to row 1.", "9♦ goes to row 1.", "9♠ goes to row 1.", "2♣ goes to row 1.",
        "2♦ goes to row 1.", "Row 1: Full house, +700 points.", "5♣ goes to row 2."]
    assert [event.words("es") for event in events][-2:] == ["Fila 1: Full, +700 puntos.", "5♣ va a la fila 2."]
    assert events[0].words("es") == "Ficha de subida en la fila 1: 2,0x." and events[0].words() == events[0].text
    game.apply("R2")
    with pytest.raises(RowsError) as refused:
        game.apply("R2")
    assert str(refused.value) == ("Row 2 already has a raise chip (1.8x); a row holds one chip at a time. "
                                  "Rows without a chip: 1, 3, 4.")
    assert refused.value.words("es") == ("La fila 2 ya tiene una ficha de subida (1,8x); cada fila lleva una sola ficha "
                                         "a la vez. Filas sin ficha: 1, 3, 4.")
    with pytest.raises(RowsError) as refused:
        game.apply("F3")
    assert str(refused.value).endswith("Foldable now: 2.") and refused.value.words("es").endswith("retirar ahora: 2.")
    with pytest.raises(RowsError) as refused:
        game.apply("X9")
    assert str(refused.value) == "Unknown move 'X9': write P, R or F (place, raise, fold) and a row 1-4, e.g. 'P3'."
    with pytest.raises(ValueError) as bad:
        practice_number("0")
    assert str(bad.value) == "A practice deal is a whole number from 1 to 999999, not '0'."
    assert bad.value.words("es") == "Un reparto de práctica es un número entero del 1 al 999.999, no '0'."  # type: ignore[attr-defined]
    assert [kind.label for kind in ScoringType][:3] == ["Pair", "Two pair", "Three of a kind"]


def test_a_whole_game_in_spanish_shows_no_english(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(seed=7, paused_clock=True, language="es")
    seen: list[str] = []

    def send(content: dict) -> None:
        widget._on_message(widget, content, None)
        seen.append(widget.message)

    for content in ({"type": "hint"}, move("fold", 1), move("raise", 1), move("raise", 1), {"type": "new", "practice": "x"},
                    {"type": "move", "kind": "jump", "row": 1}):
        send(content)
    while not widget.game.is_over:
        send({"type": "hint"})
        send(move(widget.hint["action"], widget.hint["row"]))
    send({"type": "hint"})
    send(move("place", 1))
    board = widget.board
    seen += [line["label"] for line in board["chart"]] + [line["type"] for line in board["sheet"]] + [board["end_text"]]
    assert board["nothing"] == {"label": "Nada", "points": "−50"} and [line["key"] for line in board["chart"]][-1] == "Pair"
    assert english_left(seen, "es") == [], english_left(seen, "es")
    assert any(text.startswith("Pista: ") for text in seen) and any("Fin de la partida: " in text for text in seen)
    assert "Fila 1 está vacía" not in seen[1] and seen[1].startswith("La fila 1 está vacía")


def test_the_board_sends_chips_and_the_nothing_row_written_in_its_language() -> None:
    """Issue 31: the script only draws; the multiplier comes written with the page's decimal mark
    and the Nothing row's points from the engine's scoring table."""
    game = game_with("8h 8c Ks 5d 2c 3h")
    game.place(1)
    game.raise_chip(1)
    game.raise_chip(2)
    english, spanish = board_of(game.view()), board_of(game.view(), language="es")
    assert [row["chip"] for row in english["rows"]] == ["1.8", "2.0", None, None]
    assert [row["chip"] for row in spanish["rows"]] == ["1,8", "2,0", None, None]
    for _ in range(4):
        game.place(1)
    assert [line["chip"] for line in board_of(game.view(), language="es")["sheet"]] == ["1,8"]
    assert board_of(game.view())["sheet"][0]["points"] == 180
    assert english["nothing"] == {"label": "Nothing", "points": "−50"}
    assert "decimal" not in english


def test_english_hints_and_deals_read_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    widget = FourRowsWidget(seed=7, paused_clock=True)
    widget._on_message(widget, {"type": "hint"}, None)
    action = HintBot(seed=7).choose(FourRows(7, ManualClock()).view())
    words = {"place": "Place the card in", "raise": "Put a raise chip on", "fold": "Fold"}
    assert widget.message == f"Hint: {words[action.kind]} row {action.row}."
    widget._on_message(widget, {"type": "new", "practice": "12"}, None)
    assert widget.message == "Practice deal 12: the same cards for everyone who picks this number."
    assert widget.words == {} and widget.board["chart"][0]["label"] == "Royal flush"
    assert widget.board["nothing"] == {"label": "Nothing", "points": "−50"}


def test_the_browsers_languages_choose_unless_the_page_did(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, lambda data: None)
    app = FourRowsApp(learner="Rowan", paused_clock=True)
    app.board._on_message(app.board, {"type": "languages", "languages": ["es-MX", "en"]}, None)
    assert app.board.language == "es" and app.identity.language == "es"
    assert app.board.words["Deal it"] == "Repartir" and app.board.board["chart"][0]["label"] == "Escalera real"
    fixed = FourRowsApp(learner="Rowan", paused_clock=True, language="en")
    fixed.board._on_message(fixed.board, {"type": "languages", "languages": ["es"]}, None)
    assert fixed.board.language == "en"
    spanish = FourRowsApp(learner="Rowan", paused_clock=True, language="es")
    assert spanish.identity.language == "es" and spanish.identity.purpose.startswith("pokerlab guarda tu partida")
    assert spanish.board.message.startswith("Hola de nuevo: tu partida sigue (jugadas hechas: ")
