"""The one SQLite file behind the points wallet, the high score table and the ladder levels unlocked.

Several notebooks or Voilà kernels may use the same file at once, so every write follows the same
recipe: the database is in WAL mode (readers never block the writer), each connection waits up to
:data:`BUSY_TIMEOUT_SECONDS` for a lock, every read-check-write runs inside ``BEGIN IMMEDIATE`` (the
write lock is taken *before* reading, so two processes can never both spend the same points), and
a transaction that still meets "database is locked" is retried from the start with a short,
growing pause until :data:`RETRY_SECONDS` have passed.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Final, TypeVar

from pokerlab.errors import PokerlabError
from pokerlab.storage.paths import database_path

SCHEMA_VERSION: Final = 1
"""Stored in ``PRAGMA user_version``; a file from a newer pokerlab is refused, not altered."""
BUSY_TIMEOUT_SECONDS: Final = 10.0
RETRY_SECONDS: Final = 30.0

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS wallets (
    player TEXT PRIMARY KEY,
    balance INTEGER NOT NULL CHECK (balance >= 0)
);
CREATE TABLE IF NOT EXISTS wallet_transactions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player TEXT NOT NULL REFERENCES wallets (player),
    amount INTEGER NOT NULL,
    balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
    reason TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS wallet_transactions_by_player ON wallet_transactions (player, id);
CREATE TABLE IF NOT EXISTS high_scores (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS high_scores_by_rank ON high_scores (score DESC, at, id);
CREATE TABLE IF NOT EXISTS ladder_progress (
    player TEXT PRIMARY KEY,
    level INTEGER NOT NULL
);
"""

Result = TypeVar("Result")


class StorageError(PokerlabError):
    """The database file cannot be used (from a newer pokerlab, not a database, stuck locked)."""


def utc_text(moment: datetime | None = None) -> str:
    """``moment`` (default now) as fixed-width UTC ISO text, so text order is time order."""
    moment = moment if moment is not None else datetime.now(timezone.utc)
    if moment.tzinfo is None:
        raise ValueError("A time stored by pokerlab must carry a time zone (use timezone.utc).")
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


def resolve(path: str | os.PathLike[str] | None) -> Path:
    """The database file to use: ``path`` if given, else ``data_dir()/pokerlab.sqlite3``."""
    if path is None:
        return database_path()
    chosen = Path(path).expanduser()
    chosen.parent.mkdir(parents=True, exist_ok=True)
    return chosen


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions; every write below says BEGIN IMMEDIATE itself.
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
    connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
    return connection


def _is_lock_error(error: sqlite3.OperationalError) -> bool:
    text = str(error).lower()
    return "locked" in text or "busy" in text


def run(path: Path, work: Callable[[sqlite3.Connection], Result], *, write: bool) -> Result:
    """Run ``work`` in one transaction on ``path``, retrying the whole of it while locked.

    An exception raised by ``work`` (such as a refused payment) rolls back everything it did and
    is passed on unchanged; only lock errors are retried.
    """
    deadline = time.monotonic() + RETRY_SECONDS
    pause = 0.005
    while True:
        try:
            connection = _connect(path)
        except sqlite3.OperationalError as error:
            raise StorageError(f"Cannot open the pokerlab database {path}: {error}.") from None
        try:
            connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                result = work(connection)
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")
            return result
        except sqlite3.OperationalError as error:
            if not _is_lock_error(error) or time.monotonic() > deadline:
                raise StorageError(f"The pokerlab database {path} cannot be used: {error}.") from None
        except sqlite3.IntegrityError:
            raise  # a broken rule of the schema is a bug in pokerlab, not a damaged file
        except sqlite3.DatabaseError as error:
            raise StorageError(
                f"{path} is not a usable pokerlab database ({error}); it was left as it is."
            ) from None
        finally:
            connection.close()
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


def _create_schema(connection: sqlite3.Connection) -> None:
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise StorageError(
            f"This database was made by a newer pokerlab (schema {version}; this one knows up to "
            f"{SCHEMA_VERSION}). Update pokerlab to use it; it was left as it is."
        )
    for statement in _SCHEMA.split(";"):
        if statement.strip():
            connection.execute(statement)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def prepare(path: str | os.PathLike[str] | None) -> Path:
    """Resolve the database file, switch it to WAL mode and create the tables if missing."""
    resolved = resolve(path)
    deadline = time.monotonic() + RETRY_SECONDS
    while True:
        # journal_mode cannot change inside a transaction, so it is set on its own connection.
        connection = _connect(resolved)
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            break
        except sqlite3.OperationalError as error:
            if not _is_lock_error(error) or time.monotonic() > deadline:
                raise StorageError(f"The pokerlab database {resolved} cannot be used: {error}.") from None
        except sqlite3.DatabaseError as error:
            raise StorageError(
                f"{resolved} is not a usable pokerlab database ({error}); it was left as it is."
            ) from None
        finally:
            connection.close()
        time.sleep(0.01)
    run(resolved, _create_schema, write=True)
    return resolved
