"""The one database behind everything pokerlab keeps: SQLAlchemy 2 Core, migrated by Alembic.

Which database
--------------
:func:`open_store` picks, in this order:

1. the ``target`` it is given: a :class:`Store`, a database URL (``"postgresql+psycopg://..."``,
   ``"sqlite:///..."``) or the path of an SQLite file;
2. the environment variable ``POKERLAB_DATABASE_URL`` (the route for a JupyterHub whose learners
   run on several nodes: one PostgreSQL database for the whole hub);
3. the SQLite file ``pokerlab.sqlite3`` in :func:`~pokerlab.storage.paths.data_dir` (nothing to
   install; the default).

Opening runs ``alembic upgrade heads`` on the database (once per process), inside one write
transaction, so a file or database from an older pokerlab (including 0.1.0's hand-made schema) is
brought up to date in place, and two processes opening a new database at once cannot both create
it. A database that carries a revision this pokerlab does not know was written by a newer pokerlab:
it is refused with :class:`~pokerlab.storage.errors.StorageTooNewError` and left untouched.

Transactions
------------
``store.read(work)`` and ``store.write(work)`` run ``work(connection)`` in one transaction and
return its result. On SQLite the database is in WAL mode (readers never block the writer) and a
write transaction starts with ``BEGIN IMMEDIATE``: the write lock is taken *before* reading, so
two processes can never both spend the same points. On PostgreSQL, money moves with a single
``UPDATE ... WHERE balance + change >= 0 RETURNING`` (row-locked), so the same holds there. A
transaction that meets a lock (SQLite "database is locked", PostgreSQL serialisation failure or
deadlock) is retried from the start with a short, growing pause for up to
:data:`RETRY_SECONDS`. Every other database failure becomes a
:class:`~pokerlab.storage.errors.StorageError` with a plain message; an exception raised by
``work`` itself (a refused payment) rolls the transaction back and is passed on unchanged.

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
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar

import sqlalchemy
from sqlalchemy import event, exc
from sqlalchemy.engine import URL, Connection, Engine

from pokerlab.storage import schema
from pokerlab.storage.errors import (
    NOTHING_LOST,
    StorageBusyError,
    StorageCommitUnknownError,
    StorageCorruptError,
    StorageError,
    StorageFullError,
    StorageReadOnlyError,
    StorageTooNewError,
    StorageUnavailableError,
    from_os_error,
)
from pokerlab.storage.paths import database_path

__all__ = [
    "BUSY_TIMEOUT_SECONDS", "RETRY_SECONDS", "SQLITE_USER_VERSION", "Store", "StorageError",
    "StoreTarget", "URL_ENV_VAR", "database_url", "insert_ignore", "open_store", "utc_text",
]

URL_ENV_VAR: Final = "POKERLAB_DATABASE_URL"
"""Environment variable naming the database (an SQLAlchemy URL); unset means the SQLite file."""
BUSY_TIMEOUT_SECONDS: Final = 10.0
"""How long one SQLite statement waits for a lock before the retry loop takes over."""
RETRY_SECONDS: Final = 30.0
"""How long a transaction that keeps meeting locks is retried before :class:`StorageBusyError`."""
CONNECT_TIMEOUT_SECONDS: Final = 5
SQLITE_USER_VERSION: Final = 2
"""``PRAGMA user_version`` of an SQLite file managed by Alembic. pokerlab 0.1.0 wrote 1 and
refuses any file with a higher number, so an old pokerlab never touches an upgraded file."""
MIGRATIONS: Final = "pokerlab.storage:migrations"
_LOCK_KEY: Final = 0x706F6B65  # pg_advisory_xact_lock key of the migration step ("poke")
_RETRY_SQLSTATES: Final = {"40001", "40P01", "55P03"}
_BACKENDS: Final = ("sqlite", "postgresql")

utc_text = schema.utc_text
Result = TypeVar("Result")


class Store:
    """One open database: its SQLAlchemy engine and the transaction helpers.

    Get one with :func:`open_store` (which migrates the database); ``Store`` objects are shared per
    process and URL, so opening the same database twice is cheap.
    """

    def __init__(self, url: URL, engine: Engine) -> None:
        self.url = url
        self.engine = engine
        self.backend: str = url.get_backend_name()
        self.path: Path | None = _sqlite_file(url)
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
        return self._run(work, write=False)

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
        return self._run(work, write=True, landed=landed)

    def _run(self, work: Callable[[Connection], Result], *, write: bool,
             landed: Callable[[Connection], bool] | None = None) -> Result:
        deadline = time.monotonic() + RETRY_SECONDS
        pause = 0.005
        reconnected = False
        while True:
            worked = False
            try:
                with self.engine.connect() as connection:
                    if write and self.backend == "sqlite":
                        connection = connection.execution_options(pokerlab_begin="IMMEDIATE")
                    elif not write and self.backend == "postgresql":
                        connection = connection.execution_options(isolation_level="AUTOCOMMIT")
                    with connection.begin():
                        result = work(connection)
                        worked = True
                    return result
            except exc.IntegrityError:
                raise  # a broken rule of the schema: a bug, or a race the caller handles
            except exc.DBAPIError as error:
                if error.connection_invalidated and worked and write:
                    # Lost during the COMMIT: the server may or may not have stored it.
                    unknown = StorageCommitUnknownError(
                        "The connection to the pokerlab database was lost while a change was being "
                        "stored, so pokerlab cannot tell whether it was kept. Reload the page: it "
                        "shows what was stored."
                    )
                    if landed is None:
                        raise unknown from None
                    try:
                        stored = self._run(landed, write=False)
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
                if not _is_retryable(self, error):
                    raise translate(self, error) from None
                if time.monotonic() > deadline:
                    raise StorageBusyError(
                        f"The pokerlab database {self.describe()} stayed busy (another program kept "
                        f"it locked: {_reason(error)}) for {RETRY_SECONDS:g} seconds, so the change was "
                        f"not made. {NOTHING_LOST} Try again in a moment."
                    ) from None
            except OSError as error:
                raise from_os_error(error, f"use the pokerlab database {self.describe()}") from None
            time.sleep(pause)
            pause = min(pause * 2, 0.2)


StoreTarget = Store | str | os.PathLike[str] | None


def _sqlite_file(url: URL) -> Path | None:
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    database = url.database
    if database.startswith("file:"):
        database = database[len("file:"):]
    return Path(database)


def database_url(target: StoreTarget = None) -> URL:
    """The SQLAlchemy URL :func:`open_store` would use for ``target`` (see the module docs)."""
    if isinstance(target, Store):
        return target.url
    if target is None:
        text = os.environ.get(URL_ENV_VAR, "").strip()
        if not text:
            return URL.create("sqlite", database=str(database_path()))
        source = f"{URL_ENV_VAR} ({text!r})"
    elif isinstance(target, str) and "://" in target:
        text, source = target, f"the database URL {target!r}"
    else:
        path = Path(target).expanduser()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise from_os_error(error, f"create the folder for the pokerlab database {path}") from None
        return URL.create("sqlite", database=str(path))
    try:
        url = sqlalchemy.make_url(text)
    except exc.ArgumentError:
        raise StorageUnavailableError(
            f"{source} is not a database URL pokerlab can read; write it like "
            f"'postgresql+psycopg://user:password@host/dbname' or 'sqlite:////path/to/pokerlab.sqlite3'."
        ) from None
    if url.get_backend_name() not in _BACKENDS:
        raise StorageUnavailableError(
            f"pokerlab keeps its data in SQLite or PostgreSQL; {source} names "
            f"{url.get_backend_name()!r}. Use 'postgresql+psycopg://...' or leave {URL_ENV_VAR} unset "
            f"for the SQLite file in the data folder."
        )
    if url.get_backend_name() == "postgresql" and url.get_driver_name() != "psycopg":
        url = url.set(drivername="postgresql+psycopg")
    return url


PING_AFTER_IDLE_SECONDS: Final = 10.0
"""A pooled PostgreSQL connection idle for longer than this is checked before use."""

_stores: dict[tuple[int, str], Store] = {}
_stores_lock = threading.Lock()


def open_store(target: StoreTarget = None) -> Store:
    """The database for ``target`` (see the module docs), migrated to this pokerlab's schema.

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
            store = Store(url, _make_engine(url))
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


