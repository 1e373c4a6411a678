"""Decision review: each of the learner's draw decisions beside the coach's choice, and what the
difference is worth, in the spirit of a chess engine's analysis.

A :class:`DrawDecision` is all the review needs: the five cards before the draw, the cards thrown,
the cards known to be out of the stock, and the draw rules. :func:`review_draw` ranks every legal
choice with the exact odds of :mod:`pokerlab.odds` and says how far the learner's choice is from the
best one:

- in *average points* (the "best average hand" scale, :data:`pokerlab.odds.CATEGORY_POINTS`) and in
  the chance to improve, both exact;
- optionally in *equity* against the opponents still in the hand (a seeded simulation), which turns
  into chips once the pot is known: ``(coach's equity - your equity) x pot``, and into big bets.

>>> review = review_draw(DrawDecision.from_text("Kh Kd As 4c 2d", discard="4c 2d"))
>>> review.is_best, review.rank, review.best.describe()
(False, 2, 'keep K♥ K♦, draw 3')
>>> print(review.text.splitlines()[0])
You kept K♥ K♦ A♠ and drew 2; the coach would keep K♥ K♦ and draw 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

import numpy as np

from pokerlab.cards import Card, as_rng, format_cards, parse_cards
from pokerlab.draw.events import PRIVATE_KINDS, Event
from pokerlab.errors import PokerlabError
from pokerlab.hands import HandCategory, evaluate_many
from pokerlab.odds import (
    ChoiceOdds, Criterion, DrawOdds, Equity, SimulationError, criterion_value, draw_in_seat_order, draw_odds,
    opponent_discards, pot_shares, simulate_equity, simulation_cards,
)
from pokerlab.text import listing

NOTICEABLE = Fraction(1, 1000)
"""Differences in a category's chance smaller than this (0.1%) are left out of explanations."""

_CATEGORY_WORDS = {  # as in a sentence, but "no pair" reads better than "high card" here
    category: "no pair" if category is HandCategory.HIGH_CARD else category.in_a_sentence
    for category in HandCategory
}
_MORE_WORDS = {
    HandCategory.PAIR: "pairs",
    HandCategory.TWO_PAIR: "two pair",
    HandCategory.THREE_OF_A_KIND: "three of a kind",
    HandCategory.STRAIGHT: "straights",
    HandCategory.FLUSH: "flushes",
    HandCategory.FULL_HOUSE: "full houses",
    HandCategory.FOUR_OF_A_KIND: "four of a kind",
    HandCategory.STRAIGHT_FLUSH: "straight flushes",
}
_CRITERION_WORDS = {"average": "best average hand", "improve": "best chance to improve"}


def criterion_name(criterion: Criterion) -> str:
    """How a ranking criterion reads in a sentence: ``'best average hand'``, ``'best chance of a flush or better'``."""
    if isinstance(criterion, HandCategory):
        return f"best chance of {_CATEGORY_WORDS[criterion]} or better"
    return _CRITERION_WORDS[criterion]


def _percent(value: Fraction | float) -> str:
    return f"{float(value):.1%}"


def choice_phrase(choice: ChoiceOdds, person: str = "you") -> str:
    """``'kept K♥ K♦ A♠ and drew 2'`` (``person='you'``) or ``'keep K♥ K♦ and draw 3'``."""
    past = person == "you"
    if not choice.discard:
        return "stood pat" if past else "stand pat"
    if not choice.keep:
        return f"drew {choice.drawn}" if past else f"draw {choice.drawn}"
    kept = format_cards(choice.keep, pretty=True)
    return f"kept {kept} and drew {choice.drawn}" if past else f"keep {kept} and draw {choice.drawn}"


