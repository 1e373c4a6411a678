"""What a database driver's error means: a lock to wait out, or which
:class:`~pokerlab.storage.errors.StorageError` the learner is told, and the driver's own account of
it for the log.

Apart from the :class:`~pokerlab.storage.transactions.Store` because it reads only the driver's
error (SQLite's error names, PostgreSQL's SQLSTATEs and login messages) and the backend's name:
it knows nothing of connections or transactions, and the retry loop, the WAL switch and the tests
of each failure all ask it the same questions.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Final

from pokerlab.storage.errors import (
    StorageCorruptError,
    StorageError,
    StorageFullError,
    StorageReadOnlyError,
    StorageSettingError,
    StorageUnavailableError,
    hide_password,
)

__all__ = ["driver_details", "failure_kind", "is_retryable", "refuses_writes"]

RETRY_SQLSTATES: Final = frozenset({"40001", "40P01", "55P03"})
"""PostgreSQL's serialisation failure, deadlock and lock timeout: tried again, like SQLite's busy."""
REFUSED_LOGIN: Final = re.compile(
    r'authentication failed|(database|role) "[^"]*" does not exist|no pg_hba\.conf entry'
)
"""What the server says, at connection time (libpq gives no SQLSTATE then), when the URL's user,
password or database name is wrong rather than the server unreachable."""


def driver_details(error: BaseException) -> str:
    """The driver's own account of ``error`` for the log: its class, first line and error code."""
    original = getattr(error, "orig", None) or error
    lines = str(original).strip().splitlines()
    text = hide_password(lines[0].rstrip(".")) if lines else ""
    code = getattr(original, "sqlite_errorname", None)
    if getattr(original, "sqlstate", None):
        code = f"SQLSTATE {original.sqlstate}"
    return f"{type(original).__name__}: {text}" + (f" [{code}]" if code else "")


def is_retryable(backend: str, original: BaseException | None) -> bool:
    """Whether the driver's error ``original`` (a ``DBAPIError``'s ``orig``) on ``backend``
    (``"sqlite"`` or ``"postgresql"``) is a lock that trying again may get past."""
    if backend == "sqlite":
        name = getattr(original, "sqlite_errorname", None)
        if name is not None:
            return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))
        text = str(original).lower()  # a driver without error names: its two lock messages
        return "database is locked" in text or "table is locked" in text
    return getattr(original, "sqlstate", None) in RETRY_SQLSTATES


def refuses_writes(path: Path | None) -> bool:
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


def failure_kind(backend: str, original: BaseException | None, path: Path | None) -> type[StorageError]:
    """The :class:`StorageError` subclass the driver's error ``original`` stands for on
    ``backend``; ``path`` is the SQLite file (whether it can be written tells a file that cannot
    be opened because it is read-only from one that is not there)."""
    if backend == "sqlite":
        name = getattr(original, "sqlite_errorname", "") or ""
        if name.startswith("SQLITE_READONLY"):
            return StorageReadOnlyError
        if name.startswith("SQLITE_FULL"):
            return StorageFullError
        if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or "no such table" in str(original):
            return StorageCorruptError
        if name.startswith(("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
            return StorageReadOnlyError if refuses_writes(path) else StorageUnavailableError
        return StorageError
    state = getattr(original, "sqlstate", None) or ""
    if state in {"25006", "42501"}:  # read-only transaction, insufficient privilege
        return StorageReadOnlyError
    if state in {"53100", "53400"}:  # disk full, configuration limit (a quota) exceeded
        return StorageFullError
    if state in {"XX001", "XX002", "42P01"}:  # data or index corrupted, a missing table
        return StorageCorruptError
    if state.startswith(("28", "3D")) or (not state and REFUSED_LOGIN.search(str(original))):
        return StorageSettingError  # wrong user or password, no such database
    if not state or state.startswith(("08", "57")) or state == "53300":  # no connection, shut down, full
        return StorageUnavailableError
    return StorageError
