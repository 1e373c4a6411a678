"""Two learners' pages from the same kernel template, through a real Voilà (notebooks/voila.json,
pools off so that every page's kernel is forked): the second learner's page holds nothing of the
first's (name, cards, table), and the page tells a waiting learner what is happening.

The learners are small clients that do what the page does over Voilà's HTTP and kernel websocket
(as benchmarks/bench_classroom.py does); no browser. About 15 s.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import websocket_connect

from pokerlab.serving.forking import kernel_processes
from tests.browser.conftest import serve_voila, server_pid, servers_env
from tests.event_loops import run_alone

NOTEBOOK = "05-five-card-draw.ipynb"
KERNEL_ID = re.compile(r'"kernelId"\s*:\s*"([0-9a-f-]+)"')


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    env = servers_env(tmp_path_factory.mktemp("data"))
    log = open(tmp_path_factory.mktemp("log") / "voila.log", "w+")
    with serve_voila(env, log, "--VoilaConfiguration.preheat_kernel=False", wait=90) as url:
        yield url, server_pid(url)


class Page:
    """One learner's page: the HTML Voilà sent and the kernel's websocket."""

    def __init__(self, html: str, socket: Any) -> None:
        self.html, self.socket, self.session = html, socket, uuid.uuid4().hex

    def send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> None:
        header = {"msg_id": uuid.uuid4().hex, "username": "learner", "session": self.session,
                  "msg_type": msg_type, "version": "5.3", "date": ""}
        self.socket.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                                              "content": content, "channel": "shell", "buffers": []}))

    async def receive(self) -> dict[str, Any]:
        import asyncio

        text = await asyncio.wait_for(self.socket.read_message(), 60)
        assert text is not None, "the kernel's websocket closed"
        return json.loads(text)

    async def states(self) -> dict[str, dict[str, Any]]:
        """Every widget's state, as ipywidgets 8 pages ask for it."""
        control = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                  {"version": "1.0.0"})
        self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        while True:
            message = await self.receive()
            data = message.get("content", {}).get("data") or {}
            if message.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                return {model: entry.get("state", {}) for model, entry in data["states"].items()}

    def custom(self, comm_id: str, content: dict[str, Any]) -> None:
        self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "custom", "content": content}})

    async def until(self, comm_id: str, state: dict[str, Any], done: Any) -> dict[str, Any]:
        """Apply the widget's updates to ``state`` until ``done(state)``."""
        while not done(state):
            message = await self.receive()
            content = message.get("content", {})
            data = content.get("data") or {}
            if message.get("msg_type") == "comm_msg" and content.get("comm_id") == comm_id \
                    and data.get("method") == "update":
                state.update(data.get("state", {}))
        return state


async def open_page(url: str) -> Page:
    cookie = f"pokerlab_browser={uuid.uuid4().hex}"
    client = AsyncHTTPClient(force_instance=True)
    try:
        response = await client.fetch(f"{url}/voila/render/{NOTEBOOK}", headers={"Cookie": cookie},
                                      request_timeout=120)
    finally:
        client.close()
    html = response.body.decode()
    kernel = KERNEL_ID.search(html).group(1)
    socket = await websocket_connect(f"{url.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels"
                                     f"?session_id={uuid.uuid4().hex}", connect_timeout=60)
    return Page(html, socket)


def _find(states: dict[str, dict[str, Any]], *keys: str) -> tuple[str, dict[str, Any]]:
    [(model, state)] = [(m, s) for m, s in states.items() if all(k in s for k in keys)]
    return model, state


def _my_cards(state: dict[str, Any]) -> list[str]:
    [me] = [player for player in state["table"]["players"] if player["is_learner"]]
    return me["cards"]


async def _play_as(url: str, name: str | None) -> dict[str, Any]:
    """Open 05, say who this is (``name``, or nobody), start the table; what the page held."""
    page = await open_page(url)
    try:
        first = await page.states()
        identity_id, identity = _find(first, "learner_name", "purpose")
        table_id, table = _find(first, "screen", "table")
        seen = {"html": page.html, "first_states": json.dumps(first), "identity_at_open": dict(identity)}
        page.custom(identity_id, {"type": "hello", "query": "", "name": "", "key": "", "browser": uuid.uuid4().hex})
        await page.until(identity_id, identity, lambda s: s.get("state") == "asking")
        if name is not None:
            page.custom(identity_id, {"type": "claim", "name": name, "key": uuid.uuid4().hex * 2,
                                      "browser": uuid.uuid4().hex})
            await page.until(identity_id, identity, lambda s: s.get("state") == "known")
        page.custom(table_id, {"type": "start", "fields": {}})
        await page.until(table_id, table, lambda s: s.get("screen") == "table" and bool(s.get("table")))
        seen.update(identity=identity, cards=_my_cards(table), table=json.dumps(table["table"]))
        return seen
    finally:
        page.socket.close()


def test_the_second_learners_page_holds_nothing_of_the_first(voila: tuple[str, int]) -> None:
    url, pid = voila
    ann = run_alone(_play_as(url, "Ann Forktest"))
    assert ann["identity"]["learner_name"] == "Ann Forktest" and len(ann["cards"]) == 5
    bob = run_alone(_play_as(url, None))
    # The kernels were forked from the one template (none started the ordinary way).
    kernels = kernel_processes(pid)
    assert kernels and all("pokerlab.serving.forking" in " ".join(k.cmdline()) for k in kernels)
    # Bob's page, from the moment it opened: no name, nothing of Ann's.
    assert bob["identity_at_open"]["learner_name"] == "" and bob["identity"]["state"] == "asking"
    for text in (bob["html"], bob["first_states"], bob["table"]):
        assert "Ann Forktest" not in text
    assert bob["cards"] != ann["cards"]  # his own deal (the same five cards by chance: 1 in 2.6 million)
    assert bob["table"] != ann["table"]


def test_a_waiting_page_says_what_is_happening(voila: tuple[str, int]) -> None:
    url, _ = voila

    async def html_of_a_page() -> str:
        page = await open_page(url)
        page.socket.close()
        return page.html

    html = run_alone(html_of_a_page())
    # The line is set as soon as the page's first part arrives, before any cell has run...
    assert html.index("Opening the lesson…") < html.index("voila_process(1,")
    # ...and every cell the kernel runs moves it on.
    assert "Opening the lesson: step ${step} of ${steps}…" in html
