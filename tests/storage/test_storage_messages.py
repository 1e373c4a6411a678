"""Issue 24, "Messages": every storage failure, met for real, has its own error type and a message in
plain words for the learner (what happened, that nothing was lost when that is true, what to do),
never a URL, host, user, file path or driver message; those are in ``error.details`` and in the
server log (logger ``pokerlab.storage``), with any password hidden."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
import sqlalchemy

from pokerlab.storage import (
    ENV_VAR,
    DataDirError,
    Learner,
    SaveFileError,
    StorageBusyError,
    StorageCommitUnknownError,
    StorageCorruptError,
    StorageError,
    StorageFullError,
    StorageReadOnlyError,
    StorageTooNewError,
    StorageUnavailableError,
    Wallet,
    data_dir,
    load_game,
    open_store,
    save_game,
    timing,
)
from pokerlab.storage.database import forget_stores
from pokerlab.storage.errors import StorageSettingError
from pokerlab.storage.urls import URL_ENV_VAR
from tests.storage.backends import postgres_schema, require_postgres
from tests.storage.learner_text import assert_for_learner, read_only_disk

KIND = "saloon-draw"
ADA = Learner(1, "Ada", "browser")


@pytest.fixture
def log(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.WARNING, logger="pokerlab.storage")
    return caplog


def raised(kind: type[StorageError], action: Callable[[], object]) -> StorageError:
    with pytest.raises(kind) as caught:
        action()
    return caught.value


def assert_logged(log: pytest.LogCaptureFixture, error: StorageError) -> None:
    assert error.details, "a storage failure says what exactly failed"
    records = [record for record in log.records if record.name == "pokerlab.storage"]
    assert any(error.details in record.getMessage() for record in records), log.text
    assert any(type(error).__name__ in record.getMessage() for record in records)


# --- SQLite: each failure, for real ---------------------------------------------------------------


def test_an_unreachable_database_server_is_unavailable(log: pytest.LogCaptureFixture) -> None:
    error = raised(StorageUnavailableError,
                   lambda: Wallet("postgresql+psycopg://pokerlab:hunter2@127.0.0.1:1/classroom"))
    assert type(error) is StorageUnavailableError
    assert_for_learner(error, "127.0.0.1", "pokerlab:", "hunter2", "classroom", "refused")
    assert "127.0.0.1" in error.details and "refused" in error.details.lower()
    assert "hunter2" not in error.details and "hunter2" not in log.text
    assert_logged(log, error)


@pytest.mark.parametrize("url", [
    "postgresql+psycopg://pokerlab:hunter2@db.example:abc/classroom",
    "postgresql+psycopg://pokerlab:hunter2@db.example:5x/classroom",
    "postgresql+psycopg://pokerlab:hunter2@db.example:/classroom",
    "postgresql+psycopg://pokerlab:hunter2@db.example:99999/classroom",
])
def test_a_port_that_is_not_a_number_is_refused_as_a_wrong_setting(
    url: str, monkeypatch: pytest.MonkeyPatch, log: pytest.LogCaptureFixture,
) -> None:
    """Not a raw ValueError from the URL parser: refused like any wrong setting, from the
    environment variable and as an argument."""
    for make in (lambda: Wallet(url), lambda: (monkeypatch.setenv(URL_ENV_VAR, url), Wallet())):
        error = raised(StorageSettingError, make)
        assert_for_learner(error, "db.example", "hunter2", "classroom")
        assert "port" in error.details and "db.example" in error.details and "hunter2" not in error.details
        assert_logged(log, error)
    assert URL_ENV_VAR in error.details


def test_a_database_of_another_kind_is_a_wrong_setting(log: pytest.LogCaptureFixture) -> None:
    error = raised(StorageSettingError, lambda: Wallet("mysql://scorekeeper:hunter2@db.example/scores"))
    assert_for_learner(error, "mysql", "db.example", "scorekeeper", "hunter2")
    assert "'mysql'" in error.details and "hunter2" not in error.details
    assert_logged(log, error)


def test_a_read_only_database_refuses_the_write_in_plain_words(tmp_path: Path, log: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "pokerlab.sqlite3"
    Wallet(path).pay(150, "Level 1")
    forget_stores()
    frozen = Wallet(f"sqlite:///file:{path}?mode=ro&uri=true")
    error = raised(StorageReadOnlyError, lambda: frozen.pay(100, "Level 2"))
    assert_for_learner(error, str(tmp_path), "readonly")
    assert str(path) in error.details and "SQLITE_READONLY" in error.details
    assert_logged(log, error)


def test_a_full_disk_refuses_the_write_in_plain_words_and_keeps_the_balance(tmp_path: Path, log: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "small.sqlite3"
    wallet = Wallet(path)
    wallet.pay(150, "Level 1")
    pages = sqlite3.connect(path).execute("PRAGMA page_count").fetchone()[0]

    @sqlalchemy.event.listens_for(wallet.store.engine, "connect")
    def tiny_disk(connection: sqlite3.Connection, _record: object) -> None:
        connection.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"

    wallet.store.engine.dispose()
    error = raised(StorageFullError, lambda: wallet.deposit(5, "x" * 200_000))
    assert_for_learner(error, str(tmp_path))
    assert "SQLITE_FULL" in error.details
    assert_logged(log, error)
    sqlalchemy.event.remove(wallet.store.engine, "connect", tiny_disk)
    wallet.store.engine.dispose()
    assert wallet.balance() == 850 and len(wallet.history()) == 2, "the refused write changed nothing"


def test_a_damaged_database_says_so_without_claiming_nothing_was_lost(tmp_path: Path, log: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "pokerlab.sqlite3"
    Wallet(path).pay(150, "Level 1")
    forget_stores()
    damaged = bytearray(path.read_bytes())
    damaged[:16] = b"not sqlite at al"
    path.write_bytes(bytes(damaged))
    error = raised(StorageCorruptError, lambda: Wallet(path))
    text = assert_for_learner(error, str(tmp_path), "malformed", "not a database")
    assert "left the file exactly as it is" in text
    assert str(path) in error.details
    assert_logged(log, error)


def test_a_database_from_a_newer_pokerlab_names_its_revision_only_in_the_details(
    target: str, log: pytest.LogCaptureFixture,
) -> None:
    Wallet(target).pay(150, "Level 1")
    open_store(target).write(lambda c: c.execute(sqlalchemy.text("UPDATE alembic_version SET version_num = '0099_future'")))
    forget_stores()
    error = raised(StorageTooNewError, lambda: Wallet(target))
    assert_for_learner(error, "0099_future", target)
    assert "0099_future" in error.details
    assert_logged(log, error)


def test_a_database_locked_for_too_long_is_busy_in_plain_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, log: pytest.LogCaptureFixture,
) -> None:
    path = tmp_path / "pokerlab.sqlite3"
    Wallet(path).balance()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another page's writer
    monkeypatch.setattr(timing, "RETRY_SECONDS", 0.2)
    try:
        error = raised(StorageBusyError, lambda: Wallet(path).pay(5, "Level 1"))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert_for_learner(error, "database is locked", str(tmp_path))
    assert "another page kept it locked" in str(error)
    assert "database is locked" in error.details and str(path) in error.details
    assert_logged(log, error)


def test_a_file_where_the_data_folder_should_be_is_told_without_its_path(
    data_folder: Path, log: pytest.LogCaptureFixture,
) -> None:
    data_folder.parent.mkdir(parents=True, exist_ok=True)
    data_folder.write_text("a file where the folder should be")
    error = raised(DataDirError, data_dir)
    assert isinstance(error, StorageUnavailableError)
    assert_for_learner(error, str(data_folder), data_folder.name)
    assert str(data_folder) in error.details
    assert_logged(log, error)


def test_a_save_on_a_read_only_disk_is_told_without_its_path(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch, log: pytest.LogCaptureFixture,
) -> None:
    path = save_game("evening", KIND, {"hand": 1}, learner=ADA)
    with read_only_disk(data_folder) as disk:
        monkeypatch.setenv(ENV_VAR, str(disk))
        error = raised(StorageReadOnlyError, lambda: save_game("evening", KIND, {"hand": 2}, learner=ADA))
        assert load_game("evening", KIND, learner=ADA) == {"hand": 1}
    assert_for_learner(error, str(disk), str(data_folder))
    assert "'evening'" in str(error) and path.name in error.details
    assert_logged(log, error)


def test_a_damaged_save_is_refused_by_name_and_its_path_is_in_the_details(
    data_folder: Path, log: pytest.LogCaptureFixture,
) -> None:
    save_game("evening", KIND, {"hand": 1}, learner=ADA)
    path = save_game("evening", KIND, {"hand": 2}, learner=ADA)
    path.write_text("{")
    error = raised(SaveFileError, lambda: load_game("evening", KIND, learner=ADA))
    text = assert_for_learner(error, str(data_folder))
    assert "'evening'" in text and "still kept, as evening.bak" in text
    assert str(path) in error.details and str(path.with_suffix(".bak")) in error.details
    assert_logged(log, error)


# --- PostgreSQL: each failure, for real -------------------------------------------------------------


def test_a_wrong_password_or_database_name_is_a_wrong_setting(log: pytest.LogCaptureFixture) -> None:
    url = sqlalchemy.make_url(require_postgres())
    for wrong in (url.set(password="not-the-password"), url.set(database="no_such_database_here")):
        error = raised(StorageSettingError, lambda: Wallet(wrong.render_as_string(hide_password=False)))
        assert_for_learner(error, str(url.host), str(url.username), "not-the-password", "no_such_database_here")
        assert str(url.host) in error.details and "not-the-password" not in error.details
        assert_logged(log, error)


def test_a_postgresql_row_locked_for_too_long_is_busy_in_plain_words(
    monkeypatch: pytest.MonkeyPatch, log: pytest.LogCaptureFixture,
) -> None:
    with postgres_schema() as url:
        Wallet(url).balance()
        holder = sqlalchemy.create_engine(url).connect()
        holder.execute(sqlalchemy.text("SELECT balance FROM wallets FOR UPDATE"))
        monkeypatch.setattr(timing, "RETRY_SECONDS", 0.3)
        try:
            error = raised(StorageBusyError, lambda: Wallet(url).pay(5, "Level 1"))
        finally:
            holder.rollback()
            holder.close()
            holder.engine.dispose()
        host = str(sqlalchemy.make_url(url).host)
        assert_for_learner(error, host, "lock timeout")
        assert "SQLSTATE 55P03" in error.details and host in error.details
        assert_logged(log, error)


def test_a_lost_commit_reply_is_told_plainly_and_its_details_are_logged(
    monkeypatch: pytest.MonkeyPatch, log: pytest.LogCaptureFixture,
) -> None:
    from tests.storage.test_storage_reconnect import lose_the_commit_reply

    with postgres_schema() as url:
        store = open_store(url)
        store.write(lambda c: c.execute(sqlalchemy.text("CREATE TABLE reconnect_check (n integer)")))
        lose_the_commit_reply(store, monkeypatch, stored=True)
        error = raised(StorageCommitUnknownError,
                       lambda: store.write(lambda c: c.execute(sqlalchemy.text("INSERT INTO reconnect_check VALUES (7)"))))
        host = str(sqlalchemy.make_url(url).host)
        text = assert_for_learner(error, host, "terminat")
        assert text.startswith("pokerlab cannot tell whether it managed to store this change")
        assert "nothing was changed" not in text.lower() and "Reload the page" in text
        assert host in error.details and "COMMIT" in error.details
        assert_logged(log, error)


# --- where the details go in a Jupyter kernel -----------------------------------------------------


@pytest.mark.parametrize("descriptor_forwarded", [True, False], ids=["as-served", "fd-2-not-watched"])
def test_in_a_kernel_the_details_go_to_the_servers_log_not_to_the_page(tmp_path: Path, descriptor_forwarded: bool) -> None:
    """A real Jupyter kernel forwards its ``sys.stderr`` to the page, and on Linux file descriptor 2
    as well (not when it runs under pytest: the variable PYTEST_CURRENT_TEST turns that off). The
    details go to the server's side (the kernel process's own stderr), even when the notebook set up
    logging to stderr with ``logging.basicConfig()``; the page gets only the learner's sentence."""
    from jupyter_client import KernelManager

    server_log = tmp_path / "server.log"
    code = textwrap.dedent("""
        import logging
        logging.basicConfig()  # a handler on sys.stderr: in a kernel, the page
        from pokerlab.storage import StorageError, Wallet
        try:
            Wallet("postgresql+psycopg://pokerlab:hunter2@db.example:abc/classroom")
        except StorageError as error:
            print(error)
    """)
    page: list[str] = []
    with server_log.open("w") as kernel_stderr:
        kernel = KernelManager(kernel_name="python3")
        # started the ordinary way, which takes the stderr given here (a forked kernel writes to its
        # template's, the server's own stderr, like the kernels Voila forks)
        kernel.kernel_spec.metadata["kernel_provisioner"] = {"provisioner_name": "local-provisioner"}
        environment = {**os.environ, "POKERLAB_DATA_DIR": str(tmp_path / "data")}
        if descriptor_forwarded:
            environment.pop("PYTEST_CURRENT_TEST", None)
        kernel.start_kernel(stderr=kernel_stderr, cwd=str(Path(__file__).parents[2]), env=environment)
        client = kernel.client()
        try:
            client.start_channels()
            client.wait_for_ready(timeout=120)
            request = client.execute(code)
            while True:
                message = client.get_iopub_msg(timeout=120)
                if message["parent_header"].get("msg_id") != request:
                    continue
                if message["msg_type"] in ("stream", "error", "display_data", "execute_result"):
                    page.append(json.dumps(message["content"]))
                if message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
                    break
        finally:
            client.stop_channels()
            kernel.shutdown_kernel(now=True)
    [shown] = page
    assert json.loads(shown) == {"name": "stdout", "text": (
        "pokerlab could not open your data: its database setting is wrong. Nothing that was saved before "
        "has been lost. Tell your teacher or whoever runs this pokerlab server.\n")}
    logged = server_log.read_text()
    assert "StorageSettingError" in logged and "db.example:abc" in logged and "hunter2" not in logged


def test_the_teachers_command_line_prints_the_details_after_the_plain_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pokerlab.__main__ import main

    assert main(["--database", "postgresql+psycopg://pokerlab:hunter2@db.example:abc/classroom", "names"]) == 1
    sentence, details = capsys.readouterr().err.splitlines()
    assert sentence.startswith("pokerlab: pokerlab could not open your data: its database setting is wrong.")
    assert details.startswith("pokerlab: details: the database URL 'postgresql+psycopg://pokerlab:***@db.example:abc/")
    assert "hunter2" not in details
