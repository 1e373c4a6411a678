"""The learner's side of a class game: join with the teacher's code, play the deals in order.

The table is the usual :class:`~pokerlab.widgets.table.DrawTable`; a :class:`ClassMatch` drives it.
What reaches the browser: the learner's own view of the deal being played, and for each deal the
learner has *finished*, the spread of the class's results on it (no names). The deal seeds stay in
this kernel (read from the database by the server); no trait, panel or message carries them.

Every step of the deal (the learner's action, an opponent's) is stored as it happens, before the
table shows its outcome, so leaving the page and coming back resumes the same deal at the same
point; a finished deal's result is stored before the learner sees it, and only the first play
counts. Each step is one step of the page's hold on the game (:mod:`pokerlab.widgets.apps_hold`):
a second tab of the same learner takes the game over and the first learns nothing more. Once the
teacher has ended the game nothing more is stored: a deal in progress then stops unrecorded.
After each deal the coach reviews the learner's decisions (as in the apps) and the review is stored
for the teacher's board. The live coach is not offered during a class game.

>>> from pokerlab.classroom.store import open_class_store
>>> import tempfile, pathlib
>>> store = open_class_store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> from pokerlab.classroom.class_games import ClassGameSettings
>>> game = store.create_game(ClassGameSettings(deal_count=2))
>>> app = ClassGameApp(store=store)
>>> app.claim_name("Ann")
>>> app.join(game.code)
>>> app.table.screen, app.table.table["hand_number"]
('table', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from pokerlab.classroom.board import deal_report
from pokerlab.classroom.class_games import ClassGameError, ClassMatch
from pokerlab.classroom.identity import claim, new_key
from pokerlab.classroom.store import ClassGame, ClassGameEndedError, ClassStore, open_class_store
from pokerlab.errors import PokerlabError
from pokerlab.review import review_hand
from pokerlab.storage import Learner
from pokerlab.storage.slots import GameExistsError, GameTakenError
from pokerlab.widgets.apps_hold import GameHold, Step
from pokerlab.widgets.apps_keep import KeepError
from pokerlab.widgets.apps_panels import elsewhere_panel, review_panel
from pokerlab.widgets.identity import IdentityWidget
from pokerlab.widgets.table import DrawTable

REVIEW_TRIALS = 3_000
"""Simulated deals per equity in a class game's review (the same for every learner on a deal)."""


def review_decisions(match: ClassMatch, seed: int) -> tuple[Any, list[dict[str, Any]]]:
    """The coach's review of the learner's decisions on the deal just finished, and one dict per
    decision for the board (stage, played, coach, matches, chips given up, cards kept at the draw).
    ``seed`` (the deal's) makes the review of the same decisions the same for every learner."""
    hand = match.hand
    assert hand is not None and hand.is_over
    rules = match.rules
    review = review_hand(hand.events, match.learner_seat, rules.max_discards, rules.ace_draw,
                         big_bet=rules.limits[1][1], trials=REVIEW_TRIALS, rng=seed % 2**32,
                         bet_sizes=(rules.limits[0][0], rules.limits[1][0]), dollars=match.settings.dollars)
    thrown = next((tuple(event.cards) for event in hand.events
                   if event.kind == "draw" and event.seat == match.learner_seat), None)
    decisions = []
    for decision in review.decisions:
        item: dict[str, Any] = {
            "stage": decision.stage, "played": decision.played, "coach": decision.coach,
            "matches": bool(decision.matches), "chips": None if decision.chips is None else round(float(decision.chips), 2),
            "big_bets": None if decision.big_bets is None else round(float(decision.big_bets), 3),
            "cards": [str(card) for card in decision.cards],
        }
        if decision.stage == "The draw" and thrown is not None:
            item["kept"] = [str(card) for card in decision.cards if card not in thrown]
        decisions.append(item)
    return review, decisions


