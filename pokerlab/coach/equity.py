"""The one equity simulator: the chance to win the pot, by seeded random deals of the unseen cards.

Who uses it: the coach's advice (every discard of a hand), the decision review, the simulation
lessons (:func:`simulate_equity`) and the computer opponents (:mod:`pokerlab.bots.estimate`).

**What is dealt.** Only cards the learner cannot see are dealt: the 52 minus ``seen`` (the learner's
five cards and the cards known to be out of the stock). Opponents' hidden cards are never an input.
Each opponent still in is dealt five cards and draws by the one opponent model
(:func:`pokerlab.coach.policy.opponent_discards`). An opponent whose draw is public ("drew two") is
dealt only hands from which the model draws that many (an opponent who stood pat holds a straight or
better; one who drew two holds three of a kind), picked from :func:`deal_pool` (seeded random
hands sorted by the model's draw) and re-picked while they clash with cards already placed (after
:data:`RESAMPLE_ROUNDS` clashes the deal is dropped, so a result may count a few deals fewer).

**Common random numbers.** One :class:`Deals` serves every choice of the learner: the opponents, their
draws and the stock are the same, and a choice that draws ``k`` cards takes the first ``k`` cards of
the learner's reserved stock. Two choices therefore differ only where their own cards differ, and the
difference between their win chances is far more precise than either chance alone
(:func:`paired_error`).

**Shares.** A win is a whole pot, a tie between ``k`` players ``1/k`` of it; nobody folds (every deal
goes to a showdown), so this is the chance to win *if the hand is played to the end*.

>>> from pokerlab import parse_cards
>>> deals = simulate_deals(parse_cards("Kh Kd 7s 4c 2d"), [None, None], trials=2_000, rng=1)
>>> keep_pair = pot_shares_for(deals, parse_cards("Kh Kd"), 3)
>>> throw_kings = pot_shares_for(deals, parse_cards("7s 4c"), 3)
>>> bool(keep_pair.mean() > throw_kings.mean() + 5 * paired_error(keep_pair, throw_kings))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

import numpy as np

from pokerlab.cards import Card, as_rng, parse_cards
from pokerlab.coach.exact import (
    CATEGORY_COUNT,
    IllegalDiscardError,
    _check_hand,
    _check_known,
    _illegal_discard,
    is_legal_discard,
)
from pokerlab.coach.policy import MOST_DRAWN, opponent_discards
from pokerlab.errors import PokerlabError
from pokerlab.hands import category_of, evaluate_many

POOL_SIZE: Final = 150_000
"""Seeded random hands in :func:`deal_pool` (about 1,100 of them stand pat)."""
RESAMPLE_ROUNDS: Final = 30
"""Tries per opponent and deal before a deal that keeps clashing is dropped."""
LEARNER_DRAW: Final = 4
"""Stock cards reserved for the learner in every deal (the most any variant lets a player draw)."""
MOST_OPPONENTS: Final = 5
"""Opponents one stock can deal and refill (5 cards + 3 drawn each, beside the learner's 5 + 4)."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called as work is done, for a progress bar in the widget layer."""


class SimulationError(PokerlabError):
    """A simulation that cannot be dealt (too many opponents for the unseen cards, no trials)."""


__all__ = [
    "DealPool", "Deals", "Equity", "IllegalDiscardError", "SimulationError", "deal_pool", "paired_error",
    "pot_shares", "pot_shares_for", "simulate_deals", "simulate_equity", "unblocked_rows",
]


# --- the pool of hands, sorted by the draw the opponent model makes --------------------------------

@dataclass(frozen=True)
class DealPool:
    """Seeded random five-card hands, prepared once: each hand, the cards the opponent model throws,
    and the hand's strength before the draw."""

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
    hands.setflags(write=False)
    thrown = opponent_discards(hands)
    counts = thrown.sum(axis=1)
    by_count = tuple(np.flatnonzero(counts == count) for count in range(MOST_DRAWN + 1))
    return DealPool(hands, thrown, evaluate_many(hands), by_count)


def unblocked_rows(
    pool: DealPool, rows: np.ndarray | None, blocked: np.ndarray, rng: np.random.Generator, trials: int,
) -> np.ndarray:
    """``trials`` random row numbers (from ``rows``, or the whole pool) of hands holding no card
    marked in ``blocked`` (shape 52)."""
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


# --- the deals -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Deals:
    """Simulated deals shared by every choice of the learner (see the module's *common random numbers*)."""

    learner_stock: np.ndarray
    """(N, d) the cards the learner draws, in order (d: the most any compared choice draws)."""
    opponents: np.ndarray
    """(N, k, 5) the opponents' hands before the draw."""
    final: np.ndarray
    """(N, k, 5) their hands after it."""
    strength_before: np.ndarray
    """(N, k) strengths before the draw."""
    strength: np.ndarray
    """(N, k) final strengths."""
    opponent_draws: tuple[int | None, ...]
    best: np.ndarray = field(init=False, repr=False, compare=False)
    """(N,) the best opponent's final strength (-1 with no opponent)."""
    best_count: np.ndarray = field(init=False, repr=False, compare=False)
    """(N,) how many opponents hold that best hand."""

    def __post_init__(self) -> None:
        count = self.strength.shape[1]
        best = self.strength.max(axis=1) if count else np.full(len(self.strength), -1)
        object.__setattr__(self, "best", best)
        object.__setattr__(self, "best_count", (self.strength == best[:, None]).sum(axis=1))

    @property
    def trials(self) -> int:
        return len(self.learner_stock)

    @property
    def opponent_count(self) -> int:
        return self.opponents.shape[1]


def _check_draws(opponent_draws: Iterable[int | None]) -> tuple[int | None, ...]:
    draws = tuple(opponent_draws)
    for draw in draws:
        if draw is not None and not 0 <= int(draw) <= 5:
            raise SimulationError(f"A player draws 0 to 5 cards; got {draw!r}.")
    return tuple(None if draw is None else min(int(draw), MOST_DRAWN) for draw in draws)


def simulate_deals(
    seen: Iterable[Card] | str,
    opponent_draws: Iterable[int | None],
    trials: int,
    rng: np.random.Generator | int = 0,
    learner_draw: int = LEARNER_DRAW,
) -> Deals:
    """Deal ``trials`` random situations of the cards not in ``seen``: one entry of ``opponent_draws``
    per opponent still in (None: has not drawn yet; a number: the cards they drew, four or five counted
    as three, the most the model draws). ``learner_draw`` stock cards are reserved for the learner:
    the most any choice to be compared draws.

    >>> deals = simulate_deals("Ah Ad Ac As Kd", [0, None], trials=500, rng=2)
    >>> deals.opponent_count, bool((deals.strength[:, 0] >= deals.strength_before[:, 0]).all())
    (2, True)
    """
    seen_cards = tuple(parse_cards(seen))
    draws = _check_draws(opponent_draws)
    count = len(draws)
    if trials < 1:
        raise SimulationError(f"Simulate at least one deal; got trials={trials}.")
    unseen = 52 - len(set(seen_cards))
    most = min(MOST_OPPONENTS, (unseen - learner_draw) // 8)
    if count > most:
        raise SimulationError(
            f"{count} opponents cannot be dealt and draw from {unseen} unseen cards without reshuffling; "
            f"choose 0 to {most} opponents."
        )
    generator = as_rng(rng)
    used = np.zeros((trials, 52), dtype=bool)
    used[:, [card.index for card in seen_cards]] = True
    hands = np.zeros((trials, count, 5), dtype=np.int8)
    thrown = np.zeros((trials, count, 5), dtype=bool)
    valid = np.ones(trials, dtype=bool)
    pool = deal_pool()
    public = sorted((k for k in range(count) if draws[k] is not None), key=lambda k: len(pool.by_count[draws[k]]))
    for k in public:  # rarest draw first: it is the hardest to place
        rows = pool.by_count[draws[k]]  # type: ignore[index]
        pending = valid.copy()
        for _ in range(RESAMPLE_ROUNDS):
            waiting = np.flatnonzero(pending)
            if not waiting.size:
                break
            pick = rows[generator.integers(len(rows), size=waiting.size)]
            candidate = pool.hands[pick]
            fits = ~np.take_along_axis(used[waiting], candidate.astype(np.intp), axis=1).any(axis=1)
            placed = waiting[fits]
            hands[placed, k] = candidate[fits]
            thrown[placed, k] = pool.thrown[pick[fits]]
            used[placed[:, None], candidate[fits]] = True
            pending[placed] = False
        valid &= ~pending
    if not valid.any():
        raise SimulationError("No deal matched the opponents' draws; this chance cannot be simulated.")
    hands, thrown, used = hands[valid], thrown[valid], used[valid]
    done = len(hands)
    hidden = [k for k in range(count) if draws[k] is None]
    depth = 5 * len(hidden) + learner_draw + MOST_DRAWN * count
    keys = generator.random((done, 52), dtype=np.float32)
    keys[used] = 2.0
    chosen = np.argpartition(keys, depth - 1, axis=1)[:, :depth] if depth < 52 else np.argsort(keys, axis=1)
    # the chosen cards are a uniform random set; sorting them by their keys puts them in a random order
    order = np.take_along_axis(chosen, np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1), axis=1)
    order = order.astype(np.int8)
    for slot, k in enumerate(hidden):
        hands[:, k] = order[:, 5 * slot: 5 * slot + 5]
    before = evaluate_many(hands.reshape(-1, 5)).reshape(done, count)
    if hidden:
        thrown[:, hidden] = opponent_discards(
            hands[:, hidden].reshape(-1, 5), before[:, hidden].reshape(-1)).reshape(done, len(hidden), 5)
    stock = order[:, 5 * len(hidden):]
    final = _draw_in_seat_order(hands, thrown, stock[:, learner_draw:])
    after = evaluate_many(final.reshape(-1, 5)).reshape(done, count)
    return Deals(stock[:, :learner_draw], hands, final, before, after, draws)


def _draw_in_seat_order(hands: np.ndarray, thrown: np.ndarray, stock: np.ndarray) -> np.ndarray:
    """The opponents' final hands: everyone draws from one stock in seat order (an opponent's first
    thrown card is replaced by the stock card after the earlier opponents' draws, and so on)."""
    trials, count = hands.shape[:2]
    if not count:
        return hands
    per_opponent = thrown.sum(axis=2)
    before = np.cumsum(per_opponent, axis=1) - per_opponent
    slot = before[:, :, None] + np.cumsum(thrown, axis=2) - 1
    drawn = np.take_along_axis(stock, slot.reshape(trials, -1).clip(0, stock.shape[1] - 1), axis=1)
    return np.where(thrown, drawn.reshape(trials, count, 5), hands)


def pot_shares(learner: np.ndarray, opponents: np.ndarray) -> np.ndarray:
    """The learner's share of each pot: 1 for a win, 1/k in a k-way split, 0 for a loss.

    ``learner`` holds one final strength per deal, shape (N,); ``opponents`` the opponents', (N, n).
    """
    if opponents.shape[1] == 0:
        return np.ones(len(learner))
    best_opponent = opponents.max(axis=1)
    ties = (opponents == learner[:, None]).sum(axis=1)
    return np.where(learner > best_opponent, 1.0, np.where(learner == best_opponent, 1.0 / (1 + ties), 0.0))


def learner_strengths(deals: Deals, keep: Sequence[Card], drawn: int) -> np.ndarray:
    """The learner's final strength in each deal after keeping ``keep`` and drawing ``drawn``."""
    if len(keep) + drawn != 5 or drawn > deals.learner_stock.shape[1]:
        raise SimulationError(f"Keep {len(keep)} cards and draw {drawn}: a hand has five cards.")
    rows = np.empty((deals.trials, 5), dtype=np.int8)
    rows[:, : len(keep)] = [card.index for card in keep]
    rows[:, len(keep):] = deals.learner_stock[:, :drawn]
    return evaluate_many(rows)


def pot_shares_for(deals: Deals, keep: Sequence[Card], drawn: int) -> np.ndarray:
    """The learner's share of the pot in each deal after keeping ``keep`` and drawing ``drawn``."""
    return shares_against(deals, learner_strengths(deals, keep, drawn))


def shares_against(deals: Deals, learner: np.ndarray) -> np.ndarray:
    """:func:`pot_shares` for the opponents of ``deals``, with their best hands worked out once."""
    return np.where(learner > deals.best, 1.0, np.where(learner == deals.best, 1.0 / (1 + deals.best_count), 0.0))


def standard_error(values: np.ndarray) -> float:
    return float(values.std(ddof=1) / np.sqrt(len(values))) if len(values) > 1 else float("nan")


def paired_error(first: np.ndarray, second: np.ndarray) -> float:
    """Standard error of ``first.mean() - second.mean()`` for shares from the same deals."""
    return standard_error(first - second)


# --- one choice's equity: the lessons' entry point --------------------------------------------------

@dataclass(frozen=True)
class Equity:
    """The chance to win the pot of one choice, from simulated deals."""

    equity: float
    """Average share of the pot won at showdown (a two-way tie counts 1/2, and so on)."""
    standard_error: float
    trials: int
    opponent_count: int
    win_rate: float
    """Share of deals won outright."""
    tie_rate: float
    """Share of deals that ended in a split including the learner."""
    category_frequencies: tuple[float, ...]
    """How often the learner finished with each category (compare with the exact odds)."""

    def __str__(self) -> str:
        return f"{self.equity:.2%} ± {self.standard_error:.2%} against {self.opponent_count} ({self.trials:,} deals)"

    @classmethod
    def from_shares(cls, shares: np.ndarray, strengths: np.ndarray, opponent_count: int) -> Equity:
        """The summary of simulated deals: the learner's share of each pot and final strength."""
        trials = len(shares)
        categories = np.bincount(category_of(strengths), minlength=CATEGORY_COUNT) / trials
        return cls(
            equity=float(shares.mean()),
            standard_error=standard_error(shares),
            trials=trials,
            opponent_count=opponent_count,
            win_rate=float((shares == 1.0).mean()),
            tie_rate=float(((shares > 0) & (shares < 1)).mean()),
            category_frequencies=tuple(float(x) for x in categories),
        )


CHUNK_SIZE: Final = 50_000
"""Deals simulated per batch by :func:`simulate_equity` (progress is reported after each)."""


def simulate_equity(
    hand: Sequence[Card] | str,
    discard: Iterable[Card] | str = (),
    known: Iterable[Card] | str = (),
    opponent_count: int = 1,
    trials: int = 100_000,
    rng: np.random.Generator | int = 0,
    discard_limit: int = 3,
    ace_draw: bool = False,
    progress: Progress | bool | None = None,
    *,
    opponent_draws: Sequence[int | None] | None = None,
) -> Equity:
    """Chance to win at showdown after drawing by ``discard``, against ``opponent_count`` opponents
    who draw by the opponent model (or, with ``opponent_draws``, one entry per opponent: the cards they
    drew, None when not known yet), from ``trials`` seeded random deals of the unseen cards.

    Nobody folds: every deal goes to showdown. ``progress`` may be a callback ``progress(done, total)``
    (the engine shows no bar itself; ``True``/``False`` are accepted and ignored, for old notebooks).

    >>> result = simulate_equity("Ah Ad Ac As Kd", discard="Kd", opponent_count=2, trials=2_000, rng=1)
    >>> result.equity > 0.99, result.trials
    (True, 2000)
    """
    cards = _check_hand(hand)
    known_cards = _check_known(cards, known)
    thrown = tuple(parse_cards(discard))
    if not is_legal_discard(cards, thrown, discard_limit, ace_draw):
        raise _illegal_discard(cards, thrown, discard_limit, ace_draw)
    draws = [None] * opponent_count if opponent_draws is None else list(opponent_draws)
    keep = [card for card in cards if card not in thrown]
    generator = as_rng(rng)
    report = progress if callable(progress) else None
    shares, strengths = [], []
    for start in range(0, max(trials, 1), CHUNK_SIZE):
        size = min(CHUNK_SIZE, trials - start) if trials >= 1 else trials
        deals = simulate_deals(cards + known_cards, draws, size, generator, len(thrown))
        mine = learner_strengths(deals, keep, len(thrown))
        shares.append(shares_against(deals, mine))
        strengths.append(mine)
        if report is not None:
            report(min(start + size, trials), trials)
    return Equity.from_shares(np.concatenate(shares), np.concatenate(strengths), len(draws))
