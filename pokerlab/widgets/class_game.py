"""The learner's side of a class game: join with the teacher's code, play the deals in order.

The table is the usual :class:`~pokerlab.widgets.table.DrawTable`; a :class:`ClassMatch` drives it.
What reaches the browser: the learner's own view of the deal being played, and for each deal the
learner has *finished*, the spread of the class's results on it (no names). The deal seeds stay in
this kernel (read from the database by the server); no trait, panel or message carries them.

Every step of the deal (the learner's action, an opponent's) is stored as it happens, before the
table shows its outcome, so leaving the page and coming back resumes the same deal at the same
point; a finished deal's result is stored before the learner sees it, and only the first play
counts. Each step is one step of the page's hold on the game (:mod:`pokerlab.storage.hold`):
a second tab of the same learner takes the game over and the first learns nothing more. Once the
teacher has ended the game nothing more is stored: a deal in progress then stops unrecorded.
After each deal the coach reviews the learner's decisions (as in the apps: in a thread, with the
table's bet cap, seeded by the deal so the same decisions get the same review for everyone) and the
review is stored for the teacher's board. The live coach is not offered during a class game.

The app is the draw apps' own flow (:class:`~pokerlab.apps.class_game.ClassGameFlow`) in a class
game's configuration: the lobby is the join form, the hold is on this game, each step also stores
the deal's progress or result, and a finished deal is reviewed for the board.

Where a dealer runs (``POKERLAB_DEALER_URL`` is set: ``make app``, and every learner's server on a
hub), :func:`class_game_page` gives :class:`ServiceClassGameApp` instead: the same page with the game
dealt, played and settled in the dealer (:mod:`pokerlab.dealer.class_service`), so this kernel holds
no seed and no result. Notebook 09 uses :func:`class_game_page`.

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

import os
from collections.abc import Callable

import ipywidgets as widgets

from pokerlab.apps.class_game import (  # noqa: F401 - re-exported
    PURPOSE,
    TITLE,
    ClassGameFlow,
    decisions_for_board,
)
from pokerlab.apps.class_game_service import ServiceClassGameFlow
from pokerlab.classroom.store import ClassStore, open_class_store
from pokerlab.dealer.client import URL_ENV_VAR, DealerClient
from pokerlab.storage import Learner
from pokerlab.widgets.apps_base import DrawApp
from pokerlab.widgets.live import dealer_page_widgets


class ClassGameApp(ClassGameFlow, DrawApp):
    """Join a class game and play its deals. ``store``: the class games' database (default: the one
    pokerlab is set up to use); ``learner``: the learner when already known (else the identity
    widget above the table finds out: the JupyterHub user, or the name this browser holds);
    ``language``: the page's language (a lesson in Spanish says ``"es"``; None: the browser's choose)."""

    def __init__(self, store: ClassStore | None = None, learner: Learner | None = None,
                 store_opener: Callable[[], ClassStore] = open_class_store, language: str | None = None) -> None:
        self._prepare_class_game(store, store_opener)
        DrawApp.__init__(self, language=language)
        self._class_game_ready(learner)


class ServiceClassGameApp(ServiceClassGameFlow, widgets.VBox):
    """A class game played in the dealer: the identity line and the table (no coach: it sits out
    class games). ``learner``: a learner named in code (a test); ``client``: the dealer's client
    (default: the one at ``POKERLAB_DEALER_URL``); ``language``: as :class:`ClassGameApp`'s."""

    def __init__(self, learner: str | None = None, client: DealerClient | None = None,
                 language: str | None = None) -> None:
        self.table, self.identity = dealer_page_widgets(self._handle, self._learner_known, TITLE, PURPOSE, language)
        super().__init__([self.identity, self.table], layout=widgets.Layout(width="100%"))
        self._start_service_flow(learner, client)


def class_game_page(language: str | None = None) -> ClassGameApp | ServiceClassGameApp:
    """The class-game page: played in the dealer where one runs (``POKERLAB_DEALER_URL`` set), else
    in this kernel on pokerlab's database (a notebook on one machine without the dealer); ``language``:
    the page's (a lesson in Spanish says ``"es"``; None: the browser's languages choose)."""
    if os.environ.get(URL_ENV_VAR, "").strip():
        return ServiceClassGameApp(language=language)
    return ClassGameApp(language=language)
