"""docs/rule-coverage.md cannot rot: every fragment quotes its rule book, every sentence of all four rule
books (000, 002, 003, 004) is quoted by a row, every notebook heading and test function it names exists,
and no row is missing its teaching or its check (a sentence no lesson teaches, or no test can check, must
say why)."""

from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "docs" / "rule-coverage.md"
RULES = ROOT.parent / "shared" / "rules"
BOOKS = {"000": "000_7a644c6f08ea8a11.txt", "002": "002_7892cfbcfdef1498.txt", "003": "003_8088e586a8dd323c.txt",
         "004": "004_5c924f2b702685cc.txt"}
NOTEBOOK_REF = re.compile(r"(\d\d[a-z]?-[\w-]+\.ipynb) § ([^;|]+)")
TEST_REF = re.compile(r"(tests/[\w/]+\.py)::(\w+)")
ROW = re.compile(r"^\| (000|002|003|004|D[1-9]) \| `([^`]+)` \| ([^|]+) \| ([^|]+) \|$")
NOT_TESTABLE = re.compile(r"^not testable: (commentary|advice)\b.{20,}")
NOT_TAUGHT = re.compile(r"^not taught(?: yet)?: .{20,}")


def normal(text: str) -> str:
    return " ".join(text.split())


def rows() -> list[tuple[str, str, str, str]]:
    """The table's rows; a fragment's ``\\|`` (a pipe of a rule book's own table, escaped for Markdown) reads as ``|``."""
    found = [ROW.match(line).groups() for line in TABLE.read_text(encoding="utf-8").splitlines() if ROW.match(line)]
    found = [(source, fragment.replace("\\|", "|"), taught, checked) for source, fragment, taught, checked in found]
    assert found, "no table rows found in docs/rule-coverage.md"
    return found


def book_text(source: str) -> str:
    name = BOOKS.get(source, "README.md")
    path = RULES / name
    if not path.exists():
        pytest.skip(f"the rule books are not next to the checkout ({path})")
    return normal(path.read_text(encoding="utf-8"))


def sentences(source: str) -> list[str]:
    """The rule book cut at line ends and after . ! ? ; a piece counts as a sentence if it has four
    words or more, or three ending in a full stop ("Nothing is dragged."). Shorter pieces are
    headings ("On a phone"), list numbers and lobby labels ("Ante.", "5.")."""
    path = RULES / BOOKS[source]
    if not path.exists():
        pytest.skip(f"the rule books are not next to the checkout ({path})")
    pieces = []
    for line in path.read_text(encoding="utf-8").splitlines():
        pieces += re.split(r"(?<=[.!?])\s+", line.strip())
    return [normal(piece) for piece in pieces
            if len(piece.split()) >= 4 or (len(piece.split()) == 3 and piece.endswith((".", "!", "?")))]


@cache
def headings(notebook: str) -> set[str]:
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    lines = ("".join(cell["source"]).splitlines() for cell in cells if cell["cell_type"] == "markdown")
    return {line.lstrip("#").strip() for block in lines for line in block if line.startswith("#")}


@cache
def functions_in(path: str) -> set[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_every_fragment_quotes_its_rule_book_word_for_word() -> None:
    for source, fragment, _, _ in rows():
        assert normal(fragment) in book_text(source), f"{source}: {fragment!r} is not in the rule book"


@pytest.mark.parametrize("source", sorted(BOOKS))
def test_every_sentence_of_the_rule_book_has_a_row(source: str) -> None:
    fragments = [normal(fragment) for book, fragment, _, _ in rows() if book == source]
    uncovered = [s for s in sentences(source) if not any(f in s or s in f for f in fragments)]
    assert not uncovered, f"sentences of {source} with no row:\n" + "\n".join(uncovered)


def test_every_decision_has_a_row() -> None:
    assert {source for source, *_ in rows() if source.startswith("D")} == {f"D{n}" for n in range(1, 10)}


def test_every_notebook_and_heading_named_exists() -> None:
    for source, fragment, taught, _ in rows():
        references = NOTEBOOK_REF.findall(taught)
        assert references or NOT_TAUGHT.match(taught.strip()), (
            f"{fragment!r}: 'taught in' must name a notebook heading or say 'not taught:' / 'not taught yet:' and why; "
            f"got {taught.strip()!r}")
        for notebook, heading in references:
            assert (ROOT / "notebooks" / notebook).exists(), f"{fragment!r}: no notebook {notebook}"
            assert heading.strip() in headings(notebook), f"{fragment!r}: {notebook} has no heading {heading.strip()!r}"


def test_every_test_named_exists() -> None:
    for source, fragment, _, checked in rows():
        references = TEST_REF.findall(checked)
        assert references or NOT_TESTABLE.match(checked.strip()), (
            f"{fragment!r}: 'checked by' must name tests or say 'not testable: commentary/advice' and why; "
            f"got {checked.strip()!r}")
        for path, name in references:
            assert (ROOT / path).exists(), f"{fragment!r}: no test file {path}"
            assert name in functions_in(path), f"{fragment!r}: {path} has no test {name}"


def test_no_row_is_missing_its_teaching_or_its_check() -> None:
    gaps = [f"{source} {fragment!r}" for source, fragment, taught, checked in rows()
            if "missing" in (taught.strip(), checked.strip())]
    assert not gaps, "rows still marked missing:\n" + "\n".join(gaps)


@pytest.mark.parametrize("source", ["000", "004"])
def test_the_solitaire_and_the_ladder_books_are_mapped_too(source: str) -> None:
    """Issue 28: the table covered only 002 and 003; 000 and 004 have rows of their own."""
    assert sum(1 for book, *_ in rows() if book == source) >= len(sentences(source)) // 2


def test_000_one_raise_chip_at_a_time_per_row_is_taught_in_four_rows() -> None:
    """Issue 28: rule book 000's "one raise chip at a time per row" was never taught."""
    row = next(row for row in rows() if row[0] == "000" and "one Raise Chip at a time" in row[1])
    assert "07-four-rows.ipynb" in row[2]
    cells = json.loads((ROOT / "notebooks" / "07-four-rows.ipynb").read_text(encoding="utf-8"))["cells"]
    text = " ".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    assert re.search(r"only one (raise )?chip at a time", normal(text), re.IGNORECASE), (
        "07 does not say a row holds only one raise chip at a time")
