"""Shared fixtures of the class-game tests: a class store on a fresh migrated SQLite file, and on a
fresh PostgreSQL database when a server is given (``PGHOST`` etc., as ``pg_virtualenv`` exports
them, or ``POKERLAB_TEST_POSTGRES_URL``); without one the PostgreSQL cases skip, unless
``POKERLAB_REQUIRE_POSTGRES=1`` (CI), where they fail."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.classroom.store import ClassStore, open_class_store
from pokerlab.storage import Learner
from pokerlab.storage.database import forget_stores


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


def new_database(server: str, name: str, create: bool = True) -> str:
    """The URL of database ``name`` on the PostgreSQL server at ``server``: dropped first (connections
    still open to it closed), then created empty unless ``create`` is False."""
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    return sa.make_url(server).set(database=name).render_as_string(hide_password=False)


def empty_postgres(url: str) -> None:
    """Drop everything in the test database's public schema."""
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql("DROP SCHEMA public CASCADE")
        connection.exec_driver_sql("CREATE SCHEMA public")
    engine.dispose()


def fresh_target(kind: str, tmp_path: Path) -> str:
    """A database URL with nothing in it (``open_class_store`` migrates it)."""
    forget_stores()
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'class.sqlite3'}"
    url = postgres_url()
    if url is None:
        skip_or_fail_without_postgres()
    empty_postgres(url)
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path / "data"))
    yield open_class_store(fresh_target(request.param, tmp_path))
    forget_stores()


def sqlite_class_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ClassStore:
    """A class store in a fresh SQLite file, outside any hub (no ``JUPYTERHUB_USER``): what the widget
    tests that need no second database override ``store`` with."""
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    forget_stores()
    return open_class_store(tmp_path / "class.sqlite3")


def learner(store: ClassStore, name: str) -> Learner:
    """A learner who claimed ``name`` from a browser."""
    return claim(store.store, name, new_key())
