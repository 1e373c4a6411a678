"""The draw coach: "Which cards should I throw?"

The learner's five cards are shown as buttons; tapping one marks it to throw and the coach shows
the exact odds of that choice beside its own best choice, as bars, with a sentence on what the
difference costs. All numbers come from :mod:`pokerlab.odds`; the explanation from
:mod:`pokerlab.review`.

The coach only ever knows the learner's hand and the cards the learner has seen leave the stock
(``known``). The known cards are used in Python and never synced: the browser receives the five
cards, the count of unseen cards, and numbers.

Browser intents (custom messages): ``{"type": "toggle", "index": 0..4}``, ``{"type": "try",
"discard": ["Kd", ...]}``, ``{"type": "best"}``, ``{"type": "clear"}``,
``{"type": "criterion", "criterion": "average" | "improve"}``.

>>> coach = Coach("Kh Kd As 4c 2d")
>>> coach.try_discard("4c 2d")
>>> coach.tried["label"], coach.tried["rank"], coach.best["label"]
('keep K♥ K♦ A♠, draw 2', 2, 'keep K♥ K♦, draw 3')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import anywidget
import traitlets

from pokerlab.cards import Card
from pokerlab.errors import PokerlabError
from pokerlab.hands import HandCategory
from pokerlab.odds import ChoiceOdds, DrawOdds, criterion_value, draw_odds
from pokerlab.review import compare_choices, criterion_name
from pokerlab.widgets._assets import css, esm

CRITERIA: Final = ("average", "improve")
CHART_SIZE: Final = 6
"""How many of the best choices the chart lists (the learner's choice is added when it is not among them)."""


class Coach(anywidget.AnyWidget):
    """Exact draw odds for one hand, explained. Embed it in a game and call :meth:`update` each deal."""

    _esm = esm("cards.js", "coach.js")
    _css = css("cards.css", "coach.css")

    hand = traitlets.List(traitlets.Unicode(), help="The learner's five cards, e.g. ['Kh', 'Kd', ...]").tag(sync=True)
    marked = traitlets.List(traitlets.Int(), help="Positions (0-4) of the cards marked to throw").tag(sync=True)
    unseen_count = traitlets.Int(47, help="Cards the learner cannot see (the replacements come from these)").tag(sync=True)
    rules_text = traitlets.Unicode("", help="The discard rule in words").tag(sync=True)
    criterion = traitlets.Unicode("average", help="'average' or 'improve'").tag(sync=True)
    categories = traitlets.List(
        traitlets.Unicode(), default_value=[c.label for c in HandCategory], help="Category names, high card first",
    ).tag(sync=True)
    current = traitlets.Unicode("", help="What the hand is now, e.g. 'Pair of kings, ace kicker'").tag(sync=True)
    tried = traitlets.Dict(help="The marked choice's odds (see _choice_payload)").tag(sync=True)
    best = traitlets.Dict(help="The coach's choice's odds").tag(sync=True)
    chart = traitlets.List(traitlets.Dict(), help="The best choices, best first, plus the tried one").tag(sync=True)
    explanation = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("", help="Why the last intent could not be taken, for the learner").tag(sync=True)

    def __init__(
        self,
        hand: Sequence[Card] | str,
        known: Iterable[Card] | str = (),
        discard_limit: int = 3,
        ace_draw: bool = False,
        criterion: str = "average",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._odds: DrawOdds | None = None
        self._discard_limit = discard_limit
        self._ace_draw = ace_draw
        self.set_criterion(criterion)
        self.update(hand, known)
        self.on_msg(self._on_message)

    # --- the Python API (the browser's intents call these) -----------------------------------

    def update(
        self,
        hand: Sequence[Card] | str,
        known: Iterable[Card] | str = (),
        discard_limit: int | None = None,
        ace_draw: bool | None = None,
    ) -> None:
        """A new hand (and the cards known to be out of the stock); the coach's choice is marked."""
        odds = draw_odds(
            hand, known,
            self._discard_limit if discard_limit is None else discard_limit,
            self._ace_draw if ace_draw is None else ace_draw,
        )
        self._odds = odds
        self._discard_limit, self._ace_draw = odds.discard_limit, odds.ace_draw
        with self.hold_sync():
            self.hand = [str(card) for card in odds.hand]
            self.unseen_count = odds.unseen_count
            self.current = odds.current.name
            self.rules_text = _rules_text(odds.discard_limit, odds.ace_draw)
            self.message = ""
            self._show(odds.best(self._criterion))

    @property
    def odds(self) -> DrawOdds:
        assert self._odds is not None
        return self._odds

    def toggle(self, index: int) -> None:
        """Mark or unmark the card at ``index`` (0-4) and show the odds of the new choice."""
        if not isinstance(index, int) or not 0 <= index < 5:
            self.message = f"There is no card number {index!r}; the cards are numbered 0 to 4."
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
        with self.hold_sync():
            self.message = ""
            self._show(choice)

    def show_best(self) -> None:
        self._show(self.odds.best(self._criterion))
        self.message = ""

    def set_criterion(self, criterion: str) -> None:
        """Rank by ``"average"`` (best average hand) or ``"improve"`` (best chance to improve)."""
        if criterion not in CRITERIA:
            raise ValueError(f"Unknown criterion {criterion!r}: choose one of {', '.join(CRITERIA)}.")
        self._criterion = criterion
        self.criterion = criterion
        if self._odds is not None:
            self._show(self._tried_choice())

    # --- internals ----------------------------------------------------------------------------

    def _tried_choice(self) -> ChoiceOdds:
        return self.odds.choice([self.odds.hand[i] for i in self.marked])

    def _show(self, choice: ChoiceOdds) -> None:
        odds = self.odds
        ranked = odds.ranked(self._criterion)
        best = ranked[0]
        values = [criterion_value(c, self._criterion) for c in ranked]
        mine = criterion_value(choice, self._criterion)
        rank = 1 + sum(1 for value in values if value > mine)
        chart = ranked[:CHART_SIZE]
        if choice not in chart:
            chart = [*chart, choice]
        with self.hold_sync():
            self.marked = [i for i, card in enumerate(odds.hand) if card in choice.discard]
            self.tried = {**self._payload(choice, best, choice), "rank": rank, "choice_count": len(ranked)}
            self.best = self._payload(best, best, choice)
            self.chart = [self._payload(c, best, choice) for c in chart]
            self.explanation = self._explain(choice, best, rank)

    def _payload(self, choice: ChoiceOdds, best: ChoiceOdds, tried: ChoiceOdds) -> dict[str, Any]:
        """What the browser needs to draw one choice: the learner's own cards and numbers only."""
        return {
            "discard": [str(card) for card in choice.discard],
            "keep": [str(card) for card in choice.keep],
            "label": choice.describe(),
            "drawn": choice.drawn,
            "total": choice.total,
            "counts": list(choice.counts),
            "probabilities": [float(p) for p in choice.probabilities],
            "improve": float(choice.improve_probability),
            "points": float(choice.average_points),
            "value": float(criterion_value(choice, self._criterion)),
            "is_best": criterion_value(choice, self._criterion) == criterion_value(best, self._criterion),
            "is_tried": choice == tried,
        }

    def _explain(self, choice: ChoiceOdds, best: ChoiceOdds, rank: int) -> str:
        how = criterion_name(self._criterion)  # type: ignore[arg-type]
        label = choice.describe()
        label = label[0].upper() + label[1:]
        improve = f"chance to beat {self.odds.current.category.label.lower()}: {float(choice.improve_probability):.1%}"
        if rank == 1:
            return f"{label}: the coach's choice too ({how}). Your {improve}."
        return (
            f"{label}? {compare_choices(choice, best, self.odds.current.category)} "
            f"Your {improve} (coach: {float(best.improve_probability):.1%})."
        )

    def _on_message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        try:
            if kind == "toggle":
                self.toggle(content.get("index"))  # type: ignore[arg-type]
            elif kind == "try":
                self.try_discard([str(code) for code in content.get("discard", [])])
            elif kind == "best":
                self.show_best()
            elif kind == "clear":
                self.try_discard(())
            elif kind == "criterion":
                self.set_criterion(str(content.get("criterion")))
            else:
                self.message = f"The coach did not understand {kind!r}."
        except (PokerlabError, ValueError) as error:
            self.message = str(error)


def _rules_text(discard_limit: int, ace_draw: bool) -> str:
    if discard_limit == 4:
        return "You may throw up to four cards."
    if ace_draw:
        return "You may throw up to three cards, or four if the one you keep is an ace."
    return "You may throw up to three cards."

