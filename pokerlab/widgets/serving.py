"""Serving the apps with Voilà: a kernel manager that keeps preheated kernels out of idle culling.

notebooks/voila.json turns on Voilà's preheated kernels (a pool of kernels per notebook that have
already run it, so a page opens at once) and culls kernels idle for a while (a learner who closed the
tab). A pool kernel is idle and unconnected by design, so the culler would shut it down, and Voilà
0.5 refills a pool only when a kernel is taken from it: after a quiet spell every page would open
cold again. :class:`PoolKeepingKernelManager` culls as before except kernels still waiting in a pool.

voila.json names it: ``"VoilaConfiguration": {"multi_kernel_manager_class":
"pokerlab.widgets.serving.PoolKeepingKernelManager"}``; the culling settings stay under
``MappingKernelManager``.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


def pooled_kernel_ids(pools: dict[str, list[Any]]) -> set[str]:
    """Kernel ids waiting in Voilà's pools (``{notebook: [task, ...]}``; a task's result holds
    ``kernel_id`` once the kernel has started)."""
    found = set()
    for pool in pools.values():
        for task in pool:
            if task.done() and not task.cancelled() and task.exception() is None:
                kernel_id = task.result().get("kernel_id")
                if kernel_id:
                    found.add(kernel_id)
    return found


class PoolKeepingKernelManager(AsyncMappingKernelManager):
    """Culls idle kernels, except those waiting in a preheated pool (Voilà adds ``_pools``)."""

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id in pooled_kernel_ids(getattr(self, "_pools", {})):
            return
        await super().cull_kernel_if_idle(kernel_id)
