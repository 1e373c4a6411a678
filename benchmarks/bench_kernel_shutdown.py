"""How long a page's kernel outlives the page: Voilà on notebooks/ (with notebooks/voila.json) in
headless Chromium; each trial opens a page, leaves it, and times until its kernel process is gone.

    python benchmarks/bench_kernel_shutdown.py [--trials 2] [--limit 200]

Cases: an app page (05, the identity widget signed in and a hand in progress) left by navigating away
(the "leave this page?" question answered yes) and by closing the tab; a lesson page (01, no
identity widget) closed. App pages ask Voilà to shut their kernel down when the page is really left
(``pagehide``); other pages rely on culling (``MappingKernelManager`` in voila.json). Prints the
machine and its load: on a shared machine the culling figures are the ones to trust least.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import tempfile
import time
from pathlib import Path

import machine
import psutil
import voila_server
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]


def kernel_sockets(runtime: Path, kernel_id: str) -> set[str | int]:
    """Where a running kernel listens, from its connection file (Voilà keeps them in a ``voila_*``
    folder under ``connection_dir_root``, here ``runtime``): its TCP ports, or for the ``ipc``
    transport its socket files. A kernel is found by these, not by its command line: a kernel forked
    from pokerlab's template (``pokerlab.serving.forking``) has the template's command line."""
    [path] = runtime.glob(f"voila_*/kernel-{kernel_id}.json")
    info = json.loads(path.read_text(encoding="utf-8"))
    ports = [info[name] for name in ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")]
    return set(ports) if info.get("transport", "tcp") == "tcp" else {f"{info['ip']}-{port}" for port in ports}


def kernel_alive(server: psutil.Process, sockets: set[str | int]) -> bool:
    """Whether a process under the server still listens where the kernel did."""
    for child in server.children(recursive=True):
        try:
            for connection in child.net_connections(kind="inet") + child.net_connections(kind="unix"):
                where = connection.laddr if isinstance(connection.laddr, str) else connection.laddr.port
                if where in sockets:
                    return True
        except psutil.Error:
            continue
    return False


def seconds_until_gone(server: psutil.Process, sockets: set[str | int], limit: float) -> float | None:
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if not kernel_alive(server, sockets):
            return time.monotonic() - start
        time.sleep(0.25)
    return None


def open_page(context, url: str, notebook: str, app: bool, playing: bool = True):
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.route("**/*", lambda route, request: route.continue_() if request.url.startswith(
        ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:")) else route.abort())
    page.goto(f"{url}/voila/render/{notebook}", timeout=300_000)
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', page.content()).group(1)
    if app:
        page.wait_for_selector(".pl-id[data-state=asking], .pl-id[data-state=known]", timeout=300_000)
        if page.get_attribute(".pl-id", "data-state") == "asking":  # the first visit of this profile
            page.fill(".pl-id input[name=learner_name]", f"Bench {os.getpid() % 997} {time.monotonic_ns() % 10**6}")
            page.click(".pl-id .pl-id-go")
        page.wait_for_selector(".pl-t button[data-id=start], .pl-t button[data-id=new]", timeout=300_000)
        if page.locator(".pl-t button[data-id=new]").count():  # the game the last trial left behind
            page.click(".pl-t button[data-id=new]")
        if playing:
            page.click(".pl-t button[data-id=start]", timeout=300_000)
            page.wait_for_selector('.pl-t[data-screen="table"]', timeout=60_000)
    else:
        page.wait_for_selector("#rendered_cells, .jp-OutputArea-output", timeout=300_000)
        page.wait_for_timeout(3_000)  # the page's websocket to its kernel is open by then
    return page, kernel_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=2)
    parser.add_argument("--limit", type=float, default=200.0, help="seconds to wait for a kernel to go")
    parser.add_argument("--warmup", type=float, default=90.0,
                        help="seconds to let Voilà fill its preheated pools before the first page")
    args = parser.parse_args()
    print(machine.describe())
    print(machine.load_average(), "at the start")
    with tempfile.TemporaryDirectory() as data:
        runtime = Path(data) / "runtime"  # the server's connection files, where kernel_sockets reads them
        runtime.mkdir()
        process, url = voila_server.start_voila(ROOT / "notebooks", data, f"--Voila.connection_dir_root={runtime}")
        server = psutil.Process(process.pid)
        time.sleep(args.warmup)
        results: dict[str, list[float | None]] = {}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                shared = browser.new_context()
                cases = [  # (label, notebook, app page?, a hand in progress?, how it is left, a fresh profile?)
                    ("01 lesson page, fresh profile (no _xsrf cookie), tab closed", "01-hand-rankings.ipynb", False, False, "close", True),
                    ("05 app page mid-hand, navigated away", "05-five-card-draw.ipynb", True, True, "navigate", False),
                    ("05 app page mid-hand, tab closed", "05-five-card-draw.ipynb", True, True, "close", False),
                    ("05 app page in the lobby, tab closed", "05-five-card-draw.ipynb", True, False, "close", False),
                    ("01 lesson page after an app page (cookie set), tab closed", "01-hand-rankings.ipynb", False, False, "close", False),
                ]
                for label, notebook, app, playing, how, fresh in cases:
                    for _ in range(args.trials):
                        context = browser.new_context() if fresh else shared
                        page, kernel_id = open_page(context, url, notebook, app, playing)
                        sockets = kernel_sockets(runtime, kernel_id)
                        assert kernel_alive(server, sockets), "the page's kernel was not found"
                        if how == "navigate":
                            page.goto("about:blank")
                            page.close()
                        else:
                            page.close(run_before_unload=True)
                        results.setdefault(label, []).append(seconds_until_gone(server, sockets, args.limit))
                browser.close()
        finally:
            voila_server.stop(process, 20)
    print(machine.load_average(), "at the end")
    for label, times in results.items():
        done = [t for t in times if t is not None]
        shown = ", ".join(f"over {args.limit:.0f} s" if t is None else f"{t:.1f} s" for t in times)
        summary = f"median {statistics.median(done):.1f} s" if done else "none shut down"
        print(f"{label}: {summary} ({shown})")


if __name__ == "__main__":
    main()
