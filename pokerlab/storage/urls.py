"""Which database a target names, as the SQLAlchemy URL :func:`~pokerlab.storage.database.open_store`
opens.

In this order:

1. the ``target`` given: a :class:`~pokerlab.storage.transactions.Store`, a database URL
   (``"postgresql+psycopg://..."``, ``"sqlite:///..."``) or the path of an SQLite file;
2. the environment variable ``POKERLAB_DATABASE_URL`` (the route for a JupyterHub whose learners
   run on several nodes: one PostgreSQL database for the whole hub);
3. the SQLite file ``pokerlab.sqlite3`` in :func:`~pokerlab.storage.paths.data_dir` (nothing to
   install; the default).

Apart because reading a URL needs no database: Alembic's ``env.py`` run by hand asks it too, and
a URL that is wrong is refused here, with a
:class:`~pokerlab.storage.errors.StorageSettingError` saying how to write it, before anything is
opened.

>>> database_url("sqlite:////tmp/class.sqlite3").database
'/tmp/class.sqlite3'
>>> database_url("postgresql+psycopg2://maya@db.example/pokerlab").drivername
'postgresql+psycopg'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

import sqlalchemy
from sqlalchemy import exc
from sqlalchemy.engine import URL

from pokerlab.storage.errors import StorageSettingError, from_os_error, hide_password, storage_failure
from pokerlab.storage.paths import database_path
from pokerlab.storage.transactions import Store

__all__ = ["OPENING", "URL_ENV_VAR", "StoreTarget", "database_url"]

URL_ENV_VAR: Final = "POKERLAB_DATABASE_URL"
"""Environment variable naming the database (an SQLAlchemy URL); unset means the SQLite file."""
OPENING: Final = "open your data"
"""What a failure while opening the database was doing, in its message ("pokerlab could not ...")."""
BACKENDS: Final = ("sqlite", "postgresql")
"""The databases pokerlab keeps its data in."""

StoreTarget = Store | str | os.PathLike[str] | None
"""What names a database: an open :class:`Store`, a URL, an SQLite file's path, or ``None``."""


def database_url(target: StoreTarget = None) -> URL:
    """The SQLAlchemy URL :func:`~pokerlab.storage.database.open_store` would use for ``target``
    (see the module docs)."""
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
    if url.get_backend_name() not in BACKENDS:
        raise _setting_error(
            f"pokerlab keeps its data in SQLite or PostgreSQL; {source} names {url.get_backend_name()!r}. "
            f"Use 'postgresql+psycopg://...' or leave {URL_ENV_VAR} unset for the SQLite file in the data folder"
        )
    if url.get_backend_name() == "postgresql" and url.get_driver_name() != "psycopg":
        url = url.set(drivername="postgresql+psycopg")
    return url


def _setting_error(details: str) -> StorageSettingError:
    return storage_failure(StorageSettingError, OPENING, details)
