"""How the benchmarks start Voilà: on a free loopback port, with a checkout on ``PYTHONPATH``, test
mode, a private data folder and the checkout's "pokerlab" Voilà template, as the browser tests do.

The scripts run as ``python benchmarks/bench_NAME.py``, so this folder is on ``sys.path`` and they
import it as ``voila_server``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_voila(folder: Path, data_dir: str | Path, *options: str, root: Path = ROOT,
                wait: float = 90) -> tuple[subprocess.Popen[bytes], str]:
    """Voilà serving ``folder`` (its ``voila.json`` applies) with the checkout ``root`` and the data
    folder ``data_dir``, plus command-line ``options``; returns the process and its URL once it
    answers. Raises RuntimeError (the process killed) if it exits or does not answer in ``wait`` s."""
    paths = lambda *parts: os.pathsep.join(filter(None, parts))  # noqa: E731
    env = {
        **os.environ, "POKERLAB_DATA_DIR": str(data_dir), "POKERLAB_TEST_MODE": "1",
        "PYTHONPATH": paths(str(root), os.environ.get("PYTHONPATH")),
        "JUPYTER_PATH": paths(str(root / "share" / "jupyter"), os.environ.get("JUPYTER_PATH")),
    }
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", *options],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return process, url
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"Voilà did not start in {folder}") from None
            time.sleep(0.3)


def stop(process: subprocess.Popen[bytes], wait: float = 30) -> None:
    """End a server the benchmark started: asked first (Voilà shuts its kernels down, slowly on a busy
    machine), killed if it has not ended within ``wait`` s."""
    process.terminate()
    try:
        process.wait(wait)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)
