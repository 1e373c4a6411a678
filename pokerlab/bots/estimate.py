"""Hand reading for the bots: sensible discards, exact draw outcomes, and quick equity by simulation.

Everything here works from the cards a seat can see (its hand and its own discards); opponents'
hands are always simulated from the unseen cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerlab.cards import ALL_CARDS, Card
from pokerlab.hands import HandCategory, category_of, evaluate, evaluate_many
from pokerlab.odds import CATEGORY_POINTS, opponent_discards, replacement_indices

_POINTS = np.array(CATEGORY_POINTS, dtype=np.float64)
SAMPLED_DRAWS = 3000
"""Draws of four or more cards are scored on this many seeded samples instead of every outcome."""


def four_flush(cards: Sequence[Card]) -> list[Card] | None:
    suit, count = Counter(card.suit for card in cards).most_common(1)[0]
    return [card for card in cards if card.suit == suit] if count == 4 else None


def open_ender(cards: Sequence[Card]) -> list[Card] | None:
    ranks = {card.rank for card in cards}
    for low in range(10, 1, -1):
        window = set(range(low, low + 4))
        if window <= ranks and low + 3 < 14:
            keep, used = [], set()
            for card in cards:
                if card.rank in window and card.rank not in used:
                    keep.append(card)
                    used.add(card.rank)
            return keep
    return None


def rule_discards(cards: Sequence[Card], max_discards: int) -> list[Card]:
    """The textbook draw: stand pat on a straight or better, keep trips / two pair / a four-card
    flush or open-ended straight / a pair, else keep the highest cards (an ace alone if four may go)."""
    value = evaluate(cards)
    category = value.category
    counts = Counter(card.rank for card in cards)
    if category >= HandCategory.STRAIGHT:
        return []
    if category in (HandCategory.THREE_OF_A_KIND, HandCategory.TWO_PAIR):
        return [card for card in cards if counts[card.rank] == 1]
    for draw in (four_flush(cards), open_ender(cards)):
        if draw is not None:
            return [card for card in cards if card not in draw]
    if category == HandCategory.PAIR:
        return [card for card in cards if counts[card.rank] == 1]
    ordered = sorted(cards, key=lambda card: -card.rank)
    keep = 1 if max_discards >= 4 and ordered[0].rank == 14 else 2
    return ordered[keep:]


def candidate_discards(cards: Sequence[Card], max_discards: int) -> list[tuple[Card, ...]]:
    """A handful of sensible discards to compare exactly: the textbook one, pat, keeping each
    draw or pair on its own, and keeping high cards."""
    counts = Counter(card.rank for card in cards)
    keeps: list[list[Card]] = [[card for card in cards if card not in rule_discards(cards, max_discards)], list(cards)]
    for draw in (four_flush(cards), open_ender(cards)):
        if draw is not None:
            keeps.append(draw)
    for rank, count in counts.items():
        if count >= 2:
            keeps.append([card for card in cards if card.rank == rank])
            kicker = max((card for card in cards if counts[card.rank] == 1), key=lambda c: c.rank, default=None)
            if kicker is not None:
                keeps.append([card for card in cards if card.rank == rank] + [kicker])
    ordered = sorted(cards, key=lambda card: -card.rank)
    keeps += [ordered[:2], ordered[:1]]
    seen, out = set(), []
    for keep in keeps:
        discard = tuple(card for card in cards if card not in keep)
        if len(discard) <= max_discards and frozenset(discard) not in seen:
            seen.add(frozenset(discard))
            out.append(discard)
    return out


def unseen_indices(cards: Sequence[Card], known: Sequence[Card] = ()) -> np.ndarray:
    out = {card.index for card in cards} | {card.index for card in known}
    return np.array([card.index for card in ALL_CARDS if card.index not in out], dtype=np.int8)


@dataclass(frozen=True)
class DrawChoice:
    """The outcome of one discard: average category points and chance to improve, exact for draws
    of up to three cards."""

    discard: tuple[Card, ...]
    points: float
    improve: float


def score_discards(
    cards: Sequence[Card], discards: Sequence[tuple[Card, ...]], known: Sequence[Card], rng: np.random.Generator,
) -> list[DrawChoice]:
    """Exact (sampled beyond three cards) outcome of each discard in ``discards``."""
    unseen = unseen_indices(cards, known)
    before = evaluate(cards).category
    out = []
    for discard in discards:
        keep = np.array([card.index for card in cards if card not in discard], dtype=np.int8)
        drawn = len(discard)
        if drawn == 0:
            out.append(DrawChoice(discard, float(_POINTS[before]), 0.0))
            continue
        if drawn <= 3:
            replacements = unseen[replacement_indices(len(unseen), drawn)]
        else:
            keys = rng.random((SAMPLED_DRAWS, len(unseen)))
            replacements = unseen[np.argpartition(keys, drawn, axis=1)[:, :drawn]]
        rows = np.empty((len(replacements), 5), dtype=np.int8)
        rows[:, : len(keep)] = keep
        rows[:, len(keep):] = replacements
        categories = category_of(evaluate_many(rows))
        out.append(DrawChoice(discard, float(_POINTS[categories].mean()), float((categories > before).mean())))
    return out


@dataclass(frozen=True)
class Opponent:
    """What a bot assumes about one opponent's hand: ``drew`` the public draw count (None if not yet
    known or ignored) and ``top`` the share of its possible hands it would have played this way
    (1.0 = any hand; 0.3 = its best 30%, e.g. after it bet)."""

    drew: int | None = None
    top: float = 1.0
    top_before: float = 1.0
    """After the draw: the share of its hands *before* the draw it played as it did then (a
    pre-draw raiser started with one of its better hands)."""


def equity(
    keep: Sequence[Card],
    drawing: int,
    known: Sequence[Card],
    opponents: Sequence[Opponent],
    rng: np.random.Generator,
    trials: int = 600,
    after_draw: bool = False,
) -> float:
    """Chance to win at showdown, estimated by seeded simulation: the bot holds ``keep`` and draws
    ``drawing`` cards; each opponent is dealt five unseen cards and draws by the fixed policy of
    :func:`pokerlab.odds.opponent_discards`. An opponent's deals are kept only when they match its
    public draw count, then only its ``top`` share by strength. ``after_draw``: compare final hands
    (the draw is over); before it, opponents are ranked by their hand before the draw.

    Opponents are simulated one at a time and the chances multiplied, a fair approximation that
    keeps the cost flat as the table grows.
    """
    unseen = unseen_indices(keep, known)
    keep_idx = np.array([card.index for card in keep], dtype=np.int8)
    total = 1.0
    for opponent in opponents:
        keys = rng.random((trials, len(unseen)))
        depth = 5 + 3 + drawing
        order = np.argpartition(keys, depth, axis=1)[:, :depth]
        deck = unseen[order]
        dealt = deck[:, :5]
        mine = np.empty((trials, 5), dtype=np.int8)
        mine[:, : len(keep_idx)] = keep_idx
        mine[:, len(keep_idx):] = deck[:, 5:5 + drawing]
        thrown = opponent_discards(dealt)
        slot = 5 + drawing + np.cumsum(thrown, axis=1) - 1
        final = np.where(thrown, np.take_along_axis(deck, slot.clip(0, depth - 1), axis=1), dealt)
        valid = np.ones(trials, dtype=bool)
        if opponent.drew is not None:
            match = thrown.sum(axis=1) == min(opponent.drew, 3)
            if match.sum() >= 20:
                valid = match
        theirs = evaluate_many(final)
        if opponent.top_before < 1.0:
            dealt_strength = evaluate_many(dealt)
            cut = np.quantile(dealt_strength[valid], 1.0 - opponent.top_before)
            strong = valid & (dealt_strength >= cut)
            if strong.sum() >= 20:
                valid = strong
        if opponent.top < 1.0:
            ranking = theirs if after_draw else evaluate_many(dealt)
            cut = np.quantile(ranking[valid], 1.0 - opponent.top)
            strong = valid & (ranking >= cut)
            if strong.sum() >= 10:
                valid = strong
        my_strength = evaluate_many(mine)
        share = np.where(my_strength > theirs, 1.0, np.where(my_strength == theirs, 0.5, 0.0))
        total *= float(share[valid].mean())
    return total
