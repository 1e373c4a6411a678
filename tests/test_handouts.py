"""The printable handouts (python -m pokerlab.lessons.handouts) say what the engine says: the hand counts,
the limits and caps of each game, the Four Rows chart and the quiz answer keys are read back from the HTML
and compared with the engine's data, and every page is one well-formed, self-contained document."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pokerlab.draw import five_card_draw, ladder, saloon_draw
from pokerlab.hand_values import HandCategory
from pokerlab.hands import category_counts
from pokerlab.ladder import LEVELS as LADDER_LEVELS
from pokerlab.lessons.handouts import QUIZ_SHEETS, _questions, main, write_handouts
from pokerlab.rows.rules import MULTIPLIER_TENTHS
from pokerlab.rows.scoring import ScoringType

VOID = {"meta", "br", "img", "hr", "link", "input"}


class Page(HTMLParser):
    """Checks that tags nest and close, and collects table rows as text and outside links."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.text: list[str] = []
        self.outside: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value and re.match(r"https?:", value):
                self.outside.append(value)
        if tag in VOID:
            return
        self.open.append(tag)
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1] if self.open else None}>"
        self.open.pop()
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self.cell is not None:
            self.cell.append(data)


def read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    assert not page.open, f"{path.name}: unclosed {page.open}"
    assert not page.outside, f"{path.name} needs the network: {page.outside}"
    return page


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("handouts")
    write_handouts(out, seed=4, question_count=6)
    return out


def test_every_handout_is_a_well_formed_page_for_print(handouts: Path) -> None:
    names = {path.name for path in handouts.iterdir()}
    assert {"hand-rankings.html", "money-rules.html", "four-rows-scoring.html"} <= names
    for sheet in QUIZ_SHEETS:
        assert {f"quiz-{sheet.slug}.html", f"answers-{sheet.slug}.html"} <= names
    for path in handouts.iterdir():
        text = path.read_text(encoding="utf-8")
        assert text.startswith("<!DOCTYPE html>") and "@media print" in text
        read(path)


def test_hand_rankings_are_in_order_with_the_engines_counts(handouts: Path) -> None:
    rows = read(handouts / "hand-rankings.html").rows[1:]
    counts = category_counts()
    assert [row[1] for row in rows] == [kind.label for kind in sorted(HandCategory, reverse=True)]
    assert [int(row[3].replace(",", "")) for row in rows] == [counts[kind] for kind in sorted(HandCategory, reverse=True)]


def test_money_rules_are_the_rules_presets(handouts: Path) -> None:
    rows = {row[0]: row for row in read(handouts / "money-rules.html").rows[1:4]}
    five, saloon, climb = five_card_draw(), saloon_draw(), ladder()
    assert rows["Five-Card Draw"][2:4] == [f"exactly {five.limits[0][0]}", f"exactly {five.limits[1][0]}"]
    assert rows["Five-Card Draw"][4].startswith(f"a bet and {five.bet_cap - 1} raises")
    assert rows["Saloon Draw"][2] == f"${saloon.limits[0][0]} to ${saloon.limits[0][1]}, in steps of ${saloon.step}"
    assert rows["Saloon Draw"][5].startswith("no") and rows["Five-Card Draw"][5].startswith("yes")
    assert rows["Tournament Ladder"][6] == f"up to {climb.max_discards}"
    levels = read(handouts / "money-rules.html").rows[-len(LADDER_LEVELS):]
    assert [[int(cell.replace(",", "")) for cell in row] for row in levels] == [
        [level.number, level.hand_count, level.cost, level.award] for level in LADDER_LEVELS]


def test_four_rows_chart_and_multipliers_are_the_engines(handouts: Path) -> None:
    rows = read(handouts / "four-rows-scoring.html").rows
    chart = {row[0]: row[1] for row in rows if len(row) == 3}
    assert all(chart[kind.label] == str(kind.points) for kind in ScoringType)
    multipliers = [row[1] for row in rows if len(row) == 2][1:]
    assert multipliers == [f"{tenths / 10:.1f}x" for tenths in MULTIPLIER_TENTHS]


@pytest.mark.parametrize("sheet", QUIZ_SHEETS, ids=lambda sheet: sheet.slug)
def test_each_answer_key_gives_the_engines_answer_to_its_sheets_questions(handouts: Path, sheet) -> None:  # noqa: ANN001
    questions = _questions(sheet, seed=4, count=6)
    sheet_text = "".join(read(handouts / f"quiz-{sheet.slug}.html").text)
    key_text = "".join(read(handouts / f"answers-{sheet.slug}.html").text)
    for question in questions:
        assert question.prompt in sheet_text
        assert question.explanation not in sheet_text  # the sheet has no answers on it
        letter = "ABCDEFGH"[question.answer]
        assert f"({letter}) {question.choices[question.answer]}: {question.explanation}" in key_text
        for index, mistake in enumerate(question.mistakes):
            if mistake:
                assert f"({'ABCDEFGH'[index]}) {mistake}" in key_text


def test_the_command_writes_the_files_and_refuses_a_bad_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--out", str(tmp_path / "out"), "--questions", "2"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(list((tmp_path / "out").iterdir())) == 3 + 2 * len(QUIZ_SHEETS)
    with pytest.raises(SystemExit):
        main(["--out", str(tmp_path), "--questions", "0"])


def test_how_often_tells_one_pair_from_high_card() -> None:
    """Issue 28: both read "1 in 2" to the nearest whole number; one pair is 42.26% of hands, high card 50.12%."""
    from math import comb

    from pokerlab.lessons.handouts import hand_rankings

    one_pair, high_card, total = 13 * comb(4, 2) * comb(12, 3) * 4**3, (comb(13, 5) - 10) * (4**5 - 4), comb(52, 5)
    assert (f"{one_pair / total:.2%}", f"{high_card / total:.2%}") == ("42.26%", "50.12%")
    page = hand_rankings()
    assert f"1 in {total / one_pair:.1f}" == "1 in 2.4" and "1 in 2.4" in page
    assert f"1 in {total / high_card:.1f}" == "1 in 2.0" and "1 in 2.0" in page
