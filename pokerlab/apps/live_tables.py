"""The live tables' flow in a page: the lobby, a seat at a table, the teacher's controls and the
review of a hand, over the dealer's client (:mod:`pokerlab.dealer.client`). The widget is
:class:`pokerlab.widgets.live.LiveTablesApp`, whose docstring tells what the page holds (no cards,
no deck: only the views the dealer pushes for this learner's seat); this module imports no ipywidgets.
"""

from __future__ import annotations

from typing import Any

from pokerlab.apps.flow import _named, code_key
from pokerlab.apps.live import dealer_sign_in, describe, live_payload, watch_panel
from pokerlab.apps.my_hands import REVIEW_TRIALS, coach_review, review_seed
from pokerlab.apps.panels import money, review_panel
from pokerlab.bots import BOT_LEVELS
from pokerlab.dealer.client import DealerClient, DealerError, TableLink
from pokerlab.dealer.tables import GAMES, TIMES_TO_ACT, TableSettings
from pokerlab.draw.events import events_from_view
from pokerlab.draw.rules import MAX_PLAYERS, MIN_PLAYERS, SALOON_ROUND_ONE, SALOON_ROUND_TWO
from pokerlab.errors import PokerlabError
from pokerlab.storage import Learner

TITLE = "Live tables"


