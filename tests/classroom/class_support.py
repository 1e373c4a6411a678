"""Shared fixtures of the class-game tests: a class store on SQLite, and on PostgreSQL when a server
is given (``PGHOST`` etc., as ``pg_virtualenv`` exports them); without one the PostgreSQL cases skip,
unless ``POKERLAB_REQUIRE_POSTGRES=1`` (CI), where they fail."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from pokerlab.classroom.store import ClassStore
from pokerlab.classroom.tables import metadata


def postgres_url() -> str | None:
    """The test server's URL from ``POKERLAB_TEST_POSTGRES_URL`` or libpq's ``PG*`` variables."""
    explicit = os.environ.get("POKERLAB_TEST_POSTGRES_URL")
    if explicit:
        return explicit
    if not os.environ.get("PGHOST"):
        return None
    user, password = os.environ.get("PGUSER", "postgres"), os.environ.get("PGPASSWORD", "")
    host, port, database = os.environ["PGHOST"], os.environ.get("PGPORT", "5432"), os.environ.get("PGDATABASE", "postgres")
    auth = f"{user}:{password}" if password else user
    return f"postgresql+psycopg://{auth}@{host}:{port}/{database}"


def skip_or_fail_without_postgres() -> None:
    message = "No PostgreSQL server given (run under pg_virtualenv, or set POKERLAB_TEST_POSTGRES_URL)."
    if os.environ.get("POKERLAB_REQUIRE_POSTGRES") == "1":
        pytest.fail(message + " PostgreSQL tests are required here (POKERLAB_REQUIRE_POSTGRES=1).")
    pytest.skip(message)


def fresh_engine(kind: str, tmp_path: Path) -> sa.Engine:
    """An engine on an empty class-game schema: a SQLite file, or a clean PostgreSQL database."""
    if kind == "sqlite":
        engine = sa.create_engine(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    else:
        url = postgres_url()
        if url is None:
            skip_or_fail_without_postgres()
        engine = sa.create_engine(url)
        metadata.drop_all(engine)
    metadata.create_all(engine)
    return engine


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ClassStore]:
    engine = fresh_engine(request.param, tmp_path)
    yield ClassStore(engine)
    if request.param == "postgresql":
        metadata.drop_all(engine)
    engine.dispose()
