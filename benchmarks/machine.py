"""What every benchmark prints first: the machine it ran on, how busy it was, and a median timer.

The scripts run as ``python benchmarks/bench_NAME.py``, so this folder is on ``sys.path`` and they
import it as ``machine``.
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable

import numpy as np


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def describe() -> str:
    """One line: platform, CPU model, cores, Python and numpy versions."""
    return (
        f"{platform.platform()} | {cpu_model()} | {os.cpu_count()} cores | "
        f"Python {platform.python_version()} | numpy {np.__version__}"
    )


def load_average() -> str:
    """The 1, 5 and 15 minute load averages: figures taken on a busy machine are pessimistic."""
    return "load average {:.2f} {:.2f} {:.2f} (1, 5, 15 min)".format(*os.getloadavg())


def median_seconds(job: Callable[[], object], runs: int) -> float:
    """The median wall-clock time of ``runs`` calls of ``job``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
