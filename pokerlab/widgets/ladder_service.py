"""The Tournament Ladder's page played in the dealer: the identity line and the table (the flow is
:class:`pokerlab.apps.ladder_service.ServiceLadderFlow`). :class:`pokerlab.widgets.apps.LadderApp`
gives this page wherever a dealer runs (``POKERLAB_DEALER_URL`` set: ``make app``, and every
learner's server on a hub), so notebook 08 needs no change."""

from __future__ import annotations

import ipywidgets as widgets

from pokerlab.apps.ladder_service import PURPOSE, ServiceLadderFlow
from pokerlab.dealer.client import DealerClient
from pokerlab.draw import Rules, ladder
from pokerlab.widgets.apps_base import CoachPanel
from pokerlab.widgets.identity import IdentityWidget
from pokerlab.widgets.table import DrawTable


class ServiceLadderApp(CoachPanel, ServiceLadderFlow, widgets.VBox):
    """The ladder played in the dealer, with the draw coach below the table as on the kernel's
    ladder (it sees only the learner's own cards and what the table shows of the others).
    ``learner``: a learner named in code (a test); ``client``: the dealer's client (default: the one
    at ``POKERLAB_DEALER_URL``); ``language``: the page's language (a lesson in Spanish says ``"es"``;
    None: the browser's languages choose, English when pokerlab speaks none of them)."""

    def __init__(self, learner: str | None = None, client: DealerClient | None = None,
                 language: str | None = None) -> None:
        extra = {} if language is None else {"language": language}
        self.table = DrawTable(handler=self._handle, title=self.title, **extra)
        self.identity = IdentityWidget(on_learner=self._learner_known, on_query=self._query_known, purpose=PURPOSE,
                                       language=self.table.language)
        self._make_coach_box()
        widgets.VBox.__init__(self, [self.identity, self.table, self.coach_box], layout=widgets.Layout(width="100%"))
        self._start_service_flow(learner, client)

    def _coach_rules(self) -> Rules:
        return ladder()


__all__ = ["ServiceLadderApp"]
