"""Live tables in a page: the lobby, and a seat at a table where learners play each other.

The page holds no cards and no deck. Everything happens in the dealer (:mod:`pokerlab.dealer`):
this page signs in with the learner's name and the key their browser holds for it (the dealer
checks it), sends intents ("sit down", "raise", "I have read the result") and draws the views the
dealer pushes, which hold only what this learner's seat may know. A view arrives in the table
link's thread and is drawn under the table's lock, one state message per view.

After each hand the learner may open the coach's review of their own decisions; it is worked out
here from that learner's own view of the hand (the events as their seat saw them), so it knows
nothing they did not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from pokerlab.apps.live_tables import TITLE, LiveTablesFlow
from pokerlab.dealer.client import DealerClient
from pokerlab.language import DEFAULT, LANGUAGES, N_, gettext, menu
from pokerlab.storage import Learner
from pokerlab.widgets.identity import IdentityWidget
from pokerlab.widgets.table import DrawTable


class LiveTablesApp(LiveTablesFlow, widgets.VBox):
    """The live tables' lobby and a seat at one of them. ``learner=``: a learner named in code (a
    teacher's notebook, a test); ``client``: the dealer's client (default: the one at
    ``POKERLAB_DEALER_URL``); ``language``: the page's language (a lesson in Spanish says ``"es"``;
    None: the browser's languages choose, English when pokerlab speaks none of them)."""

    def __init__(self, learner: str | None = None, client: DealerClient | None = None,
                 language: str | None = None) -> None:
        self.table, self.identity = dealer_page_widgets(self._handle, self._learner_known, TITLE, PURPOSE, language)
        super().__init__([self.identity, self.table], layout=widgets.Layout(width="100%"))
        self._start_flow(learner, client)


def dealer_page_widgets(handler: Callable[[dict[str, Any]], None], learner_known: Callable[[Learner], None],
                        title: str, purpose: str, language: str | None) -> tuple[DrawTable, IdentityWidget]:
    """The table and the identity line of a page played in the dealer (the live tables, a class game):
    the table offers every language (``language``: the page's, None: the browser's choose) and the
    identity line follows it; ``title`` and ``purpose`` are English messages of the catalogue."""
    extra = {} if language is None else {"language": language}
    table = DrawTable(handler=handler, title=gettext(language or DEFAULT, title), languages=menu(LANGUAGES), **extra)
    identity = IdentityWidget(on_learner=learner_known, purpose=purpose, language=table.language)
    table.on_language.append(identity.set_language)
    return table, identity


PURPOSE = N_("You sit at live tables under your name, so the others at your table know who you are.")
"""What the identity line says the name is for on this page."""


__all__ = ["LiveTablesApp", "dealer_page_widgets"]
