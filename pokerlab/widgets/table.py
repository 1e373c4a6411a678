"""The draw-poker table: one anywidget that shows a lobby, the table, or an end screen.

The table only ever receives :func:`table_payload` of the learner's view
(``match.learner_view()``, i.e. ``HandState.view(learner_seat)`` plus match information): seats,
stacks, bets, pots, the learner's own cards, revealed cards, draw counts, the legal actions the
engine offers (with their amounts) and the public log. It never gets the hand state, the stock,
the discards or an opponent's unrevealed card.

The browser sends intents as custom messages; Python asks the engine and sends the new payload:

* ``{"type": "act", "kind": ..., "amount": ..., "discards": [...]}``: the learner's action
  (an illegal one shows the engine's message, nothing changes);
* ``{"type": "step", "version": n}``: one computer opponent acts (the browser waits ``pause_ms``
  first so the learner can follow; a stale ``version`` is ignored); ``{"type": "skip"}`` lets the
  opponents act at once until it is the learner's turn or the hand is over;
* ``{"type": "languages", "languages": [...]}``: the browser's ``navigator.languages``, sent once
  as the page's first message: the table speaks the first of them pokerlab has, unless the page or the
  learner chose already; ``{"type": "language", "language": code}``: the learner picks one on the page;
* ``{"type": "next"}``, ``{"type": "coach"}``, ``{"type": "review"}`` (open or close the review of
  the learner's decisions once a hand is over; its content comes back in the ``review`` trait),
  ``{"type": "start", "fields": {...}}`` and
  ``{"type": "app", "id": ..., "value": ..., "fields": {...}}`` go to the app (see
  :mod:`pokerlab.widgets.apps`).

Panels (the lobby, the end screen, the side panel) are plain dicts the browser draws:
``{"heading", "paragraphs", "fields": [{"name", "label", "options": [{"value", "label"}], "value"}],
"input": {"name", "label", "value"}, "tables": [{"caption", "head", "rows"}], "buttons": [{"id",
"label", "value", "primary", "disabled"}]}`` (every key optional).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import anywidget
import traitlets

from pokerlab import language as lang
from pokerlab.apps.seeds import test_mode
from pokerlab.apps.table_view import SHORTCUTS, table_payload, voice_of  # noqa: F401 - re-exported
from pokerlab.dealer.words import Refusal
from pokerlab.draw import Action
from pokerlab.draw.errors import IllegalActionError
from pokerlab.errors import PokerlabError
from pokerlab.narration import Voice, refusal_sentence
from pokerlab.narration.hands import CARD_NAME_WORDS
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import KernelOwned, just_play

TABLE_WORDS = (
    "{seconds} s left to act", "Dealer button", "dealer", "folded", "all-in", "out", "kept and shows the {card}",
    "bet {amount}", "{name} has {amount} in front", "poker table", "Hand {number}", " ({count} left after this)",
    "pots", "Can be won by {names}", "Betting cap: {cap}", "Bets and raises are {amount} this round",
    "Bets and raises: {low} to {high} this round", "Hand over", "Your turn", "{name} to act…",
    "Next hand soon, or as soon as everyone is ready", "This hand is kept in ", "My hands",
    ", where you can replay it with the coach.", "your hand and actions", ", marked to throw", "See the result",
    "Next hand", "Hide the review", "Review my decisions", "{offer}. Tap the cards to throw (keys 1-5), then confirm.",
    "Stand pat", "Draw {count}", "Draw", "Waiting for {name}.", "Skip ahead", "Bet", "Raise to",
    "{action} amount, {low} to {high} in steps of {step}", "Min", "Half", "Max", "Review of your decisions",
    "Reviewing…", "You", "Coach", "Difference", "Why", "Hand history", "Start", "Back", "Step", "Now",
    "step {at} of {total}", "Standings", "Player", "Money", "Chips", " (out)", "Hide the coach",
    "Which cards should I throw?", "Language", "Space", "Five-Card Draw", "Saloon Draw", "Tournament Ladder", "face-down card", *CARD_NAME_WORDS,
)
"""Every message table.js and cards.js show (their English text, as in the JavaScript): the browser
gets them in the learner's language in the ``words`` trait (tests/test_language.py keeps this list and
the JavaScript in step)."""


def table_words(language: str) -> dict[str, str]:
    """:data:`TABLE_WORDS` in ``language`` (empty for English: the JavaScript's own text is English)."""
    return lang.front_end_words(language, TABLE_WORDS)


BOT_PAUSE_MS = 600
"""How long the table waits before each computer opponent's action (0 in POKERLAB_TEST_MODE=1)."""


class DrawTable(KernelOwned, anywidget.AnyWidget):
    """The table for Five-Card Draw, Saloon Draw and the Tournament Ladder.

    Give it a match with :meth:`play`; app-level intents (lobby, next hand, saving...) go to
    ``handler`` (a callable taking the message dict), set by the app.
    """

    _esm = esm("table.js")
    _css = css("cards.css", "table.css")

    title = traitlets.Unicode("").tag(sync=True)
    screen = traitlets.Unicode("lobby", help="'lobby', 'table' or 'end'").tag(sync=True)
    lobby = traitlets.Dict(help="The lobby panel").tag(sync=True)
    end = traitlets.Dict(help="The end-screen panel").tag(sync=True)
    side = traitlets.Dict(help="The app's panel beside the table (info rows, buttons)").tag(sync=True)
    table = traitlets.Dict(help="table_payload of the learner's view").tag(sync=True)
    message = traitlets.Unicode("", help="The last problem or notice, in plain words").tag(sync=True)
    pause_ms = traitlets.Int(BOT_PAUSE_MS).tag(sync=True)
    coach_open = traitlets.Bool(False).tag(sync=True)
    review = traitlets.Dict(help="The decision review of the hand just played ({} when closed)").tag(sync=True)
    kept_hand = traitlets.Int(0, help="The number of the hand at the table that is kept in My hands (0: none)").tag(sync=True)
    language = traitlets.Unicode(lang.DEFAULT, help="The language the table speaks").tag(sync=True)
    languages = traitlets.List(help="The languages offered on the page: [{value, label}]").tag(sync=True)
    words = traitlets.Dict(help="table_words(language): the JavaScript's messages in that language").tag(sync=True)

    def __init__(self, handler: Callable[[dict[str, Any]], None] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("pause_ms", 0 if test_mode() else BOT_PAUSE_MS)
        # English only until the app says its pages are translated (Five-Card Draw is, so far)
        kwargs.setdefault("languages", lang.menu(lang.LANGUAGES if "language" in kwargs else (lang.DEFAULT,)))
        self.language_chosen = "language" in kwargs
        """The page (a lesson in one language) or the learner chose the language: the browser's
        preferences no longer change it."""
        super().__init__(**kwargs)
        self.words = table_words(self.language)
        self.on_language: list[Callable[[str], None]] = []
        """Called with the new code when the language changes (the app redraws its panels, keeps the
        learner's choice)."""
        self.match: Any = None
        self.handler = handler
        self.dollars = False
        """Amounts are money (Saloon Draw's dollars) rather than chips."""
        self.on_refresh: list[Callable[[], None]] = []
        self.remote: Callable[[dict[str, Any]], None] | None = None
        """A live table's intents go here (to the dealer) instead of to a match in this kernel; its
        views come back through :meth:`show`."""
        self.guard: Callable[[Callable[[], None]], None] = just_play
        """Runs each intent that moves the game (an action, an opponent's step); the apps set it to
        check that this page still holds the game and to store what it did (:mod:`~pokerlab.storage.hold`)."""
        self._version = 0
        self._sitting = 0
        """Counts :meth:`play` calls: the page brings the table into view when a new one arrives
        (Start, a ladder level, a restored or continued game), whatever hand it opens at."""
        self._changing = threading.RLock()
        self.on_msg(self._on_message)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Change several traits as one step: one state message to the browser (one redraw there),
        and no thread (a review finishing) changes the table in the middle of it."""
        with self._changing, self.hold_sync():
            yield

    # --- Python API ---------------------------------------------------------------------------

    def set_language(self, language: str, chosen: bool = True) -> None:
        """Speak ``language`` from now on (``chosen``: by the page or the learner, not guessed from the
        browser). Everything on the table is said again in it."""
        if language not in [option["value"] for option in self.languages]:
            lang.check(language)
            raise ValueError(f"This table does not offer {lang.LANGUAGE_NAMES[language]} yet.")
        newly_chosen = chosen and not self.language_chosen
        self.language_chosen = self.language_chosen or chosen
        if language == self.language:
            if newly_chosen:  # the browser's guess, now the learner's choice: the app keeps it
                for callback in self.on_language:
                    callback(language)
            return
        with self.batch():
            self.language = language
            self.words = table_words(language)
            self.message = ""
            for callback in self.on_language:
                callback(language)
            if self.match is not None and self.screen == "table" and self.remote is None:
                self.refresh()

    def play(self, match: Any) -> None:
        """Show ``match`` as it stands (dealing its first hand if none is dealt yet)."""
        self.match = match
        self._sitting += 1
        if match.hand is None:
            match.deal()
        self.screen = "table"
        self.refresh()

    def refresh(self) -> None:
        """Send the learner's current view."""
        self._version += 1
        self.table = {**table_payload(self.match.learner_view(), self._version, self.dollars, self.language),
                      "sitting": self._sitting}
        for callback in self.on_refresh:
            callback()

    def act(self, action: Action) -> None:
        """The learner's action; an illegal one leaves the engine's message and changes nothing."""
        self.guard(lambda: self._act(action))

    def step(self) -> None:
        """One computer opponent's action, if it is their turn."""
        self.guard(self._step)

    def skip(self) -> None:
        """Let the computer opponents act at once until it is the learner's turn or the hand ends."""
        self.guard(self._skip)

    def _act(self, action: Action) -> None:
        try:
            self.match.act(action)
        except PokerlabError as error:
            self.message = self.problem(error)
            return
        self.message = ""
        self.refresh()

    def _step(self) -> None:
        if self.match is not None and self.match.is_bot_turn():
            self.match.bot_step()
            self.refresh()

    def _skip(self) -> None:
        if self.match is None or not self.match.is_bot_turn():
            return
        while self.match.is_bot_turn():
            self.match.bot_step()
        self.refresh()

    # --- browser intents ----------------------------------------------------------------------

    def _on_message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        with self.batch():
            self._handle_intent(content)

    def show(self, payload: dict[str, Any]) -> None:
        """Draw ``payload`` (a live table's view, made into :func:`table_payload` by the app)."""
        self._version += 1
        self.table = {**payload, "version": self._version, "sitting": self._sitting}
        self.screen = "table"
        for callback in self.on_refresh:
            callback()

    def problem(self, error: Exception) -> str:
        """An error in the table's language: a refusal is said by narration for the learner who tried, in
        the table's words (its language, chips or dollars); the dealer's, at a live table, from its code
        and values."""
        if isinstance(error, IllegalActionError):
            names = getattr(self.match, "names", None)
            voice = Voice(error.seat, tuple(names) if names else None, self.dollars, self.language)
            return refusal_sentence(error, voice)
        if isinstance(error, Refusal):
            return error.text(self.language)
        return str(error)

    def _handle_intent(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        if kind == "languages":
            offered = [option["value"] for option in self.languages]
            if (browser := lang.browser_choice(content, self.language_chosen, offered)) is not None:
                self.set_language(browser, chosen=False)
            return
        if kind == "language":
            try:
                self.set_language(str(content.get("language")))
            except ValueError as error:
                self.message = str(error)
            return
        if self.remote is not None and kind in ("act", "next", "step", "skip"):
            if kind in ("act", "next"):  # the dealer moves the computer opponents itself
                try:
                    self.remote(content)
                except (PokerlabError, ValueError) as error:
                    self.message = self.problem(error)
            return
        try:
            if kind == "act" and self.screen == "table":
                self.act(Action.from_json({key: content[key] for key in ("kind", "amount", "discards") if key in content}))
            elif kind == "step" and content.get("version") == self._version:
                self.step()
            elif kind == "skip":
                self.skip()
            elif self.handler is not None and kind in ("start", "app", "next", "coach", "review"):
                self.message = ""
                self.handler(content)
        except (PokerlabError, ValueError) as error:  # IllegalActionError, SaveFileError, bad input...
            self.message = self.problem(error)