def _make_engine(url: URL) -> Engine:
    if url.get_backend_name() == "sqlite":
        connect_args: dict[str, Any] = {"timeout": BUSY_TIMEOUT_SECONDS}
        if url.database and url.database.startswith("file:"):
            connect_args["uri"] = True
        engine = sqlalchemy.create_engine(url, connect_args=connect_args)

        @event.listens_for(engine, "connect")
        def _on_connect(connection: Any, _record: Any) -> None:
            # No implicit transactions from the driver: the "begin" hook below says BEGIN itself.
            connection.isolation_level = None
            connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
            connection.execute("PRAGMA foreign_keys = ON")

        @event.listens_for(engine, "begin")
        def _on_begin(connection: Connection) -> None:
            mode = connection.get_execution_options().get("pokerlab_begin", "DEFERRED")
            if mode:  # None: statements run one by one (PRAGMA journal_mode needs that)
                connection.exec_driver_sql(f"BEGIN {mode}")

        return engine
    engine = sqlalchemy.create_engine(url, connect_args={"connect_timeout": CONNECT_TIMEOUT_SECONDS})

    # Check a pooled connection before use only when it sat idle for a while (SQLAlchemy's
    # pool_pre_ping checks every time: one more round trip per read, and the teacher's board reads
    # every few seconds from a server 30 learners keep busy). A connection lost since its last use
    # then fails its first statement; Store._run starts the work again on a new one.
    @event.listens_for(engine, "checkin")
    def _on_checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info["pokerlab_idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _on_checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        idle_since = record.info.get("pokerlab_idle_since")
        if idle_since is None or time.monotonic() - idle_since < PING_AFTER_IDLE_SECONDS:
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
            cursor.execute(f"SET lock_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
        connection.autocommit = autocommit

    return engine


def _reason(error: BaseException) -> str:
    original = getattr(error, "orig", None) or error
    text = str(original).strip().splitlines()
    return text[0].rstrip(".") if text else type(original).__name__


def _is_retryable(store: Store, error: exc.DBAPIError) -> bool:
    original = error.orig
    if store.backend == "sqlite":
        name = getattr(original, "sqlite_errorname", "")
        text = str(original).lower()
        return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text or "busy" in text
    return getattr(original, "sqlstate", None) in _RETRY_SQLSTATES


def translate(store: Store, error: exc.DBAPIError) -> StorageError:
    """The plain :class:`StorageError` for a database failure met on ``store``."""
    where = store.describe()
    reason = _reason(error)
    original = error.orig
    if store.backend == "sqlite":
        name = getattr(original, "sqlite_errorname", "")
        if name.startswith("SQLITE_READONLY") or "readonly" in reason.lower():
            return StorageReadOnlyError(
                f"The pokerlab database {where} cannot be written to ({reason}); check that its "
                f"folder allows writing. {NOTHING_LOST}"
            )
        if name.startswith("SQLITE_FULL"):
            return StorageFullError(
                f"The pokerlab database {where} cannot grow: the disk is full ({reason}). Free some "
                f"space and try again. {NOTHING_LOST}"
            )
        if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or "no such table" in reason:
            return StorageCorruptError(
                f"{where} is not a usable pokerlab database ({reason}); it was left as it is. Move it "
                f"away (pokerlab will start a new one) or restore it from a backup."
            )
        if name.startswith("SQLITE_CANTOPEN"):
            return StorageUnavailableError(
                f"The pokerlab database {where} cannot be opened ({reason}); check the data folder."
            )
        return StorageError(f"The pokerlab database {where} cannot be used: {reason}. {NOTHING_LOST}")
    state = getattr(original, "sqlstate", None) or ""
    if state in {"25006", "42501"}:
        return StorageReadOnlyError(
            f"The pokerlab database {where} does not allow this change ({reason}). {NOTHING_LOST}"
        )
    if state.startswith("53"):
        return StorageFullError(
            f"The pokerlab database {where} has no room left ({reason}). {NOTHING_LOST}"
        )
    if not state or state.startswith(("08", "57", "28", "3D")):
        return StorageUnavailableError(
            f"pokerlab cannot reach its database {where}: {reason}. Check {URL_ENV_VAR} (or the "
            f"database server); nothing was changed."
        )
    return StorageError(f"The pokerlab database {where} cannot be used: {reason}. {NOTHING_LOST}")


def _prepare(store: Store) -> None:
    """WAL mode for SQLite, then the Alembic upgrade (refusing a database from a newer pokerlab)."""
    if store.backend == "sqlite":
        _set_wal(store)
    # Checked in a read transaction first: a database that is up to date opens even where it
    # cannot be written (its reads still work; each write then says why it failed).
    if store.read(_pending):
        store.write(_migrate)


def _set_wal(store: Store) -> None:
    def work(connection: Connection) -> None:
        mode = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
        if mode != "wal" and store.path is not None and store.url.query.get("mode") != "ro":
            connection.exec_driver_sql("PRAGMA journal_mode = WAL")

    # journal_mode cannot change inside a transaction, so this runs on a bare connection.
    deadline = time.monotonic() + RETRY_SECONDS
    while True:
        try:
            with store.engine.connect() as connection:
                work(connection.execution_options(pokerlab_begin=None))
                connection.rollback()
            return
        except exc.DBAPIError as error:
            if not _is_retryable(store, error) or time.monotonic() > deadline:
                raise translate(store, error) from None
        except OSError as error:
            raise from_os_error(error, f"open the pokerlab database {store.describe()}") from None
        time.sleep(0.01)


def alembic_config(connection: Connection | None = None) -> Any:
    """An Alembic ``Config`` for pokerlab's migrations (shipped inside the package)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _pending(connection: Connection) -> bool:
    """Whether the database needs migrating; :class:`StorageTooNewError` if it is from a newer
    pokerlab."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    current = MigrationContext.configure(connection).get_current_heads()
    known = {revision.revision for revision in script.walk_revisions()}
    unknown = [revision for revision in current if revision not in known]
    if unknown:
        raise StorageTooNewError(
            f"This pokerlab database was made by a newer pokerlab (it is at schema revision "
            f"{', '.join(unknown)}, which this pokerlab does not know). Update pokerlab to use it; "
            f"it was left exactly as it is."
        )
    if connection.dialect.name == "sqlite" and not current:
        version = connection.exec_driver_sql("PRAGMA user_version").scalar() or 0
        if version > 1:
            raise StorageTooNewError(
                f"This pokerlab database was made by a newer pokerlab (SQLite user_version {version}"
                f" without a schema revision). Update pokerlab to use it; it was left as it is."
            )
    return set(current) != set(script.get_heads())


def _migrate(connection: Connection) -> None:
    from alembic import command
    from alembic.util import CommandError

    if connection.dialect.name == "postgresql":
        connection.execute(sqlalchemy.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
    if not _pending(connection):  # another process migrated it while this one waited
        return
    try:
        command.upgrade(alembic_config(connection), "heads")
    except CommandError as error:
        raise StorageError(f"Could not bring the pokerlab database up to date: {error}.") from None
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql(f"PRAGMA user_version = {SQLITE_USER_VERSION}")


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
