"""Class games in the database (SQLite, and PostgreSQL when a server is given): joining, resuming,
one result per learner per deal, the board's figures, CSV, ending and deleting."""

from __future__ import annotations

import csv
import io
import re
import tempfile
from pathlib import Path

import pytest
from sqlalchemy import event as sa_event
from hypothesis import given, settings as hypothesis_settings, strategies as st

from pokerlab.classroom.board import csv_text, snapshot
from pokerlab.classroom.class_games import ClassGameError, ClassGameSettings, ClassMatch, JoinCodeError, passive_choice, play_out
from pokerlab.classroom.deal_reports import deal_report
from pokerlab.classroom.store import ClassStore, open_class_store
from pokerlab.storage.database import forget_stores
from pokerlab.draw import Action
from tests.classroom.class_support import learner

class Who(dict):
    """Learners by name, each claimed from a browser the first time it is asked for."""

    def __init__(self, store: ClassStore) -> None:
        super().__init__()
        self.store = store

    def __missing__(self, name: str):
        self[name] = learner(self.store, name)
        return self[name]


@pytest.fixture
def who(store: ClassStore) -> Who:
    return Who(store)


SETTINGS = ClassGameSettings("five-card-draw-antes", opponent_count=2, opponent_level=2, deal_count=3)


def test_a_new_game_has_a_code_its_settings_and_hidden_seeds(store: ClassStore, who: Who) -> None:
    game = store.create_game(SETTINGS, teacher="ms-lee")
    assert game.is_open and game.settings == SETTINGS and game.teacher == "ms-lee"
    assert store.game_by_code(game.code.lower()) == game
    assert len(store.seeds(game.id)) == 3
    assert "seed" not in repr(game).lower()
    other = store.create_game(SETTINGS)
    assert other.code != game.code and store.seeds(other.id) != store.seeds(game.id)
    assert [g.id for g in store.games()] == [other.id, game.id]


def test_unknown_and_ended_codes_are_refused_in_plain_words(store: ClassStore, who: Who) -> None:
    game = store.create_game(SETTINGS)
    unknown = "ABCDEF" if game.code != "ABCDEF" else "ABCDEG"
    with pytest.raises(JoinCodeError, match="No class game has the code"):
        store.game_by_code(unknown)
    store.end_game(game.id)
    with pytest.raises(JoinCodeError, match="has ended"):
        store.game_by_code(game.code)
    assert store.game(game.id).status == "ended"


def test_joining_twice_keeps_the_place_and_progress_resumes(store: ClassStore, who: Who) -> None:
    game = store.create_game(SETTINGS)
    first = store.join(game.id, who["ann"])
    assert (first.deal_number, first.actions) == (1, ())
    store.save_progress(game.id, who["ann"], 1, [Action.call(), Action.stand_pat()])
    again = store.join(game.id, who["ann"])
    assert again.deal_number == 1 and again.actions == (Action.call(), Action.stand_pat())
    assert again.joined_at == first.joined_at
    with pytest.raises(ClassGameError, match="has not joined"):
        store.progress(game.id, who["bo"])


def test_the_first_play_of_a_deal_counts_and_moves_the_learner_on(store: ClassStore, who: Who) -> None:
    game = store.create_game(SETTINGS)
    store.join(game.id, who["ann"])
    store.save_progress(game.id, who["ann"], 1, [Action.fold()])
    assert store.record_result(game.id, who["ann"], 1, -5, [Action.fold()])
    assert not store.record_result(game.id, who["ann"], 1, 300, [Action.call()])
    assert [(r.learner, r.deal_number, r.chips) for r in store.results(game.id)] == [("ann", 1, -5)]
    progress = store.progress(game.id, who["ann"])
    assert (progress.deal_number, progress.actions) == (2, ())
    store.save_progress(game.id, who["ann"], 1, [Action.call()])  # a stale tab: ignored
    assert store.progress(game.id, who["ann"]).actions == ()


