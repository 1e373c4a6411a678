"""Why one hand beats another, in words: the step of the ranking that decides and the card that does it.

:func:`explain` (also importable as ``pokerlab.hands.explain``, its first home) compares two hand
values, which :mod:`pokerlab.hands` computes, and says the result in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pokerlab.cards import RANK_NAMES, RANK_PLURALS, Card
from pokerlab.hands import _ARTICLE_LABELS, HandCategory, HandValue, _article, _listing, evaluate

@dataclass(frozen=True)
class Comparison:
    """The result of :func:`explain`: who wins (0 = first, 1 = second, ``None`` = split) and why.

    ``reason`` is the why on its own, with no player named ("both have one pair, and a pair of kings
    beats a pair of queens."), for sentences that name the winner their own way."""

    first: HandValue
    second: HandValue
    winner: int | None
    deciding_step: str
    text: str
    reason: str = ""

    def __str__(self) -> str:
        return self.text


def _values_from(hand: HandValue | Sequence[Card] | str) -> HandValue:
    return hand if isinstance(hand, HandValue) else evaluate(hand)


def explain(
    first: HandValue | Sequence[Card] | str,
    second: HandValue | Sequence[Card] | str,
    names: tuple[str, str] = ("The first hand", "The second hand"),
) -> Comparison:
    """Say who wins a showdown between two hands and name the step and card that decide it.

    ``names`` are the two players as the sentence should call them; ``"You"`` takes "win".

    >>> print(explain("Kh Kd 7s 7c Qd", "Ks Kc 7h 7d Jc"))
    The first hand wins: both have two pair, kings and sevens, so the fifth card decides, and a queen beats a jack.
    >>> print(explain("Ah 2d 3h 4s 5c", "6c 5d 4h 3s 2c", names=("You", "Ann")))
    Ann wins: both have a straight, so the top card decides: six-high beats five-high (the wheel, 5-4-3-2-A, is the lowest straight because its ace counts as one).
    """
    a, b = _values_from(first), _values_from(second)
    if a == b:
        split = _split_text(a)
        return Comparison(a, b, None, "identical", f"Split pot: {split}", split)
    winner = 0 if a > b else 1
    win, lose = (a, b) if winner == 0 else (b, a)
    step, reason = _deciding_reason(win, lose)
    who = names[winner]
    verb = "win" if who.strip().lower() == "you" else "wins"
    return Comparison(a, b, winner, step, f"{who} {verb}: {reason}.", f"{reason}.")


def _lower_first(text: str) -> str:
    return text[0].lower() + text[1:]


def _split_text(value: HandValue) -> str:
    return (
        f"the hands match rank for rank ({_lower_first(value.name)}). "
        "Suits never break a tie, so the pot is shared."
    )


def _beats(win_rank: int, lose_rank: int, plural: bool = False) -> str:
    if plural:
        return f"{RANK_PLURALS[win_rank]} beat {RANK_PLURALS[lose_rank]}"
    return f"{_a(win_rank)} beats {_a(lose_rank)}"


def _a(rank: int) -> str:
    """``'an ace'``, ``'a seven'``."""
    return f"{_article(rank)} {RANK_NAMES[rank]}"


_ORDINALS: Final = ("first", "second", "third", "fourth", "fifth")
_COUNT_WORDS: Final = ("no", "one", "two", "three", "four")


def _deciding_reason(win: HandValue, lose: HandValue) -> tuple[str, str]:
    """(step, reason) for two different values, ``win`` the better one."""
    if win.category != lose.category:
        pause = "," if "," in win.name else ""  # "four sixes, three kicker, against ..."
        return "category", (
            f"{_ARTICLE_LABELS[win.category]} beats {_ARTICLE_LABELS[lose.category]} — "
            f"{_lower_first(win.name)}{pause} against {_lower_first(lose.name)}"
        )
    category = win.category
    place = next(i for i, (x, y) in enumerate(zip(win.ranks, lose.ranks)) if x != y)
    w, l = win.ranks[place], lose.ranks[place]
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        kind = "straight flush" if category is HandCategory.STRAIGHT_FLUSH else "straight"
        wheel = f" (the wheel, 5-4-3-2-A, is the lowest {kind} because its ace counts as one)" if l == 5 else ""
        return "top card", (
            f"both have a {kind}, so the top card decides: "
            f"{RANK_NAMES[w]}-high beats {RANK_NAMES[l]}-high{wheel}"
        )
    if category is HandCategory.FOUR_OF_A_KIND:
        if place == 0:
            return "quads", f"both have four of a kind, and four {RANK_PLURALS[w]} beat four {RANK_PLURALS[l]}"
        return "kicker", (
            f"both have four {RANK_PLURALS[win.ranks[0]]}, so the fifth card (the kicker) decides: {_beats(w, l)}"
        )
    if category is HandCategory.FULL_HOUSE:
        if place == 0:
            return "trips", (
                f"both have a full house, so the three of a kind decides: "
                f"three {RANK_PLURALS[w]} beat three {RANK_PLURALS[l]}"
            )
        return "pair", (
            f"both full houses have three {RANK_PLURALS[win.ranks[0]]}, so the pair decides: "
            f"{_beats(w, l, plural=True)}"
        )
    if category is HandCategory.THREE_OF_A_KIND:
        if place == 0:
            return "trips", f"both have three of a kind, and three {RANK_PLURALS[w]} beat three {RANK_PLURALS[l]}"
        return f"kicker {place}", _kicker_reason(f"three {RANK_PLURALS[win.ranks[0]]}", win.ranks[1:place], w, l)
    if category is HandCategory.TWO_PAIR:
        if place == 0:
            return "high pair", f"both have two pair, so the higher pair decides: {_beats(w, l, plural=True)}"
        if place == 1:
            return "low pair", (
                f"both have two pair with {RANK_PLURALS[win.ranks[0]]} on top, so the lower pair decides: "
                f"{_beats(w, l, plural=True)}"
            )
        return "kicker", (
            f"both have two pair, {RANK_PLURALS[win.ranks[0]]} and {RANK_PLURALS[win.ranks[1]]}, "
            f"so the fifth card decides, and {_beats(w, l)}"
        )
    if category is HandCategory.PAIR:
        if place == 0:
            return "pair", f"both have one pair, and a pair of {RANK_PLURALS[w]} beats a pair of {RANK_PLURALS[l]}"
        return f"kicker {place}", _kicker_reason(f"a pair of {RANK_PLURALS[win.ranks[0]]}", win.ranks[1:place], w, l)
    kind = "a flush" if category is HandCategory.FLUSH else "no pair"
    if place == 0:
        return "card 1", f"both have {kind}, so the highest card decides: {_beats(w, l)}"
    same = _a(win.ranks[0]) if place == 1 else _listing(win.ranks[:place])
    return f"card {place + 1}", (
        f"both have {kind} and both start with {same}, so the {_ORDINALS[place]} card decides: {_beats(w, l)}"
    )


def _kicker_reason(made: str, matched: Sequence[int], w: int, l: int) -> str:
    """Trips or a pair tied: the unmatched cards (kickers) are compared from the highest down."""
    if not matched:
        return f"both have {made}, so the highest kicker decides: {_beats(w, l)}"
    same = f"the same top kicker, {_a(matched[0])}" if len(matched) == 1 else (
        f"the same {_COUNT_WORDS[len(matched)]} top kickers, {_listing(matched)}"
    )
    return f"both have {made} and {same}, so the next kicker decides: {_beats(w, l)}"
