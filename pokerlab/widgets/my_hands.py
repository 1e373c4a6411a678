"""My hands (issue 29): the page that shows the learner's kept hands, newest first, with filters, a
replay of each hand decision by decision, PHH downloads, and "Drill my mistakes": the decisions the
coach flagged, to decide again (:mod:`pokerlab.apps.drill`). This module builds the page
(:func:`my_hands_page`, what the notebooks call) from its parts: the name line
(:mod:`pokerlab.widgets.identity`), the list and replay (:mod:`pokerlab.widgets.my_hands_widget`, its
drill in :mod:`pokerlab.widgets.my_hands_drill`), and the "Open a PHH file" box
(:mod:`pokerlab.widgets.my_hands_phh`). Their names stay importable from here, as notebooks and teachers
import them.

Where the page has a dealer (``POKERLAB_DEALER_URL``: on a hub, under ``make app``), :func:`my_hands_page`
signs in to it once the learner is known and the list also holds the hands the dealer kept for this
learner (their live tables' hands and class games' deals), read through it: only theirs, as their seat
saw them.

The page speaks the language it is told (``language="es"``: a lesson in Spanish), else the first of the
browser's languages pokerlab speaks, else the one the learner chose before; its **Language** menu changes
it, and everything shown is said again in the new language (the words are made when shown: a kept hand
holds codes and numbers).
"""

from __future__ import annotations

import os
from typing import Any, Final

import ipywidgets as widgets

from pokerlab import language as lang
from pokerlab.apps.live import dealer_sign_in
from pokerlab.dealer.client import URL_ENV_VAR, DealerClient
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.storage import Learner, StoreTarget
from pokerlab.storage.guarded import said
from pokerlab.widgets.identity import IdentityWidget
from pokerlab.widgets.my_hands_phh import import_box, phh_refusal
from pokerlab.widgets.my_hands_widget import MyHandsWidget, latest_visit

PURPOSE: Final = N_("pokerlab keeps every hand you play under your name.")
"""What the identity line says the name is for on this page."""


def my_hands_page(store: StoreTarget = None, learner: Learner | None = None, language: str | None = None) -> widgets.VBox:
    """The My hands page: the name line, then the list (what the notebook displays); ``language``: the
    page's (a lesson in Spanish says ``"es"``; None: the browser's languages choose)."""
    hands = MyHandsWidget(learner, store, language=language)
    children: list[widgets.Widget] = []
    if learner is None:
        def known(who: Learner) -> None:
            hands.service = _dealer(identity, who, hands.language)
            hands.show_learner(who)

        try:
            identity = IdentityWidget(on_learner=known, purpose=PURPOSE, language=hands.language)
        except PokerlabError as error:
            hands.message = said(error, hands.language)
        else:
            hands.on_language.append(identity.set_language)
            children.append(identity)
            if identity.learner is not None:  # JupyterHub: known at once
                known(identity.learner)
    children.append(hands)
    importer = import_box(hands)
    children.append(importer)
    page = widgets.VBox(children, layout=widgets.Layout(width="100%"))
    page.hands = hands  # type: ignore[attr-defined]
    page.importer = importer  # type: ignore[attr-defined]
    return page


def _dealer(identity: Any, learner: Learner, language: str = lang.DEFAULT) -> Any:
    """The page's dealer signed in as ``learner`` (None: no dealer here, or it refused; the hands kept
    in this server are listed all the same)."""
    if not os.environ.get(URL_ENV_VAR, "").strip():
        return None
    client = DealerClient()
    answer, _problem = dealer_sign_in(client, identity, learner.name, N_("My hands"), language)
    return client if answer is not None else None


__all__ = ["MyHandsWidget", "import_box", "latest_visit", "my_hands_page", "phh_refusal"]
