"""Four Rows with its learner: the identity line above the board, and the game in progress kept
for the page that plays it, so a reload (or the next visit) continues the same deal.

The game's clock belongs to the server: the moment its four minutes started is kept with the game
(:class:`~pokerlab.rows.clocks.ServerClock`), so the time since then counts whatever the page did (a
reload gives no time back, and the page cannot pause it). Every move is one step of the page's
hold (:mod:`pokerlab.storage.hold`): a second tab takes the game over, and the first one then
learns nothing more from the deck, not even the next card. Practice deals (the same cards for
everyone) are not kept.

>>> app = FourRowsApp(learner="Rowan", paused_clock=True)
>>> app.board._handle_custom_msg({"type": "move", "kind": "place", "row": 1}, [])
>>> FourRowsApp(learner="Rowan", paused_clock=True).board.game.moves == app.board.game.moves
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from pokerlab.apps.four_rows import APP_KEY, FourRowsFlow  # noqa: F401 - re-exported
from pokerlab.language import N_
from pokerlab.widgets.four_rows import FourRowsWidget
from pokerlab.widgets.identity import IdentityWidget


class FourRowsApp(FourRowsFlow, widgets.VBox):
    """``FourRowsApp()`` takes the same arguments as :class:`FourRowsWidget` (plus ``learner=`` for
    a notebook or a test that names the learner); ``language="es"`` for a lesson in Spanish."""

    def __init__(self, seed: int | None = None, learner: str | None = None, **kwargs: Any) -> None:
        self.board = FourRowsWidget(seed=seed, **kwargs)
        self.identity = IdentityWidget(on_learner=self._learner_known, language=self.board.language,
                                       purpose=N_("pokerlab keeps your game under your name, so a reload goes on where you were."))
        self.board.on_language.append(self.identity.set_language)
        super().__init__([self.identity, self.board], layout=widgets.Layout(width="100%"))
        self._start_flow(learner)


__all__ = ["FourRowsApp"]
