"""The clocks a Four Rows game reads its four minutes from: anything with a ``now()`` in seconds.

Apart from the game because the apps choose the clock (the server's wall clock, so a kept game goes
on counting between visits) and tests and test mode choose a manual one, without touching the rules.

>>> clock = ManualClock(10.0)
>>> clock.advance(2.5); clock.now()
12.5
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...


class MonotonicClock:
    """Real time in seconds, immune to changes of the wall clock."""

    def now(self) -> float:
        return time.monotonic()


class ServerClock:
    """The server's wall clock (seconds since 1970): the same for every kernel on the machine and
    across restarts, so a game kept between visits goes on counting while the learner is away."""

    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told to: exact time in tests, a paused clock in test mode."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError(f"A clock cannot go back {seconds} s; advance by zero or more seconds.")
        self._now += seconds
