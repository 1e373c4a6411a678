"""A data folder written by pokerlab 0.1.0 (tests/storage/fixtures/legacy-v1, made by that version's
code with make_legacy_v1.py) upgrades in place without loss, and its "you" becomes the first learner's."""

from __future__ import annotations

import importlib
import json
import shutil
import sqlite3
from datetime import datetime
from pathlib import Path

import alembic.operations
import pytest
from alembic.script import ScriptDirectory

from pokerlab.classroom import identity, names_and_keys
from pokerlab.storage import (
    HighScores,
    StorageError,
    StorageReadOnlyError,
    Wallet,
    all_learners,
    ladder_level,
    list_saves,
    load_game,
    open_store,
    save_adoption,
)
from pokerlab.storage.alembic_upgrade import SQLITE_USER_VERSION, alembic_config
from pokerlab.storage.database import forget_stores, schema_revision
from pokerlab.storage.paths import DATABASE_FILENAME

code_of = importlib.import_module("pokerlab.storage.migrations.versions.0013_wallet_reason_codes").code_of

FIXTURE = Path(__file__).with_name("fixtures") / "legacy-v1"
KIND = "saloon-draw"


@pytest.fixture
def legacy(data_folder: Path) -> Path:
    """A copy of the 0.1.0 data folder as this test's data folder."""
    shutil.copytree(FIXTURE, data_folder)
    return data_folder


def old_rows(database: Path) -> dict[str, list[tuple[object, ...]]]:
    """What 0.1.0's tables hold, read with plain sqlite3 as 0.1.0 would."""
    with sqlite3.connect(database) as connection:
        return {
            "wallets": connection.execute("SELECT player, balance FROM wallets ORDER BY player").fetchall(),
            "transactions": connection.execute(
                "SELECT player, amount, balance_after, reason, at FROM wallet_transactions ORDER BY id"
            ).fetchall(),
            "scores": connection.execute("SELECT name, score, at FROM high_scores ORDER BY id").fetchall(),
            "ladder": connection.execute("SELECT player, level FROM ladder_progress ORDER BY player").fetchall(),
        }


def dump(database: Path) -> list[str]:
    with sqlite3.connect(database) as connection:
        return list(connection.iterdump())


def test_the_fixture_is_what_pokerlab_0_1_0_wrote() -> None:
    rows = old_rows(FIXTURE / DATABASE_FILENAME)
    assert rows["wallets"] == [("Ada", 850), ("you", 1300)]
    assert len(rows["transactions"]) == 8 and rows["ladder"] == [("Ada", 1), ("you", 3)]
    with sqlite3.connect(FIXTURE / DATABASE_FILENAME) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "alembic_version" not in tables and "learners" not in tables
    assert sorted(path.name for path in (FIXTURE / "saves" / KIND).iterdir()) == [
        "Friday night.bak", "Friday night.json", "evening.json",
    ]


def test_opening_upgrades_in_place_and_keeps_every_row(legacy: Path) -> None:
    before = old_rows(legacy / DATABASE_FILENAME)
    store = open_store()
    assert store.path == legacy / DATABASE_FILENAME
    assert schema_revision() == tuple(ScriptDirectory.from_config(alembic_config()).get_heads())
    learners = {learner.name: learner for learner in all_learners()}
    assert {name: learner.kind for name, learner in learners.items()} == {"you": "legacy", "Ada": "legacy"}
    wallet = Wallet()
    assert wallet.balance("you") == 1300 and wallet.balance("Ada") == 850
    history = [(t.player, t.amount, t.balance_after, t.reason, t.at) for t in wallet.history("you")]
    history += [(t.player, t.amount, t.balance_after, t.reason, t.at) for t in wallet.history("Ada")]
    expected = [(p, a, b, code_of(r), datetime.fromisoformat(at))  # 0.1's English reasons are codes now (0013)
                for p, a, b, r, at in before["transactions"]]
    assert sorted(history, key=lambda t: (t[0] != "you", t[4])) == sorted(
        expected, key=lambda t: (t[0] != "you", t[4])
    )
    assert [(e.name, e.score, e.when) for e in HighScores().top(10)] == [
        (name, score, datetime.fromisoformat(at))
        for name, score, at in sorted(before["scores"], key=lambda row: -row[1])
    ]
    assert ladder_level(None, "you") == 3 and ladder_level(None, "Ada") == 1


def test_an_upgraded_file_is_marked_so_pokerlab_0_1_0_refuses_it(legacy: Path) -> None:
    open_store()
    with sqlite3.connect(legacy / DATABASE_FILENAME) as connection:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
    assert version == SQLITE_USER_VERSION > 1  # 0.1.0 refuses any user_version above 1


def test_opening_again_changes_nothing(legacy: Path) -> None:
    open_store()
    first = dump(legacy / DATABASE_FILENAME)
    forget_stores()
    open_store()
    assert dump(legacy / DATABASE_FILENAME) == first


