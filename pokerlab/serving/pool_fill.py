"""Filling Voilà's kernel pools a few kernels at a time, the ones a page is waiting for first.

At start-up Voilà fills every notebook's pool at once: with about thirty notebooks that is thirty
kernels running their notebook together on a machine of two cores. Each needs two to three seconds of
one core alone, so all of them finish after a minute and a half, and a page asked for in that minute
(the teacher says "open the game" just after starting the server) waits for its kernel among the
thirty: a CI run saw My hands take 90-105 s to show its widgets while a second server filled its pools.

:class:`FillQueue` lets only as many pooled kernels run their notebook as the machine has cores; the
others wait their turn in the order Voilà asked for them, and a page that takes a kernel from a pool
whose kernel is still waiting moves that kernel to the front (:meth:`FillQueue.hurry`). A page asked for
before its notebook's first pooled kernel has even begun gets a kernel of its own from Voilà at once,
so it waits only for the few kernels running, not for the queue. The total work is the same; it is
done in an order that serves the pages asked for.

A turn lasts until the kernel has run its notebook (Voilà's render task ends: the whole notebook for a
kernel waiting in a pool, the cell running when a page takes it).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from typing import Any


def cores() -> int:
    """The cores this process may run on (at least one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


class FillQueue:
    """At most ``slots`` pooled kernels running their notebook at once (see the module docs)."""

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError(f"a kernel pool needs at least one kernel filling at a time, not {slots}")
        self.slots = slots
        self.running = 0
        """Turns taken and not yet given back."""
        self._waiting: list[tuple[str, asyncio.Future[None]]] = []

    @property
    def waiting(self) -> list[str]:
        """The notebooks of the kernels waiting for a turn, next first."""
        return [notebook for notebook, _turn in self._waiting]

    async def run(self, notebook: str, start: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        """Wait for a turn, then ``start()`` (Voilà's ``_initialize``: starts the kernel and its render
        task, returns ``{"task": ..., ...}``); the turn is given back when that task ends."""
        await self._turn(notebook)
        try:
            content = await start()
        except BaseException:
            self._give_back()
            raise
        task = content.get("task")
        if isinstance(task, asyncio.Future):
            task.add_done_callback(lambda _task: self._give_back())
        else:  # nothing left running: the turn is over
            self._give_back()
        return content

    def hurry(self, notebook: str) -> None:
        """A page waits for ``notebook``'s pooled kernel: its kernels waiting for a turn go first."""
        first = [item for item in self._waiting if item[0] == notebook]
        self._waiting = first + [item for item in self._waiting if item[0] != notebook]

    async def _turn(self, notebook: str) -> None:
        if self.running < self.slots and not self._waiting:
            self.running += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((notebook, turn))
        try:
            await turn  # _give_back counted it as running when it set the result
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._give_back()  # the turn came as the waiter was cancelled: pass it on
            else:
                self._waiting = [item for item in self._waiting if item[1] is not turn]
            raise

    def _give_back(self) -> None:
        self.running -= 1
        while self._waiting and self.running < self.slots:
            _notebook, turn = self._waiting.pop(0)
            if not turn.done():
                self.running += 1
                turn.set_result(None)
