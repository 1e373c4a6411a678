"""One browser update per browser message.

A widget's message handler often changes several traits (a Four Rows move: the board, then the
engine's message). Sent one by one, each is its own websocket frame and the browser redraws after
each: for a moment the page shows the message of a move whose board has not arrived yet, and a
learner's click waits for several redraws. Handlers decorated with :func:`one_update` send every
trait they changed in one state message when they return.

Widgets whose traits a worker thread also changes (the coach, the poker table) guard their
handlers with a lock as well, so they do their own batching.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import ipywidgets


def one_update(handler: Callable[..., None]) -> Callable[..., None]:
    """Run a widget's ``_on_message`` so that all its trait changes reach the browser together."""

    @functools.wraps(handler)
    def handle(self: ipywidgets.Widget, *args: Any) -> None:
        with self.hold_sync():
            handler(self, *args)

    return handle


class KernelOwned:
    """Mixin for widgets whose every synced trait belongs to the kernel: the browser sends intents
    as messages (``model.send``), never state. A state update from the page (what a learner typing
    ``model.set("paused_clock", true); model.save_changes()`` into the developer tools would send)
    changes nothing here, and the page is sent the kernel's values back."""

    def set_state(self, sync_data: dict[str, Any]) -> None:
        keys = [key for key in sync_data if key in self.keys]  # type: ignore[attr-defined]
        if keys:
            self.send_state(keys)  # type: ignore[attr-defined]


def just_play(play: Callable[[], None]) -> None:
    """The guard of a widget no app holds a game for: the step simply runs."""
    play()
