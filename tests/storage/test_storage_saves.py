"""Saloon Draw's "save and restore a game": versioned JSON, atomic writes, clear refusals."""

from __future__ import annotations

import json
import math
import os
import string
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlab
from pokerlab.storage import (
    FORMAT_VERSION,
    SaveFileError,
    SaveNotFoundError,
    StorageError,
    atomic_files,
    list_saves,
    load_game,
    save_envelope,
    save_game,
)

KIND = "saloon-draw"
GAME: dict[str, Any] = {"hand_number": 12, "chips": {"you": 430, "Doc": 615}, "ante": 5, "log": ["deal"]}
UNCHANGED = "The file was not changed."


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A good save on disk, to be damaged by the test."""
    return save_game(tmp_path / "game.json", KIND, GAME)


def refuse(path: Path, match: str) -> SaveFileError:
    before = path.read_bytes()
    with pytest.raises(SaveFileError, match=match) as caught:
        load_game(path, KIND)
    assert UNCHANGED in str(caught.value)
    assert path.read_bytes() == before
    return caught.value


def rewrite(path: Path, **changes: Any) -> None:
    envelope = json.loads(path.read_text())
    envelope.update(changes)
    path.write_text(json.dumps(envelope))


def stray_files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.endswith(".tmp"))


# --- saving and restoring --------------------------------------------------------------------


def test_a_saved_game_restores_exactly(saved: Path) -> None:
    assert load_game(saved, KIND) == GAME


def test_a_save_by_name_restores_by_name(data_folder: Path) -> None:
    save_game("Friday night", KIND, GAME)
    assert load_game("Friday night", KIND) == GAME


def test_the_envelope_records_format_version_kind_pokerlab_version_and_utc_time(saved: Path) -> None:
    envelope = json.loads(saved.read_text())
    assert envelope["format"] == "pokerlab-save"
    assert envelope["format_version"] == FORMAT_VERSION
    assert envelope["kind"] == KIND
    assert envelope["pokerlab_version"] == pokerlab.__version__
    assert envelope["checksum"].startswith("sha256:")
    moment = datetime.fromisoformat(envelope["saved_at"])
    assert moment.utcoffset() == timedelta(0)
    assert abs(datetime.now(timezone.utc) - moment) < timedelta(minutes=5)


def test_overwriting_keeps_the_previous_save_as_bak(saved: Path) -> None:
    newer = {**GAME, "hand_number": 13}
    save_game(saved, KIND, newer)
    assert load_game(saved, KIND) == newer
    assert load_game(saved.with_suffix(".bak").rename(saved.with_name("old.json")), KIND) == GAME


def test_saving_leaves_no_temporary_files(saved: Path) -> None:
    save_game(saved, KIND, GAME)
    assert stray_files(saved.parent) == []


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=40)
@given(payload=st.dictionaries(st.text(), json_values, max_size=5))
def test_any_plain_json_payload_restores_equal(
    payload: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("roundtrip") / "game.json"
    save_game(path, KIND, payload)
    assert load_game(path, KIND) == payload


# --- refusing damaged, edited, foreign and future files ---------------------------------------


def test_a_truncated_file_is_refused_and_left_unchanged(saved: Path) -> None:
    data = saved.read_bytes()
    saved.write_bytes(data[: len(data) // 2])
    refuse(saved, "damaged or cut short")


def test_garbage_bytes_are_refused(saved: Path) -> None:
    saved.write_bytes(bytes(range(256)) * 4)
    refuse(saved, "not text")


def test_json_that_is_not_a_save_is_refused(saved: Path) -> None:
    saved.write_text("[1, 2, 3]")
    refuse(saved, "not a pokerlab saved game")


def test_an_edited_payload_fails_the_checksum(saved: Path) -> None:
    rewrite(saved, payload={**GAME, "chips": {"you": 99999, "Doc": 615}})
    refuse(saved, "do not match its checksum")


def test_an_edited_kind_fails_the_checksum(tmp_path: Path) -> None:
    path = save_game(tmp_path / "rows.json", "four-rows", {"score": 10})
    rewrite(path, kind=KIND)
    refuse(path, "do not match its checksum")


def test_a_missing_checksum_is_refused(saved: Path) -> None:
    envelope = json.loads(saved.read_text())
    del envelope["checksum"]
    saved.write_text(json.dumps(envelope))
    refuse(saved, "do not match its checksum")


def test_a_save_from_a_future_version_is_refused_with_update_advice(saved: Path) -> None:
    rewrite(saved, format_version=FORMAT_VERSION + 1, pokerlab_version="9.0.0")
    error = refuse(saved, "update pokerlab")
    assert "9.0.0" in str(error) and f"format {FORMAT_VERSION + 1}" in str(error)


@pytest.mark.parametrize("version", [0, -1, "1", None, True])
def test_a_format_version_never_written_is_refused(saved: Path, version: object) -> None:
    rewrite(saved, format_version=version)
    refuse(saved, "not one pokerlab ever wrote")


def test_a_save_of_another_kind_of_game_is_refused(tmp_path: Path) -> None:
    path = save_game(tmp_path / "rows.json", "four-rows", {"score": 10})
    refuse(path, "holds a 'four-rows' game, not a 'saloon-draw' game")


def test_a_payload_that_is_not_a_dict_in_the_file_is_refused(saved: Path) -> None:
    rewrite(saved, payload=[1, 2])
    refuse(saved, "not a dict")


def test_an_unreadable_saved_at_time_is_refused(saved: Path) -> None:
    rewrite(saved, saved_at="yesterday")
    refuse(saved, "saved-at time")


def test_a_refusal_points_to_the_backup_when_there_is_one(saved: Path) -> None:
    save_game(saved, KIND, {**GAME, "hand_number": 13})
    saved.write_text("{")
    error = refuse(saved, "cut short")
    assert "still kept, as game.bak" in str(error) and str(saved.with_suffix(".bak")) in error.details
    assert str(saved.parent) not in str(error)


def test_a_missing_named_save_says_there_is_no_saved_game_of_that_name(data_folder: Path) -> None:
    with pytest.raises(SaveNotFoundError, match="no saved game named 'nope'. There are no saved"):
        load_game("nope", KIND)
    save_game("Friday", KIND, GAME)
    with pytest.raises(SaveNotFoundError, match="no saved game named 'nope'. Saved saloon-draw games: Friday"):
        load_game("nope", KIND)


def test_a_missing_save_path_is_reported(tmp_path: Path) -> None:
    with pytest.raises(SaveNotFoundError, match="no saved game 'absent.json'") as caught:
        load_game(tmp_path / "absent.json", KIND)
    assert caught.value.details == str(tmp_path / "absent.json") and str(tmp_path) not in str(caught.value)


# --- refusing bad payloads before any file is touched -----------------------------------------


@pytest.mark.parametrize("payload", [[1, 2], "game", None, 7])
def test_a_payload_that_is_not_a_dict_is_refused(saved: Path, payload: Any) -> None:
    before = saved.read_bytes()
    with pytest.raises(SaveFileError, match="must be a dict"):
        save_game(saved, KIND, payload)
    assert saved.read_bytes() == before and not saved.with_suffix(".bak").exists()


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        ({"hand": (1, 2)}, r"payload\['hand'\] is a tuple.*use a list"),
        ({"seen": {"As", "Kd"}}, r"payload\['seen'\] is a set"),
        ({"odds": math.nan}, r"payload\['odds'\] is nan"),
        ({"odds": [1.0, math.inf]}, r"payload\['odds'\]\[1\] is inf"),
        ({"chips": {1: 500}}, r"payload\['chips'\] has the key 1; keys must be strings"),
        ({"card": pokerlab.parse_card("As")}, r"payload\['card'\] is a Card"),
    ],
)
def test_a_payload_json_cannot_hold_is_refused_before_writing(saved: Path, payload: Any, problem: str) -> None:
    before = saved.read_bytes()
    with pytest.raises(SaveFileError, match=problem + ".*Nothing was saved"):
        save_game(saved, KIND, payload)
    assert saved.read_bytes() == before
    assert not saved.with_suffix(".bak").exists()


def test_a_naive_saved_at_time_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="time zone"):
        save_game(tmp_path / "a.json", KIND, GAME, now=datetime(2026, 1, 1))


@pytest.mark.parametrize("name", ["", ".hidden", "star*", "x" * 65, "tab\there"])
def test_an_unusable_save_name_is_refused(name: str) -> None:
    with pytest.raises(SaveFileError, match="cannot be a save name"):
        save_game(name, KIND, GAME)


@pytest.mark.parametrize("kind", ["", "Saloon Draw", "../up", 3])
def test_an_unusable_kind_is_refused(tmp_path: Path, kind: Any) -> None:
    with pytest.raises(SaveFileError, match="not a usable game kind"):
        save_game(tmp_path / "a.json", kind, GAME)


# --- crashes in the middle of a save ----------------------------------------------------------


def crash(*args: object, **kwargs: object) -> None:
    raise OSError("simulated crash")


@pytest.mark.parametrize(
    ("target", "name"),
    [(os, "replace"), (os, "fsync"), (save_envelope.json, "dumps"), (atomic_files.os, "fdopen")],
)
def test_a_crash_mid_write_keeps_the_old_save_and_leaves_no_temporary_file(
    saved: Path, monkeypatch: pytest.MonkeyPatch, target: object, name: str
) -> None:
    before = saved.read_bytes()
    monkeypatch.setattr(target, name, crash)
    with pytest.raises((OSError, StorageError)) as caught:
        save_game(saved, KIND, {**GAME, "hand_number": 99})
    monkeypatch.undo()
    assert "simulated crash" in getattr(caught.value, "details", str(caught.value))
    assert saved.read_bytes() == before
    assert load_game(saved, KIND) == GAME
    assert stray_files(saved.parent) == []


def test_a_crash_between_backup_and_replace_keeps_the_old_save(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_replace = os.replace
    calls: list[str] = []

    def replace_backup_then_crash(source: str, destination: str) -> None:
        calls.append(str(destination))
        if str(destination).endswith(".json"):
            raise OSError("simulated crash")
        real_replace(source, destination)

    monkeypatch.setattr(os, "replace", replace_backup_then_crash)
    with pytest.raises(StorageError, match="Nothing that was saved before has been lost") as caught:
        save_game(saved, KIND, {**GAME, "hand_number": 99})
    monkeypatch.undo()
    assert "simulated crash" in caught.value.details
    assert calls == [str(saved.with_suffix(".bak")), str(saved)]
    assert load_game(saved, KIND) == GAME
    assert stray_files(saved.parent) == []


# --- the Restore menu ------------------------------------------------------------------------


def test_list_saves_gives_names_and_times_newest_first_with_damaged_ones_last(data_folder: Path) -> None:
    start = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
    save_game("Monday", KIND, GAME, now=start)
    save_game("Wednesday", KIND, GAME, now=start + timedelta(days=2))
    save_game("Tuesday", KIND, GAME, now=start + timedelta(days=1))
    save_game("Tuesday", KIND, GAME, now=start + timedelta(days=1))  # leaves Tuesday.bak, not listed
    broken = save_game("Broken", KIND, GAME)
    broken.write_text("{")
    save_game("Rows", "four-rows", {"score": 1})
    listing = list_saves(KIND)
    assert [info.name for info in listing] == ["Wednesday", "Tuesday", "Monday", "Broken"]
    assert [info.saved_at for info in listing[:3]] == [start + timedelta(days=d) for d in (2, 1, 0)]
    assert listing[3].saved_at is None and "cut short" in (listing[3].problem or "")
    assert all(info.problem is None for info in listing[:3])


def test_list_saves_is_empty_before_anything_is_saved() -> None:
    assert list_saves(KIND) == []


def test_save_names_may_use_letters_digits_spaces_dashes_and_underscores() -> None:
    name = "Game_2 of " + string.ascii_letters[:10] + "-x"
    save_game(name, KIND, GAME)
    assert [info.name for info in list_saves(KIND)] == [name]
