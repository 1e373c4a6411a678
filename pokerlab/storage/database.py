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
it is refused with :class:`~pokerlab.storage.errors.StorageTooNewError` and left untouched. An
SQLite file that holds tables but is neither a pokerlab database (an ``alembic_version`` at one of
pokerlab's revisions, beside pokerlab's ``wallets``) nor pokerlab 0.1.0's file (``PRAGMA
user_version`` 1 and only 0.1.0's tables) is another program's: it is refused with
:class:`~pokerlab.storage.errors.StorageNotPokerlabError` before anything is written to it.

Transactions
------------
``store.read(work)`` and ``store.write(work)`` run ``work(connection)`` in one transaction and
return its result. On SQLite the database is in WAL mode (readers never block the writer) and a
write transaction starts with ``BEGIN IMMEDIATE``: the write lock is taken *before* reading, so
two processes can never both spend the same points. On PostgreSQL, money moves with a single
``UPDATE ... WHERE balance + change >= 0 RETURNING`` (row-locked), so the same holds there. A
transaction that meets a lock (SQLite "database is locked", PostgreSQL serialisation failure or
deadlock) is retried from the start with a short, growing pause, for :data:`RETRY_SECONDS` in all:
each try waits for a lock (SQLite's busy timeout, PostgreSQL's ``lock_timeout``) at most
:data:`BUSY_TIMEOUT_SECONDS` and never past that deadline, then
:class:`~pokerlab.storage.errors.StorageBusyError`. Every other database failure becomes a
:class:`~pokerlab.storage.errors.StorageError` subclass whose message is for the learner and whose
``details`` (the database without its password, the driver's message, the SQLSTATE) go to the log;
an exception raised by ``work`` itself (a refused payment) rolls the transaction back and is passed
on unchanged.

>>> import tempfile, pathlib
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "demo.sqlite3")
>>> store.backend, store.path.name
('sqlite', 'demo.sqlite3')
>>> store.read(lambda connection: connection.scalar(sqlalchemy.select(sqlalchemy.func.count()).select_from(schema.learners)))
0
"""

from __future__ import annotations

import os
import re
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
    StorageBusyError,
    StorageCommitUnknownError,
    StorageCorruptError,
    StorageError,
    StorageFullError,
    StorageNotPokerlabError,
    StorageReadOnlyError,
    StorageSettingError,
    StorageTooNewError,
    StorageUnavailableError,
    from_os_error,
    hide_password,
    storage_failure,
)
from pokerlab.storage.paths import database_path

__all__ = [
    "BUSY_TIMEOUT_SECONDS", "RETRY_SECONDS", "SQLITE_USER_VERSION", "Store", "StorageError",
    "StoreTarget", "URL_ENV_VAR", "database_url", "insert_ignore", "open_store", "utc_text",
]

URL_ENV_VAR: Final = "POKERLAB_DATABASE_URL"
"""Environment variable naming the database (an SQLAlchemy URL); unset means the SQLite file."""
BUSY_TIMEOUT_SECONDS: Final = 10.0
"""How long one try waits for a lock (SQLite's busy timeout, PostgreSQL's ``lock_timeout``) before
the retry loop takes over; never longer than what is left of :data:`RETRY_SECONDS`."""
RETRY_SECONDS: Final = 30.0
"""How long a transaction that keeps meeting locks is tried in all before :class:`StorageBusyError`."""
CONNECT_TIMEOUT_SECONDS: Final = 5
SQLITE_USER_VERSION: Final = 2
"""``PRAGMA user_version`` of an SQLite file managed by Alembic. pokerlab 0.1.0 wrote 1 and
refuses any file with a higher number, so an old pokerlab never touches an upgraded file."""
LEGACY_TABLES: Final = frozenset({"wallets", "wallet_transactions", "high_scores", "ladder_progress"})
"""The tables of pokerlab 0.1.0's SQLite file (``PRAGMA user_version`` 1, no ``alembic_version``)."""
MIGRATIONS: Final = "pokerlab.storage:migrations"
OPENING: Final = "open your data"
"""What a failure while opening the database was doing, in its message ("pokerlab could not ...")."""
_LOCK_KEY: Final = 0x706F6B65  # pg_advisory_xact_lock key of the migration step ("poke")
_RETRY_SQLSTATES: Final = {"40001", "40P01", "55P03"}
_BACKENDS: Final = ("sqlite", "postgresql")
_REFUSED_LOGIN: Final = re.compile(
    r'authentication failed|(database|role) "[^"]*" does not exist|no pg_hba\.conf entry'
)
"""What the server says, at connection time (libpq gives no SQLSTATE then), when the URL's user,
password or database name is wrong rather than the server unreachable."""

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
             landed: Callable[[Connection], bool] | None = None, deadline: float | None = None,
             doing: str | None = None) -> Result:
        """``work`` in one transaction, tried again on locks until ``deadline`` (a ``time.monotonic``
        value; by default :data:`RETRY_SECONDS` from now); ``doing`` names it in messages."""
        if deadline is None:
            deadline = time.monotonic() + RETRY_SECONDS
        if doing is None:
            doing = "store this change" if write else "read your data"
        pause = 0.005
        reconnected = False
        while True:
            worked = False
            wait = _lock_wait(deadline)
            try:
                with self.engine.connect() as connection:
                    if self.backend == "sqlite":
                        connection = connection.execution_options(
                            pokerlab_begin="IMMEDIATE" if write else "DEFERRED", pokerlab_lock_wait=wait)
                    elif not write:
                        connection = connection.execution_options(isolation_level="AUTOCOMMIT")
                    with connection.begin():
                        if write and self.backend == "postgresql" and wait < BUSY_TIMEOUT_SECONDS:
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
                        f"{self.describe()}: the connection was lost during COMMIT ({_driver_details(error)})"
                        + ("; nothing can look the change up" if landed is None else ""),
                    )
                    if landed is None:
                        raise unknown from None
                    try:
                        stored = self._run(landed, write=False, doing="look up whether the change was stored")
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
                    raise translate(self, error, doing) from None
                if time.monotonic() >= deadline:
                    raise storage_failure(
                        StorageBusyError, doing,
                        f"{self.describe()} stayed locked by another writer for {RETRY_SECONDS:g} s "
                        f"({_driver_details(error)})",
                    ) from None
            except OSError as error:
                raise from_os_error(error, doing, self.describe()) from None
            time.sleep(max(0.0, min(pause, deadline - time.monotonic())))
            pause = min(pause * 2, 0.2)


