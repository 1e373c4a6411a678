"""Serving the apps with Voilà: a kernel manager whose idle culling never kills a page that is opening.

notebooks/voila.json turns on Voilà's preheated kernels (a pool of kernels per notebook that have
already run it, so a page opens at once) and culls kernels idle for a while (a learner who closed the
tab). Two kinds of kernel look idle and unconnected to Jupyter Server's culler while they are not:

- a kernel waiting in a pool (idle by design; culling it would make every page open cold);
- a kernel just taken from a pool for a page whose browser has not connected yet. Its last activity
  is when it ran the notebook, possibly long ago, so a cull pass in the seconds between Voilà sending
  the page and the browser's websocket arriving shut it down and the learner got a dead page
  ("The model for kernel id … does not exist"; seen in a CI run under load).

:class:`PoolKeepingKernelManager` keeps the first, and gives the second a full idle timeout counted
from the first cull pass that sees it outside a pool. A tab closed before it connected is still
culled, one timeout later.

voila.json names it: ``"VoilaConfiguration": {"multi_kernel_manager_class":
"pokerlab.widgets.serving.PoolKeepingKernelManager"}``; the culling settings stay under
``MappingKernelManager``.

:class:`PromptKernelConnection` (``"Voila": {"kernel_websocket_connection_class": ...}``) sends each
kernel message to the browser as soon as it is ready. Without it, Nagle's algorithm holds a small
websocket frame back until the browser acknowledges the one before, and browsers delay their
acknowledgements by up to 40 ms: a click whose reply takes several frames (busy, the widget's new
state, idle) waited about 50 ms instead of 10-20.

At start-up it also writes the pokerlab template's page bundle (one script with the front-end
chunks every app loads; :mod:`pokerlab.widgets.page_bundle`), since it is the pokerlab code that
Voilà runs before serving anything.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ensure_async
from traitlets import Bool

from pokerlab.widgets.page_bundle import ensure_bundle


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
    """Culls idle kernels, except those waiting in a preheated pool (Voilà adds ``_pools``) and
    those that left a pool less than one idle timeout ago.

    Voilà makes one at start-up, before it serves a page: it then also builds the pokerlab
    template's page bundle (:mod:`pokerlab.widgets.page_bundle`) unless ``page_bundle`` is off.
    """

    page_bundle = Bool(True, config=True, help="Build the pokerlab template's page bundle at start-up.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seen_outside_pool: set[str] = set()
        if self.page_bundle:
            ensure_bundle()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id in pooled_kernel_ids(getattr(self, "_pools", {})):
            return
        if kernel_id not in self._seen_outside_pool:
            self._seen_outside_pool.add(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and hasattr(kernel, "last_activity"):
                kernel.last_activity = datetime.now(timezone.utc)  # the idle clock starts now, not when it ran the notebook
                return
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self._seen_outside_pool.discard(kernel_id)
        await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))


class PromptKernelConnection(ZMQChannelsWebsocketConnection):
    """A page's kernel websocket with TCP_NODELAY set: every frame leaves at once (see the module
    docstring). The frames are a widget's messages, so what the socket gives up (packing many small
    writes into one packet) never mattered here."""

    def connect(self) -> Any:
        self.websocket_handler.set_nodelay(True)
        return super().connect()
