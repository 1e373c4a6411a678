"""The Four Rows board: a thin anywidget over :class:`pokerlab.rows.game.FourRows`.

Python keeps the game and the authoritative clock. The browser gets one synced trait, ``board``,
built from ``game.view()`` only: the top card, the rows, the chips, the chart, the deck's sorted
composition and its size, never its order (nor the seed of a random deal). Clicks and keys come back
as messages, every one a dict with a ``type``:

* ``{"type": "move", "kind": "place"|"raise"|"fold", "row": 1-4}``;
* ``{"type": "hint"}``, ``{"type": "tick"}`` (the browser asks the clock about once a second);
* ``{"type": "new"}`` deals a fresh random deck; ``{"type": "new", "practice": 12}`` deals practice
  deal number 12, the same cards for everyone who picks that number (the board says so).

* ``{"type": "languages", "languages": [...]}``: the browser's ``navigator.languages``, sent once when
  the board opens; they choose the board's language unless the page chose it (``language=``).

Anything else (not a dict, an unknown type) is ignored; an illegal move shows the engine's message
instead of a traceback.

Every text the board shows is in :attr:`FourRowsWidget.language`: the engine's events and refusals
through their messages (:func:`pokerlab.rows.words.say`), the script's own words from
:func:`four_rows_words`.

Every game starts on a fresh random deck unless a practice deal is asked for, and its four minutes
start with the first move. With ``POKERLAB_TEST_MODE=1`` (or ``paused_clock=True``) the clock does not
move at all, so browser tests can take their time.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, Final

import anywidget
import traitlets

from pokerlab import language as lang
from pokerlab.apps.seeds import test_mode
from pokerlab.cards import parse_cards
from pokerlab.language import N_
from pokerlab.narration.hands import CARD_NAME_WORDS
from pokerlab.rows.clocks import Clock, ManualClock, ServerClock
from pokerlab.rows.errors import RowsError
from pokerlab.rows.game import FourRows
from pokerlab.rows.hint import HintBot
from pokerlab.rows.moves import Action
from pokerlab.rows.rules import TIME_LIMIT
from pokerlab.rows.scoring import EXAMPLE_HANDS, NOTHING, NOTHING_POINTS, ScoringType
from pokerlab.rows.view import RowsView
from pokerlab.rows.words import say
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import KernelOwned, just_play, one_update

_END_TEXT = {
    "deck": N_("You went through the whole deck."),
    "all types": N_("All nine types scored - superstar!"),
    "time": N_("Time ran out (no time bonus)."),
}

CONTEXT: Final = "Four Rows"
"""The catalogue's context for a word that Four Rows says otherwise than the table ("Fold" a row)."""
FOUR_ROWS_WORDS: Final = (
    "Four Rows board. Keys: 1 to 4 place, R or F then a row number, H for a hint.", "raise chip {times} times",
    "no raise chip", "Row {row}, {count} cards: place the {card} here", "Row {row}", (CONTEXT, "Raise"),
    (CONTEXT, "Fold"), "Raise row {row}", "Fold row {row}", "Scoring chart", "{type}, {points} points: show an example",
    "{type}, {points} points, already scored: show an example",
    "Cards left in the deck, sorted (not in dealing order)", "Deck: {count} cards", "Deck, {count} cards left: show which",
    "Final score: {score}", "Row", "Hand", "Chip", "Points", "Time bonus", "Practice deal number", "Deal it", "time left",
    "Score {score} · Chips {chips}", "The clock starts with your first move.",
    "Practice deal {number}: the same cards for everyone who picks this number.", "A freshly shuffled deck.", "Hint",
    "New game", "Raise: press a row number 1-4", "Fold: press a row number 1-4", "face-down card", *CARD_NAME_WORDS,
)
"""Every message four_rows.js and the card names of cards.js show (their English text; a pair is a word
with its :data:`CONTEXT`): the browser gets them in the board's language in the ``words`` trait
(tests/test_language.py keeps this list and the JavaScript in step)."""


def four_rows_words(language: str) -> dict[str, str]:
    """:data:`FOUR_ROWS_WORDS` in ``language``, keyed by their English (empty for English: the
    JavaScript's own text is English)."""
    if lang.check(language) == lang.DEFAULT:
        return {}
    translations = lang.catalogue(language)
    return {word[1] if isinstance(word, tuple) else word:
            translations.pgettext(*word) if isinstance(word, tuple) else translations.gettext(word) for word in FOUR_ROWS_WORDS}


PRACTICE_DEALS = range(1, 1_000_000)
"""The numbers a learner may ask for as a practice deal."""


