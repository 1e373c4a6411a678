"""Each lesson in another language (``notebooks/<code>/``) stays in step with its English twin (issue 27):
the same cells in the same order, the same code, the same widgets; only the prose is translated and the
apps are told the page's language. Voilà renders a notebook's markdown before its kernel runs, so a
lesson exists once per language and this check is what keeps the copies one lesson."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from pokerlab.language import LANGUAGES

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TWINS = sorted((language, path) for language in LANGUAGES[1:] for path in (NOTEBOOKS / language).glob("*.ipynb"))
LANGUAGE_SETTING = re.compile(r'language="(\w+)"')


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
    apps = 0
    for mine, theirs in zip(translated, english):
        assert mine.get("metadata", {}) == theirs.get("metadata", {})
        if mine.cell_type == "code":
            assert _without_setting(mine.source, language) == theirs.source
            apps += "App(" in mine.source and f'language="{language}"' in mine.source  # others may be told too (the coach)
            assert not mine.get("outputs") and not mine.get("execution_count")
        else:
            assert mine.source != theirs.source, "a markdown cell left in English"
            # the same headings, links and numbers, in the same places
            assert len(re.findall(r"^#+ ", mine.source, re.M)) == len(re.findall(r"^#+ ", theirs.source, re.M))
            assert re.findall(r"\]\(([^)]+)\)", mine.source) == [
                _twin_link(link, language) for link in re.findall(r"\]\(([^)]+)\)", theirs.source)]
            assert re.findall(r"\d+", mine.source) == re.findall(r"\d+", theirs.source)
    widgets = sum("App(" in cell.source for cell in english if cell.cell_type == "code")
    assert apps == widgets, "every app on the page is told the page's language"


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
