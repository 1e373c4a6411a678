"""Bringing a database to this pokerlab's schema with Alembic, and refusing one that is not ours.

:func:`needs_upgrade` looks at a database without writing to it: one that carries a revision this
pokerlab does not know was written by a newer pokerlab, and is refused with
:class:`~pokerlab.storage.errors.StorageTooNewError`; an SQLite file that holds tables but is
neither a pokerlab database (an ``alembic_version`` at one of pokerlab's revisions, beside
pokerlab's ``wallets``) nor pokerlab 0.1.0's file (``PRAGMA user_version`` 1 and only 0.1.0's
tables) is another program's, and is refused with
:class:`~pokerlab.storage.errors.StorageNotPokerlabError`. :func:`upgrade` then runs ``alembic
upgrade heads`` inside the caller's write transaction, so two processes opening a new database at
once cannot both create it.

Apart from :mod:`~pokerlab.storage.database` because it is all about revisions and the
``migrations`` folder (tests and ``python -m pokerlab`` ask for :func:`alembic_config` too), and
Alembic itself is loaded only when a database is checked.
"""

from __future__ import annotations

from typing import Any, Final

import sqlalchemy
from sqlalchemy.engine import Connection

from pokerlab.storage.errors import StorageError, StorageNotPokerlabError, StorageTooNewError, storage_failure
from pokerlab.storage.transactions import sqlite_file
from pokerlab.storage.urls import OPENING

__all__ = ["LEGACY_TABLES", "MIGRATIONS", "SQLITE_USER_VERSION", "alembic_config", "needs_upgrade", "upgrade"]

SQLITE_USER_VERSION: Final = 2
"""``PRAGMA user_version`` of an SQLite file managed by Alembic. pokerlab 0.1.0 wrote 1 and
refuses any file with a higher number, so an old pokerlab never touches an upgraded file."""
LEGACY_TABLES: Final = frozenset({"wallets", "wallet_transactions", "high_scores", "ladder_progress"})
"""The tables of pokerlab 0.1.0's SQLite file (``PRAGMA user_version`` 1, no ``alembic_version``)."""
MIGRATIONS: Final = "pokerlab.storage:migrations"
"""Alembic's ``script_location``: the migrations shipped inside the package."""
LOCK_KEY: Final = 0x706F6B65
"""The ``pg_advisory_xact_lock`` key that serialises PostgreSQL upgrades ("poke")."""


def alembic_config(connection: Connection | None = None) -> Any:
    """An Alembic ``Config`` for pokerlab's migrations (shipped inside the package)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def needs_upgrade(connection: Connection) -> bool:
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
    file = sqlite_file(url)
    return str(file) if file is not None else url.render_as_string(hide_password=True)


def upgrade(connection: Connection) -> None:
    """Run ``alembic upgrade heads`` on ``connection``, inside its write transaction (on
    PostgreSQL after taking :data:`LOCK_KEY`), unless another process did it meanwhile."""
    from alembic import command
    from alembic.util import CommandError

    if connection.dialect.name == "postgresql":
        connection.execute(sqlalchemy.text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
    if not needs_upgrade(connection):  # another process migrated it while this one waited
        return
    try:
        command.upgrade(alembic_config(connection), "heads")
    except CommandError as error:
        raise storage_failure(
            StorageError, "bring your data up to date", f"{_where(connection)}: alembic upgrade failed: {error}"
        ) from None
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql(f"PRAGMA user_version = {SQLITE_USER_VERSION}")
