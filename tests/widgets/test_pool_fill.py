"""Voilà's pools filled a few kernels at a time, a pool a page waits for first (pokerlab.serving.pool_fill)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from pokerlab.serving.kernels import PoolKeepingKernelManager
from pokerlab.serving.pool_fill import FillQueue, cores
from tests.event_loops import run_alone


class Kernels:
    """Fake kernel starts: each returns a render task that runs until the test ends it."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.renders: dict[str, asyncio.Future[None]] = {}

    def start(self, notebook: str):  # noqa: ANN201 - the coroutine function FillQueue.run awaits
        async def _start() -> dict[str, Any]:
            self.started.append(notebook)
            render = asyncio.get_running_loop().create_future()
            self.renders[notebook] = render
            return {"task": render, "kernel_id": notebook}
        return _start

    def finish(self, notebook: str) -> None:
        self.renders[notebook].set_result(None)


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_no_more_kernels_run_their_notebook_than_there_are_slots_and_the_rest_go_in_order() -> None:
    async def run() -> None:
        queue, kernels = FillQueue(2), Kernels()
        fills = [asyncio.create_task(queue.run(name, kernels.start(name))) for name in ("a", "b", "c", "d")]
        await settle()
        assert kernels.started == ["a", "b"] and queue.running == 2 and queue.waiting == ["c", "d"]
        kernels.finish("b")  # a render ends: the next in line starts
        await settle()
        assert kernels.started == ["a", "b", "c"] and queue.waiting == ["d"]
        for name in ("a", "c"):
            kernels.finish(name)
        await settle()
        kernels.finish("d")
        assert [content["kernel_id"] for content in await asyncio.gather(*fills)] == ["a", "b", "c", "d"]
        await settle()
        assert queue.running == 0 and queue.waiting == []

    run_alone(run())


def test_a_pool_a_page_waits_for_jumps_the_queue() -> None:
    async def run() -> None:
        queue, kernels = FillQueue(1), Kernels()
        for name in ("00", "01", "05", "11", "05"):
            asyncio.create_task(queue.run(name, kernels.start(name)))
        await settle()
        queue.hurry("11")
        assert queue.waiting == ["11", "01", "05", "05"]
        kernels.finish("00")
        await settle()
        assert kernels.started == ["00", "11"]
        queue.hurry("nobody-asked")  # a notebook with no kernel waiting changes nothing
        assert queue.waiting == ["01", "05", "05"]

    run_alone(run())


def test_a_start_that_fails_or_a_fill_cancelled_gives_its_turn_to_the_next() -> None:
    async def run() -> None:
        queue, kernels = FillQueue(1), Kernels()

        async def broken() -> dict[str, Any]:
            raise RuntimeError("the kernel did not start")

        first = asyncio.create_task(queue.run("first", kernels.start("first")))
        failing = asyncio.create_task(queue.run("broken", broken))
        cancelled = asyncio.create_task(queue.run("cancelled", kernels.start("cancelled")))
        last = asyncio.create_task(queue.run("last", kernels.start("last")))
        await settle()
        cancelled.cancel()  # Voilà shutting down drops a fill still waiting: it must not keep a place
        await settle()
        assert cancelled.cancelled() and queue.waiting == ["broken", "last"]
        kernels.finish("first")
        await settle()
        assert isinstance(failing.exception(), RuntimeError) and first.done()
        assert kernels.started == ["first", "last"] and queue.running == 1 and queue.waiting == []
        kernels.finish("last")
        await settle()
        assert last.done() and queue.running == 0

    run_alone(run())


def test_a_queue_needs_a_slot_and_a_machine_has_a_core() -> None:
    with pytest.raises(ValueError, match="at least one kernel"):
        FillQueue(0)
    assert cores() >= 1


def test_the_manager_runs_voilas_pool_fills_through_its_queue_and_hurries_the_pool_a_page_takes() -> None:
    """Voilà's preheating subclass defines _initialize and get_rendered_notebook over ours, as this one
    does; the manager wraps both when it starts."""
    kernels = Kernels()

    class Preheating(PoolKeepingKernelManager):
        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> dict[str, Any]:
            return await kernels.start(notebook_path)()

        async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> tuple[Any, list[str], str]:
            return None, [], "k1"

    manager = Preheating(page_bundle=False, pool_fill_slots=1)
    assert manager.fill_queue.slots == 1
    assert Preheating(page_bundle=False).fill_queue.slots == cores()

    async def run() -> None:
        fills = [asyncio.create_task(manager._initialize(name, None)) for name in ("00", "05", "11")]
        await settle()
        assert kernels.started == ["00"] and manager.fill_queue.waiting == ["05", "11"]
        manager._page_taken = lambda kernel_id: None  # type: ignore[method-assign] - counting pages is tested elsewhere
        await manager.get_rendered_notebook(notebook_name="11")
        assert manager.fill_queue.waiting == ["11", "05"]
        kernels.finish("00")
        await settle()
        assert kernels.started == ["00", "11"]
        for fill in fills:
            fill.cancel()

    run_alone(run())
