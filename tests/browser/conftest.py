"""Browser tests: serve notebooks/ with Voilà and drive it in Debian's headless Chromium.

Chromium is found at ``$POKERLAB_CHROMIUM`` (when that variable is set it is the only place looked
at, so pointing it at a missing file simulates a machine without Chromium) or on the PATH: Debian's
``chromium-headless-shell`` first, then ``chromium``. The headless shell is the same Blink and V8
built without the desktop browser around them (Playwright's own default for headless runs); here a
Voilà page load costs it about 1.2 CPU-seconds against 2.1 for the full browser, and Chromium is about
half the CPU the suite uses. Without either these tests skip, unless ``POKERLAB_REQUIRE_BROWSER=1``
(set by ``.ci/run``), where they fail.

Voilà runs from ``notebooks/`` with the repository root on ``PYTHONPATH``, so the kernels import this
checkout's pokerlab whether or not it is pip-installed, and with tracebacks shown so a failing cell
is caught by the page-text check instead of hiding behind Voilà's generic error line.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
TEACHER_PASSWORD = "owl-42"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


def chromium_path() -> str | None:
    """The Chromium to drive, or ``None``. An explicit ``$POKERLAB_CHROMIUM`` that is not an
    executable file counts as missing (it does not fall back to the PATH)."""
    explicit = os.environ.get("POKERLAB_CHROMIUM")
    if explicit:
        return explicit if os.path.isfile(explicit) and os.access(explicit, os.X_OK) else None
    return shutil.which("chromium-headless-shell") or shutil.which("chromium") or shutil.which("chromium-browser")


def _browser_required() -> bool:
    return os.environ.get("POKERLAB_REQUIRE_BROWSER") == "1"


def _skip_or_fail_without_chromium() -> None:
    message = "Chromium is not installed (apt-get install chromium-headless-shell, or set POKERLAB_CHROMIUM)."
    if _browser_required():
        pytest.fail(message + " Browser tests are required here (POKERLAB_REQUIRE_BROWSER=1).")
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    path = chromium_path()
    if path is None:
        _skip_or_fail_without_chromium()
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


@contextlib.contextmanager
def serve(command: list[str], cwd: Path, env: dict[str, str], log: IO[str], ready_url: str, what: str,
          wait: float = 90) -> Iterator[str]:
    """Start a test server (Voilà or JupyterLab) on loopback, wait until ``ready_url`` answers, yield
    it, and stop the server afterwards; a server that dies or never answers fails the test with its log."""
    process = subprocess.Popen(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + wait
    while True:
        try:
            urllib.request.urlopen(ready_url, timeout=2)
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                process.kill()
                pytest.fail(f"{what} did not start:\n{log.read()[-3000:]}")
            time.sleep(0.3)
    try:
        yield ready_url
    finally:
        _stop_with_everything_under_it(process)
        log.close()


def _stop_with_everything_under_it(process: subprocess.Popen) -> None:
    """Stop a test server and whatever it started. A hub that takes longer than its 10 s to stop its
    proxy, its service and its learners' servers is killed, and would leave them running (found
    on 3 Dec: dealers still asking a dropped PostgreSQL database to let them in every 30 s)."""
    import psutil

    try:
        started = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        started = []
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    left = [child for child in started if child.is_running()]
    for child in left:
        with contextlib.suppress(psutil.NoSuchProcess):
            child.terminate()
    _, alive = psutil.wait_procs(left, timeout=5)
    for child in alive:
        with contextlib.suppress(psutil.NoSuchProcess):
            child.kill()


def servers_env(data_dir: Path, database_url: str | None = None, teacher_password: str = "") -> dict[str, str]:
    """The environment of a test's Voilà (and dealer): this checkout, test mode, a private data folder,
    optionally a database URL and a teacher password, and no hub user."""
    env = {
        **os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "POKERLAB_DATA_DIR": str(data_dir), "POKERLAB_TEST_MODE": "1",
        "POKERLAB_TEACHER_PASSWORD": teacher_password or TEACHER_PASSWORD,
        # notebooks/voila.json names the "pokerlab" template (no CDN); it lives in share/jupyter here.
        "JUPYTER_PATH": os.pathsep.join(filter(None, [str(ROOT / "share" / "jupyter"), os.environ.get("JUPYTER_PATH")])),
    }
    if database_url:
        env["POKERLAB_DATABASE_URL"] = database_url
    env.pop("JUPYTERHUB_USER", None)
    return env


@contextlib.contextmanager
def fresh_database(kind: str, folder: Path, name: str, create: bool = True) -> Iterator[str]:
    """A database URL for a test's servers: an SQLite file in ``folder``, or the PostgreSQL database
    ``name`` on the test server (created empty unless ``create`` is False, dropped afterwards)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'pokerlab.sqlite3'}"
        return
    from tests.classroom.class_support import new_database, postgres_url, skip_or_fail_without_postgres

    server = postgres_url()
    if server is None:
        skip_or_fail_without_postgres()
    try:
        yield new_database(server, name, create)
    finally:
        new_database(server, name, create=False)  # dropped


