"""The Tournament Ladder's page when a dealer runs (``POKERLAB_DEALER_URL``: ``make app``, and every
learner's server on a hub): the levels, the hands, the wallet and the high scores are the dealer's
(:mod:`pokerlab.dealer.ladder_service`), so this kernel holds no seed, no deck, no wallet and no
result it could change. The widget is :class:`pokerlab.widgets.ladder_service.ServiceLadderApp`,
which :class:`pokerlab.widgets.apps.LadderApp` gives wherever a dealer runs.

The page signs in as the class games and live tables do (the hub token, or the learner's name and
their browser's key), sends intents (the lobby, a level, continue or give up, an action, the next
hand, a fresh start) and draws the answers with the kernel ladder's own panels. The coach's review of
a finished hand is worked out here from the learner's own view of it and the review seed the dealer
gives (a one-way hash); the draw coach before the draw is the page widget's, on the learner's own
cards (:class:`pokerlab.widgets.apps_base.CoachPanel`). It names itself
with a random ``page`` (one game is played on one page at a time) and each action names the
version of the game it was sent for, so a click sent twice changes nothing. This module imports no
ipywidgets.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pokerlab.apps import ladder_panels, review_panels, shared_panels
from pokerlab.apps.dealer_page import DealerPage, table_action
from pokerlab.apps.keep import ScoreRow
from pokerlab.apps.review_panels import folded_first, review_panel
from pokerlab.apps.seeds import test_mode as in_test_mode
from pokerlab.apps.table_view import table_payload
from pokerlab.coach.hand_review import REVIEW_TRIALS, coach_review
from pokerlab.dealer.client import DealerClient, DealerError
from pokerlab.draw import ladder
from pokerlab.draw.events import events_from_view
from pokerlab.errors import PokerlabError
from pokerlab.ladder import DIFFICULTY, LEVELS, NO_SUCH_LEVEL, STARTING_CHIPS, level
from pokerlab.language import LANGUAGES, N_, gettext, menu
from pokerlab.storage import Learner


def _scores(rows: list[dict[str, Any]] | None) -> list[ScoreRow]:
    return [ScoreRow(int(row["rank"]), str(row["name"]), int(row["score"]), datetime.fromisoformat(row["when"]))
            for row in rows or []]


class ServiceLadderFlow(DealerPage):
    """The ladder played in the dealer (see the module docs). The page provides ``self.table`` (the
    draw table widget) and ``self.identity`` (the identity line)."""

    title = N_("Tournament Ladder")
    sign_in_for = N_("The ladder's levels")

    def _start_service_flow(self, learner: str | None, client: DealerClient | None) -> None:
        self.table.languages = menu(LANGUAGES)
        self.page = secrets.token_hex(12)
        """This page's name in the dealer: the game in progress is played on one page at a time."""
        self.answer: dict[str, Any] | None = None
        """The dealer's last answer: the screen, the wallet and scores, this learner's view."""
        self._reviews: dict[tuple[int, int], Callable[[str], dict[str, Any]]] = {}
        """The coach's reviews worked out on this page, by (review seed, hand number): each its panel in any language."""
        self.review_thread: threading.Thread | None = None
        self.query: dict[str, list[str]] = {}
        self.away = False
        """This page lost the game to another tab (it shows the other-tab panel)."""
        self._open_page(learner, client)

    def first_screen(self) -> None:
        self.table.lobby = shared_panels.waiting_panel(self.title, self.table.language)
        self.table.screen = "lobby"

    def refusal_words(self, text: str) -> str:
        """The dealer's refusal or note in the ladder's own words, in the page's language."""
        return ladder_panels.ladder_words(text, self.table.language)

    def _query_known(self, query: dict[str, list[str]]) -> None:
        self.query = query

    def _language_changed(self, language: str) -> None:
        """Say the view again in the new language: the lobby, the table and its side panel, or the end
        screen, from the dealer's last answer (nothing is asked again)."""
        answer = self.answer
        if answer is None:
            self.table.lobby = (shared_panels.elsewhere_panel if self.away else shared_panels.waiting_panel)(self.title, language)
        elif self.table.screen == "end":
            self.show_end()
        else:
            self._draw(answer)
            self._say_review_again(answer, language)

    def _say_review_again(self, answer: dict[str, Any], language: str) -> None:
        """An open review (or its waiting line) in ``language``, from the review already worked out."""
        review = self.table.review
        if not review:
            return
        if review.get("pending"):
            self.table.review = review_panels.review_waiting_panel(review["hand_number"], language)
            return
        said = self._reviews.get((answer.get("review_seed"), review.get("hand_number")))  # type: ignore[arg-type]
        if said is not None:
            self.table.review = said(language)

    def _learner_known(self, learner: Learner) -> None:
        """Sign in to the dealer (the hub token on a hub, else the name and this browser's key) and
        show the lobby, or "Continue your game" when one is kept."""
        self.answer = None
        if self._sign_in(learner) is not None:
            self._ask("lobby")

    # ----- intents -----------------------------------------------------------------------------------

    def _ask(self, what: str, **fields: Any) -> None:
        """Send one intent and draw the answer; a refusal is shown in the dealer's words (a stale
        click: with the game as it is now)."""
        try:
            answer = self.client.ladder(what, self.page, **fields)
        except DealerError as error:
            if error.code == "ladder_elsewhere":
                self._elsewhere()
            elif error.code == "ladder_stale" and self.learner is not None:
                try:
                    self._draw(self.client.ladder("continue", self.page))
                except PokerlabError:
                    pass
            self.say_refusal(error)
            return
        self.table.message = self.refusal_words(answer.get("note") or "")
        self._draw(answer)

    def page_intent(self, kind: str | None, content: dict[str, Any], fields: dict[str, Any]) -> None:
        """The lobby's and end screen's buttons (the table's go to :meth:`_intent`)."""
        name = str(content.get("id"))
        if kind == "review":
            self.toggle_review()
            return
        if kind == "coach":
            self.toggle_coach()
            return
        if kind != "app":
            return
        if not self.signed_in:
            self.table.message = self._("Tell pokerlab your name first (just above the table): it keeps this "
                                        "under your name.")
            return
        if name == "level":
            try:
                number = int(str(content.get("value")))
            except ValueError:
                self.table.message = self.refusal_words(
                    NO_SUCH_LEVEL.format(number=repr(content.get("value")), count=len(LEVELS)))
                return
            seed = self._test_seed()  # the click's own name: the same click sent again starts nothing
            self._ask("start", level=number, request=secrets.token_hex(12), **({} if seed is None else {"seed": seed}))
        elif name in ("continue", "new", "fresh", "lobby"):
            self._ask(name if name != "lobby" else "lobby")

    def toggle_coach(self) -> None:
        """Open or close the draw coach on the learner's own cards (the page's widget has it)."""
        self.table.message = self._("There is no coach on this page.")

    def _close_coach(self) -> None:
        """Hide the coach (a page without one has nothing to hide)."""

    def _test_seed(self) -> int | None:
        """Under ``POKERLAB_TEST_MODE=1`` (browser tests) ``?seed=N`` asks the dealer for that deal;
        the dealer takes it only in its own test mode."""
        if not in_test_mode():
            return None
        for text in self.query.get("seed", []):
            if text.strip().isdigit():
                return int(text)
        return None

    def _intent(self, content: dict[str, Any]) -> None:
        """The table's buttons: an action, or "next" (the next hand, or after the last the end screen)."""
        answer = self.answer
        if answer is None or answer.get("run") is None:
            return
        if content.get("type") == "next":
            if answer["screen"] == "end":
                with self.table.batch():
                    self.show_end()
                return
            self._ask("next", version=answer["run"]["version"])
        else:
            self._ask("act", version=answer["run"]["version"], **table_action(content))

    # ----- the dealer's answers ----------------------------------------------------------------------

    def _draw(self, answer: dict[str, Any]) -> None:
        with self.table.batch():
            self.answer, self.away = answer, False
            screen = answer["screen"]
            if screen == "lobby":
                self.identity.in_game = False
                self.show_lobby()
                return
            view = answer.get("view")
            if view is None:  # a level over before a hand was seen: straight to its end
                self.show_end()
                return
            payload = table_payload(view, language=self.table.language)
            payload["bot_turn"] = False  # the dealer moves the computer opponents itself
            self.table.show(payload)
            if self.table.review and self.table.review.get("hand_number") != view.get("hand_number"):
                self.table.review = {}
            self.identity.in_game = view.get("phase") != "over"
            run = answer["run"]
            balance = answer["wallet"]["balance"] if answer.get("wallet") else run["balance"]
            self.table.side = ladder_panels.ladder_side(level(run["level"]), run["hand_number"], run["hands_left"],
                                                        balance, self.table.language)

    def toggle_review(self) -> None:
        """The coach's review of this learner's decisions in the hand just over, worked out in a
        thread (thousands of simulated deals) from their own view of it (the events as their seat saw
        them) and the review seed the dealer gave for it; the same review as the kernel's ladder's."""
        answer = self.answer
        view = None if answer is None else answer.get("view")
        if not self.review_may_open(answer is not None and view is not None and view.get("phase") == "over"
                                    and answer.get("review_seed") is not None):
            return
        assert answer is not None and view is not None
        number, seat, seed = int(view["hand_number"]), int(view["seat"]), int(answer["review_seed"])
        language = self.table.language
        key = (seed, number)
        if key in self._reviews:
            self.table.review = self._reviews[key](language)
            return
        self.table.review = review_panels.review_waiting_panel(number, language)
        events = events_from_view(view["events"])

        def work() -> None:
            try:
                review = coach_review(events, seat, ladder(), REVIEW_TRIALS, seed)
            except Exception as error:  # noqa: BLE001 - shown to the learner, never lost in a thread
                with self.table.batch():
                    self.table.review = {}
                    self.table.message = gettext(language, "The review could not be worked out: {error}").format(
                        error=error)
                return
            folded = folded_first(events, seat)

            def panel(language: str) -> dict[str, Any]:
                return review_panel(review, number, folded, language)

            self._reviews[key] = panel
            with self.table.batch():  # shown if the learner still waits for it at that hand, in the page's language now
                if self.table.review.get("pending") and self.answer is answer:
                    self.table.review = panel(self.table.language)

        self.review_thread = threading.Thread(target=work, name="pokerlab-review", daemon=True)
        self.review_thread.start()

    def show_lobby(self) -> None:
        answer = self.answer
        assert answer is not None
        name = self.learner.name if self.learner is not None else self._("you")
        if answer.get("kept"):
            self.table.lobby = shared_panels.continue_panel(self.title, name, answer["kept"], self.table.language)
        else:
            wallet = answer["wallet"]
            self.table.lobby = ladder_panels.ladder_lobby(LEVELS, ladder(), STARTING_CHIPS, wallet["balance"],
                                                          wallet["reached"], _scores(answer["scores"]), wallet["fresh"],
                                                          DIFFICULTY, language=self.table.language)
        self.table.screen = "lobby"

    def _elsewhere(self) -> None:
        self.answer, self.away = None, True
        self.identity.in_game = False
        self.table.table = {}
        self.table.side = {}
        self.table.lobby = shared_panels.elsewhere_panel(self.title, self.table.language)
        self.table.screen = "lobby"

    def show_end(self) -> None:
        answer = self.answer
        assert answer is not None and answer["end"] is not None
        end, run = answer["end"], answer["run"]
        self.table.end = ladder_panels.ladder_end(
            run["level"], end["advanced"], end["chips"], end["best_other"], end["award"], run["balance_before"],
            answer["wallet"]["balance"], end["standings"], end["score"], _scores(answer["scores"]), self.table.language)
        self.table.screen = "end"
        self.identity.in_game = False


PURPOSE = N_("Your wallet, your ladder levels and your high scores are kept under this name.")
"""What the identity line says the name is for on the ladder's page (the page's widget gives it)."""


__all__ = ["PURPOSE", "ServiceLadderFlow"]
