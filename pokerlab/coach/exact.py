"""Exact draw odds: every legal discard of a hand, every possible replacement counted.

For a five-card hand, every legal discard is tried and every possible set of replacements from the
*unseen* cards is enumerated (the 52 cards minus the hand minus the cards known to be out of the
stock, such as your own earlier discards; never an opponent's hidden cards, which are still unseen to
you). Each outcome is counted, so every chance is an exact fraction ``count / C(unseen, drawn)``.
:func:`score_choices` is the one scorer: :func:`draw_odds` (every legal choice, for the coach) and the
computer opponents' :func:`pokerlab.bots.estimate.score_discards` (a few sensible choices) both use it.

>>> from pokerlab import HandCategory, parse_cards
>>> odds = draw_odds(parse_cards("Kh Kd 7s 4c 2d"))
>>> pair = odds.choice(parse_cards("7s 4c 2d"))        # keep the kings, draw three
>>> pair.count(HandCategory.TWO_PAIR), pair.total
(2592, 16215)
>>> print(pair.probability(HandCategory.TWO_PAIR))
864/5405

**Chance to improve** (our definition): the final hand's *category* is better than the category of
the five cards held before the draw. A pair that ends as a bigger pair has not improved; a pair that
ends as two pair has. Breaking a pair to chase a flush improves only on two pair or better.

**Ranking by counts alone.** :meth:`DrawOdds.ranked` orders the choices by one of these measures:

- ``"average"`` ("best average hand"): the expected *points* of the final hand on the scale
  :data:`CATEGORY_POINTS` (high card 0, pair 1, two pair 2, three of a kind 3, straight 4, flush 6,
  full house 9, four of a kind 25, straight flush 50). A named measure kept for lessons and for the
  computer opponents' quick choice; it ignores the ranks inside a kind of hand and the table, so the
  coach's advice does *not* use it: the coach ranks by the chance to win the pot
  (:mod:`pokerlab.coach.advice`).
- ``"improve"`` ("best chance to improve"): the chance to improve as defined above.
- a :class:`~pokerlab.HandCategory` ``target``: the chance to finish with that category or better.

Ties are broken by the other measures, then by drawing fewer cards.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Final, Literal

import numpy as np

from pokerlab.cards import ALL_CARDS, Card, format_cards, parse_cards
from pokerlab.errors import DuplicateCardError, HandSizeError, PokerlabError
from pokerlab.hand_values import HandCategory, HandValue, evaluate
from pokerlab.hands import category_of, evaluate_many

CATEGORY_COUNT: Final = len(HandCategory)
CATEGORY_POINTS: Final = (0, 1, 2, 3, 4, 6, 9, 25, 50)
"""Payoff of each final category (high card first) used by the "best average hand" ranking. It grows
with rarity, like a video-poker pay table without its jacks-or-better cut: in a showdown every pair
counts. Kickers and the rank of a pair are ignored: a measure of how good a kind of hand is, not of
what wins a pot."""

Criterion = Literal["average", "improve"] | HandCategory


class IllegalDiscardError(PokerlabError):
    """A discard the variant does not allow (too many cards, or cards not in the hand)."""


# --- legal choices --------------------------------------------------------------------------------

def _check_discard_rules(discard_limit: int) -> None:
    if discard_limit not in (3, 4):
        raise IllegalDiscardError(
            f"The discard limit must be 3 or 4 (the variants in pokerlab); got {discard_limit!r}."
        )


def _limit_text(discard_limit: int, ace_draw: bool) -> str:
    if discard_limit == 4:
        return "up to four cards"
    if ace_draw:
        return "up to three cards, or four when the card you keep is an ace"
    return "up to three cards"


def is_legal_discard(hand: Sequence[Card], discard: Iterable[Card], discard_limit: int = 3, ace_draw: bool = False) -> bool:
    """Whether ``discard`` (cards of ``hand``) may be thrown under these draw rules.

    Up to ``discard_limit`` cards (3 or 4). With ``ace_draw`` and a limit of 3, four cards may go
    only when the card kept is an ace (rule book 002).

    >>> hand = parse_cards("As 9d 7c 4h 2s")
    >>> is_legal_discard(hand, parse_cards("9d 7c 4h 2s"), ace_draw=True)
    True
    >>> is_legal_discard(hand, parse_cards("As 7c 4h 2s"), ace_draw=True)
    False
    """
    _check_discard_rules(discard_limit)
    thrown = set(discard)
    if not thrown <= set(hand):
        return False
    if len(thrown) <= discard_limit:
        return True
    kept = [card for card in hand if card not in thrown]
    return ace_draw and len(thrown) == 4 and len(kept) == 1 and kept[0].rank == 14


def _illegal_discard(hand: Sequence[Card], discard: Sequence[Card], discard_limit: int, ace_draw: bool) -> IllegalDiscardError:
    strangers = [card for card in discard if card not in hand]
    if strangers:
        reason = f"{format_cards(strangers)} {'is' if len(strangers) == 1 else 'are'} not in your hand"
    else:
        reason = f"throwing {len(discard)} cards is not allowed here"
    return IllegalDiscardError(
        f"Cannot discard {format_cards(discard) or 'nothing'}: {reason}. "
        f"You may discard {_limit_text(discard_limit, ace_draw)} from {format_cards(hand)}, or stand pat."
    )


def legal_discards(hand: Sequence[Card], discard_limit: int = 3, ace_draw: bool = False) -> list[tuple[Card, ...]]:
    """Every legal discard of a five-card hand, fewest cards first (standing pat is the empty one).

    >>> len(legal_discards(parse_cards("As 9d 7c 4h 2s"))), len(legal_discards(parse_cards("As 9d 7c 4h 2s"), 4))
    (26, 31)
    >>> len(legal_discards(parse_cards("As 9d 7c 4h 2s"), ace_draw=True))  # one 4-card discard: keep the ace
    27
    """
    cards = _check_hand(hand)
    _check_discard_rules(discard_limit)
    return [
        discard
        for size in range(5)
        for discard in itertools.combinations(cards, size)
        if is_legal_discard(cards, discard, discard_limit, ace_draw)
    ]


def _check_hand(hand: Sequence[Card] | str) -> tuple[Card, ...]:
    cards = tuple(parse_cards(hand))
    if len(cards) != 5:
        raise HandSizeError(f"Draw odds need a five-card hand; got {len(cards)} card(s): {format_cards(cards)!r}.")
    return cards


def _check_known(hand: tuple[Card, ...], known: Iterable[Card] | str) -> tuple[Card, ...]:
    cards = tuple(parse_cards(known))
    overlap = set(cards) & set(hand)
    if overlap:
        raise DuplicateCardError(
            f"{format_cards(sorted(overlap))} cannot be both in your hand and known to be out of the stock."
        )
    return cards


def unseen_cards(hand: Sequence[Card], known: Iterable[Card] = ()) -> tuple[Card, ...]:
    """The cards you cannot see: the 52 minus your hand minus the known cards, in index order."""
    out = set(hand) | set(known)
    return tuple(card for card in ALL_CARDS if card not in out)


# --- exact odds -----------------------------------------------------------------------------------

@lru_cache(maxsize=16)
def replacement_indices(unseen_count: int, drawn: int) -> np.ndarray:
    """Every way to draw ``drawn`` of ``unseen_count`` cards, as positions (shape C(n, k) x k).

    Cached by ``(unseen_count, drawn)``: the same arrays serve every hand.
    """
    total = comb(unseen_count, drawn)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(unseen_count), drawn)),
        dtype=np.int8, count=total * drawn,
    )
    array = flat.reshape(total, drawn)
    array.setflags(write=False)
    return array


@dataclass(frozen=True)
class ChoiceOdds:
    """The exact outcome of one discard choice: counts of each final category over ``total`` draws."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    total: int
    """How many different replacement sets there are: C(unseen, number drawn)."""
    counts: tuple[int, ...]
    """Replacement sets giving each category, indexed by :class:`HandCategory` (high card first)."""
    improve_count: int
    """Replacement sets that end in a better category than the hand held before the draw."""

    @property
    def drawn(self) -> int:
        return len(self.discard)

    def count(self, category: HandCategory | int) -> int:
        return self.counts[int(category)]

    def probability(self, category: HandCategory | int) -> Fraction:
        """The exact chance of finishing with exactly this category."""
        return Fraction(self.counts[int(category)], self.total)

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        return tuple(Fraction(count, self.total) for count in self.counts)

    def at_least(self, category: HandCategory | int) -> Fraction:
        """The exact chance of finishing with this category or a better one."""
        return Fraction(sum(self.counts[int(category):]), self.total)

    @property
    def improve_probability(self) -> Fraction:
        return Fraction(self.improve_count, self.total)

    @property
    def average_points(self) -> Fraction:
        """Expected :data:`CATEGORY_POINTS` of the final hand: the "best average hand" measure."""
        return Fraction(sum(count * points for count, points in zip(self.counts, CATEGORY_POINTS)), self.total)

    def describe(self) -> str:
        """``'keep K♥ K♦, draw 3'`` or ``'stand pat'``."""
        if not self.discard:
            return "stand pat"
        if not self.keep:
            return f"draw {self.drawn}"
        return f"keep {format_cards(self.keep, pretty=True)}, draw {self.drawn}"


