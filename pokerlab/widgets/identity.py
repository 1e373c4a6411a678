"""Who is playing: a small widget above every app that keeps anything for its learner.

* On JupyterHub the learner is ``JUPYTERHUB_USER``: nothing is asked.
* Elsewhere the browser keeps, in ``localStorage``, a private random key for each display name used
  on it. On render the widget sends the last name and its key (``{"type": "hello", ...}``); the
  server recognises them without asking. The first time (or after "Not you?") the learner types a
  display name; the browser makes a new random key and sends ``{"type": "claim", "name", "key"}``.
  The server stores only a hash of the key (see :mod:`pokerlab.apps.keep`), so a name taken
  by another browser is refused with a clear message.
* ``hello`` and ``claim`` also carry ``browser``, one more random key the browser keeps for all
  its names (:attr:`IdentityWidget.browser`): a class game is played under one name per browser.
* The ``hello`` also carries the page's query string (``?seed=...``): with Voilà's preheated
  kernels the notebook has run before the page was asked for, so the query can only arrive now.
* While ``in_game`` is true the browser asks "leave this page?" before the page is left, and when
  the page is really left (``pagehide``) it asks Voilà to shut this page's kernel down.

Every sentence it shows is in :attr:`IdentityWidget.language` (the page's, see :meth:`IdentityWidget.set_language`):
its own from the catalogue, and the refusals of :mod:`pokerlab.classroom.identity` said again from
their English (:func:`pokerlab.language.retell`).

Python gets the result through callbacks: ``on_learner(learner)`` once the learner is known (again
after a switch), ``on_query(query)`` with the page's query string on every ``hello``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Final
from urllib.parse import parse_qs

import anywidget
import traitlets

from pokerlab import language as lang
from pokerlab.apps.keep import hub_learner, recognise
from pokerlab.classroom.names_and_keys import check_key
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.storage import Learner
from pokerlab.storage.guarded import KeepError
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update

Query = dict[str, list[str]]

IDENTITY_WORDS: Final = ("Playing as ", "Not {name}?", "Your name", "That's me", "Trying again in a few seconds…", "Opening…")
"""Every message identity.js shows (its English text): the browser gets them in the page's language."""
PURPOSE: Final = N_("pokerlab keeps your games, points and scores under your name.")
ON_BINDER: Final = N_(" On Binder nothing is kept after this session ends.")
REFUSALS: Final = (
    N_("A name is some text, like 'Ada'; got {kind}."),
    N_("A name has {low} to {high} characters; {name} has {count}."),
    N_("A name may use letters, digits, spaces and ' - . only (the usual letters of languages "
       "written in Latin letters; accents are fine); {name} also has {shown}."),
    N_("A name starts with a letter; {name} does not."),
    N_("The browser's key must be {low} to {high} characters of "
       "{alphabet} (a random key the page makes); this one is not, so nothing was stored. "
       "Reload the page."),
    N_(" ({typed} reads the same)"),
    N_("The name {name} is already taken by someone else here{looks}. Choose another name; "
       "if it is yours (from another browser or computer), ask your teacher to release it."),
    N_("The name {name} belongs to a user of this hub; choose another name."),
    N_("The hub user name {name} cannot be used as a pokerlab learner."),
)
"""The refusals of :mod:`pokerlab.classroom.identity` a learner can meet here, as it writes them in
English (tests/test_language.py checks each is a message there)."""


HUB_NOTE: Final = N_("On this server you are signed in as {name}.")
NOT_REACHED: Final = N_("pokerlab's data cannot be reached just now.")
TRYING_AGAIN: Final = N_("This page tries again by itself every few seconds.")


def identity_words(language: str) -> dict[str, str]:
    """:data:`IDENTITY_WORDS` in ``language`` (empty for English: the JavaScript's own text is English)."""
    return lang.front_end_words(language, IDENTITY_WORDS)


