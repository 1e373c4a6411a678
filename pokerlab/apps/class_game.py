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

from pokerlab import language as lang
from pokerlab.apps.flow import DrawFlow
from pokerlab.apps.keep import Keeper
from pokerlab.classroom.class_games import ClassGameSettings, ClassMatch
from pokerlab.classroom.class_records import ClassGame
from pokerlab.classroom.deal_reports import deal_report, report_words
from pokerlab.classroom.figures import signed
from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.classroom.practice import CLASS_GAMES_ELSEWHERE, practice_server
from pokerlab.classroom.reviews import decisions_for_board
from pokerlab.classroom.store import ClassGameEndedError, ClassStore
from pokerlab.coach.hand_review import CLASS_REVIEW_TRIALS, review_seed
from pokerlab.dealer.words import text_of
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.storage import Learner
from pokerlab.storage.guarded import KeepError, said
from pokerlab.storage.hold import GameHold
from pokerlab.storage.slots import GameExistsError

TITLE = N_("Class game")
PURPOSE = N_("Your class game results are kept under this name, and your teacher sees them on the board.")
"""What the identity line says the name is for on this page."""
JOIN_WORDS = N_("Everyone in the class plays the same deals against the same opponents, so your score compares "
                "your play with the class's on the very same cards. The first play of each deal counts; you see how "
                "the others did on a deal once you have finished it.")
DEALS_HEAD = (N_("Deal"), N_("You"), N_("Class average"), N_("Played"), N_("Duplicate (big bets)"))
COACH_SITS_OUT = N_("The coach sits out class games; its review opens after each deal.")
NAME_FIRST = N_("Type your name first.")


def join_lobby(name: str | None, code: str, language: str) -> dict[str, Any]:
    """The lobby: the join form for the learner ``name`` (None: not known yet, so first their name)."""
    _ = lang.catalogue(language).gettext
    if name is None:
        return {"heading": _("Join a class game"),
                "paragraphs": [_("Your teacher has written a join code on the board. First, type your name above.")]}
    return {"heading": _("Join a class game"),
            "paragraphs": [_("Playing as {name}.").format(name=name), _(JOIN_WORDS)],
            "input": {"name": "code", "label": _("Join code"), "value": code},
            "buttons": [{"id": "join", "label": _("Join"), "primary": True}]}


def deal_rows(reports: list[dict[str, Any]], language: str) -> list[list[Any]]:
    """The learner's finished deals against the class (:meth:`DealReport.view` each), as table rows."""
    return [[report["number"], signed(report["mine"], language), signed(report["average"], language, 1),
             report["played"], signed(report["duplicate"], language, 2)] for report in reports]


def deals_tables(reports: list[dict[str, Any]], language: str, empty_too: bool = False) -> list[dict[str, Any]]:
    """The table of the learner's deals against the class (none before a deal is finished, unless ``empty_too``)."""
    if not reports and not empty_too:
        return []
    _ = lang.catalogue(language).gettext
    return [{"caption": _("Your deals against the class"), "head": [_(word) for word in DEALS_HEAD],
             "rows": deal_rows(reports, language)}]


def side_panel(code: str, settings: ClassGameSettings, deal_number: int, reports: list[dict[str, Any]],
               just_finished: bool, language: str) -> dict[str, Any]:
    """Beside the table: the game, the deal, how the class did on the deal just finished (``just_finished``:
    the last report is this deal's) and on every deal before."""
    _ = lang.catalogue(language).gettext
    paragraphs = [settings.describe(language) + ".",
                  _("Deal {number} of {count}.").format(number=deal_number, count=settings.deal_count)]
    if just_finished and reports:
        paragraphs.append(report_words(reports[-1], language))
    return {"heading": _("Class game {code}").format(code=code), "paragraphs": paragraphs,
            "tables": deals_tables(reports, language)}


def end_panel(code: str, deal_count: int, reports: list[dict[str, Any]], ended: bool, language: str) -> dict[str, Any]:
    """The end screen: every deal played (or the teacher ended the game), the duplicate score, a refresh."""
    _ = lang.catalogue(language).gettext
    total = sum(report["duplicate"] for report in reports)
    heading = (_("Class game {code}: your teacher has ended it") if ended
               else _("Class game {code}: all {count} deals played")).format(code=code, count=deal_count)
    return {
        "heading": heading,
        "paragraphs": [_("Your duplicate score: {total} big bets (your results against the class average on the same "
                         "cards).").format(total=signed(total, language, 2)),
                       _("Others may still be playing: refresh to see the latest averages.")],
        "tables": deals_tables(reports, language, empty_too=True),
        "buttons": [{"id": "refresh", "label": _("Refresh"), "primary": True}],
    }


