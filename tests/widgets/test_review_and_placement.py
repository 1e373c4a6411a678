"""Issue 28: the contents page's "Today's review" brings back, for its own learner only, the topics
they missed (a day, then three days, then a week later, on a fake clock), and the five-question
placement check sends a learner who knows the rankings on to 02a or 03."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import nbformat
import pytest

from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.quizzes import LEVELS, side_pot_question, tie_break_question
from pokerlab.quizzes.mastery import attempts_from, review_state
from pokerlab.quizzes.placement import PLACEMENT
from pokerlab.storage import quiz_results
from pokerlab.widgets.mastery import PlacementCheck, TodaysReview
from pokerlab.widgets.progress import LessonProgress, MyProgress
from pokerlab.widgets.quiz import Quiz
from tests.fake_clock import FakeClock
from tests.widgets.quizzing import answer

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
DAY = 24 * 3600


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "review.sqlite3"


def lesson_quiz(store: Path, learner, lesson: str, source, level: str) -> Quiz:
    page = LessonProgress(lesson, store=store)
    page.identity.adopt(learner)
    return Quiz(source, LEVELS, rng=5, level=level, progress=page)


def contents_page(store: Path, learner, clock: FakeClock) -> TodaysReview:
    mine = MyProgress(store=store)
    review = TodaysReview(store=store, clock=clock, rng=9)  # follows the page's MyProgress by itself
    mine.identity.adopt(learner)
    return review


def test_a_missed_topic_comes_back_a_day_later_then_three_days_after_a_right_review(
    store: Path, clock: FakeClock
) -> None:
    ada = claim(store, "Ada", new_key())
    answer(lesson_quiz(store, ada, "03a-all-ins-and-side-pots", side_pot_question, "medium"), right=False)
    answer(lesson_quiz(store, ada, "02-tie-breaks", tie_break_question, "medium"), right=True)

    clock.advance(60)
    same_day = contents_page(store, ada, clock)
    assert same_day.quiz is None and "Side pots comes back for review" in same_day.summary.value

    clock.advance(DAY)
    review = contents_page(store, ada, clock)
    assert review.quiz is not None
    assert "Today&#x27;s review, Ada: 2 questions on side pots" in review.summary.value
    assert "tie-breaks" not in review.summary.value  # never missed: never due
    assert "How many chips are in" in review.quiz.question["prompt"]
    assert "master side pots" in review.quiz.mastery
    answer(review.quiz, right=True)
    answer(review.quiz, right=True)
    assert "That was today&#x27;s review: 2 of 2 right" in review.done.value

    kept = quiz_results(store, ada)
    assert [(row.quiz, row.correct) for row in kept[-2:]] == [("03a-all-ins-and-side-pots", True)] * 2
    state = review_state("side-pots", attempts_from(kept))
    assert state.step == 1 and state.due_at == kept[-2].at + timedelta(days=3)

    clock.advance(DAY)
    assert contents_page(store, ada, clock).quiz is None  # two days on: not due again yet
    clock.advance(2 * DAY)
    assert contents_page(store, ada, clock).quiz is not None  # three days after the right review


def test_a_review_shows_only_its_own_learner_s_topics(store: Path, clock: FakeClock) -> None:
    ada, bo = claim(store, "Ada", new_key()), claim(store, "Bo", new_key())
    answer(lesson_quiz(store, ada, "02-tie-breaks", tie_break_question, "easy"), right=False)
    clock.advance(2 * DAY)
    bo_page = contents_page(store, bo, clock)
    assert bo_page.quiz is None and "Nothing to review yet, Bo" in bo_page.summary.value
    ada_page = contents_page(store, ada, clock)
    assert ada_page.quiz is not None and "the hand rankings" in ada_page.summary.value


def test_before_a_name_is_chosen_the_review_says_how_it_works() -> None:
    review = TodaysReview(follow=None)
    assert review.quiz is None and "once you choose a name" in review.summary.value


def answer_placement(check: PlacementCheck, results: list[bool]) -> None:
    for right in results:
        answer(check.quiz, right)


def test_the_placement_check_asks_its_five_topics_in_order() -> None:
    check = PlacementCheck(rng=3)
    seen = []
    for _ in PLACEMENT:
        seen.append(check.quiz.planned.current.key)
        check.quiz.set_level("easy")  # asking again keeps the topic
        assert check.quiz.planned.current.key == seen[-1]
        answer(check.quiz, right=True)
    assert seen == [item.key for item in PLACEMENT]


@pytest.mark.parametrize(("results", "lesson"), [
    ([True] * 5, "03-limits-and-the-cap"),
    ([True, True, True, True, False], "02a-how-a-hand-goes"),
    ([True, True, True, False, True], "02-tie-breaks"),
    ([False, True, True, True, True], "01-hand-rankings"),
])
def test_after_five_answers_the_check_names_the_lesson_to_start_with_and_links_it(results, lesson) -> None:
    check = PlacementCheck(rng=4)
    answer_placement(check, results[:4])
    assert check.advice.value == ""
    correct = check.quiz.session.question.answer
    check.quiz.choose(correct if results[4] else (correct + 1) % len(check.quiz.session.question.choices))
    assert f'href="{lesson}.ipynb"' in check.advice.value and f"{sum(results)} of 5 right" in check.advice.value
    assert (NOTEBOOKS / f"{lesson}.ipynb").is_file()
    check.quiz.next_question()
    assert check.children == (check.advice, check.again)  # the check is over: no sixth question
    check.restart()
    assert check.quiz in check.children and check.advice.value == "" and check.results == []


def test_the_placement_check_says_nothing_of_mastery_since_it_keeps_nothing() -> None:
    assert PlacementCheck(rng=1).quiz.mastery == ""


def test_the_contents_page_offers_todays_review_and_the_placement_check_in_cells_of_their_own() -> None:
    notebook = nbformat.read(NOTEBOOKS / "00-start-here.ipynb", as_version=4)
    code = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    assert any("TodaysReview()" in source for source in code)
    assert any("PlacementCheck()" in source for source in code)
    headings = [cell.source.splitlines()[0] for cell in notebook.cells if cell.cell_type == "markdown"]
    assert "## Today's review" in headings and any(heading.startswith("## Where to start") for heading in headings)