def _lock_wait(deadline: float) -> float:
    """How long the next try may wait for a lock: :data:`BUSY_TIMEOUT_SECONDS`, or less so that it
    ends by ``deadline``."""
    return max(0.0, min(BUSY_TIMEOUT_SECONDS, deadline - time.monotonic()))


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
        source = f"{URL_ENV_VAR} ({hide_password(text)!r})"
    elif isinstance(target, str) and "://" in target:
        text, source = target, f"the database URL {hide_password(target)!r}"
    else:
        path = Path(target).expanduser()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise from_os_error(error, OPENING, path.parent) from None
        return URL.create("sqlite", database=str(path))
    example = "write it like 'postgresql+psycopg://user:password@host:5432/dbname' or 'sqlite:////path/to/pokerlab.sqlite3'"
    try:
        url = sqlalchemy.make_url(text)
        port = url.port
    except exc.ArgumentError:
        raise _setting_error(f"{source} is not a database URL pokerlab can read; {example}") from None
    except ValueError as error:  # SQLAlchemy reads the port with int()
        raise _setting_error(f"{source} has a port that is not a whole number ({error}); {example}") from None
    if port is not None and not (isinstance(port, int) and 0 < port < 65536):
        raise _setting_error(f"{source} gives the port {port!r}; a port is a whole number from 1 to 65535")
    if url.get_backend_name() not in _BACKENDS:
        raise _setting_error(
            f"pokerlab keeps its data in SQLite or PostgreSQL; {source} names {url.get_backend_name()!r}. "
            f"Use 'postgresql+psycopg://...' or leave {URL_ENV_VAR} unset for the SQLite file in the data folder"
        )
    if url.get_backend_name() == "postgresql" and url.get_driver_name() != "psycopg":
        url = url.set(drivername="postgresql+psycopg")
    return url


