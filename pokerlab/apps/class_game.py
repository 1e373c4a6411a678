"""A class game's flow: join with the teacher's code, play the deals in order (the widget is
:class:`pokerlab.widgets.class_game.ClassGameApp`, which has the page-level story and an example).

What reaches the browser: the learner's own view of the deal being played, and for each deal the
learner has *finished*, the spread of the class's results on it (no names). The deal seeds stay in
this process (read from the database by the server); no trait, panel or message carries them.

This is the draw apps' own flow (:class:`~pokerlab.apps.flow.DrawFlow`) configured for a class game:
the lobby is the join form, the hold is on this game, each step also stores the deal's progress or
result, and a finished deal is reviewed for the board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerlab.apps.flow import DrawFlow
from pokerlab.apps.hold import GameHold
from pokerlab.apps.keep import Keeper, KeepError
from pokerlab.classroom.board import deal_report
from pokerlab.classroom.class_games import ClassMatch
from pokerlab.classroom.identity import claim, new_key
from pokerlab.classroom.store import ClassGame, ClassGameEndedError, ClassStore
from pokerlab.errors import PokerlabError
from pokerlab.storage import Learner
from pokerlab.storage.slots import GameExistsError

REVIEW_TRIALS = 3_000
"""Simulated deals per equity in a class game's review (the same for every learner on a deal)."""


def decisions_for_board(review: Any, events: list[Any], seat: int) -> list[dict[str, Any]]:
    """One dict per reviewed decision for the teacher's board: stage, played, coach, matches, chips
    given up, and at the draw the cards kept."""
    thrown = next((tuple(event.cards) for event in events if event.kind == "draw" and event.seat == seat), None)
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
    return decisions


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
            self.table.message = str(error)
            return
        self.identity.adopt(learner, self._key)

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
            self.table.message = str(error)
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
        return REVIEW_TRIALS, self._seeds[match.deal_number - 1] % 2**32

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
                self.table.message = str(error)
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


__all__ = ["ClassGameFlow", "REVIEW_TRIALS", "decisions_for_board"]
