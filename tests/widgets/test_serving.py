"""Serving with Voilà: preheated pools in notebooks/voila.json, and a culler that spares pool kernels."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from pokerlab.widgets.serving import PoolKeepingKernelManager, pooled_kernel_ids

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


def test_culling_skips_pool_kernels_and_culls_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    culled: list[str] = []

    async def cull(self: AsyncMappingKernelManager, kernel_id: str) -> None:
        culled.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull)
    manager = PoolKeepingKernelManager()

    async def run() -> None:
        manager._pools = _pools(asyncio.get_running_loop(), "waiting")  # what Voilà's subclass adds
        await manager.cull_kernel_if_idle("waiting")
        await manager.cull_kernel_if_idle("a learner's kernel")

    run_alone(run())
    assert culled == ["a learner's kernel"]


def test_without_pools_it_culls_like_jupyter_server(monkeypatch: pytest.MonkeyPatch) -> None:
    culled: list[str] = []

    async def cull(self: AsyncMappingKernelManager, kernel_id: str) -> None:
        culled.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull)
    run_alone(PoolKeepingKernelManager().cull_kernel_if_idle("k"))
    assert culled == ["k"]


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
