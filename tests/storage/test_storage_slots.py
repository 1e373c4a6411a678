"""Games in progress: one per learner and app, in the database, held by one page at a time (issue 24).

Run on SQLite and PostgreSQL. The files of older pokerlab versions are moved in on first use.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerlab.storage import Learner, SaveFileError, end_game, game_in_progress, games_in_progress, keep_game, open_store
from pokerlab.storage import slots
from pokerlab.storage.learners import learner_id_in
from pokerlab.storage.saves import save_game
from pokerlab.storage.slots import GameExistsError, GameTakenError


def learner(store: object, name: str) -> Learner:
    return open_store(store).write(lambda c: Learner(learner_id_in(c, name, create=True), name, "legacy"))  # type: ignore[arg-type]


def test_the_latest_state_is_kept_with_its_summary(target: str) -> None:
    ann = learner(target, "Ann")
    for hand in range(1, 5):
        keep_game(ann, "five-card-draw", {"hand": hand, "hidden": ["As", "Kd"]}, summary=f"hand {hand}, 735 chips",
                  store=target)
    kept = game_in_progress(ann, "five-card-draw", store=target)
    assert kept is not None
    assert (kept.state, kept.summary) == ({"hand": 4, "hidden": ["As", "Kd"]}, "hand 4, 735 chips")


def test_one_game_per_app_and_per_learner(target: str) -> None:
    ann, bo = learner(target, "Ann"), learner(target, "Bo")
    keep_game(ann, "saloon-draw", {"hand": 2}, store=target)
    keep_game(ann, "ladder", {"level": 3}, store=target)
    keep_game(bo, "saloon-draw", {"hand": 9}, store=target)
    assert games_in_progress(ann, store=target) == ["ladder", "saloon-draw"]
    assert games_in_progress(bo, store=target) == ["saloon-draw"]
    end_game(ann, "saloon-draw", store=target)
    assert game_in_progress(ann, "saloon-draw", store=target) is None
    assert game_in_progress(bo, "saloon-draw", store=target).state == {"hand": 9}  # type: ignore[union-attr]
    end_game(ann, "saloon-draw", store=target)  # ending twice is harmless


def test_a_page_holds_its_game_and_a_page_that_lost_it_is_refused_before_anything_changes(target: str) -> None:
    ann = learner(target, "Ann")
    store = open_store(target)
    store.write(lambda c: slots.start_in(c, ann, "ladder", game_id="g1", holder="page-1", state={"hand": 1}))
    with pytest.raises(GameExistsError):  # a second new game while one is kept (another tab pressed Start)
        store.write(lambda c: slots.start_in(c, ann, "ladder", game_id="g2", holder="page-2", state={"hand": 1}))

    def step(holder: str, hand: int) -> int:
        def work(c: object) -> int:
            held = slots.hold_in(c, ann, "ladder", holder, "g1")  # type: ignore[arg-type]
            return slots.store_step_in(c, ann, "ladder", held, {"hand": hand}, f"hand {hand}")  # type: ignore[arg-type]
        return store.write(work)

    assert step("page-1", 2) == 2
    taken = store.write(lambda c: slots.take_over_in(c, ann, "ladder", "page-2"))
    assert taken is not None and taken.state == {"hand": 2} and taken.holder == "page-2"
    with pytest.raises(GameTakenError, match="continues in your other tab"):
        step("page-1", 3)
    assert game_in_progress(ann, "ladder", store=target).state == {"hand": 2}  # type: ignore[union-attr]
    assert step("page-2", 3) == 3
    store.write(lambda c: slots.drop_in(c, ann, "ladder"))
    with pytest.raises(GameTakenError):  # the game is over (cleared): nobody holds it
        step("page-2", 4)


@pytest.mark.parametrize(
    ("state", "summary", "message"),
    [([1, 2], "", "dict of plain data"),
     ({"cards": {1, 2}}, "", "which a save cannot hold"),
     ({"x": float("nan")}, "", "JSON cannot store"),
     ({}, "x" * 201, "at most 200")],
)
def test_bad_input_is_refused_before_anything_is_written(target: str, state: object, summary: str, message: str) -> None:
    ann = learner(target, "Ann")
    with pytest.raises(SaveFileError, match=message):
        keep_game(ann, "saloon-draw", state, summary=summary, store=target)  # type: ignore[arg-type]
    assert game_in_progress(ann, "saloon-draw", store=target) is None


def test_a_game_belongs_to_a_learner_of_this_database(target: str) -> None:
    with pytest.raises(SaveFileError, match="belongs to a learner"):
        keep_game("Ann", "saloon-draw", {}, store=target)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not in this pokerlab database"):
        keep_game(Learner(999, "Stranger", "browser"), "saloon-draw", {}, store=target)
    with pytest.raises(SaveFileError, match="not a usable game kind"):
        keep_game(learner(target, "Ann"), "Saloon Draw", {}, store=target)


def test_a_game_kept_as_a_file_by_an_older_pokerlab_moves_into_the_database(data_folder: Path) -> None:
    ann = learner(None, "Ann")
    path = slots.slot_path(ann, "saloon-draw")
    save_game(path, "saloon-draw", {"summary": "hand 4, $735", "state": {"hand": 4}}, backup=False)
    kept = game_in_progress(ann, "saloon-draw")
    assert kept is not None and (kept.state, kept.summary) == ({"hand": 4}, "hand 4, $735")
    assert not path.exists()  # moved, once
    assert game_in_progress(ann, "saloon-draw").state == {"hand": 4}  # type: ignore[union-attr]


def test_an_older_file_that_is_damaged_is_left_where_it_is(data_folder: Path) -> None:
    ann = learner(None, "Ann")
    path = slots.slot_path(ann, "ladder")
    save_game(path, "ladder", {"summary": "level 2", "state": {"level": 2}}, backup=False)
    path.write_text(path.read_text().replace('"level": 2', '"level": 6'))  # edited: the checksum no longer fits
    assert game_in_progress(ann, "ladder") is None
    assert path.exists() and json.loads(path.read_text())["payload"]["state"] == {"level": 6}
