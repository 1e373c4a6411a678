"""Short helpers for the lessons' code cells: a learner changes a hand, runs the cell again and reads
in words whether the engine still agrees with the text, never a bare ``AssertionError``.

A :class:`Verdict` is true when the engine agrees; it shows as a sentence in a notebook. The strict
checks the tests need stay in hidden cells (and in the tests), so changing a cell never breaks it::

    >>> showdown_check("Kh Kd 9s 7c 4d", "Ks Kc 9h 6d 5s", winner="Hand A")
    ✓ The engine agrees: Hand A wins: both have a pair of kings and the same top kicker, a nine, so the next kicker decides: a seven beats a six.
    >>> showdown_check("Kh Kd 9s 5c 4d", "Ks Kc 9h 6d 2s", winner="Hand A")
    ✗ With these cards the engine says: Hand B wins: both have a pair of kings and the same top kicker, a nine, so the next kicker decides: a six beats a five. The text's example has Hand A winning; put its cards back to see that again.

Each check takes the reader's ``language`` (English by default): the verdict is then said in it, the
claim and the values the cell wrote in English said again (:func:`pokerlab.lessons.words.say_again`).

Seats: the engine numbers seats from 0, a learner reads Seat 1 to Seat N. :func:`seat` turns the
number a learner reads into the engine's, :func:`seat_label` the other way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from pokerlab import language as lang
from pokerlab.cards import Card, parse_cards
from pokerlab.draw import HandResult, HandState, IllegalActionError
from pokerlab.draw.events import seat_name
from pokerlab.english_phrases import listing
from pokerlab.hand_values import HandCategory, evaluate
from pokerlab.hands import explain
from pokerlab.language import N_, NP_
from pokerlab.lessons.words import say_again
from pokerlab.narration import Voice, action_label, award_reason, refusal_sentence
from pokerlab.narration.hands import explain as explain_in
from pokerlab.narration.hands import value_name
from pokerlab.quizzes.tie_breaks import HAND_NAMES

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


IN_A_SENTENCE: Final = {
    HandCategory.HIGH_CARD: NP_("a hand is", "high card"), HandCategory.PAIR: NP_("a hand is", "one pair"),
    HandCategory.TWO_PAIR: NP_("a hand is", "two pair"), HandCategory.THREE_OF_A_KIND: NP_("a hand is", "three of a kind"),
    HandCategory.STRAIGHT: NP_("a hand is", "a straight"), HandCategory.FLUSH: NP_("a hand is", "a flush"),
    HandCategory.FULL_HOUSE: NP_("a hand is", "a full house"), HandCategory.FOUR_OF_A_KIND: NP_("a hand is", "four of a kind"),
    HandCategory.STRAIGHT_FLUSH: NP_("a hand is", "a straight flush"),
}
"""Each kind of hand as it reads after "is" (:attr:`HandCategory.in_a_sentence`), for the catalogue."""


def _kind(kind: HandCategory, language: str) -> str:
    return lang.catalogue(language).pgettext("a hand is", IN_A_SENTENCE[kind])


SHOWN_HAND_NAMES: Final = (N_("Hand A"), N_("Hand B"))
"""The two hands of a showdown as the reader sees them (:data:`HAND_NAMES`, for the catalogue)."""


def in_words(value: object, language: str = lang.DEFAULT) -> str:
    """A value as a learner reads it: lists as "a, b and c", cards as codes, no brackets or quotes.

    >>> in_words(["Fold", "Call 30"]), in_words({"Seat 1": 45, "Seat 2": 43}), in_words(True)
    ('Fold and Call 30', 'Seat 1: 45 and Seat 2: 43', 'yes')
    >>> in_words(["Fold", "Call 1,500"], "es"), in_words(True, "es")
    ('Retirarse e Igualar 1.500', 'sí')

    The engine's own values are said as its narration says them: a refusal (an :class:`IllegalActionError`)
    as the player who tried reads it, a finished hand's result (a :class:`HandResult`) as each pot's reason,
    a line each, with seats called "Seat N" (in English, ``str(error)`` and ``result.explanation``).
    """
    _ = lang.catalogue(language).gettext
    if isinstance(value, IllegalActionError):
        return refusal_sentence(value, Voice(viewer=value.seat, language=language))
    if isinstance(value, HandResult):
        return "\n".join(award_reason(award, value, Voice(language=language)) for award in value.awards)
    if isinstance(value, bool):
        return lang.catalogue(language).pgettext("answer", NP_("answer", "yes") if value else NP_("answer", "no"))
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        if not value:
            return _("none")
        return _listing([f"{in_words(key, language)}: {in_words(item, language)}" for key, item in value.items()],
                        language)
    if isinstance(value, (list, tuple, set, frozenset)):
        return _listing([in_words(item, language) for item in value], language) if value else _("none")
    if isinstance(value, HandCategory):
        return _kind(value, language)
    if isinstance(value, int) and language != lang.DEFAULT:  # English prints it as Python does, as always
        return lang.format_number(value, language)
    return say_again(str(value), language)


def _listing(words: Sequence[str], language: str) -> str:
    """``listing`` with the language's "and" (Spanish "y" becomes "e" before an "i" sound: "Retirarse e Igualar")."""
    if language == lang.DEFAULT or len(words) < 2:
        return listing(words)
    last = lang.gettext(language, "and")
    following = words[-1].lower()
    if last == "y" and following.startswith(("i", "í", "hi")) and not following.startswith("hie"):
        last = "e"
    return listing(words, last=last)