def serve_voila(env: dict[str, str], log: IO[str], *options: str, wait: float = 60,
                pooled: Sequence[str] | None = None) -> contextlib.AbstractContextManager[str]:
    """A Voilà server on loopback serving ``notebooks/`` with ``env`` and its command-line ``options``;
    the context gives its URL. ``pooled``: the only notebooks that get preheated kernels (a test's own
    server for two pages need not run every lesson at its start; None: as ``make app`` pools them)."""
    port = _free_port()
    if pooled is not None:  # Voilà matches each pattern at the start of the notebook's absolute path
        names = "|".join(re.escape(name) for name in pooled)
        options = (*options, f"--VoilaKernelManager.preheat_denylist=^(?!.*/({names})$)")
    return serve([sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                  "--show_tracebacks=True", *options], NOTEBOOKS, env, log, f"http://127.0.0.1:{port}", "Voilà",
                 wait=wait)


def server_pid(url: str) -> int:
    """The process id of the test server at ``url`` (a child of this process, told apart by its port)."""
    import psutil

    port = f"--port={urllib.parse.urlsplit(url).port}"
    [pid] = [child.pid for child in psutil.Process().children() if port in child.cmdline()]
    return pid


def serve_dealer(env: dict[str, str], log: IO[str], *options: str) -> contextlib.AbstractContextManager[str]:
    """The live tables' dealer on loopback (as ``make app`` runs it) with ``env``; the context gives
    its health URL."""
    port = _free_port()
    return serve([sys.executable, "-m", "pokerlab.dealer", f"--port={port}", *options], ROOT, env, log,
                 f"http://127.0.0.1:{port}/api/health", "The dealer", wait=60)


@pytest.fixture(scope="session")
def server_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment the session's test servers share (see :func:`servers_env`)."""
    return servers_env(tmp_path_factory.mktemp("pokerlab-data"))


@pytest.fixture(scope="session")
def dealer_url(server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The live tables' dealer on loopback (as ``make app`` runs it), on the servers' data folder."""
    if chromium_path() is None:
        _skip_or_fail_without_chromium()
    with serve_dealer(server_env, open(tmp_path_factory.mktemp("dealer") / "dealer.log", "w+")) as url:
        yield url.removesuffix("/api/health")


@pytest.fixture(scope="session")
def voila_url(server_env: dict[str, str], dealer_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a Voilà server on loopback serving ``notebooks/``, with a private data folder and
    the dealer beside it."""
    if chromium_path() is None:
        _skip_or_fail_without_chromium()  # no browser: no point starting Voilà
    log = open(tmp_path_factory.mktemp("voila") / "voila.log", "w+")
    with serve_voila({**server_env, "POKERLAB_DEALER_URL": dealer_url}, log) as url:
        yield url


class PageProblems:
    """Console errors, page errors and kernel tracebacks seen while a test drove a page."""

    ERROR_TEXT = re.compile(r"Traceback \(most recent call last\)|There was an error when executing cell|\b[A-Z][A-Za-z]*Error: ")

    def __init__(self) -> None:
        self.messages: list[str] = []

    def scan(self, page) -> None:  # noqa: ANN001 - playwright Page
        """Record error text shown on the page (a failed cell, a traceback printed by a callback)."""
        text = page.inner_text("body")
        found = self.ERROR_TEXT.search(text)
        if found:
            self.messages.append(f"error text on the page: {text[max(0, found.start() - 200):][:800]}")

    def check(self, page) -> None:  # noqa: ANN001 - playwright Page
        self.scan(page)
        assert not self.messages, "\n".join(self.messages)


def _is_local(url: str) -> bool:
    return url.startswith(
        ("http://127.0.0.1", "http://localhost", "ws://127.0.0.1", "ws://localhost", "data:", "blob:", "about:")
    )


def keep_local(target) -> None:  # noqa: ANN001 - a playwright Page or BrowserContext
    """Abort every request from ``target`` to anything but this machine (no CDN at run time)."""
    target.route("**/*", lambda route, request: route.continue_() if _is_local(request.url) else route.abort())


def guard(page, problems: list[str]) -> None:  # noqa: ANN001 - playwright Page
    """:func:`keep_local`, and every uncaught script error of ``page`` recorded in ``problems``."""
    keep_local(page)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))