def _setting_error(details: str) -> StorageSettingError:
    return storage_failure(StorageSettingError, OPENING, details)


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
            options = connection.get_execution_options()
            # Each try waits for a lock only as long as Store._run's deadline allows.
            wait = options.get("pokerlab_lock_wait", BUSY_TIMEOUT_SECONDS)
            connection.connection.driver_connection.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
            mode = options.get("pokerlab_begin", "DEFERRED")
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


def _driver_details(error: BaseException) -> str:
    """The driver's own account of ``error`` for the log: its class, first line and error code."""
    original = getattr(error, "orig", None) or error
    lines = str(original).strip().splitlines()
    text = hide_password(lines[0].rstrip(".")) if lines else ""
    code = getattr(original, "sqlite_errorname", None)
    if getattr(original, "sqlstate", None):
        code = f"SQLSTATE {original.sqlstate}"
    return f"{type(original).__name__}: {text}" + (f" [{code}]" if code else "")


def _is_retryable(store: Store, error: exc.DBAPIError) -> bool:
    original = error.orig
    if store.backend == "sqlite":
        name = getattr(original, "sqlite_errorname", None)
        if name is not None:
            return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))
        text = str(original).lower()  # a driver without error names: its two lock messages
        return "database is locked" in text or "table is locked" in text
    return getattr(original, "sqlstate", None) in _RETRY_SQLSTATES


def _refuses_writes(path: Path | None) -> bool:
    """Whether the SQLite file ``path`` (or the folder it would be made in) cannot be written:
    a read-only file system, or permissions that keep this process out."""
    if path is None:
        return False
    folder = path.parent
    statvfs = getattr(os, "statvfs", None)
    try:
        if statvfs is not None and statvfs(folder).f_flag & os.ST_RDONLY:
            return True
    except OSError:
        return False  # no such folder: that is not a read-only one
    return not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK))