def practice_number(value: Any) -> int:
    """A practice deal number from a message, or ``ValueError`` saying what is allowed."""
    try:
        number = int(str(value).strip())
    except ValueError:
        number = None
    if number is None or number not in PRACTICE_DEALS:
        raise PracticeNumberError(N_("A practice deal is a whole number from {low} to {high}, not {typed}."),
                                  low=PRACTICE_DEALS.start, high=PRACTICE_DEALS.stop - 1, typed=repr(str(value)[:20]))
    return number


class PracticeNumberError(ValueError):
    """A practice deal number outside :data:`PRACTICE_DEALS` (or no number at all); :meth:`words`
    says it in a language, ``str(error)`` in English."""

    def __init__(self, message: str, **values: object) -> None:
        self.message, self.values = message, values
        super().__init__(say(message, values))

    def words(self, language: str = lang.DEFAULT) -> str:
        return say(self.message, self.values, language)


def chip_text(tenths: int | None, language: str = lang.DEFAULT) -> str | None:
    """A raise chip's multiplier as the board shows it before its "x", written the way ``language``
    writes a number with one decimal (``None``: no chip).

    >>> chip_text(18), chip_text(20, "es"), chip_text(None)
    ('1.8', '2,0', None)
    """
    return None if tenths is None else lang.format_number(tenths / 10, language, 1)


def points_text(points: int, language: str = lang.DEFAULT) -> str:
    """Points as the chart shows them, a penalty with a true minus sign: ``'−50'``, ``'1,200'``.

    >>> points_text(-50), points_text(1200, "es")
    ('−50', '1.200')
    """
    return ("−" if points < 0 else "") + lang.format_number(abs(points), language)


def board_of(view: RowsView, practice: int | None = None, language: str = lang.DEFAULT) -> dict[str, Any]:
    """The JSON the browser draws: public information only, its words and numbers in ``language``
    (the script only draws them: issue 31, no rule or number work in JavaScript). ``practice``: the
    practice deal's number when the learner asked for one (a random deal's seed is never sent)."""
    legal = set(view.legal_actions)

    def named(label: str | None) -> str:
        return lang.gettext(language, label or NOTHING)

    return {
        "practice": practice,
        "clock_started": view.clock_started,
        "top": str(view.top_card) if view.top_card else None,
        "rows": [
            {
                "number": number,
                "cards": [str(card) for card in cards],
                "chip": chip_text(chip, language),
                "can_place": Action("place", number) in legal,
                "can_raise": Action("raise", number) in legal,
                "can_fold": Action("fold", number) in legal,
            }
            for number, (cards, chip) in enumerate(view.rows, start=1)
        ],
        "chips_left": view.chips_left,
        "chart": [
            {
                "key": kind.label,
                "label": named(kind.label),
                "points": kind.points,
                "checked": kind not in view.open_types,
                "example": [str(card) for card in parse_cards(EXAMPLE_HANDS[kind])],
            }
            for kind in sorted(ScoringType, reverse=True)
        ],
        "nothing": {"label": named(None), "points": points_text(NOTHING_POINTS, language)},
        "deck": [str(card) for card in view.deck_composition],
        "deck_count": view.deck_count,
        "time_left": round(view.time_left, 1),
        "time_limit": TIME_LIMIT,
        "warned": view.warned,
        "over": view.is_over,
        "end_text": lang.gettext(language, _END_TEXT[view.end_reason]) if view.end_reason else "",
        "sheet": [
            {
                "row": line.row,
                "cards": [str(card) for card in line.cards],
                "type": named(line.scoring_type.label if line.scoring_type else None),
                "chip": chip_text(line.chip_tenths, language),
                "points": line.points,
            }
            for line in view.score_sheet
        ],
        "time_bonus": view.time_bonus,
        "score": view.score,
        "moves": view.move_count,
    }


