"""Live tables under a class: simulated learners play each other through Voilà and the dealer, no browser.

Starts the live tables' dealer (``python -m pokerlab.dealer``, with its real timing: computer
opponents think 0.6 s, a result stays up 6 s unless everyone is ready) and Voilà on ``notebooks/``
beside it, as ``make app`` does, both on one database (``--database``: an SQLite file, or a fresh
schema on the PostgreSQL server that ``pg_virtualenv`` describes with ``PGHOST`` and the rest; both
processes get it as ``POKERLAB_DATABASE_URL``). Then ``--tables`` x ``--per-table`` learners (default
6 x 5 = 30) arrive together. Each is a small client that does what the page does, over Voilà's own
HTTP and kernel websocket, as ``bench_classroom.py`` does:

1. GET ``/voila/render/09a-live-tables.ipynb``, open the kernel's channels and ask the widget
   manager for every widget's state (the identity widget and the table);
2. say hello and claim a fresh name with a fresh browser key (the identity widget's messages); the
   page signs in to the dealer with them and shows the lobby;
3. the first learner of each table presses "Open a table" (Five-Card Draw, ``--per-table`` seats,
   antes, 30 s to act); the others press "Sit at" with its code;
4. everyone plays: on their turn, after a think of ``--think`` seconds (uniform, seeded), the
   learner checks or bets, calls, raises or (rarely) folds, and draws 0 to 3 cards; after each hand
   they press "Next hand" after a think too.

Play is measured for ``--play`` seconds once every learner is seated (actions keep going during a
short drain afterwards, so the last ones are seen, and are not counted). For each action (the moment
the learner's page sends the "act" message) and each OTHER learner's page at that table, the delay
until that page's kernel sends the table update that shows it: the first table payload whose
``live.version`` (the dealer's version of the table, the same on every page) is higher than the one
the acting page showed when it acted. An action whose "next change" reached a page before the
action was sent (the table moved for another reason: a timeout, say) is counted as not matched, not
timed. Also printed: the acting learner's own page's update, timeouts (players whose 30 s ran out)
and refusals, the dealer's CPU (process CPU seconds per wall second while playing) and memory (RSS,
PSS), Voilà's and its kernels' CPU and memory (as ``bench_classroom.py``), and this client's own CPU
(it runs every page in one event loop; if it were saturated the delays would be its own). On a
shared machine the delays' tail follows what the other programs do, so the whole machine's CPU use
while playing is printed too, with the share of it that is not this run's, and Linux's CPU pressure
(the share of the time some task waited for a CPU) and how many tasks were running or waiting
for one (``/proc/stat``'s ``procs_running``). ``--split`` also watches every table from the
dealer itself (as the teacher) and splits each delay at the moment the dealer pushed the change.
Loopback only; every wait is bounded. Figures are printed, never asserted.

Run: ``python benchmarks/bench_live_tables.py [--database sqlite|postgresql|both] [--play 180]
[--tables 6] [--per-table 5] [--think 0.3,1.5] [--seed 1] [--split]``; PostgreSQL under
``pg_virtualenv -t python benchmarks/bench_live_tables.py --database postgresql``.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from bench_classroom import KERNEL_ID, KernelClient, server_memory  # the same page protocol as the class benchmark
from bench_ui import NOTEBOOKS, ROOT, _kernels, wait_until_quiet
from machine import describe, load_average
from voila_server import free_port, stop

NOTEBOOK = "09a-live-tables.ipynb"
WAIT = 180.0
"""Longest wait for any one step before play (seconds): a learner that waits longer gives up and is counted."""
DRAIN = 3.0
"""Seconds of play after the measured window, so that updates of its last actions arrive (and count)."""
TIME_TO_ACT = 30


@dataclass
class Update:
    """A table payload a page's kernel sent: when it arrived and the dealer's table version it shows."""

    at: float
    version: int


@dataclass
class Sent:
    """An "act" message a page sent: when, and the dealer's table version the page showed then."""

    at: float
    version: int
    kind: str
    refused: bool = False


