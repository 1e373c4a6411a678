"""The teacher's board on a hub reads everything from the pokerlab service: each game's board with the
dealer's count of its learners' lessons and quizzes, and the mastery table and its CSV files from the
answers the dealer graded (the learners' own servers hold none that count)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pokerlab.classroom.board import board_view, games_view
from pokerlab.classroom.class_games import ClassGameSettings
from pokerlab.classroom.store import ClassStore, open_class_store
from pokerlab.storage.database import forget_stores
from pokerlab.widgets.board import TeacherBoard

LEARNING = [{"name": "Ana", "lessons": "01, 02", "started": "", "quiz": "3 of 4"}]
MASTERY = {"topics": ["ranking"], "misconceptions": [], "trouble": [],
           "rows": [{"name": "Ana", "cells": [{"answered": 4, "mastered": False, "run": 2, "right": 3, "due": True}]}]}
"""The dealer's mastery view: codes and numbers, which the board says in its own language."""


class FakeService:
    """What the dealer answers a teacher's session, made from a class store the widget never sees."""

    def __init__(self, store: ClassStore) -> None:
        self.store = store
        self.quiz_boards = 0

    def class_games(self) -> list[dict[str, Any]]:
        return games_view(self.store)

    def results(self) -> list[dict[str, Any]]:
        return []

    def class_board(self, game_id: int) -> dict[str, Any]:
        return {**board_view(self.store, game_id), "learning": LEARNING}

    def quiz_board(self) -> dict[str, Any]:
        self.quiz_boards += 1
        return {"mastery": MASTERY, "mastery_csv": "learner,Hand rankings\nAna,3/4\n",
                "misconceptions_csv": "misconception,learners\n"}


@pytest.fixture
def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeService:
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path / "data"))
    forget_stores()
    store = open_class_store(tmp_path / "dealer.sqlite3")
    store.create_game(ClassGameSettings("five-card-draw-antes", 3, 2, 4), teacher="teacher")
    return FakeService(store)


def test_the_hub_board_shows_the_services_learning_and_mastery_and_exports_its_csv(service: FakeService,
                                                                                  tmp_path: Path) -> None:
    board = TeacherBoard(open_class_store(tmp_path / "own-server.sqlite3"), environ={}, service=service)
    assert board.board["learning"] == LEARNING  # the dealer's count, not the learner's own server's
    assert board.mastery == {"topics": ["the hand rankings"], "misconceptions": [], "trouble": [],
                             "rows": [{"name": "Ana", "cells": ["2 in a row; 3 of 4 right; review due"]}]}
    sent: list[dict[str, Any]] = []
    board.send = sent.append  # type: ignore[method-assign]
    board.export_mastery_csv()
    board.export_misconceptions_csv()
    assert [(message["name"], message["text"]) for message in sent] == [
        ("class-mastery.csv", "learner,Hand rankings\nAna,3/4\n"), ("class-misconceptions.csv", "misconception,learners\n")]
    board.refresh()
    assert service.quiz_boards == 1  # read again only after LEARNING_SECONDS
