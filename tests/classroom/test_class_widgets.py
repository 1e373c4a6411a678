"""The learner's class-game app and the teacher's board, driven through their intents, with every
payload they send recorded (nothing hidden may be in it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pokerlab.classroom.class_games import ClassGameSettings
from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.classroom.store import ClassStore, open_class_store
from pokerlab.widgets.board import TeacherBoard
from pokerlab.widgets.class_game import ClassGameApp
from tests.classroom.class_support import sqlite_class_store
from tests.widgets.recording import install

SETTINGS = ClassGameSettings("five-card-draw-antes", opponent_count=2, opponent_level=3, deal_count=3)
PASSWORD = {"POKERLAB_TEACHER_PASSWORD": "owl-42"}


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ClassStore:
    return sqlite_class_store(tmp_path, monkeypatch)


def page(store: ClassStore, name: str) -> ClassGameApp:
    """A learner's page with the name typed in its lobby."""
    app = ClassGameApp(store=store)
    app.claim_name(name)
    assert app.learner is not None and app.learner.name == name, app.table.message
    return app


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    payloads: list[str] = []
    install(monkeypatch, lambda data: payloads.append(json.dumps(data, default=str)))
    return payloads


def intent(widget: Any, content: dict[str, Any]) -> None:
    widget._on_message(widget, content, None)


def play_current_deal(app: ClassGameApp, choose_call: bool = True) -> None:
    """Act through the table as a browser would: the learner calls/checks and stands pat; the
    opponents are asked to step."""
    table = app.table
    while table.table["phase"] != "over":
        if table.table["is_my_turn"]:
            kinds = [item["kind"] for item in table.table["legal"]]
            if "draw" in kinds:
                intent(table, {"type": "act", "kind": "draw", "discards": []})
            else:
                kind = next(k for k in (("check", "call") if choose_call else ("check", "fold")) + ("fold",) if k in kinds)
                intent(table, {"type": "act", "kind": kind})
        else:
            intent(table, {"type": "step", "version": table._version})


