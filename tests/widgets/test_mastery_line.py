"""Issue 28: each lesson quiz tells the learner, in words, where they stand on the question's topic
under the mastery rule, from their own kept answers only (never another learner's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.quizzes import LEVELS, betting_question, tie_break_question
from pokerlab.widgets.progress import LessonProgress
from pokerlab.widgets.quiz import NOT_KEPT, Quiz
from tests.fake_clock import FakeClock
from tests.widgets.quizzing import answer


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "mastery.sqlite3"


def test_without_a_name_the_line_counts_this_page_s_answers_and_says_nothing_is_kept() -> None:
    quiz = Quiz(tie_break_question, LEVELS, rng=4, level="medium", name="02-tie-breaks")
    assert quiz.mastery.startswith("To master tie-breaks: 5 right in a row, 2 of them on another visit")
    for _ in range(3):
        answer(quiz, right=True)
    assert quiz.mastery == ("3 right in a row; 2 more, both on another visit (8 hours or more after the first of "
                            "the run), to master tie-breaks." + NOT_KEPT)
    answer(quiz, right=False)
    assert quiz.mastery.startswith("Your last answer on tie-breaks was a miss")


def test_the_easy_level_of_the_tie_break_quiz_counts_for_the_rankings() -> None:
    quiz = Quiz(tie_break_question, LEVELS, rng=4, level="easy", name="02-tie-breaks")
    assert "the hand rankings" in quiz.mastery


def test_a_quiz_of_no_topic_shows_no_line() -> None:
    assert Quiz(tie_break_question, LEVELS, rng=4).mastery == ""


def test_answers_kept_on_an_earlier_visit_count_and_two_more_a_day_later_master_the_topic(
    store: Path, clock: FakeClock
) -> None:
    ada = claim(store, "Ada", new_key())
    first = LessonProgress("02-tie-breaks", store=store)
    first.identity.adopt(ada)
    quiz = Quiz(tie_break_question, LEVELS, rng=6, level="medium", progress=first, clock=clock)
    for _ in range(3):
        answer(quiz, right=True)
        clock.advance(60)
    assert quiz.mastery.startswith("3 right in a row; 2 more, both on another visit") and NOT_KEPT not in quiz.mastery

    clock.advance(24 * 3600)  # the next day, a new page
    later = LessonProgress("02-tie-breaks", store=store)
    quiz = Quiz(tie_break_question, LEVELS, rng=7, level="medium", progress=later, clock=clock)
    assert NOT_KEPT in quiz.mastery  # not known yet: this page's answers only
    later.identity.adopt(ada)  # recognised: the kept answers count at once
    assert quiz.mastery.startswith("3 right in a row; 2 more, both on another visit")
    answer(quiz, right=True)
    assert quiz.mastery.startswith("4 right in a row; 1 more, on another visit")
    answer(quiz, right=True)
    assert quiz.mastery == "You have mastered tie-breaks: 5 right in a row, 2 of them on another visit."


def test_another_learner_s_answers_never_reach_this_learner_s_page(store: Path, clock: FakeClock) -> None:
    ada, bo = claim(store, "Ada", new_key()), claim(store, "Bo", new_key())
    page = LessonProgress("03a-all-ins-and-side-pots", store=store)
    page.identity.adopt(ada)
    quiz = Quiz(betting_question, LEVELS, rng=3, progress=page, clock=clock)
    for _ in range(4):
        answer(quiz, right=True)
    bo_page = LessonProgress("03a-all-ins-and-side-pots", store=store)
    bo_page.identity.adopt(bo)
    bo_quiz = Quiz(betting_question, LEVELS, rng=3, progress=bo_page, clock=clock)
    assert bo_quiz.mastery.startswith("To master ")
    state = json.dumps(bo_quiz.get_state(), default=str)
    assert "right in a row;" not in state and "Ada" not in state


def test_a_mixed_quiz_names_the_topic_of_the_question_on_screen() -> None:
    quiz = Quiz(betting_question, LEVELS, rng=1, name="03a-all-ins-and-side-pots")
    seen = set()
    for _ in range(12):
        question = quiz.session.question
        seen.add("side pots" if question.topic == "side pot" else "the cap and the order of play")
        expected = "side pots" if question.topic == "side pot" else "the cap and the order of play"
        assert f"master {expected}" in quiz.mastery
        answer(quiz, right=True)
    assert len(seen) == 2
