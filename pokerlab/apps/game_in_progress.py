"""The learner's game in progress across pages, in the draw apps' flow (:class:`GameInProgress`,
mixed into :class:`~pokerlab.apps.flow.DrawFlow`): "Continue your game" or the lobby, continuing
it here, giving it up for a new one, losing it to another tab, and putting it back as last stored
when a step could not be stored. Apart from the flow because these are the answers to what the
hold (:mod:`pokerlab.storage.hold`) says, not the course of a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerlab.apps import shared_panels
from pokerlab.ladder import LadderError
from pokerlab.match import MatchError
from pokerlab.storage import Learner
from pokerlab.storage.guarded import KeepError, said
from pokerlab.storage.hold import GameHold


class GameInProgress:
    """The flow mixing this in gives ``table``, ``identity``, ``title``, ``hold``, ``learner`` and the
    app's hooks used here (``show_lobby``, ``restore_game``, ``resume``, ``give_up_game``,
    ``progress_text``, ``_close_coach``)."""

    title: str
    table: Any
    identity: Any
    hold: GameHold | None
    learner: Learner | None
    _: Callable[[str], str]
    show_lobby: Callable[[], None]
    restore_game: Callable[[dict[str, Any]], None]
    resume: Callable[[], None]
    give_up_game: Callable[[dict[str, Any]], str]
    progress_text: Callable[[], str]
    _close_coach: Callable[[], None]

    def offer_continue_or_lobby(self) -> None:
        """"Continue your game" when one is kept for the learner, else the lobby."""
        kept = None
        if self.hold is not None:
            try:
                kept = self.hold.peek()
            except KeepError as error:
                self.table.lobby = shared_panels.damaged_panel(self.title, said(error, self.table.language),
                                                        self.table.language)
                self.table.screen = "lobby"
                self.identity.in_game = False
                return
        if kept is not None:
            name = self.learner.name if self.learner else self._("you")
            self.table.lobby = shared_panels.continue_panel(self.title, name, kept.summary, self.table.language)
            self.table.screen = "lobby"
            self.identity.in_game = False
        else:
            self.show_lobby()

    def _roll_back(self, hold: GameHold) -> None:
        """Put the game back as it was last stored: the step that failed to be stored never happened."""
        if hold.kept is None:
            return
        try:
            self.restore_game(hold.kept)
        except (MatchError, LadderError) as error:
            self.table.message = self._("Your game could not be put back ({error}); reload the page.").format(
                error=error)
            return
        self.table.refresh()

    def _continue(self) -> None:
        assert self.hold is not None
        kept = self.hold.take_over()
        if kept is None:
            self.table.message = self._("There is no game in progress to continue any more; here is the lobby.")
            self.show_lobby()
            return
        try:
            self.restore_game(kept.state)
        except (MatchError, LadderError) as error:
            self.hold.let_go()
            self.table.lobby = shared_panels.damaged_panel(
                self.title, self._("Your game in progress could not be continued ({error}).").format(error=error),
                self.table.language)
            self.table.screen = "lobby"
            return
        self.resume()
        self.table.message = self._("Welcome back: {progress}.").format(
            progress=shared_panels.progress_words(self.progress_text(), self.table.language))

    def _new_game(self) -> None:
        assert self.hold is not None
        note = ""
        try:
            kept = self.hold.peek()
        except KeepError:
            kept = None  # a damaged game: given up all the same
        if kept is not None:
            note = self.give_up_game(kept.state)
        self.hold.give_up()
        self.show_lobby()
        self.table.message = note

    def _taken_over(self) -> None:
        """Another tab has the game now: this page stops and says so (it learned nothing more)."""
        if self.hold is not None:
            self.hold.let_go()
        self.identity.in_game = False
        self._close_coach()
        self.table.match = None
        self.table.review = {}
        self.table.table = {}
        self.table.side = {}
        self.table.lobby = shared_panels.elsewhere_panel(self.title, self.table.language)
        self.table.screen = "lobby"


__all__ = ["GameInProgress"]
