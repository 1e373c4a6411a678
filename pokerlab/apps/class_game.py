"""A class game's flow: join with the teacher's code, play the deals in order (the widget is
:class:`pokerlab.widgets.class_game.ClassGameApp`, which has the page-level story and an example).

What reaches the browser: the learner's own view of the deal being played, and for each deal the
learner has *finished*, the spread of the class's results on it (no names). The deal seeds stay in
this process (read from the database by the server); no trait, panel or message carries them.

This is the draw apps' own flow (:class:`~pokerlab.apps.flow.DrawFlow`) configured for a class game:
the lobby is the join form, the hold is on this game, each step also stores the deal's progress or
result, and a finished deal is reviewed for the board.

:class:`ServiceClassGameFlow` is the same page with the game played in the dealer
(:mod:`pokerlab.dealer.class_service`), as on a hub and under ``make app``: this kernel holds no
seed, no deck and no result it could change. It signs in as the live tables do (the hub token, or
the learner's name and their browser's key), sends intents (join, an action, the next deal) and
draws the dealer's answer: this learner's seat's view and the class's results on the deals they
have finished.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerlab.apps.flow import DrawFlow, _named, code_key
from pokerlab.apps.hold import GameHold
from pokerlab.apps.keep import Keeper, KeepError
from pokerlab.apps.live import dealer_sign_in
from pokerlab.apps.my_hands import coach_review, review_seed
from pokerlab.apps.panels import review_panel
from pokerlab.apps.table_view import table_payload
from pokerlab.classroom.board import deal_report
from pokerlab.classroom.class_games import ClassGameSettings, ClassMatch
from pokerlab.classroom.identity import claim, new_key
from pokerlab.classroom.practice import CLASS_GAMES_ELSEWHERE, practice_server
from pokerlab.classroom.reviews import decisions_for_board
from pokerlab.classroom.store import ClassGame, ClassGameEndedError, ClassStore
from pokerlab.dealer.client import DealerClient, DealerError
from pokerlab.dealer.words import text_of
from pokerlab.draw.events import events_from_view
from pokerlab.errors import PokerlabError
from pokerlab.storage import Learner
from pokerlab.storage.slots import GameExistsError

REVIEW_TRIALS = 3_000
"""Simulated deals per equity in a class game's review (the same for every learner on a deal)."""