@dataclass(frozen=True)
class DrawOdds:
    """Every legal choice for one hand, with exact odds; see :meth:`ranked` and :meth:`best`."""

    hand: tuple[Card, ...]
    known: tuple[Card, ...]
    discard_limit: int
    ace_draw: bool
    current: HandValue
    """The value of the hand before the draw (the baseline for "improve")."""
    choices: tuple[ChoiceOdds, ...]
    _by_discard: dict[frozenset[Card], ChoiceOdds] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_discard", {frozenset(c.discard): c for c in self.choices})

    @property
    def unseen_count(self) -> int:
        return 52 - len(self.hand) - len(self.known)

    def choice(self, discard: Iterable[Card] | str) -> ChoiceOdds:
        """The odds of throwing exactly these cards (order does not matter)."""
        cards = parse_cards(discard)
        found = self._by_discard.get(frozenset(cards))
        if found is None:
            raise _illegal_discard(self.hand, cards, self.discard_limit, self.ace_draw)
        return found

    def ranked(self, criterion: Criterion = "average") -> list[ChoiceOdds]:
        """The choices, best first, by ``"average"``, ``"improve"`` or a target :class:`HandCategory`."""
        return sorted(self.choices, key=_sort_key(criterion))

    def best(self, criterion: Criterion = "average") -> ChoiceOdds:
        return min(self.choices, key=_sort_key(criterion))