class Profiles:
    """Pages in browser profiles of their own (contexts: each its own localStorage, so its own learner)
    on the test server, guarded (:func:`guard`), their dialogs accepted and recorded. :meth:`close`
    scans every page for error text; the fixture that made them checks :attr:`problems`."""

    def __init__(self, browser, url: str) -> None:  # noqa: ANN001 - playwright Browser
        self.browser = browser
        self.url = url
        self.contexts: list = []
        self.problems = PageProblems()
        self.dialogs: list[str] = []

    def profile(self):  # noqa: ANN201 - playwright BrowserContext
        """A new profile, at the desktop size."""
        context = self.browser.new_context(**DESKTOP)
        self.contexts.append(context)
        return context

    def new_page(self, context):  # noqa: ANN001, ANN201 - playwright BrowserContext, Page
        """A guarded page in ``context`` (one of :meth:`profile`'s)."""
        page = context.new_page()
        guard(page, self.problems.messages)

        def on_dialog(dialog) -> None:  # noqa: ANN001
            self.dialogs.append(dialog.type)
            dialog.accept()

        page.on("dialog", on_dialog)
        return page

    def close(self) -> None:
        for context in self.contexts:
            for page in context.pages:
                self.problems.scan(page)
            context.close()


def checked(profiles: Profiles) -> Iterator[Profiles]:
    """A fixture's body for ``profiles``: yields them, closes them, and fails on any problem seen."""
    yield profiles
    profiles.close()
    assert not profiles.problems.messages, "\n".join(profiles.problems.messages)


@pytest.fixture
def page_problems() -> PageProblems:
    """What ``open_app`` has recorded so far (a test may inspect it; it is checked at the end)."""
    return PageProblems()


@pytest.fixture
def open_app(page, voila_url: str, page_problems: PageProblems):  # noqa: ANN001, ANN201 - playwright fixtures
    """``open_app("01-hand-rankings.ipynb")`` loads an app, waits for its widgets, and returns the page.

    Requests to anything but this machine are aborted (no CDN at run time); console errors, page
    errors and kernel tracebacks fail the test when it ends.
    """
    problems = page_problems

    guard(page, problems.messages)

    def on_console(message) -> None:  # noqa: ANN001
        if message.type != "error":
            return  # Voilà's lab template logs version warnings on every load; they are harmless
        source = message.location.get("url", "")
        if message.text.startswith("Failed to load resource") and not _is_local(source):
            return  # a request this fixture aborted on purpose (the template's CDN icon font)
        problems.messages.append(f"console error: {message.text} (at {source})")

    page.on("console", on_console)

    def _open(notebook: str, ready_selector: str = ".widget-box, .jupyter-widgets", timeout: float = 60_000):
        page.goto(f"{voila_url}/voila/render/{notebook}", timeout=timeout)
        page.wait_for_selector(ready_selector, timeout=timeout)
        return page

    yield _open
    problems.check(page)


_SIDEWAYS_SCROLLERS = """() => {
  const found = [];
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth + 1) found.push(`the page by ${page.scrollWidth - window.innerWidth}px`);
  for (const el of document.querySelectorAll("body *")) {
    const overflow = getComputedStyle(el).overflowX;
    if ((overflow === "auto" || overflow === "scroll") && el.scrollWidth > el.clientWidth + 1) {
      const name = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
        (el.classList.length ? "." + [...el.classList].join(".") : "");
      found.push(`${name} by ${el.scrollWidth - el.clientWidth}px`);
    }
  }
  return found;
}"""


def assert_no_sideways_scroll(page) -> None:  # noqa: ANN001
    """Nothing scrolls sideways: neither the page nor any inner scroller (Voilà's lab template
    scrolls its cells inside ``#rendered_cells``, so the page width alone would miss overflow)."""
    scrollers = page.evaluate(_SIDEWAYS_SCROLLERS)
    assert not scrollers, f"sideways scrolling at {page.viewport_size}: {'; '.join(scrollers)}"
