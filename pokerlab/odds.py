"""Draw odds: the exact chances of every discard choice, and equity against opponents by simulation.

**Exact odds.** For a five-card hand, every legal discard is tried and every possible set of
replacements from the *unseen* cards is enumerated (the 52 cards minus the hand minus the cards known
to be out of the stock, such as your own earlier discards; never an opponent's hidden cards, which
are still unseen to you). Each outcome is counted, so every chance is an exact fraction
``count / C(unseen, drawn)``.

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

**Ranking the choices.** :meth:`DrawOdds.ranked` orders the choices by one of these criteria:

- ``"average"`` (the default, "best average hand"): the expected *points* of the final hand on the
  scale :data:`CATEGORY_POINTS` (high card 0, pair 1, two pair 2, three of a kind 3, straight 4,
  flush 6, full house 9, four of a kind 25, straight flush 50: roughly how much rarer, and so how
  much more often a winner, each category is). Exact as a fraction, like the counts.
- ``"improve"`` ("best chance to improve"): the chance to improve as defined above. Good for drawing
  hands; for a made hand it prefers long shots, which is why it is not the default.
- a :class:`~pokerlab.HandCategory` ``target``: the chance to finish with that category or better.

Ties are broken by the other measures, then by drawing fewer cards.

**Equity.** :func:`simulate_equity` deals the unseen cards at random to opponents, lets them draw by
:func:`opponent_discards` (a fixed, documented policy), draws for the learner by the chosen discard,
and reports the share of pots won (a tie counts as a share) with its standard error.
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

from pokerlab.cards import ALL_CARDS, Card, as_rng, format_cards, parse_cards
from pokerlab.errors import DuplicateCardError, HandSizeError, PokerlabError
from pokerlab.hands import HandCategory, HandValue, category_of, evaluate, evaluate_many

CATEGORY_COUNT: Final = len(HandCategory)
CATEGORY_POINTS: Final = (0, 1, 2, 3, 4, 6, 9, 25, 50)
"""Payoff of each final category (high card first) used by the "best average hand" ranking. It grows
with rarity, like a video-poker pay table without its jacks-or-better cut: in a showdown every pair
counts. Kickers and the rank of a pair are ignored, which is why the coach does not keep a kicker."""
PROGRESS_THRESHOLD: Final = 500_000
"""Simulations of at least this many trials show a progress bar unless ``progress=False``."""
CHUNK_SIZE: Final = 50_000
"""Trials simulated per numpy batch. Fixed, so a seed gives the same answer with or without a bar."""

Criterion = Literal["average", "improve"] | HandCategory


class IllegalDiscardError(PokerlabError):
    """A discard the variant does not allow (too many cards, or cards not in the hand)."""


class SimulationError(PokerlabError):
    """A simulation that cannot be dealt (too many opponents for the unseen cards, no trials)."""


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
    current = evaluate(cards)
    unseen = np.array([card.index for card in unseen_cards(cards, known_cards)], dtype=np.int8)
    positions = {card: i for i, card in enumerate(cards)}
    index_row = np.array([card.index for card in cards], dtype=np.int8)
    choices = []
    for discard in legal_discards(cards, discard_limit, ace_draw):
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
    return DrawOdds(cards, known_cards, discard_limit, ace_draw, current, tuple(choices))


# --- equity by simulation -------------------------------------------------------------------------

def opponent_discards(indices: np.ndarray) -> np.ndarray:
    """Which cards a simulated opponent throws: a boolean mask, shape (N, 5), for hands (N, 5).

    The fixed policy, first rule that applies:

    1. straight, flush, full house, four of a kind, straight flush: stand pat;
    2. three of a kind: keep the three, draw two;
    3. two pair: keep both pairs, draw one;
    4. four cards of one suit: draw one to the flush;
    5. four ranks in a row that a card at either end completes (2-3-4-5 up to 10-J-Q-K): draw one;
    6. one pair: keep the pair, draw three;
    7. otherwise keep the two highest cards and draw three.

    It never throws more than three, so it is legal in every variant.

    >>> mask = opponent_discards(np.array([[c.index for c in parse_cards("Ah Kh 7h 2h 9c")]]))
    >>> mask.astype(int).tolist()
    [[0, 0, 0, 0, 1]]
    """
    hands = np.asarray(indices).astype(np.int32)
    ranks = hands // 4 + 2
    suits = hands % 4
    same_rank = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    same_suit = (suits[:, :, None] == suits[:, None, :]).sum(axis=2)
    category = category_of(evaluate_many(hands))
    keep = np.ones(hands.shape, dtype=bool)
    decided = category >= HandCategory.STRAIGHT  # straight or better, quads and full houses included

    def apply(rows: np.ndarray, kept: np.ndarray) -> None:
        nonlocal decided
        chosen = rows & ~decided
        keep[chosen] = kept[chosen]
        decided = decided | chosen

    apply(category == HandCategory.THREE_OF_A_KIND, same_rank == 3)
    apply(category == HandCategory.TWO_PAIR, same_rank == 2)
    four_flush = same_suit == 4
    apply(four_flush.any(axis=1), four_flush)
    rank_bits = np.bitwise_or.reduce(np.left_shift(1, ranks), axis=1)
    first_of_rank = np.ones(hands.shape, dtype=bool)
    for i in range(1, 5):
        first_of_rank[:, i] = ~(ranks[:, :i] == ranks[:, i:i + 1]).any(axis=1)
    for low in range(2, 11):
        window = 0b1111 << low
        open_ended = (rank_bits & window) == window
        in_window = (ranks >= low) & (ranks <= low + 3) & first_of_rank
        apply(open_ended, in_window)
    apply(category == HandCategory.PAIR, same_rank == 2)
    second_highest = np.sort(ranks, axis=1)[:, 3]
    apply(np.ones(len(hands), dtype=bool), ranks >= second_highest[:, None])
    return ~keep


@dataclass(frozen=True)
class Equity:
    """The result of :func:`simulate_equity`."""

    equity: float
    """Average share of the pot won at showdown (a two-way tie counts 1/2, and so on)."""
    standard_error: float
    trials: int
    opponent_count: int
    win_rate: float
    """Share of trials won outright."""
    tie_rate: float
    """Share of trials that ended in a split including the learner."""
    category_frequencies: tuple[float, ...]
    """How often the learner finished with each category (compare with the exact odds)."""

    def __str__(self) -> str:
        return f"{self.equity:.2%} ± {self.standard_error:.2%} against {self.opponent_count} ({self.trials:,} deals)"

    @classmethod
    def from_shares(cls, shares: np.ndarray, strengths: np.ndarray, opponent_count: int) -> Equity:
        """The summary of simulated deals: the learner's share of each pot (see :func:`pot_shares`)
        and final strength, one entry per deal."""
        trials = len(shares)
        categories = np.bincount(category_of(strengths), minlength=CATEGORY_COUNT) / trials
        return cls(
            equity=float(shares.mean()),
            standard_error=float(shares.std(ddof=1) / np.sqrt(trials)) if trials > 1 else float("nan"),
            trials=trials,
            opponent_count=opponent_count,
            win_rate=float((shares == 1.0).mean()),
            tie_rate=float(((shares > 0) & (shares < 1)).mean()),
            category_frequencies=tuple(float(x) for x in categories),
        )


def pot_shares(learner: np.ndarray, opponents: np.ndarray) -> np.ndarray:
    """The learner's share of each pot: 1 for a win, 1/k in a k-way split, 0 for a loss.

    ``learner`` holds one final strength per deal, shape (N,); ``opponents`` the opponents', (N, n).
    """
    best_opponent = opponents.max(axis=1)
    ties = (opponents == learner[:, None]).sum(axis=1)
    return np.where(learner > best_opponent, 1.0, np.where(learner == best_opponent, 1.0 / (1 + ties), 0.0))


def draw_in_seat_order(opponents: np.ndarray, stock: np.ndarray, start: int) -> np.ndarray:
    """The opponents' final hands after each draws by :func:`opponent_discards`.

    ``opponents`` holds the dealt hands, shape (N, n, 5); ``stock`` one row of stock cards per deal,
    of which the first ``start`` are already taken. Everyone draws from that one stock in seat order:
    an opponent's first thrown card is replaced by the stock card at ``start`` + the earlier
    opponents' draws, the next by the card after it, and so on.
    """
    trials, count = opponents.shape[:2]
    thrown = opponent_discards(opponents.reshape(-1, 5)).reshape(trials, count, 5)
    per_opponent = thrown.sum(axis=2)
    before = np.cumsum(per_opponent, axis=1) - per_opponent
    slot = start + before[:, :, None] + np.cumsum(thrown, axis=2) - 1
    drawn = np.take_along_axis(stock, slot.reshape(trials, -1).clip(0, stock.shape[1] - 1), axis=1)
    return np.where(thrown, drawn.reshape(trials, count, 5), opponents)


def _partial_shuffles(rng: np.random.Generator, cards: np.ndarray, trials: int, depth: int) -> np.ndarray:
    """``trials`` independent random orders of ``cards``; only the first ``depth`` positions are used."""
    decks = np.tile(cards, (trials, 1))
    rows = np.arange(trials)
    for position in range(depth):
        other = rng.integers(position, len(cards), size=trials)
        here = decks[:, position].copy()
        decks[:, position] = decks[rows, other]
        decks[rows, other] = here
    return decks[:, :depth]


def _simulate_chunk(
    rng: np.random.Generator, keep: np.ndarray, drawn: int, unseen: np.ndarray, opponent_count: int, trials: int,
) -> tuple[np.ndarray, np.ndarray]:
    """(learner's share of the pot, learner's final strength) for ``trials`` deals."""
    dealt = 5 * opponent_count
    depth = dealt + drawn + 3 * opponent_count
    decks = _partial_shuffles(rng, unseen, trials, depth)
    learner = np.empty((trials, 5), dtype=np.int8)
    learner[:, : len(keep)] = keep
    learner[:, len(keep):] = decks[:, dealt:dealt + drawn]
    learner_strength = evaluate_many(learner)
    if opponent_count == 0:
        return np.ones(trials), learner_strength
    opponents = decks[:, :dealt].reshape(trials, opponent_count, 5)
    final = draw_in_seat_order(opponents, decks, dealt + drawn)
    opponent_strength = evaluate_many(final.reshape(-1, 5)).reshape(trials, opponent_count)
    return pot_shares(learner_strength, opponent_strength), learner_strength


def simulation_cards(
    hand: Sequence[Card] | str,
    discard: Iterable[Card] | str,
    known: Iterable[Card] | str,
    opponent_count: int,
    trials: int,
    discard_limit: int,
    ace_draw: bool,
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """``(hand, discard, unseen cards)`` for a simulation, once the inputs are checked: a five-card
    hand, a legal discard, at least one trial, and no more opponents than the unseen cards can deal
    and refill without a reshuffle (eight cards each at most)."""
    cards = _check_hand(hand)
    known_cards = _check_known(cards, known)
    thrown = tuple(parse_cards(discard))
    if not is_legal_discard(cards, thrown, discard_limit, ace_draw):
        raise _illegal_discard(cards, thrown, discard_limit, ace_draw)
    if trials < 1:
        raise SimulationError(f"Simulate at least one deal; got trials={trials}.")
    unseen = unseen_cards(cards, known_cards)
    most = (len(unseen) - len(thrown)) // 8
    if not 0 <= opponent_count <= most:
        raise SimulationError(
            f"{opponent_count} opponents cannot be dealt and draw from {len(unseen)} unseen cards without "
            f"reshuffling; choose 0 to {most} opponents."
        )
    return cards, thrown, unseen


def simulate_equity(
    hand: Sequence[Card] | str,
    discard: Iterable[Card] | str = (),
    known: Iterable[Card] | str = (),
    opponent_count: int = 1,
    trials: int = 100_000,
    rng: np.random.Generator | int = 0,
    discard_limit: int = 3,
    ace_draw: bool = False,
    progress: bool | None = None,
) -> Equity:
    """Chance to win at showdown after drawing by ``discard``, against opponents who draw by
    :func:`opponent_discards`, estimated from ``trials`` seeded random deals of the unseen cards.

    Nobody folds: every deal goes to showdown. A progress bar (``tqdm.auto``) appears when
    ``trials`` reaches :data:`PROGRESS_THRESHOLD`; ``progress=False`` hides it, ``True`` forces it.

    >>> result = simulate_equity("Ah Ad Ac As Kd", discard="Kd", opponent_count=2, trials=2_000, rng=1)
    >>> result.equity > 0.99, result.trials
    (True, 2000)
    """
    cards, thrown, unseen_list = simulation_cards(hand, discard, known, opponent_count, trials, discard_limit, ace_draw)
    unseen = np.array([card.index for card in unseen_list], dtype=np.int8)
    keep = np.array([card.index for card in cards if card not in thrown], dtype=np.int8)
    generator = as_rng(rng)
    show = trials >= PROGRESS_THRESHOLD if progress is None else progress
    bar = None
    if show:
        from tqdm.auto import tqdm  # imported only when shown: the engine stays free of display code

        bar = tqdm(total=trials, desc="Simulating showdowns", unit="deal")
    shares, strengths = [], []
    try:
        for start in range(0, trials, CHUNK_SIZE):
            size = min(CHUNK_SIZE, trials - start)
            share, strength = _simulate_chunk(generator, keep, len(thrown), unseen, opponent_count, size)
            shares.append(share)
            strengths.append(strength)
            if bar is not None:
                bar.update(size)
    finally:
        if bar is not None:
            bar.close()
    return Equity.from_shares(np.concatenate(shares), np.concatenate(strengths), opponent_count)
