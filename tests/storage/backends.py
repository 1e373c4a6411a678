"""Where the storage tests get a database: an SQLite file, or a fresh schema on a real PostgreSQL.

PostgreSQL is used when ``POKERLAB_TEST_POSTGRES_URL`` is set, or the ``PG*`` variables that
``pg_virtualenv`` exports (``PGHOST``, ``PGPORT``, ``PGUSER``, ``PGPASSWORD``, ``PGDATABASE``). Without
a server the PostgreSQL cases skip, unless ``POKERLAB_REQUIRE_POSTGRES=1`` (CI), where they fail.
Each PostgreSQL test gets its own schema (``search_path`` in the URL), dropped afterwards, so tests
never see each other's rows and separate processes given the URL share exactly that schema.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import sqlalchemy

BACKENDS = ("sqlite", "postgresql")


def postgres_url() -> str | None:
    """The test server's URL, or ``None`` when no server is given."""
    explicit = os.environ.get("POKERLAB_TEST_POSTGRES_URL", "").strip()
    if explicit:
        return explicit
    if not os.environ.get("PGHOST"):
        return None
    url = sqlalchemy.URL.create(
        "postgresql+psycopg",
        username=os.environ.get("PGUSER") or None,
        password=os.environ.get("PGPASSWORD") or None,
        host=os.environ["PGHOST"],
        port=int(os.environ["PGPORT"]) if os.environ.get("PGPORT") else None,
        database=os.environ.get("PGDATABASE") or "postgres",
    )
    return url.render_as_string(hide_password=False)


def require_postgres() -> str:
    """The server's URL, or skip (fail under ``POKERLAB_REQUIRE_POSTGRES=1``)."""
    url = postgres_url()
    if url is None:
        message = "no PostgreSQL server given (run under pg_virtualenv or set POKERLAB_TEST_POSTGRES_URL)"
        if os.environ.get("POKERLAB_REQUIRE_POSTGRES") == "1":
            pytest.fail(message + "; POKERLAB_REQUIRE_POSTGRES=1 makes these tests required")
        pytest.skip(message)
    return url


@contextmanager
def postgres_schema(extra_options: str = "") -> Iterator[str]:
    """A URL whose connections use a new, empty schema (dropped on exit)."""
    base = sqlalchemy.make_url(require_postgres())
    schema = f"pokerlab_test_{secrets.token_hex(6)}"
    admin = sqlalchemy.create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
    options = f"-csearch_path={schema}" + (f" {extra_options}" if extra_options else "")
    url = base.update_query_dict({"options": options})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        from pokerlab.storage.database import forget_stores

        forget_stores()
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


@contextmanager
def at_revision(target: str, revision: str, up: bool = True) -> Iterator[sqlalchemy.Connection]:
    """One transaction on the database at ``target``, taken up (or down) to ``revision`` with Alembic
    first, as upgrading does: where a test writes rows as an older pokerlab stored them."""
    from alembic import command

    from pokerlab.storage.alembic_upgrade import alembic_config
    from pokerlab.storage.database import forget_stores
    from pokerlab.storage.engines import make_engine
    from pokerlab.storage.urls import database_url

    forget_stores()
    engine = make_engine(database_url(target))
    try:
        with engine.begin() as connection:
            (command.upgrade if up else command.downgrade)(alembic_config(connection), revision)
            yield connection
    finally:
        engine.dispose()
        forget_stores()


def migrate(target: str, revision: str, up: bool = True) -> None:
    """Take the database at ``target`` up (or down) to ``revision`` with Alembic, as upgrading does."""
    with at_revision(target, revision, up):
        pass


OLD_LEARNERS = sqlalchemy.table("learners", *(sqlalchemy.column(name) for name in (
    "id", "name", "name_key", "kind", "key_hash", "adoptable", "created_at", "claimed_at")))
"""The learners' table as every revision from 0002 keeps it (later ones add columns beside these)."""
LONG_AGO = "2026-12-01T10:00:00.000000+00:00"


def add_ann(connection: sqlalchemy.Connection) -> None:
    """Learner 1, Ann, who claimed her name from a browser (her key is no real key's hash)."""
    connection.execute(OLD_LEARNERS.insert().values(id=1, name="Ann", name_key="ann", kind="browser", key_hash="x",
                                                    adoptable=False, created_at=LONG_AGO, claimed_at=LONG_AGO))