class LiveTablesFlow:
    """What the live tables' page does. The page provides ``self.table`` (the draw table widget)
    and ``self.identity`` (the identity line)."""

    table: Any
    identity: Any

    def _start_flow(self, learner: str | None, client: DealerClient | None) -> None:
        self.table.remote = self._intent
        self.client = client or DealerClient()
        self.learner: Learner | None = None
        self.link: TableLink | None = None
        self.code: str | None = None
        self.view: dict[str, Any] | None = None
        self.settings = {"game": "five-card-draw", "seats": "6", "forced_bet": "antes", "ace_draw": "off",
                         "round_one": "5-15", "round_two": "5-25", "bot_level": "3", "time_to_act": "30"}
        self._reviews: dict[int, dict[str, Any]] = {}
        self._link_number = 0
        self.teacher = False
        """Signed in as the teacher: the lobby lists every table with its controls, and a table is watched."""
        self.table.lobby = {"heading": TITLE, "paragraphs": ["Tell pokerlab who you are (just above) to see the tables."],
                            "buttons": self._teacher_door()}
        self.table.screen = "lobby"
        if learner is not None:
            self.identity.adopt(_named(learner), code_key(learner))

    # ----- signing in, the lobby ------------------------------------------------------------------

    def _learner_known(self, learner: Learner) -> None:
        """Sign in to the dealer: on a hub with this server's hub token (the dealer asks the hub whose
        it is), elsewhere with the learner's name and the key their browser holds for it."""
        self.learner = learner
        answer, message = dealer_sign_in(self.client, self.identity, learner.name, "The live tables")
        if answer is None:
            self.table.message = message
            return
        if self.identity.state == "hub":
            self.teacher = bool(answer.get("teacher"))
        if self.teacher:
            self.teacher_lobby()
        else:
            self.show_lobby()

    def show_lobby(self) -> None:
        try:
            tables = self.client.lobby()
        except DealerError as error:
            self.table.message = str(error)
            tables = []
        rows, buttons = [], []
        for table in tables:
            settings = TableSettings.from_json(table["settings"])
            free = len(table["free_seats"])
            rows.append([table["code"], describe(settings), ", ".join(table["learners"]) or "nobody yet",
                         f"{free} of {settings.seats}"])
            if free or self.learner is not None and self.learner.name in table["learners"]:
                buttons.append({"id": "sit", "value": table["code"], "label": f"Sit at {table['code']}"})
        buttons += [{"id": "join", "label": "Join with the code", "primary": not rows},
                    {"id": "open", "label": "Open a table"}, {"id": "refresh", "label": "Refresh the list"},
                    *self._teacher_door()]
        self.table.lobby = {
            "heading": TITLE,
            "paragraphs": [
                "Sit down with the others in your class: everyone at a table plays the same hand, each "
                "seeing only their own cards. Computer opponents take the seats nobody has.",
                "A player who does not act in time checks (or stands pat at the draw) when that costs "
                "nothing, and otherwise folds. Leave whenever you like: your chips wait at your seat.",
            ],
            "tables": [{"caption": "Open tables", "head": ["Code", "Game", "Learners", "Free seats"], "rows": rows}]
            if rows else [],
            "input": {"name": "code", "label": "Table code", "value": ""},
            "fields": self._open_fields(),
            "buttons": buttons,
        }
        self.table.screen = "lobby"

    def _open_fields(self) -> list[dict[str, Any]]:
        settings = self.settings

        def field(name: str, label: str, pairs: list[tuple[Any, str]]) -> dict[str, Any]:
            return {"name": name, "label": label, "value": settings[name],
                    "options": [{"value": str(value), "label": text} for value, text in pairs]}

        return [
            field("game", "Game (to open a table)", list(GAMES.items())),
            field("seats", "Seats", [(count, str(count)) for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)]),
            field("forced_bet", "Forced bet (Five-Card Draw)", [("antes", "Antes"), ("blinds", "Blinds")]),
            field("ace_draw", "Ace draw (Five-Card Draw)", [("off", "Off"), ("on", "On")]),
            field("round_one", "Saloon limits before the draw",
                  [(f"{low}-{high}", f"${low} to ${high}") for low, high in SALOON_ROUND_ONE]),
            field("round_two", "Saloon limits after the draw",
                  [(f"{low}-{high}", f"${low} to ${high}") for low, high in SALOON_ROUND_TWO]),
            field("bot_level", "Computer opponents", [(level, f"{level}: {name}") for level, (name, _) in BOT_LEVELS.items()]),
            field("time_to_act", "Time to act", [(seconds, f"{seconds} seconds") for seconds in TIMES_TO_ACT]),
        ]

    # ----- intents ---------------------------------------------------------------------------------

    def _handle(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        fields = content.get("fields") if isinstance(content.get("fields"), dict) else {}
        try:
            if kind == "review":
                self.toggle_review()
            elif kind == "coach":
                self.table.message = "The coach sits out live tables; its review of your decisions opens after each hand."
            elif kind == "app":
                self._app_button(str(content.get("id")), content.get("value"), fields)
        except PokerlabError as error:
            self.table.message = str(error)

    def _app_button(self, name: str, value: Any, fields: dict[str, Any]) -> None:
        if name in ("teacher", "teacher_sign_in") or self.teacher:
            self._teacher_button(name, value, fields)
        elif self.learner is None or self.client.session is None:
            self.table.message = "Tell pokerlab who you are first (just above the table)."
        elif name == "sit":
            self.sit(str(value))
        elif name == "join":
            self.sit(str(fields.get("code", "")))
        elif name == "open":
            self.settings.update({key: str(fields[key]) for key in self.settings if key in fields})
            code = self.client.open_table(dict(self.settings))
            self.sit(code)
        elif name == "refresh" or name == "lobby":
            self.show_lobby()
        elif name == "leave":
            self.leave()

    def sit(self, code: str) -> None:
        """Sit at table ``code`` (a seat of one's own, or the one kept while away)."""
        self._close_link()
        code = code.strip().upper()
        self.link = self.client.watch(code, self._for_this_link(self._on_view), self._for_this_link(self._on_closed))
        self.code = code
        self._reviews = {}
        try:
            self.link.send({"type": "sit"})
        except DealerError:
            self._close_link()
            raise
        self.table.message = ""

    def leave(self) -> None:
        """Leave the table: sat out there, chips kept, back in the lobby here."""
        if self.link is not None:
            try:
                self.link.send({"type": "leave"})
            except DealerError as error:
                self.table.message = str(error)
        self._close_link()
        self.show_lobby()

    def _close_link(self) -> None:
        if self.link is not None:
            self.link.close()
        self.link, self.code, self.view = None, None, None
        self._link_number += 1

    def _for_this_link(self, callback: Any) -> Any:
        """``callback``, but only while the link being opened now is this page's link: a view still on
        its way from a table the learner has left is dropped, never drawn over the lobby."""
        number = self._link_number

        def call(*args: Any) -> None:
            with self.table.batch():
                if number == self._link_number:
                    callback(*args)

        return call

    def _intent(self, content: dict[str, Any]) -> None:
        """The table's buttons: an action, or "next" (this learner has read the result)."""
        if self.link is None:
            return
        if content.get("type") == "next":
            self.link.send({"type": "ready"})
        else:
            self.link.send({"type": "act", **{key: content[key] for key in ("kind", "amount", "discards") if key in content}})
        self.table.message = ""

    # ----- views from the dealer --------------------------------------------------------------------

    def _on_view(self, view: dict[str, Any]) -> None:
        """A view pushed by the dealer (in the link's thread): draw it."""
        with self.table.batch():
            self.view = view
            info = view["table"]
            settings = TableSettings.from_json(info["settings"])
            self.table.dollars = settings.dollars
            self.table.title = f"Live table {info['code']}"
            if view.get("phase") in (None, "waiting") or not view.get("players"):
                self.table.lobby = self._waiting_panel(info, settings)
                self.table.screen = "lobby"
            elif not info.get("playing"):  # sat down during a hand: watch it, play from the next
                panel = watch_panel(view)
                panel["heading"] = f"Table {info['code']}: you play from the next hand"
                panel["buttons"] = [{"id": "leave", "label": "Leave the table"}]
                self.table.lobby = panel
                self.table.screen = "lobby"
            else:
                payload = live_payload(view, settings.dollars)
                if payload.get("result"):  # the dealer kept this finished hand for each learner dealt in
                    self.table.kept_hand = int(info["hand_number"])
                self.table.show(payload)
            self.table.side = self._side_panel(info, settings)
            if self.table.review and self.table.review.get("hand_number") != info["hand_number"]:
                self.table.review = {}

    def _on_closed(self, why: str) -> None:
        with self.table.batch():
            self.table.message = f"{why} Sit down again from the lobby: your seat and chips wait for you."
            self.link, self.view = None, None
            self.show_lobby()

    def _waiting_panel(self, info: dict[str, Any], settings: TableSettings) -> dict[str, Any]:
        learners = [seat["name"] for seat in info["seats"] if seat["learner"]]
        return {
            "heading": f"Table {info['code']}: waiting",
            "paragraphs": [describe(settings) + ".",
                           f"At the table: {', '.join(learners) or 'nobody yet'}. The first hand is dealt as soon as "
                           "someone is here; give the others the code " + info["code"] + ".",
                           info.get("notice", "")],
            "buttons": [{"id": "leave", "label": "Leave the table"}],
        }

    def _side_panel(self, info: dict[str, Any], settings: TableSettings) -> dict[str, Any]:
        rows = []
        for seat in info["seats"]:
            mine = self.view is not None and seat["seat"] == self.view.get("seat")
            state = "out" if seat["out"] else "you" if mine else "away" if seat["learner"] and not seat["present"] else ""
            rows.append([seat["seat"] + 1, seat["name"] + (f" ({state})" if state else ""),
                         money(seat["stack"], settings.dollars)])
        paragraphs = [describe(settings) + "."]
        if info["status"] == "paused":
            paragraphs.append("The teacher has paused this table.")
        return {"heading": f"Table {info['code']}", "paragraphs": paragraphs,
                "tables": [{"caption": "Who is who", "head": ["Seat", "Player", "Chips"], "rows": rows}],
                "buttons": [{"id": "leave", "label": "Leave the table"}]}

    # ----- the teacher ------------------------------------------------------------------------------

    def _teacher_door(self) -> list[dict[str, Any]]:
        """The lobby's "I am the teacher" button; none on a hub, where the hub says who the teachers
        are and their pages open the teacher's lobby by themselves."""
        return [] if self.identity.state == "hub" else [{"id": "teacher", "label": "I am the teacher"}]

    def _teacher_button(self, name: str, value: Any, fields: dict[str, Any]) -> None:
        if name in ("teacher", "teacher_sign_in") and self.identity.state == "hub" and not self.teacher:
            self.table.message = ("On this hub the teachers are the members of its pokerlab-teachers group, and "
                                  "their pages open the teacher's lobby by themselves; the hub's admin adds them.")
        elif name == "teacher":
            self.table.lobby = {
                "heading": "Live tables: the teacher",
                "paragraphs": ["Type the teacher password given when this server was started."],
                "input": {"name": "password", "label": "Teacher password", "value": ""},
                "buttons": [{"id": "teacher_sign_in", "label": "Sign in", "primary": True},
                            {"id": "lobby", "label": "Back"}],
            }
            self.table.screen = "lobby"
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

    def _teacher_link(self, code: str) -> TableLink:
        if self.link is not None and self.code == code:
            return self.link
        return self.client.watch(code, lambda view: None)

    def teacher_lobby(self) -> None:
        """Every open table, with its controls; opening a table for the class; each learner's results."""
        rows, buttons = [], []
        for table in self.client.lobby():
            settings = TableSettings.from_json(table["settings"])
            rows.append([table["code"], describe(settings), ", ".join(table["learners"]) or "nobody yet", table["status"]])
            code = table["code"]
            buttons.append({"id": "watch", "value": code, "label": f"Watch {code}"})
            pause = ("resume", f"Go on at {code}") if table["status"] == "paused" else ("pause", f"Pause {code}")
            buttons.append({"id": pause[0], "value": code, "label": pause[1]})
            buttons.append({"id": "end", "value": code, "label": f"Close {code}"})
        results = [[row["code"], row["name"], row["hands"], f"{row['net']:+,}"] for row in self.client.results()]
        fields = self._open_fields() + [{"name": "open_hands", "label": "Open hands (all cards shown after each hand)",
                                         "value": "off", "options": [{"value": "off", "label": "Off"},
                                                                     {"value": "on", "label": "On"}]}]
        self.table.lobby = {
            "heading": "Live tables: the teacher",
            "paragraphs": ["Open tables for the class and give learners the codes; watch any table (you see what "
                           "everyone may see, never a hidden card), pause it for a discussion, or close it."],
            "tables": [t for t in (
                {"caption": "Open tables", "head": ["Code", "Game", "Learners", "Status"], "rows": rows} if rows else None,
                {"caption": "Results so far", "head": ["Table", "Learner", "Hands", "Chips"], "rows": results}
                if results else None) if t],
            "fields": fields,
            "buttons": buttons + [{"id": "open", "label": "Open a table for the class", "primary": True},
                                  {"id": "lobby", "label": "Refresh"}],
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
            self.table.lobby = watch_panel(view)
            self.table.screen = "lobby"

    # ----- the review of a hand ----------------------------------------------------------------------

    def toggle_review(self) -> None:
        """The coach's review of this learner's decisions in the hand just over, from their own view."""
        if self.table.review:
            self.table.review = {}
            return
        view = self.view
        if view is None or view.get("phase") != "over" or view.get("seat") is None:
            self.table.message = "The review opens when a hand is over."
            return
        number = view["table"]["hand_number"]
        if number in self._reviews:
            self.table.review = self._reviews[number]
            return
        settings = TableSettings.from_json(view["table"]["settings"])
        rules = settings.rules()
        seat, events = view["seat"], events_from_view(view["events"])
        review = coach_review(events, seat, rules, REVIEW_TRIALS, review_seed(view["table"]["code"], number),
                              dollars=settings.dollars)  # as My hands replays the hand the dealer kept
        mine = [event for event in events if event.seat == seat
                and event.kind in ("fold", "check", "call", "bet", "raise", "all_in", "draw")]
        self._reviews[number] = review_panel(review, number, bool(mine) and mine[0].kind == "fold")
        self.table.review = self._reviews[number]



__all__ = ["TITLE", "LiveTablesFlow"]