def compare_choices(tried: ChoiceOdds, best: ChoiceOdds, current: HandCategory = HandCategory.HIGH_CARD) -> str:
    """In words, what ``tried`` gives up and gains against ``best`` in the categories above ``current``
    (the hand before the draw: ending with the pair you already hold is no gain).

    >>> odds = draw_odds("Kh Kd As 4c 2d")
    >>> print(compare_choices(odds.choice("4c 2d"), odds.choice("As 4c 2d"), odds.current.category))
    Compared with the coach's choice (keep K♥ K♦ and draw 3), you give up 3.7% of three of a kind, 0.2% of a full house and 0.2% of four of a kind for 1.2% more two pair.
    """
    if tried == best:
        return "This is the coach's choice."
    losses, gains = [], []
    for category in HandCategory:
        difference = tried.probability(category) - best.probability(category)
        if category <= current or abs(difference) < NOTICEABLE:
            continue
        if difference < 0:
            words = f"{_percent(-difference)} of {_CATEGORY_WORDS[category]}"
        else:
            words = f"{_percent(difference)} more {_MORE_WORDS[category]}"
        (losses if difference < 0 else gains).append(words)
    head = f"Compared with the coach's choice ({choice_phrase(best, 'coach')}), you"
    if losses and gains:
        return f"{head} give up {listing(losses)} for {listing(gains)}."
    if losses:
        return f"{head} give up {listing(losses)} and gain nothing that shows."
    if gains:
        return f"{head} gain {listing(gains)}, but fewer points on average."
    return f"{head} end up with nearly the same chances."


@dataclass(frozen=True)
class DrawDecision:
    """One draw as the learner made it: everything the review needs, and nothing hidden."""

    hand: tuple[Card, ...]
    """The five cards before the draw."""
    discard: tuple[Card, ...]
    known: tuple[Card, ...] = ()
    """Cards the learner knows are out of the stock (their own earlier discards, an ace shown)."""
    discard_limit: int = 3
    ace_draw: bool = False

    @classmethod
    def from_text(
        cls, hand: str, discard: str = "", known: str = "", discard_limit: int = 3, ace_draw: bool = False,
    ) -> DrawDecision:
        return cls(tuple(parse_cards(hand)), tuple(parse_cards(discard)), tuple(parse_cards(known)), discard_limit, ace_draw)


@dataclass(frozen=True)
class EquityComparison:
    """The learner's and the coach's choices played out against the same number of opponents."""

    played: Equity
    best: Equity
    pot: int | None
    big_bet: int | None

    @property
    def difference(self) -> float:
        """Share of the pot the learner's choice gives up (negative: it did better in the simulation)."""
        return self.best.equity - self.played.equity

    @property
    def standard_error(self) -> float:
        return float(np.hypot(self.played.standard_error, self.best.standard_error))

    @property
    def chips(self) -> float | None:
        """The difference in chips, at showdown for the current pot (later bets not counted)."""
        return None if self.pot is None else self.difference * self.pot

    @property
    def big_bets(self) -> float | None:
        chips = self.chips
        return None if chips is None or not self.big_bet else chips / self.big_bet


@dataclass(frozen=True)
class DrawReview:
    """The review of one draw: the learner's choice, the coach's, and what separates them."""

    decision: DrawDecision
    criterion: Criterion
    odds: DrawOdds
    played: ChoiceOdds
    best: ChoiceOdds
    rank: int
    """1 for the best choice; choices that tie with it share rank 1."""
    equity: EquityComparison | None
    text: str

    @property
    def is_best(self) -> bool:
        return self.rank == 1

    @property
    def points_lost(self) -> Fraction:
        """Average points (:data:`pokerlab.odds.CATEGORY_POINTS`) given up by the learner's choice."""
        return self.best.average_points - self.played.average_points

    @property
    def improve_lost(self) -> Fraction:
        """Chance to improve given up by the learner's choice (negative if it improves more often)."""
        return self.best.improve_probability - self.played.improve_probability


def review_draw(
    decision: DrawDecision,
    criterion: Criterion = "average",
    opponent_count: int = 0,
    pot: int | None = None,
    big_bet: int | None = None,
    trials: int = 20_000,
    rng: np.random.Generator | int = 0,
    *,
    opponent_draws: Sequence[int | None] | None = None,
    dollars: bool = False,
) -> DrawReview:
    """Compare the learner's draw with the coach's best choice by ``criterion``.

    With ``opponent_count`` > 0 both choices are also played out against that many opponents
    (see :func:`pokerlab.odds.simulate_equity`), and with ``pot`` the equity difference is given in
    chips (and in big bets with ``big_bet``). ``opponent_draws`` (one entry per opponent: the number
    of cards they drew, or None when not known yet) replaces ``opponent_count`` and makes the
    simulation respect the public draw counts (see :func:`simulate_equity_given_draws`). ``dollars``
    writes the amounts in the text as money (Saloon Draw).
    """
    odds = draw_odds(decision.hand, decision.known, decision.discard_limit, decision.ace_draw)
    played = odds.choice(decision.discard)
    best = odds.best(criterion)
    played_value = criterion_value(played, criterion)
    rank = 1 + sum(criterion_value(choice, criterion) > played_value for choice in odds.choices)
    equity = None
    if opponent_draws is not None:
        opponent_count = len(opponent_draws)
    if opponent_count:
        generator = as_rng(rng)
        seed = int(generator.integers(2**63))  # the same deals for both choices: a fairer comparison
        if opponent_draws is None:
            common = dict(known=decision.known, opponent_count=opponent_count, trials=trials,
                          discard_limit=decision.discard_limit, ace_draw=decision.ace_draw, progress=False)
            simulate = simulate_equity
        else:
            common = dict(known=decision.known, opponent_draws=opponent_draws, trials=trials,
                          discard_limit=decision.discard_limit, ace_draw=decision.ace_draw)
            simulate = simulate_equity_given_draws
        equity = EquityComparison(
            played=simulate(decision.hand, played.discard, rng=seed, **common),
            best=simulate(decision.hand, best.discard, rng=seed, **common),
            pot=pot,
            big_bet=big_bet,
        )
    text = _review_text(odds, played, best, rank, criterion, equity, dollars)
    return DrawReview(decision, criterion, odds, played, best, rank, equity, text)


