"""Games in progress: one slot per learner per game kind, rewritten atomically after every action."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pokerlab.storage import (
    Learner,
    SaveFileError,
    StorageError,
    end_game,
    game_in_progress,
    games_in_progress,
    keep_game,
)

ANN, BO = Learner(1, "Ann", "browser"), Learner(2, "Bo", "browser")


def test_the_latest_state_is_kept_with_its_summary_in_the_learner_s_folder(data_folder: Path) -> None:
    for hand in range(1, 5):
        path = keep_game(ANN, "five-card-draw", {"hand": hand, "hidden": ["As", "Kd"]}, summary=f"hand {hand}, 735 chips")
    kept = game_in_progress(ANN, "five-card-draw")
    assert kept is not None
    assert (kept.state, kept.summary) == ({"hand": 4, "hidden": ["As", "Kd"]}, "hand 4, 735 chips")
    assert path == data_folder / "learners" / "1" / "playing" / "five-card-draw.json"
    assert sorted(p.name for p in path.parent.iterdir()) == ["five-card-draw.json"]  # no .bak, no temp file
    assert json.loads(path.read_text())["format"] == "pokerlab-save"


def test_one_slot_per_kind_and_per_learner(data_folder: Path) -> None:
    keep_game(ANN, "saloon-draw", {"hand": 2})
    keep_game(ANN, "ladder", {"level": 3})
    keep_game(BO, "saloon-draw", {"hand": 9})
    assert games_in_progress(ANN) == ["ladder", "saloon-draw"] and games_in_progress(BO) == ["saloon-draw"]
    end_game(ANN, "saloon-draw")
    assert game_in_progress(ANN, "saloon-draw") is None
    assert game_in_progress(BO, "saloon-draw").state == {"hand": 9}  # type: ignore[union-attr]
    end_game(ANN, "saloon-draw")  # ending twice is harmless


def test_a_crash_while_keeping_leaves_the_previous_state(data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keep_game(ANN, "four-rows", {"clock": 41.5})

    def crash(*args: object) -> None:
        raise OSError("simulated crash")

    with monkeypatch.context() as patched, pytest.raises(StorageError) as caught:
        patched.setattr(os, "replace", crash)
        keep_game(ANN, "four-rows", {"clock": 12.0})
    assert "simulated crash" in caught.value.details
    assert game_in_progress(ANN, "four-rows").state == {"clock": 41.5}  # type: ignore[union-attr]
    assert [p.name for p in (data_folder / "learners" / "1" / "playing").iterdir()] == ["four-rows.json"]


@pytest.mark.parametrize(
    ("call", "message"),
    [(lambda: keep_game(ANN, "saloon-draw", [1, 2]), "dict of plain data"),  # type: ignore[arg-type]
     (lambda: keep_game(ANN, "saloon-draw", {"cards": {1, 2}}), "which a save cannot hold"),
     (lambda: keep_game(ANN, "Saloon Draw", {}), "not a usable game kind"),
     (lambda: keep_game(ANN, "saloon-draw", {}, summary="x" * 201), "at most 200"),
     (lambda: keep_game("Ann", "saloon-draw", {}), "belongs to a learner")],  # type: ignore[arg-type]
)
def test_bad_input_is_refused_before_anything_is_written(data_folder: Path, call: object, message: str) -> None:
    with pytest.raises(SaveFileError, match=message):
        call()  # type: ignore[operator]
    assert not (data_folder / "learners").exists()


def test_a_slot_of_another_kind_is_not_restored(data_folder: Path) -> None:
    path = keep_game(ANN, "ladder", {"level": 2})
    os.replace(path, path.with_name("saloon-draw.json"))
    with pytest.raises(SaveFileError, match="holds a 'ladder' game"):
        game_in_progress(ANN, "saloon-draw")


