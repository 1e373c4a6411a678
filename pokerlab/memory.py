"""Giving memory back after long work in a kernel.

The review and the coach run their simulations in a thread (so the table keeps answering), and the
counting opponents build their deal pool once per kernel; both free far more than they keep. glibc gives
each thread its own heap arena and keeps what the thread freed for later, so a kernel's unique memory
grew by about 25 MB per review thread and stayed there (46 -> 78 -> 103 MB after three reviews,
measured with psutil's USS); ``malloc_trim`` hands the freed pages back (103 -> 78 MB). A class server
runs one kernel per learner, so this is memory for thirty kernels.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from collections.abc import Callable
from typing import ParamSpec

P = ParamSpec("P")


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, Windows, musl)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        return ctypes.CDLL(name).malloc_trim  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


def give_back_free_memory() -> bool:
    """Return the heap memory this process has freed to the system; True where that is possible."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


def giving_back_memory(work: Callable[P, None]) -> Callable[P, None]:
    """``work`` followed, however it ends, by :func:`give_back_free_memory` (a thread's target)."""
    @functools.wraps(work)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            work(*args, **kwargs)
        finally:
            give_back_free_memory()
    return run
