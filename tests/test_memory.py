"""Memory freed by the review's and the coach's threads goes back to the system (glibc's malloc_trim)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pokerlab import memory

pytest.importorskip("psutil")
ROOT = Path(__file__).resolve().parents[1]

# Run in a fresh process: in a whole-suite run the heap arenas already hold other tests' free memory,
# so what a thread keeps would depend on the tests that ran before.
CHURN = """
import json, threading, psutil
from pokerlab.memory import give_back_free_memory

def unique_mb():
    return psutil.Process().memory_full_info().uss / 2**20

pinned = []

def churn():
    blocks = [bytearray(4096) for _ in range(15_000)]  # 60 MB of small blocks in the thread's arena
    pinned.append(blocks[-1])  # the last block stays in use, as some result of real work does, so
    del blocks                 # glibc cannot simply shrink the heap from its top: the rest is kept

give_back_free_memory()
before = unique_mb()
worker = threading.Thread(target=churn)
worker.start()
worker.join()
kept = unique_mb() - before
gave_back = give_back_free_memory()
print(json.dumps({"kept": kept, "after": unique_mb() - before, "gave_back": gave_back}))
"""


@pytest.mark.skipif(memory._malloc_trim() is None, reason="the C library has no malloc_trim (not glibc)")
def test_memory_a_thread_freed_is_given_back() -> None:
    """A thread that allocates 60 MB in small blocks and frees all but the last leaves them in its heap
    arena until they are given back; afterwards the process's unique memory is near where it started."""
    done = subprocess.run([sys.executable, "-c", CHURN], capture_output=True, text=True, cwd=ROOT, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    found = json.loads(done.stdout)
    assert found["gave_back"] is True
    assert found["kept"] > 40, f"the freed blocks were not kept ({found['kept']:.0f} MB): this test would show nothing"
    assert found["after"] < 20, f"{found['after']:.0f} MB still held after giving memory back ({found['kept']:.0f} MB before)"


def test_without_malloc_trim_it_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory, "_malloc_trim", lambda: None)
    assert memory.give_back_free_memory() is False


def test_giving_back_memory_runs_after_the_work_even_when_it_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(memory, "give_back_free_memory", lambda: calls.append("given back") or True)

    def work(name: str) -> None:
        calls.append(name)
        if name == "fails":
            raise RuntimeError("the simulation broke")

    memory.giving_back_memory(work)("works")
    with pytest.raises(RuntimeError, match="the simulation broke"):
        memory.giving_back_memory(work)("fails")
    assert calls == ["works", "given back", "fails", "given back"]
