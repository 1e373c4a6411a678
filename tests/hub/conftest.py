"""A real JupyterHub for the hub tests: ``hub/jupyterhub_config.py`` (the file ``docs/classroom.md``
shows) with the dealer as its ``pokerlab`` service on a fresh PostgreSQL database, the hub's test
login (any password) and servers started as local processes, two learners (``alice``, ``bob``) and a
teacher (``teacher``, in the ``pokerlab-teachers`` group).

It needs the ``jupyterhub`` package and the npm package ``configurable-http-proxy`` (``make test``
installs it into ``.venv/hub`` when the machine has npm; ``$POKERLAB_PROXY`` names another). Without
them these tests skip, unless ``POKERLAB_REQUIRE_HUB=1`` (set by ``.ci/run``), where they fail.

Each learner's server runs as that learner's own system user, as on a real hub (the hub's default
spawner, ``LocalProcessSpawner``): so a learner's code cannot read a classmate's server, its token or
the dealer's environment (``test_hub_apart.py``). That needs the hub run as root and the accounts
``alice``, ``bob`` and ``teacher`` (``.ci/run`` makes them, and lets them reach the checkout and its
Python). Elsewhere every server runs as the tests' own user (the hub's simple spawner) and that test
skips; under ``POKERLAB_REQUIRE_HUB=1`` the accounts are required.
"""

from __future__ import annotations

import asyncio
import json
import os
import pwd
import secrets
import shutil
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# browser_type_launch_args: the browser tests' Chromium, for tests/hub/test_hub_browser.py
from tests.browser.conftest import NOTEBOOKS, ROOT, _free_port, browser_type_launch_args, fresh_database, serve  # noqa: F401
from tests.event_loops import run_alone

CONFIG = ROOT / "hub" / "jupyterhub_config.py"
LEARNERS = ("alice", "bob")
TEACHER = "teacher"


def proxy_command() -> str | None:
    """configurable-http-proxy: ``$POKERLAB_PROXY``, else ``make test``'s copy, else the PATH's."""
    named = os.environ.get("POKERLAB_PROXY")
    if named:
        return named if Path(named).exists() else None
    local = Path(sys.prefix) / "hub" / "node_modules" / ".bin" / "configurable-http-proxy"
    return str(local) if local.exists() else shutil.which("configurable-http-proxy")


def learners_apart() -> bool:
    """Whether each hub user's server can run as their own system user: the hub runs as root and the
    accounts exist (see the module's docstring)."""
    if os.getuid() != 0:
        return False
    try:
        for name in (*LEARNERS, TEACHER):
            pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def skip_or_fail_without_hub(message: str) -> None:
    if os.environ.get("POKERLAB_REQUIRE_HUB") == "1":
        pytest.fail(message + " The hub tests are required here (POKERLAB_REQUIRE_HUB=1).")
    pytest.skip(message)


ATTEMPTS = r'''
import json, os
from pokerlab.dealer.client import DealerClient, DealerError

report = {}

def attempt(label, call):
    """Try ``call`` and keep in ``report`` whether the dealer did it (with its answer) or refused it."""
    try:
        report[label] = ["done", call()]
    except DealerError as error:
        report[label] = ["refused", str(error)]

'''
"""What every learner's attack script starts with (:meth:`Hub.tried_in_kernel`): the dealer's client
and ``attempt``, which keeps in ``report`` what was done and what was refused; the script prints
``json.dumps(report)`` last."""


