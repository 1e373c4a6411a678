"""Four Rows' flow with its learner: the game in progress kept for the page that plays it, so a
reload (or the next visit) continues the same deal; every move is one step of the page's hold
(:mod:`pokerlab.storage.hold`). The widget is :class:`pokerlab.widgets.apps_four_rows.FourRowsApp`,
whose docstring tells the page-level story; this module imports no ipywidgets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerlab.apps.keep import Keeper
from pokerlab.apps.named_in_code import named_learner
from pokerlab.language import N_, format_number
from pokerlab.storage import Learner
from pokerlab.storage.guarded import KeepError
from pokerlab.storage.hold import GameHold, Step
from pokerlab.storage.slots import GameExistsError, GameTakenError

APP_KEY = "four-rows"
OTHER_TAB = N_("This game continues in your other tab. Reload this page to play it here.")


class FourRowsFlow:
    """What Four Rows does with its learner. The page provides ``self.board`` (the Four Rows
    widget: ``game``, ``practice``, ``message``, ``guard``, ``kept()``, ``resume()``) and
    ``self.identity`` (the identity line)."""

    board: Any
    identity: Any

    def _start_flow(self, learner: str | None) -> None:
        self.keeper: Keeper | None = None
        self.hold: GameHold | None = None
        self.board.guard = self._guarded
        if learner is not None:
            self.identity.adopt(named_learner(learner))
        elif self.identity.learner is not None:
            self._learner_known(self.identity.learner)

    def _learner_known(self, learner: Learner) -> None:
        self.keeper = Keeper(learner)
        self.hold = GameHold(learner, APP_KEY)
        if self.board.practice is not None:
            return
        try:
            kept = self.hold.take_over()  # the newest page plays the game; an older one stops
            if kept is None:
                self._keep_new()
                return
            self.board.resume(kept.state)
        except KeepError as error:
            self.board.message = self._said(error)
            return
        except (KeyError, TypeError, ValueError) as error:
            self.hold.give_up()
            self.board.message = self.board.say(N_("Your game in progress could not be continued ({error}); here is a new one."),
                                                error=str(error))
            self._keep_new()
            return
        game = self.board.game
        if game.is_over:  # its time ran out while the learner was away
            self._guarded(lambda: None)
            self.board.message = self.board.say(N_("Your last game's time ran out while you were away: it scored {score}."),
                                                score=format_number(game.score, self.board.language))
            return
        left = game.time_left()
        self.board.message = self.board.say(N_("Welcome back: your game goes on ({moves} moves made, {clock} left on the clock)."),
                                            moves=len(game.moves), clock=f"{int(left) // 60}:{int(left) % 60:02d}")

    def _said(self, error: KeepError) -> str:
        """A storage failure's message in the board's language."""
        return error.text(self.board.language)

    def _keep_new(self) -> None:
        """Keep the game on the board (a fresh deal) for this page."""
        assert self.hold is not None
        try:
            self.hold.start(self.board.kept(), "0 moves")
        except GameExistsError:  # another tab started one just now: this page takes it over
            self._learner_known(self.hold.learner)
        except KeepError as error:
            self.board.message = self._said(error)

    def _guarded(self, play: Callable[[], None]) -> None:
        """A move, a new deal or a time-out, as one step of this page's hold (not for practice deals)."""
        hold = self.hold
        if hold is None:
            play()
            return
        if not hold.holding:  # nothing kept (a practice deal, a game that ended): a new deal is kept for this page
            play()
            if self.board.practice is None and not self.board.game.is_over:
                self._keep_new()
            return
        before = self.board.kept()
        try:
            hold.step(lambda: self._step(play))
        except GameTakenError:
            self.board.guard = self._stopped
            self.board.message = self.board.say(OTHER_TAB)
            self.board.resume(before)
        except KeepError as error:
            self.board.resume(before)
            self.board.message = self._said(error)

    def _step(self, play: Callable[[], None]) -> Step:
        play()
        board = self.board
        if board.practice is not None or board.game.is_over:
            return Step(None)
        return Step(board.kept(), f"{len(board.game.moves)} moves")

    def _stopped(self, play: Callable[[], None]) -> None:
        self.board.message = self.board.say(OTHER_TAB)



__all__ = ["APP_KEY", "FourRowsFlow"]