class FourRowsWidget(KernelOwned, anywidget.AnyWidget):
    """Play Four Rows with mouse, keyboard (1-4, R/F then a row, H) or touch.

    ``seed=None`` (the default) deals a fresh random deck for every game; an integer ``seed`` makes
    the first game practice deal number ``seed`` (labelled as such on the board).
    """

    _esm = esm("four_rows.js")
    _css = css("cards.css", "four_rows.css")

    board = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Dict().tag(sync=True)
    paused_clock = traitlets.Bool(False).tag(sync=True)
    language = traitlets.Unicode(lang.DEFAULT, help="The language the board speaks").tag(sync=True)
    words = traitlets.Dict(help="four_rows_words(language): the JavaScript's messages in that language").tag(sync=True)

    def __init__(self, seed: int | None = None, clock: Clock | None = None, paused_clock: bool | None = None,
                 game: FourRows | None = None, language: str | None = None, **kwargs: Any) -> None:
        """``language``: the page's language (a lesson in Spanish says ``"es"``); None: the browser's
        languages choose, English when pokerlab speaks none of them."""
        if paused_clock is None:
            paused_clock = test_mode()
        super().__init__(paused_clock=paused_clock, **kwargs)
        self.language_chosen = language is not None
        """The page chose the language: the browser's languages then change nothing."""
        self.on_language: list[Callable[[str], None]] = []
        """Called with the new code when the language changes (the app tells its identity line)."""
        self.language = lang.check(language or lang.DEFAULT)
        self.words = four_rows_words(self.language)
        self._paused = bool(paused_clock)
        """Whether the clock stands still: the kernel's setting, never the page's (``paused_clock``
        only shows it; see :class:`~pokerlab.widgets._updates.KernelOwned`)."""
        self.guard: Any = just_play
        """Runs each move, deal and time-out (the app sets it to keep the game for this page only)."""
        self._clock_choice = clock
        self._practice: int | None = None
        self._seed = 0
        if game is not None:
            self.game = game
        else:
            self._deal(None if seed is None else practice_number(seed))
        self.on_msg(self._on_message)
        self._refresh()

    def _clock(self) -> Clock:
        return self._clock_choice or (ManualClock() if self._paused else ServerClock())

    def _deal(self, practice: int | None) -> None:
        """A new game: practice deal ``practice``, or a fresh random deck when it is ``None``."""
        self._practice = practice
        self._seed = practice if practice is not None else secrets.randbits(63)
        self.game = FourRows(self._seed, self._clock(), start_clock=False)

    def _refresh(self) -> None:
        self.board = board_of(self.game.view(), self._practice, self.language)

    def say(self, message: str, **values: object) -> str:
        """``message`` (a catalogue message) in the board's language, with ``values`` in its places."""
        return say(message, values, self.language)

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on (the message already shown stays as it was said)."""
        if lang.check(language) == self.language:
            return
        self.language = language
        self.words = four_rows_words(language)
        self._refresh()
        for callback in self.on_language:
            callback(language)

    @property
    def practice(self) -> int | None:
        """The practice deal's number, or None for a random deck."""
        return self._practice

    def kept(self) -> dict[str, Any]:
        """The game as plain data: enough to resume it, clock included (kept on the server only).
        ``started_at`` is the server clock's reading when the four minutes started."""
        return {"seed": self._seed, "practice": self._practice, "moves": [str(move) for move in self.game.moves],
                "started_at": self.game.started_at, "over": self.game.is_over}

    def resume(self, data: dict[str, Any]) -> None:
        """Continue a game saved by :meth:`kept`; the time since its clock started counts."""
        self.game = FourRows.resume(int(data["seed"]), data["moves"], data.get("started_at"), self._clock())
        self._seed, self._practice = int(data["seed"]), data.get("practice")
        self._refresh()

    @one_update
    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "languages":
            if (browser := lang.browser_choice(content, self.language_chosen)) is not None:
                self.set_language(browser)
            return
        if kind not in ("move", "hint", "new", "tick"):
            return
        self.hint = {}
        try:
            if kind == "move":
                move = content.get("kind")
                if move not in ("place", "raise", "fold"):
                    raise RowsError(N_("Unknown move {move}: the moves are place, raise and fold."), move=repr(str(move)[:20]))
                action = Action(move, int(content.get("row", 0)))
                self.guard(lambda: self._move(action))
            elif kind == "hint":
                self._give_hint()
            elif kind == "new":
                practice = content.get("practice")
                number = None if practice in (None, "") else practice_number(practice)
                self.guard(lambda: self._new(number))
            elif kind == "tick":
                was_over = self.game.is_over
                events = self.game.tick()
                if events:
                    self.message = " ".join(event.words(self.language) for event in events)
                if self.game.is_over and not was_over:  # the time ran out: that ends the kept game
                    self.guard(lambda: None)
        except (RowsError, PracticeNumberError) as error:
            self.message = error.words(self.language)
        except (ValueError, TypeError) as error:  # a row that is not a number: the programmer's English
            self.message = str(error)
        self._refresh()

    def _move(self, action: Action) -> None:
        events = self.game.apply(action)
        self.message = " ".join(event.words(self.language) for event in events)

    def _new(self, practice: int | None) -> None:
        self._deal(practice)
        self.message = (
            self.say(N_("Practice deal {number}: the same cards for everyone who picks this number."), number=self._practice)
            if self._practice is not None else self.say(N_("New game on a freshly shuffled deck: place the top card in a row."))
        )

    def _give_hint(self) -> None:
        view = self.game.view()
        if view.is_over:
            self.message = self.say(N_("The game is over: start a new game for more hints."))
            return
        action = HintBot(seed=self._seed).choose(view)
        hints = {"place": N_("Hint: Place the card in row {row}."), "raise": N_("Hint: Put a raise chip on row {row}."),
                 "fold": N_("Hint: Fold row {row}.")}
        self.message = self.say(hints[action.kind], row=action.row)
        self.hint = {"action": action.kind, "row": action.row}