class ClassGameFlow(DrawFlow):
    """The draw apps' flow in a class game's configuration (the widget is
    :class:`pokerlab.widgets.class_game.ClassGameApp`)."""

    title = "Class game"

    def _prepare_class_game(self, store: ClassStore | None, store_opener: Callable[[], ClassStore]) -> None:
        """What a class game knows before the page's widgets exist."""
        self._store = store
        self._store_opener = store_opener
        self._key = new_key()
        """This page's key for a name typed in the lobby (the identity widget keeps one per browser)."""
        self.game: ClassGame | None = None
        self._seeds: tuple[int, ...] = ()
        self._reports: dict[int, str] = {}
        self._reviewed: set[int] = set()
        self._stored: tuple[int, int] = (0, 0)
        """(deal number, actions) of the deal as last stored, so an unchanged step stores nothing."""

    def _class_game_ready(self, learner: Learner | None) -> None:
        """Once the page is built: the learner given, the one the identity line knows, or the lobby."""
        self.identity.purpose = "Your class game results are kept under this name, and your teacher sees them on the board."
        if learner is not None:
            self.identity.adopt(learner)
        elif self.identity.learner is None:
            self.show_lobby()

    @property
    def match(self) -> ClassMatch | None:
        return self.table.match

    @property
    def store(self) -> ClassStore:
        if self._store is None:
            self._store = self._store_opener()
        return self._store

    # --- who plays, the lobby ----------------------------------------------------------------------

    def _learner_known(self, learner: Learner) -> None:
        """The learner is known (the identity widget, JupyterHub, or code); a new learner on this
        page starts from the lobby (the previous one's game is kept and resumes when they join again)."""
        if self.learner is not None and learner.id == self.learner.id and self.game is not None:
            return
        self.learner = learner
        self.keeper = Keeper(learner)
        self.game, self.hold, self.table.match = None, None, None
        self.table.message = ""
        self.table.side = {}
        self.show_lobby()

    def claim_name(self, name: str) -> None:
        """A name typed in the lobby: claimed for this page (a name someone else holds is refused)."""
        try:
            learner = claim(self.store.store, str(name), self._key)
        except PokerlabError as error:
            self.table.message = text_of(error, self.table.language)
            return
        self.identity.adopt(learner, self._key)

    def show_lobby(self, code: str = "") -> None:
        if practice_server():
            self.table.lobby = {"heading": "Join a class game", "paragraphs": [CLASS_GAMES_ELSEWHERE]}
        elif self.learner is None:
            self.table.lobby = {
                "heading": "Join a class game",
                "paragraphs": ["Your teacher has written a join code on the board. First, type your name above."],
            }
        else:
            self.table.lobby = {
                "heading": "Join a class game",
                "paragraphs": [
                    f"Playing as {self.learner.name}.",
                    "Everyone in the class plays the same deals against the same opponents, so your "
                    "score compares your play with the class's on the very same cards. The first play "
                    "of each deal counts; you see how the others did on a deal once you have finished it.",
                ],
                "input": {"name": "code", "label": "Join code", "value": code},
                "buttons": [{"id": "join", "label": "Join", "primary": True}],
            }
        self.table.screen = "lobby"

    def start(self, fields: dict[str, str]) -> None:
        """A class game starts from its join code (see :meth:`join`)."""
        self.join(str(fields.get("code", "")))

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if name == "join":
            self.join(str(fields.get("code", "")))
        elif name == "refresh" and self.game is not None:
            self.show_end()

    def join(self, code: str) -> None:
        """Join the game with ``code`` and sit down at the deal the learner is on."""
        if practice_server():  # a join sent by hand: nothing here is the class's
            self.table.message = CLASS_GAMES_ELSEWHERE
            return
        if self.learner is None:
            self.table.message = "Type your name first."
            return
        try:
            game = self.store.game_by_code(code)
            self.store.join(game.id, self.learner, browser=self.identity.browser)
            hold = GameHold(self.learner, f"class-{game.id}", self.session, store=self.store.store)
            if hold.take_over() is None:  # this page plays the game; another tab of this learner stops
                try:
                    hold.start({"game": game.id}, f"class game {game.code}")
                except GameExistsError:
                    hold.take_over()
            progress = self.store.progress(game.id, self.learner)
            seeds = self.store.seeds(game.id)
        except (PokerlabError, KeepError) as error:  # an unknown or ended code, a roster, storage trouble
            self.table.message = text_of(error, self.table.language)
            return
        self.game, self._seeds, self.hold = game, seeds, hold
        self._reports, self._reviewed = {}, set()
        self.table.message = ""
        self.table.dollars = game.settings.dollars
        self.table.title = f"Class game {game.code}"
        if progress.deal_number > game.settings.deal_count:
            self.show_end()
            return
        self.table.match = self._deal_as_stored(progress.deal_number, progress.actions)
        self.sit_down(self.table.match)
        self.stepped()

    def _deal_as_stored(self, number: int, actions: Any) -> ClassMatch:
        assert self.game is not None and self.learner is not None
        match = ClassMatch(self.game.settings, self._seeds, self.learner.name)
        match.deal(number, actions)
        self._stored = (number, len(actions))
        return match

    # --- the draw apps' flow, configured for a class game ----------------------------------------------

    def kept_game(self) -> dict[str, Any] | None:
        return None if self.game is None else {"game": self.game.id}

    def restore_game(self, game: dict[str, Any]) -> None:
        """Back to the deal as stored (the class game's own rows are the truth)."""
        assert self.game is not None and self.learner is not None
        progress = self.store.progress(self.game.id, self.learner)
        if progress.deal_number <= self.game.settings.deal_count:
            self.table.match = self._deal_as_stored(progress.deal_number, progress.actions)

    def progress_text(self) -> str:
        match = self.match
        return "" if self.game is None or match is None else f"class game {self.game.code}, deal {match.deal_number}"

    def step_writes(self) -> Callable[[Any], None] | None:
        """Each step stores the deal's actions so far, or once it is over its result (the first play
        counts), in the step's own transaction; once the teacher has ended the game this refuses."""
        game, learner, match = self.game, self.learner, self.match
        if game is None or learner is None or match is None or match.hand is None:
            return None
        hand, number = match.hand, match.deal_number
        if hand.is_over and self._stored[0] == number:
            def record(connection: Any) -> None:
                if not self.store.record_result_in(connection, game.id, learner, number, match.learner_result(),  # type: ignore[arg-type]
                                                   hand.actions):
                    self.table.message = ("This deal was already played on another page: your first play of it is "
                                          "the one that counts.")
                self._stored = (number + 1, 0)
            return record
        if not hand.is_over and self._stored != (number, len(hand.actions)):
            def keep(connection: Any) -> None:
                self.store.save_progress_in(connection, game.id, learner, number, hand.actions)
                self._stored = (number, len(hand.actions))
            return keep
        return None

    def step_refused(self, refusal: PokerlabError) -> None:
        if not isinstance(refusal, ClassGameEndedError):
            super().step_refused(refusal)
            return
        if self.hold is not None:
            try:
                self.hold.give_up()  # nothing more is played on this game
            except KeepError:
                self.hold.let_go()
        self.table.message = str(refusal)
        self.show_end()

    def stepped(self) -> None:
        """Once a step is stored: a finished deal is reviewed for the board; the side panel follows."""
        match = self.match
        if match is not None and match.hand is not None and match.hand.is_over \
                and match.deal_number not in self._reviewed:
            self._reviewed.add(match.deal_number)
            self.review_hand_now(show=False)
        self.refresh_side()

    def review_settings(self) -> tuple[int, int]:
        match = self.match
        assert match is not None
        return REVIEW_TRIALS, review_seed(self._seeds[match.deal_number - 1])

    def reviewed(self, number: int, review: Any, events: list[Any]) -> None:
        try:
            self.store.record_review(self.game.id, self.learner, number,  # type: ignore[union-attr, arg-type]
                                     decisions_for_board(review, events, 0))
        except PokerlabError as error:
            with self.table.batch():
                self.table.message = f"The coach's review of this deal could not be kept for your teacher: {error}"

    def toggle_coach(self) -> None:
        self.table.message = "The coach sits out class games; its review opens after each deal."

    def match_finished(self) -> bool:
        return self.match is not None and self.match.is_over

    def next_hand(self) -> None:
        match, game = self.match, self.game
        if match is None or game is None or match.hand is None or not match.hand.is_over:
            return
        if not match.is_over:
            try:
                current = self.store.game(game.id)
            except PokerlabError as error:
                self.table.message = text_of(error, self.table.language)
                return
            if not current.is_open:
                self.table.message = "Your teacher has ended this class game; your results so far are kept."
                self.show_end()
                return
        super().next_hand()

    # --- panels ------------------------------------------------------------------------------------

    def refresh_side(self) -> None:
        """Beside the table: the game, the deal, and how the class did on the deals already finished."""
        game, match = self.game, self.match
        if game is None or match is None:
            return
        finished = match.deal_number if match.hand is not None and match.hand.is_over else match.deal_number - 1
        rows = []
        for number in range(1, finished + 1):
            report = None
            try:
                report = deal_report(self.store, game, self.learner, number)  # type: ignore[arg-type]
            except PokerlabError as error:
                self.table.message = text_of(error, self.table.language)
            if report is not None:
                rows.append([number, f"{report.mine:+d}", f"{sum(report.results) / len(report.results):+.1f}",
                             len(report.results), f"{report.duplicate:+.2f}"])
                self._reports[number] = report.text
        paragraphs = [game.settings.describe() + ".", f"Deal {match.deal_number} of {game.settings.deal_count}."]
        if finished and finished in self._reports:
            paragraphs.append(self._reports[finished])
        self.table.side = {
            "heading": f"Class game {game.code}",
            "paragraphs": paragraphs,
            "tables": [{"caption": "Your deals against the class", "head": ["Deal", "You", "Class average", "Played", "Duplicate (big bets)"],
                        "rows": rows}] if rows else [],
        }

    def show_end(self) -> None:
        game = self.game
        assert game is not None
        rows, total = [], 0.0
        for number in range(1, game.settings.deal_count + 1):
            report = deal_report(self.store, game, self.learner, number)  # type: ignore[arg-type]
            if report is not None:
                total += report.duplicate
                rows.append([number, f"{report.mine:+d}", f"{sum(report.results) / len(report.results):+.1f}",
                             len(report.results), f"{report.duplicate:+.2f}"])
        self.table.end = {
            "heading": f"Class game {game.code}: all {game.settings.deal_count} deals played",
            "paragraphs": [f"Your duplicate score: {total:+.2f} big bets (your results against the class average on the same cards).",
                           "Others may still be playing: refresh to see the latest averages."],
            "tables": [{"caption": "Your deals against the class", "head": ["Deal", "You", "Class average", "Played", "Duplicate (big bets)"],
                        "rows": rows}],
            "buttons": [{"id": "refresh", "label": "Refresh", "primary": True}],
        }
        self.table.screen = "end"