def agree(what: str, found: object, expected: object, hint: str = "", language: str = lang.DEFAULT) -> Verdict:
    """"✓ The engine agrees: {what} is {expected}" or, when ``found`` differs, what the engine found.

    >>> agree("the first player to act", "Seat 3", "Seat 3")
    ✓ The engine agrees: the first player to act is Seat 3.
    >>> agree("the pot after the antes", 20, 20, language="es")
    ✓ El motor está de acuerdo en el bote después de los antes: 20.
    """
    _ = lang.catalogue(language).gettext
    values = {"what": say_again(what, language), "expected": in_words(expected, language)}
    if found == expected:
        return Verdict(True, _("✓ The engine agrees: {what} is {expected}.").format(**values))
    text = _("✗ The engine finds that {what} is {found}, not {expected} as in the text.").format(
        **values, found=in_words(found, language))
    return Verdict(False, f"{text} {say_again(hint, language)}".strip())


def showdown_check(hand_a: str | Sequence[Card], hand_b: str | Sequence[Card], winner: str,
                   step: str | None = None, language: str = lang.DEFAULT) -> Verdict:
    """Does ``winner`` ("Hand A", "Hand B" or "split") win this showdown, decided at ``step`` (a
    :attr:`pokerlab.hands.Comparison.deciding_step` such as "kicker" or "category") if given?
    ``winner`` and ``step`` are codes (English in every language); the verdict is in ``language``."""
    comparison = explain(hand_a, hand_b, names=HAND_NAMES)
    found = "split" if comparison.winner is None else HAND_NAMES[comparison.winner]
    same_step = step is None or comparison.deciding_step.startswith(step)
    _ = lang.catalogue(language).gettext
    names = tuple(_(name) for name in SHOWN_HAND_NAMES)
    words = comparison.text if language == lang.DEFAULT else explain_in(
        hand_a, hand_b, names=names, language=language).text  # type: ignore[arg-type]
    if found == winner and same_step:
        return Verdict(True, _("✓ The engine agrees: {explanation}").format(explanation=words))
    if winner == "split":
        expected = _("The text's example has a split pot; put its cards back to see that again.")
    else:
        expected = _("The text's example has {hand} winning; put its cards back to see that again.").format(
            hand=say_again(winner, language))
    return Verdict(False, _("✗ With these cards the engine says: {explanation}").format(explanation=words)
                   + f" {expected}")


def kind_check(hand: str | Sequence[Card], kind: HandCategory, language: str = lang.DEFAULT) -> Verdict:
    """Is ``hand`` of this kind?

    >>> kind_check("Qs Kd Ah 2c 3s", HandCategory.HIGH_CARD)
    ✓ The engine agrees: Q K A 2 3 is high card (ace high).
    >>> kind_check("Qs Kd Ah 2c 3s", HandCategory.HIGH_CARD, language="es")
    ✓ El motor está de acuerdo: Q K A 2 3 es carta alta (carta alta: as).
    """
    value = evaluate(hand)
    shown = " ".join(str(card)[:-1] for card in (parse_cards(hand) if isinstance(hand, str) else hand))
    _ = lang.catalogue(language).gettext
    places = {"hand": shown, "kind": _kind(kind, language), "found": _kind(value.category, language),
              "name": _lower(value_name(value, language))}
    if value.category is kind:
        return Verdict(True, _("✓ The engine agrees: {hand} is {kind} ({name}).").format(**places))
    return Verdict(False, _("✗ The engine says {hand} is {found} ({name}), not {kind}.").format(**places))


def options(state: HandState) -> list[str]:
    """The buttons the engine offers the player to act, e.g. ``['Fold', 'Call 10', 'Raise to 20']`` (in
    English: a lesson compares them with the English its text gives; a check says them again)."""
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


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]
