"""Build two poker hands by tapping cards in a 52-card picker and watch the engine settle them.

The browser only sends intents (``tap`` a card, ``aim`` at hand A or B, ``clear``); Python keeps the
two hands, asks :func:`pokerlab.hands.explain` who wins once both hold five cards, and syncs the
result back. With ``language="es"`` every word it shows is Spanish: Python's sentences from the
catalogue, the script's own words sent in the ``words`` trait (:data:`HAND_BUILDER_WORDS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import anywidget
import traitlets

from pokerlab import language as lang
from pokerlab.cards import ALL_CARDS, parse_cards
from pokerlab.errors import PokerlabError, quoted
from pokerlab.hand_values import evaluate
from pokerlab.language import N_
from pokerlab.narration.hands import CARD_NAME_WORDS, explain, value_name
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update

HAND_SIZE = 5
HAND_KEYS = ("a", "b")
HAND_NAMES = {"a": N_("Hand A"), "b": N_("Hand B")}

HAND_BUILDER_WORDS: Final = (
    "Hand A", "Hand B", "{hand}: adding here", "{hand}: add here", "{count} of 5 cards",
    "{card} in {hand}: tap to take it back", "Deck: tap a card to add it to {hand}", "{card}, in {hand}: tap to take it back",
    "{card}: add to {hand}", "Put all cards back",
    *CARD_NAME_WORDS,
)
"""Every message hand_builder.js (and the card names of cards.js it uses) shows, in English: the browser
gets them in the builder's language in the ``words`` trait (tests/test_language.py keeps this list and
the script in step)."""


def hand_builder_words(language: str) -> dict[str, str]:
    """:data:`HAND_BUILDER_WORDS` in ``language`` (empty for English: the script's own text is English)."""
    return lang.front_end_words(language, HAND_BUILDER_WORDS)


class HandBuilder(anywidget.AnyWidget):
    """Two hands built by tapping cards; ``explanation`` says who wins once both have five cards.

    >>> builder = HandBuilder("Kh Kd 7s 7c Qd", "Ks Kc 7h 7d")
    >>> builder.tap("Jc")
    >>> builder.winner, builder.value_b
    ('a', 'Two pair, kings and sevens, with a jack')
    >>> builder.explanation == explain("Kh Kd 7s 7c Qd", "Ks Kc 7h 7d Jc", names=("Hand A", "Hand B")).text
    True
    """

    _esm = esm("hand_builder.js")
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
    words = traitlets.Dict(help="hand_builder_words(language): the script's messages in that language").tag(sync=True)

    def __init__(self, hand_a: str | Sequence[str] = "", hand_b: str | Sequence[str] = "",
                 language: str = lang.DEFAULT, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.language = lang.check(language)
        self.words = hand_builder_words(language)
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
            self.message = self._("Tap one card at a time; got {code}.").format(code=quoted(code))
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
            self.message = self._("{hand} already has {count} cards: tap one of its cards to take it back, "
                                  "or switch to {other}.").format(hand=self._name(self.target), count=HAND_SIZE,
                                                                  other=self._name(_other(self.target)))
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
            self.message = self._("There is no hand {key}; choose 'a' or 'b'.").format(key=quoted(key))
            return
        self.target = key
        self.message = ""

    def clear(self) -> None:
        """Put every card back and start again with hand A."""
        with self.hold_sync():
            self.hand_a, self.hand_b, self.target, self.message = [], [], "a", ""
            self._settle()

    def _(self, message: str) -> str:
        return lang.gettext(self.language, message)

    def _name(self, key: str) -> str:
        return self._(HAND_NAMES[key])

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
        language = self.language
        self.value_a = value_name(evaluate(" ".join(first)), language) if len(first) == HAND_SIZE else ""
        self.value_b = value_name(evaluate(" ".join(second)), language) if len(second) == HAND_SIZE else ""
        if len(first) < HAND_SIZE or len(second) < HAND_SIZE:
            self.winner = ""
            missing = [lang.ngettext(language, "{hand} needs {count} more", "{hand} needs {count} more",
                                     HAND_SIZE - len(self._hand(k))).format(hand=self._name(k),
                                                                            count=HAND_SIZE - len(self._hand(k)))
                       for k in HAND_KEYS if len(self._hand(k)) < HAND_SIZE]
            self.explanation = self._("{missing} to settle the showdown.").format(
                missing=f" {self._('and')} ".join(missing))
            return
        comparison = explain(" ".join(first), " ".join(second), names=(self._name("a"), self._name("b")),
                             language=language)
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
