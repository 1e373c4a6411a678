"""Issue 28: the teacher's board shows, for every learner who answered a lesson quiz (in a class game
or not), mastery per topic, with the topics the class misses most at the top, and exports it as CSV."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from pokerlab import language as lang
from pokerlab.classroom.identity import claim
from pokerlab.classroom.mastery_board import (
    class_misconceptions,
    class_trouble,
    mastery_csv_text,
    mastery_rows,
    misconceptions_csv_text,
)
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.classroom.store import ClassStore
from tests.classroom.class_support import sqlite_class_store
from pokerlab.quizzes.mastery import TOPICS
from pokerlab.storage import QuizResult, record_quiz_answer
from pokerlab.widgets.board import TeacherBoard
from tests.fake_clock import FakeClock

PASSWORD = {"POKERLAB_TEACHER_PASSWORD": "owl-42"}
SHOWDOWN = "Who wins this showdown?"


def kept(learner_id: int, quiz: str, level: str, question: str, answer: str, correct: bool, at: datetime,
         mistake: str | None = None) -> QuizResult:
    """An answer as the store keeps it (the board takes the learners' names apart, so none here)."""
    return QuizResult(0, learner_id, "", quiz, level, question, answer, correct, at, mistake)


def rows_on(clock: FakeClock, *answers: tuple[int, str, str, str, bool]) -> list[QuizResult]:
    rows = []
    for learner_id, quiz, level, answer, correct in answers:
        rows.append(kept(learner_id, quiz, level, SHOWDOWN if quiz == "02-tie-breaks" else "Call or fold?", answer,
                        correct, clock()))
        clock.advance(60)
    return rows


def test_the_topic_most_learners_miss_comes_first_with_the_wrong_answers_they_picked() -> None:
    clock = FakeClock()
    names = {1: "Ann", 2: "Bo", 3: "Cy"}
    rows = rows_on(
        clock,
        (1, "04-draw-odds", "easy", "Call", False), (1, "04-draw-odds", "easy", "Call", False),
        (1, "04-draw-odds", "easy", "Fold", False),  # one learner, three misses
        (1, "02-tie-breaks", "medium", "Split pot", False), (2, "02-tie-breaks", "hard", "Split pot", False),
        (3, "02-tie-breaks", "easy", "Hand A wins", False),  # easy showdowns are the rankings
        (3, "09-class-game", "any", "x", False),  # no topic: left out
    )
    trouble = class_trouble(names, rows)
    assert [line.topic.key for line in trouble] == ["tie-breaks", "pot-odds", "ranking"]
    assert trouble[0].text == "tie-breaks: 2 misses by 2 of 3 learners (most picked: “Split pot” 2×)"
    assert trouble[1].common == (("Call", 2), ("Fold", 1))
    assert class_trouble({2: "Bo"}, rows)[0].text.startswith("tie-breaks: 1 miss by 1 of 1 learner ")


def test_each_learner_gets_a_cell_per_topic_saying_mastered_or_how_far() -> None:
    clock = FakeClock()
    answers = [(1, "02-tie-breaks", "medium", "Hand A wins", True)] * 5
    rows = rows_on(clock, *answers)
    clock.advance(24 * 3600)
    rows += rows_on(clock, *answers[:2], (1, "04-draw-odds", "easy", "Call", False), (2, "04-draw-odds", "easy", "Fold", True))
    lines = mastery_rows({1: "Ann", 2: "Bo"}, rows, clock() + timedelta(days=2))
    ann, bo = lines
    assert [cell.mastery.topic for cell in ann.cells] == list(TOPICS)
    cells = {cell.mastery.topic.key: cell.text for cell in ann.cells}
    assert cells["tie-breaks"] == "mastered" and ann.mastered == ("tie-breaks",)
    assert cells["pot-odds"] == "last answer missed; 0 of 1 right; review due"
    assert cells["side-pots"] == "–"
    assert {cell.mastery.topic.key: cell.text for cell in bo.cells}["pot-odds"] == "1 in a row; 1 of 1 right"


def test_the_csv_has_a_line_per_learner_and_topic() -> None:
    clock = FakeClock()
    rows = rows_on(clock, (1, "04-draw-odds", "easy", "Call", False))
    table = list(csv.DictReader(io.StringIO(mastery_csv_text({1: "Ann"}, rows, clock() + timedelta(days=1)))))
    assert len(table) == len(TOPICS)
    odds = next(line for line in table if line["topic"] == "pot-odds")
    assert odds == {"learner": "Ann", "topic": "pot-odds", "answered": "1", "right": "0", "misses": "1",
                    "right_in_a_row": "0", "on_a_later_visit": "0", "mastered": "no", "review_due": "yes",
                    "named_mistakes": ""}


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ClassStore:
    return sqlite_class_store(tmp_path, monkeypatch)


def test_the_board_shows_lesson_quiz_mastery_without_any_class_game_and_exports_it(store: ClassStore) -> None:
    ann, bo = claim(store.store, "Ann", new_key()), claim(store.store, "Bo", new_key())
    record_quiz_answer(store.store, ann, "03a-all-ins-and-side-pots", "medium", "Before the draw. How many chips are in side pot 1?",
                       "40", False)
    record_quiz_answer(store.store, bo, "03a-all-ins-and-side-pots", "hard", "After the draw. How many chips are in the main pot?",
                       "40", False)
    record_quiz_answer(store.store, bo, "02-tie-breaks", "medium", SHOWDOWN, "Hand A wins", True)
    board = TeacherBoard(store=store, environ=PASSWORD)
    assert board.mastery == {}  # nothing before the password
    board._on_message(board, {"type": "login", "password": "owl-42"}, None)
    assert board.games == []  # no class game at all
    mastery = board.mastery
    assert mastery["topics"] == [item.name for item in TOPICS]
    assert mastery["trouble"][0] == "side pots: 2 misses by 2 of 2 learners (most picked: “40” 2×)"
    cells = {row["name"]: dict(zip(mastery["topics"], row["cells"])) for row in mastery["rows"]}
    assert cells["Bo"]["tie-breaks"] == "1 in a row; 1 of 1 right" and cells["Ann"]["tie-breaks"] == "–"
    sent: list[Any] = []
    board.send = sent.append  # type: ignore[method-assign]
    board._on_message(board, {"type": "mastery_csv"}, None)
    (download,) = sent
    assert download["name"] == "class-mastery.csv"
    assert "Ann,side-pots,1,0,1,0,0,no,no," in download["text"].splitlines()


def named(clock: FakeClock, *answers: tuple[int, str, str | None]) -> list[QuizResult]:
    """Wrong side-pot and pot-odds answers with the code of their named mistake (None: kept before 0009)."""
    rows = []
    for learner_id, quiz, mistake in answers:
        question = "How many chips are in side pot 1?" if quiz.startswith("03a") else "Call or fold?"
        rows.append(kept(learner_id, quiz, "medium", question, "120", False, clock(), mistake))
        clock.advance(60)
    return rows


def test_the_misconception_most_learners_make_comes_first_by_name_in_words() -> None:
    clock = FakeClock()
    names = {1: "Ann", 2: "Bo", 3: "Cy"}
    rows = named(
        clock,
        (1, "03a-all-ins-and-side-pots", "main-pot-for-side-pot"), (1, "03a-all-ins-and-side-pots", "main-pot-for-side-pot"),
        (1, "03a-all-ins-and-side-pots", "main-pot-for-side-pot"),  # one learner, three times
        (1, "03a-all-ins-and-side-pots", "all-pots-together"), (2, "03a-all-ins-and-side-pots", "all-pots-together"),
        (3, "04-draw-odds", "called-a-losing-draw"),
        (3, "04-draw-odds", None), (2, "04-draw-odds", "no-such-kind"),  # kept before 0009, or unknown: not counted
        (4, "04-draw-odds", "called-a-losing-draw"),  # not one of the learners asked about
    )
    rows.append(kept(2, "04-draw-odds", "easy", "Call or fold?", "Call", True, clock(), None))
    lines = class_misconceptions(names, rows)
    assert [line.misconception.code for line in lines] == ["all-pots-together", "main-pot-for-side-pot",
                                                           "called-a-losing-draw"]
    assert lines[0].text == "added all the pots together (side pots): 2 times by 2 of 3 learners"
    assert lines[1].text == "gave the main pot for a side pot (side pots): 3 times by 1 of 3 learners"
    assert lines[2].text == "called a draw the pot does not pay for (pot odds): 1 time by 1 of 3 learners"
    assert class_misconceptions(names, rows, limit=1) == lines[:1]
    assert class_misconceptions({}, rows) == []


def test_the_csvs_name_each_learners_mistakes_and_count_the_class_s() -> None:
    clock = FakeClock()
    rows = named(clock, (1, "03a-all-ins-and-side-pots", "all-pots-together"), (1, "03a-all-ins-and-side-pots", "all-pots-together"),
                 (2, "03a-all-ins-and-side-pots", "one-players-share"), (2, "04-draw-odds", None))
    names = {1: "Ann", 2: "Bo"}
    table = list(csv.DictReader(io.StringIO(mastery_csv_text(names, rows, clock()))))
    cells = {(line["learner"], line["topic"]): line["named_mistakes"] for line in table}
    assert cells[("Ann", "side-pots")] == "added all the pots together 2×"
    assert cells[("Bo", "side-pots")] == "counted one player's share of a pot 1×"
    assert cells[("Bo", "pot-odds")] == "" and cells[("Ann", "ranking")] == ""
    counts = list(csv.DictReader(io.StringIO(misconceptions_csv_text(names, rows))))
    assert counts == [
        {"misconception": "added all the pots together", "code": "all-pots-together", "topic": "side-pots",
         "times": "2", "learners": "1", "of_learners": "2"},
        {"misconception": "counted one player's share of a pot", "code": "one-players-share", "topic": "side-pots",
         "times": "1", "learners": "1", "of_learners": "2"},
    ]


def test_the_board_puts_the_class_s_most_common_misconceptions_at_the_top_and_exports_them(store: ClassStore) -> None:
    ann, bo = claim(store.store, "Ann", new_key()), claim(store.store, "Bo", new_key())
    for learner in (ann, bo):
        record_quiz_answer(store.store, learner, "03a-all-ins-and-side-pots", "medium",
                           "Before the draw. How many chips are in side pot 1?", "120", False, mistake="all-pots-together")
    record_quiz_answer(store.store, bo, "04-draw-odds", "easy", "Call or fold?", "Call", False, mistake="called-a-losing-draw")
    board = TeacherBoard(store=store, environ=PASSWORD)
    board._on_message(board, {"type": "login", "password": "owl-42"}, None)
    mastery = board.mastery
    assert list(mastery)[:2] == ["topics", "misconceptions"]
    assert mastery["misconceptions"] == ["added all the pots together (side pots): 2 times by 2 of 2 learners",
                                         "called a draw the pot does not pay for (pot odds): 1 time by 1 of 2 learners"]
    sent: list[Any] = []
    board.send = sent.append  # type: ignore[method-assign]
    board._on_message(board, {"type": "misconceptions_csv"}, None)
    board._on_message(board, {"type": "mastery_csv"}, None)
    counts, table = sent
    assert counts["name"] == "class-misconceptions.csv"
    assert counts["text"].splitlines()[1] == "added all the pots together,all-pots-together,side-pots,2,2,2"
    assert "Bo,pot-odds,1,0,1,0,0,no,no,called a draw the pot does not pay for 1×" in table["text"].splitlines()


def test_the_board_page_draws_the_misconceptions_above_the_topics_and_offers_their_csv() -> None:
    script = (Path(__file__).resolve().parents[2] / "pokerlab" / "widgets" / "static" / "board.js").read_text()
    assert script.index("mastery.misconceptions") < script.index("mastery.trouble")
    assert 'type: "misconceptions_csv"' in script



def test_a_spanish_board_says_the_mastery_part_in_spanish(store: ClassStore) -> None:
    """The mastery view is codes and numbers (a hub's dealer sends it as such); the board says it in its
    language, the named mistakes and the topics included."""
    ann, bo = claim(store.store, "Ann", new_key()), claim(store.store, "Bo", new_key())
    for learner in (ann, bo):
        record_quiz_answer(store.store, learner, "03a-all-ins-and-side-pots", "medium",
                           "Before the draw. How many chips are in side pot 1?", "120", False, mistake="all-pots-together")
    record_quiz_answer(store.store, bo, "02-tie-breaks", "medium", SHOWDOWN, "Hand A wins", True)
    board = TeacherBoard(store=store, environ=PASSWORD, language="es")
    board._on_message(board, {"type": "login", "password": "owl-42"}, None)
    side_pots = lang.gettext("es", "side pots")
    assert side_pots != "side pots" and side_pots in board.mastery["topics"]
    assert board.mastery["misconceptions"] == [f"sumó todos los botes ({side_pots}): 2 veces, 2 de 2 alumnos"]
    assert board.mastery["trouble"] == [f"{side_pots}: 2 fallos, 2 de 2 alumnos (lo más elegido: “120” 2×)"]
    cells = {row["name"]: dict(zip(board.mastery["topics"], row["cells"])) for row in board.mastery["rows"]}
    assert cells["Bo"][lang.gettext("es", "tie-breaks")] == "1 seguida; 1 de 1 bien"
    board.set_language("en")
    assert board.mastery["misconceptions"] == ["added all the pots together (side pots): 2 times by 2 of 2 learners"]
