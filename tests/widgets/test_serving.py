"""Serving with Voilà: preheated pools in notebooks/voila.json, and a culler that spares pool kernels
and pages still opening."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

from pokerlab.serving.kernels import PoolKeepingKernelManager, PromptKernelConnection, pooled_kernel_ids
from tests.event_loops import run_alone

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
    assert voila["multi_kernel_manager_class"] == "pokerlab.serving.kernels.PoolKeepingKernelManager"
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    notebooks = {path.name for path in VOILA_JSON.parent.glob("*.ipynb")}
    assert set(pools) - {"default"} <= notebooks  # no pool for a notebook that does not exist
    assert all(isinstance(entry["pool_size"], int) and entry["pool_size"] >= 0 for entry in pools.values())
    assert not voila.get("progressive_rendering")  # Voilà refuses it together with preheating


@pytest.mark.parametrize("root", [VOILA_JSON.parent, Path("notebooks")], ids=["absolute", "relative"])
def test_voila_json_pools_the_english_pages_and_only_two_spanish_ones(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Voilà's own filter, given the notebooks as it finds them (``Path(root_dir).rglob``, an absolute
    folder when Voilà starts in it): each pooled page holds a kernel on every server, so the Spanish
    pages but the contents page and lesson 05 open on demand (about half a second with forked kernels).
    The denylist once matched only relative paths, and every Spanish page got a pool."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    monkeypatch.chdir(VOILA_JSON.parents[1])
    config = json.loads(VOILA_JSON.read_text())["VoilaKernelManager"]
    manager = voila_kernel_manager_factory(AsyncMappingKernelManager, True, 1)
    denylist = type("Config", (), {"preheat_denylist": config["preheat_denylist"]})()
    sizes = config["kernel_pools_config"]
    pooled = {str(path.relative_to(root)) for path in root.rglob("*.ipynb")
              if manager._notebook_filter(denylist, path)
              and sizes.get(str(path.relative_to(root)), sizes["default"])["pool_size"] > 0}
    english = {path.name for path in VOILA_JSON.parent.glob("*.ipynb")} - {"teacher-board.ipynb"}
    assert pooled == english | {"es/00-start-here.ipynb", "es/05-five-card-draw.ipynb"}


def test_voila_json_runs_kernels_over_unix_sockets_not_tcp_ports() -> None:
    """A TCP kernel gets ports that were free when Voilà picked them; a connection opened meanwhile
    (a pooled PostgreSQL connection takes a port from the same range) can hold one, the kernel then
    dies at start and its page never loads (seen once in CI). Unix sockets in Voilà's private
    folder cannot be taken."""
    assert json.loads(VOILA_JSON.read_text())["KernelManager"] == {"transport": "ipc"}


def test_voila_json_sends_kernel_messages_to_the_page_without_delay() -> None:
    assert json.loads(VOILA_JSON.read_text())["Voila"]["kernel_websocket_connection_class"] == (
        "pokerlab.serving.kernels.PromptKernelConnection")


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


# --- limits: pages per client, early culling of pages nobody connected to ---------------------------

from tornado import web  # noqa: E402

from pokerlab.serving import kernels as serving  # noqa: E402
from pokerlab.serving.kernels import PageLimitIdentityProvider  # noqa: E402
from pokerlab.serving.page_gate import COOKIE_CHECK, COOKIE_NAME, PageClient, admit_page, browser_language  # noqa: E402
from tests.fake_clock import FakeClock  # noqa: E402


class PageKernel(FakeKernel):
    def __init__(self) -> None:
        super().__init__(idle_for=timedelta(minutes=5))  # it ran its notebook in a pool long ago
        self.execution_state = "idle"


def limited_manager(monkeypatch: pytest.MonkeyPatch) -> tuple[PoolKeepingKernelManager, FakeClock, list[str]]:
    """A manager whose kernels are fakes, whose clock is ours and whose shutdowns are recorded."""
    shut: list[str] = []

    async def shutdown(self: AsyncMappingKernelManager, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        shut.append(kernel_id)
        self._kernels.pop(kernel_id, None)

    async def cull(self: AsyncMappingKernelManager, kernel_id: str) -> None:
        pass  # Jupyter Server's idle rule: not what these tests look at

    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull)
    manager = PoolKeepingKernelManager(page_bundle=False)
    clock = FakeClock()
    manager.clock = clock
    return manager, clock, shut


def open_page(manager: PoolKeepingKernelManager, client: PageClient, kernel_id: str) -> str | None:
    """What a page request does: admitted (or not), then handed ``kernel_id``."""
    refused = manager.admit(client)
    if refused is None:
        manager._kernels[kernel_id] = PageKernel()
        manager._kernel_connections[kernel_id] = 0
        manager._page_taken(kernel_id)
    return refused


def run_in_context(function: Any, *args: Any) -> Any:
    """Each page request runs in its own context (Tornado gives each its own task)."""
    import contextvars

    return contextvars.copy_context().run(function, *args)


def test_a_browser_gets_a_few_pages_and_a_network_many(monkeypatch: pytest.MonkeyPatch) -> None:
    manager, _clock, _shut = limited_manager(monkeypatch)
    manager.browser_kernel_limit, manager.address_kernel_limit = 3, 5
    ada, bo = PageClient("ada-browser-cookie-0001", "10.0.0.7"), PageClient("bo-browser-cookie-00001", "10.0.0.7")
    assert [run_in_context(open_page, manager, ada, f"ada{n}") for n in range(4)] == [None, None, None, "browser"]
    assert [run_in_context(open_page, manager, bo, f"bo{n}") for n in range(3)] == [None, None, "address"]
    elsewhere = PageClient("cy-browser-cookie-00001", "10.0.0.9")
    assert run_in_context(open_page, manager, elsewhere, "cy0") is None
    assert manager.pages_of(ada) == (3, 5)


def test_a_closed_tab_no_longer_counts_but_an_open_or_opening_one_does(monkeypatch: pytest.MonkeyPatch) -> None:
    manager, _clock, _shut = limited_manager(monkeypatch)
    ada = PageClient("ada-browser-cookie-0001", "10.0.0.7")
    for kernel_id in ("open", "closed", "opening"):
        run_in_context(open_page, manager, ada, kernel_id)
    for kernel_id in ("open", "closed"):
        manager.notify_connect(kernel_id)
    manager.notify_disconnect("closed")
    assert manager.pages_of(ada) == (2, 2)


def test_concurrent_requests_of_one_browser_cannot_slip_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Admitted requests count before they have a kernel (a script firing many at once)."""
    manager, clock, _shut = limited_manager(monkeypatch)
    manager.browser_kernel_limit = 2
    ada = PageClient("ada-browser-cookie-0001", "10.0.0.7")
    assert [run_in_context(manager.admit, ada) for _ in range(3)] == [None, None, "browser"]
    clock.advance(serving.RESERVATION_SECONDS + 1)  # requests that never got a kernel stop counting
    assert run_in_context(manager.admit, ada) is None


