"""The "Which hand wins?" trainer: two dealt hands, the learner calls the winner, pokerlab explains.

Python deals and judges; the browser only draws the two hands and sends the learner's pick as a
custom message (``{"type": "pick", "choice": "first" | "second" | "split"}`` or ``{"type": "next"}``).
Both hands are face up for the learner, so sending them to the browser reveals nothing hidden; the
hand names and the verdict are sent only after the learner has answered.

Deals are chosen to teach rather than dealt at random: hands from different categories (often
neighbouring ones, such as a straight against a flush), hands from one category that a tie-break
decides (often with the same pair, so a kicker decides), and split pots where only the
suits differ.

>>> trainer = Trainer(seed=3)
>>> answer = trainer.pick(trainer.correct_choice())
>>> answer.correct, trainer.streak
(True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, Literal

import anywidget
import numpy as np
import traitlets

from pokerlab.cards import Card, as_rng
from pokerlab.errors import PokerlabError
from pokerlab.hands import HandCategory, all_hands, category_of, evaluate_many, explain, strength_table
from pokerlab.widgets._assets import css, esm

Choice = Literal["first", "second", "split"]
CHOICES: Final[tuple[Choice, ...]] = ("first", "second", "split")
HAND_NAMES: Final = ("Hand 1", "Hand 2")

LESSONS: Final = ("categories", "tie-break", "split")
"""What a deal teaches: different categories, a same-category tie-break, or a split pot."""
LESSON_WEIGHTS: Final = (0.4, 0.45, 0.15)

SPLITTABLE: Final = (
    HandCategory.HIGH_CARD, HandCategory.PAIR, HandCategory.TWO_PAIR,
    HandCategory.STRAIGHT, HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH,
)
"""Categories two hands from one deck can share rank for rank. Trips, full houses and quads cannot:
two hands cannot both hold three cards of one rank."""

_CANDIDATES: Final = 400  # second hands drawn at once; a suitable one is nearly always among them
_LEAD_SHIFT: Final = 16  # the first tie-break rank in a strength (see pokerlab.hands)


class TrainerError(PokerlabError):
    """A pick the trainer cannot take: an unknown choice, or a second answer to the same deal."""


@dataclass(frozen=True)
class Deal:
    """Two five-card hands with no card in common, and what the pair is meant to teach."""

    first: tuple[Card, ...]
    second: tuple[Card, ...]
    lesson: str


@dataclass(frozen=True)
class Answer:
    """The learner's pick judged by the engine's comparison."""

    choice: Choice
    correct_choice: Choice
    text: str
    names: tuple[str, str]

    @property
    def correct(self) -> bool:
        return self.choice == self.correct_choice


# --- dealing pairs that teach (pure functions of a numpy Generator) ----------------------------

@lru_cache(maxsize=1)
def _hands_by_category() -> tuple[np.ndarray, ...]:
    """Row numbers into ``all_hands()`` of every hand, one array per category."""
    categories = category_of(strength_table())
    return tuple(np.flatnonzero(categories == category) for category in HandCategory)


@lru_cache(maxsize=1)
def _hand_table() -> np.ndarray:
    return all_hands()


def _masks(rows: np.ndarray) -> np.ndarray:
    """One 52-bit card set per hand, so two hands are disjoint when their AND is zero."""
    return np.bitwise_or.reduce(np.left_shift(np.int64(1), rows.astype(np.int64)), axis=1)


def _cards(row: np.ndarray) -> tuple[Card, ...]:
    return tuple(Card.from_index(int(i)) for i in row)


def _random_hand(category: int, rng: np.random.Generator) -> np.ndarray:
    pool = _hands_by_category()[category]
    return _hand_table()[pool[rng.integers(len(pool))]]


def _other_hand(first: np.ndarray, category: int, rng: np.random.Generator, close: bool) -> np.ndarray | None:
    """A hand of ``category`` sharing no card with ``first`` and worth a different amount.

    With ``close``, prefer one whose first tie-break rank matches (same pair, same trips, same top
    card), so a later card decides.
    """
    pool = _hands_by_category()[category]
    rows = _hand_table()[pool[rng.integers(len(pool), size=_CANDIDATES)]]
    strengths = evaluate_many(rows)
    first_strength = int(evaluate_many(first[None, :])[0])
    usable = ((_masks(rows) & int(_masks(first[None, :])[0])) == 0) & (strengths != first_strength)
    if close:
        same_lead = (strengths >> _LEAD_SHIFT) == (first_strength >> _LEAD_SHIFT)
        if (usable & same_lead).any():
            usable &= same_lead
    found = np.flatnonzero(usable)
    return rows[found[0]] if len(found) else None


def _split_partner(first: np.ndarray, rng: np.random.Generator) -> np.ndarray | None:
    """The same ranks in other suits, worth exactly the same, sharing no card with ``first``."""
    ranks, suits = first >> 2, first & 3
    strength = int(evaluate_many(first[None, :])[0])
    for _ in range(24):
        permutation = rng.permutation(4)
        other = ranks * 4 + permutation[suits]
        if not set(other.tolist()) & set(first.tolist()) and int(evaluate_many(other[None, :])[0]) == strength:
            return other
    return None


def deal_pair(rng: np.random.Generator | int) -> Deal:
    """Two hands that teach something, chosen with ``rng`` only (the same seed, the same deals).

    >>> deal = deal_pair(7)
    >>> len(deal.first), len(deal.second), not set(deal.first) & set(deal.second)
    (5, 5, True)
    """
    rng = as_rng(rng)
    while True:
        lesson = LESSONS[rng.choice(len(LESSONS), p=LESSON_WEIGHTS)]
        if lesson == "categories":
            low = int(rng.integers(8))
            high = low + 1 if rng.random() < 0.5 else int(rng.integers(low + 1, 9))
            first = _random_hand(low, rng)
            second = _other_hand(first, high, rng, close=False)
        elif lesson == "tie-break":
            category = int(rng.integers(9))
            first = _random_hand(category, rng)
            second = _other_hand(first, category, rng, close=rng.random() < 0.6)
        else:
            first = _random_hand(int(SPLITTABLE[rng.integers(len(SPLITTABLE))]), rng)
            second = _split_partner(first, rng)
        if second is None:
            continue  # rare: no suitable partner among the candidates; deal again
        pair = (first, second) if rng.random() < 0.5 else (second, first)
        return Deal(*(_cards(np.sort(hand)[::-1]) for hand in pair), lesson=lesson)


# --- the widget ------------------------------------------------------------------------------

def _codes(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


class Trainer(anywidget.AnyWidget):
    """Two hands face up; the learner says which wins (or that they split) and keeps a streak.

    Drive it from Python with :meth:`pick` and :meth:`next_hands`, or from the browser, which
    sends the same two intents as custom messages.
    """

    _esm = esm("cards.js", "trainer.js")
    _css = css("cards.css", "trainer.css")

    first = traitlets.List(traitlets.Unicode(), help="Hand 1 as card codes, e.g. ['As', 'Kd', ...]").tag(sync=True)
    second = traitlets.List(traitlets.Unicode(), help="Hand 2 as card codes").tag(sync=True)
    round = traitlets.Int(0, help="Deal number, starting at 1").tag(sync=True)
    result = traitlets.Dict(
        allow_none=True, default_value=None,
        help="None until the learner answers; then choice, correct_choice, correct, text and names",
    ).tag(sync=True)
    streak = traitlets.Int(0, help="Right answers in a row").tag(sync=True)
    best_streak = traitlets.Int(0).tag(sync=True)
    correct_count = traitlets.Int(0).tag(sync=True)
    answered_count = traitlets.Int(0).tag(sync=True)
    message = traitlets.Unicode("", help="A note for the learner when an intent could not be taken").tag(sync=True)
    seed = traitlets.Int(0, help="The seed the deals come from (show it to replay a session)").tag(sync=True)

    def __init__(self, seed: int = 0, **kwargs: Any) -> None:
        super().__init__(seed=int(seed), **kwargs)
        self._rng = as_rng(int(seed))
        self._deal: Deal | None = None
        self._answer: Answer | None = None
        self.on_msg(self._on_message)
        self.next_hands()

    @property
    def deal(self) -> Deal:
        """The two hands on the table now."""
        assert self._deal is not None
        return self._deal

    @property
    def answer(self) -> Answer | None:
        """The judged pick for the current deal, or ``None`` before the learner answers."""
        return self._answer

    def correct_choice(self) -> Choice:
        """What the right pick is for the current deal (the engine decides)."""
        winner = explain(self.deal.first, self.deal.second).winner
        return "split" if winner is None else CHOICES[winner]

    def next_hands(self) -> Deal:
        """Deal the next pair; an unanswered deal is simply replaced (the streak is kept)."""
        self._deal = deal_pair(self._rng)
        self._answer = None
        with self.hold_sync():
            self.first = _codes(self._deal.first)
            self.second = _codes(self._deal.second)
            self.result = None
            self.message = ""
            self.round += 1
        return self._deal

    def pick(self, choice: str) -> Answer:
        """Answer the current deal with ``"first"``, ``"second"`` or ``"split"``; update the streak."""
        if choice not in CHOICES:
            raise TrainerError(f"{choice!r} is not an answer: pick 'first', 'second' or 'split'.")
        if self._answer is not None:
            raise TrainerError("This deal is already answered: deal the next hands to play again.")
        comparison = explain(self.deal.first, self.deal.second, names=HAND_NAMES)
        correct_choice: Choice = "split" if comparison.winner is None else CHOICES[comparison.winner]
        answer = Answer(choice, correct_choice, comparison.text, (comparison.first.name, comparison.second.name))  # type: ignore[arg-type]
        self._answer = answer
        with self.hold_sync():
            self.answered_count += 1
            if answer.correct:
                self.correct_count += 1
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
            else:
                self.streak = 0
            self.message = ""
            self.result = {
                "choice": answer.choice, "correct_choice": answer.correct_choice, "correct": answer.correct,
                "text": answer.text, "names": list(answer.names),
            }
        return answer

    def _on_message(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        """Intents from the browser. A refused intent becomes a message for the learner, never a traceback."""
        kind = content.get("type") if isinstance(content, dict) else None
        try:
            if kind == "pick":
                if content.get("round") not in (None, self.round):
                    return  # a late click on hands that are already gone
                self.pick(str(content.get("choice")))
            elif kind == "next":
                self.next_hands()
            else:
                raise TrainerError(f"Unknown request {kind!r}: the trainer understands 'pick' and 'next'.")
        except PokerlabError as error:
            self.message = str(error)
