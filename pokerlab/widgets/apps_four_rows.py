"""Four Rows with its learner: the identity line above the board, and the game in progress kept
after every move, so a reload (or the next visit) continues the same deal with the clock where it
stood. Practice deals (the same cards for everyone) are not kept.

>>> app = FourRowsApp(learner="Rowan", paused_clock=True)
>>> app.board._handle_custom_msg({"type": "move", "kind": "place", "row": 1}, [])
>>> FourRowsApp(learner="Rowan", paused_clock=True).board.game.moves == app.board.game.moves
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from pokerlab.storage import Learner
from pokerlab.widgets.apps import _named
from pokerlab.widgets.apps_keep import Keeper, KeepError
from pokerlab.widgets.four_rows import FourRowsWidget
from pokerlab.widgets.identity import IdentityWidget

APP_KEY = "four-rows"


class FourRowsApp(widgets.VBox):
    """``FourRowsApp()`` takes the same arguments as :class:`FourRowsWidget` (plus ``learner=`` for
    a notebook or a test that names the learner)."""

    def __init__(self, seed: int | None = None, learner: str | None = None, **kwargs: Any) -> None:
        self.board = FourRowsWidget(seed=seed, **kwargs)
        self.identity = IdentityWidget(on_learner=self._learner_known,
                                       purpose="pokerlab keeps your game under your name, so a reload goes on where you were.")
        self.keeper: Keeper | None = None
        self._kept_moves = -1
        self.board.on_change.append(self._keep)
        super().__init__([self.identity, self.board], layout=widgets.Layout(width="100%"))
        if learner is not None:
            self.identity.adopt(_named(learner))
        elif self.identity.learner is not None:
            self._learner_known(self.identity.learner)

    def _learner_known(self, learner: Learner) -> None:
        self.keeper = Keeper(learner)
        self._kept_moves = -1
        try:
            kept = self.keeper.slot(APP_KEY)
        except KeepError as error:
            self.board.message = str(error)
            return
        game = (kept or {}).get("game")
        if game and not game.get("over") and self.board._practice is None:
            try:
                self.board.resume(game)
            except (KeyError, TypeError, ValueError) as error:
                self.board.message = f"Your game in progress could not be continued ({error}); here is a new one."
                return
            self._kept_moves = len(self.board.game.moves)
            left = self.board.game.time_left()
            self.board.message = (f"Welcome back: your game goes on ({len(self.board.game.moves)} moves made, "
                                  f"{int(left) // 60}:{int(left) % 60:02d} left on the clock).")

    def _keep(self, board: FourRowsWidget) -> None:
        """After each move: keep the game (not a practice deal); clear it once it is over."""
        if self.keeper is None or board._practice is not None:
            return
        moves, over = len(board.game.moves), board.game.is_over
        if moves == self._kept_moves and not over:
            return  # a clock tick: nothing new to keep
        try:
            if over:
                self.keeper.drop(APP_KEY)
            elif moves:
                self.keeper.keep(APP_KEY, {"progress": f"{moves} moves", "game": board.kept()})
            self._kept_moves = moves
        except KeepError as error:
            board.message = str(error)


__all__ = ["FourRowsApp"]
