"""Step through a replayed engine hand: previous / next, the table after each action, the cap meter
and the pots.

Every step is computed up front by :func:`pokerlab.lessons.hand_steps`, which replays the hand in the
engine; only the step on show is synced, and it holds a spectator's view (or one seat's), so no
hidden card reaches the browser before the showdown turns it up.

>>> from pokerlab.lessons import cap_hand
>>> stepper = HandStepper(cap_hand())
>>> stepper.count, stepper.index, stepper.step["action"]
(17, 0, 'The deal')
>>> stepper.go(4)
>>> stepper.step["cap"]["used"], stepper.step["options"]
(4, ['Fold', 'Call 30'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anywidget
import traitlets

from pokerlab.draw import HandState
from pokerlab.lessons import ScriptedHand, Step, hand_steps
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update
from pokerlab.widgets.pot_diagram import pot_diagram


class HandStepper(anywidget.AnyWidget):
    """Show a hand one action at a time. Give it a :class:`~pokerlab.lessons.ScriptedHand` or a list
    of :class:`~pokerlab.lessons.Step` (see :meth:`from_state` for a hand already played)."""

    _esm = esm("cards.js", "hand_stepper.js")
    _css = css("cards.css", "hand_stepper.css")

    title = traitlets.Unicode("").tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    count = traitlets.Int(0).tag(sync=True)
    step = traitlets.Dict().tag(sync=True)

    def __init__(self, hand: ScriptedHand | Sequence[Step], title: str = "", start: int = 0,
                 seat: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if isinstance(hand, ScriptedHand):
            self.steps = hand.steps(seat)
            self.title = title or hand.title
        else:
            self.steps = list(hand)
            self.title = title
        if not self.steps:
            raise ValueError("A hand stepper needs at least one step.")
        self.count = len(self.steps)
        self.go(start)
        self.on_msg(self._on_message)

    @classmethod
    def from_state(cls, state: HandState, title: str = "", seat: int | None = None) -> HandStepper:
        """Step through a hand that has been played (replayed from its seed, deck and actions)."""
        steps = hand_steps(state.rules, state.starting_stacks, state.dealer, state.seed, state.actions,
                           state.deck_order, seat)
        return cls(steps, title=title)

    @property
    def current(self) -> Step:
        return self.steps[self.index]

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the first and last step)."""
        index = max(0, min(int(index), self.count - 1))
        step = self.steps[index]
        with self.hold_sync():
            self.index = index
            self.step = {**step.to_json(), "diagram": pot_diagram(step.view).svg}

    def next(self) -> None:
        self.go(self.index + 1)

    def previous(self) -> None:
        self.go(self.index - 1)

    @one_update
    def _on_message(self, _widget: object, content: dict, _buffers: object) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "next":
            self.next()
        elif kind == "previous":
            self.previous()
        elif kind == "go" and isinstance(content.get("index"), int):
            self.go(content["index"])
