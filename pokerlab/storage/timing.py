"""How long the database waits: for a lock, for a transaction in all, before checking a pooled
connection, for a server to answer; and the pause between two tries.

Apart so that every module that waits reads the same numbers, and reads them when it waits
(``timing.RETRY_SECONDS``, never a copy taken at import): a test that shortens a wait patches this
one module (``monkeypatch.setattr(timing, "RETRY_SECONDS", 0.2)``), and a test that watches the
retry loop's pauses patches :func:`sleep` here without touching :func:`time.sleep` for everyone.
"""

from __future__ import annotations

import time
from typing import Final

__all__ = [
    "BUSY_TIMEOUT_SECONDS", "CONNECT_TIMEOUT_SECONDS", "PING_AFTER_IDLE_SECONDS", "RETRY_SECONDS", "lock_wait",
    "sleep",
]

BUSY_TIMEOUT_SECONDS: Final = 10.0
"""How long one try waits for a lock (SQLite's busy timeout, PostgreSQL's ``lock_timeout``) before
the retry loop takes over; never longer than what is left of :data:`RETRY_SECONDS`."""
RETRY_SECONDS: Final = 30.0
"""How long a transaction that keeps meeting locks is tried in all before
:class:`~pokerlab.storage.errors.StorageBusyError`."""
PING_AFTER_IDLE_SECONDS: Final = 10.0
"""A pooled PostgreSQL connection idle for longer than this is checked before use."""
CONNECT_TIMEOUT_SECONDS: Final = 5
"""How long a new PostgreSQL connection waits for the server to answer."""


def sleep(seconds: float) -> None:
    """The pause between two tries of a transaction that met a lock."""
    time.sleep(seconds)


def lock_wait(deadline: float) -> float:
    """How long the next try may wait for a lock: :data:`BUSY_TIMEOUT_SECONDS`, or less so that it
    ends by ``deadline`` (a :func:`time.monotonic` value).

    >>> lock_wait(time.monotonic() + 60) == BUSY_TIMEOUT_SECONDS, lock_wait(time.monotonic() - 1)
    (True, 0.0)
    """
    return max(0.0, min(BUSY_TIMEOUT_SECONDS, deadline - time.monotonic()))
