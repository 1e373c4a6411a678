"""The draw coach: "Which cards should I throw?"

The learner's five cards are shown as buttons; tapping one marks it to throw. Once the learner has
chosen (or asks for the coach's choice), the coach shows that choice's chance to win the pot against
the opponents still in, beside its own best choices, with margins of error, the exact odds of each
kind of hand, and a sentence on the difference. Before that it shows nothing of its own: the learner
thinks first. Numbers come from :mod:`pokerlab.coach` (win chances by
:func:`pokerlab.coach.advice.advise`, exact odds by :mod:`pokerlab.coach.exact`); the words from
:mod:`pokerlab.narration.coach`.

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

from pokerlab.cards import Card
from pokerlab.coach.advice import Advice, ChoiceChance, advise
from pokerlab.coach.equity import MOST_OPPONENTS
from pokerlab.coach.exact import ChoiceOdds, DrawOdds, draw_odds
from pokerlab.coach.exact import _limit_text as limit_text
from pokerlab.errors import PokerlabError
from pokerlab.hands import HandCategory
from pokerlab.memory import giving_back_memory
from pokerlab.narration.coach import advice_text, compare_choices, tried_text
from pokerlab.text import listing, quoted
from pokerlab.widgets._assets import css, esm

CHART_SIZE: Final = 6
"""How many of the best choices the chart lists (the learner's choice is added when it is not among them)."""


class Coach(anywidget.AnyWidget):
    """Draw advice for one hand, explained. Embed it in a game and call :meth:`update` each deal."""

    _esm = esm("cards.js", "coach.js")
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
    current = traitlets.Unicode("", help="What the hand is now, e.g. 'Pair of kings, ace kicker'").tag(sync=True)
    revealed = traitlets.Bool(False, help="The learner has chosen or asked: the coach's numbers may show").tag(sync=True)
    busy = traitlets.Bool(False, help="Win chances are being computed").tag(sync=True)
    progress = traitlets.Float(0.0, help="Share of the choices computed (0 to 1)").tag(sync=True)
    tried = traitlets.Dict(help="The marked choice (see _payload); empty until the learner chooses").tag(sync=True)
    best = traitlets.Dict(help="The coach's best choice; empty until revealed").tag(sync=True)
    chart = traitlets.List(traitlets.Dict(), help="The best choices, best first, plus the tried one").tag(sync=True)
    explanation = traitlets.Unicode("").tag(sync=True)
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
        **kwargs: Any,
    ) -> None:
        kwargs.pop("criterion", None)  # the points ranking no longer drives the coach; accepted for old notebooks
        super().__init__(**kwargs)
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
                self.current = odds.current.name
                self.rules_text = _rules_text(odds.discard_limit, odds.ace_draw)
                self.opponents = len(draws)
                self.opponent_draws_text = _draws_text(draws)
                self.message = ""
                self.marked = []
                self.revealed = False
                self.tried, self.best, self.chart, self.explanation = {}, {}, [], ""
        self._start()

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
            self.opponent_draws_text = _draws_text(draws)
        self._start()
        self._refresh()

    def toggle(self, index: int) -> None:
        """Mark or unmark the card at ``index`` (0-4) and show the odds of the new choice."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 5:
            self.message = f"There is no card number {quoted(index)}; the cards are numbered 0 to 4."
            return
        marked = set(self.marked) ^ {index}
        self.try_discard([self.odds.hand[i] for i in sorted(marked)])

    def try_discard(self, discard: Iterable[Card] | str) -> None:
        """Show the odds of throwing exactly these cards; an illegal choice leaves a message instead."""
        try:
            choice = self.odds.choice(discard)
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
                    self.message = f"The coach cannot work out the chances here: {error}"
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
            self.tried = {**self._payload(choice, None), "rank": 0, "choice_count": len(self.odds.choices),
                          "is_tried": True}
            self.best, self.chart = {}, []
            self.explanation = "Working out each choice's chance to win the pot…"
            return
        mine = advice.choice(choice.discard)
        chart = list(advice.choices[:CHART_SIZE])
        if mine not in chart:
            chart.append(mine)
        self.tried = {**self._payload(choice, advice), "rank": advice.rank(choice.discard),
                      "choice_count": len(advice.choices), "is_tried": True}
        self.best = {**self._payload(advice.best.odds, advice), "is_tried": advice.best is mine}
        self.chart = [{**self._payload(item.odds, advice), "is_tried": item is mine} for item in chart]
        text = tried_text(advice, mine)
        if mine is not advice.best and not mine.about_same:
            text += " " + compare_choices(choice, advice.best.odds, self.odds.current.category)
        self.explanation = text + "\n" + advice_text(advice)

    def _payload(self, choice: ChoiceOdds, advice: Advice | None) -> dict[str, Any]:
        """What the browser needs to draw one choice: the learner's own cards and numbers only."""
        payload: dict[str, Any] = {
            "discard": [str(card) for card in choice.discard],
            "keep": [str(card) for card in choice.keep],
            "label": choice.describe(),
            "drawn": choice.drawn,
            "total": choice.total,
            "counts": list(choice.counts),
            "probabilities": [float(p) for p in choice.probabilities],
            "improve": float(choice.improve_probability),
        }
        if advice is not None:
            chance: ChoiceChance = advice.choice(choice.discard)
            payload.update({
                "win": chance.win, "margin": chance.margin, "behind": chance.behind,
                "behind_margin": chance.behind_margin, "about_same": chance.about_same,
                "is_best": advice.starred is chance,
            })
        return payload

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
                    self.message = f"The coach plays against 1 to {MOST_OPPONENTS} opponents; got {quoted(count)}."
                else:
                    self.set_opponents(count)
            else:
                self.message = f"The coach did not understand {quoted(kind)}."
        except (PokerlabError, ValueError) as error:
            self.message = str(error)


def _draws(opponents: int | Sequence[int | None]) -> tuple[int | None, ...]:
    if isinstance(opponents, int) and not isinstance(opponents, bool):
        if not 0 <= opponents <= MOST_OPPONENTS:
            raise ValueError(f"The coach plays against 0 to {MOST_OPPONENTS} opponents; got {opponents}.")
        return (None,) * opponents
    draws = tuple(opponents)
    return draws[:MOST_OPPONENTS]


def _draws_text(draws: tuple[int | None, ...]) -> str:
    known = [draw for draw in draws if draw is not None]
    if not known:
        return ""
    words = ["stood pat" if n == 0 else f"drew {n}" for n in known]
    return f"Your opponents: {listing(words)}."


def _rules_text(discard_limit: int, ace_draw: bool) -> str:
    return f"You may throw {limit_text(discard_limit, ace_draw)}."
