"""Storage failures are injected and each gives one plain StorageError, never a lost save:
wrong or unreachable database URLs, a database from a newer pokerlab, read-only storage, a full
disk, damaged files. Run on SQLite and, where the failure exists there, on PostgreSQL."""

from __future__ import annotations

import errno
import re
import time
from pathlib import Path

import psycopg.errors
import pytest
import sqlalchemy
from sqlalchemy import exc

from pokerlab.classroom import identity, names_and_keys
from pokerlab.storage import (
    DataDirError,
    HighScores,
    Learner,
    SaveFileError,
    StorageCorruptError,
    StorageError,
    StorageFullError,
    StorageReadOnlyError,
    StorageTooNewError,
    StorageUnavailableError,
    Wallet,
    atomic_files,
    data_dir,
    end_game,
    game_in_progress,
    keep_game,
    load_game,
    open_store,
    save_game,
)
from pokerlab.storage.database import forget_stores
from pokerlab.storage.learners import learner_id_in
from pokerlab.storage.schema import kept_games
from pokerlab.storage.transactions import Store, translate
from pokerlab.storage.urls import URL_ENV_VAR, database_url

KIND = "saloon-draw"
ADA = Learner(1, "Ada", "browser")


# --- the database URL ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "message"),
    [("mysql://u@host/db", "SQLite or PostgreSQL; the database URL 'mysql://u@host/db' names 'mysql'"),
     ("oracle+cx_oracle://x", "SQLite or PostgreSQL"),
     ("postgres ql://nope", "not a database URL pokerlab can read")],
)
def test_a_wrong_database_url_is_refused_in_plain_words(url: str, message: str) -> None:
    with pytest.raises(StorageUnavailableError, match="database setting is wrong.*Tell your teacher") as caught:
        Wallet(url)
    assert message in caught.value.details and "://" not in str(caught.value)


def test_a_wrong_url_in_the_environment_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(URL_ENV_VAR, "mongodb://localhost/pokerlab")
    with pytest.raises(StorageUnavailableError) as caught:
        Wallet()
    assert re.search(f"{URL_ENV_VAR} .*names 'mongodb'", caught.value.details)


