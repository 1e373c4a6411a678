"""Serving with Voilà: preheated pools in notebooks/voila.json, and a culler that spares pool kernels
and pages still opening."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

from pokerlab.widgets.serving import PoolKeepingKernelManager, PromptKernelConnection, pooled_kernel_ids

VOILA_JSON = Path(__file__).resolve().parents[2] / "notebooks" / "voila.json"


def _pools(loop: asyncio.AbstractEventLoop, *states: object) -> dict[str, list[asyncio.Future]]:
    """One pool with a future per state: a kernel id (started), None (still starting), or an error."""
    pool = []
    for state in states:
        future = loop.create_future()
        if isinstance(state, str):
            future.set_result({"kernel_id": state})
        elif isinstance(state, Exception):
            future.set_exception(state)
            future.exception()  # retrieved: no "never retrieved" warning
        pool.append(future)
    return {"05-five-card-draw.ipynb": pool}


def test_pooled_kernel_ids_are_the_started_kernels_waiting_in_pools() -> None:
    loop = asyncio.new_event_loop()
    try:
        pools = _pools(loop, "a", None, RuntimeError("failed to start"), "b")
        assert pooled_kernel_ids(pools) == {"a", "b"}
        assert pooled_kernel_ids({}) == set()
    finally:
        loop.close()


def run_alone(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coroutine`` on a new event loop in a thread of its own: in a whole-suite run the browser
    tests' Playwright leaves an event loop running in the main thread, where asyncio.run() refuses."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class FakeKernel:
    """What Jupyter Server's culler reads of a kernel."""

    def __init__(self, idle_for: timedelta) -> None:
        self.last_activity = datetime.now(timezone.utc) - idle_for


def test_culling_skips_pool_kernels_and_culls_the_rest_from_the_second_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    culled: list[str] = []

    async def cull(self: AsyncMappingKernelManager, kernel_id: str) -> None:
        culled.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull)
    manager = PoolKeepingKernelManager(page_bundle=False)
    manager._kernels.update(waiting=FakeKernel(timedelta(hours=1)))
    manager._kernels["a learner's kernel"] = FakeKernel(timedelta(hours=1))

    async def run() -> None:
        manager._pools = _pools(asyncio.get_running_loop(), "waiting")  # what Voilà's subclass adds
        for _ in range(2):
            await manager.cull_kernel_if_idle("waiting")
            await manager.cull_kernel_if_idle("a learner's kernel")

    run_alone(run())
    assert culled == ["a learner's kernel"]


def test_a_kernel_taken_from_a_pool_gets_a_full_idle_timeout_before_it_may_be_culled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The CI failure this prevents: a pool kernel that ran its notebook minutes ago is handed to a page;
    a cull pass before the browser connects saw it idle for minutes and shut it down (a dead page)."""
    culled: list[str] = []

    async def cull(self: AsyncMappingKernelManager, kernel_id: str) -> None:
        culled.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull)
    manager = PoolKeepingKernelManager(page_bundle=False)
    handed_out = FakeKernel(idle_for=timedelta(minutes=10))
    manager._kernels["page"] = handed_out

    async def run() -> None:
        manager._pools = _pools(asyncio.get_running_loop(), "page")
        await manager.cull_kernel_if_idle("page")  # still pooled: kept, clock untouched
        assert datetime.now(timezone.utc) - handed_out.last_activity > timedelta(minutes=9)
        manager._pools = {}  # Voilà took it for a page
        await manager.cull_kernel_if_idle("page")  # first pass outside the pool: the idle clock restarts
        assert datetime.now(timezone.utc) - handed_out.last_activity < timedelta(seconds=5)
        assert culled == []
        await manager.cull_kernel_if_idle("page")  # later passes: Jupyter Server's rule decides
        assert culled == ["page"]

    run_alone(run())


def test_shutting_a_kernel_down_forgets_it(monkeypatch: pytest.MonkeyPatch) -> None:
    async def shutdown(self: AsyncMappingKernelManager, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        pass

    async def cull(self: AsyncMappingKernelManager, kernel_id: str) -> None:
        pass

    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull)
    manager = PoolKeepingKernelManager(page_bundle=False)

    async def run() -> None:
        await manager.cull_kernel_if_idle("k")
        assert "k" in manager._seen_outside_pool
        await manager.shutdown_kernel("k")
        assert "k" not in manager._seen_outside_pool

    run_alone(run())


def test_voila_json_preheats_with_pools_and_names_the_manager() -> None:
    config = json.loads(VOILA_JSON.read_text())
    voila = config["VoilaConfiguration"]
    assert voila["preheat_kernel"] is True
    assert voila["multi_kernel_manager_class"] == "pokerlab.widgets.serving.PoolKeepingKernelManager"
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    notebooks = {path.name for path in VOILA_JSON.parent.glob("*.ipynb")}
    assert set(pools) - {"default"} <= notebooks  # no pool for a notebook that does not exist
    assert all(isinstance(entry["pool_size"], int) and entry["pool_size"] >= 0 for entry in pools.values())
    assert not voila.get("progressive_rendering")  # Voilà refuses it together with preheating


def test_voila_json_runs_kernels_over_unix_sockets_not_tcp_ports() -> None:
    """A TCP kernel gets ports that were free when Voilà picked them; a connection opened meanwhile
    (a pooled PostgreSQL connection takes a port from the same range) can hold one, the kernel then
    dies at start and its page never loads (seen once in CI). Unix sockets in Voilà's private
    folder cannot be taken."""
    assert json.loads(VOILA_JSON.read_text())["KernelManager"] == {"transport": "ipc"}


def test_voila_json_sends_kernel_messages_to_the_page_without_delay() -> None:
    assert json.loads(VOILA_JSON.read_text())["Voila"]["kernel_websocket_connection_class"] == (
        "pokerlab.widgets.serving.PromptKernelConnection")


def test_the_kernel_websocket_turns_nagle_off_before_it_connects(monkeypatch: pytest.MonkeyPatch) -> None:
    """A click's reply is several small frames; with Nagle's algorithm on, each after the first waits
    for the browser's delayed acknowledgement (bench_ui measured clicks at ~50 ms instead of 10-20)."""
    steps: list[object] = []

    class Handler(KernelWebsocketHandler):
        def __init__(self) -> None:  # no request: only what connect() touches
            pass

        def set_nodelay(self, value: bool) -> None:
            steps.append(("nodelay", value))

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: steps.append("connect"))
    PromptKernelConnection(websocket_handler=Handler()).connect()
    assert steps == [("nodelay", True), "connect"]