JOIN_WORDS = ("Everyone in the class plays the same deals against the same opponents, so your score compares "
              "your play with the class's on the very same cards. The first play of each deal counts; you see how "
              "the others did on a deal once you have finished it.")
DEALS_HEAD = ["Deal", "You", "Class average", "Played", "Duplicate (big bets)"]


class ServiceClassGameFlow:
    """A class game played in the dealer (see the module's docstring). The page provides
    ``self.table`` (the draw table widget) and ``self.identity`` (the identity line)."""

    title = "Class game"
    table: Any
    identity: Any

    def _start_service_flow(self, learner: str | None, client: DealerClient | None) -> None:
        self.table.remote = self._intent
        self.client = client or DealerClient()
        self.learner: Learner | None = None
        self.answer: dict[str, Any] | None = None
        """The dealer's last answer: the game, this learner's view of their deal, their reports."""
        self._reviews: dict[int, dict[str, Any]] = {}
        self.identity.purpose = "Your class game results are kept under this name, and your teacher sees them on the board."
        self.table.lobby = {"heading": "Join a class game",
                            "paragraphs": ["Your teacher has written a join code on the board. First, type your name above."]}
        self.table.screen = "lobby"
        if learner is not None:
            self.identity.adopt(_named(learner), code_key(learner))

    @property
    def game_id(self) -> int | None:
        return None if self.answer is None else int(self.answer["game"]["id"])

    def _learner_known(self, learner: Learner) -> None:
        """Sign in to the dealer: with this server's hub token on a hub, else with the learner's name
        and the key their browser holds for it (the dealer checks either itself)."""
        self.learner, self.answer, self._reviews = learner, None, {}
        answer, self.table.message = dealer_sign_in(self.client, self.identity, learner.name, "Class games")
        if answer is not None:
            self.show_lobby()

    def show_lobby(self, code: str = "") -> None:
        name = "" if self.learner is None else self.learner.name
        self.table.lobby = {
            "heading": "Join a class game",
            "paragraphs": [f"Playing as {name}.", JOIN_WORDS],
            "input": {"name": "code", "label": "Join code", "value": code},
            "buttons": [{"id": "join", "label": "Join", "primary": True}],
        }
        self.table.screen = "lobby"

    # ----- intents ---------------------------------------------------------------------------------

    def _handle(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        fields = content.get("fields") if isinstance(content.get("fields"), dict) else {}
        try:
            if kind == "review":
                self.toggle_review()
            elif kind == "coach":
                self.table.message = "The coach sits out class games; its review opens after each deal."
            elif kind in ("app", "start") and (content.get("id") == "join" or kind == "start"):
                self.join(str(fields.get("code", "")))
            elif kind == "app" and content.get("id") == "refresh" and self.game_id is not None:
                self._draw(self.client.class_join(str(self.answer["game"]["code"])))  # type: ignore[index]
        except PokerlabError as error:
            self.table.message = text_of(error, self.table.language)

    def join(self, code: str) -> None:
        """Join the game with ``code``: the dealer seats this learner at the deal they are on."""
        if self.learner is None or self.client.session is None:
            self.table.message = "Type your name first."
            return
        try:
            answer = self.client.class_join(code, self.identity.browser)
        except DealerError as error:
            self.table.message = text_of(error, self.table.language)
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
            answer = self.client.class_act(game_id, {key: content[key] for key in ("kind", "amount", "discards")
                                                     if key in content})
        self.table.message = ""
        self._draw(answer)

    # ----- the dealer's answers ------------------------------------------------------------------------

    def _draw(self, answer: dict[str, Any]) -> None:
        with self.table.batch():
            if answer.get("reports") is None:  # the dealer sends the reports only when they may change
                answer = {**answer, "reports": [] if self.answer is None else self.answer["reports"]}
            self.answer = answer
            game = answer["game"]
            self.table.dollars = bool(game["dollars"])
            self.table.title = f"Class game {game['code']}"
            if answer.get("view") is None:  # every deal played (the last one's result was shown before)
                self.show_end()
                return
            payload = table_payload(answer["view"], dollars=bool(game["dollars"]))
            payload["bot_turn"] = False  # the dealer moves the computer opponents itself
            payload["coach"] = False
            self.table.show(payload)
            self.table.side = self._side(answer)
            if self.table.review and self.table.review.get("hand_number") != answer["deal_number"]:
                self.table.review = {}

    @staticmethod
    def _rows(answer: dict[str, Any]) -> list[list[Any]]:
        return [[r["number"], f"{r['mine']:+d}", f"{r['average']:+.1f}", r["played"], f"{r['duplicate']:+.2f}"]
                for r in answer["reports"]]

    def _side(self, answer: dict[str, Any]) -> dict[str, Any]:
        game, reports = answer["game"], answer["reports"]
        paragraphs = [game["describe"] + ".", f"Deal {answer['deal_number']} of {game['deal_count']}."]
        view = answer["view"] or {}
        if reports and view.get("phase") == "over" and reports[-1]["number"] == answer["deal_number"]:
            paragraphs.append(reports[-1]["text"])
        rows = self._rows(answer)
        return {"heading": f"Class game {game['code']}", "paragraphs": paragraphs,
                "tables": [{"caption": "Your deals against the class", "head": DEALS_HEAD, "rows": rows}] if rows else []}

    def show_end(self) -> None:
        answer = self.answer
        assert answer is not None
        game = answer["game"]
        total = sum(report["duplicate"] for report in answer["reports"])
        ended = game["status"] != "open" and not answer["done"]
        heading = (f"Class game {game['code']}: your teacher has ended it" if ended
                   else f"Class game {game['code']}: all {game['deal_count']} deals played")
        self.table.end = {
            "heading": heading,
            "paragraphs": [f"Your duplicate score: {total:+.2f} big bets (your results against the class average on the same cards).",
                           "Others may still be playing: refresh to see the latest averages."],
            "tables": [{"caption": "Your deals against the class", "head": DEALS_HEAD, "rows": self._rows(answer)}],
            "buttons": [{"id": "refresh", "label": "Refresh", "primary": True}],
        }
        self.table.screen = "end"

    def toggle_review(self) -> None:
        """The coach's review of this learner's decisions on the deal just over, from their own view
        (the events as their seat saw them) and the review seed the dealer gave for it."""
        if self.table.review:
            self.table.review = {}
            return
        answer = self.answer
        view = None if answer is None else answer.get("view")
        if answer is None or view is None or view.get("phase") != "over" or answer.get("review_seed") is None:
            self.table.message = "The review opens when a deal is over."
            return
        number = int(answer["deal_number"])
        if number not in self._reviews:
            settings = ClassGameSettings.from_json(answer["game"]["settings"])
            events = events_from_view(view["events"])
            review = coach_review(events, 0, settings.rules(), REVIEW_TRIALS, int(answer["review_seed"]),
                                  dollars=settings.dollars)
            mine = [event for event in events if event.seat == 0
                    and event.kind in ("fold", "check", "call", "bet", "raise", "all_in", "draw")]
            self._reviews[number] = review_panel(review, number, bool(mine) and mine[0].kind == "fold")
        self.table.review = self._reviews[number]


__all__ = ["ClassGameFlow", "REVIEW_TRIALS", "ServiceClassGameFlow", "decisions_for_board"]
