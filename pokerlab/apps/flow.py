"""The draw apps' flow, with no widget of its own: :class:`DrawFlow` ties who is playing, the table,
the learner's kept game (every step held, stored and settled: :mod:`pokerlab.storage.hold`), seeds and
the decision review together. The apps' games (:mod:`pokerlab.apps.games`) configure it, and the
widgets (:mod:`pokerlab.widgets.apps_base`) give it its table, identity line and coach: a flow
reads and sets the table's traits and the identity's ``in_game``, and asks the widget to show or
hide the coach, nothing more.

Its parts that stand on their own are mixed in from their modules: the game in progress across
pages (:mod:`pokerlab.apps.game_in_progress`), My hands (:mod:`pokerlab.apps.hand_keeping`) and the
decision review (:mod:`pokerlab.apps.decision_review`); which seed deals is
:mod:`pokerlab.apps.seeds`', and a learner named in code :mod:`pokerlab.apps.named_in_code`'s. The
names those modules had here before stay importable from here (the widgets re-export them).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

from pokerlab.apps import shared_panels
from pokerlab.apps.decision_review import DecisionReview
from pokerlab.apps.game_in_progress import GameInProgress
from pokerlab.apps.hand_keeping import HandKeeping
from pokerlab.apps.keep import Keeper
from pokerlab.apps.named_in_code import code_key, named_learner
from pokerlab.apps.seeds import Query, SeededDeals, app_seed, is_test_mode, stacks_for_tests, test_mode
from pokerlab.coach.hand_review import REVIEW_TRIALS, review_seed
from pokerlab.errors import PokerlabError
from pokerlab.ladder import Award, Entry, LadderError
from pokerlab.language import LANGUAGES, N_, gettext, menu
from pokerlab.match import Match
from pokerlab.storage import Learner
from pokerlab.storage.errors import StorageError
from pokerlab.storage.guarded import KeepError, guarded, said
from pokerlab.storage.hold import GameHold, Step
from pokerlab.storage.learners import keep_language, language_of
from pokerlab.storage.slots import GameExistsError, GameTakenError

SAVE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,63}")
"""A save name the learner may type: a name in the saves folder, never a path."""
STARTING_STACK = 500


class DrawFlow(SeededDeals, GameInProgress, HandKeeping, DecisionReview):
    """What the three apps share: who is playing, the table, seeds, keeping the game, the review.

    A widget that mixes this in gives it ``table`` (a :class:`~pokerlab.widgets.table.DrawTable`)
    and ``identity`` (an :class:`~pokerlab.widgets.identity.IdentityWidget` calling
    :meth:`_learner_known` and :meth:`_query_known`), then calls :meth:`_start_flow`; it may show a
    coach through :meth:`toggle_coach` and :meth:`_close_coach`.
    """

    title = ""
    app_key = ""
    """Names this app's game in progress in the learner's data."""
    practice_allowed = False
    """``?seed=`` makes a practice deal (nothing kept) rather than being ignored."""
    table: Any
    identity: Any

    def _start_flow(self, seed: int | None = None, learner: str | None = None) -> None:
        self.given_seed = seed
        self.query: Query = {}
        self.match_count = 0
        self.learner: Learner | None = None
        self.keeper: Keeper | None = None
        self.session = secrets.token_hex(8)
        """This page's name when it holds the learner's game in progress."""
        self.hold: GameHold | None = None
        """This page's hold on the learner's game in progress (None until the learner is known)."""
        self._start_keeping()
        self.table.guard = self.guarded
        self.table.on_language.append(self._keep_language)
        self._start_review()
        self.table.lobby = shared_panels.waiting_panel(self.title, self.table.language)
        self.table.screen = "lobby"
        if learner is not None:  # a notebook or a test names the learner (no browser needed)
            self.identity.adopt(named_learner(learner))
        elif self.identity.learner is not None:  # JupyterHub
            self._learner_known(self.identity.learner)

    # --- each app defines these (a widget mixing this in cannot also be an abc.ABC) ------------

    def show_lobby(self) -> None:
        """Put the app's lobby on the table."""
        raise NotImplementedError(f"{type(self).__name__} must define show_lobby")

    def start(self, fields: dict[str, str]) -> None:
        """Start a match from the lobby's fields."""
        raise NotImplementedError(f"{type(self).__name__} must define start")

    def show_end(self) -> None:
        """Put the end-of-match screen on the table."""
        raise NotImplementedError(f"{type(self).__name__} must define show_end")

    def app_intent(self, name: str, value: Any, fields: dict[str, str]) -> None:
        """Buttons of the lobby, side panel and end screen other than Start."""

    def match_finished(self) -> bool:
        """True when the app should show its end screen instead of dealing again."""
        return self.table.match.is_over

    def kept_game(self) -> dict[str, Any] | None:
        """The game in progress as plain data (None: nothing to keep, the game is over)."""
        match = self.table.match
        if match is None or self.match_finished():
            return None
        return {"match": match.to_json()}

    def restore_game(self, game: dict[str, Any]) -> None:
        """Rebuild the game kept by :meth:`kept_game` at the table (nothing is shown yet)."""
        self.table.match = Match.from_json(game["match"])

    def resume(self) -> None:
        """Show the game just continued (:meth:`restore_game`) where it was left."""
        self.sit_down(self.table.match)

    def entry(self) -> Entry | None:
        """What starting the game at the table costs (None: nothing; the Ladder's levels cost points)."""
        return None

    def award(self) -> Award | None:
        """What the game at the table settles now (None: nothing; the Ladder settles a finished level)."""
        return None

    def settled(self, award: Award) -> None:
        """``award`` is stored: the app shows it from now on."""

    def step_writes(self) -> Callable[[Any], None] | None:
        """Further writes that belong to the step just played, in its transaction (a class game's
        progress or result); None: nothing more."""
        return None

    def step_refused(self, refusal: PokerlabError) -> None:
        """A step's writes were refused (the step was undone): say why."""
        self.table.message = str(refusal)

    def stepped(self) -> None:
        """A step is stored and shown (a class game then reviews a finished deal for the board)."""

    def review_settings(self) -> tuple[int, int]:
        """Simulated deals per equity, and the seed, of the review of the hand just finished."""
        match = self.table.match
        return REVIEW_TRIALS, review_seed(match.seed, match.hand_number)

    def progress_text(self) -> str:
        """The game in progress in a few words, kept with it in English (said again in the page's
        language where it is shown: :func:`~pokerlab.apps.shared_panels.progress_words`)."""
        return N_("hand {number}, {chips} chips").format(number=self.table.match.hand_number,
                                                          chips=f"{chips_now(self.table.match):,}")

    def _(self, message: str) -> str:
        """``message`` in the table's language."""
        return gettext(self.table.language, message)

    def refusal_words(self, text: str) -> str:
        """A refusal raised in English (the game's own, such as the ladder's short wallet) in the
        table's language; an app that knows its refusals' messages says them again."""
        return text

    def give_up_game(self, game: dict[str, Any]) -> str:
        """The learner chose "New game" over ``game``; returns what to tell them ("" for nothing)."""
        return ""

    # --- the page's language -----------------------------------------------------------------------

    def _offer_languages(self) -> None:
        """This app's lobby, table, panels and end screen are translated: the table offers the languages,
        and what it shows is said again in the one the learner picks (:meth:`_language_changed`)."""
        self.table.languages = menu(LANGUAGES)
        self.table.on_language.append(self._language_changed)

    def _language_changed(self, language: str) -> None:
        """Say the page again in ``language``: the lobby until the learner is known, else :meth:`say_again`."""
        if self.table.screen == "lobby" and self.learner is None:
            self.table.lobby = shared_panels.waiting_panel(self.title, language)
        else:
            self.say_again(self.table.screen, language)

    def say_again(self, screen: str, language: str) -> None:
        """Say ``screen`` (the lobby once the learner is known, the table or the end) again in ``language``."""

    def lobby_offers(self, *buttons: str) -> bool:
        """The lobby on the table has one of ``buttons`` (by their ids)."""
        return any(button.get("id") in buttons for button in self.table.lobby.get("buttons", ()))

    # --- who is playing -------------------------------------------------------------------------

    def _query_known(self, query: Query) -> None:
        self.query = query
        self.refresh_practice()

    def _learner_known(self, learner: Learner) -> None:
        if self.learner == learner and self.keeper is not None:
            return
        self.learner = learner
        self.keeper = Keeper(learner)
        self.hold = GameHold(learner, self.app_key, self.session) if self.app_key else None
        self.table.message = ""
        if not self.table.language_chosen:  # the page did not choose: the learner's own choice, if any
            try:
                kept = language_of(None, learner)
            except (StorageError, PokerlabError):
                kept = None  # the language is a nicety: the page works in the browser's
            if kept is not None:
                self.table.set_language(kept)
        self.offer_continue_or_lobby()

    def _keep_language(self, language: str) -> None:
        """The learner picked ``language`` on the page: keep it for them (not the browser's guess)."""
        if self.learner is None or not self.table.language_chosen:
            return
        learner = self.learner
        try:
            if guarded(N_("read your language"), lambda: language_of(None, learner)) != language:
                guarded(N_("keep your language"), lambda: keep_language(None, learner, language))
        except PokerlabError as error:  # a storage failure, or a language the learner store refuses
            self.table.message = said(error, self.table.language)

    # --- shared flow --------------------------------------------------------------------------

    def begin(self, match: Match) -> bool:
        """Sit down at the new match ``match``. It is kept for this page first, with the app's entry
        cost (:meth:`entry`) in the same transaction; if that fails nothing is shown or paid, the
        page says why and False is returned."""
        if match.hand is None or (match.hand.is_over and not match.is_over):
            match.deal()  # a new match, or a restored save that continues with a new hand
        previous, self.table.match = self.table.match, match
        if self.hold is not None and not self.practice:
            try:
                self.hold.start(self.kept_game() or {}, self.progress_text(), entry=self.entry())
            except GameExistsError:
                self.table.match = previous
                self.offer_continue_or_lobby()
                self.table.message = self._("You already have a game in progress, perhaps in another tab: "
                                               "continue it here, or give it up with New game.")
                return False
            except (KeepError, LadderError, PokerlabError) as error:
                self.table.match = previous
                self.table.message = (said(error, self.table.language) if isinstance(error, KeepError)
                                      else self.refusal_words(str(error)))
                return False
        self.sit_down(match)
        return True

    def sit_down(self, match: Match) -> None:
        """Show ``match`` at the table (kept for this page already, or a practice game)."""
        self._close_coach()
        self.table.review = {}
        self.table.play(match)
        self.identity.in_game = bool(match.hand is not None and not match.hand.is_over)
        self.refresh_side()

    def refresh_side(self) -> None:
        """The app's panel beside the table (default: none)."""

    def next_hand(self) -> None:
        match = self.table.match
        if match is None or match.hand is None or not match.hand.is_over:
            return
        if self.match_finished():
            self._close_coach()
            self.show_end()
            self.table.screen = "end"
            self.identity.in_game = False
            return

        def deal() -> None:
            match.deal()
            self.table.review = {}
            self.table.refresh()
            self.refresh_side()

        self.guarded(deal)

    # --- every step that moves the game -----------------------------------------------------------

    def guarded(self, play: Callable[[], None]) -> None:
        """Run ``play`` (an intent that moves the game) as one step of this page's hold: refused
        before the engine is asked when another tab has the game, stored (and settled) at once,
        and undone when it could not be stored (see :mod:`pokerlab.storage.hold`)."""
        hold = self.hold
        if hold is None or not hold.holding or self.practice:
            play()
            award = self.award()
            if award is not None:  # a learner nobody knows yet: the app settles in memory
                self.settled(award)
        else:
            self._keeping = None
            try:
                outcome = hold.step(lambda: self._step(play))
            except GameTakenError:
                self._taken_over()
                return
            except KeepError as error:
                self._roll_back(hold)
                self.table.message = said(error, self.table.language)
                return
            except PokerlabError as refusal:  # the step's own writes refused it (a class game ended)
                self._roll_back(hold)
                self.step_refused(refusal)
                return
            if self._keeping is not None:
                self._kept_hands.add(self._keeping)
                if self.table.match is not None:  # the hand's result links to My hands
                    self.table.kept_hand = self.table.match.hand_number
            if outcome.award is not None:
                self.settled(outcome.award)
        match = self.table.match
        self.identity.in_game = bool(match is not None and match.hand is not None and not match.hand.is_over)
        self.stepped()

    def _step(self, play: Callable[[], None]) -> Step:
        play()
        return Step(self.kept_game(), self.progress_text() if self.table.match is not None else "", self.award(),
                    _both(self.step_writes(), self._keep_finished_hand()))

    def _handle(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        fields = content.get("fields") or {}
        if not isinstance(fields, dict):
            fields = {}
        try:
            if kind == "start":
                self.start(fields)
            elif kind == "next":
                self.next_hand()
            elif kind == "coach":
                self.toggle_coach()
            elif kind == "review":
                self.toggle_review()
            elif kind == "app":
                self._app_button(str(content.get("id")), content.get("value"), fields)
        except KeepError as error:  # a storage failure: say so, keep the game in memory
            self.table.message = said(error, self.table.language)

    def _app_button(self, name: str, value: Any, fields: dict[str, str]) -> None:
        if self.keeper is None and name not in ("again", "lobby"):
            self.table.message = self._("Tell pokerlab your name first (just above the table): it keeps this "
                                           "under your name.")
        elif name == "continue":
            self._continue()
        elif name == "new":
            self._new_game()
        else:
            self.app_intent(name, value, fields)

    # --- the coach: the widget's ------------------------------------------------------------------

    def toggle_coach(self) -> None:
        """Open or close the coach beside the table (a flow whose widget has none says so)."""
        self.table.message = self._("There is no coach on this page.")

    def _close_coach(self) -> None:
        """Hide the coach (a flow whose widget has none has nothing to hide)."""


def _both(first: Callable[[Any], None] | None, second: Callable[[Any], None] | None) -> Callable[[Any], None] | None:
    """Two writes of one step as one (either may be None)."""
    if first is None or second is None:
        return first or second

    def both(connection: Any) -> None:
        first(connection)
        second(connection)

    return both


def chips_now(match: Match) -> int:
    """The learner's chips in front of them now (during a hand: after what they have put in)."""
    return match.stacks_now()[match.learner_seat]


_chips_now = chips_now
_named = named_learner
"""The old names of :func:`chips_now` and :func:`~pokerlab.apps.named_in_code.named_learner`, which
:mod:`pokerlab.widgets.apps` and :mod:`pokerlab.widgets.apps_base` still re-export."""


__all__ = ["SAVE_NAME", "STARTING_STACK", "DrawFlow", "Query", "app_seed", "chips_now", "code_key", "is_test_mode",
           "stacks_for_tests", "test_mode"]

