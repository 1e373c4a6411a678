"""Each lesson in another language (``notebooks/<code>/``) stays in step with its English twin (issue 27):
the same cells in the same order, the same code, the same widgets; only the prose is translated and the
apps, pictures and checks are told the page's language, and what they show is in it. Voilà renders a notebook's markdown before its kernel runs, so a
lesson exists once per language and this check is what keeps the copies one lesson."""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import nbformat
import pytest

from pokerlab.language import LANGUAGES
from tests.i18n import PLACE, english_left

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TWINS = sorted((language, path) for language in LANGUAGES[1:] for path in (NOTEBOOKS / language).glob("*.ipynb"))
LANGUAGE_SETTING = re.compile(r'language="(\w+)"')
SPEAKERS = {"HandStepper", "HandBuilder", "show_showdown", "showdown_check", "kind_check", "agree", "card_table",
            "pot_diagram_for", "Trainer", "Coach", "Quiz", "LessonProgress", "say_again", "in_words",
            "class_game_page", "my_hands_page", "TeacherBoard"}
"""Calls that show words and take the page's language (besides every app, ``...App(...)``)."""


def _speaking_calls(source: str) -> list[ast.Call]:
    """The calls in a code cell that show words: an app, or one of :data:`SPEAKERS`."""
    calls = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in SPEAKERS or name.endswith("App"):
                calls.append(node)
    return calls


def test_there_is_a_translated_lesson() -> None:
    assert ("es", NOTEBOOKS / "es" / "05-five-card-draw.ipynb") in TWINS


def _without_setting(source: str, language: str) -> str:
    """A code cell as its English twin reads: the page's language setting taken out."""
    assert set(LANGUAGE_SETTING.findall(source)) <= {language}, source
    return source.replace(f', language="{language}"', "").replace(f'language="{language}"', "")


def _twin_link(link: str, language: str) -> str:
    """Where an English lesson's link goes from its translation: the translated page beside it when
    there is one, else the English page one folder up."""
    if link.startswith(("http", "#")):
        return link
    page = link.split("#")[0]
    return link if (NOTEBOOKS / language / page).exists() else f"../{link}"


@pytest.mark.parametrize(("language", "path"), TWINS, ids=[f"{lang}/{path.name}" for lang, path in TWINS])
def test_a_translated_lesson_has_the_same_cells_and_code_as_its_english_twin(language: str, path: Path) -> None:
    english = nbformat.read(NOTEBOOKS / path.name, as_version=4).cells
    translated = nbformat.read(path, as_version=4).cells
    assert [cell.cell_type for cell in translated] == [cell.cell_type for cell in english]
    for mine, theirs in zip(translated, english):
        assert mine.get("metadata", {}) == theirs.get("metadata", {})
        if mine.cell_type == "code":
            assert _without_setting(mine.source, language) == theirs.source
            # every app, picture and check that shows words is told the page's language (a hidden
            # check cell, tagged "check", shows nothing: it asserts the text's examples for the tests)
            hidden = "check" in mine.get("metadata", {}).get("tags", [])
            for call in [] if hidden else _speaking_calls(mine.source):
                told = [keyword.value for keyword in call.keywords if keyword.arg == "language"]
                assert told and isinstance(told[0], ast.Constant) and told[0].value == language, ast.unparse(call)
            assert not mine.get("outputs") and not mine.get("execution_count")
        else:
            assert mine.source != theirs.source, "a markdown cell left in English"
            # the same headings, links and numbers, in the same places
            assert len(re.findall(r"^#+ ", mine.source, re.M)) == len(re.findall(r"^#+ ", theirs.source, re.M))
            assert re.findall(r"\]\(([^)]+)\)", mine.source) == [
                _twin_link(link, language) for link in re.findall(r"\]\(([^)]+)\)", theirs.source)]
            assert re.findall(r"\d+", mine.source) == re.findall(r"\d+", theirs.source)


def test_the_translated_contents_page_leads_to_each_translated_lesson() -> None:
    for language in LANGUAGES[1:]:
        start = (NOTEBOOKS / language / "00-start-here.ipynb").read_text(encoding="utf-8")
        for path in (NOTEBOOKS / language).glob("[0-9][0-9]*-*.ipynb"):
            if path.name != "00-start-here.ipynb":
                assert f"]({path.name})" in start, path