def test_a_learner_sees_a_deal_only_once_they_finished_it(store: ClassStore, who: Who) -> None:
    game = store.create_game(SETTINGS)
    for name, chips in (("ann", 20), ("bo", -10)):
        store.join(game.id, who[name])
        store.record_result(game.id, who[name], 1, chips, [])
    store.join(game.id, who["cy"])
    assert deal_report(store, game, who["cy"], 1) is None
    report = deal_report(store, game, who["ann"], 1)
    assert report is not None and report.results == (-10, 20) and report.duplicate == pytest.approx(0.75)
    assert "0 of the 1 other learner did better" in report.text
    assert "ann" not in report.text and "bo" not in report.text


def test_the_board_ranks_by_duplicate_score_and_names_the_costliest_decision(store: ClassStore, who: Who) -> None:
    game = store.create_game(SETTINGS)
    chips = {"ann": [40, -10], "bo": [-20, 10], "cy": [-20]}
    for name, results in chips.items():
        store.join(game.id, who[name])
        for deal, value in enumerate(results, start=1):
            store.record_result(game.id, who[name], deal, value, [])
    costly = {"phase": "draw", "action": "draw", "coach_action": "draw", "kept": ["9h", "Tc", "Jd", "Kh"],
              "matches": False, "chips": 4.0}
    call = {"phase": "betting_two", "action": "call", "amount": 20, "owed": 20, "coach_action": "call", "matches": True,
            "chips": 0.0}
    store.record_review(game.id, who["bo"], 1, [costly])
    store.record_review(game.id, who["cy"], 1, [costly, call])
    board = snapshot(store, game.id)
    assert [s.learner for s in board.ranking] == ["ann", "bo", "cy"]
    assert [s.duplicate for s in board.ranking] == pytest.approx([2.0 - 0.5, -1.0 + 0.5, -1.0])  # averages 0 and 0
    assert [line.text for line in board.players] == ["playing deal 3 of 3", "playing deal 3 of 3", "playing deal 2 of 3"]
    deal_one = board.deals[0]
    assert deal_one.results == (-20, -20, 40) and deal_one.spread == "-20 to +40"
    assert deal_one.costliest is not None
    assert deal_one.costliest.text == "2 of 3 drew to an inside straight in deal 1 (about 8 chips given up in all)"
    assert board.costliest == deal_one.costliest and board.deals[2].spread == "not played yet"
    assert board.ranking[1].review_cost == pytest.approx(4.0)
    assert deal_one.costliest.words("es") == "2 de 3 buscaron escalera interna en la mano 1 (en total costó alrededor de 8 fichas)"


def test_a_review_in_words_is_refused_and_nothing_is_stored(store: ClassStore, who: Who) -> None:
    game = store.create_game(SETTINGS)
    store.join(game.id, who["ann"])
    store.record_result(game.id, who["ann"], 1, 10, [])
    english = {"stage": "After the draw", "played": "called 20 chips", "coach": "fold", "matches": False, "chips": 6.0}
    with pytest.raises(ClassGameError, match="has no phase pokerlab knows .* the board keeps codes, not words"):
        store.record_review(game.id, who["ann"], 1, [english])
    unknown = {"phase": "betting_two", "action": "shove", "coach_action": "fold", "matches": False, "chips": 6.0}
    with pytest.raises(ClassGameError, match="action 'shove'"):
        store.record_review(game.id, who["ann"], 1, [unknown])
    assert store.details(game.id, who["ann"].id)[0].review is None


