"""What every page that plays through the dealer service shares (:class:`DealerPage`): the class
games' page (:mod:`pokerlab.apps.class_game_service`), the live tables' (:mod:`pokerlab.apps.live_tables`)
and the Ladder played in the dealer (:mod:`pokerlab.apps.ladder_service`). Each opens the same way
(its table's buttons and language changes come to it, a client to the dealer, a learner named in code
signed in), signs in the same way (:func:`~pokerlab.apps.live.dealer_sign_in`), says the dealer's
refusals in the page's language, sends the table's actions as the dealer reads them and opens the
coach's review only once a hand is over. Apart from the pages because this is all they share: what
each asks the dealer and draws of its answers is its own.
"""

from __future__ import annotations

from typing import Any

from pokerlab import language as lang
from pokerlab.apps.live import dealer_sign_in
from pokerlab.apps.named_in_code import code_key, named_learner
from pokerlab.dealer.client import DealerClient
from pokerlab.dealer.words import text_of
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.storage import Learner

ACTION_FIELDS = ("kind", "amount", "discards")
"""What of a table's action intent the dealer is sent: the action, its amount, the cards discarded."""


def table_action(content: dict[str, Any]) -> dict[str, Any]:
    """The action of the table's intent ``content`` as the dealer reads it (nothing else the page sent).

    >>> table_action({"type": "act", "kind": "raise", "amount": 20, "seat": 3})
    {'kind': 'raise', 'amount': 20}
    """
    return {key: content[key] for key in ACTION_FIELDS if key in content}


class DealerPage:
    """A page played through the dealer (see the module's docstring). The page provides ``self.table``
    (the draw table widget) and ``self.identity`` (the identity line), and calls :meth:`_open_page`;
    each page defines the hooks below."""

    title = ""
    sign_in_for = ""
    """What the page's game is called where the learner is told it needs their name ("Class games")."""
    table: Any
    identity: Any

    def _(self, message: str) -> str:
        """``message`` in the page's language (the table's)."""
        return lang.gettext(self.table.language, message)

    def _open_page(self, learner: str | None, client: DealerClient | None) -> None:
        """Open the page over ``client`` (a new one by default): its first screen, then the learner
        ``learner`` named in code (a notebook, a test) signs in."""
        self.table.remote = self._intent
        self.table.on_language.append(self._language_changed)
        self.client = client or DealerClient()
        self.learner: Learner | None = None
        self.first_screen()
        if learner is not None:
            self.identity.adopt(named_learner(learner), code_key(learner))

    # --- each page defines these (a widget mixing this in cannot also be an abc.ABC) ------------

    def first_screen(self) -> None:
        """Put the page's first screen on the table (before anyone is signed in)."""
        raise NotImplementedError(f"{type(self).__name__} must define first_screen")

    def _intent(self, content: dict[str, Any]) -> None:
        """The table's buttons: an action (:func:`table_action`), or "next"."""
        raise NotImplementedError(f"{type(self).__name__} must define _intent")

    def _language_changed(self, language: str) -> None:
        """Say what the page shows again in ``language``."""
        raise NotImplementedError(f"{type(self).__name__} must define _language_changed")

    def page_intent(self, kind: str | None, content: dict[str, Any], fields: dict[str, Any]) -> None:
        """The lobby's, side panel's and end screen's buttons (``kind`` is the intent's type)."""
        raise NotImplementedError(f"{type(self).__name__} must define page_intent")

    def refusal_words(self, text: str) -> str:
        """A refusal already in the page's language, as the page says it (the Ladder's own words)."""
        return text

    # --- shared ---------------------------------------------------------------------------------------

    def _sign_in(self, learner: Learner) -> dict[str, Any] | None:
        """Sign ``learner`` in to the dealer: with this server's hub token on a hub (the dealer asks the
        hub whose it is), else with their name and the key their browser holds for it. Gives the dealer's
        answer, or None when it refused (the page then says why)."""
        self.learner = learner
        answer, self.table.message = dealer_sign_in(self.client, self.identity, learner.name, self.sign_in_for,
                                                    self.table.language)
        return answer

    @property
    def signed_in(self) -> bool:
        """The learner is known and the dealer has let them in."""
        return self.learner is not None and self.client.session is not None

    def say_refusal(self, error: PokerlabError) -> None:
        """The dealer's refusal (or why it could not be reached) on the page, in the page's language."""
        self.table.message = self.refusal_words(text_of(error, self.table.language))

    def _handle(self, content: dict[str, Any]) -> None:
        """The page's intents other than the table's: each goes to :meth:`page_intent`, and a refusal
        from the dealer on the way is said on the page."""
        fields = content.get("fields") if isinstance(content.get("fields"), dict) else {}
        try:
            self.page_intent(content.get("type"), content, fields)
        except PokerlabError as error:
            self.say_refusal(error)

    def review_may_open(self, over: bool, not_yet: str = N_("The review opens when a hand is over.")) -> bool:
        """Whether to open the coach's review now: False when one was open (it is closed) or the hand is
        not ``over`` (the page says ``not_yet``)."""
        if self.table.review:
            self.table.review = {}
            return False
        if not over:
            self.table.message = self._(not_yet)
            return False
        return True


__all__ = ["ACTION_FIELDS", "DealerPage", "table_action"]
