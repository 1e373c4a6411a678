"""Short helpers for the lessons' code cells: a learner changes a hand, runs the cell again and reads
in words whether the engine still agrees with the text, never a bare ``AssertionError``.

A :class:`Verdict` is true when the engine agrees; it shows as a sentence in a notebook. The strict
checks the tests need stay in hidden cells (and in the tests), so changing a cell never breaks it::

    >>> showdown_check("Kh Kd 9s 7c 4d", "Ks Kc 9h 6d 5s", winner="Hand A")
    ✓ The engine agrees: Hand A wins: both have a pair of kings and the same top kicker, a nine, so the next kicker decides: a seven beats a six.
    >>> showdown_check("Kh Kd 9s 5c 4d", "Ks Kc 9h 6d 2s", winner="Hand A")
    ✗ With these cards the engine says: Hand B wins: both have a pair of kings and the same top kicker, a nine, so the next kicker decides: a six beats a five. The text's example has Hand A winning; put its cards back to see that again.

Seats: the engine numbers seats from 0, a learner reads Seat 1 to Seat N. :func:`seat` turns the
number a learner reads into the engine's, :func:`seat_label` the other way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pokerlab.cards import Card, parse_cards
from pokerlab.draw import HandState
from pokerlab.draw.events import seat_name
from pokerlab.hands import HandCategory, evaluate, explain
from pokerlab.narration import action_label
from pokerlab.quizzes.tie_breaks import HAND_NAMES
from pokerlab.text import listing

__all__ = [
    "Verdict", "agree", "in_words", "kind_check", "options", "report", "seat", "seat_label", "showdown_check",
]


@dataclass(frozen=True)
class Verdict:
    """Whether the engine agrees with a claim, and a sentence saying so (or what it found instead)."""

    agrees: bool
    text: str

    def __bool__(self) -> bool:
        return self.agrees

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def report(*verdicts: Verdict) -> Verdict:
    """Several verdicts as one, a line each; it agrees when all of them do."""
    return Verdict(all(verdicts), "\n".join(verdict.text for verdict in verdicts))


def in_words(value: object) -> str:
    """A value as a learner reads it: lists as "a, b and c", cards as codes, no brackets or quotes.

    >>> in_words(["Fold", "Call 30"]), in_words({"Seat 1": 45, "Seat 2": 43}), in_words(True)
    ('Fold and Call 30', 'Seat 1: 45 and Seat 2: 43', 'yes')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        if not value:
            return "none"
        return listing([f"{in_words(key)}: {in_words(item)}" for key, item in value.items()])
    if isinstance(value, (list, tuple, set, frozenset)):
        return listing([in_words(item) for item in value]) if value else "none"
    if isinstance(value, HandCategory):
        return value.in_a_sentence
    return str(value)


def agree(what: str, found: object, expected: object, hint: str = "") -> Verdict:
    """"✓ The engine agrees: {what} is {expected}" or, when ``found`` differs, what the engine found.

    >>> agree("the first player to act", "Seat 3", "Seat 3")
    ✓ The engine agrees: the first player to act is Seat 3.
    """
    if found == expected:
        return Verdict(True, f"✓ The engine agrees: {what} is {in_words(expected)}.")
    text = f"✗ The engine finds that {what} is {in_words(found)}, not {in_words(expected)} as in the text."
    return Verdict(False, f"{text} {hint}".strip())


def showdown_check(hand_a: str | Sequence[Card], hand_b: str | Sequence[Card], winner: str,
                   step: str | None = None) -> Verdict:
    """Does ``winner`` ("Hand A", "Hand B" or "split") win this showdown, decided at ``step`` (a
    :attr:`pokerlab.hands.Comparison.deciding_step` such as "kicker" or "category") if given?"""
    comparison = explain(hand_a, hand_b, names=HAND_NAMES)
    found = "split" if comparison.winner is None else HAND_NAMES[comparison.winner]
    same_step = step is None or comparison.deciding_step.startswith(step)
    if found == winner and same_step:
        return Verdict(True, f"✓ The engine agrees: {comparison.text}")
    expected = "a split pot" if winner == "split" else f"{winner} winning"
    return Verdict(False, f"✗ With these cards the engine says: {comparison.text} The text's example has {expected}; "
                          "put its cards back to see that again.")


def kind_check(hand: str | Sequence[Card], kind: HandCategory) -> Verdict:
    """Is ``hand`` of this kind?

    >>> kind_check("Qs Kd Ah 2c 3s", HandCategory.HIGH_CARD)
    ✓ The engine agrees: Q K A 2 3 is high card (ace high).
    """
    value = evaluate(hand)
    shown = " ".join(str(card)[:-1] for card in (parse_cards(hand) if isinstance(hand, str) else hand))
    if value.category is kind:
        return Verdict(True, f"✓ The engine agrees: {shown} is {kind.in_a_sentence} ({_lower(value.name)}).")
    return Verdict(False, f"✗ The engine says {shown} is {value.category.in_a_sentence} ({_lower(value.name)}), "
                          f"not {kind.in_a_sentence}.")


def options(state: HandState) -> list[str]:
    """The buttons the engine offers the player to act, e.g. ``['Fold', 'Call 10', 'Raise to 20']``."""
    return [action_label(item) for item in state.legal_actions()]


def seat(number: int) -> int:
    """The engine's seat index for "Seat ``number``" as a learner reads it (Seat 1 is index 0).

    >>> seat(1), seat_label(seat(4))
    (0, 'Seat 4')
    """
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"Seats are numbered from 1 (Seat 1, Seat 2, ...); got {number!r}.")
    return number - 1


def seat_label(index: int | None) -> str:
    """"Seat 3" for the engine's seat index 2; "nobody" for None."""
    return "nobody" if index is None else seat_name(index)


def seat_labels(indices: Iterable[int]) -> list[str]:
    return [seat_label(index) for index in indices]


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]
