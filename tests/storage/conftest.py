"""Every storage test gets its own empty data folder through POKERLAB_DATA_DIR, and a database.

``target`` is the database the test should open: an SQLite file in the test's folder, or a fresh
PostgreSQL schema (see :mod:`tests.storage.backends`); tests that take it run on both backends.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerlab.storage import ENV_VAR, set_data_dir
from pokerlab.storage.database import forget_stores
from pokerlab.storage.urls import URL_ENV_VAR
from tests.storage.backends import BACKENDS, postgres_schema


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "pokerlab-data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    monkeypatch.delenv(URL_ENV_VAR, raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    yield folder
    set_data_dir(None)
    forget_stores()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def target(backend: str, tmp_path: Path) -> Iterator[str]:
    """The database for this test: an SQLite file path, or a PostgreSQL URL (own schema)."""
    if backend == "sqlite":
        yield str(tmp_path / "pokerlab.sqlite3")
    else:
        with postgres_schema() as url:
            yield url


@pytest.fixture
def fast_scrypt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cheaper key hashing for tests that claim many names (the parameters travel with each hash)."""
    from pokerlab.classroom import names_and_keys

    monkeypatch.setattr(names_and_keys, "SCRYPT_N", 2**4)
