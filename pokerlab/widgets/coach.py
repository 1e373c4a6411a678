"""The draw coach: "Which cards should I throw?"

The learner's five cards are shown as buttons; tapping one marks it to throw. Once the learner has
chosen (or asks for the coach's choice), the coach shows that choice's chance to win the pot against
the opponents still in, beside its own best choices, with margins of error, the exact odds of each
kind of hand, and a sentence on the difference. Before that it shows nothing of its own: the learner
thinks first. Numbers come from :mod:`pokerlab.coach` (win chances by
:func:`pokerlab.coach.advice.advise`, exact odds by :mod:`pokerlab.coach.exact`); the words from
:mod:`pokerlab.coach.words`, in the panel's language (the table's: ``language``, then
:meth:`Coach.set_language`), and the panel's own sentences and numbers from
:mod:`pokerlab.widgets.coach_texts` (coach.js gets its own words from :func:`coach_words`).

The win chances take a fraction of a second, so they are computed in a background thread, never in
the widget's message handler; ``busy`` and ``progress`` drive a progress bar meanwhile.

The coach only ever knows the learner's hand, the cards the learner has seen leave the stock
(``known``, used in Python and never synced) and how many cards each opponent drew (public).

Browser intents (custom messages): ``{"type": "toggle", "index": 0..4}``, ``{"type": "try",
"discard": ["Kd", ...]}``, ``{"type": "best"}``, ``{"type": "clear"}``,
``{"type": "opponents", "count": 1..5}``.

>>> coach = Coach("Kh Kd As 4c 2d", opponents=4)
>>> coach.wait()
>>> coach.best, coach.marked          # nothing shown before the learner chooses or asks
({}, [])
>>> coach.try_discard("4c 2d")
>>> coach.tried["label"], coach.best["label"]
('keep K♥ K♦ A♠, draw 2', 'keep K♥ K♦, draw 3')
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from typing import Any, Final

import anywidget
import traitlets

from pokerlab import language as lang
from pokerlab.cards import Card
from pokerlab.coach.advice import Advice, advise
from pokerlab.coach.advice_words import advice_text, compare_choices, tried_text
from pokerlab.coach.equity import MOST_OPPONENTS
from pokerlab.coach.exact import ChoiceOdds, DrawOdds, IllegalDiscardError, draw_odds
from pokerlab.errors import PokerlabError, quoted
from pokerlab.hands import HandCategory
from pokerlab.memory import giving_back_memory
from pokerlab.narration.hands import value_name
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets.coach_texts import (
    CATEGORY_NAMES,
    COACH_WORDS,
    chart_title,
    choice_payload,
    coach_words,
    draws_text,
    limit_text,
    players_text,
    rules_text,
    share_text,
    summary_text,
    win_text,
)

CHART_SIZE: Final = 6
"""How many of the best choices the chart lists (the learner's choice is added when it is not among them)."""




class Coach(anywidget.AnyWidget):
    """Draw advice for one hand, explained. Embed it in a game and call :meth:`update` each deal."""

    _esm = esm("coach.js")
    _css = css("cards.css", "coach.css")

    hand = traitlets.List(traitlets.Unicode(), help="The learner's five cards, e.g. ['Kh', 'Kd', ...]").tag(sync=True)
    marked = traitlets.List(traitlets.Int(), help="Positions (0-4) of the cards marked to throw").tag(sync=True)
    unseen_count = traitlets.Int(47, help="Cards the learner cannot see (the replacements come from these)").tag(sync=True)
    rules_text = traitlets.Unicode("", help="The discard rule in words").tag(sync=True)
    opponents = traitlets.Int(1, help="Opponents still in the hand").tag(sync=True)
    opponent_draws_text = traitlets.Unicode("", help="What the opponents drew, in words ('' before they draw)").tag(sync=True)
    categories = traitlets.List(
        traitlets.Unicode(), default_value=[c.label for c in HandCategory], help="Category names, high card first",
    ).tag(sync=True)
    language = traitlets.Unicode(lang.DEFAULT, help="The language the panel speaks (the table's)").tag(sync=True)
    words = traitlets.Dict(help="coach_words(language): the JavaScript's messages in that language").tag(sync=True)
    opponent_choices = traitlets.List(
        traitlets.Unicode(), help="The opponents menu's options in words: '1 player', '2 players'...",
    ).tag(sync=True)
    current = traitlets.Unicode("", help="What the hand is now, e.g. 'Pair of kings, ace kicker'").tag(sync=True)
    revealed = traitlets.Bool(False, help="The learner has chosen or asked: the coach's numbers may show").tag(sync=True)
    busy = traitlets.Bool(False, help="Win chances are being computed").tag(sync=True)
    progress = traitlets.Float(0.0, help="Share of the choices computed (0 to 1)").tag(sync=True)
    tried = traitlets.Dict(help="The marked choice (see coach_texts.choice_payload); empty until the learner chooses").tag(sync=True)
    best = traitlets.Dict(help="The coach's best choice; empty until revealed").tag(sync=True)
    chart = traitlets.List(traitlets.Dict(), help="The best choices, best first, plus the tried one").tag(sync=True)
    explanation = traitlets.Unicode("").tag(sync=True)
    summary = traitlets.Unicode("", help="The tried choice in one sentence: its chances and its rank").tag(sync=True)
    detail_title = traitlets.Unicode("", help="The heading of the tried choice's odds, with its count of draws").tag(sync=True)
    chart_title = traitlets.Unicode("", help="The heading of the chart, with the number of opponents").tag(sync=True)
    message = traitlets.Unicode("", help="Why the last intent could not be taken, for the learner").tag(sync=True)

    def __init__(
        self,
        hand: Sequence[Card] | str,
        known: Iterable[Card] | str = (),
        discard_limit: int = 3,
        ace_draw: bool = False,
        opponents: int | Sequence[int | None] = 1,
        *,
        background: bool = True,
        seed: int = 0,
        language: str = lang.DEFAULT,
        **kwargs: Any,
    ) -> None:
        """``language``: the panel's language (the table's, see :meth:`set_language`)."""
        kwargs.pop("criterion", None)  # the points ranking no longer drives the coach; accepted for old notebooks
        super().__init__(**kwargs)
        self._set_words(lang.check(language))
        self._odds: DrawOdds | None = None
        self._advice: Advice | None = None
        self._discard_limit = discard_limit
        self._ace_draw = ace_draw
        self._draws: tuple[int | None, ...] = ()
        self._known: tuple[Card, ...] = ()
        self._background = background
        self._seed = seed
        self._generation = 0
        self._lock = threading.RLock()
        self._worker: threading.Thread | None = None
        self.update(hand, known, opponents=opponents)
        self.on_msg(self._on_message)

    # --- the Python API (the browser's intents call these) -----------------------------------

    def update(
        self,
        hand: Sequence[Card] | str,
        known: Iterable[Card] | str = (),
        discard_limit: int | None = None,
        ace_draw: bool | None = None,
        opponents: int | Sequence[int | None] | None = None,
    ) -> None:
        """A new hand (the cards known to be out of the stock, the opponents still in): nothing is
        marked and nothing is advised until the learner chooses or asks."""
        odds = draw_odds(
            hand, known,
            self._discard_limit if discard_limit is None else discard_limit,
            self._ace_draw if ace_draw is None else ace_draw,
        )
        draws = self._draws if opponents is None else _draws(opponents)
        with self._lock:
            self._odds, self._advice = odds, None
            self._discard_limit, self._ace_draw, self._known, self._draws = (
                odds.discard_limit, odds.ace_draw, odds.known, draws)
            with self.hold_sync():
                self.hand = [str(card) for card in odds.hand]
                self.unseen_count = odds.unseen_count
                self._say_hand()
                self.opponents = len(draws)
                self.message = ""
                self.marked = []
                self.revealed = False
                self.tried, self.best, self.chart, self.explanation = {}, {}, [], ""
                self.summary = self.detail_title = self.chart_title = ""
        self._start()

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on (the table's language changed): every text is said again."""
        with self._lock, self.hold_sync():
            self._set_words(lang.check(language))
            self._say_hand()
            self.message = ""
            if self.revealed and self.tried:
                self._show(self._tried_choice())

    def _set_words(self, language: str) -> None:
        self.language = language
        self.words = coach_words(language)
        self.opponent_choices = [players_text(count, language) for count in range(1, MOST_OPPONENTS + 1)]
        self.categories = [lang.gettext(language, name) for name in CATEGORY_NAMES]

    def _say_hand(self) -> None:
        """The texts of the hand that do not depend on a choice, in the panel's language."""
        odds, language = self.odds, self.language
        self.current = value_name(odds.current, language)
        self.rules_text = rules_text(odds.discard_limit, odds.ace_draw, language)
        self.opponent_draws_text = draws_text(self._draws, language)

    def _(self, message: str) -> str:
        return lang.gettext(self.language, message)

    @property
    def odds(self) -> DrawOdds:
        assert self._odds is not None
        return self._odds

    @property
    def advice(self) -> Advice | None:
        """The win chances, once computed (see :meth:`wait`)."""
        return self._advice

    def wait(self, timeout: float | None = None) -> None:
        """Block until the win chances are computed (for tests and scripts)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)

    def set_opponents(self, opponents: int | Sequence[int | None]) -> None:
        """How many opponents are still in (or one entry per opponent: the cards they drew, None when
        not yet known). The win chances are computed again; the learner's marks stay."""
        draws = _draws(opponents)
        with self._lock:
            self._draws, self._advice = draws, None
            self.opponents = len(draws)
            self.opponent_draws_text = draws_text(draws, self.language)
        self._start()
        self._refresh()

    def toggle(self, index: int) -> None:
        """Mark or unmark the card at ``index`` (0-4) and show the odds of the new choice."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 5:
            self.message = self._("There is no card number {index}; the cards are numbered 0 to 4.").format(
                index=quoted(index))
            return
        marked = set(self.marked) ^ {index}
        self.try_discard([self.odds.hand[i] for i in sorted(marked)])

    def try_discard(self, discard: Iterable[Card] | str) -> None:
        """Show the odds of throwing exactly these cards; an illegal choice leaves a message instead."""
        try:
            choice = self.odds.choice(discard)
        except IllegalDiscardError as error:
            self.message = str(error) if self.language == lang.DEFAULT else self._(
                "You cannot throw those cards: you may throw {limit}, or keep all five.").format(
                limit=limit_text(self.odds.discard_limit, self.odds.ace_draw, self.language))
            return
        except PokerlabError as error:
            self.message = str(error)
            return
        with self._lock, self.hold_sync():
            self.message = ""
            self.revealed = True
            self.marked = [i for i, card in enumerate(self.odds.hand) if card in choice.discard]
            self._show(choice)

    def show_best(self) -> None:
        """The learner asks: mark the coach's choice (when the win chances are ready; else as soon as they are)."""
        with self._lock:
            self.message = ""
            self.revealed = True
            self._want_best = True
            if self._advice is not None:
                self._mark_best()

    # --- the background work ------------------------------------------------------------------

    _want_best = False

    def _start(self) -> None:
        with self._lock:
            self._generation += 1
            generation = self._generation
            odds, draws = self.odds, self._draws
            self._want_best = False
            self.busy, self.progress = True, 0.0
        if not self._background:
            self._compute(generation, odds, draws)
            return
        worker = threading.Thread(target=giving_back_memory(self._compute), args=(generation, odds, draws),
                                  daemon=True, name="pokerlab-coach")
        self._worker = worker
        worker.start()

    def _compute(self, generation: int, odds: DrawOdds, draws: tuple[int | None, ...]) -> None:
        def report(done: int, total: int) -> None:
            if generation == self._generation and (done == total or done % 5 == 0):
                self.progress = done / total

        try:
            advice = advise(odds.hand, odds.known, draws, odds.discard_limit, odds.ace_draw, rng=self._seed,
                            progress=report)
        except PokerlabError as error:
            with self._lock:
                if generation == self._generation:
                    self.busy = False
                    self.message = (f"The coach cannot work out the chances here: {error}" if self.language == lang.DEFAULT
                                    else self._("The coach cannot work out the chances here."))
            return
        with self._lock:
            if generation != self._generation:
                return  # a newer hand or table came in meanwhile
            self._advice = advice
            with self.hold_sync():
                self.busy, self.progress = False, 1.0
                if self._want_best:
                    self._mark_best()
                else:
                    self._refresh()

    def _refresh(self) -> None:
        if self.revealed and self.tried:
            self._show(self._tried_choice())

    def _mark_best(self) -> None:
        assert self._advice is not None
        best = self._advice.best.odds
        self._want_best = False
        with self.hold_sync():
            self.marked = [i for i, card in enumerate(self.odds.hand) if card in best.discard]
            self._show(best)

    # --- what the browser sees ----------------------------------------------------------------

    def _tried_choice(self) -> ChoiceOdds:
        return self.odds.choice([self.odds.hand[i] for i in self.marked])

    def _show(self, choice: ChoiceOdds) -> None:
        advice = self._advice
        if advice is None:  # exact odds now, the win chances when they are ready
            self.tried = {**choice_payload(choice, None, self.language), "rank": 0, "choice_count": len(self.odds.choices),
                          "is_tried": True}
            self.best, self.chart = {}, []
            self.explanation = self._("Working out each choice's chance to win the pot…")
            self._say_choice()
            return
        mine = advice.choice(choice.discard)
        chart = list(advice.choices[:CHART_SIZE])
        if mine not in chart:
            chart.append(mine)
        self.tried = {**choice_payload(choice, advice, self.language), "rank": advice.rank(choice.discard),
                      "choice_count": len(advice.choices), "is_tried": True}
        self.best = {**choice_payload(advice.best.odds, advice, self.language), "is_tried": advice.best is mine}
        self.chart = [{**choice_payload(item.odds, advice, self.language), "is_tried": item is mine} for item in chart]
        language = self.language
        text = tried_text(advice, mine, language)
        if mine is not advice.best and not mine.about_same:
            text += " " + compare_choices(choice, advice.best.odds, self.odds.current.category, language)
        self.explanation = text + "\n" + advice_text(advice, language)
        self._say_choice()

    def _say_choice(self) -> None:
        """The sentences around the tried choice (its summary, the two headings), in the panel's language."""
        tried, language = self.tried, self.language
        self.summary = summary_text(tried, language)
        self.detail_title = lang.gettext(language, "What you end with ({count} possible draws)").format(
            count=lang.format_number(tried["total"], language))
        self.chart_title = chart_title(self.opponents, language)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        try:
            if kind == "toggle":
                self.toggle(content.get("index"))
            elif kind == "try":
                self.try_discard([str(code) for code in content.get("discard", [])])
            elif kind == "best":
                self.show_best()
            elif kind == "clear":
                self.try_discard(())
            elif kind == "opponents":
                count = content.get("count")
                if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MOST_OPPONENTS:
                    self.message = self._("The coach plays against 1 to {most} opponents; got {count}.").format(
                        most=MOST_OPPONENTS, count=quoted(count))
                else:
                    self.set_opponents(count)
            else:
                self.message = self._("The coach did not understand {kind}.").format(kind=quoted(kind))
        except (PokerlabError, ValueError) as error:
            self.message = str(error)


def _draws(opponents: int | Sequence[int | None]) -> tuple[int | None, ...]:
    if isinstance(opponents, int) and not isinstance(opponents, bool):
        if not 0 <= opponents <= MOST_OPPONENTS:
            raise ValueError(f"The coach plays against 0 to {MOST_OPPONENTS} opponents; got {opponents}.")
        return (None,) * opponents
    draws = tuple(opponents)
    return draws[:MOST_OPPONENTS]


__all__ = ["CATEGORY_NAMES", "CHART_SIZE", "COACH_WORDS", "Coach", "coach_words", "share_text", "win_text"]
