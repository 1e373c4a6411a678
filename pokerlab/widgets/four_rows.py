"""The Four Rows board: a thin anywidget over :class:`pokerlab.rows.FourRows`.

Python keeps the game and the authoritative clock. The browser gets one synced trait, ``board``,
built from ``game.view()`` only: the top card, the rows, the chips, the chart, the deck's sorted
composition and its size, never its order. Clicks and keys come back as intents (``place``, ``raise``,
``fold``, ``hint``, ``tick``, ``new``); an illegal one shows the engine's message instead of a traceback.

With ``POKERLAB_TEST_MODE=1`` (or ``paused_clock=True``) the clock does not move, so browser tests
can take their time.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from pokerlab.cards import parse_cards
from pokerlab.rows import (
    EXAMPLE_HANDS,
    TIME_LIMIT,
    Action,
    Clock,
    FourRows,
    ManualClock,
    MonotonicClock,
    RowsError,
    RowsView,
    ScoringType,
)
from pokerlab.rows_hint import HintBot
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets.table import test_mode

_END_TEXT = {
    "deck": "You went through the whole deck.",
    "all types": "All nine types scored - superstar!",
    "time": "Time ran out (no time bonus).",
}


def board_of(view: RowsView) -> dict[str, Any]:
    """The JSON the browser draws: public information only."""
    legal = set(view.legal_actions)
    return {
        "top": str(view.top_card) if view.top_card else None,
        "rows": [
            {
                "number": number,
                "cards": [str(card) for card in cards],
                "chip": chip,
                "can_place": Action("place", number) in legal,
                "can_raise": Action("raise", number) in legal,
                "can_fold": Action("fold", number) in legal,
            }
            for number, (cards, chip) in enumerate(view.rows, start=1)
        ],
        "chips_left": view.chips_left,
        "chart": [
            {
                "label": kind.label,
                "points": kind.points,
                "checked": kind not in view.open_types,
                "example": [str(card) for card in parse_cards(EXAMPLE_HANDS[kind])],
            }
            for kind in sorted(ScoringType, reverse=True)
        ],
        "deck": [str(card) for card in view.deck_composition],
        "deck_count": view.deck_count,
        "time_left": round(view.time_left, 1),
        "time_limit": TIME_LIMIT,
        "warned": view.warned,
        "over": view.is_over,
        "end_text": _END_TEXT.get(view.end_reason or "", ""),
        "sheet": [
            {
                "row": line.row,
                "cards": [str(card) for card in line.cards],
                "type": line.scoring_type.label if line.scoring_type else "Nothing",
                "chip": line.chip_tenths,
                "points": line.points,
            }
            for line in view.score_sheet
        ],
        "time_bonus": view.time_bonus,
        "score": view.score,
        "moves": view.move_count,
    }


class FourRowsWidget(anywidget.AnyWidget):
    """Play Four Rows with mouse, keyboard (1-4, R/F then a row, H) or touch."""

    _esm = esm("cards.js", "four_rows.js")
    _css = css("cards.css", "four_rows.css")

    board = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Dict().tag(sync=True)
    paused_clock = traitlets.Bool(False).tag(sync=True)

    def __init__(self, seed: int = 0, clock: Clock | None = None, paused_clock: bool | None = None,
                 game: FourRows | None = None, **kwargs: Any) -> None:
        if paused_clock is None:
            paused_clock = test_mode()
        super().__init__(paused_clock=paused_clock, **kwargs)
        self._seed = seed
        self._clock_choice = clock
        self.game = game if game is not None else self._new_game(seed)
        self.on_msg(self._on_message)
        self._refresh()

    def _new_game(self, seed: int) -> FourRows:
        clock = self._clock_choice or (ManualClock() if self.paused_clock else MonotonicClock())
        return FourRows(seed, clock)

    def _refresh(self) -> None:
        self.board = board_of(self.game.view())

    def _on_message(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        kind = content.get("action")
        self.hint = {}
        try:
            if kind in ("place", "raise", "fold"):
                events = self.game.apply(Action(kind, int(content.get("row", 0))))
                self.message = " ".join(event.text for event in events)
            elif kind == "hint":
                self._give_hint()
            elif kind == "new":
                self._seed += 1
                self.game = self._new_game(self._seed)
                self.message = "New game: place the top card in a row."
            elif kind == "tick":
                events = self.game.tick()
                if events:
                    self.message = " ".join(event.text for event in events)
        except (RowsError, ValueError) as error:
            self.message = str(error)
        self._refresh()

    def _give_hint(self) -> None:
        view = self.game.view()
        if view.is_over:
            self.message = "The game is over: start a new game for more hints."
            return
        action = HintBot(seed=self._seed).choose(view)
        words = {"place": "Place the card in", "raise": "Put a raise chip on", "fold": "Fold"}
        self.message = f"Hint: {words[action.kind]} row {action.row}."
        self.hint = {"action": action.kind, "row": action.row}
