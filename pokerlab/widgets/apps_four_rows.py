"""Four Rows with its learner: the identity line above the board, and the game in progress kept
for the page that plays it, so a reload (or the next visit) continues the same deal.

The game's clock belongs to the server: the moment its four minutes started is kept with the game
(:class:`~pokerlab.rows.ServerClock`), so the time since then counts whatever the page did (a
reload gives no time back, and the page cannot pause it). Every move is one step of the page's
hold (:mod:`pokerlab.apps.hold`): a second tab takes the game over, and the first one then
learns nothing more from the deck, not even the next card. Practice deals (the same cards for
everyone) are not kept.

>>> app = FourRowsApp(learner="Rowan", paused_clock=True)
>>> app.board._handle_custom_msg({"type": "move", "kind": "place", "row": 1}, [])
>>> FourRowsApp(learner="Rowan", paused_clock=True).board.game.moves == app.board.game.moves
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from pokerlab.apps.flow import _named
from pokerlab.apps.hold import GameHold, Step
from pokerlab.apps.keep import Keeper, KeepError
from pokerlab.storage import Learner
from pokerlab.storage.slots import GameExistsError, GameTakenError
from pokerlab.widgets.four_rows import FourRowsWidget
from pokerlab.widgets.identity import IdentityWidget

APP_KEY = "four-rows"


class FourRowsApp(widgets.VBox):
    """``FourRowsApp()`` takes the same arguments as :class:`FourRowsWidget` (plus ``learner=`` for
    a notebook or a test that names the learner)."""

    def __init__(self, seed: int | None = None, learner: str | None = None, **kwargs: Any) -> None:
        self.board = FourRowsWidget(seed=seed, **kwargs)
        self.board.guard = self._guarded
        self.identity = IdentityWidget(on_learner=self._learner_known,
                                       purpose="pokerlab keeps your game under your name, so a reload goes on where you were.")
        self.keeper: Keeper | None = None
        self.hold: GameHold | None = None
        super().__init__([self.identity, self.board], layout=widgets.Layout(width="100%"))
        if learner is not None:
            self.identity.adopt(_named(learner))
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
            self.board.message = str(error)
            return
        except (KeyError, TypeError, ValueError) as error:
            self.hold.give_up()
            self.board.message = f"Your game in progress could not be continued ({error}); here is a new one."
            self._keep_new()
            return
        game = self.board.game
        if game.is_over:  # its time ran out while the learner was away
            self._guarded(lambda: None)
            self.board.message = f"Your last game's time ran out while you were away: it scored {game.score:,}."
            return
        left = game.time_left()
        self.board.message = (f"Welcome back: your game goes on ({len(game.moves)} moves made, "
                              f"{int(left) // 60}:{int(left) % 60:02d} left on the clock).")

    def _keep_new(self) -> None:
        """Keep the game on the board (a fresh deal) for this page."""
        assert self.hold is not None
        try:
            self.hold.start(self.board.kept(), "0 moves")
        except GameExistsError:  # another tab started one just now: this page takes it over
            self._learner_known(self.hold.learner)
        except KeepError as error:
            self.board.message = str(error)

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
            self.board.message = "This game continues in your other tab. Reload this page to play it here."
            self.board.resume(before)
        except KeepError as error:
            self.board.resume(before)
            self.board.message = str(error)

    def _step(self, play: Callable[[], None]) -> Step:
        play()
        board = self.board
        if board.practice is not None or board.game.is_over:
            return Step(None)
        return Step(board.kept(), f"{len(board.game.moves)} moves")

    def _stopped(self, play: Callable[[], None]) -> None:
        self.board.message = "This game continues in your other tab. Reload this page to play it here."


__all__ = ["FourRowsApp"]