def test_the_board_reads_each_review_once_and_sees_a_review_written_again(store: ClassStore, who: Who) -> None:
    """Reviews are kept between refreshes (the board refreshes every few seconds): a refresh with no new
    review reads no review text, a new or rewritten review is read, and another game's reviews never mix in."""
    game, other = store.create_game(SETTINGS), store.create_game(SETTINGS)
    for current in (game, other):
        store.join(current.id, who["ann"])
        store.record_result(current.id, who["ann"], 1, 10, [])
    fold = {"phase": "betting_one", "action": "fold", "amount": 0, "owed": 10, "coach_action": "call", "matches": False,
            "chips": 2.0}
    call = {"phase": "betting_two", "action": "call", "amount": 20, "owed": 20, "coach_action": "fold", "matches": False,
            "chips": 6.0}
    store.record_review(other.id, who["ann"], 1, [call])
    review_reads: list[str] = []

    def listen(_connection, _cursor, statement: str, *_rest) -> None:  # noqa: ANN001
        if re.search(r"class_results\.review\s+FROM", statement):  # the review text itself is selected
            review_reads.append(statement)

    sa_event.listen(store.store.engine, "before_cursor_execute", listen)
    try:
        assert snapshot(store, game.id).costliest is None  # no review yet
        store.record_review(game.id, who["ann"], 1, [fold])
        review_reads.clear()
        assert snapshot(store, game.id).costliest.text.startswith("1 of 1 folded before the draw")
        assert len(review_reads) == 1
        review_reads.clear()
        assert snapshot(store, game.id).costliest.text.startswith("1 of 1 folded before the draw")
        assert review_reads == []  # nothing new: no review text read
        store.record_review(game.id, who["ann"], 1, [call])  # written again: the board follows
        assert snapshot(store, game.id).costliest.text.startswith("1 of 1 called 20 chips after the draw")
        assert snapshot(store, other.id).costliest.text.startswith("1 of 1 called 20 chips after the draw")
    finally:
        sa_event.remove(store.store.engine, "before_cursor_execute", listen)


def test_csv_export_has_every_result_with_its_duplicate_score(store: ClassStore, who: Who) -> None:
    game = store.create_game(SETTINGS)
    for name, value in (("ann", 30), ("bo", -10)):
        store.join(game.id, who[name])
        store.record_result(game.id, who[name], 1, value, [])
    rows = list(csv.DictReader(io.StringIO(csv_text(store, game.id))))
    assert [(r["learner"], r["chips"], r["duplicate_big_bets"]) for r in rows] == [("ann", "30", "1.000"), ("bo", "-10", "-1.000")]
    assert {r["game"] for r in rows} == {game.code}


def test_deleting_a_game_removes_its_players_and_results_only(store: ClassStore, who: Who) -> None:
    keep, drop = store.create_game(SETTINGS), store.create_game(SETTINGS)
    for game in (keep, drop):
        store.join(game.id, who["ann"])
        store.record_result(game.id, who["ann"], 1, 5, [])
    store.delete_game(drop.id)
    assert [g.id for g in store.games()] == [keep.id]
    assert len(store.results(keep.id)) == 1 and store.results(drop.id) == []
    with pytest.raises(ClassGameError, match="no class game"):
        store.game(drop.id)


def test_a_played_deal_stored_and_read_back_replays_to_the_same_result(store: ClassStore, who: Who) -> None:
    game = store.create_game(SETTINGS)
    store.join(game.id, who["ann"])
    match = ClassMatch(game.settings, store.seeds(game.id))
    match.deal()
    hand = play_out(match, passive_choice)
    store.record_result(game.id, who["ann"], 1, match.learner_result(), hand.actions)
    detail = store.details(game.id, who["ann"].id)[0]
    replay = ClassMatch(game.settings, store.seeds(game.id))
    assert replay.deal(1, detail.actions).results.net[0] == detail.chips


@hypothesis_settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["ann", "bo", "cy"]), st.integers(1, 3), st.integers(-500, 500)), max_size=25))
def test_one_result_per_learner_per_deal_whatever_the_attempts(attempts: list[tuple[str, int, int]]) -> None:
    forget_stores()
    store = open_class_store(Path(tempfile.mkdtemp()) / "class.sqlite3")
    people = Who(store)
    game = store.create_game(SETTINGS)
    first: dict[tuple[str, int], int] = {}
    for name, deal, chips in attempts:
        store.join(game.id, people[name])
        stored = store.record_result(game.id, people[name], deal, chips, [])
        assert stored == ((name, deal) not in first)
        first.setdefault((name, deal), chips)
    assert {(r.learner, r.deal_number): r.chips for r in store.results(game.id)} == first
    assert len(store.results(game.id)) == len(first)
    forget_stores()