def test_the_spanish_glossary_uses_the_translators_words() -> None:
    """Each entry of notebooks/es/10 named in docs/spanish-glossary.md ("Ciega (blind)") uses that table's
    Spanish, so the lessons and the glossary say the same thing the same way."""
    table: dict[str, list[str]] = {}
    for line in (NOTEBOOKS.parent / "docs" / "spanish-glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("| ") else []
        if len(cells) != 3 or cells[0] in ("English", "---"):
            continue
        english = re.sub(r" \(.*\)", "", cells[0]).split(" / ")
        spanish = [re.sub(r" \(.*\)", "", words) for words in cells[1].split(" / ")]
        for index, word in enumerate(english):
            table[word.lower()] = [part.strip().lower() for part in
                                   (spanish[index] if len(spanish) == len(english) else spanish[0]).split(";")]
    glossary = "".join(nbformat.read(NOTEBOOKS / "es" / "10-glossary.ipynb", as_version=4).cells[1].source)
    checked = []
    for heading in re.findall(r"^### (.+)$", glossary, re.M):
        named = re.fullmatch(r"(.+?) \((.+)\)", heading)
        spanish, english = (named.group(1), named.group(2)) if named else (heading, heading)
        if english.lower() in table:
            assert any(word in spanish.lower() for word in table[english.lower()]), (heading, table[english.lower()])
            checked.append(english)
    assert len(checked) >= 15, checked
# --- what a translated lesson shows -----------------------------------------------------------------

SHOWN_IN_TESTS = ("01-hand-rankings.ipynb", "02-tie-breaks.ipynb", "02a-how-a-hand-goes.ipynb",
                  "03-limits-and-the-cap.ipynb", "03a-all-ins-and-side-pots.ipynb", "04-draw-odds.ipynb",
                  "07-four-rows.ipynb", "08-tournament-ladder.ipynb")
"""Translated lessons whose code cells this test runs (in this process) to read everything they show."""
PRINTS_ENGLISH: set[str] = set()
"""Translated lessons whose code cells still ``print`` English lines of their own, left out of the reading
of what is printed (none now); the test fails once such a lesson prints no English, so an entry goes when
it is fixed."""
ENGLISH_WORDS = re.compile(r"\b(the|is|what|may|with|and|of|from|after|before|hands?|chips?|seat|wins?)\b", re.I)
"""Common English words: text the catalogue has never seen (a lesson's own English) is caught by them."""


def _run_cells(path: Path) -> list[object]:
    """Everything the code cells of ``path`` show, run one after another as a kernel would."""
    shown: list[object] = []
    namespace: dict[str, object] = {"display": lambda *values: shown.extend(values), "__name__": "__main__"}
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, str(path), "exec"), namespace)  # noqa: S102 - the lesson's own code
        if last is not None:
            value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)  # noqa: S307
            if value is not None:
                shown.append(value)
    return shown


def _texts(value: object) -> list[str]:
    """The text a shown value puts on the page, a line at a time (a widget's synced words included)."""
    name = type(value).__name__
    if name in ("VBox", "HBox", "Box"):
        return [line for child in value.children for line in _texts(child)]  # type: ignore[attr-defined]
    if name == "Button":
        return [value.description, value.tooltip or ""]  # type: ignore[attr-defined]
    if name == "Coach":
        # its JavaScript's words are templates the browser fills (tests/browser/test_spanish.py reads the panel)
        return [value.rules_text, value.opponent_draws_text, value.current, *value.categories]  # type: ignore[attr-defined]
    if type(getattr(value, "table", None)).__name__ == "DrawTable":  # a game's page: its identity line and table
        table, identity = value.table, value.identity  # type: ignore[attr-defined]
        panel = [table.lobby.get("heading", ""), *table.lobby.get("paragraphs", ())]
        return [*panel, identity.purpose, *identity.words.values(), *table.words.values()]
    if name == "LessonProgress":
        identity = value.identity  # type: ignore[attr-defined]
        note = re.sub(r"<[^>]+>", "", value.note.value)  # type: ignore[attr-defined]
        return [note, *([identity.purpose, *identity.words.values()] if identity is not None else [])]
    if name == "Quiz":
        question = value.question  # type: ignore[attr-defined]
        hands = [hand["label"] for hand in question["hands"]]
        return [value.title, value.mastery, question["prompt"], *question["choices"], *question["details"], *hands,  # type: ignore[attr-defined]
                *value.words.values()]  # type: ignore[attr-defined]
    if name == "HandBuilder":
        return [value.value_a, value.value_b, value.explanation, value.message, *value.words.values()]  # type: ignore[attr-defined]
    if name == "HandStepper":
        lines: list[str] = []
        for number in range(value.count):  # type: ignore[attr-defined]
            value.go(number)  # type: ignore[attr-defined]
            step = value.step  # type: ignore[attr-defined]
            lines += [step["action"], *step["happened"], step["note"], *step["options"], step["cap"]["text"]]
            lines += [pot["reason"] for pot in (step["result"] or {}).get("pots", [])]
            lines += re.findall(r">([^<>]+)<", step["diagram"])
        for question in value.questions.values():  # type: ignore[attr-defined]
            lines += [question.prompt, *question.choices, *(question.feedback(n)["text"] for n in range(len(question.choices)))]
        return lines + list(value.words.values())  # type: ignore[attr-defined]
    page = value._repr_html_() if hasattr(value, "_repr_html_") else repr(value)
    page = re.sub(r"<title>.*?</title>", "", page)
    return [html.unescape(line) for line in re.split(r"<[^>]+>|\n", page) if line.strip()]


def _english(lines: list[str], language: str) -> list[str]:
    """The lines that are or hold English: catalogue messages, or common English words."""
    return english_left(lines, language) + [line for line in lines if ENGLISH_WORDS.search(PLACE.sub("", line))]


@pytest.mark.parametrize("name", SHOWN_IN_TESTS)
def test_a_translated_lesson_shows_and_prints_no_english(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    for language in LANGUAGES[1:]:
        path = NOTEBOOKS / language / name
        capsys.readouterr()
        lines = [line for value in _run_cells(path) for line in _texts(value)]
        printed = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
        assert len(lines) > 20, lines
        assert _english(lines, language) == []
        if name in PRINTS_ENGLISH:
            assert _english(printed, language), f"{name} prints no English now: take it off PRINTS_ENGLISH"
        else:
            assert _english(printed, language) == [], printed


def test_the_spanish_glossary_shows_nothing_from_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    """es/10 is left out of :data:`SHOWN_IN_TESTS` because its only code cell is a hidden check: it
    shows and prints nothing, so no English can come from it (this fails the day a cell shows something)."""
    assert _run_cells(NOTEBOOKS / "es" / "10-glossary.ipynb") == []
    assert capsys.readouterr().out == ""
