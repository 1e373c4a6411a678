"""Every refusal of the PHH reader and writer is a catalogue message said in the reader's language
(issue 27): each has a Spanish entry with the same places and is said in Spanish with its values filled,
and no refusal is raised in English only (the package's source is read for raises that bypass the table)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pokerlab import language as lang
from pokerlab.draw import Action, HandState, five_card_draw
from pokerlab.draw.errors import IllegalActionError
from pokerlab.phh import MESSAGES, PhhError, from_phh, read_hand, refusals, to_phh
from tests.i18n import english_left

PACKAGE = Path(refusals.__file__).parent
PLACE = re.compile(r"\{(\w+)\}")
CODES = {name: value for name, value in vars(refusals).items() if name.isupper() and value in MESSAGES}


def test_the_table_names_every_message_once() -> None:
    assert len(set(MESSAGES)) == len(MESSAGES) == len(CODES)


@pytest.mark.parametrize("name", sorted(CODES))
def test_every_refusal_is_said_in_spanish_with_its_values(name: str) -> None:
    message = CODES[name]
    spanish = lang.gettext("es", message)
    assert spanish != message, f"{name} has no Spanish entry"
    assert set(PLACE.findall(spanish)) == set(PLACE.findall(message))
    values = {place: f"<{place}>" for place in PLACE.findall(message)}
    error = PhhError(message, **values)
    said = error.text("es")
    assert str(error) == message.format(**values) and error.text("en") == str(error)
    assert said == spanish.format(**values) and "{" not in said
    assert all(value in said for value in values.values())
    assert english_left([re.sub(r"<\w+>", "", said)], "es") == [], said


def test_values_are_said_in_the_language_too() -> None:
    """A number as the language writes it, a game's name from the catalogue, an engine refusal through
    the sayer the page gives (narration's sentence)."""
    assert PhhError(refusals.NO_BETS, small_bet=1000, big_bet=2000).text("es").endswith("son 1.000 y 2.000.")
    said = PhhError(refusals.OTHER_RULES, game=refusals.Phrase("Saloon Draw")).text("es")
    assert "Póquer de salón" in said and "Saloon" not in said
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=1)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Action.raise_to(15))
    error = PhhError(refusals.BREAKS_RULES, action="'p1 cbr 15'", refusal=refused.value)
    assert str(error) == f"The action 'p1 cbr 15' breaks rule book 002: {refused.value}"
    assert error.text("es", lambda engine: "<engine's refusal>").endswith("reglamento 002: <engine's refusal>")


def bypasses(tree: ast.AST) -> tuple[list[str], set[str]]:
    """The raises and PhhError(...) of ``tree`` that do not go through the table (as source), and the
    table's names they use."""
    wrong: list[str] = []
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            call = node.exc
            if not (isinstance(call, ast.Call) and getattr(call.func, "id", "") in ("PhhError", "not_toml")):
                wrong.append(ast.unparse(node))
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "PhhError":
            first = node.args[0] if node.args else None
            codes = [first] if isinstance(first, ast.Name) else (
                [first.body, first.orelse] if isinstance(first, ast.IfExp) else [])
            if (not codes or not all(isinstance(code, ast.Name) and code.id in CODES for code in codes)
                    or len(node.args) != 1 or not all(keyword.arg for keyword in node.keywords)):
                wrong.append(ast.unparse(node))
            else:
                used.update(code.id for code in codes)  # type: ignore[union-attr]
    return wrong, used


def test_no_refusal_is_raised_in_english_only() -> None:
    """Each raise in pokerlab/phh raises a PhhError made from a name of the table (or not_toml's), never
    a sentence written in place, an f-string or a formatted message; every name of the table is used."""
    used: set[str] = set()
    for path in sorted(PACKAGE.glob("*.py")):
        wrong, names = bypasses(ast.parse(path.read_text(encoding="utf-8")))
        assert wrong == [], f"{path.name} raises refusals in English only"
        used |= names
    assert used | {"NOTHING_PASTED"} == set(CODES)  # NOTHING_PASTED: My hands' import, before reading