def test_the_environment_url_is_used_when_set(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    chosen = tmp_path / "elsewhere.sqlite3"
    monkeypatch.setenv(URL_ENV_VAR, f"sqlite:///{chosen}")
    Wallet().pay(10, "Level 1")
    assert chosen.is_file() and Wallet(chosen).balance() == 990


def test_an_unreachable_database_is_reported_quickly_and_plainly() -> None:
    started = time.monotonic()
    with pytest.raises(StorageUnavailableError, match="cannot be reached.*Nothing that was saved before has been lost") as caught:
        Wallet("postgresql+psycopg://pokerlab:secret@127.0.0.1:1/pokerlab")
    assert "127.0.0.1" in caught.value.details and "127.0.0.1" not in str(caught.value)
    assert "secret" not in str(caught.value) and "secret" not in caught.value.details
    assert time.monotonic() - started < 60  # the connect timeout is 5 s; this only guards against hanging


def test_a_wrong_password_or_database_name_is_unavailable_not_a_crash() -> None:
    from tests.storage.backends import require_postgres

    url = sqlalchemy.make_url(require_postgres())
    with pytest.raises(StorageUnavailableError, match="database setting is wrong") as caught:
        Wallet(url.set(database="no_such_database_here").render_as_string(hide_password=False))
    assert "no_such_database_here" in caught.value.details and "no_such_database_here" not in str(caught.value)


# --- a database from a newer pokerlab ---------------------------------------------------------


def test_a_database_at_an_unknown_revision_is_refused_and_left_as_it_is(target: str) -> None:
    Wallet(target).pay(150, "Level 1")
    store = open_store(target)
    store.write(lambda c: c.execute(sqlalchemy.text("UPDATE alembic_version SET version_num = '0099_future'")))
    forget_stores()
    with pytest.raises(StorageTooNewError, match="written by a newer pokerlab.*left exactly as it is") as caught:
        Wallet(target)
    assert "0099_future" in caught.value.details
    engine = sqlalchemy.create_engine(database_url(target))
    with engine.connect() as connection:
        assert connection.execute(sqlalchemy.text("SELECT balance FROM wallets")).scalar() == 850
        assert connection.execute(sqlalchemy.text("SELECT version_num FROM alembic_version")).scalar() == "0099_future"
    engine.dispose()


# --- read-only storage --------------------------------------------------------------------------


def read_only(target: str, backend: str) -> str:
    """The same database, opened so that it refuses writes (a read-only file / transaction)."""
    if backend == "sqlite":
        return f"sqlite:///file:{target}?mode=ro&uri=true"
    url = sqlalchemy.make_url(target)
    options = url.query["options"] + " -cdefault_transaction_read_only=on"
    return url.update_query_dict({"options": options}).render_as_string(hide_password=False)


def test_a_read_only_database_still_reads_and_refuses_writes_plainly(target: str, backend: str) -> None:
    ada = identity.claim(target, "Ada", names_and_keys.new_key())
    Wallet(target).pay(150, "Level 1", player=ada)
    HighScores(target).add(ada, 700)
    forget_stores()
    frozen = read_only(target, backend)
    assert Wallet(frozen).balance(ada) == 850
    assert [entry.name for entry in HighScores(frozen).top()] == ["Ada"]
    with pytest.raises(StorageReadOnlyError, match="Nothing that was saved before has been lost"):
        Wallet(frozen).pay(100, "Level 1", player=ada)
    with pytest.raises(StorageReadOnlyError):
        HighScores(frozen).add(ada, 900)
    with pytest.raises(StorageReadOnlyError):
        identity.claim(frozen, "Bo", names_and_keys.new_key())
    forget_stores()
    assert Wallet(target).balance(ada) == 850 and len(HighScores(target).top()) == 1


def test_a_save_folder_that_refuses_writing_keeps_the_previous_save(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_game("evening", KIND, {"hand": 1}, learner=ADA)

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    with monkeypatch.context() as patched:
        patched.setattr(atomic_files.tempfile, "mkstemp", refuse)
        with pytest.raises(StorageReadOnlyError, match="does not allow writing.*Nothing that was saved"):
            save_game("evening", KIND, {"hand": 2}, learner=ADA)
    assert load_game("evening", KIND, learner=ADA) == {"hand": 1}


def test_a_data_folder_that_cannot_be_made_is_a_storage_error(data_folder: Path) -> None:
    data_folder.parent.mkdir(parents=True, exist_ok=True)
    data_folder.write_text("a file where the folder should be")
    with pytest.raises(DataDirError, match="a file where its data folder should be") as caught:
        data_dir()
    assert "is a file, not a folder" in caught.value.details
    assert isinstance(caught.value, StorageError)


# --- a full disk --------------------------------------------------------------------------------


def test_a_full_disk_while_saving_keeps_the_previous_save_and_game(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_game("evening", KIND, {"hand": 1}, learner=ADA)

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(atomic_files.os, "fsync", full)
        with pytest.raises(StorageFullError, match="the disk is full"):
            save_game("evening", KIND, {"hand": 2}, learner=ADA)
    assert load_game("evening", KIND, learner=ADA) == {"hand": 1}
    assert not [path for path in data_folder.rglob("*.tmp")]


@pytest.mark.parametrize(
    ("error", "expected"),
    [(psycopg.errors.DiskFull("could not extend file"), StorageFullError),
     (psycopg.errors.ReadOnlySqlTransaction("read-only"), StorageReadOnlyError),
     (psycopg.errors.AdminShutdown("terminating connection"), StorageUnavailableError),
     (psycopg.OperationalError("connection refused"), StorageUnavailableError),
     (psycopg.errors.DataCorrupted("invalid page"), StorageCorruptError)],
)
def test_postgresql_failures_map_to_the_storage_error_family(error: Exception, expected: type) -> None:
    store = Store(sqlalchemy.make_url("postgresql+psycopg://u:pw@db.example/pokerlab"), None)  # type: ignore[arg-type]
    translated = translate(store, exc.DBAPIError("UPDATE wallets ...", {}, error))
    assert type(translated) is expected
    assert "pw" not in str(translated) and "db.example" not in str(translated)
    assert "db.example" in translated.details and ":pw@" not in translated.details


# --- damaged files ------------------------------------------------------------------------------


def test_a_damaged_database_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "pokerlab.sqlite3"
    Wallet(path).pay(150, "Level 1")
    forget_stores()
    damaged = bytearray(path.read_bytes())
    damaged[:16] = b"not sqlite at al"
    path.write_bytes(bytes(damaged))
    with pytest.raises(StorageCorruptError, match="damaged.*left the file exactly as it is"):
        Wallet(path)
    assert path.read_bytes() == bytes(damaged)


def test_a_damaged_game_in_progress_says_so_and_is_left_alone(data_folder: Path) -> None:
    store = open_store()
    ada = store.write(lambda c: Learner(learner_id_in(c, "Ada", create=True), "Ada", "legacy"))
    keep_game(ada, KIND, {"hand": 3}, summary="hand 3")
    store.write(lambda c: c.execute(kept_games.update().values(state='{"hand": 3')))  # cut short
    with pytest.raises(SaveFileError, match="damaged and cannot be continued. Start a new game"):
        game_in_progress(ada, KIND)
    assert store.read(lambda c: c.scalar(sqlalchemy.select(kept_games.c.state))) == '{"hand": 3'
    end_game(ada, KIND)  # "Start a new game" clears it
    assert game_in_progress(ada, KIND) is None