"""My hands' "Drill my mistakes": the spot shown, the cards picked to throw away there, the learner's
answer and the coach's (:mod:`pokerlab.apps.drill`), held for :class:`~pokerlab.widgets.my_hands_widget.MyHandsWidget`.

Apart from the list and the replay because it has its own state (the spot, the answer, how many were
answered this time) and its own intents; the widget mixes it in and owns the traits it sets (``drill``,
``drill_summary``, ``message``). The discard limit is applied here, not in the script (issue 31): a card
is picked only while fewer than the spot's ``max_discards`` are.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from pokerlab import language as lang
from pokerlab.apps.drill import DrillError, DrillSpot, answer, due_spots, keep_answer, spot
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.storage import Learner, StoreTarget
from pokerlab.storage.guarded import KeepError, guarded, said
from pokerlab.widgets.my_hands_texts import answer_texts, step_texts


class DrillPart:
    """The drill's state and intents, mixed into the My hands widget (see the module docs)."""

    drill: dict[str, Any]
    drill_summary: dict[str, Any]
    message: str
    language: str
    learner: Learner | None
    store: StoreTarget
    clock: Callable[[], datetime]
    refresh: Callable[[], None]
    """The widget's: the list read again."""
    close_replay: Callable[[], None]
    """The widget's: the replay closed."""

    _spot: DrillSpot | None = None
    _answered: dict[str, Any] | None = None
    """The learner's answer at the spot shown (to say the coach's answer again in another language)."""
    _drilled = 0

    def _spot_json(self) -> dict[str, Any]:
        assert self._spot is not None
        return step_texts(self._spot.to_json(), self.language)

    def open_drill(self) -> None:
        """Start (or go on with) the drill: the first spot due now, oldest hand first."""
        if self.learner is None:
            return
        self.close_replay()
        self._drilled = 0
        self._next_spot()

    def _next_spot(self) -> None:
        learner = self.learner
        assert learner is not None
        try:
            due = guarded(N_("read your flagged decisions"), lambda: due_spots(self.store, learner, self.clock()))
        except KeepError as error:
            self.message = said(error, self.language)
            return
        self._spot, self._answered = None, None
        for hand, decision in due:
            try:
                self._spot = spot(hand, decision, language=self.language)
            except PokerlabError:
                continue  # a hand the coach cannot replay any more stays in the list, not in the drill
            break
        if self._spot is None:
            counts = self.drill_summary
            _ = lang.catalogue(self.language).gettext
            later = " " + _("{count} come back on another day.").format(count=counts["later"]) if counts.get("later") else ""
            text = (_("Nothing left to drill today: {count} answered.").format(count=self._drilled) if self._drilled
                    else _("No decision to drill now.")) + later
            self.drill = {"spot": None, "answer": None, "done": self._drilled, "due": 0, "text": text, "picked": []}
            return
        self.drill = {"spot": self._spot_json(), "answer": None, "done": self._drilled, "due": len(due), "text": "",
                      "picked": []}

    def pick_card(self, card: str) -> None:
        """Pick (or put back) ``card`` to throw away at the draw shown: a card of the spot, only while
        fewer than the spot's ``max_discards`` are picked, and only before the answer."""
        shown = self.drill.get("spot")
        if self._spot is None or not shown or shown.get("kind") != "draw" or self.drill.get("answer"):
            return
        if card not in shown["cards"]:
            return
        picked = list(self.drill.get("picked", []))
        if card in picked:
            picked.remove(card)
        elif len(picked) < shown["max_discards"]:
            picked.append(card)
        else:
            return
        self.drill = {**self.drill, "picked": picked}

    def answer_spot(self, *, option: str | None = None, discard: list[str] | None = None) -> None:
        """The learner's new choice at the spot shown: the coach answers, and the answer is kept."""
        current, learner = self._spot, self.learner
        if current is None or learner is None or self.drill.get("answer"):
            return
        try:
            found = answer(current, option=option, discard=discard, now=self.clock())
        except DrillError as error:
            self.drill = {**self.drill, "text": str(error)}
            return
        self._answered = {"option": option, "discard": discard}
        try:
            guarded(N_("keep your answer"), lambda: keep_answer(self.store, learner, current, found.right, self.clock()))
        except KeepError as error:
            self.message = said(error, self.language)
        self._drilled += 1
        self.drill = {**self.drill, "answer": answer_texts(found.to_json(self.language), self.language),
                      "done": self._drilled, "text": ""}
        self.refresh()

    def leave_drill(self) -> None:
        """Nothing of the drill shown (the replay or another learner's list comes instead)."""
        self._spot, self._answered = None, None
        self.drill = {}

    def close_drill(self) -> None:
        self.leave_drill()
        self.refresh()

    def say_drill_again(self) -> None:
        """The spot shown (and its answer, if given) said again in the page's language."""
        if self._spot is None:
            return
        self._spot = spot(self._spot.hand, self._spot.decision, language=self.language)
        self.drill = {**self.drill, "spot": self._spot_json(), "text": ""}
        if self._answered is not None and self.drill.get("answer"):
            found = answer(self._spot, now=self.clock(), **self._answered)
            self.drill = {**self.drill, "answer": answer_texts(found.to_json(self.language), self.language)}

    def drill_intent(self, kind: str, content: dict[str, Any]) -> bool:
        """Act on a drill's intent from the browser (False: ``kind`` is not the drill's)."""
        if kind == "drill":
            self.open_drill()
        elif kind == "drill-pick":
            if isinstance(content.get("card"), str):
                self.pick_card(content["card"])
        elif kind == "drill-answer":
            discard = content.get("discard")
            if isinstance(discard, list) and all(isinstance(card, str) for card in discard):
                self.answer_spot(discard=discard)
            elif isinstance(content.get("option"), str):
                self.answer_spot(option=content["option"])
        elif kind == "drill-next":
            if self._spot is not None:
                self._next_spot()
        elif kind == "drill-close":
            self.close_drill()
        else:
            return False
        return True
