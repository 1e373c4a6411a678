"""Pages as a weapon, against a real Voilà: plain page requests that never open a websocket (a
script, no browser) leave the kernel count bounded and it comes back to where it was; a real
browser's page still opens and keeps its kernel.

The server is notebooks/ with voila.json as shipped (preheated pools, the gate, the culling), with
smaller limits and a shorter early cull given on the command line so the test does not wait long:
3 pages per browser, 5 per address, a page nobody connected to ended after 4 s of quiet (the
shipped 30 s rule, only sooner; the idle culling keeps voila.json's minute, so a kernel that goes
here went by the early rule). Kernels are counted as processes, forked ones included
(pokerlab.serving.forking.kernel_processes).
"""

from __future__ import annotations

import http.cookiejar
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator

import psutil
import pytest

from pokerlab.serving.forking import kernel_processes
from tests.browser.conftest import keep_local, serve_voila, server_pid, servers_env

CONTENTS = "/voila/render/00-start-here.ipynb"
BROWSER_LIMIT, ADDRESS_LIMIT, EARLY_CULL = 3, 5, 4


class Server:
    def __init__(self, url: str, pid: int) -> None:
        self.url, self.pid = url, pid

    def kernels(self) -> int:
        return len(kernel_processes(self.pid))

    def cpu(self) -> float:
        """CPU seconds used so far by the server and everything under it (template, kernels)."""
        total = 0.0
        for process in [psutil.Process(self.pid), *psutil.Process(self.pid).children(recursive=True)]:
            try:
                times = process.cpu_times()
                total += times.user + times.system
            except psutil.Error:
                continue
        return total

    def steady(self, quiet: float = 3.0, limit: float = 240.0) -> int:
        """The kernel count once, for ``quiet`` seconds, it has not changed and the server has been
        idle (pools filled, no notebook running: a pool that is still filling is busy)."""
        deadline = time.monotonic() + limit
        last, since, cpu = self.kernels(), time.monotonic(), self.cpu()
        while time.monotonic() < deadline:
            time.sleep(1.0)
            now, used = self.kernels(), self.cpu()
            if now != last or used - cpu > 0.05:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return now
            cpu = used
        raise AssertionError(f"the kernel count never settled (last {last})")

    def watch(self, seconds: float) -> list[int]:
        samples = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            samples.append(self.kernels())
            time.sleep(0.5)
        return samples

    def back_to(self, count: int, limit: float = EARLY_CULL + 30.0) -> float:
        """Seconds until the kernel count is back to ``count``. The limit stays under voila.json's idle
        timeout (60 s, counted from the hand-out): only the early cull can end them this soon."""
        start = time.monotonic()
        while time.monotonic() - start < limit:
            if self.kernels() <= count:
                return time.monotonic() - start
            time.sleep(1.0)
        raise AssertionError(f"the kernel count stayed at {self.kernels()}, above {count}, for {limit:.0f} s")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    from tests.browser.conftest import _skip_or_fail_without_chromium, chromium_path

    if chromium_path() is None:
        _skip_or_fail_without_chromium()
    log = open(tmp_path_factory.mktemp("voila-limits") / "voila.log", "w+")
    env = servers_env(tmp_path_factory.mktemp("pokerlab-data"))
    with serve_voila(env, log, f"--PoolKeepingKernelManager.browser_kernel_limit={BROWSER_LIMIT}",
                     f"--PoolKeepingKernelManager.address_kernel_limit={ADDRESS_LIMIT}",
                     f"--PoolKeepingKernelManager.unconnected_cull_seconds={EARLY_CULL}", wait=90) as url:
        yield Server(url, server_pid(url))


def burst(url: str, clients: list[urllib.request.OpenerDirector], bodies: list[str] | None = None) -> list[int]:
    """One GET of the contents page per client, all at once, as a script would send them; the
    statuses, sorted (and the refusals' texts in ``bodies``)."""
    statuses: list[int] = []

    def get(client: urllib.request.OpenerDirector) -> None:
        try:
            with client.open(url + CONTENTS, timeout=120) as response:
                response.read()
                statuses.append(response.status)
        except urllib.error.HTTPError as error:
            statuses.append(error.code)
            if bodies is not None:
                bodies.append(error.read().decode())

    threads = [threading.Thread(target=get, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(150)
    return sorted(statuses)


def with_cookies(jar: Callable[[], http.cookiejar.CookieJar]) -> Callable[[], urllib.request.OpenerDirector]:
    return lambda: urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar()))


def test_plain_requests_without_a_browser_leave_the_kernel_count_bounded(server: Server) -> None:
    before = server.steady()

    # A script that keeps no cookies gets the "needs cookies" page and no kernel at all.
    assert burst(server.url, [urllib.request.build_opener() for _ in range(12)]) == [403] * 12
    assert max(server.watch(4)) <= before

    # A script that keeps its cookie is one browser: BROWSER_LIMIT pages, the rest refused in plain
    # words. (Its first page gets it the cookie; the burst then carries it.)
    shared = http.cookiejar.CookieJar()
    assert burst(server.url, [with_cookies(lambda: shared)()]) == [200]
    statuses = burst(server.url, [with_cookies(lambda: shared)() for _ in range(11)])
    assert statuses == [200] * (BROWSER_LIMIT - 1) + [429] * (12 - BROWSER_LIMIT)
    assert max(server.watch(2)) <= before + BROWSER_LIMIT
    server.back_to(before)  # the pages nobody connected to are ended (pools refill to where they were)

    # A new cookie jar per request: every page a "new browser"; the address limit stops them.
    statuses = burst(server.url, [with_cookies(http.cookiejar.CookieJar)() for _ in range(12)])
    assert statuses == [200] * ADDRESS_LIMIT + [429] * (12 - ADDRESS_LIMIT)
    assert max(server.watch(2)) <= before + ADDRESS_LIMIT
    server.back_to(before)


def test_a_refused_client_is_told_what_to_do(server: Server) -> None:
    before = server.steady()
    jar = http.cookiejar.CookieJar()
    assert burst(server.url, [with_cookies(lambda: jar)()]) == [200]  # the cookie, and a first page
    refusals: list[str] = []
    statuses = burst(server.url, [with_cookies(lambda: jar)() for _ in range(BROWSER_LIMIT)], refusals)
    assert statuses == [200] * (BROWSER_LIMIT - 1) + [429]
    [text] = refusals
    assert "Close the tabs you are not using" in text and "Traceback" not in text
    server.back_to(before)


def test_a_real_browser_page_still_opens_and_keeps_its_kernel(server: Server, browser) -> None:  # noqa: ANN001
    before = server.steady()
    context = browser.new_context()
    page = context.new_page()
    keep_local(page)
    try:
        page.goto(server.url + CONTENTS, timeout=90_000)
        page.wait_for_selector(".widget-box, .jupyter-widgets", timeout=90_000)
        assert page.url == server.url + CONTENTS  # the cookie redirect left the address as it was
        time.sleep(EARLY_CULL * 2 + 2)  # longer than the early cull: a connected page keeps its kernel
        assert server.kernels() >= before
        alive = page.evaluate("() => document.body.innerText.length")
        assert alive > 0 and "Dead kernel" not in page.inner_text("body")
        # Its kernel still answers: the widgets are there and no error was shown.
        assert page.locator(".widget-box, .jupyter-widgets").count() > 0
    finally:
        context.close()