class Hub:
    """A running test hub: its public URL, and its REST API called with the admin script's token."""

    def __init__(self, url: str, admin_token: str, database: str, dealer: str, log: Path) -> None:
        self.url = url
        self.dealer = dealer
        """The pokerlab service's own address (as the learners' servers are given it)."""
        self.admin_token = admin_token
        self.database = database
        self.log = log

    def api(self, method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
        request = urllib.request.Request(
            f"{self.url}/hub/api{path}", method=method, data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {token or self.admin_token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read()
        return json.loads(text) if text else None

    def start_server(self, name: str, wait: float = 90) -> None:
        """Start ``name``'s server and wait until the hub says it is ready (its start returns before)."""
        try:
            self.api("POST", f"/users/{name}/server")
        except urllib.error.HTTPError as error:
            if error.code != 400:  # 400: it is already running
                raise
        deadline = time.monotonic() + wait
        while True:
            server = (self.api("GET", f"/users/{name}").get("servers") or {}).get("", {})
            if server.get("ready"):
                return
            if time.monotonic() > deadline:
                pytest.fail(f"{name}'s server did not start:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.5)

    def token(self, name: str) -> str:
        """A new API token of hub user ``name`` (as their browser or server has one)."""
        return self.api("POST", f"/users/{name}/tokens", {"note": "pokerlab hub test", "expires_in": 3600})["token"]

    def tried_in_kernel(self, name: str, attempts: str, timeout: float = 60) -> dict[str, Any]:
        """Run the script ``attempts`` in a kernel of ``name``'s server after :data:`ATTEMPTS` (which it
        uses to try each thing), and give the ``report`` it printed last, as JSON."""
        return json.loads(self.run_in_kernel(name, ATTEMPTS + attempts, timeout).strip().splitlines()[-1])

    def run_in_kernel(self, name: str, code: str, timeout: float = 60) -> str:
        """Run ``code`` in a new kernel of ``name``'s own server (what a learner may always do there) and
        give what it printed; an error in the code fails the test with its traceback."""
        token = self.token(name)
        kernel = json.loads(urllib.request.urlopen(urllib.request.Request(
            f"{self.url}/user/{name}/api/kernels", method="POST", data=b"{}",
            headers={"Authorization": f"token {token}", "Content-Type": "application/json"}), timeout=60).read())
        try:
            return run_alone(_execute(f"{self.url}/user/{name}/api/kernels/{kernel['id']}/channels", token, code, timeout))
        finally:
            urllib.request.urlopen(urllib.request.Request(
                f"{self.url}/user/{name}/api/kernels/{kernel['id']}", method="DELETE",
                headers={"Authorization": f"token {token}"}), timeout=30)


async def _execute(url: str, token: str, code: str, timeout: float) -> str:
    """One ``execute_request`` over a kernel's websocket (Jupyter's messaging protocol); the stdout it
    printed until the kernel went idle."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    socket = await websocket_connect(HTTPRequest(url.replace("http", "ws", 1), headers={"Authorization": f"token {token}"}))
    message_id = uuid.uuid4().hex
    socket.write_message(json.dumps({
        "header": {"msg_id": message_id, "msg_type": "execute_request", "username": "test", "session": uuid.uuid4().hex,
                   "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
        "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {}, "allow_stdin": False},
    }))
    printed: list[str] = []
    deadline = time.monotonic() + timeout
    try:
        while True:
            raw = await asyncio.wait_for(socket.read_message(), max(0.1, deadline - time.monotonic()))
            assert raw is not None, "the kernel's websocket closed"
            if isinstance(raw, bytes):
                continue
            message = json.loads(raw)
            if message.get("parent_header", {}).get("msg_id") != message_id:
                continue
            kind, content = message["header"]["msg_type"], message["content"]
            if kind == "stream":
                printed.append(content["text"])
            elif kind == "error":
                pytest.fail("the code in the kernel failed:\n" + "\n".join(content["traceback"]))
            elif kind == "status" and content["execution_state"] == "idle":
                return "".join(printed)
    finally:
        socket.close()


@pytest.fixture(scope="session")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    """The test hub (see the module's docstring), its learners' and teacher's servers started."""
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        skip_or_fail_without_hub("JupyterHub is not installed (pip install jupyterhub).")
    proxy = proxy_command()
    if proxy is None:
        skip_or_fail_without_hub("configurable-http-proxy is not installed (make test installs it when npm is here).")
    if not learners_apart() and os.environ.get("POKERLAB_REQUIRE_HUB") == "1":
        pytest.fail(f"The hub tests run each of {', '.join((*LEARNERS, TEACHER))} as their own system user: run them as "
                    "root with those accounts made (.ci/run makes them).")
    folder = tmp_path_factory.mktemp("hub")
    with fresh_database("postgresql", folder, f"pokerlab_hub_{os.getpid()}") as database:
        port, admin_token = _free_port(), secrets.token_hex(32)
        url = f"http://127.0.0.1:{port}"
        environment = {name: value for name, value in os.environ.items()
                       if not name.startswith(("JUPYTERHUB_", "POKERLAB_"))}
        ports = [_free_port() for _ in range(3)]
        environment.update({
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            "POKERLAB_DATABASE_URL": database, "POKERLAB_TEST_MODE": "1",
            "POKERLAB_HUB_STATE": str(folder / "state"), "POKERLAB_HUB_URL": url,
            "POKERLAB_HUB_PORTS": ",".join(map(str, ports)),
            "POKERLAB_PROXY": proxy, "POKERLAB_NOTEBOOKS": str(NOTEBOOKS),
            "POKERLAB_HUB_TEACHERS": TEACHER, "POKERLAB_HUB_ADMIN_TOKEN": admin_token,
        })
        log = open(folder / "hub.log", "w+")
        command = [str(Path(sys.executable).with_name("jupyterhub")), "-f", str(CONFIG),
                   "--JupyterHub.authenticator_class=dummy",
                   f"--JupyterHub.spawner_class={'localprocess' if learners_apart() else 'simple'}"]
        # Ready once the hub, its proxy and the pokerlab service answer through the proxy.
        with serve(command, folder, environment, log, f"{url}/services/pokerlab/api/health", "The hub", wait=120):
            running = Hub(url, admin_token, database, f"http://127.0.0.1:{ports[2]}/services/pokerlab",
                          Path(log.name))
            for name in (*LEARNERS, TEACHER):
                try:
                    running.api("POST", f"/users/{name}")
                except urllib.error.HTTPError as error:
                    if error.code != 409:  # 409: the teacher is there already (the group made them)
                        raise
            for name in (*LEARNERS, TEACHER):
                running.start_server(name)
            yield running
