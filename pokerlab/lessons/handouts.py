"""Printable handouts for a class, generated from the engine's own data (so they can never disagree with
the games): the hand rankings with how often each hand is dealt, the betting and money rules of each
game, Four Rows scoring, and a question sheet with its answer key for every quiz.

Run ``python -m pokerlab.lessons.handouts --out handouts`` and print the HTML files from a browser (each
is one self-contained page with print styles; "Save as PDF" in the print dialog makes a PDF).

>>> import tempfile, pathlib
>>> written = write_handouts(pathlib.Path(tempfile.mkdtemp()), seed=1, question_count=2)
>>> sorted(path.name for path in written)[:3]
['answers-betting.html', 'answers-cap-and-order.html', 'answers-four-rows.html']
"""

from __future__ import annotations

import argparse
import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from pokerlab.cards import Card, parse_cards
from pokerlab.draw import Rules, five_card_draw, ladder, saloon_draw
from pokerlab.english_phrases import one_in
from pokerlab.hand_values import HAND_COUNT, HandCategory
from pokerlab.hands import category_counts
from pokerlab.ladder import LEVELS as LADDER_LEVELS
from pokerlab.ladder import STARTING_CHIPS
from pokerlab.lessons.examples import KIND_EXAMPLES
from pokerlab.match import SALOON_OUT_BELOW
from pokerlab.quizzes import (
    LEVELS,
    Question,
    QuizSession,
    betting_question,
    cap_and_order_question,
    hand_basics_question,
    ladder_question,
    row_score_question,
    tie_break_question,
)
from pokerlab.rows.rules import MULTIPLIER_TENTHS
from pokerlab.rows.scoring import CONTAINS, NOTHING_POINTS, ScoringType

__all__ = ["QUIZ_SHEETS", "QuizSheet", "main", "write_handouts"]

_STYLE: Final = """
body { font-family: Georgia, "Times New Roman", serif; max-width: 46rem; margin: 1.5rem auto; color: #111; }
h1 { font-size: 1.6rem; margin-bottom: 0.2rem; } h2 { font-size: 1.2rem; margin-top: 1.4rem; }
table { border-collapse: collapse; width: 100%; margin: 0.6rem 0; }
th, td { border: 1px solid #444; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
.card { font-family: "DejaVu Sans", Arial, sans-serif; font-weight: bold; white-space: nowrap; }
.red { color: #b00020; } .note { font-size: 0.9rem; color: #333; } .source { font-size: 0.8rem; color: #555; }
ol.questions > li { margin-bottom: 1rem; break-inside: avoid; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
@page { margin: 1.5cm; }
"""


def _cards(cards: Sequence[Card] | str) -> str:
    """Cards as printed text: rank and suit symbol, hearts and diamonds in red."""
    parsed = parse_cards(cards) if isinstance(cards, str) else list(cards)
    return " ".join(f'<span class="card{" red" if card.suit in (1, 2) else ""}">{html.escape(card.pretty)}</span>'
                    for card in parsed)