def test_a_page_nobody_connects_to_is_culled_after_half_a_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    manager, clock, shut = limited_manager(monkeypatch)
    script = PageClient(None, "10.0.0.66")

    async def run() -> None:
        for kernel_id in ("never", "connected", "busy"):
            run_in_context(open_page, manager, script, kernel_id)
        manager.notify_connect("connected")
        manager._kernels["busy"].execution_state = "busy"  # still running the notebook for its page
        clock.advance(manager.unconnected_cull_seconds - 1)
        for kernel_id in list(manager._kernels):
            await manager.cull_kernel_if_idle(kernel_id)
        assert shut == []  # a page still opening keeps its kernel
        clock.advance(2)
        for kernel_id in list(manager._kernels):
            await manager.cull_kernel_if_idle(kernel_id)
        assert shut == ["never"]
        manager._kernels["busy"].execution_state = "idle"
        manager._kernels["busy"].last_activity = clock.now  # it finished rendering just now
        await manager.cull_kernel_if_idle("busy")
        assert shut == ["never"]
        clock.advance(manager.unconnected_cull_seconds + 1)
        await manager.cull_kernel_if_idle("busy")
        await manager.cull_kernel_if_idle("connected")
        assert shut == ["never", "busy"]  # the connected page is left to the idle culling

    run_alone(run())
    assert manager.pages_of(script) == (0, 1)


