"""Running a coroutine from a test, whatever else the test session runs."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run_alone(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coroutine`` on a new event loop in a thread of its own: in a whole-suite run the browser
    tests' Playwright leaves an event loop running in the main thread, where asyncio.run() refuses."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