class ClassGameApp(widgets.VBox):
    """Join a class game and play its deals. ``store``: the class games' database (default: the one
    pokerlab is set up to use); ``learner``: the learner when already known (else the identity
    widget above the table finds out: the JupyterHub user, or the name this browser holds)."""

    title = "Class game"

    def __init__(self, store: ClassStore | None = None, learner: Learner | None = None,
                 store_opener: Callable[[], ClassStore] = open_class_store) -> None:
        self.table = DrawTable(handler=self._handle, title=self.title)
        self._store = store
        self._store_opener = store_opener
        self.learner: Learner | None = None
        self._key = new_key()
        """This page's key for a name typed in the lobby (the identity widget keeps one per browser)."""
        self.game: ClassGame | None = None
        self.match: ClassMatch | None = None
        self._seeds: tuple[int, ...] = ()
        self._reviews: dict[int, dict[str, Any]] = {}
        self._reports: dict[int, str] = {}
        self.hold: GameHold | None = None
        self._stored: tuple[int, int] = (0, 0)
        """(deal number, actions) of the deal as last stored, so an unchanged step stores nothing."""
        self.table.guard = self.guarded
        self.identity = IdentityWidget(
            on_learner=self.set_learner,
            purpose="Your class game results are kept under this name, and your teacher sees them on the board.",
        )
        super().__init__([self.identity, self.table], layout=widgets.Layout(width="100%"))
        learner = learner or self.identity.learner
        if learner is not None:
            self.set_learner(learner)
        else:
            self.show_lobby()

    # --- the database ----------------------------------------------------------------------------

    @property
    def store(self) -> ClassStore:
        if self._store is None:
            self._store = self._store_opener()
        return self._store

    # --- lobby -----------------------------------------------------------------------------------

    def set_learner(self, learner: Learner) -> None:
        """The learner is known (the identity widget, JupyterHub, or code); a new learner on this
        page starts from the lobby (the previous one's game is kept and resumes when they join again)."""
        if self.learner is not None and learner.id == self.learner.id and self.game is not None:
            return
        self.learner = learner
        self.game, self.match = None, None
        self.table.message = ""
        self.table.side = {}
        self.show_lobby()

    def claim_name(self, name: str) -> None:
        """A name typed in the lobby: claimed for this page (a name someone else holds is refused)."""
        try:
            learner = claim(self.store.store, str(name), self._key)
        except PokerlabError as error:
            self.table.message = str(error)
            return
        self.set_learner(learner)

    def show_lobby(self, code: str = "") -> None:
        if self.learner is None:
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

    def join(self, code: str) -> None:
        """Join the game with ``code`` and sit down at the deal the learner is on."""
        if self.learner is None:
            self.table.message = "Type your name first."
            return
        try:
            game = self.store.game_by_code(code)
            self.store.join(game.id, self.learner, browser=self.identity.browser)
            hold = GameHold(self.learner, f"class-{game.id}", store=self.store.store)
            if hold.take_over() is None:  # this page plays the game; another tab of this learner stops
                try:
                    hold.start({"game": game.id}, f"class game {game.code}")
                except GameExistsError:
                    hold.take_over()
            progress = self.store.progress(game.id, self.learner)
            seeds = self.store.seeds(game.id)
        except (PokerlabError, KeepError) as error:  # an unknown or ended code, a roster, storage trouble
            self.table.message = str(error)
            return
        self.game, self._seeds, self.hold = game, seeds, hold
        self._reviews, self._reports = {}, {}
        self.table.message = ""
        self.table.dollars = game.settings.dollars
        self.table.title = f"Class game {game.code}"
        if progress.deal_number > game.settings.deal_count:
            self.show_end()
            return
        match = ClassMatch(game.settings, seeds, self.learner.name)
        match.deal(progress.deal_number, progress.actions)
        self._stored = (progress.deal_number, len(progress.actions))
        self.match = match
        self.table.review = {}
        self.table.play(match)
        self._after_step()

    # --- storing every step --------------------------------------------------------------------------

    def guarded(self, play: Callable[[], None]) -> None:
        """One step of the deal (see the module docs): refused before the engine is asked when another
        tab has the game, stored (the result too) before anything is shown, undone when it could not be."""
        hold = self.hold
        if hold is None or not hold.holding:
            play()
            return
        try:
            hold.step(lambda: self._step(play))
        except GameTakenError:
            self._taken_over()
            return
        except ClassGameEndedError as ended:
            self._roll_back()
            try:
                hold.give_up()  # nothing more is played on this game
            except KeepError:
                hold.let_go()
            self.table.message = str(ended)
            self.show_end()
            return
        except (KeepError, PokerlabError) as error:
            self._roll_back()
            self.table.message = str(error)
            return
        self._after_step()

    def _step(self, play: Callable[[], None]) -> Step:
        play()
        game, learner, match = self.game, self.learner, self.match
        assert game is not None and learner is not None and match is not None and match.hand is not None
        hand, number = match.hand, match.deal_number
        also = None
        if hand.is_over and self._stored[0] == number:
            def also(connection: Any) -> None:
                if not self.store.record_result_in(connection, game.id, learner, number, match.learner_result(),  # type: ignore[arg-type]
                                                   hand.actions):
                    self.table.message = ("This deal was already played on another page: your first play of it is "
                                          "the one that counts.")
                self._stored = (number + 1, 0)
        elif not hand.is_over and self._stored != (number, len(hand.actions)):
            def also(connection: Any) -> None:
                self.store.save_progress_in(connection, game.id, learner, number, hand.actions)
                self._stored = (number, len(hand.actions))
        return Step({"game": game.id}, f"class game {game.code}, deal {number}", also=also)

    def _roll_back(self) -> None:
        """Back to the deal as stored: the step that could not be stored never happened."""
        game, learner = self.game, self.learner
        if game is None or learner is None:
            return
        try:
            progress = self.store.progress(game.id, learner)
        except PokerlabError as error:
            self.table.message = str(error)
            return
        self._stored = (progress.deal_number, len(progress.actions))
        if progress.deal_number > game.settings.deal_count:
            return
        match = ClassMatch(game.settings, self._seeds, learner.name)
        match.deal(progress.deal_number, progress.actions)
        self.match = self.table.match = match
        self.table.refresh()

    def _taken_over(self) -> None:
        if self.hold is not None:
            self.hold.let_go()
        self.match = self.table.match = None
        self.table.table, self.table.side, self.table.review = {}, {}, {}
        self.table.lobby = elsewhere_panel(self.title)
        self.table.screen = "lobby"

    def _after_step(self) -> None:
        """Once a step is stored: the coach's review of a finished deal (stored for the board), and
        the side panel."""
        match = self.match
        if match is None or match.hand is None or self.game is None:
            return
        number = match.deal_number
        if match.hand.is_over and number not in self._reviews:
            self._reviews[number] = {}
            try:
                review, decisions = review_decisions(match, self._seeds[number - 1])
                self.store.record_review(self.game.id, self.learner, number, decisions)  # type: ignore[arg-type]
                mine = [e for e in match.hand.events if e.seat == match.learner_seat
                        and e.kind in ("fold", "check", "call", "bet", "raise", "all_in", "draw")]
                self._reviews[number] = review_panel(review, number, bool(mine) and mine[0].kind == "fold")
            except PokerlabError as error:
                self.table.message = f"The coach could not review this deal: {error}"
        self.refresh_side()

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
                self.table.message = str(error)
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

    # --- intents -----------------------------------------------------------------------------------

    def next_deal(self) -> None:
        match, game = self.match, self.game
        if match is None or game is None or match.hand is None or not match.hand.is_over:
            return
        if match.is_over:
            self.show_end()
            return
        try:
            current = self.store.game(game.id)
        except PokerlabError as error:
            self.table.message = str(error)
            return
        if not current.is_open:
            self.table.message = "Your teacher has ended this class game; your results so far are kept."
            self.show_end()
            return

        def deal() -> None:
            match.deal()
            self.table.review = {}
            self.table.refresh()

        self.guarded(deal)

    def toggle_review(self) -> None:
        if self.table.review:
            self.table.review = {}
            return
        match = self.match
        if match is None or match.hand is None or not match.hand.is_over:
            self.table.message = "The review opens when a deal is over."
            return
        self.table.review = self._reviews.get(match.deal_number) or {}

    def _handle(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        fields = content.get("fields") or {}
        try:
            if kind == "next":
                self.next_deal()
            elif kind == "review":
                self.toggle_review()
            elif kind == "coach":
                self.table.message = "The coach sits out class games; its review opens after each deal."
            elif kind == "app" and content.get("id") == "join":
                self.join(str(fields.get("code", "")))
            elif kind == "app" and content.get("id") == "refresh" and self.game is not None:
                self.show_end()
        except ClassGameError as error:
            self.table.message = str(error)
