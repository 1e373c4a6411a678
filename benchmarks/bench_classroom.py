"""Class capacity: N simulated learners open 05 (Five-Card Draw) at once and play hands, no browser.

Serves notebooks/ with Voilà on loopback exactly as bench_ui.py does (the checkout on PYTHONPATH,
the offline template, a temporary POKERLAB_DATA_DIR, POKERLAB_TEST_MODE=1 so computer opponents do
not pause) and, for each N in ``--learners`` (default 10, 20, 30), starts N learners together. Each
learner is a small client that does what the page does, over Voilà's own HTTP and kernel websocket:

1. GET ``/voila/render/05-five-card-draw.ipynb`` (the kernel runs the notebook; the page names the
   kernel);
2. opens ``/api/kernels/<id>/channels``, asks the widget manager for every widget's state (the
   ``jupyter.widget.control`` comm, as ipywidgets 8 pages do) and finds the table;
3. presses Start in the lobby (``{"type": "start"}``); the first table update is "time to first table";
4. plays ``--hands`` hands: checks or calls, stands pat at the draw, lets the computer opponents act
   (``{"type": "skip"}``), deals the next hand, waiting ``--think`` seconds (jittered) before each
   click as a person would. An action's round trip is from sending it to the first table update
   after it.

Printed per N: time to first table (median, 95th percentile, worst), the 95th percentile (and
median) of an action's round trip, how many learners finished, and the server's total memory after
the hands (Voilà plus every kernel: sum of PSS, which counts shared pages once, sum of USS, and
sum of RSS, which counts them again in every process). Loopback only; every wait is bounded.
Figures are printed, never asserted. The load average is printed: a shared machine is slower.

Before all that, one learner at a time opens 05 ``--single`` times (default 5) on the quiet server:
time to first table (median, worst) and the CPU one page costs, split between Voilà (rendering the
notebook, relaying messages) and the kernel (its start and the notebook's cells), with the pools
refilling after each page counted in (so a preheated server shows what a page costs it in all).

Run: ``python benchmarks/bench_classroom.py`` (about 3 minutes; ``--learners 10,20,30``,
``--hands 5``, ``--think 1.0``, ``--single 5``). ``--modes cold,preheated``: Voilà with
``preheat_kernel`` off, or as voila.json sets it. ``--kernels forked,started``: kernels forked from
the warm template (``pokerlab.serving.forking``, as voila.json sets it) or started as separate
processes (jupyter_client's ``local-provisioner``, as before issue 30).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import voila_server
from bench_ui import NOTEBOOKS
from machine import describe, load_average
from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import WebSocketClientConnection, websocket_connect

from pokerlab.serving.forking import kernel_processes

NOTEBOOK = "05-five-card-draw.ipynb"
KERNEL_ID = re.compile(r'"kernelId"\s*:\s*"([0-9a-f-]+)"')
WAIT = 120.0
"""Longest wait for any one reply (seconds): a learner that waits longer gives up and is counted."""


@dataclass
class Learner:
    """What one simulated learner measured."""

    number: int
    page: float | None = None
    first_table: float | None = None
    round_trips: list[float] = field(default_factory=list)
    hands: int = 0
    problem: str = ""


class KernelClient:
    """The part of a Jupyter page that talks to a kernel: JSON messages on the channels websocket."""

    def __init__(self, socket: WebSocketClientConnection) -> None:
        self.socket = socket
        self.session = uuid.uuid4().hex

    def send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> None:
        header = {"msg_id": uuid.uuid4().hex, "username": "learner", "session": self.session,
                  "msg_type": msg_type, "version": "5.3", "date": ""}
        message = {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                   "channel": "shell", "buffers": []}
        self.socket.write_message(json.dumps(message))

    async def receive(self, timeout: float = WAIT) -> dict[str, Any]:
        text = await asyncio.wait_for(self.socket.read_message(), timeout)
        if text is None:
            raise ConnectionError("the kernel's websocket closed")
        return json.loads(text)

    def custom(self, comm_id: str, content: dict[str, Any]) -> None:
        """A widget's custom message (what anywidget's ``model.send`` does)."""
        self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "custom", "content": content}})


def _pick(legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Check or call; stand pat at the draw; never fold."""
    kinds = {item["kind"]: item for item in legal}
    for kind in ("check", "call", "draw", "all_in"):
        if kind in kinds:
            return {"type": "act", "kind": kind, **({"discards": []} if kind == "draw" else {})}
    return None


async def _table_comm(client: KernelClient) -> tuple[str, dict[str, Any]]:
    """Ask for every widget's state; the draw table is the one with ``screen`` and ``table``."""
    control = uuid.uuid4().hex
    client.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                {"version": "1.0.0"})  # ipywidgets 8's control protocol
    client.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        message = await client.receive()
        data = message.get("content", {}).get("data") or {}
        if message.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
            for model_id, entry in data["states"].items():
                state = entry.get("state", {})
                if "screen" in state and "table" in state:
                    return model_id, state
            raise LookupError("no draw table among the page's widgets")
    raise TimeoutError("no widget states")