def test_an_unknown_code_is_refused_in_words_and_nothing_is_joined(store: ClassStore) -> None:
    app = page(store, "ann")
    intent(app.table, {"type": "app", "id": "join", "fields": {"code": "ZZZZZZ"}})
    assert "No class game has the code ZZZZZZ" in app.table.message and app.table.screen == "lobby"
    game = store.create_game(SETTINGS)
    store.end_game(game.id)
    intent(app.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    assert "has ended" in app.table.message and store.players(game.id) == []


def test_the_name_comes_first_then_the_code(store: ClassStore) -> None:
    game = store.create_game(SETTINGS)
    app = ClassGameApp(store=store)
    assert app.children[0] is app.identity and "input" not in app.table.lobby
    app.claim_name("  ")
    assert app.table.message and app.learner is None
    app.identity.adopt(claim(store.store, "Ann Lee", new_key()))  # the identity widget found who it is
    assert app.learner.name == "Ann Lee" and app.table.lobby["input"]["name"] == "code"
    intent(app.table, {"type": "app", "id": "join", "fields": {"code": game.code.lower()}})
    assert app.table.screen == "table" and [p.learner for p in store.players(game.id)] == ["Ann Lee"]
    other = ClassGameApp(store=store)  # another browser typing the same name
    other.claim_name("ann lee")
    assert "already taken" in other.table.message and other.learner is None
    app.identity.adopt(claim(store.store, "Bo", new_key()))  # "Not you?": Bo takes over the page
    assert app.learner.name == "Bo" and app.table.screen == "lobby" and app.match is None


def test_three_deals_are_played_stored_once_and_reviewed_and_no_seed_is_ever_sent(store: ClassStore, sent: list[str]) -> None:
    game = store.create_game(SETTINGS)
    seeds = store.seeds(game.id)
    app = page(store, "ann")
    intent(app.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    for number in (1, 2, 3):
        assert app.table.table["hand_number"] == number
        play_current_deal(app)
        intent(app.table, {"type": "review"})  # worked out in a thread, as in the apps: waiting, then ready
        app.wait_for_review()
        assert app.table.review["heading"].endswith(f"hand {number}") and app.table.review.get("items") is not None
        intent(app.table, {"type": "review"})
        intent(app.table, {"type": "next"})
    assert app.table.screen == "end" and "duplicate score" in " ".join(app.table.end["paragraphs"])
    results = store.results(game.id)
    assert [(r.learner, r.deal_number) for r in results] == [("ann", 1), ("ann", 2), ("ann", 3)]
    assert all(r.review_cost is not None for r in results)
    everything = "\n".join(sent)
    assert not any(str(seed) in everything for seed in seeds)
    assert not any(str(seed % 2**32) in everything for seed in seeds)


def test_leaving_and_coming_back_resumes_the_same_deal_at_the_same_moment(store: ClassStore) -> None:
    game = store.create_game(SETTINGS)
    first = page(store, "ann")
    intent(first.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    while not first.table.table["is_my_turn"]:
        intent(first.table, {"type": "step", "version": first.table._version})
    kinds = [item["kind"] for item in first.table.table["legal"]]
    intent(first.table, {"type": "act", "kind": "call" if "call" in kinds else "check"})
    seen = first.table.table
    again = ClassGameApp(store=store, learner=first.learner)  # a new page, the same learner (the identity widget's job)
    intent(again.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    resumed = again.table.table
    assert resumed["hand_number"] == 1
    assert resumed["players"][0]["cards"] == seen["players"][0]["cards"]
    assert [p["bet"] for p in resumed["players"]] == [p["bet"] for p in seen["players"]]
    assert first.match.hand.actions == again.match.hand.actions


def test_a_class_game_is_played_in_one_tab_and_a_stale_tab_learns_nothing(store: ClassStore) -> None:
    """Issue 24: the older tab used to act once more after the newer one took over, and saw the cards
    the counting tab then drew. Now the newest tab holds the game and the older one is refused
    before the engine is asked."""
    game = store.create_game(ClassGameSettings("five-card-draw-antes", 2, 1, 1))
    bo = page(store, "bo")
    pages = [bo, ClassGameApp(store=store, learner=bo.learner)]
    for tab in pages:
        intent(tab.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    stale, counting = pages
    before = stale.table.table
    if before["is_my_turn"]:
        intent(stale.table, {"type": "act", "kind": "fold"})
    else:
        intent(stale.table, {"type": "step", "version": stale.table._version})
    assert stale.table.screen == "lobby" and stale.table.table == {} and stale.match is None
    assert stale.table.lobby["paragraphs"][0] == "This game continues in your other tab."
    assert store.results(game.id) == [] and store.progress(game.id, bo.learner).actions == ()
    play_current_deal(counting, choose_call=True)
    assert [result.chips for result in store.results(game.id)] == [counting.match.learner_result()]


def test_a_learner_sees_the_class_only_on_deals_they_finished(store: ClassStore) -> None:
    game = store.create_game(SETTINGS)
    for name, chips in (("zed", 123), ("yan", -77)):
        someone = page(store, name).learner
        store.join(game.id, someone)
        store.record_result(game.id, someone, 1, chips, [])
        store.record_result(game.id, someone, 2, chips + 1, [])
    app = page(store, "ann")
    intent(app.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    side = json.dumps(app.table.side)
    assert "123" not in side and "-77" not in side
    play_current_deal(app)
    side = json.dumps(app.table.side)
    assert "Your deals against the class" in side and "zed" not in side
    assert "124" not in side  # deal 2 is not finished by ann


def test_the_coach_sits_out(store: ClassStore) -> None:
    game = store.create_game(SETTINGS)
    app = page(store, "ann")
    intent(app.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    intent(app.table, {"type": "coach"})
    assert "sits out" in app.table.message and not app.table.coach_open


@pytest.mark.parametrize("url, words", [
    ("postgresql+psycopg://nobody@127.0.0.1:1/none", "the data store cannot be reached"),
    ("mysql://somewhere/db", "database setting is wrong"),
])
def test_a_database_that_cannot_be_opened_is_a_plain_message(url: str, words: str) -> None:
    app = ClassGameApp(store_opener=lambda: open_class_store(url))
    app.claim_name("Ann")
    assert words in app.table.message and app.table.screen == "lobby"
    board = TeacherBoard(environ=PASSWORD, store_opener=lambda: open_class_store(url))
    intent(board, {"type": "login", "password": "owl-42"})
    assert words in board.message


# ----- the board -------------------------------------------------------------------------------------

def test_without_a_password_set_the_board_refuses_and_holds_no_data(store: ClassStore, sent: list[str]) -> None:
    store.create_game(SETTINGS)
    board = TeacherBoard(store=store, environ={})
    intent(board, {"type": "games"})
    intent(board, {"type": "select", "id": 1})
    assert board.screen == "refused" and "No teacher password" in board.refusal
    assert board.games == [] and board.board == {}
    assert not any('"code"' in payload for payload in sent)


def test_on_a_hub_only_listed_teachers_get_in(store: ClassStore) -> None:
    learner = TeacherBoard(store=store, environ={"JUPYTERHUB_USER": "sam", "POKERLAB_TEACHERS": "ms-lee"})
    teacher = TeacherBoard(store=store, environ={"JUPYTERHUB_USER": "ms-lee", "POKERLAB_TEACHERS": "ms-lee"})
    assert learner.screen == "refused" and "sam is not listed" in learner.refusal
    assert teacher.screen == "board" and teacher.teacher == "ms-lee"


def test_a_wrong_password_opens_nothing(store: ClassStore) -> None:
    from tests.classroom.test_teacher_password_waits import FakeClock, gate_with

    clock = FakeClock()
    store.create_game(SETTINGS)
    board = TeacherBoard(store=store, environ=PASSWORD, password_gate=gate_with(clock))
    intent(board, {"type": "login", "password": "owl"})
    intent(board, {"type": "refresh"})
    assert board.screen == "login" and board.games == [] and "not the teacher password" in board.message
    clock.advance(1.0)  # the wait after one wrong password
    intent(board, {"type": "login", "password": "owl-42"})
    assert board.screen == "board" and len(board.games) == 1


def test_an_empty_password_asks_for_one_and_starts_no_wait(store: ClassStore) -> None:
    from tests.classroom.test_teacher_password_waits import FakeClock, gate_with

    clock = FakeClock()
    board = TeacherBoard(store=store, environ=PASSWORD, password_gate=gate_with(clock))
    for _ in range(3):  # a teacher pressing "Open the board" before typing: asked to type, never made to wait
        intent(board, {"type": "login", "password": ""})
        assert board.screen == "login" and board.message == "Type the teacher password, then open the board."
    assert gate_with(clock)(store, PASSWORD).remaining() == 0.0
    intent(board, {"type": "login", "password": "owl-42"})  # at once, with no wait to sit out
    assert board.screen == "board"


def test_the_board_follows_the_class_and_exports_ends_and_deletes(store: ClassStore, sent: list[str]) -> None:
    board = TeacherBoard(store=store, environ=PASSWORD)
    intent(board, {"type": "login", "password": "owl-42"})
    intent(board, {"type": "create", "fields": {"variant": "five-card-draw-blinds", "opponent_count": "2",
                                                "opponent_level": "2", "deal_count": "3"}})
    code = board.board["code"]
    assert board.board["open"] and code in board.message
    players = {}
    for name in ("ann", "bo", "cy"):
        players[name] = page(store, name)
        intent(players[name].table, {"type": "app", "id": "join", "fields": {"code": code}})
    play_current_deal(players["ann"], choose_call=True)
    play_current_deal(players["bo"], choose_call=False)
    intent(board, {"type": "refresh"})
    ranking = board.board["ranking"]
    assert {line["name"] for line in ranking} == {"ann", "bo", "cy"} and ranking[-1]["name"] == "cy"
    assert board.board["deals"][0]["played"] == 2
    intent(board, {"type": "learner", "name": "ann"})
    assert board.detail["learner"] == "ann" and board.detail["deals"][0]["history"]
    assert any("ann" in line for line in board.detail["deals"][0]["history"])
    intent(board, {"type": "release", "name": "ann"})
    assert "ann is free again" in board.message
    assert page(store, "ann").learner.id == players["ann"].learner.id  # a new browser gets the name and its results
    intent(board, {"type": "csv"})
    download = next(p for p in reversed(sent) if f"class-game-{code}.csv" in p)
    assert "duplicate_big_bets" in download and "ann" in download and "bo" in download
    intent(board, {"type": "phh", "every_card": True})  # every card only once the game has ended
    assert "only once the game has ended" in board.message and not any('"download"' in p and ".phhs" in p for p in sent)
    intent(board, {"type": "phh", "every_card": False})
    assert "hand(s) in" in board.message
    as_seen = next(p for p in reversed(sent) if f"class-game-{code}-as-played.phhs" in p and '"download"' in p)
    assert "_learner" in as_seen and "??" in as_seen
    game_id = board.board["id"]
    intent(board, {"type": "end", "id": game_id})
    assert board.games[0]["status"] == "ended" and not board.board["open"]
    intent(board, {"type": "phh", "every_card": True})
    assert any(f"class-game-{code}-every-card.phhs" in p and '"download"' in p for p in sent)
    intent(players["cy"].table, {"type": "app", "id": "join", "fields": {"code": code}})
    assert "has ended" in players["cy"].table.message
    intent(board, {"type": "delete", "id": game_id})
    assert board.games == [] and board.board == {}
    seeds_free = "\n".join(sent)
    assert "seeds" not in seeds_free


def test_bad_settings_on_the_board_are_a_plain_message(store: ClassStore) -> None:
    board = TeacherBoard(store=store, environ=PASSWORD)
    intent(board, {"type": "login", "password": "owl-42"})
    intent(board, {"type": "create", "fields": {"variant": "five-card-draw-antes", "opponent_count": "x", "deal_count": "3"}})
    assert "must be a whole number" in board.message and board.games == []
    intent(board, {"type": "create", "fields": {"variant": "five-card-draw-antes", "opponent_count": "2", "deal_count": "99"}})
    assert "1 to 50 deals" in board.message and board.games == []


def test_the_board_shows_each_learners_lessons_and_quiz_answers(store: ClassStore) -> None:
    from pokerlab.storage import record_lesson, record_quiz_answer

    game = store.create_game(SETTINGS)
    ann, bo = page(store, "ann"), page(store, "bo")
    for app in (ann, bo):
        intent(app.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    record_lesson(store.store, ann.learner, "01-hand-rankings", 5, 5, done=True)
    record_lesson(store.store, ann.learner, "02-tie-breaks", 2, 6)
    record_quiz_answer(store.store, ann.learner, "rankings", "easy", "q1", "a", True)
    record_quiz_answer(store.store, ann.learner, "rankings", "easy", "q2", "b", False)
    board = TeacherBoard(store=store, environ=PASSWORD)
    intent(board, {"type": "login", "password": "owl-42"})
    lines = {line["name"]: line for line in board.board["learning"]}
    assert lines["ann"] == {"name": "ann", "lessons": "01-hand-rankings", "started": "02-tie-breaks", "quiz": "1 of 2"}
    assert lines["bo"]["quiz"] == "no answers yet" and lines["bo"]["lessons"] == "none"


def test_a_page_closed_just_after_the_learners_draw_resumes_after_it(store: ClassStore) -> None:
    """The opponents' actions after the learner's are not stored, yet a new page continues exactly:
    the learner never gets a second try at a decision they saw the outcome of."""
    game = store.create_game(ClassGameSettings("ladder", 4, 3, 1))
    first = page(store, "ann")
    intent(first.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    table = first.table
    while table.table["phase"] != "over" and not any(item["kind"] == "draw" for item in table.table["legal"]):
        if table.table["is_my_turn"]:
            kinds = [item["kind"] for item in table.table["legal"]]
            intent(table, {"type": "act", "kind": "check" if "check" in kinds else "call"})
        else:
            intent(table, {"type": "step", "version": table._version})
    if table.table["phase"] == "over":
        pytest.skip("this deal ended before the draw")
    mine = first.table.table["players"][0]["cards"]
    intent(table, {"type": "act", "kind": "draw", "discards": mine[:3]})
    drawn = first.match.hand.cards(0)
    again = ClassGameApp(store=store, learner=first.learner)
    intent(again.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    assert again.match.hand.cards(0) == drawn and again.match.hand.draw_counts[0] == 3
    while again.match.is_bot_turn():
        again.match.bot_step()
    while first.match.is_bot_turn():
        first.match.bot_step()
    assert again.match.hand.actions == first.match.hand.actions


def test_end_stops_recording_at_once_even_a_deal_in_progress(store: ClassStore) -> None:
    """Issue 24: a deal in progress used to be stored after the teacher pressed End."""
    game = store.create_game(ClassGameSettings("five-card-draw-antes", 2, 1, 2))
    ann = page(store, "Ann")
    intent(ann.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    store.end_game(game.id)  # the teacher presses End while Ann is mid-deal
    table = ann.table
    while table.screen == "table" and table.table["phase"] != "over":
        if table.table["is_my_turn"]:
            kinds = [item["kind"] for item in table.table["legal"]]
            intent(table, {"type": "act", "kind": "draw", "discards": []} if "draw" in kinds else
                   {"type": "act", "kind": "call" if "call" in kinds else "check"})
        else:
            intent(table, {"type": "step", "version": table._version})
    assert store.results(game.id) == []
    assert ann.table.screen == "end" and "has ended the class game" in ann.table.message


def test_a_roster_game_lets_in_only_the_names_on_it(store: ClassStore) -> None:
    game = store.create_game(SETTINGS, roster="Ann Lee\nBo,  Cy ")
    assert game.roster == ("Ann Lee", "Bo", "Cy")
    stranger = page(store, "Dee")
    intent(stranger.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    assert stranger.table.screen == "lobby" and "not one of them" in stranger.table.message
    listed = page(store, "ann lee")
    intent(listed.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    assert listed.table.screen == "table"
    assert [player.learner for player in store.players(game.id)] == ["ann lee"]


def test_one_browser_plays_a_class_game_under_one_name(store: ClassStore) -> None:
    """Issue 24: a learner claimed a second name, played a deal, saw its cards and the class spread,
    then played it again under the first name with the same cards."""
    game = store.create_game(SETTINGS)
    browser = new_key()
    first = ClassGameApp(store=store)
    first.identity.browser = browser
    first.claim_name("Ann")
    intent(first.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    assert first.table.screen == "table"
    second = ClassGameApp(store=store)  # the same browser, a second name
    second.identity.browser = browser
    second.claim_name("Annie")
    intent(second.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    assert second.table.screen == "lobby" and "already plays this class game as Ann" in second.table.message
    assert [player.learner for player in store.players(game.id)] == ["Ann"]
    other = ClassGameApp(store=store)  # another browser may join under another name
    other.identity.browser = new_key()
    other.claim_name("Bo")
    intent(other.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    assert other.table.screen == "table"


def test_the_identity_widget_keeps_only_a_proper_browser_key() -> None:
    from pokerlab.widgets.identity import IdentityWidget

    widget = IdentityWidget()
    key = new_key()
    intent(widget, {"type": "hello", "query": "", "browser": key})
    assert widget.browser == key
    intent(widget, {"type": "hello", "query": "", "browser": "x" * 10_000})
    assert widget.browser is None


def test_the_teacher_gives_a_roster_when_creating_a_game(store: ClassStore) -> None:
    board = TeacherBoard(store=store, environ=PASSWORD)
    intent(board, {"type": "login", "password": "owl-42"})
    intent(board, {"type": "create", "fields": {"variant": "five-card-draw-antes", "opponent_count": "2",
                                                 "opponent_level": "1", "deal_count": "2", "roster": "Ann\nBo\n"}})
    assert "Only the 2 names on its roster may join" in board.message
    assert store.game(board.selected).roster == ("Ann", "Bo")


def test_the_board_shows_each_learners_results_at_the_live_tables(store: ClassStore) -> None:
    from pokerlab.dealer.store import TableStore

    ann = page(store, "Ann")
    TableStore(store.store).keep("K7Q2MX", "playing", 3, {"code": "K7Q2MX"}, "Ann", [
        {"hand_number": 1, "net": {ann.learner.id: 40}}, {"hand_number": 2, "net": {ann.learner.id: -15}}])
    board = TeacherBoard(store=store, environ=PASSWORD)
    intent(board, {"type": "login", "password": "owl-42"})
    assert board.live == [{"code": "K7Q2MX", "name": "Ann", "hands": 2, "chips": "+25"}]


def test_a_class_deal_is_reviewed_as_in_the_apps_in_a_thread_with_the_bet_cap(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 25: the class game's own flow had drifted from the apps': its review ignored the bet cap
    and ran in the message handler. It is the apps' flow now."""
    import threading

    from pokerlab.apps import decision_review

    calls: list[tuple[str, Any]] = []
    real = decision_review.review_hand

    def watched(*args: Any, **kwargs: Any) -> Any:
        calls.append((threading.current_thread().name, kwargs.get("bet_cap")))
        return real(*args, **kwargs)

    monkeypatch.setattr(decision_review, "review_hand", watched)
    game = store.create_game(ClassGameSettings("five-card-draw-blinds", 2, 1, 1))
    app = page(store, "Ann")
    intent(app.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    play_current_deal(app)
    app.wait_for_review()
    assert calls == [("pokerlab-review", game.settings.rules().bet_cap)]
    assert store.results(game.id)[0].review_cost is not None  # and stored for the board


def test_a_spanish_class_game_page_says_everything_in_spanish_and_again_in_english(store: ClassStore) -> None:
    from tests.i18n import english_left, shown_texts

    game = store.create_game(ClassGameSettings("five-card-draw-antes", opponent_count=2, opponent_level=3, deal_count=1))
    app = ClassGameApp(store=store, language="es")
    seen = shown_texts(app.table.lobby) + [app.table.title, app.identity.purpose]
    app.claim_name("Ana")
    assert app.table.lobby["heading"] == "Unirse a una partida de clase"
    seen += shown_texts(app.table.lobby)
    intent(app.table, {"type": "app", "id": "join", "fields": {"code": game.code}})
    assert app.table.screen == "table" and app.table.title == f"Partida de clase {game.code}"
    intent(app.table, {"type": "coach"})
    seen += [app.table.message]
    play_current_deal(app)
    app.wait_for_review()
    intent(app.table, {"type": "review"})  # the coach's review of the deal, opened by the learner
    app.wait_for_review()
    assert app.table.review["heading"] == "Tus decisiones en la mano 1"
    seen += shown_texts(app.table.side) + shown_texts(app.table.review)
    assert any(line.startswith("Mano 1: tú ") for line in app.table.side["paragraphs"]), app.table.side
    intent(app.table, {"type": "next"})
    assert app.table.screen == "end" and app.table.end["heading"] == f"Partida de clase {game.code}: jugadas las 1 manos"
    seen += shown_texts(app.table.end)
    assert len(seen) > 20 and english_left(seen, "es") == []
    intent(app.table, {"type": "language", "language": "en"})  # the learner picks English: said again
    assert app.table.title == f"Class game {game.code}" and "all 1 deals played" in app.table.end["heading"]
    assert app.table.end["tables"][0]["head"][0] == "Deal" and app.identity.language == "en"
