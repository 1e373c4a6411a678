"""The live tables' flow in a page: the lobby, a seat at a table, the teacher's controls (theirs:
:mod:`pokerlab.apps.live_teacher`) and the review of a hand, over the dealer's client
(:mod:`pokerlab.dealer.client`), as every page played through the dealer does
(:mod:`pokerlab.apps.dealer_page`). The widget is
:class:`pokerlab.widgets.live.LiveTablesApp`, whose docstring tells what the page holds (no cards,
no deck: only the views the dealer pushes for this learner's seat); this module imports no ipywidgets.
"""

from __future__ import annotations

from typing import Any

from pokerlab.apps.dealer_page import DealerPage, table_action
from pokerlab.apps.live import (
    describe,
    live_payload,
    notice,
    state_word,
    watch_panel,
    with_names_in,
)
from pokerlab.apps.live_teacher import LiveTeacher
from pokerlab.apps.review_panels import folded_first, review_panel
from pokerlab.apps.rule_words import money
from pokerlab.bots import BOT_LEVELS
from pokerlab.coach.hand_review import REVIEW_TRIALS, coach_review, review_seed
from pokerlab.dealer.client import DealerClient, DealerError, TableLink
from pokerlab.dealer.table_settings import GAMES, TIMES_TO_ACT, TableSettings
from pokerlab.dealer.words import Said
from pokerlab.draw.events import events_from_view
from pokerlab.draw.rules import MAX_PLAYERS, MIN_PLAYERS, SALOON_ROUND_ONE, SALOON_ROUND_TWO
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.storage import Learner
from pokerlab.variants import FIVE_CARD_DRAW

TITLE = N_("Live tables")


