"""One open database, :class:`Store`: its engine, and its reads and writes as transactions that are
tried again on locks.

``store.read(work)`` and ``store.write(work)`` run ``work(connection)`` in one transaction and
return its result. On SQLite the database is in WAL mode (readers never block the writer) and a
write transaction starts with ``BEGIN IMMEDIATE``: the write lock is taken *before* reading, so
two processes can never both spend the same points. On PostgreSQL, money moves with a single
``UPDATE ... WHERE balance + change >= 0 RETURNING`` (row-locked), so the same holds there. A
transaction that meets a lock (SQLite "database is locked", PostgreSQL serialisation failure or
deadlock) is retried from the start with a short, growing pause, for
:data:`~pokerlab.storage.timing.RETRY_SECONDS` in all: each try waits for a lock (SQLite's busy
timeout, PostgreSQL's ``lock_timeout``) at most :data:`~pokerlab.storage.timing.BUSY_TIMEOUT_SECONDS`
and never past that deadline, then :class:`~pokerlab.storage.errors.StorageBusyError`. Every other
database failure becomes a :class:`~pokerlab.storage.errors.StorageError` subclass
(:func:`translate`) whose message is for the learner and whose ``details`` (the database without
its password, the driver's message, the SQLSTATE) go to the log; an exception raised by ``work``
itself (a refused payment) rolls the transaction back and is passed on unchanged.

Apart from :mod:`~pokerlab.storage.database`, which finds, opens and migrates a database and hands
out one ``Store`` per process and URL: this module is what every read and write goes through.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from sqlalchemy import exc
from sqlalchemy.engine import URL, Connection, Engine

from pokerlab.storage import timing
from pokerlab.storage.driver_errors import driver_details, failure_kind, is_retryable
from pokerlab.storage.errors import (
    StorageBusyError,
    StorageCommitUnknownError,
    StorageError,
    from_os_error,
    storage_failure,
)

__all__ = ["Store", "sqlite_file", "translate"]

Result = TypeVar("Result")


class Store:
    """One open database: its SQLAlchemy engine and the transaction helpers.

    Get one with :func:`~pokerlab.storage.database.open_store` (which migrates the database);
    ``Store`` objects are shared per process and URL, so opening the same database twice is cheap.
    """

    def __init__(self, url: URL, engine: Engine) -> None:
        self.url = url
        self.engine = engine
        self.backend: str = url.get_backend_name()
        self.path: Path | None = sqlite_file(url)
        """The SQLite file, or ``None`` for PostgreSQL (and in-memory databases)."""

    def __repr__(self) -> str:
        return f"Store({self.describe()!r})"

    def describe(self) -> str:
        """The database for messages: the file, or the URL without its password."""
        if self.path is not None:
            return str(self.path)
        return self.url.render_as_string(hide_password=True)

    def read(self, work: Callable[[Connection], Result]) -> Result:
        """Run ``work(connection)`` to read, and return what it returns.

        On SQLite this is one read transaction (one snapshot for all of ``work``). On PostgreSQL each
        statement runs on its own: under PostgreSQL's READ COMMITTED every statement takes a fresh
        snapshot even inside a transaction, so BEGIN and COMMIT would add two round trips to the
        server (what a board refresh waits for when the server is busy) and no consistency."""
        return self.run(work, write=False)

    def write(self, work: Callable[[Connection], Result], *,
              landed: Callable[[Connection], bool] | None = None) -> Result:
        """Run ``work(connection)`` in a write transaction (all or nothing), retrying on locks.

        ``landed(connection)`` answers, on a new connection, whether this very change is stored (a
        settlement's row keyed by its match, a kept game's new version). It is asked only when the
        connection is lost while the COMMIT is under way, the one moment nobody can tell from the
        error whether the server stored the change: True returns ``work``'s result as if the reply
        had arrived, False runs ``work`` again. Without ``landed`` that moment raises
        :class:`~pokerlab.storage.errors.StorageCommitUnknownError` rather than claim that nothing
        was changed."""
        return self.run(work, write=True, landed=landed)

    def run(self, work: Callable[[Connection], Result], *, write: bool,
            landed: Callable[[Connection], bool] | None = None, deadline: float | None = None,
            doing: str | None = None) -> Result:
        """:meth:`read` or :meth:`write` (``write``), tried again on locks until ``deadline`` (a
        ``time.monotonic`` value; by default :data:`~pokerlab.storage.timing.RETRY_SECONDS` from
        now); ``doing`` names it in messages. A ``deadline`` shared by several steps keeps them
        within one wait in all (opening a database checks, then migrates it)."""
        if deadline is None:
            deadline = time.monotonic() + timing.RETRY_SECONDS
        if doing is None:
            doing = "store this change" if write else "read your data"
        pause = 0.005
        reconnected = False
        while True:
            worked = False
            wait = timing.lock_wait(deadline)
            try:
                with self.engine.connect() as connection:
                    if self.backend == "sqlite":
                        connection = connection.execution_options(
                            pokerlab_begin="IMMEDIATE" if write else "DEFERRED", pokerlab_lock_wait=wait)
                    elif not write:
                        connection = connection.execution_options(isolation_level="AUTOCOMMIT")
                    with connection.begin():
                        if write and self.backend == "postgresql" and wait < timing.BUSY_TIMEOUT_SECONDS:
                            # Near the deadline a row lock may be waited for only until then (the
                            # connection's own lock_timeout is BUSY_TIMEOUT_SECONDS).
                            connection.exec_driver_sql(f"SET LOCAL lock_timeout = {max(1, int(wait * 1000))}")
                        result = work(connection)
                        worked = True
                    return result
            except exc.IntegrityError:
                raise  # a broken rule of the schema: a bug, or a race the caller handles
            except exc.DBAPIError as error:
                if error.connection_invalidated and worked and write:
                    # Lost during the COMMIT: the server may or may not have stored it.
                    unknown = storage_failure(
                        StorageCommitUnknownError, doing,
                        f"{self.describe()}: the connection was lost during COMMIT ({driver_details(error)})"
                        + ("; nothing can look the change up" if landed is None else ""),
                    )
                    if landed is None:
                        raise unknown from None
                    try:
                        stored = self.run(landed, write=False, doing="look up whether the change was stored")
                    except StorageError:
                        raise unknown from None
                    if stored:
                        return result
                    worked = False  # not stored: run the work again on a new connection
                if error.connection_invalidated and not worked and not reconnected:
                    # The server dropped a pooled connection (a restart, an idle timeout) before
                    # this work was committed: nothing was stored, so run it once more on a new one.
                    reconnected = True
                    continue
                if not is_retryable(self.backend, error.orig):
                    raise translate(self, error, doing) from None
                if time.monotonic() >= deadline:
                    raise storage_failure(
                        StorageBusyError, doing,
                        f"{self.describe()} stayed locked by another writer for {timing.RETRY_SECONDS:g} s "
                        f"({driver_details(error)})",
                    ) from None
            except OSError as error:
                raise from_os_error(error, doing, self.describe()) from None
            timing.sleep(max(0.0, min(pause, deadline - time.monotonic())))
            pause = min(pause * 2, 0.2)


def sqlite_file(url: URL) -> Path | None:
    """The SQLite file ``url`` names, or ``None`` (PostgreSQL, an in-memory database)."""
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    database = url.database
    if database.startswith("file:"):
        database = database[len("file:"):]
    return Path(database)


def translate(store: Store, error: exc.DBAPIError, doing: str = "use your data") -> StorageError:
    """The :class:`StorageError` subclass for a database failure met on ``store`` while ``doing``:
    a plain message for the learner; the database, the driver's message and its code in the
    ``details`` (and the log)."""
    kind = failure_kind(store.backend, error.orig, store.path)
    return storage_failure(kind, doing, f"{store.describe()}: {driver_details(error)}")
