"""The teacher's part of the live tables' page (:class:`LiveTeacher`, mixed into
:class:`~pokerlab.apps.live_tables.LiveTablesFlow`): the teacher's door and password, the lobby
listing every open table with its controls (watch, pause, go on, close) and each learner's results
so far, and watching a table with public information only. Apart from the learners' page because a
teacher sits at no table: they open tables for the class and watch them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerlab import language as lang
from pokerlab.apps.live import TABLE_STATES, describe, state_word, watch_panel
from pokerlab.dealer.client import DealerClient, TableLink
from pokerlab.dealer.table_settings import TableSettings


class LiveTeacher:
    """The page mixing this in gives ``table``, ``identity``, ``client``, ``teacher``, ``settings``,
    its link (``link``, ``code``, ``view``), ``_``, ``_open_fields``, ``_close_link`` and
    ``_for_this_link``."""

    table: Any
    identity: Any
    client: DealerClient
    teacher: bool
    settings: dict[str, str]
    link: TableLink | None
    code: str | None
    view: dict[str, Any] | None
    _showing: str
    _: Callable[[str], str]
    _open_fields: Callable[[], list[dict[str, Any]]]
    _close_link: Callable[[], None]
    _for_this_link: Callable[[Any], Any]

    def _teacher_door(self) -> list[dict[str, Any]]:
        """The lobby's "I am the teacher" button; none on a hub, where the hub says who the teachers
        are and their pages open the teacher's lobby by themselves."""
        return [] if self.identity.state == "hub" else [{"id": "teacher", "label": self._("I am the teacher")}]

    def _teacher_button(self, name: str, value: Any, fields: dict[str, Any]) -> None:
        if name in ("teacher", "teacher_sign_in") and self.identity.state == "hub" and not self.teacher:
            self.table.message = self._("On this hub the teachers are the members of its pokerlab-teachers group, "
                                        "and their pages open the teacher's lobby by themselves; the hub's admin "
                                        "adds them.")
        elif name == "teacher":
            self._show_teacher_door()
        elif name == "teacher_sign_in":
            self.client.sign_in_teacher(str(fields.get("password", "")))
            self.teacher = True
            self.teacher_lobby()
        elif name == "watch":
            self.watch(str(value))
        elif name in ("pause", "resume", "end"):
            self._teacher_link(str(value)).send({"type": name})
            if self.code == str(value):
                return  # the watched table's next view shows it
            self.teacher_lobby()
        elif name == "open":
            self.settings.update({key: str(fields[key]) for key in self.settings if key in fields})
            chosen = {**self.settings, "open_hands": fields.get("open_hands") == "on"}
            self.watch(self.client.open_table(chosen))
        else:
            self._close_link()
            self.teacher_lobby()

    def _show_teacher_door(self) -> None:
        """Ask for the teacher password."""
        _ = self._
        self._showing = "teacher-door"
        self.table.lobby = {
            "heading": _("Live tables: the teacher"),
            "paragraphs": [_("Type the teacher password given when this server was started.")],
            "input": {"name": "password", "label": _("Teacher password"), "value": ""},
            "buttons": [{"id": "teacher_sign_in", "label": _("Sign in"), "primary": True},
                        {"id": "lobby", "label": _("Back")}],
        }
        self.table.screen = "lobby"

    def _teacher_link(self, code: str) -> TableLink:
        if self.link is not None and self.code == code:
            return self.link
        return self.client.watch(code, lambda view: None)

    def teacher_lobby(self) -> None:
        """Every open table, with its controls; opening a table for the class; each learner's results."""
        _ = self._
        language = self.table.language
        self._showing = "teacher"
        rows, buttons = [], []
        for table in self.client.lobby():
            settings = TableSettings.from_json(table["settings"])
            rows.append([table["code"], describe(settings, language), ", ".join(table["learners"]) or _("nobody yet"),
                         state_word(table["status"], language, TABLE_STATES)])
            code = table["code"]
            buttons.append({"id": "watch", "value": code, "label": _("Watch {code}").format(code=code)})
            pause = (("resume", _("Go on at {code}").format(code=code)) if table["status"] == "paused"
                     else ("pause", _("Pause {code}").format(code=code)))
            buttons.append({"id": pause[0], "value": code, "label": pause[1]})
            buttons.append({"id": "end", "value": code, "label": _("Close {code}").format(code=code)})
        results = [[row["code"], row["name"], row["hands"], lang.format_signed(row["net"], language)]
                   for row in self.client.results()]
        fields = self._open_fields() + [{"name": "open_hands", "label": _("Open hands (all cards shown after each hand)"),
                                         "value": "off", "options": [{"value": "off", "label": _("Off")},
                                                                     {"value": "on", "label": _("On")}]}]
        self.table.lobby = {
            "heading": _("Live tables: the teacher"),
            "paragraphs": [_("Open tables for the class and give learners the codes; watch any table (you see what "
                             "everyone may see, never a hidden card), pause it for a discussion, or close it.")],
            "tables": [t for t in (
                {"caption": _("Open tables"), "head": [_("Code"), _("Game"), _("Learners"), _("Status")], "rows": rows}
                if rows else None,
                {"caption": _("Results so far"), "head": [_("Table"), _("Learner"), _("Hands"), _("Chips")],
                 "rows": results} if results else None) if t],
            "fields": fields,
            "buttons": buttons + [{"id": "open", "label": _("Open a table for the class"), "primary": True},
                                  {"id": "lobby", "label": _("Refresh")}],
        }
        self.table.screen = "lobby"

    def watch(self, code: str) -> None:
        """Watch table ``code`` with public information only."""
        self._close_link()
        self.link = self.client.watch(code, self._for_this_link(self._on_watched))
        self.code = code

    def _on_watched(self, view: dict[str, Any]) -> None:
        with self.table.batch():
            self.view = view
            self.table.lobby = watch_panel(view, self.table.language)
            self.table.screen = "lobby"


__all__ = ["LiveTeacher"]