@dataclass
class Room:
    """What the learners of one class share: the join codes, the seating count, the clock of play."""

    tables: int
    per_table: int
    think: tuple[float, float]
    seed: int
    codes: list[asyncio.Future[str]] = field(default_factory=list)
    waiting: int = 0
    everyone_seated: asyncio.Event = field(default_factory=asyncio.Event)
    play_from: float | None = None
    play_until: float | None = None
    acting: bool = True
    timeouts: set[tuple[str, int]] = field(default_factory=set)
    """(table code, dealer version) of each "ran out of time" notice seen during the measured window."""
    hands: set[tuple[str, int]] = field(default_factory=set)
    """(table code, hand number) of each hand seen during the measured window."""

    def __post_init__(self) -> None:
        loop = asyncio.get_running_loop()
        self.codes = [loop.create_future() for _ in range(self.tables)]
        self.waiting = self.tables * self.per_table

    def arrived(self) -> None:
        """One learner is seated (or gave up): when all are, play is measured from now."""
        self.waiting -= 1
        if self.waiting == 0:
            self.everyone_seated.set()

    def measuring(self, at: float) -> bool:
        return self.play_from is not None and self.play_from <= at <= (self.play_until or float("inf"))


class SimulatedLearner:
    """One learner's page: the identity widget and the live table, driven through the kernel."""

    def __init__(self, number: int, url: str, room: Room) -> None:
        self.number = number
        self.table_index = number // room.per_table
        self.opener = number % room.per_table == 0
        self.url = url
        self.room = room
        self.rng = random.Random(room.seed * 10_000 + number)
        self.name = f"Bench {room.seed}-{secrets.token_hex(2)} {number}"
        self.key, self.browser = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        self.cookie = f"pokerlab_browser={secrets.token_urlsafe(24)}"
        """Each learner is a browser that keeps pokerlab's page cookie (:mod:`pokerlab.serving.kernels`)
        after its first visit, as bench_classroom.py's learners do; without it the server gives no kernel."""
        self.socket: WebSocketClientConnection | None = None
        self.client: KernelClient | None = None
        self.states: dict[str, dict[str, Any]] = {}
        self.table_id = self.identity_id = ""
        self.code: str | None = None
        self.version: int | None = None
        """The dealer's table version this page shows now."""
        self.result_of: int | None = None
        """The hand whose result this page shows now (None: a hand in play, or none yet)."""
        self.updates: list[Update] = []
        self.sent: list[Sent] = []
        self.acted: set[int] = set()
        self.readied: set[int] = set()
        self.signed_in, self.seated, self.code_seen = asyncio.Event(), asyncio.Event(), asyncio.Event()
        self.started = time.perf_counter()
        self.seated_after: float | None = None
        self.problem = ""
        self.refusals: list[str] = []

    # ----- the page ----------------------------------------------------------------------------

    async def run(self) -> None:
        counted = False
        try:
            await self._open()
            reader = asyncio.ensure_future(self._read())
            self.client.custom(self.identity_id, {"type": "hello", "query": "", "browser": self.browser})
            self.client.custom(self.identity_id, {"type": "claim", "name": self.name, "key": self.key,
                                                  "browser": self.browser})
            await self._until(self.signed_in, reader, "the lobby after signing in")
            if self.opener:
                fields = {"game": "five-card-draw", "seats": str(self.room.per_table), "forced_bet": "antes",
                          "ace_draw": "off", "bot_level": "3", "time_to_act": str(TIME_TO_ACT)}
                self.client.custom(self.table_id, {"type": "app", "id": "open", "fields": fields})
                await self._until(self.code_seen, reader, "the new table's code")
                self.room.codes[self.table_index].set_result(self.code)
            else:
                code = await asyncio.wait_for(asyncio.shield(self.room.codes[self.table_index]), WAIT)
                self.client.custom(self.table_id, {"type": "app", "id": "sit", "value": code, "fields": {}})
            await self._until(self.seated, reader, "a seat at the table")
            self.seated_after = time.perf_counter() - self.started
            counted = True
            self.room.arrived()
            await reader
        except Exception as error:  # noqa: BLE001 - a learner that fails is counted, not fatal
            self.problem = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
            if self.code is None and self.opener and not self.room.codes[self.table_index].done():
                self.room.codes[self.table_index].set_exception(LookupError(f"the opener failed ({self.problem})"))
        finally:
            if not counted:
                self.room.arrived()
            self.close()

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()

    async def _open(self) -> None:
        page = await AsyncHTTPClient().fetch(f"{self.url}/voila/render/{NOTEBOOK}", request_timeout=WAIT,
                                             headers={"Cookie": self.cookie})
        found = KERNEL_ID.search(page.body.decode())
        if not found:
            raise LookupError("no kernel id in the page")
        self.socket = await websocket_connect(HTTPRequest(
            f"{self.url.replace('http', 'ws', 1)}/api/kernels/{found.group(1)}/channels?session_id={uuid.uuid4().hex}",
            headers={"Cookie": self.cookie}, connect_timeout=WAIT))
        self.client = KernelClient(self.socket)
        control = uuid.uuid4().hex
        self.client.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                         {"version": "1.0.0"})
        self.client.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        while True:
            message = await self.client.receive(WAIT)
            data = message.get("content", {}).get("data") or {}
            if message.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                break
        for model_id, entry in data["states"].items():
            state = entry.get("state", {})
            if "screen" in state and "table" in state:
                self.table_id = model_id
            elif "learner_name" in state and "purpose" in state:
                self.identity_id = model_id
            self.states[model_id] = dict(state)
        if not self.table_id or not self.identity_id:
            raise LookupError("no live table and identity widget among the page's widgets")

    async def _until(self, event: asyncio.Event, reader: asyncio.Future[None], what: str) -> None:
        waiting = asyncio.ensure_future(event.wait())
        done, _ = await asyncio.wait({waiting, reader}, timeout=WAIT, return_when=asyncio.FIRST_COMPLETED)
        if waiting not in done:
            waiting.cancel()
            if reader in done:
                reader.result()  # raises what stopped the page
                raise ConnectionError(f"the kernel's websocket closed while waiting for {what}")
            message = self.states.get(self.table_id, {}).get("message") or self.states.get(self.identity_id, {}).get("message")
            raise TimeoutError(f"waited {WAIT:.0f} s for {what} in vain" + (f" (the page says: {message[:120]})" if message else ""))

    async def _read(self) -> None:
        """Every message the kernel sends, until the websocket closes (at the end of the run)."""
        assert self.socket is not None
        while True:
            text = await self.socket.read_message()
            if text is None:
                return
            at = time.perf_counter()
            message = json.loads(text)
            content = message.get("content", {})
            data = content.get("data") or {}
            if message.get("msg_type") != "comm_msg" or data.get("method") != "update":
                continue
            comm = content.get("comm_id")
            changed = data.get("state", {})
            if comm in self.states:
                self.states[comm].update(changed)
            if comm == self.identity_id and changed.get("message"):
                self.refusals.append(changed["message"])
            elif comm == self.table_id:
                self._table_changed(changed, at)

    # ----- what the page shows, and what the learner does -------------------------------------

    def _table_changed(self, changed: dict[str, Any], at: float) -> None:
        state = self.states[self.table_id]
        if changed.get("message"):
            self.refusals.append(changed["message"])
            if self.sent and not self.sent[-1].refused:
                self.sent[-1].refused = True
        lobby = state.get("lobby") or {}
        if not self.signed_in.is_set() and any(button.get("id") == "open" for button in lobby.get("buttons", ())):
            self.signed_in.set()
        if "table" not in changed:
            return
        payload = changed["table"] or {}
        live = payload.get("live") or {}
        if "version" not in live:
            return
        self.code = live["code"]
        self.code_seen.set()
        if payload.get("learner_seat") is not None:
            self.seated.set()  # the dealer's view is this learner's seat's
        self.version = version = int(live["version"])
        hand_number = int(payload.get("hand_number") or 0)
        self.result_of = hand_number if payload.get("result") else None
        self.updates.append(Update(at, version))
        if self.room.measuring(at):
            self.room.hands.add((self.code, hand_number))
            if "ran out of time" in (live.get("notice") or ""):
                self.room.timeouts.add((self.code, version))
        if not self.room.acting:
            return
        low, high = self.room.think
        loop = asyncio.get_running_loop()
        if payload.get("is_my_turn") and version not in self.acted:
            self.acted.add(version)
            loop.call_later(self.rng.uniform(low, high), self._act, version, payload)
        elif self.result_of is not None and hand_number not in self.readied:
            self.readied.add(hand_number)
            loop.call_later(self.rng.uniform(low, high), self._next, hand_number)

    def _act(self, version: int, payload: dict[str, Any]) -> None:
        if self.version != version or not self.room.acting or self.client is None:
            return  # the table moved on while this learner thought (a timeout): they look again
        intent = choose(payload, self.rng)
        self.sent.append(Sent(time.perf_counter(), version, intent["kind"]))
        self.client.custom(self.table_id, intent)

    def _next(self, hand_number: int) -> None:
        """"Next hand" once the learner has read the result (others pressing it first change the
        table's version, not the result shown)."""
        if self.result_of == hand_number and self.room.acting and self.client is not None:
            self.client.custom(self.table_id, {"type": "next"})


