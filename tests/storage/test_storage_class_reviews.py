"""Revision 0012 (issue 27): the class games' reviews are stored as codes, not English.

``fixtures/class-reviews-0011.json`` holds reviews exactly as pokerlab wrote them before 0012 (27 deals:
24 played and reviewed by main's code at 6036e48 with random choices in three variants, 3 written by
hand for the forms random play did not reach: an all-in, a call of 1 chip, "drew 5", dollars in the
thousands). On SQLite and PostgreSQL: upgrading turns each into codes that the board reads back as the
same English; downgrading writes the very same text again; a review written in codes after the upgrade
downgrades to the English the review panel says; a sentence pokerlab never wrote stops the upgrade
with a message naming the row, and nothing is changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from pokerlab.classroom.board import snapshot
from pokerlab.classroom.reviews import coach_words, played_words, stage_words
from pokerlab.classroom.store import ClassStore
from pokerlab.coach import words
from pokerlab.storage import open_store
from pokerlab.storage.database import forget_stores
from pokerlab.storage.engines import make_engine
from pokerlab.storage.learners import Learner
from pokerlab.storage.urls import database_url
from tests.storage.backends import add_ann, at_revision, migrate

NOW = "2026-12-01T10:00:00.000000+00:00"
FIXTURE = Path(__file__).parent / "fixtures" / "class-reviews-0011.json"
GAMES = {"five-card-draw-antes": 1, "saloon-draw": 2, "five-card-draw-blinds": 3}
ROWS: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))


def _settings(variant: str) -> str:
    count = 3 if variant == "five-card-draw-blinds" else 2
    return json.dumps({"variant": variant, "opponent_count": count, "opponent_level": 2, "deal_count": 10})


def _old_database(target: str, rows: list[dict[str, Any]]) -> dict[tuple[int, int], str]:
    """A database at 0011 with one learner, the three games and ``rows``' reviews as 0011 stored them
    (``json.dumps`` of the list); returns each review's text by (game, deal)."""
    games = sa.table("class_games", *(sa.column(name) for name in (
        "id", "code", "teacher", "settings", "seeds", "status", "created_at")))
    results = sa.table("class_results", *(sa.column(name) for name in (
        "game_id", "learner_id", "deal_number", "chips", "actions", "review", "review_cost", "finished_at")))
    texts = {}
    with at_revision(target, "0011") as connection:
        add_ann(connection)
        for variant, game_id in GAMES.items():
            connection.execute(games.insert().values(id=game_id, code=f"GAME{game_id}X", teacher="teacher",
                                                     settings=_settings(variant), seeds=json.dumps(list(range(10))),
                                                     status="ended", created_at=NOW))
        for row in rows:
            key = (GAMES[row["variant"]], row["deal"])
            texts[key] = json.dumps(row["decisions"])
            cost = sum(float(item.get("chips") or 0.0) for item in row["decisions"])
            connection.execute(results.insert().values(game_id=key[0], learner_id=1, deal_number=key[1], chips=0,
                                                       actions="[]", review=texts[key], review_cost=cost,
                                                       finished_at=NOW))
    return texts


def _reviews(target: str) -> dict[tuple[int, int], str]:
    engine = make_engine(database_url(target))
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT game_id, deal_number, review FROM class_results")).all()
    engine.dispose()
    return {(int(game), int(deal)): review for game, deal, review in rows}


def test_english_reviews_become_codes_the_board_reads_as_the_same_words_and_go_back_unchanged(target: str) -> None:
    before = _old_database(target, ROWS)
    migrate(target, "0012")
    after = _reviews(target)
    assert after.keys() == before.keys()
    for row in ROWS:
        key = (GAMES[row["variant"]], row["deal"])
        dollars = row["variant"] == "saloon-draw"
        stored = json.loads(after[key])
        assert len(stored) == len(row["decisions"])
        for old, new in zip(row["decisions"], stored, strict=True):
            assert not {"stage", "played", "coach"} & new.keys(), new  # no English left
            assert (stage_words(new), played_words(new, dollars), coach_words(new, dollars)) == (
                old["stage"], old["played"], old["coach"])
            assert {key: new.get(key) for key in ("matches", "chips", "big_bets", "cards")} == {
                key: old.get(key) for key in ("matches", "chips", "big_bets", "cards")}
    # the board reads the codes: the costliest decision of the hand-written deal 9 (game 1) is the draw of 5
    board = snapshot(ClassStore(open_store(target)), 1)
    assert board.deals[8].costliest is not None
    assert board.deals[8].costliest.text == "1 of 1 threw all five cards in deal 9 (about 12 chips given up in all)"
    assert board.deals[8].costliest.words("es").startswith("1 de 1 cambió las cinco cartas en la mano 9")
    migrate(target, "0011", up=False)
    assert _reviews(target) == before  # byte for byte


def test_a_review_stored_as_codes_downgrades_to_the_words_of_the_review_panel(target: str) -> None:
    from pokerlab.classroom.class_games import ClassGameSettings, ClassMatch, passive_choice, play_out
    from pokerlab.classroom.reviews import decisions_for_board
    from pokerlab.coach.hand_review import coach_review

    _old_database(target, [])
    open_store(target)  # to the head
    store = ClassStore(open_store(target))
    game = store.create_game(ClassGameSettings("saloon-draw", opponent_count=2, deal_count=2))
    ann = Learner(1, "Ann", "browser")
    store.join(game.id, ann)
    match = ClassMatch(game.settings, store.seeds(game.id), "Ann")
    match.deal()
    hand = play_out(match, passive_choice)
    review = coach_review(list(hand.events), 0, match.rules, 200, 3, dollars=True)
    assert review.decisions
    store.record_result(game.id, ann, 1, match.learner_result() or 0, hand.actions)
    store.record_review(game.id, ann, 1, decisions_for_board(review, list(hand.events), 0))
    forget_stores()
    migrate(target, "0011", up=False)
    english = json.loads(_reviews(target)[game.id, 1])
    assert [(item["stage"], item["played"], item["coach"]) for item in english] == [
        (words.stage_name(decision.phase), words.played_words(decision), words.coach_words(decision)) for decision in review.decisions]
    migrate(target, "0012")
    again = json.loads(_reviews(target)[game.id, 1])
    assert [(stage_words(item), played_words(item, True), coach_words(item, True)) for item in again] == [
        (words.stage_name(decision.phase), words.played_words(decision), words.coach_words(decision)) for decision in review.decisions]


def test_a_sentence_pokerlab_never_wrote_stops_the_upgrade_and_changes_nothing(target: str) -> None:
    odd = {"variant": "five-card-draw-antes", "deal": 1, "decisions": [
        {"stage": "Before the draw", "played": "called 10 chips", "coach": "call 10 chips", "matches": True, "chips": 0.0,
         "big_bets": 0.0, "cards": ["Kh", "Kd", "As", "4c", "2d"]},
        {"stage": "After the draw", "played": "shoved it all", "coach": "fold", "matches": False, "chips": 3.0,
         "big_bets": 0.15, "cards": ["Kh", "Kd", "As", "4c", "2d"]}]}
    before = _old_database(target, [ROWS[1], odd])
    with pytest.raises(RuntimeError, match=r"cannot read the coach's review of class game 1, learner 1, deal 1: "
                                        r"the decision .*shoved it all.* is not one pokerlab wrote"):
        migrate(target, "0012")
    assert _reviews(target) == before
    engine = make_engine(database_url(target))
    with engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0011"
    engine.dispose()
