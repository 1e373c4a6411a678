"""A stand-in for the kernel's comm that records everything a widget would send to the browser.

Hidden-information tests install it, drive a widget, and search the recorded payloads: if a card is
not in there, it never reached the browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import comm
import pytest


class RecordingComm:
    """Passes every payload (the opening state, then each message) to ``sink``."""

    comm_id = "recording-comm"
    kernel = "fake"

    def __init__(self, sink: Callable[[Any], None], data: Any = None) -> None:
        self.sink = sink
        self.sent: list[Any] = []
        if data is not None:
            self._record(data)

    def _record(self, data: Any) -> None:
        self.sent.append(data)
        self.sink(data)

    def open(self, *args: Any, **kwargs: Any) -> None:
        pass

    def on_msg(self, *args: Any, **kwargs: Any) -> None:
        pass

    def send(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        self._record(data)

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass


def install(monkeypatch: pytest.MonkeyPatch, sink: Callable[[Any], None]) -> None:
    """Make every widget created from now on talk to a RecordingComm feeding ``sink``."""
    monkeypatch.setattr(comm, "create_comm", lambda **kwargs: RecordingComm(sink, kwargs.get("data")))


def record(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Install a recorder and return the list it fills with every payload, in order."""
    log: list[Any] = []
    install(monkeypatch, log.append)
    return log


def without_source(item: Any) -> Any:
    """A payload minus the widgets' own JS and CSS source (the same for every learner)."""
    if isinstance(item, dict):
        return {key: without_source(value) for key, value in item.items() if key not in ("_esm", "_css")}
    if isinstance(item, list):
        return [without_source(value) for value in item]
    return item


def payload_text(payloads: Any) -> str:
    """Everything recorded, as one JSON text to search (source files left out)."""
    return json.dumps(without_source(payloads), ensure_ascii=False, default=str)