class LiveTablesFlow(LiveTeacher, DealerPage):
    """What the live tables' page does. The page provides ``self.table`` (the draw table widget)
    and ``self.identity`` (the identity line)."""

    title = TITLE
    sign_in_for = N_("The live tables")

    def _start_flow(self, learner: str | None, client: DealerClient | None) -> None:
        self.link: TableLink | None = None
        self.code: str | None = None
        self.view: dict[str, Any] | None = None
        self.settings = {"game": FIVE_CARD_DRAW.code, "seats": "6", "forced_bet": "antes", "ace_draw": "off",
                         "round_one": "5-15", "round_two": "5-25", "bot_level": "3", "time_to_act": "30"}
        self._reviews: dict[int, tuple[Any, bool]] = {}
        """Each hand reviewed on this page, by number: its review and whether the learner folded first
        (the panel is made from them in the page's language, again when it changes)."""
        self._link_number = 0
        self.teacher = False
        """Signed in as the teacher: the lobby lists every table with its controls, and a table is watched."""
        self._showing = "start"
        """Which lobby is on the table ("start", "lobby", "teacher-door", "teacher"), to say it again in
        another language."""
        self._open_page(learner, client)

    def first_screen(self) -> None:
        self._show_start()

    # ----- the page's language ----------------------------------------------------------------------

    def _show_start(self) -> None:
        self._showing = "start"
        self.table.lobby = {"heading": self._(TITLE),
                            "paragraphs": [self._("Tell pokerlab who you are (just above) to see the tables.")],
                            "buttons": self._teacher_door()}
        self.table.screen = "lobby"

    def _language_changed(self, language: str) -> None:
        """Say what the page shows again in ``language``: the view at the table (and the review open on
        it), or the lobby shown."""
        number = self.table.review.get("hand_number")
        if number in self._reviews:
            self.table.review = self._review_panel(number, language)
        if self.view is not None:  # at a table (or watching one): its latest view, said again
            (self._on_watched if self.teacher else self._on_view)(self.view)
            return
        if self.table.screen != "lobby":
            return
        if self.link is None:
            self.table.title = self._(TITLE)
        try:
            {"start": self._show_start, "lobby": self.show_lobby, "teacher-door": self._show_teacher_door,
             "teacher": self.teacher_lobby}[self._showing]()
        except PokerlabError as error:  # the dealer is away: the page says so in the new language
            self.say_refusal(error)

    # ----- signing in, the lobby ------------------------------------------------------------------

    def _learner_known(self, learner: Learner) -> None:
        """Sign in to the dealer, then show the lobby (the teacher's, for a hub's teacher)."""
        answer = self._sign_in(learner)
        if answer is None:
            return
        if self.identity.state == "hub":
            self.teacher = bool(answer.get("teacher"))
        if self.teacher:
            self.teacher_lobby()
        else:
            self.show_lobby()

    def show_lobby(self) -> None:
        _ = self._
        language = self.table.language
        self._showing = "lobby"
        try:
            tables = self.client.lobby()
        except DealerError as error:
            self.say_refusal(error)
            tables = []
        rows, buttons = [], []
        for table in tables:
            settings = TableSettings.from_json(table["settings"])
            free = len(table["free_seats"])
            rows.append([table["code"], describe(settings, language), ", ".join(table["learners"]) or _("nobody yet"),
                         _("{free} of {seats}").format(free=free, seats=settings.seats)])
            if free or self.learner is not None and self.learner.name in table["learners"]:
                buttons.append({"id": "sit", "value": table["code"],
                                "label": _("Sit at {code}").format(code=table["code"])})
        buttons += [{"id": "join", "label": _("Join with the code"), "primary": not rows},
                    {"id": "open", "label": _("Open a table")}, {"id": "refresh", "label": _("Refresh the list")},
                    *self._teacher_door()]
        self.table.lobby = {
            "heading": _(TITLE),
            "paragraphs": [
                _("Sit down with the others in your class: everyone at a table plays the same hand, each "
                  "seeing only their own cards. Computer opponents take the seats nobody has."),
                _("A player who does not act in time checks (or stands pat at the draw) when that costs "
                  "nothing, and otherwise folds. Leave whenever you like: your chips wait at your seat."),
            ],
            "tables": [{"caption": _("Open tables"), "head": [_("Code"), _("Game"), _("Learners"), _("Free seats")],
                        "rows": rows}] if rows else [],
            "input": {"name": "code", "label": _("Table code"), "value": ""},
            "fields": self._open_fields(),
            "buttons": buttons,
        }
        self.table.screen = "lobby"

    def _open_fields(self) -> list[dict[str, Any]]:
        settings = self.settings
        _ = self._

        def cash(amount: int) -> str:
            return money(amount, True, self.table.language)

        def field(name: str, label: str, pairs: list[tuple[Any, str]]) -> dict[str, Any]:
            return {"name": name, "label": label, "value": settings[name],
                    "options": [{"value": str(value), "label": text} for value, text in pairs]}

        return [
            field("game", _("Game (to open a table)"), [(code, _(name)) for code, name in GAMES.items()]),
            field("seats", _("Seats"), [(count, str(count)) for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)]),
            field("forced_bet", _("Forced bet (Five-Card Draw)"), [("antes", _("Antes")), ("blinds", _("Blinds"))]),
            field("ace_draw", _("Ace draw (Five-Card Draw)"), [("off", _("Off")), ("on", _("On"))]),
            field("round_one", _("Saloon limits before the draw"),
                  [(f"{low}-{high}", _("{low} to {high}").format(low=cash(low), high=cash(high)))
                   for low, high in SALOON_ROUND_ONE]),
            field("round_two", _("Saloon limits after the draw"),
                  [(f"{low}-{high}", _("{low} to {high}").format(low=cash(low), high=cash(high)))
                   for low, high in SALOON_ROUND_TWO]),
            field("bot_level", _("Computer opponents"),
                  [(level, f"{level}: {_(name)}") for level, (name, _text) in BOT_LEVELS.items()]),
            field("time_to_act", _("Time to act"),
                  [(seconds, _("{seconds} seconds").format(seconds=seconds)) for seconds in TIMES_TO_ACT]),
        ]

    # ----- intents ---------------------------------------------------------------------------------

    def page_intent(self, kind: str | None, content: dict[str, Any], fields: dict[str, Any]) -> None:
        if kind == "review":
            self.toggle_review()
        elif kind == "coach":
            self.table.message = self._("The coach sits out live tables; its review of your decisions opens "
                                        "after each hand.")
        elif kind == "app":
            self._app_button(str(content.get("id")), content.get("value"), fields)

    def _app_button(self, name: str, value: Any, fields: dict[str, Any]) -> None:
        if name in ("teacher", "teacher_sign_in") or self.teacher:
            self._teacher_button(name, value, fields)
        elif not self.signed_in:
            self.table.message = self._("Tell pokerlab who you are first (just above the table).")
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
                self.say_refusal(error)
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
            self.link.send({"type": "act", **table_action(content)})
        self.table.message = ""

    # ----- views from the dealer --------------------------------------------------------------------

    def _on_view(self, view: dict[str, Any]) -> None:
        """A view pushed by the dealer (in the link's thread): draw it."""
        with self.table.batch():
            self.view = view  # as the dealer sent it: said again in another language if the learner picks one
            view = with_names_in(view, self.table.language)
            info = view["table"]
            settings = TableSettings.from_json(info["settings"])
            self.table.dollars = settings.dollars
            self.table.title = self._("Live table {code}").format(code=info["code"])
            if view.get("phase") in (None, "waiting") or not view.get("players"):
                self.table.lobby = self._waiting_panel(info, settings)
                self.table.screen = "lobby"
            elif not info.get("playing"):  # sat down during a hand: watch it, play from the next
                panel = watch_panel(view, self.table.language)
                panel["heading"] = self._("Table {code}: you play from the next hand").format(code=info["code"])
                panel["buttons"] = [{"id": "leave", "label": self._("Leave the table")}]
                self.table.lobby = panel
                self.table.screen = "lobby"
            else:
                payload = live_payload(view, settings.dollars, self.table.language)
                if payload.get("result"):  # the dealer kept this finished hand for each learner dealt in
                    self.table.kept_hand = int(info["hand_number"])
                self.table.show(payload)
            self.table.side = self._side_panel(info, settings)
            if self.table.review and self.table.review.get("hand_number") != info["hand_number"]:
                self.table.review = {}

    def _on_closed(self, why: Said) -> None:
        with self.table.batch():
            self.table.message = self._("{why} Sit down again from the lobby: your seat and chips wait for you.").format(
                why=why.text(self.table.language))
            self.link, self.view = None, None
            self.show_lobby()

    def _waiting_panel(self, info: dict[str, Any], settings: TableSettings) -> dict[str, Any]:
        _ = self._
        learners = [seat["name"] for seat in info["seats"] if seat["learner"]]
        return {
            "heading": _("Table {code}: waiting").format(code=info["code"]),
            "paragraphs": [describe(settings, self.table.language) + ".",
                           _("At the table: {learners}. The first hand is dealt as soon as someone is here; give the "
                             "others the code {code}.").format(learners=", ".join(learners) or _("nobody yet"),
                                                               code=info["code"]),
                           notice(info, self.table.language)],
            "buttons": [{"id": "leave", "label": _("Leave the table")}],
        }

    def _side_panel(self, info: dict[str, Any], settings: TableSettings) -> dict[str, Any]:
        _ = self._
        language = self.table.language
        rows = []
        for seat in info["seats"]:
            mine = self.view is not None and seat["seat"] == self.view.get("seat")
            state = (state_word("out", language) if seat["out"] else _("you") if mine
                     else _("away") if seat["learner"] and not seat["present"] else "")
            rows.append([seat["seat"] + 1, seat["name"] + (f" ({state})" if state else ""),
                         money(seat["stack"], settings.dollars, language)])
        paragraphs = [describe(settings, language) + "."]
        if info["status"] == "paused":
            paragraphs.append(_("The teacher has paused this table."))
        return {"heading": _("Table {code}").format(code=info["code"]), "paragraphs": paragraphs,
                "tables": [{"caption": _("Who is who"), "head": [_("Seat"), _("Player"), _("Chips")], "rows": rows}],
                "buttons": [{"id": "leave", "label": _("Leave the table")}]}

    # ----- the review of a hand ----------------------------------------------------------------------

    def toggle_review(self) -> None:
        """The coach's review of this learner's decisions in the hand just over, from their own view."""
        view = self.view
        if not self.review_may_open(view is not None and view.get("phase") == "over" and view.get("seat") is not None):
            return
        assert view is not None
        number = view["table"]["hand_number"]
        if number in self._reviews:
            self.table.review = self._review_panel(number, self.table.language)
            return
        settings = TableSettings.from_json(view["table"]["settings"])
        rules = settings.rules()
        seat, events = view["seat"], events_from_view(view["events"])
        review = coach_review(events, seat, rules, REVIEW_TRIALS, review_seed(view["table"]["code"], number),
                              dollars=settings.dollars)  # as My hands replays the hand the dealer kept
        self._reviews[number] = (review, folded_first(events, seat))
        self.table.review = self._review_panel(number, self.table.language)

    def _review_panel(self, number: int, language: str) -> dict[str, Any]:
        review, folded = self._reviews[number]
        return review_panel(review, number, folded, language)


__all__ = ["TITLE", "LiveTablesFlow"]
