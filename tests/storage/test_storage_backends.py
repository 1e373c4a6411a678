"""The PostgreSQL cases skip without a server, and fail instead when CI requires them."""

from __future__ import annotations

import pytest

from tests.storage import backends

PG_VARIABLES = ("POKERLAB_TEST_POSTGRES_URL", "PGHOST", "PGPORT", "PGUSER", "PGPASSWORD", "PGDATABASE")


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in PG_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_without_a_server_the_postgresql_cases_skip(no_server: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("POKERLAB_REQUIRE_POSTGRES", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no PostgreSQL server given"):
        backends.require_postgres()


def test_when_required_a_missing_server_fails(no_server: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERLAB_REQUIRE_POSTGRES", "1")
    with pytest.raises(pytest.fail.Exception, match="POKERLAB_REQUIRE_POSTGRES=1"):
        backends.require_postgres()


def test_the_url_is_built_from_pg_virtualenv_s_variables(no_server: None, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {"PGHOST": "localhost", "PGPORT": "5433", "PGUSER": "postgres", "PGPASSWORD": "p@ss/word",
                        "PGDATABASE": "postgres"}.items():
        monkeypatch.setenv(name, value)
    assert backends.postgres_url() == "postgresql+psycopg://postgres:p%40ss%2Fword@localhost:5433/postgres"
    monkeypatch.setenv("POKERLAB_TEST_POSTGRES_URL", "postgresql+psycopg://u@db/x")
    assert backends.postgres_url() == "postgresql+psycopg://u@db/x"
