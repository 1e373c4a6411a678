"""The three draw-poker apps on a page: Five-Card Draw, Saloon Draw and the Tournament Ladder.

Each is its game's flow (:mod:`pokerlab.apps.games`, which tells what is kept, what survives a
reload and which deals can be replayed) on the draw apps' page (:class:`~pokerlab.widgets.apps_base.DrawApp`:
the identity line, the table, the coach below it). Nothing here decides anything.

>>> app = FiveCardDrawApp(seed=3, learner="Dana")
>>> app.table.screen
'lobby'
>>> app.start({"players": "3", "forced_bet": "antes", "ace_draw": "off", "level": "1"})
>>> app.table.screen, len(app.table.table["players"])
('table', 3)
"""
from __future__ import annotations

import os
from typing import Any

from pokerlab.apps.flow import (  # noqa: F401 - re-exported: the apps' public names
    SAVE_NAME,
    STARTING_STACK,
    _chips_now,
    _named,
    app_seed,
    stacks_for_tests,
)
from pokerlab.apps.games import FiveCardDrawFlow, LadderFlow, SaloonFlow
from pokerlab.apps.review_panels import review_panel
from pokerlab.dealer.client import URL_ENV_VAR
from pokerlab.widgets.apps_base import DrawApp
from pokerlab.widgets.ladder_service import ServiceLadderApp


class FiveCardDrawApp(FiveCardDrawFlow, DrawApp):
    """Rule book 002 against computer opponents: choose the table in the lobby, play to the end."""


class SaloonApp(SaloonFlow, DrawApp):
    """Rule book 003: spread limit in $5 steps, no all-in, out under $50; save between hands, restore."""


class LadderApp(LadderFlow, DrawApp):
    """Rule book 004: six levels paid from the learner's points wallet, a high score at level 6.

    Where a dealer runs (``POKERLAB_DEALER_URL`` set: ``make app``, a hub's servers) ``LadderApp()``
    is a :class:`~pokerlab.widgets.ladder_service.ServiceLadderApp`: the ladder played and settled
    in the dealer (:mod:`pokerlab.dealer.ladder_service`), so notebook 08 needs no change.
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        if os.environ.get(URL_ENV_VAR, "").strip():
            # not a LadderApp: its __init__ is not run again
            return ServiceLadderApp(learner=kwargs.get("learner"), language=kwargs.get("language"))
        return super().__new__(cls, *args, **kwargs)


__all__ = ["DrawApp", "FiveCardDrawApp", "LadderApp", "SaloonApp", "app_seed", "review_panel"]
