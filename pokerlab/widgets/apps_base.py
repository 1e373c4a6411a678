"""The draw apps' widget: :class:`DrawApp` is the flow of :mod:`pokerlab.apps.flow` on a page: the
identity line, the table and the coach below it, in one box. The flow decides; this module only
builds the widgets and shows the coach.
"""

from __future__ import annotations

import ipywidgets as widgets

from pokerlab.apps.flow import (  # noqa: F401 - re-exported: the apps' names, as before
    SAVE_NAME,
    STARTING_STACK,
    DrawFlow,
    _chips_now,
    _named,
    app_seed,
    code_key,
    stacks_for_tests,
)
from pokerlab.draw import Rules
from pokerlab.language import gettext
from pokerlab.widgets.coach import Coach
from pokerlab.widgets.identity import IdentityWidget
from pokerlab.widgets.table import DrawTable


class CoachPanel:
    """The draw coach below a table, opened on the learner's own five cards (it knows nothing else):
    what every draw page's widget shares. A page gives ``self.table`` (a :class:`DrawTable`) and
    ``self.identity``, calls :meth:`_make_coach_box` and puts ``self.coach_box`` below the table, and
    says which rules the coach counts by (:meth:`_coach_rules`)."""

    table: DrawTable
    identity: IdentityWidget

    def _make_coach_box(self) -> None:
        self.coach: Coach | None = None
        self._coach_seen: tuple[list[str], list[int | None]] | None = None
        self.coach_box = widgets.Box(layout=widgets.Layout(display="none", width="100%"))
        self.table.on_refresh.append(self._update_coach)
        self.table.on_language.append(self._speak)

    def _coach_rules(self) -> Rules:
        """The rules of the hand at the table (the discard limit, the ace draw)."""
        return self.table.match.rules

    def _coach_hand(self) -> list[str] | None:
        """The learner's five cards while a discard choice is still ahead, else None."""
        table = self.table.table
        if self.table.screen != "table" or table.get("phase") not in ("betting_one", "draw"):
            return None
        me = table["players"][table["learner_seat"]]
        if me["status"] == "folded" or me["draw_count"] is not None or len(me["cards"]) != 5:
            return None
        return me["cards"]

    def toggle_coach(self) -> None:
        """Open the coach on the learner's own five cards (it knows nothing else), or close it."""
        if self.table.coach_open:
            self._close_coach()
            return
        hand = self._coach_hand()
        if hand is None:
            self.table.message = gettext(self.table.language,
                                         "The coach helps before you draw; there is no draw ahead in this hand.")
            return
        rules = self._coach_rules()
        opponents = self._live_opponents()
        if self.coach is None:
            self.coach = Coach(" ".join(hand), discard_limit=rules.max_discards, ace_draw=rules.ace_draw,
                               opponents=opponents, language=self.table.language)
            self.coach_box.children = [self.coach]
        else:
            self.coach.update(" ".join(hand), discard_limit=rules.max_discards, ace_draw=rules.ace_draw,
                              opponents=opponents)
        self._coach_seen = (hand, opponents)
        self.coach_box.layout.display = "flex"
        self.table.coach_open = True

    def _speak(self, language: str) -> None:
        """The table's language changed: the identity line and the coach say everything again in it."""
        self.identity.set_language(language)
        if self.coach is not None:
            self.coach.set_language(language)

    def _update_coach(self) -> None:
        if not self.table.coach_open or self.coach is None:
            return
        hand = self._coach_hand()
        if hand is None:
            self._close_coach()
        elif self._coach_seen != (hand, self._live_opponents()):
            rules = self._coach_rules()
            opponents = self._live_opponents()
            self.coach.update(" ".join(hand), discard_limit=rules.max_discards, ace_draw=rules.ace_draw,
                              opponents=opponents)
            self._coach_seen = (hand, opponents)

    def _live_opponents(self) -> list[int | None]:
        """Each opponent still in the hand: how many cards they drew (None before they drew). Public."""
        table = self.table.table
        return [player["draw_count"] for player in table["players"]
                if player["seat"] != table["learner_seat"] and player["status"] not in ("folded", "out")]

    def _close_coach(self) -> None:
        self.coach_box.layout.display = "none"
        self.table.coach_open = False


class DrawApp(CoachPanel, DrawFlow, widgets.VBox):
    """What the three apps share on a page: who is playing, the table, the coach (see :class:`DrawFlow`)."""

    def __init__(self, seed: int | None = None, learner: str | None = None, language: str | None = None) -> None:
        """``language``: the page's language (a lesson in Spanish says ``"es"``); None: the browser's
        languages choose, English when pokerlab speaks none of them."""
        extra = {} if language is None else {"language": language}
        self.table = DrawTable(handler=self._handle, title=self.title, **extra)
        self.identity = IdentityWidget(on_learner=self._learner_known, on_query=self._query_known,
                                       language=self.table.language)
        self._make_coach_box()
        widgets.VBox.__init__(self, [self.identity, self.table, self.coach_box], layout=widgets.Layout(width="100%"))
        self._start_flow(seed, learner)


__all__ = ["SAVE_NAME", "STARTING_STACK", "CoachPanel", "DrawApp", "app_seed", "stacks_for_tests"]
