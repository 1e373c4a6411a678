"""On the hub recipe's learners' servers (``POKERLAB_PRACTICE_SERVER=1``: no class data there, the
dealer alone holds it) the pages say what counts: the games played in the kernel (Five-Card Draw,
Saloon Draw, and the ladder when no dealer is named) are marked as practice, and the class
game played in the kernel stays closed whatever is sent by hand (the page played in the dealer,
``ServiceClassGameApp``, is the one served there), and the teacher's board opens only through the
pokerlab service."""

from __future__ import annotations

import json

import pytest

from pokerlab.classroom.practice import CLASS_GAMES_ELSEWHERE, GAME_PRACTICE, LADDER_PRACTICE
from pokerlab.classroom.store import ClassStore
from pokerlab.language import gettext
from pokerlab.widgets.apps import FiveCardDrawApp, LadderApp, SaloonApp
from pokerlab.widgets.board import TeacherBoard
from pokerlab.widgets.class_game import ClassGameApp
from tests.classroom.test_class_widgets import PASSWORD, SETTINGS, intent
from tests.widgets.recording import install

PRACTICE = {"POKERLAB_PRACTICE_SERVER": "1"}


def test_the_ladder_is_marked_as_practice_only_there(store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    assert LADDER_PRACTICE not in LadderApp(seed=1, learner="Ada").table.lobby["paragraphs"]
    monkeypatch.setenv("POKERLAB_PRACTICE_SERVER", "1")
    assert LadderApp(seed=1, learner="Ada").table.lobby["paragraphs"][0] == LADDER_PRACTICE


def test_the_class_game_stays_closed_even_to_a_join_sent_by_hand(store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    game = store.create_game(SETTINGS)
    monkeypatch.setenv("POKERLAB_PRACTICE_SERVER", "1")
    sent: list[str] = []
    install(monkeypatch, lambda data: sent.append(json.dumps(data, default=str)))
    app = ClassGameApp(store=store)
    app.claim_name("Ada")
    assert app.learner is not None
    assert app.table.lobby == {"heading": "Join a class game", "paragraphs": [CLASS_GAMES_ELSEWHERE]}
    app.join(game.code)
    assert app.table.message == CLASS_GAMES_ELSEWHERE and app.table.screen == "lobby"
    assert store.players(game.id) == []
    assert not any(game.code in payload for payload in sent)


def test_the_board_there_opens_only_through_the_service_never_on_local_data(store: ClassStore) -> None:
    """A listed teacher or the password opens nothing on a practice server: the board asks the
    pokerlab service (here unreachable), and the local store's games are never shown."""
    store.create_game(SETTINGS)
    nowhere = {**PRACTICE, "POKERLAB_DEALER_URL": "http://127.0.0.1:9"}
    for environ in ({**nowhere, "JUPYTERHUB_USER": "sam", "POKERLAB_TEACHERS": "sam"}, {**nowhere, **PASSWORD}):
        board = TeacherBoard(store=store, environ=environ)
        intent(board, {"type": "login", "password": PASSWORD["POKERLAB_TEACHER_PASSWORD"]})
        intent(board, {"type": "games"})
        assert board.screen == "refused" and board.refusal.startswith("The board could not reach the pokerlab service")
        assert board.games == [] and board.board == {}


@pytest.mark.parametrize("app", [FiveCardDrawApp, SaloonApp])
def test_the_games_played_in_the_kernel_are_marked_as_practice_only_there(app: type, monkeypatch: pytest.MonkeyPatch) -> None:
    assert GAME_PRACTICE not in app(seed=1, learner="Ada").table.lobby["paragraphs"]
    monkeypatch.setenv("POKERLAB_PRACTICE_SERVER", "1")
    assert app(seed=1, learner="Ada").table.lobby["paragraphs"][0] == GAME_PRACTICE
    spanish = app(seed=1, learner="Ada", language="es").table.lobby["paragraphs"][0]
    assert spanish == gettext("es", GAME_PRACTICE) and spanish.startswith("Práctica: en este hub")
