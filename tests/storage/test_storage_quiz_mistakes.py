"""Revision 0009 (issue 28): a quiz answer keeps the code of the named mistake behind a wrong choice, in
the nullable ``quiz_results.mistake``; answers kept before it stay, with none; on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.storage import ProgressError, open_store, quiz_results, record_quiz_answer
from tests.storage.backends import add_ann, at_revision

NOW = "2026-12-01T10:00:00.000000+00:00"


def test_a_wrong_answer_keeps_its_mistake_and_a_right_one_none(target: str) -> None:
    ann = claim(target, "Ann", new_key())
    missed = record_quiz_answer(target, ann, "03a-all-ins-and-side-pots", "medium", "How many chips?", "120", False,
                                mistake="all-pots-together")
    right = record_quiz_answer(target, ann, "03a-all-ins-and-side-pots", "medium", "How many chips?", "40", True)
    unnamed = record_quiz_answer(target, ann, "09-class-game", "any", "Which?", "a", False)
    assert (missed.mistake, right.mistake, unnamed.mistake) == ("all-pots-together", None, None)
    assert [row.mistake for row in quiz_results(target, None)] == ["all-pots-together", None, None]


@pytest.mark.parametrize("mistake", ["Added all pots", "x" * 49, "", "-leading-dash"])
def test_a_mistake_that_is_not_a_code_is_refused_and_nothing_is_kept(target: str, mistake: str) -> None:
    ann = claim(target, "Ann", new_key())
    with pytest.raises(ProgressError, match="kept as a code"):
        record_quiz_answer(target, ann, "04-draw-odds", "easy", "Call or fold?", "Call", False, mistake=mistake)
    assert quiz_results(target, None) == []


def test_a_right_answer_names_no_mistake(target: str) -> None:
    ann = claim(target, "Ann", new_key())
    with pytest.raises(ProgressError, match="A right answer names no mistake"):
        record_quiz_answer(target, ann, "04-draw-odds", "easy", "Call or fold?", "Fold", True, mistake="missed-the-cap")
    assert quiz_results(target, None) == []


def test_answers_kept_before_0009_stay_with_no_mistake_and_downgrading_drops_the_column(target: str) -> None:
    answers = sa.table("quiz_results", *(sa.column(name) for name in (
        "learner_id", "quiz", "level", "question", "answer", "correct", "at")))
    with at_revision(target, "0008") as connection:
        add_ann(connection)
        connection.execute(answers.insert().values(learner_id=1, quiz="04-draw-odds", level="easy",
                                                   question="Call or fold?", answer="Call", correct=False, at=NOW))
    open_store(target)  # upgrades to the head
    (old,) = quiz_results(target, None)
    assert (old.learner_name, old.answer, old.correct, old.mistake) == ("Ann", "Call", False, None)
    with at_revision(target, "0008", up=False) as connection:
        columns = {column["name"] for column in sa.inspect(connection).get_columns("quiz_results")}
        assert "mistake" not in columns and "answer" in columns
        assert connection.execute(sa.text("SELECT count(*) FROM quiz_results")).scalar() == 1
    with at_revision(target, "0009") as connection:
        assert "mistake" in {column["name"] for column in sa.inspect(connection).get_columns("quiz_results")}