def _review_text(
    odds: DrawOdds, played: ChoiceOdds, best: ChoiceOdds, rank: int, criterion: Criterion, equity: EquityComparison | None,
    dollars: bool,
) -> str:
    lines = []
    if rank == 1:
        lines.append(f"You {choice_phrase(played)}: the coach agrees ({criterion_name(criterion)}).")
        if played != best:
            lines.append(f"It ties with {choice_phrase(best, 'coach')}.")
    else:
        lines.append(f"You {choice_phrase(played)}; the coach would {choice_phrase(best, 'coach')}.")
        lines.append(f"Your choice ranks {rank} of {len(odds.choices)} by {criterion_name(criterion)}.")
        lines.append(compare_choices(played, best, odds.current.category))
    lines.append(
        f"Chance to improve: {_percent(played.improve_probability)} (coach: {_percent(best.improve_probability)}); "
        f"average points {float(played.average_points):.2f} (coach: {float(best.average_points):.2f})."
    )
    if equity is not None:
        n = equity.played.opponent_count
        share = (
            f"Against {n} opponent{'s' if n > 1 else ''} you win {equity.played.equity:.1%} of the pot "
            f"(coach: {equity.best.equity:.1%}, each ± {max(equity.played.standard_error, equity.best.standard_error):.1%})"
        )
        if equity.chips is not None:
            more = "more" if equity.chips >= 0 else "less (luck of the simulation)"
            worth = _money(abs(equity.chips), dollars, 1)
            share += f"; in a pot of {equity.pot} the coach's choice is worth {worth} {more}"
            if equity.big_bets is not None:
                share += f", {abs(equity.big_bets):.2f} big bets"
        lines.append(share + ".")
    return "\n".join(lines)


# --- equity that respects the public draw counts ---------------------------------------------------

POOL_HANDS: Final = 20_000
"""Random hands dealt once per simulation to find hands the fixed policy would draw a rare count from."""
RARE_SHARE: Final = 0.15
"""A draw count the policy makes from fewer random hands than this is matched from that pool."""
RESAMPLE_ROUNDS: Final = 30
"""Tries per opponent and deal before the deal is dropped (the cap of the rejection sampling)."""


def _random_hands(generator: np.random.Generator, cards: np.ndarray, count: int) -> np.ndarray:
    """``count`` random five-card hands from ``cards`` (each without repeats)."""
    keys = generator.random((count, len(cards)))
    return cards[np.argpartition(keys, 5, axis=1)[:, :5]]


def _policy_counts(hands: np.ndarray) -> np.ndarray:
    return opponent_discards(hands).sum(axis=1)