@pytest.mark.parametrize("source", [
    'raise PhhError(f"The action {line!r} is out of turn.")', 'raise PhhError("Seats: bad.")',
    "raise PhhError(DEALT_TWICE.format(card=card))", 'raise ValueError("bad seats")',
    "raise PhhError(DEALT_TWICE, f'{card}')"])
def test_the_scan_finds_an_english_only_raise(source: str) -> None:
    assert len(bypasses(ast.parse(source))[0]) == 1


TWO_PLAYERS = ["variant = 'F5CD'", "antes = [5, 5]", "blinds_or_straddles = [0, 0]", "small_bet = 10", "big_bet = 20",
               "starting_stacks = [500, 500]"]


@pytest.mark.parametrize(("lines", "code", "spanish"), [
    (["actions = ['d dh p1 AsKsQsJsTs', 'd dh p2 AhKhQhJhTh', 'p2 cc']"], "OUT_OF_TURN",
     "La acción 'p2 cc' no va en su turno: para pokerlab, ahora le toca a p1."),
    (["actions = ['d dh p1 AsKsQsJsTs', 'd dh p2 AsKhQhJhTh', 'p1 cc']"], "DEALT_TWICE",
     "En este archivo la carta As se reparte dos veces antes de que se acabe el mazo."),
    (["finishing_stacks = [600, 400]", "actions = ['d dh p1 AsKsQsJsTs', 'd dh p2 2h3h4h5h7d', 'p1 cc', 'p2 cc',",
      "'p1 sd', 'p2 sd', 'p1 cc', 'p2 cc', 'p1 sm AsKsQsJsTs', 'p2 sm 2h3h4h5h7d']"], "OTHER_STACKS",
     "Las fichas finales del archivo, [600, 400], no son las que da el reglamento 002 para estas acciones "
     "([505, 495])."),
    (["actions = ['d dh p1 AsKsQsJsTs', 'd dh p2 AhKhQhJhXx', 'p1 cc']"], "NOT_A_CARD",
     "La acción 'd dh p2 AhKhQhJhXx' tiene cartas que pokerlab no sabe leer: 'Xx' no es una carta."),
    (["seat_count = 9", "actions = ['d dh p1 AsKsQsJsTs', 'd dh p2 AhKhQhJhTh', 'p1 cc']"], "SEAT_COUNT",
     "Una mesa de póquer cerrado tiene de 2 a 8 jugadores; el seat_count de este archivo es 9."),
])
def test_a_rare_refusal_of_a_real_file_is_said_in_spanish(lines: list[str], code: str, spanish: str) -> None:
    text = "\n".join(TWO_PLAYERS + lines)
    with pytest.raises(PhhError) as refused:
        read_hand(text, player=1)
    assert refused.value.message == CODES[code]
    assert refused.value.text("es") == spanish
    assert english_left([spanish], "es") == []


def test_the_toml_parsers_detail_is_where_and_a_quoted_gloss() -> None:
    with pytest.raises(PhhError) as refused:
        from_phh("variant = 'F5CD'\nantes = [5, 5]\nsmall_bet = ten\n")
    assert refused.value.message == refusals.NOT_TOML_AT
    assert refused.value.values == {"line": 3, "column": 13, "detail": "Invalid value"}
    assert refused.value.text("es") == ("Esto no es un archivo PHH: no es TOML válido en la línea 3, columna 13 (el "
                                        "lector de TOML dice «Invalid value»).")
    with pytest.raises(PhhError) as refused:
        from_phh("variant = 'F5CD")
    assert refused.value.message == refusals.NOT_TOML_END and "Expected" in refused.value.values["detail"]


def test_the_writers_refusals_are_phh_errors_in_spanish() -> None:
    state = HandState(five_card_draw(player_count=2), [500, 500], dealer=1, rng=1)
    for action in (Action.check(), Action.check(), Action.stand_pat(), Action.stand_pat(), Action.check(),
                   Action.check()):
        state.apply(action)
    with pytest.raises(PhhError) as refused:
        to_phh(state, fields={"colour": "red"})
    assert refused.value.text("es").startswith("to_phh añade campos PHH opcionales (day, event,")
    with pytest.raises(PhhError) as refused:
        to_phh(state, fields={"players": ["Ann"]})
    assert refused.value.text("es") == "'players' necesita un nombre para cada uno de los 2 asientos."
