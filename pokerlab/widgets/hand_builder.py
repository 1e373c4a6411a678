"""Build two poker hands by tapping cards in a 52-card picker and watch the engine settle them.

The browser only sends intents (``tap`` a card, ``aim`` at hand A or B, ``clear``); Python keeps the
two hands, asks :func:`pokerlab.hands.explain` who wins once both hold five cards, and syncs the
result back.
"""

from __future__ import annotations

from collections.abc import Sequence

import anywidget
import traitlets

from pokerlab.cards import ALL_CARDS, parse_cards
from pokerlab.errors import PokerlabError
from pokerlab.hands import evaluate, explain
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update
from pokerlab.text import quoted

HAND_SIZE = 5
HAND_KEYS = ("a", "b")
HAND_NAMES = {"a": "Hand A", "b": "Hand B"}


class HandBuilder(anywidget.AnyWidget):
    """Two hands built by tapping cards; ``explanation`` says who wins once both have five cards.

    >>> builder = HandBuilder("Kh Kd 7s 7c Qd", "Ks Kc 7h 7d")
    >>> builder.tap("Jc")
    >>> builder.winner, builder.value_b
    ('a', 'Two pair, kings and sevens, with a jack')
    >>> builder.explanation == explain("Kh Kd 7s 7c Qd", "Ks Kc 7h 7d Jc", names=("Hand A", "Hand B")).text
    True
    """

    _esm = esm("cards.js", "hand_builder.js")
    _css = css("cards.css", "hand_builder.css")

    hand_a = traitlets.List(traitlets.Unicode()).tag(sync=True)
    hand_b = traitlets.List(traitlets.Unicode()).tag(sync=True)
    target = traitlets.Enum(HAND_KEYS, default_value="a").tag(sync=True)
    value_a = traitlets.Unicode("").tag(sync=True)
    value_b = traitlets.Unicode("").tag(sync=True)
    winner = traitlets.Unicode("").tag(sync=True)  # "a", "b", "split" or "" while a hand is short
    explanation = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    deck = traitlets.List(traitlets.Unicode(), default_value=[str(card) for card in ALL_CARDS]).tag(sync=True)

    def __init__(self, hand_a: str | Sequence[str] = "", hand_b: str | Sequence[str] = "", **kwargs: object) -> None:
        super().__init__(**kwargs)
        first, second = parse_cards(hand_a), parse_cards(hand_b)
        if len(first) > HAND_SIZE or len(second) > HAND_SIZE:
            raise PokerlabError(f"Each hand holds at most {HAND_SIZE} cards; got {len(first)} and {len(second)}.")
        parse_cards([*first, *second])  # one deck: raises on a card in both hands
        self.hand_a, self.hand_b = [str(c) for c in first], [str(c) for c in second]
        self.target = "b" if len(first) == HAND_SIZE and len(second) < HAND_SIZE else "a"
        self._settle()
        self.on_msg(self._on_message)

    def tap(self, code: str) -> None:
        """Remove the card if a hand holds it, else add it to the hand being built (``target``)."""
        with self.hold_sync():  # one update for the browser, not one per trait
            self._tap(code)

    def _tap(self, code: str) -> None:
        try:
            parsed = parse_cards(code)
        except PokerlabError as error:
            self.message = str(error)
            return
        if len(parsed) != 1:
            self.message = f"Tap one card at a time; got {quoted(code)}."
            return
        card = str(parsed[0])
        for key in HAND_KEYS:
            cards = self._hand(key)
            if card in cards:
                self._set_hand(key, [c for c in cards if c != card])
                self.message = ""
                self._settle()
                return
        cards = self._hand(self.target)
        if len(cards) >= HAND_SIZE:
            self.message = (
                f"{HAND_NAMES[self.target]} already has {HAND_SIZE} cards: tap one of its cards to take it "
                f"back, or switch to {HAND_NAMES[_other(self.target)]}."
            )
            return
        self._set_hand(self.target, [*cards, card])
        self.message = ""
        if len(cards) + 1 == HAND_SIZE and len(self._hand(_other(self.target))) < HAND_SIZE:
            self.target = _other(self.target)
        self._settle()

    def aim(self, key: str) -> None:
        """Send the next tapped cards to hand ``"a"`` or ``"b"``."""
        with self.hold_sync():
            self._aim(key)

    def _aim(self, key: str) -> None:
        if key not in HAND_KEYS:
            self.message = f"There is no hand {quoted(key)}; choose 'a' or 'b'."
            return
        self.target = key
        self.message = ""

    def clear(self) -> None:
        """Put every card back and start again with hand A."""
        with self.hold_sync():
            self.hand_a, self.hand_b, self.target, self.message = [], [], "a", ""
            self._settle()

    def _hand(self, key: str) -> list[str]:
        return list(self.hand_a if key == "a" else self.hand_b)

    def _set_hand(self, key: str, cards: list[str]) -> None:
        if key == "a":
            self.hand_a = cards
        else:
            self.hand_b = cards

    def _settle(self) -> None:
        """Name each full hand and, when both are full, let the engine say who wins."""
        first, second = self.hand_a, self.hand_b
        self.value_a = evaluate(" ".join(first)).name if len(first) == HAND_SIZE else ""
        self.value_b = evaluate(" ".join(second)).name if len(second) == HAND_SIZE else ""
        if len(first) < HAND_SIZE or len(second) < HAND_SIZE:
            self.winner = ""
            missing = [f"{HAND_NAMES[k]} needs {HAND_SIZE - len(self._hand(k))} more"
                       for k in HAND_KEYS if len(self._hand(k)) < HAND_SIZE]
            self.explanation = " and ".join(missing) + " to settle the showdown."
            return
        comparison = explain(" ".join(first), " ".join(second), names=(HAND_NAMES["a"], HAND_NAMES["b"]))
        self.winner = "split" if comparison.winner is None else HAND_KEYS[comparison.winner]
        self.explanation = comparison.text

    @one_update
    def _on_message(self, _widget: object, content: dict, _buffers: object) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "tap":
            self.tap(str(content.get("card", "")))
        elif kind == "aim":
            self.aim(str(content.get("hand", "")))
        elif kind == "clear":
            self.clear()


def _other(key: str) -> str:
    return "b" if key == "a" else "a"
