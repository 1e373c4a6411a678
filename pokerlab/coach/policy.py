"""The one opponent model: how a simulated player chooses its discard.

The coach assumes the opponents draw this way, the equity simulator (:mod:`pokerlab.coach.equity`)
deals them by it, and the rule-following computer opponents (:mod:`pokerlab.bots`) play it. One rule,
first that applies:

1. straight, flush, full house, four of a kind, straight flush: stand pat;
2. three of a kind: keep the three, draw two;
3. two pair: keep both pairs, draw one;
4. four cards of one suit: draw one to the flush;
5. four ranks in a row that a card at either end completes (2-3-4-5 up to 10-J-Q-K): draw one;
6. one pair: keep the pair, draw three;
7. otherwise keep the two highest cards and draw three.

**A lone ace is not kept by itself**: with an ace and nothing else the policy keeps the ace and the
next highest card and draws three, even where four cards may go (the ace draw, the ladder). Three
reasons: the rule is then legal in every variant pokerlab plays, so one rule serves every table; drawing
four to an ace in the ace-draw variant means showing the ace, which tells the table exactly what you
hold; and it wins more: with A♠ K♦ 9♥ 6♣ 2♦ (``simulate_equity``, 200,000 deals, seed 1) keeping A-K
wins 45.6% ± 0.1% of the pot against one opponent and 19.0% against three, keeping the ace alone
41.7% and 17.4% (``tests/coach/test_textbook.py`` checks the order with a simulation of its own).

>>> mask = opponent_discards(np.array([[c.index for c in parse_cards("Ah Kh 7h 2h 9c")]]))
>>> mask.astype(int).tolist()
[[0, 0, 0, 0, 1]]
>>> [str(card) for card in rule_discards(parse_cards("As Kd 9h 6c 2d"), 4)]
['9h', '6c', '2d']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final, Literal

import numpy as np

from pokerlab.cards import Card, parse_cards
from pokerlab.hand_values import HandCategory
from pokerlab.hands import category_of, evaluate_many

MOST_DRAWN = 3
"""The policy never throws more than three cards."""


_LOWS: Final = np.arange(2, 11)
_WINDOWS: Final = 0b1111 << _LOWS
"""Four ranks in a row that a card at either end completes: 2-3-4-5 up to 10-J-Q-K, as bit masks."""


def opponent_discards(indices: np.ndarray, strengths: np.ndarray | None = None) -> np.ndarray:
    """Which cards the policy throws: a boolean mask, shape (N, 5), for hands (N, 5) of card indices.
    ``strengths`` (the hands' :func:`~pokerlab.hands.evaluate_many` values) saves evaluating them again."""
    hands = np.asarray(indices).astype(np.int16)
    ranks = hands // 4 + 2
    suits = hands % 4
    category = category_of(evaluate_many(hands) if strengths is None else strengths)
    count = len(hands)
    rows = np.arange(count)[:, None]
    rank_counts = np.bincount((rows * 16 + ranks).ravel(), minlength=count * 16).reshape(count, 16)
    suit_counts = np.bincount((rows * 4 + suits).ravel(), minlength=count * 4).reshape(count, 4)
    same_rank = np.take_along_axis(rank_counts, ranks, axis=1)
    four_suited = np.take_along_axis(suit_counts, suits, axis=1) == 4
    bits = np.left_shift(1, ranks)
    rank_bits = bits[:, 0] | bits[:, 1] | bits[:, 2] | bits[:, 3] | bits[:, 4]
    open_ended = (rank_bits[:, None] & _WINDOWS) == _WINDOWS
    low = _LOWS[open_ended.argmax(axis=1)][:, None]
    first_of_rank = np.ones(hands.shape, dtype=bool)
    for i in range(1, 5):
        first_of_rank[:, i] = ~(ranks[:, :i] == ranks[:, i:i + 1]).any(axis=1)
    in_window = (ranks >= low) & (ranks <= low + 3) & first_of_rank
    second_highest = np.sort(ranks, axis=1)[:, 3:4]
    rules = [  # first that applies
        (category >= HandCategory.STRAIGHT, np.ones_like(in_window)),  # quads and full houses included
        (category == HandCategory.THREE_OF_A_KIND, same_rank == 3),
        (category == HandCategory.TWO_PAIR, same_rank == 2),
        (four_suited.any(axis=1), four_suited),
        (open_ended.any(axis=1), in_window),
        (category == HandCategory.PAIR, same_rank == 2),
    ]
    keep = np.select([rows[:, None] for rows, _ in rules], [kept for _, kept in rules], default=ranks >= second_highest)
    return ~keep


def rule_discards(cards: Sequence[Card] | str, max_discards: int = 3) -> list[Card]:
    """The cards the policy throws from one hand, in hand order (``max_discards`` is accepted for
    the callers' convenience: the policy never throws more than three, so it is legal under any limit).

    >>> [str(card) for card in rule_discards("Qh Qd 7s 4c 2d")]
    ['7s', '4c', '2d']
    """
    hand = parse_cards(cards)
    if len(hand) != 5:
        raise ValueError(f"The discard rule needs five cards; got {len(hand)}.")
    if max_discards < MOST_DRAWN:
        raise ValueError(f"The discard rule may throw three cards; a limit of {max_discards} is too small.")
    mask = opponent_discards(np.array([[card.index for card in hand]]))[0]
    return [card for card, thrown in zip(hand, mask) if thrown]


def four_flush(cards: Sequence[Card]) -> list[Card] | None:
    """The four cards of one suit when the hand holds exactly four of a suit, else None."""
    suit, count = Counter(card.suit for card in cards).most_common(1)[0]
    return [card for card in cards if card.suit == suit] if count == 4 else None


def straight_draw(kept: Sequence[Card]) -> Literal["open", "inside"] | None:
    """What four cards of four ranks draw to: ``"open"`` when a card at either end makes the straight
    (2-3-4-5 up to 10-J-Q-K: eight cards), ``"inside"`` when only one rank does (a gap inside, or a row
    the ace closes at one end, A-2-3-4 and J-Q-K-A: four cards), else None. The one classifier of a
    kept straight draw: the policy (:func:`open_ender`), the coach's words and the board agree with it.

    >>> [straight_draw(parse_cards(text)) for text in ("9h Tc Jd Qh", "9h Tc Jd Kh", "Ah 2c 3d 4h", "2h 5c 9d Kh")]
    ['open', 'inside', 'inside', None]
    """
    ranks = {card.rank for card in kept}
    if len(kept) != 4 or len(ranks) != 4:
        return None
    found = None
    for values in (ranks, {1 if rank == 14 else rank for rank in ranks}):  # the ace high, then low
        span = max(values) - min(values)
        if span == 3 and 2 <= min(values) <= 10:
            return "open"
        if span in (3, 4):
            found = "inside"
    return found


def open_ender(cards: Sequence[Card]) -> list[Card] | None:
    """The four consecutive ranks the hand holds that a card at either end would make a straight
    (2-3-4-5 up to 10-J-Q-K; A-2-3-4 and J-Q-K-A fill at one end only), one card per rank; else None."""
    ranks = {card.rank for card in cards}
    for low in range(10, 1, -1):
        window = set(range(low, low + 4))
        if window <= ranks:
            keep, used = [], set()
            for card in cards:
                if card.rank in window and card.rank not in used:
                    keep.append(card)
                    used.add(card.rank)
            return keep
    return None
