"""Issue 24: each storage condition is told as what it is, on the real condition. A read-only disk is
"does not allow writing" (not "cannot be reached"), a truncated database is damaged (not busy),
and another program's SQLite file is refused and left exactly as it was (pokerlab adds no tables)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from pokerlab.storage import (
    StorageCorruptError,
    StorageError,
    StorageReadOnlyError,
    StorageTooNewError,
    Wallet,
    open_store,
)
from pokerlab.storage.database import forget_stores, schema_revision
from pokerlab.storage.errors import StorageNotPokerlabError
from tests.storage.learner_text import assert_for_learner, read_only_disk

ROOT = Path(__file__).resolve().parents[2]


def files_in(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


# --- a read-only disk ---------------------------------------------------------------------------


def test_a_database_on_a_read_only_disk_does_not_allow_writing_rather_than_cannot_be_reached(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    Wallet(disk / "pokerlab.sqlite3").pay(150, "Level 1")
    forget_stores()
    before = files_in(disk)
    with read_only_disk(disk) as frozen:
        for path in (frozen / "pokerlab.sqlite3", frozen / "new.sqlite3"):  # a database there, a new one
            with pytest.raises(StorageReadOnlyError) as caught:
                Wallet(path).balance()
            assert_for_learner(caught.value, str(frozen), str(tmp_path))
            assert "does not allow writing" in str(caught.value) and str(path) in caught.value.details
    assert files_in(disk) == before
    assert Wallet(disk / "pokerlab.sqlite3").balance() == 850


def test_the_data_folder_on_a_read_only_disk_does_not_allow_writing(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    Wallet().pay(150, "Level 1")  # the default database, in the data folder
    forget_stores()
    with read_only_disk(data_folder) as frozen:
        monkeypatch.setenv("POKERLAB_DATA_DIR", str(frozen))
        with pytest.raises(StorageReadOnlyError) as caught:
            Wallet().balance()
        assert_for_learner(caught.value, str(frozen))


# --- a truncated database -----------------------------------------------------------------------


def written_database(path: Path) -> Path:
    """A real pokerlab database of several dozen pages, fully checkpointed into its main file."""
    wallet = Wallet(path)
    for number in range(300):
        wallet.deposit(1, f"Award {number} " + "x" * 100)
    forget_stores()
    assert not path.with_name(path.name + "-wal").exists()
    return path


def cut_to_half(path: Path) -> bytes:
    os.truncate(path, path.stat().st_size // 2)
    return path.read_bytes()


def test_a_database_cut_to_half_its_size_is_damaged_not_busy(tmp_path: Path) -> None:
    path = written_database(tmp_path / "pokerlab.sqlite3")
    cut = cut_to_half(path)
    with pytest.raises(StorageCorruptError) as caught:
        wallet = Wallet(path)
        wallet.balance()
        wallet.pay(1, "Level 1")
    assert type(caught.value) is StorageCorruptError
    text = assert_for_learner(caught.value, str(tmp_path), "locked", "busy")
    assert "damaged" in text and "SQLITE_CORRUPT" in caught.value.details
    assert path.read_bytes() == cut  # left as it was


def test_a_database_cut_while_a_server_has_it_open_is_damaged_for_every_page(tmp_path: Path) -> None:
    """The server's process keeps its connections (and WAL files) open while the file is cut; it
    and a page opened afterwards are both told the data is damaged."""
    path = written_database(tmp_path / "pokerlab.sqlite3")
    go = tmp_path / "go"
    server = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import json, pathlib, sys, time
            from pokerlab.storage import StorageError, Wallet
            wallet = Wallet({str(path)!r})
            wallet.balance()
            print("open", flush=True)
            while not pathlib.Path({str(go)!r}).exists():
                time.sleep(0.01)
            seen = []
            for step in (wallet.balance, lambda: wallet.pay(1, "Level 1"), wallet.history):
                try:
                    step()
                    seen.append("worked")
                except StorageError as error:
                    seen.append(type(error).__name__)
            print(json.dumps(seen))
        """)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert server.stdout is not None and server.stdout.readline().strip() == "open"
        cut_to_half(path)
        with pytest.raises(StorageError) as caught:
            Wallet(path).pay(1, "Level 1")
        go.touch()
        seen = json.loads(server.communicate(timeout=120)[0])
    finally:
        server.kill()
    assert type(caught.value) is StorageCorruptError
    assert_for_learner(caught.value, str(tmp_path), "locked", "busy")
    assert "StorageCorruptError" in seen and set(seen) <= {"StorageCorruptError", "worked"}


# --- another program's SQLite file ----------------------------------------------------------------


def plain_tables(connection: sqlite3.Connection) -> None:
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    connection.execute("INSERT INTO notes (text) VALUES ('buy milk')")


def own_alembic(connection: sqlite3.Connection) -> None:
    plain_tables(connection)
    connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)")
    connection.execute("INSERT INTO alembic_version VALUES ('3f2a9c1b7d4e')")


def alembic_with_a_number_pokerlab_also_uses(connection: sqlite3.Connection) -> None:
    plain_tables(connection)
    connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)")
    connection.execute("INSERT INTO alembic_version VALUES ('0001')")


def user_version_one_with_other_tables(connection: sqlite3.Connection) -> None:
    plain_tables(connection)
    connection.execute("CREATE TABLE wallets (player TEXT PRIMARY KEY, balance INTEGER)")
    connection.execute("PRAGMA user_version = 1")


def a_high_user_version(connection: sqlite3.Connection) -> None:
    plain_tables(connection)
    connection.execute("PRAGMA user_version = 7")


def in_wal_mode(connection: sqlite3.Connection) -> None:
    connection.execute("PRAGMA journal_mode = WAL")
    plain_tables(connection)


@pytest.mark.parametrize("make", [
    plain_tables, own_alembic, alembic_with_a_number_pokerlab_also_uses, user_version_one_with_other_tables,
    a_high_user_version, in_wal_mode,
])
def test_another_programs_sqlite_file_is_refused_and_left_exactly_as_it_was(
    tmp_path: Path, make: Callable[[sqlite3.Connection], None],
) -> None:
    path = tmp_path / "notes.sqlite3"
    with sqlite3.connect(path) as connection:
        make(connection)
    connection.close()
    before = files_in(tmp_path)
    with pytest.raises(StorageNotPokerlabError) as caught:
        Wallet(path)
    assert isinstance(caught.value, StorageCorruptError)
    text = assert_for_learner(caught.value, str(tmp_path), "alembic", "user_version")
    assert "belongs to another program" in text and "has not touched it" in text
    assert "another program's database" in caught.value.details and "notes" in caught.value.details
    forget_stores()
    assert files_in(tmp_path) == before  # no tables added, no journal mode changed, no file left


def test_pokerlab_0_1_0_files_an_empty_file_and_a_newer_pokerlab_are_still_told_apart(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    assert Wallet(empty).balance() == 1000  # an empty file is a new database
    legacy = tmp_path / "legacy.sqlite3"
    legacy.write_bytes((ROOT / "tests/storage/fixtures/legacy-v1/pokerlab.sqlite3").read_bytes())
    assert Wallet(legacy).balance("you") == 1300 and schema_revision(legacy)  # 0.1.0's file is upgraded
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as connection:
        connection.execute("PRAGMA user_version = 99")  # a newer pokerlab's mark, nothing else
    with pytest.raises(StorageTooNewError):
        open_store(newer)
