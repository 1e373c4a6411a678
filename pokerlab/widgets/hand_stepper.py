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

With ``predict=True`` (a switch on the widget turns it on and off too), "Next" first asks a question
about the step to come, built by :mod:`pokerlab.lessons.predict` from the engine's steps: what the next
player may do, or how big the pot will be. The learner picks, is told whether that was right and why,
then "Next" shows the step. Only the question's public part is synced until they answer.

>>> stepper = HandStepper(cap_hand(), predict=True, start=3)
>>> stepper.next()
>>> stepper.index, stepper.question["prompt"], "answer" in stepper.question
(3, 'Next: Seat 1 raises to 40. What may Seat 2 do then?', False)
>>> stepper.answer(0)
>>> stepper.question["feedback"]["right"], stepper.index
(True, 3)
>>> stepper.next()
>>> stepper.index, stepper.question
(4, {})

With ``language="es"`` it speaks Spanish: the steps, the questions and the verdicts come from the
catalogue, and the script's own words arrive in the ``words`` trait (:data:`HAND_STEPPER_WORDS`).

>>> stepper = HandStepper(cap_hand(), predict=True, start=3, language="es")
>>> stepper.next()
>>> stepper.question["prompt"], stepper.question["choices"][0]
('A continuación: Asiento 1 sube a 40. ¿Qué podrá hacer Asiento 2 entonces?', 'Retirarse · Igualar 30')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import anywidget
import traitlets

from pokerlab import language as lang
from pokerlab.draw import HandState
from pokerlab.language import NP_
from pokerlab.lessons import ScriptedHand, Step, hand_steps
from pokerlab.lessons.predict import Prediction, predictions
from pokerlab.narration.hands import CARD_NAME_WORDS
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import KernelOwned, one_update
from pokerlab.widgets.pot_diagram import pot_diagram

HAND_STEPPER_WORDS: Final = (
    "Dealer", "Small blind", "Big blind", "To act", "Stack {amount}", "Bet {amount}", "folded", "all-in", "out",
    "{name}'s cards: {cards}", "Raises over the big blind", "Bets and raises", "Cap: {used} of {cap} used",
    "Pick one, then see the step.", "Step {index} of {last}", "Step through the hand (arrow keys work too)",
    "First step", "Previous", "Previous step", "Show the step", "Next", "Next step", "Last step", "Predict first",
    "Before each step, guess what comes next", "{name} may: {options}", "{name} is to draw.", "The hand is over.",
    *CARD_NAME_WORDS,
)
"""Every message hand_stepper.js (and the card names of cards.js it uses) shows, in English: the browser
gets them in the stepper's language in the ``words`` trait (tests/test_language.py keeps this list and
the script in step)."""


SEAT_WORDS: Final = (NP_("a seat has", "Stack {amount}"), NP_("a seat has", "Bet {amount}"))
"""Words of :data:`HAND_STEPPER_WORDS` said under a context: a seat's chips, not a button ("Bet 10" is
what a seat has in front of it, "Apuesta 10", not the button "Apostar 10")."""


def hand_stepper_words(language: str) -> dict[str, str]:
    """:data:`HAND_STEPPER_WORDS` in ``language`` (empty for English: the script's own text is English)."""
    if lang.check(language) == lang.DEFAULT:
        return {}
    said = lang.catalogue(language)
    return {message: said.pgettext("a seat has", message) if message in SEAT_WORDS else said.gettext(message)
            for message in HAND_STEPPER_WORDS}


class HandStepper(KernelOwned, anywidget.AnyWidget):
    """Show a hand one action at a time. Give it a :class:`~pokerlab.lessons.ScriptedHand` or a list
    of :class:`~pokerlab.lessons.Step` (see :meth:`from_state` for a hand already played)."""

    _esm = esm("hand_stepper.js")
    _css = css("cards.css", "hand_stepper.css")

    title = traitlets.Unicode("").tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    count = traitlets.Int(0).tag(sync=True)
    step = traitlets.Dict().tag(sync=True)
    predict = traitlets.Bool(False).tag(sync=True)
    """Ask a question before each step it can (the learner's switch on the widget sets it too)."""
    question = traitlets.Dict().tag(sync=True)
    """The open question: its public part, then ``feedback`` once answered; empty when none is open."""
    words = traitlets.Dict(help="hand_stepper_words(language): the script's messages in that language").tag(sync=True)

    def __init__(self, hand: ScriptedHand | Sequence[Step], title: str = "", start: int = 0,
                 seat: int | None = None, predict: bool = False, language: str = lang.DEFAULT, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.language = lang.check(language)
        self.words = hand_stepper_words(language)
        if isinstance(hand, ScriptedHand):
            self.steps = hand.steps(seat, language)
            self.title = lang.gettext(language, title or hand.title)
        else:
            self.steps = list(hand)
            self.title = title
        if not self.steps:
            raise ValueError("A hand stepper needs at least one step.")
        self.count = len(self.steps)
        self.questions: dict[int, Prediction] = predictions(self.steps, language)
        self.predict = predict
        self.go(start)
        self.on_msg(self._on_message)

    @classmethod
    def from_state(cls, state: HandState, title: str = "", seat: int | None = None,
                   language: str = lang.DEFAULT) -> HandStepper:
        """Step through a hand that has been played (replayed from its seed, deck and actions)."""
        steps = hand_steps(state.rules, state.starting_stacks, state.dealer, state.seed, state.actions,
                           state.deck_order, seat, language=language)
        return cls(steps, title=title, language=language)

    @property
    def current(self) -> Step:
        return self.steps[self.index]

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the first and last step)."""
        index = max(0, min(int(index), self.count - 1))
        step = self.steps[index]
        with self.hold_sync():
            self.question = {}
            self.index = index
            self.step = {**step.to_json(), "diagram": pot_diagram(step.view, self.language).svg}

    def next(self) -> None:
        """Show the next step, or first ask about it (when predicting and there is a question)."""
        coming = self.questions.get(self.index + 1)
        if self.predict and coming is not None and not self.question:
            self.question = coming.public()
        else:
            self.go(self.index + 1)

    def answer(self, choice: int) -> None:
        """The learner's pick for the open question: the verdict and the reason are shown (once)."""
        if not self.question or "feedback" in self.question:
            return
        asked = self.questions[self.question["step"]]
        self.question = {**self.question, "feedback": asked.feedback(choice)}

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
        elif kind == "answer" and isinstance(content.get("choice"), int) and self.question:
            if 0 <= content["choice"] < len(self.question["choices"]):
                self.answer(content["choice"])
        elif kind == "predict" and isinstance(content.get("on"), bool):
            self.predict = content["on"]
            if not self.predict:
                self.question = {}