def choose(payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """What a learner of a class might do: mostly check or call, now and then bet, raise or fold;
    at the draw, 0 to 3 of their own cards. Only what the table offers (its legal actions)."""
    offers = {item["kind"]: item for item in payload.get("legal") or ()}
    if "draw" in offers:
        me = next((player for player in payload.get("players", ()) if player.get("is_learner")), {})
        cards = list(me.get("cards") or ())
        count = min(rng.choice((0, 1, 1, 2, 3, 3)), int(offers["draw"].get("max_discards") or 0), len(cards))
        return {"type": "act", "kind": "draw", "discards": rng.sample(cards, count)}
    roll = rng.random()
    for kind, chance in (("bet", 0.3), ("raise", 0.15), ("fold", 0.08)):
        if kind in offers and roll < chance:
            return {"type": "act", "kind": kind, "amount": offers[kind]["min_to"]} if kind != "fold" else \
                {"type": "act", "kind": "fold"}
    for kind in ("check", "call", "all_in", "fold"):
        if kind in offers:
            extra = {"amount": offers[kind]["min_to"]} if kind == "all_in" else {}
            return {"type": "act", "kind": kind, **extra}
    raise LookupError(f"nothing to do among {sorted(offers)}")


# ----- one class -----------------------------------------------------------------------------------


@dataclass
class Measured:
    """What one class measured; delays in seconds."""

    learners: list[SimulatedLearner]
    play_seconds: float
    others: list[float]
    """Each (action, other page at the table) pair: from the action sent to that page's update."""
    own: list[float]
    """Each action: from sending it to the acting page's own update showing it."""
    actions: int
    missing: int
    """Pairs whose page never showed a later version before the end."""
    early: int
    """Pairs whose page showed the table's next change before the action was even sent (another change came first)."""
    refused: int
    samples: dict[str, Any] = field(default_factory=dict)
    to_dealer: list[float] = field(default_factory=list)
    """With ``--split``: each action, from sending it to the dealer pushing the table's next version."""
    from_dealer: list[float] = field(default_factory=list)
    """With ``--split``: each (action, other page) pair, from the dealer's push to that page's update."""


async def play_class(url: str, tables: int, per_table: int, play: float, think: tuple[float, float], seed: int,
                     on_sample: Callable[[str], dict[str, Any]] | None = None, drain: float = DRAIN,
                     spy: tuple[str, str] | None = None) -> Measured:
    """``tables`` x ``per_table`` learners open the live tables' page at ``url`` together, sit down
    and play; measured for ``play`` seconds once all are seated. ``on_sample("start" | "end")`` is
    called at both ends of the measured window (CPU readings) and once more after the drain
    ("memory"), its results kept in :attr:`Measured.samples`. ``spy``: the dealer's URL and the
    teacher password, to watch every table from the dealer directly as well (see :func:`_spy`)."""
    room = Room(tables, per_table, think, seed)
    AsyncHTTPClient.configure(None, max_clients=tables * per_table + tables)  # tornado's default queues all but 10
    learners = [SimulatedLearner(number, url, room) for number in range(tables * per_table)]
    tasks = [asyncio.ensure_future(learner.run()) for learner in learners]
    pushes: dict[int, list[Update]] = {index: [] for index in range(tables)}
    spies = [asyncio.ensure_future(_spy(spy, room, index, pushes[index])) for index in range(tables)] if spy else []
    samples: dict[str, Any] = {}
    try:
        await asyncio.wait_for(room.everyone_seated.wait(), WAIT * 3)
        room.play_from = time.perf_counter()
        room.play_until = room.play_from + play
        if on_sample:
            samples["start"] = on_sample("start")
        await asyncio.sleep(play)
        if on_sample:
            samples["end"] = on_sample("end")
        await asyncio.sleep(drain)
        room.acting = False
        if on_sample:
            samples["memory"] = on_sample("memory")
    finally:
        for learner in learners:
            learner.close()
        for watching in spies:
            watching.cancel()
        await asyncio.gather(*tasks, *spies, return_exceptions=True)
    samples["timeouts"] = len(room.timeouts)
    samples["hands"] = len(room.hands)
    measured = _match(learners, room, samples)
    if spy:
        _split(measured, room, pushes)
    return measured


async def _spy(spy: tuple[str, str], room: Room, index: int, pushes: list[Update]) -> None:
    """Watch table ``index`` from the dealer itself, as the teacher (public information only):
    when the dealer pushed each version of the table. A diagnosis: it splits each delay into the
    part before the dealer's push (the acting page's kernel, the dealer storing the change) and
    after it (the dealer's send, the other page's kernel drawing it, Voilà)."""
    dealer_url, password = spy
    answer = await AsyncHTTPClient().fetch(f"{dealer_url}/api/teacher", method="POST",
                                           body=json.dumps({"password": password}), request_timeout=WAIT)
    session = json.loads(answer.body)["session"]
    code = await asyncio.shield(room.codes[index])
    connection = await websocket_connect(f"{dealer_url.replace('http', 'ws', 1)}/api/tables/{code}/ws",
                                         connect_timeout=WAIT)
    try:
        await connection.write_message(json.dumps({"id": 1, "session": session}))
        while True:
            text = await connection.read_message()
            if text is None:
                return
            at = time.perf_counter()
            data = json.loads(text)
            if data.get("type") == "view":
                pushes.append(Update(at, int(data["view"]["table"]["version"])))
    finally:
        connection.close()


def _split(measured: Measured, room: Room, pushes: dict[int, list[Update]]) -> None:
    for acting in measured.learners:
        seen = pushes[acting.table_index]
        versions = [push.version for push in seen]
        for sent in acting.sent:
            if not room.measuring(sent.at) or sent.refused:
                continue
            index = bisect.bisect_right(versions, sent.version)
            if index == len(versions) or seen[index].at < sent.at:
                continue
            pushed = seen[index]
            measured.to_dealer.append(pushed.at - sent.at)
            for page in measured.learners:
                if page.table_index != acting.table_index or page is acting:
                    continue
                shown = [update.version for update in page.updates]
                where = bisect.bisect_right(shown, sent.version)
                if where < len(shown) and page.updates[where].at >= sent.at:
                    measured.from_dealer.append(page.updates[where].at - pushed.at)


def _match(learners: list[SimulatedLearner], room: Room, samples: dict[str, Any]) -> Measured:
    others: list[float] = []
    own: list[float] = []
    actions = missing = early = refused = 0
    for acting in learners:
        table = [learner for learner in learners if learner.table_index == acting.table_index]
        for sent in acting.sent:
            if not room.measuring(sent.at):
                continue
            if sent.refused:
                refused += 1
                continue
            actions += 1
            for page in table:
                versions = [update.version for update in page.updates]
                index = bisect.bisect_right(versions, sent.version)
                if index == len(versions):
                    missing += page is not acting
                    continue
                update = page.updates[index]
                if update.at < sent.at:
                    early += page is not acting
                elif page is acting:
                    own.append(update.at - sent.at)
                else:
                    others.append(update.at - sent.at)
    play = (room.play_until or 0.0) - (room.play_from or 0.0)
    return Measured(learners, play, others, own, actions, missing, early, refused, samples)


# ----- the servers ---------------------------------------------------------------------------------


def _start(command: list[str], cwd: Path, env: dict[str, str], ready_url: str, log: Path, what: str) -> subprocess.Popen:
    with open(log, "w") as output:
        process = subprocess.Popen(command, cwd=cwd, stdout=output, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 90
    while True:
        try:
            urllib.request.urlopen(ready_url, timeout=2)
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"{what} did not start:\n{log.read_text()[-2000:]}") from None
            time.sleep(0.3)


@contextmanager
def database(kind: str, folder: Path) -> Iterator[str]:
    """The URL both servers use: an SQLite file in ``folder``, or a fresh schema on the PostgreSQL
    server named by ``PGHOST`` and the rest (``pg_virtualenv``), dropped afterwards."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'pokerlab.sqlite3'}"
        return
    import sqlalchemy

    if not os.environ.get("PGHOST"):
        raise SystemExit("--database postgresql needs a server: run under pg_virtualenv (or set PGHOST and the rest)")
    base = sqlalchemy.URL.create(
        "postgresql+psycopg", username=os.environ.get("PGUSER") or None, password=os.environ.get("PGPASSWORD") or None,
        host=os.environ["PGHOST"], port=int(os.environ["PGPORT"]) if os.environ.get("PGPORT") else None,
        database=os.environ.get("PGDATABASE") or "postgres")
    schema = f"pokerlab_bench_{secrets.token_hex(4)}"
    admin = sqlalchemy.create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
    try:
        yield base.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


@dataclass
class Servers:
    dealer: subprocess.Popen
    voila: subprocess.Popen
    url: str
    """Voilà's."""
    dealer_url: str
    teacher_password: str
    """The dealer's teacher password (for ``--split``'s watchers; Voilà's kernels are not given it)."""


@contextmanager
def servers(url: str, folder: Path) -> Iterator[Servers]:
    """The dealer and Voilà beside it (as ``make app``), on the database ``url``."""
    paths = lambda *parts: os.pathsep.join(filter(None, parts))  # noqa: E731
    env = {
        key: value for key, value in os.environ.items()
        if key not in ("POKERLAB_TEST_MODE", "POKERLAB_DEALER_URL", "POKERLAB_TEACHER_PASSWORD")
    } | {
        "POKERLAB_DATA_DIR": str(folder / "data"), "POKERLAB_DATABASE_URL": url,
        "PYTHONPATH": paths(str(ROOT), os.environ.get("PYTHONPATH")),
        "JUPYTER_PATH": paths(str(ROOT / "share" / "jupyter"), os.environ.get("JUPYTER_PATH")),
    }
    password = secrets.token_urlsafe(12)
    dealer_port, voila_port = free_port(), free_port()
    dealer_url = f"http://127.0.0.1:{dealer_port}"
    dealer = _start([sys.executable, "-m", "pokerlab.dealer", f"--port={dealer_port}"], ROOT,
                    env | {"POKERLAB_TEACHER_PASSWORD": password}, f"{dealer_url}/api/health",
                    folder / "dealer.log", "The dealer")
    try:
        voila = _start([sys.executable, "-m", "voila", "--no-browser", f"--port={voila_port}", "--Voila.ip=127.0.0.1"],
                       NOTEBOOKS, env | {"POKERLAB_DEALER_URL": dealer_url}, f"http://127.0.0.1:{voila_port}",
                       folder / "voila.log", "Voilà")
        try:
            yield Servers(dealer, voila, f"http://127.0.0.1:{voila_port}", dealer_url, password)
        finally:
            stop(voila)
    finally:
        stop(dealer)


def _postgres_pids() -> list[int]:
    """The PostgreSQL server this run stores in (the one listening on ``PGPORT``) and its backends."""
    import psutil

    port = int(os.environ.get("PGPORT") or 5432)
    for connection in psutil.net_connections(kind="tcp"):
        if connection.status == psutil.CONN_LISTEN and connection.laddr.port == port and connection.pid:
            server = psutil.Process(connection.pid)
            return [server.pid, *(child.pid for child in server.children(recursive=True))]
    return []


def _pressure() -> float | None:
    """Seconds so far during which some task waited for a CPU (Linux's PSI), or None where unknown."""
    try:
        with open("/proc/pressure/cpu", encoding="ascii") as pressure:
            return int(pressure.readline().split("total=")[1]) / 1e6
    except (OSError, IndexError, ValueError):
        return None


class RunQueue:
    """How many tasks were running or waiting for a CPU (``procs_running`` of ``/proc/stat``,
    sampled every 0.25 s in a thread, not counting the thread itself): on a shared machine the
    delays' tail follows it."""

    def __init__(self) -> None:
        self.counts: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(0.25):
            try:
                with open("/proc/stat", encoding="ascii") as stat:
                    line = next(line for line in stat if line.startswith("procs_running"))
            except (OSError, StopIteration):
                return
            self.counts.append(int(line.split()[1]) - 1)

    def stop(self) -> list[int]:
        self._stop.set()
        self._thread.join(5)
        return self.counts


def sampler(dealer_pid: int, voila_pid: int, postgres: bool = False) -> Callable[[str], dict[str, Any]]:
    """CPU seconds so far of the dealer, of Voilà, its kernels, this client (and the PostgreSQL
    server), of the whole machine, its CPU pressure and (at the end) its run queue while playing;
    memory at the end."""
    import psutil

    queue: list[RunQueue] = []

    def cpu(pids: list[int]) -> dict[int, float]:
        seconds = {}
        for pid in pids:
            try:
                times = psutil.Process(pid).cpu_times()
            except psutil.Error:
                continue
            seconds[pid] = times.user + times.system
        return seconds

    def sample(moment: str) -> dict[str, Any]:
        kernels = sorted(_kernels(voila_pid))
        if moment == "memory":
            info = psutil.Process(dealer_pid).memory_full_info()
            return {"dealer_rss": info.rss / 2**20, "dealer_pss": info.pss / 2**20,
                    "voila": server_memory(voila_pid), "kernels": len(kernels)}
        machine = psutil.cpu_times()
        found = {"at": time.perf_counter(), "dealer": cpu([dealer_pid]), "voila": cpu([voila_pid]),
                 "kernels": cpu(kernels), "client": cpu([os.getpid()]),
                 "postgres": cpu(_postgres_pids()) if postgres else {},
                 "machine": sum(machine) - machine.idle - getattr(machine, "iowait", 0.0), "pressure": _pressure()}
        if moment == "start":
            queue.append(RunQueue())
        elif queue:
            found["runnable"] = queue.pop().stop()
        return found

    return sample


def cpu_shares(start: dict[str, Any], end: dict[str, Any]) -> dict[str, float]:
    """CPU seconds per wall second between two samples: each part of the run, the whole machine,
    everything else on it, and the CPU pressure (share of the time some task waited for a CPU)."""
    wall = end["at"] - start["at"]
    shares = {}
    for part in ("dealer", "voila", "kernels", "client", "postgres"):
        before, after = start[part], end[part]
        shares[part] = sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items()) / wall
    shares["machine"] = (end["machine"] - start["machine"]) / wall
    shares["others"] = shares["machine"] - sum(shares[part] for part in ("dealer", "voila", "kernels", "client", "postgres"))
    if start["pressure"] is not None and end["pressure"] is not None:
        shares["pressure"] = (end["pressure"] - start["pressure"]) / wall
    if end.get("runnable"):
        shares["runnable"] = statistics.mean(end["runnable"])
        shares["runnable_p95"] = float(np.percentile(end["runnable"], 95))
    return shares