def translate(store: Store, error: exc.DBAPIError, doing: str = "use your data") -> StorageError:
    """The :class:`StorageError` subclass for a database failure met on ``store`` while ``doing``:
    a plain message for the learner; the database, the driver's message and its code in the
    ``details`` (and the log)."""
    original = error.orig
    details = f"{store.describe()}: {_driver_details(error)}"
    kind: type[StorageError] = StorageError
    if store.backend == "sqlite":
        name = getattr(original, "sqlite_errorname", "") or ""
        if name.startswith("SQLITE_READONLY"):
            kind = StorageReadOnlyError
        elif name.startswith("SQLITE_FULL"):
            kind = StorageFullError
        elif name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or "no such table" in str(original):
            kind = StorageCorruptError
        elif name.startswith(("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
            kind = StorageReadOnlyError if _refuses_writes(store.path) else StorageUnavailableError
        return storage_failure(kind, doing, details)
    state = getattr(original, "sqlstate", None) or ""
    if state in {"25006", "42501"}:  # read-only transaction, insufficient privilege
        kind = StorageReadOnlyError
    elif state in {"53100", "53400"}:  # disk full, configuration limit (a quota) exceeded
        kind = StorageFullError
    elif state in {"XX001", "XX002", "42P01"}:  # data or index corrupted, a missing table
        kind = StorageCorruptError
    elif state.startswith(("28", "3D")) or (not state and _REFUSED_LOGIN.search(str(original))):
        kind = StorageSettingError  # wrong user or password, no such database
    elif not state or state.startswith(("08", "57")) or state == "53300":  # no connection, shut down, full
        kind = StorageUnavailableError
    return storage_failure(kind, doing, details)


def _prepare(store: Store) -> None:
    """Check that the database is pokerlab's, switch SQLite to WAL mode, then run the Alembic
    upgrade; all within one :data:`RETRY_SECONDS` of lock waits."""
    deadline = time.monotonic() + RETRY_SECONDS
    # Checked in a read transaction first, before anything is written (another program's file is
    # left exactly as it was): a database that is up to date opens even where it cannot be written
    # (its reads still work; each write then says why it failed).
    pending = store._run(_pending, write=False, deadline=deadline, doing=OPENING)
    if store.backend == "sqlite":
        _set_wal(store, deadline)
    if pending:
        store._run(_migrate, write=True, deadline=deadline, doing=OPENING)


def _set_wal(store: Store, deadline: float) -> None:
    def work(connection: Connection) -> None:
        mode = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
        if mode != "wal" and store.path is not None and store.url.query.get("mode") != "ro":
            connection.exec_driver_sql("PRAGMA journal_mode = WAL")

    # journal_mode cannot change inside a transaction, so this runs on a bare connection.
    while True:
        try:
            with store.engine.connect() as connection:
                work(connection.execution_options(pokerlab_begin=None, pokerlab_lock_wait=_lock_wait(deadline)))
                connection.rollback()
            return
        except exc.DBAPIError as error:
            if not _is_retryable(store, error):
                raise translate(store, error, OPENING) from None
            if time.monotonic() >= deadline:
                raise storage_failure(
                    StorageBusyError, OPENING,
                    f"{store.describe()} stayed locked while switching to WAL mode ({_driver_details(error)})",
                ) from None
        except OSError as error:
            raise from_os_error(error, OPENING, store.describe()) from None
        time.sleep(max(0.0, min(0.01, deadline - time.monotonic())))


def alembic_config(connection: Connection | None = None) -> Any:
    """An Alembic ``Config`` for pokerlab's migrations (shipped inside the package)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _pending(connection: Connection) -> bool:
    """Whether the database needs migrating. Refuses (leaving it as it is) a database from a newer
    pokerlab (:class:`StorageTooNewError`) and another program's (:class:`StorageNotPokerlabError`)."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    current = MigrationContext.configure(connection).get_current_heads()
    known = {revision.revision for revision in script.walk_revisions()}
    unknown = [revision for revision in current if revision not in known]
    tables = set(sqlalchemy.inspect(connection).get_table_names())
    sqlite = connection.dialect.name == "sqlite"
    version = (connection.exec_driver_sql("PRAGMA user_version").scalar() or 0) if sqlite else None
    where = _where(connection)
    found = f"tables {', '.join(sorted(tables)) or '(none)'}" + (f", user_version {version}" if sqlite else "")
    if unknown:
        if "wallets" in tables and (version is None or version >= SQLITE_USER_VERSION):
            raise storage_failure(
                StorageTooNewError, OPENING,
                f"{where} is at schema revision {', '.join(unknown)}, which this pokerlab does not know "
                f"(a newer pokerlab wrote it); left as it is",
            )
        raise storage_failure(
            StorageNotPokerlabError, OPENING,
            f"{where} is another program's database: its alembic_version holds {', '.join(unknown)}, "
            f"none of pokerlab's revisions ({found}); left as it is",
        )
    if current and "wallets" not in tables:
        raise storage_failure(
            StorageNotPokerlabError, OPENING,
            f"{where} is another program's database: its alembic_version holds {', '.join(current)} "
            f"but it has no pokerlab tables ({found}); left as it is",
        )
    if sqlite and not current and tables:
        # Not made by Alembic: pokerlab 0.1.0's file (user_version 1, its own tables only) or not ours.
        if version != 1 or not tables <= LEGACY_TABLES:
            raise storage_failure(
                StorageNotPokerlabError, OPENING,
                f"{where} is another program's database, neither pokerlab's (no alembic_version) nor "
                f"pokerlab 0.1.0's (user_version 1 and only {', '.join(sorted(LEGACY_TABLES))}): "
                f"{found}; left as it is",
            )
    if sqlite and not current and not tables and (version or 0) > 1:
        raise storage_failure(
            StorageTooNewError, OPENING,
            f"{where} has SQLite user_version {version} and no schema revision (a newer pokerlab); "
            f"left as it is",
        )
    return set(current) != set(script.get_heads())


def _where(connection: Connection) -> str:
    """The database of ``connection`` for details: the SQLite file, or the URL without password."""
    url = connection.engine.url
    file = _sqlite_file(url)
    return str(file) if file is not None else url.render_as_string(hide_password=True)


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
        raise storage_failure(
            StorageError, "bring your data up to date", f"{_where(connection)}: alembic upgrade failed: {error}"
        ) from None
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