async def learner(number: int, url: str, hands: int, think: float, seed: int) -> Learner:
    """One learner: open the page, start, play ``hands`` hands."""
    result = Learner(number)
    rng = random.Random(seed)
    start = time.perf_counter()
    socket = None
    try:
        # Each learner is a browser: it holds pokerlab's page cookie (pokerlab.serving.kernels), as a
        # browser would after its first visit; without it the server gives no kernel.
        cookie = f"pokerlab_browser={uuid.uuid4().hex}"
        page = await AsyncHTTPClient().fetch(f"{url}/voila/render/{NOTEBOOK}?seed={seed}", request_timeout=WAIT * 2,
                                             headers={"Cookie": cookie})
        result.page = time.perf_counter() - start
        found = KERNEL_ID.search(page.body.decode())
        if not found:
            raise LookupError("no kernel id in the page")
        socket = await websocket_connect(f"{url.replace('http', 'ws', 1)}/api/kernels/{found.group(1)}/channels"
                                         f"?session_id={uuid.uuid4().hex}", connect_timeout=WAIT)
        client = KernelClient(socket)
        table_id, state = await _table_comm(client)
        client.custom(table_id, {"type": "start", "fields": {}})
        version = None
        sent_at: float | None = None
        hand = 0
        while hand <= hands:
            message = await client.receive()
            content = message.get("content", {})
            data = content.get("data") or {}
            if message.get("msg_type") != "comm_msg" or content.get("comm_id") != table_id or data.get("method") != "update":
                continue
            state.update(data.get("state", {}))
            table = state.get("table") or {}
            if state.get("screen") != "table" or not table or table.get("version") == version:
                continue
            version = table["version"]
            now = time.perf_counter()
            if result.first_table is None:
                result.first_table = now - start
            elif sent_at is not None:
                result.round_trips.append(now - sent_at)
            sent_at = None
            if table.get("bot_turn"):
                client.custom(table_id, {"type": "skip"})
                continue
            if table.get("match_over") or table.get("learner_out"):
                break
            if table.get("result"):
                hand += 1
                result.hands = min(hand, hands)
                if hand >= hands:
                    break
                intent: dict[str, Any] | None = {"type": "next"}
            else:
                intent = _pick(table.get("legal") or []) if table.get("is_my_turn") else None
            if intent is None:
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            sent_at = time.perf_counter()
            client.custom(table_id, intent)
    except Exception as error:  # noqa: BLE001 - a learner that fails is counted, not fatal
        result.problem = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    finally:
        if socket is not None:
            socket.close()
    return result


def _server_processes(server_pid: int) -> list[Any]:
    import psutil

    return [psutil.Process(server_pid), *psutil.Process(server_pid).children(recursive=True)]


def server_memory(server_pid: int) -> dict[str, float]:
    """Sums over Voilà, the kernel template and every kernel, in MB: PSS (shared pages counted
    once), USS, RSS (shared pages counted again in every process)."""
    import psutil

    totals = {"pss": 0.0, "uss": 0.0, "rss": 0.0}
    for process in _server_processes(server_pid):
        try:
            info = process.memory_full_info()
        except psutil.Error:
            continue
        totals["pss"] += info.pss / 2**20
        totals["uss"] += info.uss / 2**20
        totals["rss"] += info.rss / 2**20
    return totals


def server_cpu(server_pid: int) -> tuple[float, float]:
    """CPU seconds used so far by Voilà itself, and by everything under it (template, kernels)."""
    import psutil

    voila, others = 0.0, 0.0
    for process in _server_processes(server_pid):
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        if process.pid == server_pid:
            voila += times.user + times.system
        else:
            others += times.user + times.system
    return voila, others


def start_voila(data_dir: str, preheat: bool, kernels: str) -> tuple[subprocess.Popen[bytes], str]:
    """Voilà serving notebooks/ with voila.json; ``kernels`` "started" swaps the forking provisioner
    for jupyter_client's own."""
    provisioner = "pokerlab-fork" if kernels == "forked" else "local-provisioner"
    return voila_server.start_voila(NOTEBOOKS, data_dir, f"--VoilaConfiguration.preheat_kernel={preheat}",
                                    f"--KernelProvisionerFactory.default_provisioner_name={provisioner}", wait=60)


def wait_until_quiet(server_pid: int, timeout: float = 180) -> None:
    """Wait until nothing under the server uses CPU and the kernel count stands still, for two
    one-second checks in a row (the pools are full, the template has imported)."""
    time.sleep(1.5)  # voila.json's fill delay (1 s) before a pool starts its replacement kernel
    deadline = time.monotonic() + timeout
    quiet = 0
    while time.monotonic() < deadline:
        count, before = len(kernel_processes(server_pid)), sum(server_cpu(server_pid))
        time.sleep(1.0)
        used = sum(server_cpu(server_pid)) - before
        quiet = quiet + 1 if used < 0.03 and len(kernel_processes(server_pid)) == count else 0
        if quiet >= 2:
            return
    raise RuntimeError(f"the server did not settle within {timeout:.0f} s")