class ClassGameFlow(DrawFlow):
    """The draw apps' flow in a class game's configuration (the widget is
    :class:`pokerlab.widgets.class_game.ClassGameApp`)."""

    title = TITLE

    def _prepare_class_game(self, store: ClassStore | None, store_opener: Callable[[], ClassStore]) -> None:
        """What a class game knows before the page's widgets exist."""
        self._store = store
        self._store_opener = store_opener
        self._key = new_key()
        """This page's key for a name typed in the lobby (the identity widget keeps one per browser)."""
        self.game: ClassGame | None = None
        self._seeds: tuple[int, ...] = ()
        self._reviewed: set[int] = set()
        self._stored: tuple[int, int] = (0, 0)
        """(deal number, actions) of the deal as last stored, so an unchanged step stores nothing."""

    def _start_flow(self, seed: int | None = None, learner: str | None = None) -> None:
        self._offer_languages()  # its lobby, table, panels and end screen are translated
        super()._start_flow(seed, learner)

    def _class_game_ready(self, learner: Learner | None) -> None:
        """Once the page is built: the learner given, the one the identity line knows, or the lobby."""
        self.identity.set_purpose(PURPOSE)
        self.table.title = self._(TITLE) if self.game is None else self._("Class game {code}").format(code=self.game.code)
        if learner is not None:
            self.identity.adopt(learner)
        elif self.identity.learner is None:
            self.show_lobby()

    def _language_changed(self, language: str) -> None:
        """Say the title, the lobby, the side panel and the end screen again in ``language`` (the table
        says its own view again)."""
        self.table.title = self._(TITLE) if self.game is None else self._("Class game {code}").format(code=self.game.code)
        screen = self.table.screen
        if screen == "lobby" and self.game is None and "heading" in self.table.lobby:
            self.show_lobby(str(self.table.lobby.get("input", {}).get("value", "")))
        elif screen == "end" and self.game is not None:
            self.show_end()
        elif screen == "table":
            self.refresh_side()

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
            self.table.lobby = {"heading": self._("Join a class game"), "paragraphs": [self._(CLASS_GAMES_ELSEWHERE)]}
        else:
            self.table.lobby = join_lobby(None if self.learner is None else self.learner.name, code,
                                          self.table.language)
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
            self.table.message = self._(CLASS_GAMES_ELSEWHERE)
            return
        if self.learner is None:
            self.table.message = self._(NAME_FIRST)
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
        except KeepError as error:  # storage trouble
            self.table.message = said(error, self.table.language)
            return
        except PokerlabError as error:  # an unknown or ended code, a roster
            self.table.message = text_of(error, self.table.language)
            return
        self.game, self._seeds, self.hold = game, seeds, hold
        self._reviewed = set()
        self.table.message = ""
        self.table.dollars = game.settings.dollars
        self.table.title = self._("Class game {code}").format(code=game.code)
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
                    self.table.message = self._("This deal was already played on another page: your first "
                                                "play of it is the one that counts.")
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
        return CLASS_REVIEW_TRIALS, review_seed(self._seeds[match.deal_number - 1])

    def reviewed(self, number: int, review: Any, events: list[Any]) -> None:
        try:
            self.store.record_review(self.game.id, self.learner, number,  # type: ignore[union-attr, arg-type]
                                     decisions_for_board(review, events, 0))
        except PokerlabError as error:
            with self.table.batch():
                self.table.message = self._("The coach's review of this deal could not be kept for your teacher: "
                                            "{error}").format(error=error)

    def toggle_coach(self) -> None:
        self.table.message = self._(COACH_SITS_OUT)

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
                self.table.message = self._("Your teacher has ended this class game; your results so far are kept.")
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
        reports = self._finished(finished)
        self.table.side = side_panel(game.code, game.settings, match.deal_number, reports,
                                     bool(reports) and reports[-1]["number"] == finished, self.table.language)

    def _finished(self, last: int) -> list[dict[str, Any]]:
        """The learner's reports on deals 1 to ``last`` (:meth:`DealReport.view`), as the class stands now."""
        assert self.game is not None and self.learner is not None
        reports = []
        for number in range(1, last + 1):
            try:
                report = deal_report(self.store, self.game, self.learner, number)
            except PokerlabError as error:
                self.table.message = text_of(error, self.table.language)
                continue
            if report is not None:
                reports.append(report.view())
        return reports

    def show_end(self) -> None:
        game = self.game
        assert game is not None
        self.table.end = end_panel(game.code, game.settings.deal_count, self._finished(game.settings.deal_count),
                                   False, self.table.language)
        self.table.screen = "end"


__all__ = ["ClassGameFlow", "PURPOSE", "TITLE", "decisions_for_board", "end_panel", "join_lobby", "side_panel"]
