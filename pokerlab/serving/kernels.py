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
"pokerlab.serving.kernels.PoolKeepingKernelManager"}``; the culling settings stay under
``MappingKernelManager``.

:class:`PromptKernelConnection` (``"Voila": {"kernel_websocket_connection_class": ...}``) sends each
kernel message to the browser as soon as it is ready. Without it, Nagle's algorithm holds a small
websocket frame back until the browser acknowledges the one before, and browsers delay their
acknowledgements by up to 40 ms: a click whose reply takes several frames (busy, the widget's new
state, idle) waited about 50 ms instead of 10-20.

It fills the pools a few kernels at a time (as many as the machine has cores), a pool a page is
waiting for first (:mod:`pokerlab.serving.pool_fill`): filled all at once, thirty notebooks shared two
cores for a minute and a half and a page asked for in that time waited for all of them.

At start-up it also writes the pokerlab template's page bundle (one script with the front-end
chunks every app loads; :mod:`pokerlab.serving.page_bundle`), since it is the pokerlab code that
Voilà runs before serving anything.

Pages as a weapon
-----------------
Every page request starts (or takes) a kernel of about 60 MB whether or not a browser ever
connects to it; twelve plain requests from a script once took a server from 15 to 29 kernels for
minutes. Three limits keep that bounded (:class:`PageLimitIdentityProvider`, named in voila.json
as ``"Voila": {"identity_provider_class": ...}``, asks the kernel manager before Voilà renders; the
cookie and the refusal pages are :mod:`pokerlab.serving.page_gate`'s):

* **A kernel only for a browser that keeps pokerlab's cookie.** The first request without the
  ``pokerlab_browser`` cookie is answered with that cookie (a random id) and a redirect to the same
  page; a browser follows it at once and never notices. A client that keeps no cookies (a plain
  script, ``curl``) gets a short page saying the app needs cookies, and no kernel.
* **At most** :attr:`~PoolKeepingKernelManager.browser_kernel_limit` **pages (8) per browser**
  and :attr:`~PoolKeepingKernelManager.address_kernel_limit` **(60) per network address**, counting
  the pages whose browser is connected and the pages still opening; a tab that was closed does not
  count (Jupyter Server's idle culling ends its kernel). The client is the browser, told apart by
  the cookie, because a school class often reaches the server from one address behind NAT: 30
  learners with two tabs each fit under the per-address number, while a script that throws its
  cookie away after each page stops there. Behind a reverse proxy every client has the proxy's
  address, so the per-address number becomes a limit for the whole server. A client over a limit
  gets a plain page (HTTP 429) saying to close the tabs it does not use, and no kernel.
* **A page whose browser never connects is ended early**: its kernel is shut down once it has
  been quiet for :attr:`~PoolKeepingKernelManager.unconnected_cull_seconds` (30 s) after the page
  was sent without its websocket ever arriving, instead of waiting for the idle culling's minute.
  A kernel waiting in a pool, a page still being sent (its kernel is running the notebook) and a
  page whose browser connected once (then the idle culling decides) are never culled early.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Final

from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.base.call_context import CallContext
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ensure_async
from tornado import web
from traitlets import Bool, Float, Int

from pokerlab.serving.forking import register_provisioner
from pokerlab.serving.page_bundle import ensure_bundle
from pokerlab.serving.page_gate import PageClient, admit_page, page_client
from pokerlab.serving.pool_fill import FillQueue, cores
from pokerlab.serving.templates import cache_compiled_templates

RESERVATION_SECONDS: Final = 60.0
"""How long an admitted page request counts for its client before it has its kernel."""
_PAGE_REQUEST: Final = "pokerlab_page_request"


@dataclass
class _PageRequest:
    """An admitted page request until its kernel is known."""

    client: PageClient
    until: datetime


@dataclass
class _Page:
    """A kernel handed to a page: for whom, and when."""

    client: PageClient
    handed_out: datetime
    timer: asyncio.TimerHandle | None = field(default=None, repr=False)


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


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
    those that left a pool less than one idle timeout ago; counts each client's pages and ends
    early the kernel of a page whose browser never connected (see the module docs).

    Voilà makes one at start-up, before it serves a page: it then also builds the pokerlab
    template's page bundle (:mod:`pokerlab.serving.page_bundle`) unless ``page_bundle`` is off, and
    makes the forking kernel provisioner known by name (:mod:`pokerlab.serving.forking`) and has
    Voilà's page templates compiled once (:mod:`pokerlab.serving.templates`).
    """

    page_bundle = Bool(True, config=True, help="Build the pokerlab template's page bundle at start-up.")
    browser_kernel_limit = Int(8, config=True, help="Pages (kernels) one browser may have open or opening.")
    address_kernel_limit = Int(
        60, config=True, help="Pages (kernels) all browsers at one network address may have open or opening.")
    unconnected_cull_seconds = Float(
        30.0, config=True,
        help="Shut down a page's kernel once it has been quiet this long without its browser ever connecting.")
    pool_fill_slots = Int(
        0, config=True,
        help="Pooled kernels running their notebook at once (0: one per core); see pokerlab.serving.pool_fill.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seen_outside_pool: set[str] = set()
        self._pages: dict[str, _Page] = {}
        self._ever_connected: set[str] = set()
        self._requests: list[_PageRequest] = []
        self.clock: Callable[[], datetime] = _utcnow
        # Voilà's preheating subclass (voila_kernel_manager_factory) defines get_rendered_notebook
        # over this class, so the hand-out of a pooled kernel to a page is seen by wrapping it here.
        handout = getattr(self, "get_rendered_notebook", None)
        if handout is not None:
            self.get_rendered_notebook = functools.partial(self._hand_out_pooled, handout)
        # Likewise its _initialize, which starts a pooled kernel and has it run the notebook: in turn.
        self.fill_queue = FillQueue(self.pool_fill_slots or cores())
        initialize = getattr(self, "_initialize", None)
        if initialize is not None:
            self._initialize = functools.partial(self._initialize_in_turn, initialize)
        if self.page_bundle:
            ensure_bundle()
        register_provisioner(self)
        cache_compiled_templates()

    # --- which client has which pages ---------------------------------------------------------------

    def _in_use(self, kernel_id: str) -> bool:
        """A page's kernel counts while its browser is connected, or has not connected yet."""
        if kernel_id not in self._kernels:
            return False
        return self._kernel_connections.get(kernel_id, 0) > 0 or kernel_id not in self._ever_connected

    def pages_of(self, client: PageClient) -> tuple[int, int]:
        """How many pages ``client``'s browser, and everyone at its address, have open or opening
        (requests admitted a moment ago included)."""
        now = self.clock()
        self._requests = [request for request in self._requests if request.until > now]
        clients = [page.client for kernel_id, page in self._pages.items() if self._in_use(kernel_id)]
        clients += [request.client for request in self._requests]
        browser = sum(1 for c in clients if client.browser is not None and c.browser == client.browser)
        return browser, sum(1 for c in clients if c.address == client.address)

    def admit(self, client: PageClient) -> str | None:
        """``None`` when ``client`` may open one more page (counted from now on), else what is over:
        ``"browser"`` or ``"address"``."""
        browser, address = self.pages_of(client)
        if client.browser is not None and browser >= self.browser_kernel_limit:
            return "browser"
        if address >= self.address_kernel_limit:
            return "address"
        request = _PageRequest(client, self.clock() + timedelta(seconds=RESERVATION_SECONDS))
        self._requests.append(request)
        CallContext.set(_PAGE_REQUEST, request)
        return None

    def _page_taken(self, kernel_id: str) -> None:
        """The current request's page got ``kernel_id``: count it for the request's client, restart
        its idle clock, and watch whether its browser connects."""
        request = CallContext.get(_PAGE_REQUEST)
        handler = CallContext.get(CallContext.JUPYTER_HANDLER)
        if isinstance(request, _PageRequest):
            if request in self._requests:
                self._requests.remove(request)
            client = request.client
        elif handler is not None:
            client = page_client(handler)
        else:
            return
        now = self.clock()
        self._pages[kernel_id] = _Page(client, now)
        self._seen_outside_pool.add(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = now  # the idle clock starts now, not when it ran the notebook
        self._watch(kernel_id, self.unconnected_cull_seconds)

    async def _hand_out_pooled(self, handout: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any) -> Any:
        self.fill_queue.hurry(kwargs["notebook_name"] if "notebook_name" in kwargs else args[0])
        result = await handout(*args, **kwargs)
        self._page_taken(result[2])  # (render task, rendered cells, kernel id)
        return result

    async def _initialize_in_turn(self, initialize: Callable[..., Awaitable[dict[str, Any]]], notebook_path: str,
                                  kernel_id: str | None = None, **kwargs: Any) -> dict[str, Any]:
        return await self.fill_queue.run(notebook_path, lambda: initialize(notebook_path, kernel_id, **kwargs))

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id = await super().start_kernel(*args, **kwargs)
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":  # a page's own kernel, not a pool's
            self._page_taken(kernel_id)
        return kernel_id

    def notify_connect(self, kernel_id: str) -> None:
        self._ever_connected.add(kernel_id)
        super().notify_connect(kernel_id)

    # --- culling --------------------------------------------------------------------------------------

    def _quiet_unconnected(self, kernel_id: str) -> float | None:
        """Seconds the page of ``kernel_id`` has been quiet without its browser ever connecting, or
        ``None`` when the early rule does not apply (pooled, connected once, busy, not a page)."""
        page = self._pages.get(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if page is None or kernel is None or kernel_id in self._ever_connected:
            return None
        if kernel_id in pooled_kernel_ids(getattr(self, "_pools", {})):
            return None
        if getattr(kernel, "execution_state", None) in ("busy", "starting"):
            return 0.0  # still running the notebook for a page being sent
        since = max(page.handed_out, getattr(kernel, "last_activity", page.handed_out) or page.handed_out)
        return (self.clock() - since).total_seconds()

    def _watch(self, kernel_id: str, delay: float) -> None:
        page = self._pages.get(kernel_id)
        if page is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a test driving the manager by hand): cull passes apply the rule
        if page.timer is not None:
            page.timer.cancel()
        page.timer = loop.call_later(max(delay, 0.5), lambda: asyncio.ensure_future(self.cull_if_never_connected(kernel_id)))

    async def cull_if_never_connected(self, kernel_id: str) -> bool:
        """Shut ``kernel_id`` down if its browser never connected and it has been quiet for
        :attr:`unconnected_cull_seconds`; True when it was. Otherwise look again when it could be."""
        quiet = self._quiet_unconnected(kernel_id)
        if quiet is None:
            return False
        if quiet < self.unconnected_cull_seconds:
            self._watch(kernel_id, self.unconnected_cull_seconds - quiet)
            return False
        self.log.warning("Culling kernel %s: its page was sent %.0f s ago and no browser ever connected to it.",
                         kernel_id, quiet)
        await ensure_async(self.shutdown_kernel(kernel_id))
        return True

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id in pooled_kernel_ids(getattr(self, "_pools", {})):
            return
        if await self.cull_if_never_connected(kernel_id):
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
        self._ever_connected.discard(kernel_id)
        page = self._pages.pop(kernel_id, None)
        if page is not None and page.timer is not None:
            page.timer.cancel()
        await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))


class PageLimitIdentityProvider(PasswordIdentityProvider):
    """Voilà's usual identity provider, which also decides whether a page request may have a kernel
    (see the module docs): it runs before Voilà renders anything, and answers a request that may not
    with a redirect or a plain page of its own."""

    async def get_user(self, handler: web.RequestHandler) -> User | None:
        # jupyter_server's get_user gives a coroutine (its _get_user), and awaits ours the same way
        user = await ensure_async(super().get_user(handler))
        if user is not None and _is_page_request(handler):
            manager = handler.settings.get("kernel_manager")
            if isinstance(manager, PoolKeepingKernelManager):
                admit_page(handler, manager)
        return user


def _is_page_request(handler: web.RequestHandler) -> bool:
    from voila.handler import VoilaHandler  # deferred: Voilà's handlers load only in a Voilà server

    return isinstance(handler, VoilaHandler) and handler.request.method == "GET"


class PromptKernelConnection(ZMQChannelsWebsocketConnection):
    """A page's kernel websocket with TCP_NODELAY set: every frame leaves at once (see the module
    docstring). The frames are a widget's messages, so what the socket gives up (packing many small
    writes into one packet) never mattered here."""

    def connect(self) -> Any:
        self.websocket_handler.set_nodelay(True)
        return super().connect()