class IdentityWidget(anywidget.AnyWidget):
    """The learner's name, asked once per browser (never on JupyterHub)."""

    _esm = esm("identity.js")
    _css = css("identity.css")

    state = traitlets.Unicode(
        "waiting", help="'waiting' (no page yet), 'asking', 'known', 'hub', or 'retrying' (pokerlab's data could not "
        "be reached; the page says hello again by itself)").tag(sync=True)
    learner_name = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("", help="A refusal or a notice, in plain words").tag(sync=True)
    in_game = traitlets.Bool(False, help="A game is in progress: ask before the page is left").tag(sync=True)
    purpose = traitlets.Unicode("", help="What the name is for, shown with the question").tag(sync=True)
    language = traitlets.Unicode(lang.DEFAULT, help="The language the page speaks").tag(sync=True)
    words = traitlets.Dict(help="identity_words(language): the JavaScript's messages in that language").tag(sync=True)

    def __init__(
        self,
        on_learner: Callable[[Learner], None] | None = None,
        on_query: Callable[[Query], None] | None = None,
        purpose: str = PURPOSE,
        language: str = lang.DEFAULT,
        **kwargs: Any,
    ) -> None:
        """``purpose``: what the name is for (English; said in the page's language when it is a
        message of the catalogue)."""
        self._purpose = purpose
        self._on_binder = bool(os.environ.get("BINDER_LAUNCH_HOST") or os.environ.get("BINDER_REQUEST"))
        self._message_english, self._unreachable = "", False
        super().__init__(**kwargs)
        self.set_language(language)
        self.on_learner = on_learner
        self.on_query = on_query
        self.learner: Learner | None = None
        self.key: str | None = None
        """The browser's key for the learner's name, once recognised: what this page shows the live
        tables' dealer (which checks it against the stored hash itself). Never sent back to a page."""
        self.browser: str | None = None
        """The browser's own random key (None: not sent, or not a proper key; always None on a hub)."""
        self.query: Query = {}
        self._hub_user = os.environ.get("JUPYTERHUB_USER", "").strip()
        if self._hub_user:
            self._find_hub_learner()
        self.on_msg(self._on_message)

    def also_tell(self, callback: Callable[[Learner], None]) -> None:
        """Tell ``callback`` the learner too: now if known, and each time it becomes known (again after
        "Not you?"), after whatever ``on_learner`` was told before. How a progress line or a review
        follows an app's identity line."""
        previous = self.on_learner

        def both(learner: Learner) -> None:
            if previous is not None:
                previous(learner)
            callback(learner)

        self.on_learner = both
        if self.learner is not None:
            callback(self.learner)

    def set_purpose(self, purpose: str) -> None:
        """Say ``purpose`` (English, a message of the catalogue) as what the name is for on this page."""
        self._purpose = purpose
        self.set_language(self.language)

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on: the purpose, the words of the page and the message shown."""
        self.language = lang.check(language)
        self.words = identity_words(language)
        self.purpose = lang.gettext(language, self._purpose) + (lang.gettext(language, ON_BINDER) if self._on_binder else "")
        self.message = self._say(self._message_english, self._unreachable)

    def _say(self, english: str, retrying: bool) -> str:
        """A message in the page's language: a refusal of :mod:`pokerlab.classroom.identity` or a
        notice of this widget said again from its English. Why pokerlab's data cannot be reached
        comes from the database driver, in English: another language says only that it cannot."""
        if not english or self.language == lang.DEFAULT:
            return english
        if retrying:
            return lang.gettext(self.language, NOT_REACHED) + " " + lang.gettext(self.language, TRYING_AGAIN)
        return lang.retell(self.language, english, (*REFUSALS, HUB_NOTE)) or lang.gettext(self.language, english)

    def _tell(self, english: str, retrying: bool = False) -> None:
        """Show ``english`` (a message in English, '' for none) in the page's language."""
        self._message_english, self._unreachable = english, retrying
        self.message = self._say(english, retrying)

    def _find_hub_learner(self) -> bool:
        """The hub user's learner, or (when pokerlab's data cannot be reached) state "retrying"."""
        try:
            hub = hub_learner(self._hub_user)
        except KeepError as error:
            self.state = "retrying"
            self._tell(_retrying(error), retrying=True)
            return False
        if hub is not None:
            self.learner = hub
            self.learner_name = hub.name
            self.state = "hub"
            self._tell("")
        return True

    # --- browser intents ----------------------------------------------------------------------

    @one_update
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind in ("hello", "claim") and self.state != "hub":
            self.browser = _browser_key(content.get("browser"))
        if kind == "hello":
            self.hello(str(content.get("query") or ""), content.get("name"), content.get("key"))
        elif kind == "claim":
            self.claim(str(content.get("name") or ""), str(content.get("key") or ""))
        elif kind == "switch":
            self.switch()

    def hello(self, query: str, name: Any = None, key: Any = None) -> None:
        """The page is open: take its query string, and recognise the browser's saved name and key."""
        self.query = parse_qs(query.lstrip("?"))
        if self.on_query is not None:
            self.on_query(self.query)
        if self._hub_user and self.state == "retrying" and not self._find_hub_learner():
            return
        if self.state == "hub":
            self._known(self.learner)  # type: ignore[arg-type]
            return
        if isinstance(name, str) and isinstance(key, str) and name and key:
            self._recognise(name, key, claiming=False)
        else:
            self.state = "asking"

    def claim(self, name: str, key: str) -> None:
        """The learner typed ``name`` (the browser made ``key``): take it, or say why not."""
        if self.state == "hub":
            return
        self._recognise(name, key, claiming=True)

    def switch(self) -> None:
        """"Not you?": ask for a name again (the app keeps the game of the learner who was here)."""
        if self.state == "hub":
            self._tell(HUB_NOTE.format(name=self.learner_name))
            return
        self.state = "asking"
        self._tell("")

    def adopt(self, learner: Learner, key: str | None = None) -> None:
        """Take ``learner`` as known (named in code: a teacher's notebook, a test; ``key``: the one
        their name was claimed with, for the live tables' dealer)."""
        self.key = key
        self._known(learner)

    # --- helpers ------------------------------------------------------------------------------

    def _recognise(self, name: str, key: str, claiming: bool) -> None:
        try:
            learner = recognise(name, key, claiming=claiming)
        except KeepError as error:  # pokerlab's data cannot be reached: the page tries again by itself
            self.state = "retrying"
            self._tell(_retrying(error), retrying=True)
            return
        except PokerlabError as refusal:  # a bad or taken name, a wrong key
            self.state = "asking"
            self._tell(str(refusal))
            return
        self.key = key
        self._known(learner)

    def _known(self, learner: Learner) -> None:
        self.learner = learner
        self.learner_name = learner.name
        if self.state != "hub":
            self.state = "known"
        self._tell("")
        if self.on_learner is not None:
            self.on_learner(learner)


def _retrying(error: KeepError) -> str:
    return f"{error} {TRYING_AGAIN}"


def _browser_key(value: Any) -> str | None:
    try:
        return check_key(value) if isinstance(value, str) else None
    except PokerlabError:
        return None


__all__ = ["IdentityWidget", "Query"]