def test_the_early_cull_spares_pool_kernels_and_runs_on_its_own_timer(monkeypatch: pytest.MonkeyPatch) -> None:
    manager, _clock, shut = limited_manager(monkeypatch)
    manager.clock = lambda: datetime.now(timezone.utc)
    manager.unconnected_cull_seconds = 0.6

    async def run() -> None:
        manager._pools = _pools(asyncio.get_running_loop(), "pooled")
        manager._kernels["pooled"] = PageKernel()
        await manager.cull_kernel_if_idle("pooled")
        run_in_context(open_page, manager, PageClient(None, "10.0.0.66"), "page")
        await asyncio.sleep(1.5)  # no cull pass: the page's own timer ends it

    run_alone(run())
    assert shut == ["page"] and "pooled" in manager._kernels


def test_a_pooled_kernel_handed_to_a_page_is_counted_for_that_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voilà's preheating subclass (voila_kernel_manager_factory) defines get_rendered_notebook over
    ours, as this one does; the manager wraps it when it starts."""
    limited_manager(monkeypatch)  # the fake shutdown and idle rule

    class Preheating(PoolKeepingKernelManager):
        async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> tuple[Any, list[str], str]:
            self._kernels["k1"] = PageKernel()
            return None, [], "k1"

    manager = Preheating(page_bundle=False)
    ada = PageClient("ada-browser-cookie-0001", "10.0.0.7")

    async def run() -> None:  # one request: admitted, then handed a pooled kernel
        assert manager.admit(ada) is None
        await manager.get_rendered_notebook("05-five-card-draw.ipynb")

    run_alone(run())
    assert manager._pages["k1"].client == ada and manager.pages_of(ada) == (1, 1)


class FakePageHandler:
    """What the gate reads of, and does to, a Voilà page request."""

    def __init__(self, manager: PoolKeepingKernelManager, cookie: str | None = None, query: str = "",
                 accept_language: str | None = None) -> None:
        self.settings = {"kernel_manager": manager, "base_url": "/"}
        self.cookies = {} if cookie is None else {COOKIE_NAME: cookie}
        path = "/voila/render/05-five-card-draw.ipynb"
        headers = {} if accept_language is None else {"Accept-Language": accept_language}
        self.request = type("Request", (), {"path": path, "query": query, "uri": path + (f"?{query}" if query else ""),
                                            "remote_ip": "127.0.0.1", "method": "GET", "headers": headers})()
        self.status, self.headers, self.set_cookies, self.redirected = 200, {}, {}, None

    def get_cookie(self, name: str) -> str | None:
        return self.cookies.get(name)

    def get_query_argument(self, name: str, default: Any = None) -> Any:
        from urllib.parse import parse_qs

        return parse_qs(self.request.query).get(name, [default])[0]

    def set_cookie(self, name: str, value: str, **options: Any) -> None:
        self.set_cookies[name] = (value, options)

    def redirect(self, url: str) -> None:
        self.redirected = url

    def set_status(self, status: int) -> None:
        self.status = status

    def set_header(self, name: str, value: str) -> None:
        self.headers[name] = value


def gate(handler: FakePageHandler) -> str | None:
    """Run the gate; the page it finished the request with, or None when the request goes on."""
    try:
        run_in_context(admit_page, handler, handler.settings["kernel_manager"])
    except web.Finish as finished:
        return finished.args[0] if finished.args else ""
    return None


def test_a_client_without_the_cookie_is_sent_it_once_and_a_cookieless_script_gets_no_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    manager, _clock, _shut = limited_manager(monkeypatch)
    first = FakePageHandler(manager, query="seed=4")
    assert gate(first) == "" and first.redirected == f"{first.request.uri}&{COOKIE_CHECK}=1"
    cookie, options = first.set_cookies[COOKIE_NAME]
    assert options["httponly"] and options["samesite"] == "Lax"
    back = FakePageHandler(manager, cookie=cookie, query=f"seed=4&{COOKIE_CHECK}=1")
    assert gate(back) == "" and back.redirected == "/voila/render/05-five-card-draw.ipynb?seed=4"
    page = FakePageHandler(manager, cookie=cookie, query="seed=4")
    assert gate(page) is None  # the browser's page goes on to Voilà
    script = FakePageHandler(manager, query=f"{COOKIE_CHECK}=1")  # followed the redirect, kept no cookie
    refusal = gate(script)
    assert script.status == 403 and "needs cookies" in refusal and manager.pages_of(PageClient(None, "127.0.0.1")) == (0, 1)


def test_a_browser_over_its_limit_gets_a_plain_page_saying_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    manager, _clock, _shut = limited_manager(monkeypatch)
    manager.browser_kernel_limit = 2
    cookie = "ada-browser-cookie-0001"
    assert [gate(FakePageHandler(manager, cookie=cookie)) for _ in range(2)] == [None, None]
    over = FakePageHandler(manager, cookie=cookie)
    text = gate(over)
    assert over.status == 429 and over.headers["Retry-After"] == "60"
    assert "Close the tabs you are not using" in text and "Traceback" not in text and "<script" not in text


def test_a_refusal_is_said_in_the_browsers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    manager, _clock, _shut = limited_manager(monkeypatch)
    manager.browser_kernel_limit = 1
    cookie = "ada-browser-cookie-0001"
    assert gate(FakePageHandler(manager, cookie=cookie)) is None
    spanish = gate(FakePageHandler(manager, cookie=cookie, accept_language="fr;q=0.9, es-MX, en;q=0.5"))
    assert '<html lang="es">' in spanish and "Cierra las pestañas" in spanish and "Close the tabs" not in spanish
    unknown = gate(FakePageHandler(manager, cookie=cookie, accept_language="de-DE,fr;q=oops"))
    assert '<html lang="en">' in unknown and "Close the tabs you are not using" in unknown


def test_the_browsers_language_is_its_best_weighted_one_pokerlab_speaks() -> None:
    assert browser_language("en;q=0.4, es-ES;q=0.8") == "es"
    assert browser_language("es;q=0, en") == "en"
    assert browser_language(None) == browser_language("") == browser_language("xx, zz;q=1") == "en"


def test_the_identity_provider_gates_only_voila_page_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    from voila.handler import VoilaHandler

    calls: list[object] = []
    users = {"now": "someone"}

    async def user_of(_self: object, _handler: object) -> str | None:  # the parent's own, a coroutine as there
        return users["now"]

    monkeypatch.setattr(serving, "admit_page", lambda handler, manager: calls.append(handler))
    monkeypatch.setattr(serving.PasswordIdentityProvider, "_get_user", user_of)
    manager, _clock, _shut = limited_manager(monkeypatch)
    provider = PageLimitIdentityProvider(token="")

    class Page(VoilaHandler):
        settings = {"kernel_manager": manager}  # type: ignore[assignment]

        def __init__(self) -> None:  # no request: only what the provider touches
            self.request = type("Request", (), {"method": "GET"})()

    class Other(web.RequestHandler):
        settings = {"kernel_manager": manager}  # type: ignore[assignment]

        def __init__(self) -> None:
            self.request = type("Request", (), {"method": "GET"})()

    page, other = Page(), Other()
    assert asyncio.run(provider.get_user(page)) == "someone" and asyncio.run(provider.get_user(other)) == "someone"
    assert calls == [page]
    users["now"] = None  # a request nobody is signed in for is not a page of anyone's: no kernel counted
    assert asyncio.run(provider.get_user(page)) is None and calls == [page]


def test_voila_json_names_the_gate_and_leaves_the_idle_culling_as_it_was() -> None:
    config = json.loads(VOILA_JSON.read_text())
    assert config["Voila"]["identity_provider_class"] == "pokerlab.serving.kernels.PageLimitIdentityProvider"
    assert config["MappingKernelManager"] == {"cull_idle_timeout": 60, "cull_interval": 30, "cull_connected": False}
