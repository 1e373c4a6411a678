"""Mastery in real browsers (issue 28): a learner's Today's review on the contents page offers the question
types they missed, and the teacher's board shows each learner's mastery per topic.

The answers are kept through pokerlab.storage for a learner who signed in on the page, two days ago (the
review brings a miss back a day later, so a miss kept a moment ago would not be due yet)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TEACHER_PASSWORD
from tests.browser.test_learners import Learners, learners, server_data_dir, unique  # noqa: F401 - learners is a fixture

CONTENTS = "00-start-here.ipynb"
BOARD = ".pl-board"
MISSED = [  # (quiz, level, question, answer, right): two topics missed, one answered right
    ("04-draw-odds", "medium", "You will throw the 7c and draw one card. Call or fold?", "Fold", False),
    ("07-four-rows", "easy", "What does this row score?", "150", False),
    ("02-tie-breaks", "hard", "Who wins this showdown?", "Hand A", True),
]


@contextlib.contextmanager
def the_servers_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    saved = os.environ.get("POKERLAB_DATA_DIR")
    os.environ["POKERLAB_DATA_DIR"] = str(server_data_dir(tmp_path_factory))
    try:
        yield
    finally:
        if saved is None:
            del os.environ["POKERLAB_DATA_DIR"]
        else:
            os.environ["POKERLAB_DATA_DIR"] = saved


def keep_answers_two_days_ago(name: str, answers: list[tuple[str, str, str, str, bool]]) -> None:
    """Keep ``answers`` for the learner ``name`` (signed in on the server), dated two days back."""
    from pokerlab.storage import record_quiz_answer
    from pokerlab.storage.database import open_store
    from pokerlab.storage.learners import find
    from pokerlab.storage.schema import quiz_results

    learner = find(None, name)
    assert learner is not None, name
    ids = [record_quiz_answer(None, learner, quiz, level, question, answer, right).id
           for quiz, level, question, answer, right in answers]
    then = (datetime.now(timezone.utc) - timedelta(days=2)).isoformat()
    open_store(None).write(lambda connection: connection.execute(
        quiz_results.update().where(quiz_results.c.id.in_(ids)).values(at=then)))


def test_todays_review_offers_the_missed_topics_and_the_board_shows_mastery_per_topic(
        learners: Learners, tmp_path_factory: pytest.TempPathFactory) -> None:  # noqa: F811 - the fixture
    """One learner, two pages (one sign-in serves both checks: each page open costs a kernel)."""
    page = learners.page()
    name = unique("Eve")
    learners.open(page, CONTENTS, name, ".pl-review-summary")
    expect(page.locator(".pl-review-summary")).to_contain_text(f"Nothing to review yet, {name}")
    with the_servers_store(tmp_path_factory):
        keep_answers_two_days_ago(name, MISSED)

    # The learner's Today's review: the two topics missed, not the one answered right.
    page.reload()
    page.wait_for_selector(".pl-review .pl-quiz-choice", timeout=60_000)
    summary = page.locator(".pl-review-summary").inner_text()
    assert summary.startswith(f"Today's review, {name}: ")
    assert "pot odds" in summary and "Four Rows scoring" in summary and "tie-breaks" not in summary
    prompt = page.locator(".pl-review .pl-quiz-prompt").inner_text()
    assert "draw one card" in prompt or "row" in prompt, prompt  # a pot-odds or a Four Rows question

    # The teacher's board: the learner's row, one cell per topic.
    board = learners.page()
    board.goto(f"{learners.url}/voila/render/teacher-board.ipynb", timeout=60_000)
    board.wait_for_selector(f"{BOARD} input[name=password]", timeout=60_000)
    board.fill(f"{BOARD} input[name=password]", TEACHER_PASSWORD)
    board.click(f"{BOARD} .pl-b-login button[type=submit]")
    table = board.locator(".pl-b-mastery-table")
    table.wait_for(timeout=30_000)
    headers = table.locator("thead th").all_inner_texts()
    row = table.locator("tbody tr", has_text=name)
    expect(row).to_have_count(1)
    cells = dict(zip(headers, row.locator("td, th").all_inner_texts()))
    assert cells["Learner"] == name
    assert cells["pot odds"] == cells["Four Rows scoring"] == "last answer missed; 0 of 1 right; review due"
    assert cells["tie-breaks"].startswith("1 in a row; 1 of 1 right")
    assert cells["side pots"] == "–"
    expect(board.locator(".pl-b-trouble")).to_contain_text("pot odds")
