"""Pages as a weapon: what N page requests that never open a websocket do to a Voilà server.

Serves ``notebooks/`` of a checkout (``--root``, default this one) with Voilà as ``make app`` does
(voila.json as shipped: preheated pools, the culling settings; the checkout on PYTHONPATH, a
temporary POKERLAB_DATA_DIR) on loopback, waits until its pools are full and its kernel count is
steady, then sends ``--requests`` GETs of the contents page at once, the way a script would:

* ``--client plain``: no cookies kept (urllib following redirects, as ``curl -L`` would);
* ``--client cookies``: one cookie jar for all requests (a script that keeps cookies: one browser);
* ``--client fresh-cookies``: a new cookie jar per request (a script that takes a new identity for
  every page).

Right after the burst it times an honest learner's contents page (a client that keeps its cookie,
full HTML received), then samples the server every 2 s for ``--watch`` seconds: kernels (children
of Voilà running ipykernel) and the server's memory (Voilà and every kernel, sum of PSS). Printed:
the kernels and memory before, at the peak and at the end, how long the count took to come back to
where it started, and the honest page's time. Loopback only; every wait is bounded; nothing is
asserted.

Run: ``python benchmarks/bench_page_flood.py [--requests 12] [--client plain] [--watch 180] [--root PATH]``
"""

from __future__ import annotations

import argparse
import http.cookiejar
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import voila_server
from machine import describe, load_average

ROOT = Path(__file__).resolve().parents[1]
PAGE = "/voila/render/00-start-here.ipynb"


def children(pid: int) -> list[int]:
    import psutil

    try:
        return [child.pid for child in psutil.Process(pid).children(recursive=True)]
    except psutil.Error:
        return []


def kernels(pid: int) -> int:
    from pokerlab.serving.forking import kernel_processes  # forked kernels have no "ipykernel" in their command

    return len(kernel_processes(pid))


def memory_mb(pid: int) -> float:
    import psutil

    total = 0.0
    for process_id in [pid, *children(pid)]:
        try:
            total += psutil.Process(process_id).memory_full_info().pss / 2**20
        except psutil.Error:
            continue
    return total


def start_voila(root: Path, data_dir: str) -> tuple[subprocess.Popen, str]:
    """Voilà serving the checkout ``root``'s notebooks with its voila.json as shipped."""
    return voila_server.start_voila(root / "notebooks", data_dir, root=root)


def steady(pid: int, quiet: float = 6.0, limit: float = 240.0) -> int:
    """Wait until the kernel count has not changed for ``quiet`` seconds (pools filled)."""
    deadline = time.monotonic() + limit
    last, since = kernels(pid), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = kernels(pid)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return last


def opener(jar: http.cookiejar.CookieJar | None) -> urllib.request.OpenerDirector:
    handlers = [urllib.request.HTTPCookieProcessor(jar)] if jar is not None else []
    return urllib.request.build_opener(*handlers)


def fetch(client: urllib.request.OpenerDirector, url: str) -> tuple[int, float]:
    start = time.perf_counter()
    try:
        with client.open(url, timeout=120) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = 0
    return status, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=12)
    parser.add_argument("--client", choices=("plain", "cookies", "fresh-cookies"), default="plain")
    parser.add_argument("--watch", type=float, default=180.0)
    parser.add_argument("--root", type=Path, default=ROOT)
    arguments = parser.parse_args()
    print(describe())
    with tempfile.TemporaryDirectory() as data_dir:
        process, url = start_voila(arguments.root.resolve(), data_dir)
        try:
            before = steady(process.pid)
            memory_before = memory_mb(process.pid)
            shared = http.cookiejar.CookieJar()
            clients = [opener(None if arguments.client == "plain" else
                              shared if arguments.client == "cookies" else http.cookiejar.CookieJar())
                       for _ in range(arguments.requests)]
            statuses: list[int] = []
            threads = [threading.Thread(target=lambda c=c: statuses.append(fetch(c, url + PAGE)[0])) for c in clients]
            started = time.monotonic()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(150)
            honest_status, honest = fetch(opener(http.cookiejar.CookieJar()), url + PAGE)
            peak, peak_memory, back_at, samples = before, memory_before, None, []
            while time.monotonic() - started < arguments.watch:
                count, memory = kernels(process.pid), memory_mb(process.pid)
                samples.append(count)
                peak, peak_memory = max(peak, count), max(peak_memory, memory)
                if back_at is None and count <= before and time.monotonic() - started > 5:
                    back_at = time.monotonic() - started
                time.sleep(2.0)
            end, memory_end = kernels(process.pid), memory_mb(process.pid)
        finally:
            voila_server.stop(process, 15)
    codes = {code: statuses.count(code) for code in sorted(set(statuses))}
    print(f"root {arguments.root}; {arguments.requests} requests, client {arguments.client}; answers {codes}; "
          f"load average {load_average()}")
    print(f"kernels: before {before}, peak {peak}, after {arguments.watch:.0f} s {end}; "
          f"back to {before} after {'never' if back_at is None else f'{back_at:.0f} s'}")
    print(f"server memory (PSS): before {memory_before:.0f} MB, peak {peak_memory:.0f} MB "
          f"(+{peak_memory - memory_before:.0f} MB), end {memory_end:.0f} MB")
    print(f"an honest learner's contents page right after the burst: {honest:.2f} s (HTTP {honest_status})")
    print("kernel count every 2 s:", " ".join(map(str, samples)))


if __name__ == "__main__":
    main()
