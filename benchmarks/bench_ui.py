"""How the served apps feel: click-to-update time, time to a playable app, and kernel memory.

Serves notebooks/ with Voilà on loopback, drives each app in headless Chromium (/usr/bin/chromium or
$POKERLAB_CHROMIUM) and prints, per app:

- click to updated view: median and 95th percentile, timed inside the page from the click to the
  first DOM change that shows the answer (a MutationObserver checks the app's "done" condition);
- open to playable: from asking for the page to the app's first control being enabled;
- kernel memory: resident set size of the one kernel serving the page (psutil, else /proc).

Goals: click-to-update median <= 100 ms, playable within 5 s, <= 200 MB per kernel.
Adding an app to measure is one entry in APPS. Run: python benchmarks/bench_ui.py [--quick]
"""

from __future__ import annotations

import argparse
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from playwright.sync_api import Page, sync_playwright

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@dataclass(frozen=True)
class Action:
    """One learner action: click ``click``, then wait until the JS expression ``done`` is true."""

    name: str
    click: str
    done: str


@dataclass(frozen=True)
class App:
    notebook: str
    playable: str  # JS expression, true once the learner can act
    actions: tuple[Action, ...] = field(default=())  # repeated in order, round after round


_TRAINER_ANSWERED = "document.querySelector('.pl-trainer-next') && !document.querySelector('.pl-trainer-next').disabled"
_TRAINER_ASKING = "document.querySelector('.pl-trainer-answer') && !document.querySelector('.pl-trainer-answer').disabled"

APPS: tuple[App, ...] = (
    App("00-start-here.ipynb", "document.querySelector(\"a[href='01-hand-rankings.ipynb']\") !== null"),
    App(
        "01-hand-rankings.ipynb",
        _TRAINER_ASKING,
        (
            Action("pick an answer", ".pl-trainer-answer[data-choice='first']", _TRAINER_ANSWERED),
            Action("next hands", ".pl-trainer-next", _TRAINER_ASKING),
        ),
    ),
)

# Clicks in the page, then resolves with the milliseconds until `done` holds (checked on every DOM change).
_TIMED_CLICK = """async ([selector, done]) => {
  const isDone = new Function(`return Boolean(${done});`);
  const target = document.querySelector(selector);
  if (!target) throw new Error(`nothing matches ${selector}`);
  return await new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (isDone()) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    target.click();
    if (isDone()) { observer.disconnect(); resolve(performance.now() - start); }
  });
}"""


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import voila

    return (
        f"{platform.platform()} | {cpu} | {os.cpu_count()} cores | Python {platform.python_version()} | "
        f"numpy {np.__version__} | voila {voila.__version__}"
    )


def _children(pid: int) -> dict[int, str]:
    """Descendant process ids of ``pid`` with their command lines (psutil if installed, else /proc)."""
    try:
        import psutil

        return {p.pid: " ".join(p.cmdline()) for p in psutil.Process(pid).children(recursive=True)}
    except ImportError:
        found: dict[int, str] = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                parent = int(stat.rsplit(")", 1)[1].split()[1])
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except (OSError, ValueError, IndexError):
                continue
            if parent == pid or parent in found:
                found[int(entry.name)] = command
        return found


def _rss_mb(pid: int) -> float:
    try:
        import psutil

        return psutil.Process(pid).memory_info().rss / 2**20
    except ImportError:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise RuntimeError(f"no VmRSS for process {pid}") from None


def _kernels(server_pid: int) -> set[int]:
    return {pid for pid, command in _children(server_pid).items() if "ipykernel" in command}


def _wait_for(page: Page, expression: str, timeout_ms: float = 60_000) -> None:
    page.wait_for_function(f"() => Boolean({expression})", timeout=timeout_ms)


def _start_voila(data_dir: str) -> tuple[subprocess.Popen, str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "POKERLAB_DATA_DIR": data_dir}
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=NOTEBOOKS, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return process, url
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("Voilà did not start") from None
            time.sleep(0.2)


def measure(app: App, page: Page, url: str, server_pid: int, opens: int, rounds: int) -> dict[str, object]:
    playable: list[float] = []
    clicks: dict[str, list[float]] = {action.name: [] for action in app.actions}
    memory = 0.0
    for attempt in range(opens):
        before = _kernels(server_pid)
        start = time.perf_counter()
        page.goto(f"{url}/voila/render/{app.notebook}", timeout=60_000)
        _wait_for(page, app.playable)
        playable.append(time.perf_counter() - start)
        if attempt == opens - 1:
            for _ in range(rounds):
                for action in app.actions:
                    clicks[action.name].append(page.evaluate(_TIMED_CLICK, [action.click, action.done]))
            new = _kernels(server_pid) - before
            memory = max(_rss_mb(pid) for pid in new) if new else float("nan")
        page.goto("about:blank")  # Voilà shuts the page's kernel down when the page goes away
    return {"playable": playable, "clicks": clicks, "memory": memory}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer page loads and clicks (a smoke run)")
    args = parser.parse_args()
    opens, rounds = (1, 10) if args.quick else (3, 60)
    chromium = os.environ.get("POKERLAB_CHROMIUM", "/usr/bin/chromium")

    print(f"machine: {machine()}")
    print(f"browser: {chromium} (headless), server: Voilà on loopback; {opens} page load(s), {rounds} rounds")
    print("goals: click-to-update median <= 100 ms, playable <= 5 s, kernel <= 200 MB")
    with tempfile.TemporaryDirectory() as data_dir, sync_playwright() as playwright:
        process, url = _start_voila(data_dir)
        try:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            for app in APPS:
                if not (NOTEBOOKS / app.notebook).exists():
                    print(f"\n{app.notebook}: not written yet, skipped")
                    continue
                figures = measure(app, page, url, process.pid, opens, rounds)
                playable = figures["playable"]
                print(f"\n{app.notebook}")
                print(f"  open to playable: median {statistics.median(playable):.2f} s, worst {max(playable):.2f} s")
                print(f"  kernel memory (RSS): {figures['memory']:.0f} MB")
                for name, times in figures["clicks"].items():
                    p95 = float(np.percentile(times, 95))
                    print(f"  click to update, {name}: median {statistics.median(times):.0f} ms, "
                          f"95th percentile {p95:.0f} ms ({len(times)} clicks)")
            browser.close()
        finally:
            process.terminate()
            process.wait(10)


if __name__ == "__main__":
    main()
