"""Memory freed by the review's and the coach's threads goes back to the system (glibc's malloc_trim)."""

from __future__ import annotations

import ctypes.util
import threading

import pytest

from pokerlab.widgets import memory

psutil = pytest.importorskip("psutil")


def unique_mb() -> float:
    return psutil.Process().memory_full_info().uss / 2**20


@pytest.mark.skipif(ctypes.util.find_library("c") is None or memory._malloc_trim() is None,
                    reason="the C library has no malloc_trim (not glibc)")
def test_memory_a_thread_freed_is_given_back() -> None:
    """A thread that allocates 60 MB in small blocks and frees all but the last leaves them in its heap
    arena until they are given back; afterwards the process's unique memory is near where it started."""
    pinned: list[bytearray] = []

    def churn() -> None:
        blocks = [bytearray(4096) for _ in range(15_000)]  # 60 MB of small blocks in the thread's arena
        pinned.append(blocks[-1])  # the last block stays in use, as some result of real work does, so
        del blocks                 # glibc cannot simply shrink the heap from its top: the rest is kept

    give_back_free_memory = memory.give_back_free_memory
    give_back_free_memory()
    before = unique_mb()
    worker = threading.Thread(target=churn)
    worker.start()
    worker.join()
    kept = unique_mb() - before
    assert give_back_free_memory() is True
    after = unique_mb() - before
    assert kept > 40, f"the freed blocks were not kept ({kept:.0f} MB): this test would not show anything"
    assert after < 20, f"{after:.0f} MB still held after giving memory back ({kept:.0f} MB before)"


def test_without_malloc_trim_it_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory, "_malloc_trim", lambda: None)
    assert memory.give_back_free_memory() is False
