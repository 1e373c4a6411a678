"""Hand reading for the bots: sensible discards, exact draw outcomes, and quick equity by simulation.

Everything here works from the cards a seat can see (its hand and its own discards); opponents'
hands are always simulated from the unseen cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from pokerlab.cards import ALL_CARDS, Card
from pokerlab.hands import HandCategory, category_of, evaluate, evaluate_many
from pokerlab.odds import CATEGORY_POINTS, opponent_discards, replacement_indices, unseen_cards

_POINTS = np.array(CATEGORY_POINTS, dtype=np.float64)
SAMPLED_DRAWS = 3000
"""Draws of four or more cards are scored on this many seeded samples instead of every outcome."""


def four_flush(cards: Sequence[Card]) -> list[Card] | None:
    """The four cards of one suit when the hand holds exactly four of a suit, else None."""
    suit, count = Counter(card.suit for card in cards).most_common(1)[0]
    return [card for card in cards if card.suit == suit] if count == 4 else None


def open_ender(cards: Sequence[Card]) -> list[Card] | None:
    """The highest four consecutive ranks the hand holds that a card at either end would make a
    straight (2-3-4-5 up to 10-J-Q-K; A-2-3-4 and J-Q-K-A fill at one end only), one card per
    rank; else None."""
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
    textbook = rule_discards(cards, max_discards)
    keeps: list[list[Card]] = [[card for card in cards if card not in textbook], list(cards)]
    for draw in (four_flush(cards), open_ender(cards)):
        if draw is not None:
            keeps.append(draw)
    kicker = max((card for card in cards if counts[card.rank] == 1), key=lambda c: c.rank, default=None)
    for rank, count in counts.items():
        if count >= 2:
            keeps.append([card for card in cards if card.rank == rank])
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


@dataclass(frozen=True)
class DrawChoice:
    """The outcome of one discard: average category points and chance to improve, exact for draws
    of up to three cards."""

    discard: tuple[Card, ...]
    points: float
    improve: float


def score_discards(cards: Sequence[Card], discards: Sequence[tuple[Card, ...]], known: Sequence[Card]) -> list[DrawChoice]:
    """Exact (sampled beyond three cards) outcome of each discard in ``discards``.

    A pure function of the cards: the samples for a four-card draw come from a generator seeded by
    the hand itself, so the same hand always gets the same answer (and :func:`best_discard` can
    remember it)."""
    unseen = np.array([card.index for card in unseen_cards(cards, known)], dtype=np.int8)
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
            rng = np.random.default_rng([card.index for card in cards])
            keys = rng.random((SAMPLED_DRAWS, len(unseen)), dtype=np.float32)
            replacements = unseen[np.argpartition(keys, drawn, axis=1)[:, :drawn]]
        rows = np.empty((len(replacements), 5), dtype=np.int8)
        rows[:, : len(keep)] = keep
        rows[:, len(keep):] = replacements
        categories = category_of(evaluate_many(rows))
        out.append(DrawChoice(discard, float(_POINTS[categories].mean()), float((categories > before).mean())))
    return out


@lru_cache(maxsize=4096)
def _best_discard(cards: tuple[Card, ...], max_discards: int, known: tuple[Card, ...]) -> DrawChoice:
    choices = score_discards(cards, candidate_discards(cards, max_discards), known)
    return max(choices, key=lambda choice: (choice.points, -len(choice.discard)))


def best_discard(cards: Sequence[Card], max_discards: int, known: Sequence[Card] = ()) -> DrawChoice:
    """The sensible discard with the best average outcome (fewer cards on a tie). Remembered per
    hand, so the betting before the draw and the draw itself pay for it once."""
    return _best_discard(tuple(cards), max_discards, tuple(known))


POOL_SIZE = 150_000


@dataclass(frozen=True)
class DealPool:
    """Seeded random five-card deals, prepared once: each hand, the cards the fixed policy of
    :func:`pokerlab.odds.opponent_discards` throws, and the hand's strength before the draw.

    Simulated opponents are dealt from here, so the policy is never rerun during a decision, and an
    opponent who stood pat (fewer than 1% of deals) can be simulated with hundreds of pat hands."""

    hands: np.ndarray
    thrown: np.ndarray
    strength: np.ndarray
    by_count: tuple[np.ndarray, ...]
    """Row numbers of the hands that draw 0, 1, 2 and 3 cards."""


@lru_cache(maxsize=1)
def deal_pool() -> DealPool:
    rng = np.random.default_rng(20261129)
    rows = rng.integers(0, 52, size=(int(POOL_SIZE * 1.3), 5), dtype=np.int8)
    ordered = np.sort(rows, axis=1)
    hands = rows[(np.diff(ordered, axis=1) != 0).all(axis=1)][:POOL_SIZE]  # no card twice
    thrown = opponent_discards(hands)
    counts = thrown.sum(axis=1)
    by_count = tuple(np.flatnonzero(counts == count) for count in range(4))
    return DealPool(hands, thrown, evaluate_many(hands), by_count)


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
    called: float = 1.0,
) -> tuple[float, float]:
    """Chance to win at showdown, estimated by seeded simulation: the bot holds ``keep`` and draws
    ``drawing`` cards; each opponent is dealt a hand from :func:`deal_pool` (none holding a card
    this seat can see) and draws by its policy. An opponent whose public draw count is known is
    dealt only hands that draw that many, then only its ``top`` share by strength. ``after_draw``:
    compare final hands (the draw is over); before it, opponents are ranked by their hand before
    the draw.

    Returns the chance against all those hands and against only the ones that would call a bet
    (each opponent's better ``called`` share of them).

    Opponents are simulated one at a time and the chances multiplied, a fair approximation that
    keeps the cost flat as the table grows.
    """
    pool = deal_pool()
    blocked = np.zeros(52, dtype=bool)
    blocked[[card.index for card in keep]] = True
    blocked[[card.index for card in known]] = True
    keep_idx = np.array([card.index for card in keep], dtype=np.int8)
    total = against_callers = 1.0
    for opponent in opponents:
        rows = None if opponent.drew is None else pool.by_count[min(opponent.drew, 3)]
        pick = _unblocked_rows(pool, rows, blocked, rng, trials)
        dealt, thrown = pool.hands[pick], pool.thrown[pick]
        depth = drawing + (3 if opponent.drew is None else min(opponent.drew, 3))
        mine = np.empty((trials, 5), dtype=np.int8)
        mine[:, : len(keep_idx)] = keep_idx
        final = dealt
        if depth:
            keys = rng.random((trials, 52), dtype=np.float32)
            keys[:, blocked] = 2.0
            np.put_along_axis(keys, dealt.astype(np.intp), 2.0, axis=1)
            fresh = np.argpartition(keys, depth - 1, axis=1)[:, :depth].astype(np.int8)
            mine[:, len(keep_idx):] = fresh[:, :drawing]
            slot = drawing + np.cumsum(thrown, axis=1) - 1  # the opponent's i-th thrown card is fresh[drawing + i]
            final = np.where(thrown, np.take_along_axis(fresh, slot.clip(0, depth - 1), axis=1), dealt)
        theirs = evaluate_many(final)
        before = pool.strength[pick]
        valid = np.ones(trials, dtype=bool)
        if opponent.top_before < 1.0:
            valid = _top_share(before, valid, opponent.top_before)
        ranking = theirs if after_draw else before
        if opponent.top < 1.0:
            valid = _top_share(ranking, valid, opponent.top)
        my_strength = evaluate_many(mine)
        share = np.where(my_strength > theirs, 1.0, np.where(my_strength == theirs, 0.5, 0.0))
        total *= float(share[valid].mean())
        if called < 1.0:
            valid = _top_share(ranking, valid, called)
        against_callers *= float(share[valid].mean())
    return total, against_callers


def _unblocked_rows(
    pool: DealPool, rows: np.ndarray | None, blocked: np.ndarray, rng: np.random.Generator, trials: int,
) -> np.ndarray:
    """``trials`` random row numbers (from ``rows``, or the whole pool) of hands holding no blocked card."""
    size = len(pool.hands) if rows is None else len(rows)
    found: list[np.ndarray] = []
    count = 0
    while count < trials:
        pick = rng.integers(0, size, size=3 * trials)
        if rows is not None:
            pick = rows[pick]
        pick = pick[~blocked[pool.hands[pick]].any(axis=1)]
        found.append(pick)
        count += len(pick)
    return np.concatenate(found)[:trials]


def _top_share(ranking: np.ndarray, valid: np.ndarray, share: float) -> np.ndarray:
    """``valid`` narrowed to the better ``share`` of its hands by ``ranking`` (kept as it was when
    that would leave fewer than ten)."""
    cut = np.quantile(ranking[valid], 1.0 - share)
    strong = valid & (ranking >= cut)
    return strong if strong.sum() >= 10 else valid


@lru_cache(maxsize=1)
def warm_up() -> None:
    """Build once per process what the counting bots use (strength tables, every replacement set for
    draws of one to three cards, the deal pool) and run each kind of estimate once, so no decision
    in a hand has to wait for any of it."""
    for drawn in (1, 2, 3):
        replacement_indices(47, drawn)
    deal_pool()
    hand = [ALL_CARDS[index] for index in (48, 45, 30, 17, 2)]  # Ac Kd 9h 6d 2h
    best_discard(hand, 4)
    rng = np.random.default_rng(0)
    equity(hand[:1], 4, (), [Opponent(top=0.5)], rng, 50, called=0.5)
    equity(hand, 0, (), [Opponent(drew=1, top=0.5, top_before=0.5)], rng, 50, after_draw=True, called=0.5)
