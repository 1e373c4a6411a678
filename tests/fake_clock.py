"""A clock for tests of waits and deadlines: it moves only when told to."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone


class FakeClock:
    """Called like ``datetime.now(timezone.utc)``; ``advance(seconds)`` moves it on."""

    def __init__(self) -> None:
        self.now = datetime.now(timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