def simulate_equity_given_draws(
    hand: Sequence[Card],
    discard: Sequence[Card] = (),
    known: Sequence[Card] = (),
    opponent_draws: Sequence[int | None] = (None,),
    trials: int = 10_000,
    rng: np.random.Generator | int = 0,
    discard_limit: int = 3,
    ace_draw: bool = False,
) -> Equity:
    """Like :func:`pokerlab.odds.simulate_equity`, but each opponent whose draw count is public is
    dealt a hand from which the fixed policy (:func:`pokerlab.odds.opponent_discards`) draws exactly
    that many cards: an opponent who stood pat holds a straight or better, one who drew two holds
    three of a kind, and so on.

    The approximation, by rejection sampling with a cap: opponents are placed rarest count first.
    A rare count (standing pat, drawing two) is matched from a pool of :data:`POOL_HANDS` random
    hands, re-picked while it clashes with cards already placed; a common one is dealt from the cards
    left and re-dealt until the policy agrees. After :data:`RESAMPLE_ROUNDS` failed tries the deal is
    dropped, so ``trials`` in the result may be a little lower. A count the policy never makes (four
    cards) is treated as unknown. Real opponents do not follow the policy, so this is a guide to what
    a draw count says, not a read of the player.

    >>> pat = simulate_equity_given_draws(parse_cards("Kh Kd Ks 7c 2d"), (), (), [0], trials=2_000, rng=1)
    >>> three = simulate_equity_given_draws(parse_cards("Kh Kd Ks 7c 2d"), (), (), [3], trials=2_000, rng=1)
    >>> pat.equity < 0.5 < three.equity
    True
    """
    draws = list(opponent_draws)
    count = len(draws)
    if all(draw is None for draw in draws):
        return simulate_equity(hand, discard, known, count, trials, rng, discard_limit, ace_draw, progress=False)
    cards, thrown, unseen_list = simulation_cards(hand, discard, known, count, trials, discard_limit, ace_draw)
    unseen = np.array([card.index for card in unseen_list], dtype=np.int64)
    generator = as_rng(rng)
    pool = _random_hands(generator, unseen, POOL_HANDS)
    pool_counts = _policy_counts(pool)
    share = {n: float((pool_counts == n).mean()) for n in set(draws) if n is not None}
    draws = [n if n is not None and share[n] > 0 else None for n in draws]
    order = sorted(range(count), key=lambda k: (draws[k] is None, share.get(draws[k], 1.0)))  # type: ignore[arg-type]
    used = np.ones((trials, 52), dtype=bool)
    used[:, unseen] = False
    hands = np.zeros((trials, count, 5), dtype=np.int64)
    valid = np.ones(trials, dtype=bool)
    for k in order:
        target = draws[k]
        pending = valid.copy()
        matching = pool[pool_counts == target] if target is not None and share[target] < RARE_SHARE else None
        for _ in range(RESAMPLE_ROUNDS):
            rows = np.flatnonzero(pending)
            if not rows.size:
                break
            if matching is not None:
                candidate = matching[generator.integers(len(matching), size=rows.size)]
                ok = ~np.take_along_axis(used[rows], candidate, axis=1).any(axis=1)
            else:
                keys = generator.random((rows.size, 52))
                keys[used[rows]] = 2.0
                candidate = np.argpartition(keys, 5, axis=1)[:, :5]
                ok = np.ones(rows.size, dtype=bool) if target is None else _policy_counts(candidate) == target
            accepted = rows[ok]
            hands[accepted, k] = candidate[ok]
            pending[accepted] = False
            used[accepted[:, None], candidate[ok]] = True
        valid &= ~pending
    if not valid.any():
        raise SimulationError("No deal matched the opponents' draw counts; the review leaves this equity out.")
    hands, used = hands[valid], used[valid]
    done = len(hands)
    keys = generator.random((done, 52))
    keys[used] = 2.0
    stock = np.argsort(keys, axis=1)[:, : len(thrown) + 3 * count]
    keep = np.array([card.index for card in cards if card not in thrown], dtype=np.int64)
    learner = np.concatenate([np.tile(keep, (done, 1)), stock[:, : len(thrown)]], axis=1)
    learner_strength = evaluate_many(learner.astype(np.int8))
    final = draw_in_seat_order(hands, stock, len(thrown))
    opponent_strength = evaluate_many(final.reshape(-1, 5).astype(np.int8)).reshape(done, count)
    return Equity.from_shares(pot_shares(learner_strength, opponent_strength), learner_strength, count)


# --- reviewing a finished hand of the draw engine, from one seat's point of view ----------------

BETTING_KINDS = frozenset({"fold", "check", "call", "bet", "raise", "all_in"})
MOST_SIMULATED_OPPONENTS: Final = 5
"""More opponents than this cannot all be dealt and draw from one stock; the review keeps the five
who tell the most (fewest cards drawn first)."""
POSITION_MARGIN: Final = 0.04
"""Extra equity the coach asks of a bet for each player still to act after you (they may raise)."""