def _sort_key(criterion: Criterion):  # noqa: ANN202 - a key function
    if isinstance(criterion, HandCategory):
        return lambda c: (-c.at_least(criterion), -c.average_points, -c.improve_probability, c.drawn)
    if criterion == "average":
        return lambda c: (-c.average_points, -c.improve_probability, c.drawn)
    if criterion == "improve":
        return lambda c: (-c.improve_probability, -c.average_points, c.drawn)
    raise ValueError(
        f"Unknown ranking criterion {criterion!r}: use 'average', 'improve' or a HandCategory target."
    )


def criterion_value(choice: ChoiceOdds, criterion: Criterion = "average") -> Fraction:
    """The number a criterion ranks by (bigger is better)."""
    if isinstance(criterion, HandCategory):
        return choice.at_least(criterion)
    _sort_key(criterion)  # rejects unknown names with a helpful message
    return choice.average_points if criterion == "average" else choice.improve_probability


def draw_odds(
    hand: Sequence[Card] | str,
    known: Iterable[Card] | str = (),
    discard_limit: int = 3,
    ace_draw: bool = False,
) -> DrawOdds:
    """Exact odds of every legal discard of ``hand``, given cards ``known`` to be out of the stock.

    >>> odds = draw_odds("9h 8h 7c 6d Kc", known="2s 2c")
    >>> odds.unseen_count, odds.choice("Kc").count(HandCategory.STRAIGHT), odds.choice("Kc").total
    (45, 8, 45)
    >>> odds.best().describe()
    'keep 9♥ 8♥ 7♣ 6♦, draw 1'
    """
    cards = _check_hand(hand)
    known_cards = _check_known(cards, known)
    _check_discard_rules(discard_limit)
    choices = score_choices(cards, legal_discards(cards, discard_limit, ace_draw), known_cards)
    return DrawOdds(cards, known_cards, discard_limit, ace_draw, evaluate(cards), tuple(choices))


def score_choices(
    hand: Sequence[Card], discards: Iterable[Sequence[Card]], known: Iterable[Card] = (),
) -> list[ChoiceOdds]:
    """The exact outcome of each discard in ``discards`` (cards of the five-card ``hand``), every
    replacement from the unseen cards counted. The one exact scorer: legality is the caller's job.

    >>> [c.count(HandCategory.FLUSH) for c in score_choices(parse_cards("Ah Kh 7h 2h 9c"), [(), parse_cards("9c")])]
    [0, 9]
    """
    cards = tuple(hand)
    current = evaluate(cards)
    unseen = np.array([card.index for card in unseen_cards(cards, known)], dtype=np.int8)
    positions = {card: i for i, card in enumerate(cards)}
    index_row = np.array([card.index for card in cards], dtype=np.int8)
    choices = []
    for discard in discards:
        discard = tuple(discard)
        keep = tuple(card for card in cards if card not in discard)
        drawn = len(discard)
        replacements = unseen[replacement_indices(len(unseen), drawn)]
        rows = np.empty((len(replacements), 5), dtype=np.int8)
        rows[:, : len(keep)] = index_row[[positions[card] for card in keep]]
        rows[:, len(keep):] = replacements
        strengths = evaluate_many(rows)
        counts = np.bincount(category_of(strengths), minlength=CATEGORY_COUNT)
        choices.append(ChoiceOdds(
            discard=discard,
            keep=keep,
            total=len(rows),
            counts=tuple(int(count) for count in counts),
            improve_count=int(counts[current.category + 1:].sum()),
        ))
    return choices
