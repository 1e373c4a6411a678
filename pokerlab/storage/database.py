"""The one database behind everything pokerlab keeps: SQLAlchemy 2 Core, migrated by Alembic.

:func:`open_store` finds the database a target names (:mod:`~pokerlab.storage.urls`: the target,
``POKERLAB_DATABASE_URL``, or the SQLite file in the data folder), makes its engine
(:mod:`~pokerlab.storage.engines`), checks that it is pokerlab's and runs ``alembic upgrade
heads`` on it (:mod:`~pokerlab.storage.alembic_upgrade`), once per process and URL, and returns
its :class:`~pokerlab.storage.transactions.Store`, whose ``read`` and ``write`` run transactions
retried on locks (:mod:`~pokerlab.storage.transactions`; the waits are in
:mod:`~pokerlab.storage.timing`). A database from a newer pokerlab, another program's file, a
wrong URL or a folder that cannot be written is refused with a
:class:`~pokerlab.storage.errors.StorageError` subclass, and nothing is changed.

This module keeps every name it had before those parts moved out (``Store``, ``database_url``,
``RETRY_SECONDS``, ``translate``, ``alembic_config``, ...), for notebooks and other code that import
them from here; a test that shortens a wait patches :mod:`~pokerlab.storage.timing`.

>>> import tempfile, pathlib
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "demo.sqlite3")
>>> store.backend, store.path.name
('sqlite', 'demo.sqlite3')
>>> store.read(lambda connection: connection.scalar(sqlalchemy.select(sqlalchemy.func.count()).select_from(schema.learners)))
0
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

import sqlalchemy
from sqlalchemy import exc
from sqlalchemy.engine import Connection

from pokerlab.storage import schema, timing
from pokerlab.storage.alembic_upgrade import (
    LEGACY_TABLES,
    MIGRATIONS,
    SQLITE_USER_VERSION,
    alembic_config,
    needs_upgrade,
    upgrade,
)
from pokerlab.storage.driver_errors import driver_details, is_retryable
from pokerlab.storage.engines import make_engine
from pokerlab.storage.errors import StorageBusyError, StorageError, from_os_error, storage_failure
from pokerlab.storage.timing import (
    BUSY_TIMEOUT_SECONDS,
    CONNECT_TIMEOUT_SECONDS,
    PING_AFTER_IDLE_SECONDS,
    RETRY_SECONDS,
)
from pokerlab.storage.transactions import Result, Store, translate
from pokerlab.storage.urls import OPENING, URL_ENV_VAR, StoreTarget, database_url

__all__ = [
    "BUSY_TIMEOUT_SECONDS", "CONNECT_TIMEOUT_SECONDS", "LEGACY_TABLES", "MIGRATIONS", "OPENING",
    "PING_AFTER_IDLE_SECONDS", "RETRY_SECONDS", "SQLITE_USER_VERSION", "Result", "Store", "StorageError",
    "StoreTarget", "URL_ENV_VAR", "alembic_config", "database_url", "forget_stores", "insert_ignore", "open_store",
    "schema_revision", "translate", "utc_text",
]

utc_text = schema.utc_text

_stores: dict[tuple[int, str], Store] = {}
_stores_lock = threading.Lock()


def open_store(target: StoreTarget = None) -> Store:
    """The database for ``target`` (see :mod:`~pokerlab.storage.urls`), migrated to this pokerlab's schema.

    Raises a :class:`~pokerlab.storage.errors.StorageError` subclass, with a plain message, for a
    URL that is wrong or unreachable, a file that is not a pokerlab database, a database from a
    newer pokerlab, or a folder that cannot be written; in each case nothing is changed.
    """
    if isinstance(target, Store):
        return target
    url = database_url(target)
    key = (os.getpid(), url.render_as_string(hide_password=False))
    with _stores_lock:
        store = _stores.get(key)
        if store is None:
            store = Store(url, make_engine(url))
            try:
                _prepare(store)
            except BaseException:
                store.engine.dispose()
                raise
            _stores[key] = store
    return store


def forget_stores() -> None:
    """Close every database this process opened (tests; a new :func:`open_store` migrates again)."""
    with _stores_lock:
        for store in _stores.values():
            store.engine.dispose()
        _stores.clear()


def _prepare(store: Store) -> None:
    """Check that the database is pokerlab's, switch SQLite to WAL mode, then run the Alembic
    upgrade; all within one :data:`~pokerlab.storage.timing.RETRY_SECONDS` of lock waits."""
    deadline = time.monotonic() + timing.RETRY_SECONDS
    # Checked in a read transaction first, before anything is written (another program's file is
    # left exactly as it was): a database that is up to date opens even where it cannot be written
    # (its reads still work; each write then says why it failed).
    pending = store.run(needs_upgrade, write=False, deadline=deadline, doing=OPENING)
    if store.backend == "sqlite":
        _set_wal(store, deadline)
    if pending:
        store.run(upgrade, write=True, deadline=deadline, doing=OPENING)


def _set_wal(store: Store, deadline: float) -> None:
    def work(connection: Connection) -> None:
        mode = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
        if mode != "wal" and store.path is not None and store.url.query.get("mode") != "ro":
            connection.exec_driver_sql("PRAGMA journal_mode = WAL")

    # journal_mode cannot change inside a transaction, so this runs on a bare connection.
    while True:
        try:
            with store.engine.connect() as connection:
                work(connection.execution_options(pokerlab_begin=None, pokerlab_lock_wait=timing.lock_wait(deadline)))
                connection.rollback()
            return
        except exc.DBAPIError as error:
            if not is_retryable(store.backend, error.orig):
                raise translate(store, error, OPENING) from None
            if time.monotonic() >= deadline:
                raise storage_failure(
                    StorageBusyError, OPENING,
                    f"{store.describe()} stayed locked while switching to WAL mode ({driver_details(error)})",
                ) from None
        except OSError as error:
            raise from_os_error(error, OPENING, store.describe()) from None
        timing.sleep(max(0.0, min(0.01, deadline - time.monotonic())))


def insert_ignore(connection: Connection, table: sqlalchemy.Table, values: dict[str, Any]) -> bool:
    """Insert ``values`` unless a row with the same key exists (also against a concurrent writer);
    True when the row was inserted."""
    if connection.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    statement = insert(table).values(**values).on_conflict_do_nothing()
    return connection.execute(statement.returning(*table.primary_key.columns)).first() is not None


def schema_revision(target: StoreTarget = None) -> tuple[str, ...]:
    """The Alembic revision(s) the database is at (after :func:`open_store` migrated it)."""
    from alembic.runtime.migration import MigrationContext

    store = open_store(target)
    return store.read(lambda connection: MigrationContext.configure(connection).get_current_heads())