def public_events(events: Sequence[Event], seat: int) -> list[Event]:
    """The log as ``seat`` saw it: other seats' ``deal`` and ``draw`` events keep only who and how
    many cards, never which."""
    return [
        event._replace(cards=(), received=()) if event.kind in PRIVATE_KINDS and event.seat != seat else event
        for event in events
    ]


def _money(amount: float, dollars: bool, decimals: int = 0) -> str:
    text = f"{amount:,.{decimals}f}"
    return f"${text}" if dollars else f"{text} chips"


@dataclass(frozen=True)
class BetReview:
    """One betting decision: facing a bet (pot odds against equity) or with nothing owed (check or bet).

    Facing a bet, continuing pays (before later betting) when equity x (pot + owed) > owed, that is
    when the equity is above the *pot odds* ``owed / (pot + owed)``; a raise is judged as a call.
    With nothing owed, betting ``bet_size`` against ``opponent_count`` live opponents who all call
    adds ``(opponent_count + 1) x bet_size x (equity - threshold)`` chips, where ``threshold`` is the
    fair share ``1 / (opponent_count + 1)`` plus :data:`POSITION_MARGIN` for each of the ``behind``
    players still to act (they may raise); checking is free and folding gives up the pot share.
    ``chips`` is what the learner's action gained against the coach's (0) or gave up (negative).
    """

    kind: str
    round_number: int
    """1 before the draw, 2 after."""
    pot: int
    owed: int
    opponent_count: int
    equity: Equity
    chips: float
    text: str
    coach: str = "call"
    """The coach's action: ``fold``, ``call``, ``check`` or ``bet``."""
    matches: bool = True
    bet_size: int = 0
    behind: int = 0
    threshold: float | None = None

    @property
    def pot_odds(self) -> float:
        return self.owed / (self.pot + self.owed)

    @property
    def cost(self) -> float:
        """What the learner's action gave up against the coach's (0 when they agree)."""
        return -self.chips


@dataclass(frozen=True)
class DecisionReview:
    """One line of the review panel: a decision in a few words, beside the coach's."""

    stage: str
    """``Before the draw``, ``The draw`` or ``After the draw``."""
    cards: tuple[Card, ...]
    """The learner's own five cards at the time."""
    pot: int
    owed: int
    played: str
    coach: str
    matches: bool
    chips: float | None
    """What the learner's choice gave up against the coach's (0 or more); None when not measured."""
    big_bets: float | None
    situation: str
    worth: str
    detail: str


@dataclass(frozen=True)
class HandReview:
    """The review of one seat's decisions in a finished hand."""

    seat: int
    draw: DrawReview | None
    """None when the seat folded before the draw."""
    bets: tuple[BetReview, ...]
    notes: tuple[str, ...]
    """Decisions that could not be reviewed, and why."""
    decisions: tuple[DecisionReview, ...] = ()
    """Every reviewed decision, in the order it was made."""
    dollars: bool = False
    """Amounts are money (Saloon Draw)."""

    @property
    def text(self) -> str:
        parts = [self.draw.text] if self.draw is not None else []
        parts += [bet.text for bet in self.bets]
        parts += list(self.notes)
        return "\n\n".join(parts) if parts else "No decision to review."

    @property
    def summary(self) -> str:
        """One sentence for the top of the panel."""
        if not self.decisions:
            return "You made no decision in this hand: it ended before your turn came."
        count = len(self.decisions)
        same = sum(decision.matches for decision in self.decisions)
        head = f"{count} decision{'s' if count > 1 else ''}: "
        if same == count:
            return head + ("the same as the coach." if count == 1 else "all the same as the coach.")
        lost = sum(decision.chips or 0.0 for decision in self.decisions)
        return head + (f"{same} the same as the coach, {count - same} different "
                       f"(about {_money(lost, self.dollars, 1)} given up in all).")