def single_learners(url: str, server_pid: int, count: int) -> None:
    """``count`` learners one after another, each on a quiet server: first table and CPU per page."""
    firsts, voila_cpu, kernel_cpu = [], [], []
    for number in range(count):
        wait_until_quiet(server_pid)
        voila0, others0 = server_cpu(server_pid)
        result = asyncio.run(learner(number, url, 0, 0.0, 500 + number))
        wait_until_quiet(server_pid)  # a pool's replacement kernel is part of what the page cost
        voila1, others1 = server_cpu(server_pid)
        if result.first_table is None:
            print(f"  single learner {number}: no table ({result.problem})")
            continue
        firsts.append(result.first_table)
        voila_cpu.append(voila1 - voila0)
        kernel_cpu.append(others1 - others0)
    if firsts:
        print(f"  one learner at a time ({len(firsts)} pages, {load_average()}): first table median "
              f"{statistics.median(firsts):.2f} s, worst {max(firsts):.2f} s; CPU per page: Voilà "
              f"{statistics.median(voila_cpu):.2f} s, kernels {statistics.median(kernel_cpu):.2f} s (medians)")


def _percentile(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


async def one_class(count: int, url: str, hands: int, think: float) -> list[Learner]:
    AsyncHTTPClient.configure(None, max_clients=count)  # tornado's default queues all but 10 requests
    return list(await asyncio.gather(*(learner(i, url, hands, think, 1000 + i) for i in range(count))))


def report(count: int, learners: list[Learner], seconds: float, memory: dict[str, float], kernels: int) -> None:
    firsts = [l.first_table for l in learners if l.first_table is not None]
    pages = [l.page for l in learners if l.page is not None]
    trips = [t * 1000 for l in learners for t in l.round_trips]
    done = sum(1 for l in learners if not l.problem and l.hands)
    print(f"\nN = {count} learners at once ({seconds:.0f} s in all; {load_average()})")
    if firsts:
        print(f"  time to first table: median {statistics.median(firsts):.1f} s, 95th percentile "
              f"{_percentile(firsts, 95):.1f} s, fastest {min(firsts):.1f} s, worst {max(firsts):.1f} s "
              f"({len(firsts)} of {count} got a table)")
    else:
        print(f"  time to first table: none of {count} got a table")
    if pages:
        print(f"  of which the page itself (Voilà ran the notebook and sent the page): median "
              f"{statistics.median(pages):.1f} s, fastest {min(pages):.1f} s, worst {max(pages):.1f} s")
    if trips:
        print(f"  action round trip: 95th percentile {_percentile(trips, 95):.0f} ms, median "
              f"{statistics.median(trips):.0f} ms ({len(trips)} actions)")
    print(f"  finished their hands: {done} of {count}; hands played: {sum(l.hands for l in learners)}")
    problems = sorted({l.problem for l in learners if l.problem})
    for problem in problems[:3]:
        print(f"  problem: {problem} ({sum(1 for l in learners if l.problem == problem)} learners)")
    print(f"  server memory after the hands ({kernels} kernels, Voilà and the template): PSS {memory['pss']:.0f} MB "
          f"(shared pages once), USS {memory['uss']:.0f} MB, RSS {memory['rss']:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", default="10,20,30", help="class sizes, comma-separated")
    parser.add_argument("--hands", type=int, default=5, help="hands each learner plays")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before each click (0.5x-1.5x)")
    parser.add_argument("--single", type=int, default=5, help="pages opened one at a time first (0: none)")
    parser.add_argument("--modes", default="preheated", help="cold and/or preheated, comma-separated")
    parser.add_argument("--kernels", default="forked", help="forked and/or started, comma-separated")
    args = parser.parse_args()
    sizes = [int(part) for part in args.learners.split(",") if part.strip()]
    modes = [mode.strip() for mode in args.modes.split(",") if mode.strip() in ("cold", "preheated")]
    kinds = [kind.strip() for kind in args.kernels.split(",") if kind.strip() in ("forked", "started")]
    if not sizes or not modes or not kinds:
        parser.error("--learners, --modes and --kernels each need at least one valid value")
    print(f"machine: {describe()}")
    print(f"at start: {load_average()}")
    print(f"{NOTEBOOK}, {args.hands} hands per learner, {args.think:.1f} s mean think time before each click, "
          f"POKERLAB_TEST_MODE=1 (no pause before computer opponents act); a fresh Voilà per class size")
    for kind in kinds:
        for mode in modes:
            print(f"\n=== kernels {kind}, {mode}")
            for index, count in enumerate(sizes):
                with tempfile.TemporaryDirectory() as data_dir:
                    process, url = start_voila(data_dir, mode == "preheated", kind)
                    try:
                        wait_until_quiet(process.pid)
                        if index == 0 and args.single:
                            single_learners(url, process.pid, args.single)
                        began = time.perf_counter()
                        learners = asyncio.run(one_class(count, url, args.hands, args.think))
                        seconds = time.perf_counter() - began
                        report(count, learners, seconds, server_memory(process.pid),
                               len(kernel_processes(process.pid)))
                    finally:
                        voila_server.stop(process, 20)
    print(f"\nat the end: {load_average()}")


if __name__ == "__main__":
    sys.exit(main())
