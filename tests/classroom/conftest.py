"""Fixtures of the classroom tests: ``store`` (a class store, see class_support.py) on SQLite and
PostgreSQL; for the name tests, ``data_folder`` (a fresh data folder with cheap scrypt; those
modules use it throughout) and a database ``target`` on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerlab.classroom import names_and_keys
from pokerlab.storage import ENV_VAR, set_data_dir
from pokerlab.storage.database import forget_stores
from pokerlab.storage.urls import URL_ENV_VAR
from tests.classroom.class_support import store  # noqa: F401
from tests.storage.backends import BACKENDS, postgres_schema


@pytest.fixture
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "pokerlab-data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    monkeypatch.delenv(URL_ENV_VAR, raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setattr(names_and_keys, "SCRYPT_N", 2**10)  # cheaper hashing; real scrypt all the same
    yield folder
    set_data_dir(None)
    forget_stores()


@pytest.fixture(params=BACKENDS)
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "class.sqlite3")
    else:
        with postgres_schema() as url:
            yield url