class _Table:
    """Chips in the pot, each seat's bet in the current round, folds, all-ins and who has acted."""

    def __init__(self) -> None:
        self.pot = 0
        self.round_bets: dict[int, int] = {}
        self.folded: set[int] = set()
        self.all_in: set[int] = set()
        self.acted: set[int] = set()
        self.draw_counts: dict[int, int] = {}

    def owed(self, seat: int) -> int:
        return max(self.round_bets.values(), default=0) - self.round_bets.get(seat, 0)

    def apply(self, event: Event) -> None:
        kind, seat = event.kind, event.seat
        if event.all_in and seat is not None:
            self.all_in.add(seat)
        if kind in BETTING_KINDS:
            self.acted.add(seat)  # type: ignore[arg-type]
        if kind == "ante":
            self.pot += event.amount
        elif kind in ("small_blind", "big_blind", "call", "all_in"):
            self.pot += event.amount
            self.round_bets[seat] = self.round_bets.get(seat, 0) + event.amount  # type: ignore[index]
        elif kind in ("bet", "raise"):
            self.pot += event.amount
            self.round_bets[seat] = event.to  # type: ignore[index]
        elif kind == "fold":
            self.folded.add(seat)  # type: ignore[arg-type]
        elif kind == "draw":
            self.draw_counts[seat] = event.count  # type: ignore[index]
        elif kind in ("draw_begins", "second_round_begins"):
            self.round_bets = {}
            self.acted = set()


