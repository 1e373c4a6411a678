"""Browser tests: serve notebooks/ with Voilà and drive it in Debian's headless Chromium.

Chromium is found at ``$POKERLAB_CHROMIUM`` or on the PATH. Without it these tests skip, unless
``POKERLAB_REQUIRE_BROWSER=1`` (set by ``.ci/run``), where they fail instead.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


def chromium_path() -> str | None:
    return os.environ.get("POKERLAB_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    path = chromium_path()
    if path is None:
        message = "Chromium is not installed (apt-get install chromium, or set POKERLAB_CHROMIUM)."
        if os.environ.get("POKERLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(message + " Browser tests are required here.")
        pytest.skip(message)
    return {
        **browser_type_launch_args,
        "executable_path": path,
        "args": [
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
        ],
    }


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a Voilà server on loopback serving ``notebooks/``, with a private data folder."""
    if chromium_path() is None and os.environ.get("POKERLAB_REQUIRE_BROWSER") != "1":
        pytest.skip("Chromium is not installed; no need to start Voilà.")
    port = _free_port()
    data_dir = tmp_path_factory.mktemp("pokerlab-data")
    log = open(tmp_path_factory.mktemp("voila") / "voila.log", "w+")
    env = {**os.environ, "POKERLAB_DATA_DIR": str(data_dir), "POKERLAB_TEST_MODE": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=NOTEBOOKS, stdout=log, stderr=subprocess.STDOUT, env=env,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                pytest.fail(f"Voilà did not start:\n{log.read()[-3000:]}")
            time.sleep(0.3)
    yield url
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


class PageProblems:
    """Console errors, page errors and kernel tracebacks seen while a test drove a page."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def check(self, page) -> None:  # noqa: ANN001 - playwright Page
        text = page.inner_text("body")
        found = re.search(r"Traceback \(most recent call last\)|\b[A-Z][A-Za-z]*Error: ", text)
        if found:
            self.messages.append(f"error text on the page: {text[max(0, found.start() - 200):][:800]}")
        assert not self.messages, "\n".join(self.messages)


def _is_local(url: str) -> bool:
    return url.startswith(("http://127.0.0.1", "http://localhost", "ws://127.0.0.1", "data:", "blob:", "about:"))


@pytest.fixture
def open_app(page, voila_url: str):  # noqa: ANN001, ANN201 - playwright fixtures
    """``open_app("01-hand-rankings.ipynb")`` loads an app, waits for its widgets, and returns the page.

    Requests to anything but this machine are aborted (no CDN at run time); console errors, page
    errors and kernel tracebacks fail the test when it ends.
    """
    problems = PageProblems()

    def route(route, request) -> None:  # noqa: ANN001
        if _is_local(request.url):
            route.continue_()
        else:
            route.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda error: problems.messages.append(f"page error: {error}"))

    def on_console(message) -> None:  # noqa: ANN001
        if message.type == "error" and "Failed to load resource" not in message.text:
            problems.messages.append(f"console error: {message.text}")

    page.on("console", on_console)

    def _open(notebook: str, ready_selector: str = ".widget-box, .jupyter-widgets", timeout: float = 60_000):
        page.goto(f"{voila_url}/voila/render/{notebook}", timeout=timeout)
        page.wait_for_selector(ready_selector, timeout=timeout)
        return page

    yield _open
    problems.check(page)


def assert_no_sideways_scroll(page) -> None:  # noqa: ANN001
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page scrolls sideways by {overflow}px at {page.viewport_size}"