# ----- the report ----------------------------------------------------------------------------------


def _ms(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) * 1000 if values else float("nan")


def report(kind: str, measured: Measured, per_table: int) -> None:
    learners = measured.learners
    problems = [learner.problem for learner in learners if learner.problem]
    seated = [learner.seated_after for learner in learners if learner.seated_after is not None]
    print(f"\n=== {kind}: {len(learners)} learners at {len(learners) // per_table} tables ({per_table} each), "
          f"{measured.play_seconds:.0f} s of play measured ({load_average()})")
    if seated:
        print(f"  page opened, signed in and seated: median {statistics.median(seated):.1f} s, worst "
              f"{max(seated):.1f} s ({len(seated)} of {len(learners)} seated)")
    for problem in sorted(set(problems))[:3]:
        print(f"  problem: {problem} ({problems.count(problem)} learners)")
    minutes = measured.play_seconds / 60
    print(f"  actions: {measured.actions} ({measured.actions / max(minutes, 1e-9):.0f} a minute), "
          f"hands seen: {measured.samples.get('hands', 0)}, timeouts: {measured.samples.get('timeouts', 0)}, "
          f"refused: {measured.refused}")
    others, own = measured.others, measured.own
    if others:
        print(f"  action -> update on each other page at the table: median {_ms(others, 50):.0f} ms, "
              f"95th percentile {_ms(others, 95):.0f} ms, worst {max(others) * 1000:.0f} ms "
              f"({len(others)} pairs; not matched: {measured.missing} never shown, {measured.early} "
              "another change first)")
    if own:
        print(f"  action -> the acting page's own update: median {_ms(own, 50):.0f} ms, "
              f"95th percentile {_ms(own, 95):.0f} ms")
    if measured.to_dealer:
        print(f"  split at the dealer's push: action -> push median {_ms(measured.to_dealer, 50):.0f} ms, 95th "
              f"percentile {_ms(measured.to_dealer, 95):.0f} ms; push -> other page median "
              f"{_ms(measured.from_dealer, 50):.0f} ms, 95th percentile {_ms(measured.from_dealer, 95):.0f} ms")
    start, end, memory = (measured.samples.get(key) for key in ("start", "end", "memory"))
    if start and end:
        share = cpu_shares(start, end)
        postgres = f", the PostgreSQL server {share['postgres']:.3f}" if end["postgres"] else ""
        print(f"  CPU while playing (CPU seconds per wall second): dealer {share['dealer']:.3f}, Voilà "
              f"{share['voila']:.3f}, its kernels together {share['kernels']:.3f}, this client {share['client']:.3f}"
              f"{postgres}; the machine {share['machine']:.2f} of {os.cpu_count()}, of which other programs "
              f"{share['others']:.2f}" + (f"; CPU pressure {share['pressure']:.0%} (share of the time some task "
                                          "waited for a CPU)" if "pressure" in share else ""))
        if "runnable" in share:
            print(f"  tasks running or waiting for a CPU while playing: mean {share['runnable']:.1f}, 95th percentile "
                  f"{share['runnable_p95']:.0f} (on {os.cpu_count()} cores)")
    if memory:
        voila = memory["voila"]
        print(f"  dealer memory: RSS {memory['dealer_rss']:.0f} MB, PSS {memory['dealer_pss']:.0f} MB; Voilà + "
              f"{memory['kernels']} kernels: PSS {voila['pss']:.0f} MB, USS {voila['uss']:.0f} MB, RSS {voila['rss']:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="sqlite", choices=("sqlite", "postgresql", "both"))
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--per-table", type=int, default=5, help="learners at each table (also its seats)")
    parser.add_argument("--play", type=float, default=180.0, help="seconds of play measured once everyone is seated")
    parser.add_argument("--think", default="0.3,1.5", help="shortest and longest think before a click, seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--split", action="store_true",
                        help="also watch every table from the dealer (as the teacher) and split each delay at the dealer's push")
    args = parser.parse_args()
    low, high = (float(part) for part in args.think.split(","))
    kinds = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    print(f"machine: {describe()}")
    print(f"at start: {load_average()}")
    print(f"{NOTEBOOK}: Five-Card Draw, antes, {TIME_TO_ACT} s to act; think {low:g}-{high:g} s (seed {args.seed}); "
          "the dealer with its real timing; a fresh dealer, Voilà and database per run")
    for kind in kinds:
        with tempfile.TemporaryDirectory() as folder, database(kind, Path(folder)) as url, \
                servers(url, Path(folder)) as running:
            time.sleep(2)
            wait_until_quiet(running.voila.pid)  # voila.json's preheated pools filled and idle, as bench_classroom waits
            spy = (running.dealer_url, running.teacher_password) if args.split else None
            measured = asyncio.run(play_class(running.url, args.tables, args.per_table, args.play, (low, high),
                                              args.seed, sampler(running.dealer.pid, running.voila.pid, kind == "postgresql"),
                                              spy=spy))
            report("SQLite" if kind == "sqlite" else "PostgreSQL", measured, args.per_table)
    print(f"\nat the end: {load_average()}")


if __name__ == "__main__":
    sys.exit(main())