class _Reviewer:
    """Walks one seat's public log and reviews each of its decisions (see :func:`review_hand`)."""

    def __init__(self, seat: int, discard_limit: int, ace_draw: bool, big_bet: int | None, criterion: Criterion,
                 trials: int, generator: np.random.Generator, bet_sizes: tuple[int, int], use_draw_counts: bool,
                 dollars: bool) -> None:
        self.seat, self.discard_limit, self.ace_draw, self.big_bet = seat, discard_limit, ace_draw, big_bet
        self.criterion, self.trials, self.generator, self.bet_sizes = criterion, trials, generator, bet_sizes
        self.use_draw_counts, self.dollars = use_draw_counts, dollars
        self.table = _Table()
        self.players: set[int] = set()
        self.hand: tuple[Card, ...] = ()
        self.known: list[Card] = []
        self.round_number = 1
        self.draw: DrawReview | None = None
        self.bets: list[BetReview] = []
        self.notes: list[str] = []
        self.decisions: list[DecisionReview] = []
        self._equities: dict[tuple[object, ...], Equity] = {}
        self._best_discards: dict[tuple[object, ...], tuple[Card, ...]] = {}

    # --- what the seat knows ----------------------------------------------------------------------

    def opponents(self) -> list[int]:
        return sorted(self.players - self.table.folded - {self.seat})

    def opponent_draws(self) -> list[int | None]:
        """Public draw counts of the live opponents (None: not drawn yet), at most five, most telling first."""
        counts = self.table.draw_counts if self.use_draw_counts else {}
        draws = [counts.get(other) for other in self.opponents()]
        return sorted(draws, key=lambda n: (n is None, n or 0))[:MOST_SIMULATED_OPPONENTS]

    def equity(self, discard: tuple[Card, ...]) -> Equity:
        draws = self.opponent_draws()
        key = (self.hand, discard, tuple(self.known), tuple(draws))
        if key not in self._equities:
            self._equities[key] = simulate_equity_given_draws(
                self.hand, discard, self.known, draws, self.trials, self.generator, self.discard_limit, self.ace_draw,
            )
        return self._equities[key]

    def coach_discard(self) -> tuple[Card, ...]:
        """The coach's draw for the hand held now (the same for every bet before the draw)."""
        key = (self.hand, tuple(self.known))
        if key not in self._best_discards:
            self._best_discards[key] = draw_odds(self.hand, self.known, self.discard_limit, self.ace_draw).best().discard
        return self._best_discards[key]

    @property
    def stage(self) -> str:
        """The betting round as the review panel names it."""
        return "Before the draw" if self.round_number == 1 else "After the draw"

    def amount(self, chips: float, decimals: int = 0) -> str:
        return _money(chips, self.dollars, decimals)

    def worth(self, matches: bool, chips: float | None) -> tuple[str, float | None]:
        big_bets = None if chips is None or not self.big_bet else chips / self.big_bet
        if matches:
            return "same as the coach ✓", big_bets
        if chips is None:
            return "different from the coach; the difference could not be measured", big_bets
        if chips < 0.05:
            return "a close call: the difference is too small to measure", big_bets
        text = f"costs about {self.amount(chips, 1)}"
        return (text + (f" ({big_bets:.2f} big bets)" if big_bets is not None else "")), big_bets

    def situation(self, stage: str, owed: int | None) -> str:
        parts = [stage, f"you held {format_cards(self.hand, pretty=True)}", f"pot {self.amount(self.table.pot)}"]
        if owed is not None:
            parts.append(f"{self.amount(owed)} to call" if owed else "nothing to call")
        return " · ".join(parts)

    # --- the walk ---------------------------------------------------------------------------------

    def run(self, events: Sequence[Event]) -> HandReview:
        self.players = {event.seat for event in events if event.kind == "deal" and event.seat is not None}
        for event in events:
            kind, mine = event.kind, event.seat == self.seat
            if kind == "deal" and mine:
                self.hand = tuple(event.cards)
            elif kind == "ace_shown" and not mine:
                self.known.extend(event.cards)
            elif kind == "second_round_begins":
                self.round_number = 2
            elif kind == "draw" and mine and self.hand:
                self.review_draw(event)
            elif kind in BETTING_KINDS and mine and self.hand:
                self.review_bet(event)
            self.table.apply(event)
        return HandReview(self.seat, self.draw, tuple(self.bets), tuple(self.notes), tuple(self.decisions), self.dollars)

    def review_draw(self, event: Event) -> None:
        decision = DrawDecision(self.hand, tuple(event.cards), tuple(self.known), self.discard_limit, self.ace_draw)
        situation = self.situation("The draw", None)
        try:
            review = review_draw(decision, self.criterion, pot=self.table.pot, big_bet=self.big_bet, trials=self.trials,
                                 rng=self.generator, opponent_draws=self.opponent_draws() or None, dollars=self.dollars)
        except PokerlabError as error:
            self.notes.append(f"Your draw was not reviewed: {error}")
        else:
            self.draw = review
            chips = None if review.equity is None or review.equity.chips is None else max(review.equity.chips, 0.0)
            worth, big_bets = self.worth(review.is_best, chips)
            if not review.is_best and (chips is None or chips < 0.05):
                worth += f"; you give up {float(review.points_lost):.2f} average points"
            self.decisions.append(DecisionReview(
                "The draw", self.hand, self.table.pot, 0, choice_phrase(review.played),
                choice_phrase(review.best, "coach"), review.is_best, 0.0 if review.is_best else chips, big_bets,
                situation, worth, review.text,
            ))
        kept = [card for card in self.hand if card not in event.cards]
        self.hand = tuple(kept) + tuple(event.received)
        self.known.extend(event.cards)

    def review_bet(self, event: Event) -> None:
        owed = self.table.owed(self.seat)
        discard: tuple[Card, ...] = ()
        if self.round_number == 1 and self.seat not in self.table.draw_counts:
            discard = self.coach_discard()
        try:
            equity = self.equity(discard)
        except PokerlabError as error:
            self.notes.append(f"Your {event.kind.replace('_', '-')} in round {self.round_number} was not reviewed: {error}")
            return
        review = self.facing(event, owed, equity) if owed > 0 else self.opening(event, equity)
        self.bets.append(review)
        stage = self.stage
        cost = review.cost
        worth, big_bets = self.worth(review.matches, cost)
        coach = {"fold": "fold", "check": "check", "call": f"call {self.amount(owed)}",
                 "bet": f"bet {self.amount(review.bet_size)}"}[review.coach]
        self.decisions.append(DecisionReview(
            stage, self.hand, self.table.pot, owed, self.played(event, owed), coach, review.matches,
            cost, big_bets, self.situation(stage, owed), worth, review.text,
        ))

    def played(self, event: Event, owed: int) -> str:
        kind = event.kind
        if kind == "fold":
            return "folded" + ("" if owed else " (checking was free)")
        if kind == "check":
            return "checked"
        if kind == "call":
            return f"called {self.amount(event.amount)}"
        if kind == "bet":
            return f"bet {self.amount(event.to)}"
        if kind == "raise":
            return f"raised to {self.amount(event.to)}"
        return f"went all-in ({self.amount(event.amount)})"

    def _verb(self, kind: str) -> str:
        return {"fold": "folded", "call": "called", "raise": "raised", "all_in": "went all-in",
                "check": "checked", "bet": "bet"}[kind]

    def facing(self, event: Event, owed: int, equity: Equity) -> BetReview:
        kind, pot = event.kind, self.table.pot
        opponents = len(self.opponents())
        call_value = equity.equity * (pot + owed) - owed  # continuing, against folding (worth 0)
        chips = -max(call_value, 0.0) if kind == "fold" else call_value - max(call_value, 0.0)
        coach = "call" if call_value > 0 else "fold"
        matches = (kind == "fold") == (coach == "fold")
        text = (
            f"{self.stage} you {self._verb(kind)} facing {owed} to win {pot}: the pot odds ask for "
            f"{owed / (pot + owed):.1%} equity and you had about {equity.equity:.1%} (± {equity.standard_error:.1%}) "
            f"against {opponents}."
        )
        worth = self.amount(abs(chips), 1) + (f" ({abs(chips) / self.big_bet:.2f} big bets)" if self.big_bet else "")
        text += " Good decision." if matches else f" The other way was worth about {worth} more."
        if kind == "raise":
            text += " (A raise is judged as a call here: whether to raise is not reviewed.)"
        return BetReview(kind, self.round_number, pot, owed, opponents, equity, chips, text, coach, matches)

    def opening(self, event: Event, equity: Equity) -> BetReview:
        kind, pot = event.kind, self.table.pot
        opponents = self.opponents()
        count = len(opponents)
        behind = sum(1 for other in opponents if other not in self.table.acted and other not in self.table.all_in)
        betting = kind in ("bet", "raise", "all_in")  # a big blind's raise of its own option opens too
        bet_size = self.bet_sizes[self.round_number - 1]
        if betting:
            bet_size = event.amount  # chips added, for a bet, a raise or an all-in alike
        threshold = 1 / (count + 1) + POSITION_MARGIN * behind
        bet_value = (count + 1) * bet_size * (equity.equity - threshold)
        coach = "bet" if bet_value > 0 else "check"
        if kind == "fold":
            chips = -(equity.equity * pot + max(bet_value, 0.0))
        elif betting:
            chips = min(bet_value, 0.0)
        else:
            chips = -max(bet_value, 0.0)
        matches = coach == ("bet" if betting else kind)
        text = (
            f"{self.stage} you {self._verb(kind)} with nothing to call (pot {pot}): you had about "
            f"{equity.equity:.1%} (± {equity.standard_error:.1%}) against {count}. The coach bets {bet_size} when "
            f"that is above {threshold:.1%}: a fair share of {1 / (count + 1):.1%} plus {POSITION_MARGIN:.0%} for each "
            f"of the {behind} player{'s' if behind != 1 else ''} still to act after you."
        )
        if kind == "fold":
            text += f" Folding gave up your share of the pot; checking was free. That cost about {self.amount(-chips, 1)}."
        elif matches:
            text += " Same as the coach."
        else:
            text += f" The coach would {coach}: worth about {self.amount(-chips, 1)} more if everyone called."
        return BetReview(kind, self.round_number, pot, 0, count, equity, chips, text, coach, matches,
                         bet_size, behind, threshold)