def _page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{html.escape(title)}</title>\n'
            f"<style>{_STYLE}</style>\n</head>\n<body>\n<h1>{html.escape(title)}</h1>\n{body}\n"
            '<p class="source">Made by pokerlab from the rules and data its games run on '
            "(python -m pokerlab.lessons.handouts).</p>\n</body>\n</html>\n")


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table; cells are HTML already (escape text before passing it)."""
    head = "".join(f"<th>{header}</th>" for header in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>\n" for row in rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n</table>"


def hand_rankings() -> str:
    """The nine kinds of hand, best first, an example of each and how many of the 2,598,960 hands."""
    counts = category_counts()
    rows = [[str(number), html.escape(kind.label), _cards(KIND_EXAMPLES[kind]), f"{counts[kind]:,}",
             one_in(counts[kind], HAND_COUNT)]
            for number, kind in enumerate(sorted(HandCategory, reverse=True), start=1)]
    body = (_table(["", "Hand", "Example", "Hands of this kind", "How often"], rows) +
            "<p>Aces are high, and low only in the wheel (A 2 3 4 5), the lowest straight. A straight never wraps "
            "around the ace (Q K A 2 3 is no straight). Same kind: compare what makes the hand, then the kickers, "
            "highest first. Suits never break a tie: equal hands split the pot.</p>")
    return _page("Poker hand rankings", body)


def _limits(rules: Rules, dollars: bool) -> list[str]:
    unit = "$" if dollars else ""
    return [f"exactly {unit}{low}" if low == high else f"{unit}{low} to {unit}{high}, in steps of {unit}{rules.step}"
            for low, high in rules.limits]


def money_rules() -> str:
    """The betting and money rules of Five-Card Draw, Saloon Draw and the Tournament Ladder, read from the
    rules presets the games run on."""
    five, blinds, saloon, climb = five_card_draw(), five_card_draw(forced_bet="blinds"), saloon_draw(), ladder()
    rows = []
    for name, rules, dollars in (("Five-Card Draw", five, False), ("Saloon Draw", saloon, True),
                                 ("Tournament Ladder", climb, False)):
        unit = "$" if dollars else ""
        before, after = _limits(rules, dollars)
        raises = rules.bet_cap - 1
        forced = f"ante {unit}{rules.ante}" + (
            f", or blinds {blinds.small_blind} and {blinds.big_blind}" if rules is five else "")
        rows.append([html.escape(name), html.escape(forced), html.escape(before), html.escape(after),
                     f"a bet and {raises} raises" + (f" (over a big blind: {blinds.bet_cap} raises)" if rules is five else ""),
                     "yes, with side pots" if rules.all_in_allowed else "no: fold if you cannot pay",
                     f"up to {rules.max_discards}" + (" (one more with ace draw, keeping an ace)" if rules is five else "")])
    body = _table(["Game", "Forced bets", "Before the draw", "After the draw", "Cap per round", "All-in", "Discards"],
                  rows)
    body += ("<h2>Who speaks first</h2><ul>"
             "<li>Antes: the first player left of the dealer. Blinds: the first player left of the big blind.</li>"
             "<li>After the draw: the first player still in left of the dealer (Saloon Draw: the first round's "
             "opener).</li>"
             "<li>Heads-up with blinds: the dealer posts the small blind and acts first before the draw, second "
             "after it.</li></ul>"
             "<h2>All-ins and side pots</h2><ul>"
             "<li>An all-in player wins from each opponent only what they put in themselves.</li>"
             "<li>A short all-in does not count toward the cap and does not reopen the raising for players who "
             "already acted.</li>"
             "<li>Main pot first, then a side pot at each all-in level; each pot is won on its own, odd chips "
             "clockwise from the dealer's left.</li></ul>"
             f"<h2>Money</h2><ul><li>Five-Card Draw: everyone starts with {STARTING_CHIPS} chips; no chips, you are "
             "out.</li>"
             f"<li>Saloon Draw: everyone starts with $500; end a hand under ${SALOON_OUT_BELOW} and you are out.</li>"
             f"<li>Tournament Ladder: {STARTING_CHIPS} chips at every level; you advance only with strictly more "
             "chips than each of the four opponents.</li></ul>")
    ladder_rows = [[str(level.number), str(level.hand_count), f"{level.cost:,}", f"{level.award:,}"]
                   for level in LADDER_LEVELS]
    body += "<h2>Tournament Ladder levels</h2>" + _table(["Level", "Hands", "Entry cost", "Award"], ladder_rows)
    return _page("Betting and money rules", body)


def four_rows_scoring() -> str:
    """The Four Rows chart, what each hand can count as, and the raise chip multipliers."""
    chart = [[html.escape(kind.label), str(kind.points),
              html.escape(", ".join(other.label for other in CONTAINS[int(kind)][1:]) or "nothing smaller")]
             for kind in sorted(ScoringType, reverse=True)]
    chart.append(["Nothing (no open type)", str(NOTHING_POINTS), ""])
    chips = [[f"{cards} card{'s' if cards != 1 else ''}", f"{tenths / 10:.1f}x"]
             for cards, tenths in enumerate(MULTIPLIER_TENTHS)]
    body = ("<p>Place the face-up card in one of four rows. A row of five cards is scored at once as the best type "
            "still open that its cards contain; each type pays once.</p>" +
            _table(["Type", "Points", "Can also count as"], chart) +
            "<h2>Raise chips (four per game)</h2><p>The multiplier is set by the cards in the row when the chip goes "
            "down, and applies to a Nothing too.</p>" + _table(["Row holds", "Multiplier"], chips) +
            "<h2>Folding and the clock</h2><ul><li>Rows of one to three cards can be folded; their cards and chip "
            "are gone. An empty row cannot be folded (pokerlab's house rule).</li>"
            "<li>240 seconds. Finish the deck or the chart in time: 5 points for every whole second left.</li></ul>")
    return _page("Four Rows scoring", body)


@dataclass(frozen=True)
class QuizSheet:
    slug: str
    title: str
    source: Callable[..., Question]


QUIZ_SHEETS: Final = (
    QuizSheet("tie-breaks", "Who wins the showdown? (lesson 02)", tie_break_question),
    QuizSheet("how-a-hand-goes", "Whose turn, and what may they do? (lesson 02a)", hand_basics_question),
    QuizSheet("cap-and-order", "May they raise, and who speaks first? (lesson 03)", cap_and_order_question),
    QuizSheet("betting", "Read the table: raising, side pots, order (lesson 03a)", betting_question),
    QuizSheet("four-rows", "What does this row score? (lesson 07)", row_score_question),
    QuizSheet("ladder", "The ladder: advancing and the wallet (lesson 08)", ladder_question),
)


def _questions(sheet: QuizSheet, seed: int, count: int) -> list[Question]:
    """``count`` questions, spread over the levels, from one seed (the same seed, the same sheet)."""
    questions = []
    for number in range(count):
        session = QuizSession(sheet.source, LEVELS, rng=seed * 1_000 + number, level=LEVELS[number * len(LEVELS) // count])
        questions.append(session.question)
    return questions


def _question_html(question: Question) -> str:
    parts = [f"<p><strong>{html.escape(question.prompt)}</strong> <span class='note'>({question.level})</span></p>"]
    for label, cards in question.hands:
        parts.append(f"<p>{html.escape(label)}: {_cards(' '.join(cards))}</p>")
    parts += [f"<p class='note'>{html.escape(line)}</p>" for line in question.details]
    letters = "ABCDEFGH"
    parts.append("<p>" + " &nbsp; ".join(f"({letters[i]}) {html.escape(choice)}"
                                          for i, choice in enumerate(question.choices)) + "</p>")
    return "<li>" + "".join(parts) + "</li>"


def quiz_sheet(sheet: QuizSheet, seed: int, count: int) -> tuple[str, str]:
    """(question sheet, answer key) for one quiz: the answer key gives the right letter, the engine's
    explanation and the mistake behind each wrong answer."""
    questions = _questions(sheet, seed, count)
    sheet_html = _page(sheet.title, f"<p class='note'>Sheet {seed}. Circle one answer for each question.</p>"
                                    "<ol class='questions'>" + "".join(map(_question_html, questions)) + "</ol>")
    letters = "ABCDEFGH"
    items = []
    for question in questions:
        wrong = "".join(f"<li>({letters[i]}) {html.escape(mistake)}</li>"
                        for i, mistake in enumerate(question.mistakes) if mistake)
        items.append(f"<li><p><strong>({letters[question.answer]}) {html.escape(question.choices[question.answer])}"
                     f"</strong>: {html.escape(question.explanation)}</p>"
                     + (f"<p class='note'>If a learner chose:</p><ul>{wrong}</ul>" if wrong else "") + "</li>")
    key_html = _page(f"Answer key: {sheet.title}", f"<p class='note'>Sheet {seed}.</p><ol class='questions'>"
                                                   + "".join(items) + "</ol>")
    return sheet_html, key_html


def write_handouts(out: Path, seed: int = 1, question_count: int = 9) -> list[Path]:
    """Write every handout into ``out`` (created if needed); returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    pages = {"hand-rankings.html": hand_rankings(), "money-rules.html": money_rules(),
             "four-rows-scoring.html": four_rows_scoring()}
    for sheet in QUIZ_SHEETS:
        questions, answers = quiz_sheet(sheet, seed, question_count)
        pages[f"quiz-{sheet.slug}.html"] = questions
        pages[f"answers-{sheet.slug}.html"] = answers
    written = []
    for name, text in pages.items():
        path = out / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pokerlab.lessons.handouts",
                                     description="Write printable handouts (HTML) made from pokerlab's own data.")
    parser.add_argument("--out", type=Path, default=Path("handouts"), help="folder to write to (default: handouts)")
    parser.add_argument("--seed", type=int, default=1, help="sheet number: the same number prints the same questions")
    parser.add_argument("--questions", type=int, default=9, help="questions per quiz sheet (default 9)")
    arguments = parser.parse_args(argv)
    if arguments.questions < 1:
        parser.error("--questions must be at least 1")
    for path in write_handouts(arguments.out, arguments.seed, arguments.questions):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