def test_the_first_learner_to_claim_a_name_gets_you_s_wallet_ladder_scores_and_saves(
    legacy: Path, fast_scrypt: None
) -> None:
    originals = {
        path.name: path.read_bytes() for path in (legacy / "saves" / KIND).iterdir()
    }
    maya = identity.claim(None, "Maya", names_and_keys.new_key())
    assert Wallet().balance(maya) == 1300 and ladder_level(None, maya) == 3
    assert [t.reason for t in Wallet().history(maya)][:2] == ["starting_balance", "ladder_level:1"]
    assert [(e.name, e.score) for e in HighScores().top(10)] == [("Maya", 2400), ("Ada", 900), ("Maya", -120)]
    assert sorted(info.name for info in list_saves(KIND, learner=maya)) == ["Friday night", "evening"]
    moved = maya.folder / "saves" / KIND
    assert {path.name: path.read_bytes() for path in moved.iterdir()} == originals
    assert load_game("evening", KIND, learner=maya) == json.loads(originals["evening.json"])["payload"]
    assert list((legacy / "saves" / KIND).iterdir()) == []
    assert list_saves(KIND) == []

    second = identity.claim(None, "Noor", names_and_keys.new_key())
    assert Wallet().balance(second) == 1000 and ladder_level(None, second) == 1
    assert list_saves(KIND, learner=second) == []
    assert Wallet().balance(maya) == 1300


def test_a_move_of_the_old_saves_cut_short_is_finished_on_the_adopter_s_next_visit(
    legacy: Path, fast_scrypt: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_replace = save_adoption.os.replace
    calls = []

    def disk_error_on_the_second_save(source: object, target: object) -> None:
        if str(target).endswith(".json") and Path(str(source)).parent.parent == legacy / "saves":
            calls.append(source)
            if len(calls) == 2:
                raise OSError(5, "Input/output error")
        real_replace(source, target)

    monkeypatch.setattr(save_adoption.os, "replace", disk_error_on_the_second_save)
    key = names_and_keys.new_key()
    with pytest.raises(StorageError, match="move the saved games"):
        identity.claim(None, "Maya", key)
    monkeypatch.setattr(save_adoption.os, "replace", real_replace)
    maya = identity.recognise(None, "Maya", names_and_keys.new_key())
    assert maya is None  # a wrong key finishes nothing
    assert len(list((legacy / "saves" / KIND).glob("*.json"))) == 1, "one save is still in the old folder"

    noor = identity.claim(None, "Noor", names_and_keys.new_key())  # somebody else: the old saves stay put
    assert list_saves(KIND, learner=noor) == []
    assert len(list((legacy / "saves" / KIND).glob("*.json"))) == 1

    maya = identity.recognise(None, "Maya", key)  # Maya comes back: the move is finished
    assert maya is not None
    assert sorted(info.name for info in list_saves(KIND, learner=maya)) == ["Friday night", "evening"]
    assert [path.name for path in (legacy / "saves").rglob("*")] == [KIND]
    assert identity.recognise(None, "Maya", key) == maya  # nothing left to do, nothing fails


def test_on_a_hub_the_first_user_seen_gets_the_old_data(legacy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "maya")
    learner = identity.hub_learner()
    assert learner is not None and learner.kind == "hub" and learner.name == "maya"
    assert Wallet().balance(learner) == 1300
    assert sorted(info.name for info in list_saves(KIND, learner=learner)) == ["Friday night", "evening"]


def test_a_released_old_player_name_can_be_claimed_with_its_data(legacy: Path, fast_scrypt: None) -> None:
    ada = identity.claim(None, "ada", names_and_keys.new_key())  # "Ada" was a 0.1.0 player with no key
    assert ada.name == "Ada" and Wallet().balance(ada) == 850
    assert identity.claim(None, "Someone", names_and_keys.new_key()).id != ada.id


def test_a_failure_halfway_through_the_upgrade_leaves_the_old_file_as_it_was(
    legacy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = legacy / DATABASE_FILENAME
    before = dump(database)
    real = alembic.operations.Operations.create_table

    def fail_late(self: object, name: str, *columns: object, **options: object) -> object:
        if name == "quiz_results":  # the last table revision 0002 makes, after the data was copied
            raise OSError(28, "No space left on device")
        return real(self, name, *columns, **options)  # type: ignore[arg-type]

    with monkeypatch.context() as patched, pytest.raises(StorageError, match="disk is full"):
        patched.setattr(alembic.operations.Operations, "create_table", fail_late)
        Wallet()
    assert dump(database) == before
    assert Wallet().balance("you") == 1300  # and the next try succeeds


def test_a_read_only_old_file_is_refused_clearly_and_left_alone(legacy: Path) -> None:
    database = legacy / DATABASE_FILENAME
    before = dump(database)
    with pytest.raises(StorageReadOnlyError, match="does not allow writing"):
        open_store(f"sqlite:///file:{database}?mode=ro&uri=true")
    assert dump(database) == before
