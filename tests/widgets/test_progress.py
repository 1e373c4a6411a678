"""The learner's own progress (issue 15): a lesson page keeps "opened" and quiz answers only once the
learner is known, each learner's progress is their own, the contents page shows only its learner's,
and a storage failure is a plain sentence, never an exception."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.quizzes import LEVELS, tie_break_question
from pokerlab.storage import lesson_progress_of, quiz_results
from pokerlab.widgets.progress import LESSONS, LessonProgress, MyProgress, ProgressWidgetError
from pokerlab.widgets.quiz import Quiz

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "progress.sqlite3"


def answer(quiz: Quiz, right: bool) -> None:
    correct = quiz.session.question.answer
    quiz.choose(correct if right else (correct + 1) % len(quiz.session.question.choices))
    quiz.next_question()


def test_nothing_is_kept_before_the_learner_is_known_and_everything_after(store: Path) -> None:
    ada = claim(store, "Ada", new_key())
    progress = LessonProgress("02-tie-breaks", store=store)
    quiz = Quiz(tie_break_question, LEVELS, rng=5, progress=progress)
    answer(quiz, right=True)  # read and answered before choosing a name: nothing kept
    assert progress.recorded == [] and quiz_results(store, None) == [] and lesson_progress_of(store, ada) == {}
    progress.identity.adopt(ada)  # the identity line recognises her (as a returning browser would)
    answer(quiz, right=False)
    answer(quiz, right=True)
    assert progress.recorded == ["opened", "quiz 02-tie-breaks", "quiz 02-tie-breaks"]
    assert list(lesson_progress_of(store, ada)) == ["02-tie-breaks"]
    kept = quiz_results(store, ada)
    assert [(row.quiz, row.correct) for row in kept] == [("02-tie-breaks", False), ("02-tie-breaks", True)]
    assert kept[0].question and kept[0].answer in ("Hand A wins", "Hand B wins", "Split pot")


def test_two_learners_progress_is_kept_apart_and_each_contents_page_shows_only_its_own(store: Path) -> None:
    ada, bo = claim(store, "Ada", new_key()), claim(store, "Bo", new_key())
    for learner, lesson, rights in ((ada, "02-tie-breaks", [True, True, False]), (bo, "03-limits-and-the-cap", [])):
        progress = LessonProgress(lesson, store=store)
        progress.identity.adopt(learner)
        quiz = Quiz(tie_break_question, LEVELS, rng=7, progress=progress)
        for right in rights:
            answer(quiz, right)
    assert list(lesson_progress_of(store, ada)) == ["02-tie-breaks"]
    assert list(lesson_progress_of(store, bo)) == ["03-limits-and-the-cap"]
    assert quiz_results(store, bo) == []

    pages = {learner.name: MyProgress(store=store) for learner in (ada, bo)}
    pages["Ada"].identity.adopt(ada)
    pages["Bo"].identity.adopt(bo)
    ada_text, bo_text = pages["Ada"].table.value, pages["Bo"].table.value
    assert "Your progress, Ada" in ada_text and "2 right of 3" in ada_text and "Bo" not in ada_text
    assert re.search(r"Tie-breaks</a></td><td[^>]*>\d\d \w{3} \d{4}</td>", ada_text)
    assert re.search(r"Limits and the cap</a></td><td[^>]*>not yet</td>", ada_text)
    assert "Your progress, Bo" in bo_text and "right of" not in bo_text
    assert re.search(r"Limits and the cap</a></td><td[^>]*>\d\d \w{3} \d{4}</td>", bo_text)
    assert re.search(r"Tie-breaks</a></td><td[^>]*>not yet</td>", bo_text)


def test_the_contents_page_says_progress_is_kept_once_a_name_is_chosen(store: Path) -> None:
    page = MyProgress(store=store)
    assert "kept once a name is chosen" in page.table.value
    newcomer = claim(store, "Cy", new_key())
    page.identity.adopt(newcomer)
    assert "Cy, you have not opened a lesson yet" in page.table.value


def test_a_storage_failure_is_a_plain_sentence_and_the_page_goes_on(tmp_path: Path) -> None:
    ada = claim(tmp_path / "good.sqlite3", "Ada", new_key())
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"this is not a database " * 100)
    progress = LessonProgress("02-tie-breaks", store=broken)
    quiz = Quiz(tie_break_question, LEVELS, rng=5, progress=progress)
    progress.identity.adopt(ada)  # no exception reaches the cell
    answer(quiz, right=True)
    assert progress.recorded == []
    assert "pokerlab could not keep your" in progress.note.value and "Traceback" not in progress.note.value
    assert quiz.feedback == {} and quiz.answered_count == 1  # the quiz itself went on
    page = MyProgress(store=broken)
    page.identity.adopt(ada)
    assert "pokerlab could not read your progress" in page.table.value


def test_a_lesson_name_that_is_not_a_notebook_name_is_refused_in_words() -> None:
    with pytest.raises(ProgressWidgetError, match="named like its notebook"):
        LessonProgress("Tie breaks!")


def test_every_lesson_page_keeps_its_own_progress_and_passes_it_to_its_quizzes() -> None:
    for lesson, _title in LESSONS:
        cells = [cell.source for cell in nbformat.read(NOTEBOOKS / f"{lesson}.ipynb", as_version=4).cells
                 if cell.cell_type == "code"]
        assert any(f'progress = LessonProgress("{lesson}"' in source for source in cells), lesson
        quizzes = [line for source in cells for line in source.splitlines() if line.startswith("Quiz(")]
        assert all("progress=progress" in line for line in quizzes), (lesson, quizzes)
    contents = nbformat.read(NOTEBOOKS / "00-start-here.ipynb", as_version=4)
    assert any("MyProgress()" in cell.source for cell in contents.cells if cell.cell_type == "code")
    for lesson, _title in LESSONS:
        assert any(f"({lesson}.ipynb)" in cell.source for cell in contents.cells), lesson


class App:
    """An app with its own identity line, as the game apps have."""

    def __init__(self) -> None:
        from pokerlab.widgets.identity import IdentityWidget

        self.seen: list[str] = []
        self.identity = IdentityWidget(on_learner=lambda learner: self.seen.append(learner.name))


@pytest.mark.parametrize("built_first", [True, False])
def test_a_page_whose_game_asks_the_name_keeps_progress_under_the_games_learner(store: Path, built_first: bool) -> None:
    ada = claim(store, "Ada", new_key())
    app = App()
    if built_first:
        progress = LessonProgress("07-four-rows", follow=app, store=store)
    else:
        progress = LessonProgress("08-tournament-ladder", ask=False, store=store)
    assert progress.identity is None and "kept once the game on this page knows your name" in progress.note.value
    quiz = Quiz(tie_break_question, LEVELS, rng=5, progress=progress)
    answer(quiz, right=True)
    if not built_first:
        assert progress.follow(app) is app
    app.identity.adopt(ada)
    answer(quiz, right=True)
    assert app.seen == ["Ada"]  # the app still hears about its learner
    assert progress.recorded == ["opened", f"quiz {progress.lesson}"]
    assert [row.quiz for row in quiz_results(store, ada)] == [progress.lesson]


def test_a_wrong_answer_is_kept_with_the_code_of_its_named_mistake_and_a_right_one_with_none(store: Path) -> None:
    """Issue 28: the quiz widget keeps the named mistake a wrong choice stands for, not only the choice."""
    from pokerlab.quizzes.misconceptions import misconception, mistake_code

    ada = claim(store, "Ada", new_key())
    progress = LessonProgress("02-tie-breaks", store=store)
    progress.identity.adopt(ada)
    quiz = Quiz(tie_break_question, LEVELS, rng=9, progress=progress)
    question = quiz.session.question
    wrong = (question.answer + 1) % len(question.choices)
    answer(quiz, right=False)
    answer(quiz, right=True)
    missed, right = quiz_results(store, ada)
    assert missed.mistake == mistake_code(question.mistakes[wrong]) and misconception(missed.mistake) is not None
    assert right.mistake is None and right.correct
