"""The SQLAlchemy engine for a database URL, with the connection hooks pokerlab's transactions
rely on.

SQLite: no implicit transactions from the driver (each transaction says ``BEGIN DEFERRED`` or
``BEGIN IMMEDIATE`` itself, as :class:`~pokerlab.storage.transactions.Store` asks), foreign keys on,
and a busy timeout that each try shortens to what is left of its deadline. PostgreSQL: a
``lock_timeout`` so that a row lock held too long ends in an error the retry loop knows, and a
check of a pooled connection that sat idle before it is used.

Apart because these hooks are the only code that talks to the drivers' connections directly, and
tests make engines of their own with them (:func:`make_engine`) to build a database at an older
revision.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy
from sqlalchemy import event, exc
from sqlalchemy.engine import URL, Connection, Engine

from pokerlab.storage import timing

__all__ = ["make_engine"]


def make_engine(url: URL) -> Engine:
    """A new engine for ``url`` (SQLite or PostgreSQL) with pokerlab's connection hooks; the waits
    are those of :mod:`~pokerlab.storage.timing` when a connection is made or begins."""
    if url.get_backend_name() == "sqlite":
        return _sqlite_engine(url)
    engine = sqlalchemy.create_engine(url, connect_args={"connect_timeout": timing.CONNECT_TIMEOUT_SECONDS})

    # Check a pooled connection before use only when it sat idle for a while (SQLAlchemy's
    # pool_pre_ping checks every time: one more round trip per read, and the teacher's board reads
    # every few seconds from a server 30 learners keep busy). A connection lost since its last use
    # then fails its first statement; Store.run starts the work again on a new one.
    @event.listens_for(engine, "checkin")
    def _on_checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info["pokerlab_idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _on_checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        idle_since = record.info.get("pokerlab_idle_since")
        if idle_since is None or time.monotonic() - idle_since < timing.PING_AFTER_IDLE_SECONDS:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as error:
            # The pool drops this connection and checks out a new one (SQLAlchemy's documented
            # "pessimistic" disconnect handling).
            raise exc.DisconnectionError(f"a pooled connection was lost: {error}") from error

    @event.listens_for(engine, "connect", insert=True)
    def _on_connect_postgresql(connection: Any, _record: Any) -> None:
        # A row lock held for too long ends the wait with SQLSTATE 55P03, which the retry loop
        # treats like SQLite's "database is locked" (then StorageBusyError), instead of hanging.
        autocommit = connection.autocommit
        connection.autocommit = True
        with connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {int(timing.BUSY_TIMEOUT_SECONDS * 1000)}")
        connection.autocommit = autocommit

    return engine


def _sqlite_engine(url: URL) -> Engine:
    connect_args: dict[str, Any] = {"timeout": timing.BUSY_TIMEOUT_SECONDS}
    if url.database and url.database.startswith("file:"):
        connect_args["uri"] = True
    engine = sqlalchemy.create_engine(url, connect_args=connect_args)

    @event.listens_for(engine, "connect")
    def _on_connect(connection: Any, _record: Any) -> None:
        # No implicit transactions from the driver: the "begin" hook below says BEGIN itself.
        connection.isolation_level = None
        connection.execute(f"PRAGMA busy_timeout = {int(timing.BUSY_TIMEOUT_SECONDS * 1000)}")
        connection.execute("PRAGMA foreign_keys = ON")

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        options = connection.get_execution_options()
        # Each try waits for a lock only as long as Store.run's deadline allows.
        wait = options.get("pokerlab_lock_wait", timing.BUSY_TIMEOUT_SECONDS)
        connection.connection.driver_connection.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
        mode = options.get("pokerlab_begin", "DEFERRED")
        if mode:  # None: statements run one by one (PRAGMA journal_mode needs that)
            connection.exec_driver_sql(f"BEGIN {mode}")

    return engine
