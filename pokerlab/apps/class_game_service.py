"""A class game played in the dealer (:class:`ServiceClassGameFlow`): the deals, the seeds and
the results stay in the dealer, and the page asks it for its own seat's view, as
:mod:`pokerlab.apps.class_game` tells; the panels are that module's."""

from __future__ import annotations

from typing import Any

from pokerlab.apps.class_game import (
    COACH_SITS_OUT,
    NAME_FIRST,
    TITLE,
    end_panel,
    join_lobby,
    side_panel,
)
from pokerlab.apps.dealer_page import DealerPage, table_action
from pokerlab.apps.review_panels import folded_first, review_panel
from pokerlab.apps.table_view import table_payload
from pokerlab.classroom.class_games import ClassGameSettings
from pokerlab.coach.hand_review import CLASS_REVIEW_TRIALS, coach_review
from pokerlab.dealer.client import DealerClient, DealerError
from pokerlab.draw.events import events_from_view
from pokerlab.language import N_
from pokerlab.storage import Learner


class ServiceClassGameFlow(DealerPage):
    """A class game played in the dealer (see the module's docstring). The page provides
    ``self.table`` (the draw table widget) and ``self.identity`` (the identity line)."""

    title = TITLE
    sign_in_for = N_("Class games")

    def _start_service_flow(self, learner: str | None, client: DealerClient | None) -> None:
        self.answer: dict[str, Any] | None = None
        """The dealer's last answer: the game, this learner's view of their deal, their reports."""
        self._reviews: dict[int, Any] = {}
        """The coach's review of each deal reviewed on this page (said in the page's language when shown)."""
        self._open_page(learner, client)

    def first_screen(self) -> None:
        self.table.lobby = join_lobby(None, "", self.table.language)
        self.table.screen = "lobby"

    def _language_changed(self, language: str) -> None:
        """Say what the page shows again in ``language``: the lobby, the table and its panels, the end."""
        if self.answer is None:
            self.table.title = self._(TITLE)
            if self.table.screen == "lobby" and "heading" in self.table.lobby:
                self.show_lobby(str(self.table.lobby.get("input", {}).get("value", "")))
            return
        review = bool(self.table.review)
        if self.table.screen == "end":
            self.table.title = self._("Class game {code}").format(code=self.answer["game"]["code"])
            self.show_end()
        else:
            self._draw(self.answer)
        if review and self.table.review:
            self.table.review = {}
            self.toggle_review()

    @property
    def game_id(self) -> int | None:
        return None if self.answer is None else int(self.answer["game"]["id"])

    def _learner_known(self, learner: Learner) -> None:
        """Sign in to the dealer (the dealer checks the hub token or the browser's key itself)."""
        self.answer, self._reviews = None, {}
        if self._sign_in(learner) is not None:
            self.show_lobby()

    def show_lobby(self, code: str = "") -> None:
        self.table.lobby = join_lobby(self.learner.name if self.signed_in and self.learner is not None else None,
                                      code, self.table.language)
        self.table.screen = "lobby"

    # ----- intents ---------------------------------------------------------------------------------

    def page_intent(self, kind: str | None, content: dict[str, Any], fields: dict[str, Any]) -> None:
        if kind == "review":
            self.toggle_review()
        elif kind == "coach":
            self.table.message = self._(COACH_SITS_OUT)
        elif kind in ("app", "start") and (content.get("id") == "join" or kind == "start"):
            self.join(str(fields.get("code", "")))
        elif kind == "app" and content.get("id") == "refresh" and self.game_id is not None:
            self._draw(self.client.class_join(str(self.answer["game"]["code"])))  # type: ignore[index]

    def join(self, code: str) -> None:
        """Join the game with ``code``: the dealer seats this learner at the deal they are on."""
        if not self.signed_in:
            self.table.message = self._(NAME_FIRST)
            return
        try:
            answer = self.client.class_join(code, self.identity.browser)
        except DealerError as error:
            self.say_refusal(error)
            return
        self._reviews = {}
        self.table.message = ""
        self._draw(answer)

    def _intent(self, content: dict[str, Any]) -> None:
        """The table's buttons: an action, or "next" (deal the next deal)."""
        game_id = self.game_id
        if game_id is None:
            return
        if content.get("type") == "next":
            if self.answer is not None and self.answer["done"]:  # the last deal's result was read: the end
                with self.table.batch():
                    self.show_end()
                return
            answer = self.client.class_next(game_id)
        else:
            answer = self.client.class_act(game_id, table_action(content))
        self.table.message = ""
        self._draw(answer)

    # ----- the dealer's answers ------------------------------------------------------------------------

    def _draw(self, answer: dict[str, Any]) -> None:
        with self.table.batch():
            if answer.get("reports") is None:  # the dealer sends the reports only when they may change
                answer = {**answer, "reports": [] if self.answer is None else self.answer["reports"]}
            self.answer = answer
            game = answer["game"]
            language = self.table.language
            self.table.dollars = bool(game["dollars"])
            self.table.title = self._("Class game {code}").format(code=game["code"])
            if answer.get("view") is None:  # every deal played (the last one's result was shown before)
                self.show_end()
                return
            payload = table_payload(answer["view"], dollars=bool(game["dollars"]), language=language)
            payload["bot_turn"] = False  # the dealer moves the computer opponents itself
            payload["coach"] = False
            self.table.show(payload)
            reports = answer["reports"]
            over = answer["view"].get("phase") == "over"
            self.table.side = side_panel(game["code"], ClassGameSettings.from_json(game["settings"]),
                                         answer["deal_number"], reports,
                                         over and bool(reports) and reports[-1]["number"] == answer["deal_number"],
                                         language)
            if self.table.review and self.table.review.get("hand_number") != answer["deal_number"]:
                self.table.review = {}

    def show_end(self) -> None:
        answer = self.answer
        assert answer is not None
        game = answer["game"]
        ended = game["status"] != "open" and not answer["done"]
        self.table.end = end_panel(game["code"], game["deal_count"], answer["reports"], ended, self.table.language)
        self.table.screen = "end"

    def toggle_review(self) -> None:
        """The coach's review of this learner's decisions on the deal just over, from their own view
        (the events as their seat saw them) and the review seed the dealer gave for it."""
        answer = self.answer
        view = None if answer is None else answer.get("view")
        if not self.review_may_open(answer is not None and view is not None and view.get("phase") == "over"
                                    and answer.get("review_seed") is not None, N_("The review opens when a deal is over.")):
            return
        assert answer is not None and view is not None
        number = int(answer["deal_number"])
        events = events_from_view(view["events"])
        if number not in self._reviews:
            settings = ClassGameSettings.from_json(answer["game"]["settings"])
            self._reviews[number] = coach_review(events, 0, settings.rules(), CLASS_REVIEW_TRIALS,
                                                 int(answer["review_seed"]), dollars=settings.dollars)
        self.table.review = review_panel(self._reviews[number], number, folded_first(events, 0), self.table.language)


__all__ = ["ServiceClassGameFlow"]