def review_hand(
    events: Sequence[Event],
    seat: int,
    discard_limit: int = 3,
    ace_draw: bool = False,
    big_bet: int | None = None,
    criterion: Criterion = "average",
    trials: int = 10_000,
    rng: np.random.Generator | int = 0,
    *,
    bet_sizes: tuple[int, int] | None = None,
    use_draw_counts: bool = True,
    dollars: bool = False,
) -> HandReview:
    """Review ``seat``'s draw and every betting decision in a finished hand's event log.

    Only what the seat could know is used: the log is first reduced to :func:`public_events` (its own
    ``deal`` and ``draw`` events, and only who drew how many for the others) plus the public ones
    (bets, folds, aces shown). Pass the table's ``rules.max_discards`` as ``discard_limit`` and
    ``rules.ace_draw``; ``big_bet`` turns chip differences into big bets; ``bet_sizes`` is the bet
    the coach weighs in each round (default: half the big bet and the big bet, else 10 and 20);
    ``dollars`` writes amounts as money (Saloon Draw).

    Facing a bet: fold or call by pot odds against equity (see :class:`BetReview`). Nothing owed:
    check or bet, by equity against the live opponents above a threshold that grows with the players
    still to act; folding then is always a mistake. The equity before the draw assumes the coach's
    draw, after it the seat's final hand. Opponents still in are simulated by
    :func:`simulate_equity_given_draws`: their public draw counts are respected when known
    (``use_draw_counts=False`` ignores them). Later bets are not counted, and raises are judged as
    calls, so the chip figures are a guide, not a full game-theory answer.
    """
    sizes = bet_sizes or ((big_bet // 2, big_bet) if big_bet else (10, 20))
    reviewer = _Reviewer(seat, discard_limit, ace_draw, big_bet, criterion, trials, as_rng(rng), sizes,
                         use_draw_counts, dollars)
    return reviewer.run(public_events(events, seat))
