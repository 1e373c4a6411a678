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

import numpy as np

from typing import TYPE_CHECKING

from pokerlab.cards import Card, as_rng, format_cards, parse_cards
from pokerlab.errors import PokerlabError
from pokerlab.hands import HandCategory
from pokerlab.odds import ChoiceOdds, Criterion, DrawOdds, Equity, criterion_value, draw_odds, simulate_equity

if TYPE_CHECKING:
    from pokerlab.draw.events import Event

NOTICEABLE = Fraction(1, 1000)
"""Differences in a category's chance smaller than this (0.1%) are left out of explanations."""

_CATEGORY_WORDS = {
    HandCategory.HIGH_CARD: "no pair",
    HandCategory.PAIR: "one pair",
    HandCategory.TWO_PAIR: "two pair",
    HandCategory.THREE_OF_A_KIND: "three of a kind",
    HandCategory.STRAIGHT: "a straight",
    HandCategory.FLUSH: "a flush",
    HandCategory.FULL_HOUSE: "a full house",
    HandCategory.FOUR_OF_A_KIND: "four of a kind",
    HandCategory.STRAIGHT_FLUSH: "a straight flush",
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


def _listing(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


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
        return f"{head} give up {_listing(losses)} for {_listing(gains)}."
    if losses:
        return f"{head} give up {_listing(losses)} and gain nothing that shows."
    if gains:
        return f"{head} gain {_listing(gains)}, but fewer points on average."
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
) -> DrawReview:
    """Compare the learner's draw with the coach's best choice by ``criterion``.

    With ``opponent_count`` > 0 both choices are also played out against that many opponents
    (see :func:`pokerlab.odds.simulate_equity`), and with ``pot`` the equity difference is given in
    chips (and in big bets with ``big_bet``).
    """
    odds = draw_odds(decision.hand, decision.known, decision.discard_limit, decision.ace_draw)
    played = odds.choice(decision.discard)
    ranked = odds.ranked(criterion)
    best = ranked[0]
    key = [criterion_value(choice, criterion) for choice in ranked]
    rank = 1 + sum(1 for value in key if value > criterion_value(played, criterion))
    equity = None
    if opponent_count:
        generator = as_rng(rng)
        seed = int(generator.integers(2**63))  # the same deals for both choices: a fairer comparison
        common = dict(known=decision.known, opponent_count=opponent_count, trials=trials,
                      discard_limit=decision.discard_limit, ace_draw=decision.ace_draw, progress=False)
        equity = EquityComparison(
            played=simulate_equity(decision.hand, played.discard, rng=seed, **common),
            best=simulate_equity(decision.hand, best.discard, rng=seed, **common),
            pot=pot,
            big_bet=big_bet,
        )
    text = _review_text(odds, played, best, rank, criterion, equity)
    return DrawReview(decision, criterion, odds, played, best, rank, equity, text)


def _review_text(
    odds: DrawOdds, played: ChoiceOdds, best: ChoiceOdds, rank: int, criterion: Criterion, equity: EquityComparison | None,
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
            share += f"; in a pot of {equity.pot} the coach's choice is worth {abs(equity.chips):.1f} chips {more}"
            if equity.big_bets is not None:
                share += f", {abs(equity.big_bets):.2f} big bets"
        lines.append(share + ".")
    return "\n".join(lines)



# --- reviewing a finished hand of the draw engine, from one seat's point of view ----------------

BETTING_KINDS = frozenset({"fold", "check", "call", "bet", "raise", "all_in"})


@dataclass(frozen=True)
class BetReview:
    """One betting decision taken while facing a bet: pot odds against equity.

    Continuing pays (before later betting) when equity x (pot + owed) > owed, that is when the equity
    is above the *pot odds* ``owed / (pot + owed)``. ``chips`` is what the learner's action gained
    (positive) or gave up (negative) against the better of folding and calling.
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

    @property
    def pot_odds(self) -> float:
        return self.owed / (self.pot + self.owed)


@dataclass(frozen=True)
class HandReview:
    """The review of one seat's decisions in a finished hand."""

    seat: int
    draw: DrawReview | None
    """None when the seat folded before the draw."""
    bets: tuple[BetReview, ...]
    notes: tuple[str, ...]
    """Decisions that could not be reviewed, and why."""

    @property
    def text(self) -> str:
        parts = [self.draw.text] if self.draw is not None else []
        parts += [bet.text for bet in self.bets]
        parts += list(self.notes)
        return "\n\n".join(parts) if parts else "No decision to review."


class _Table:
    """Chips in the pot and each seat's bet in the current round, replayed from public events."""

    def __init__(self) -> None:
        self.pot = 0
        self.round_bets: dict[int, int] = {}
        self.folded: set[int] = set()

    def owed(self, seat: int) -> int:
        return max(self.round_bets.values(), default=0) - self.round_bets.get(seat, 0)

    def apply(self, event: Event) -> None:
        kind, seat = event.kind, event.seat
        if kind == "ante":
            self.pot += event.amount
        elif kind in ("small_blind", "big_blind", "call", "all_in"):
            self.pot += event.amount
            self.round_bets[seat] = self.round_bets.get(seat, 0) + event.amount
        elif kind in ("bet", "raise"):
            self.pot += event.amount - self.round_bets.get(seat, 0)
            self.round_bets[seat] = event.amount
        elif kind == "fold":
            self.folded.add(seat)
        elif kind in ("draw_begins", "second_round_begins"):
            self.round_bets = {}


def review_hand(
    events: Sequence[Event],
    seat: int,
    discard_limit: int = 3,
    ace_draw: bool = False,
    big_bet: int | None = None,
    criterion: Criterion = "average",
    trials: int = 10_000,
    rng: np.random.Generator | int = 0,
) -> HandReview:
    """Review ``seat``'s draw and its betting decisions in a finished hand's event log.

    Only what the seat could know is used: its own ``deal`` and ``draw`` events and the public ones
    (bets, folds, aces shown). Other seats' private cards in the log are never read. Pass the table's
    ``rules.max_discards`` as ``discard_limit`` and ``rules.ace_draw``; ``big_bet`` turns chip
    differences into big bets.

    Betting decisions are reviewed only when the seat faced a bet (a fold, call or raise), by pot
    odds against equity: the equity before the draw assumes the coach's draw, after it the seat's
    final hand; opponents still in are simulated as fresh random hands that draw by
    :func:`pokerlab.odds.opponent_discards` (their public draw counts are not used). Later bets are
    not counted, so the chip figures are a guide, not a full game-theory answer.
    """
    generator = as_rng(rng)
    table = _Table()
    players = {event.seat for event in events if event.kind == "deal"}
    hand: tuple[Card, ...] = ()
    known: list[Card] = []
    draw_review: DrawReview | None = None
    bets: list[BetReview] = []
    notes: list[str] = []
    round_number = 1
    for event in events:
        if event.kind == "deal" and event.seat == seat:
            hand = tuple(event.cards)
        elif event.kind == "ace_shown" and event.seat != seat:
            known.extend(event.cards)
        elif event.kind == "second_round_begins":
            round_number = 2
        elif event.kind == "draw" and event.seat == seat:
            decision = DrawDecision(hand, tuple(event.cards), tuple(known), discard_limit, ace_draw)
            opponents = len(players - table.folded - {seat})
            draw_review = review_draw(
                decision, criterion, opponent_count=min(opponents, 5), pot=table.pot, big_bet=big_bet,
                trials=trials, rng=generator,
            )
            kept = [card for card in hand if card not in event.cards]
            hand = tuple(kept) + tuple(event.received)
            known.extend(event.cards)
        elif event.seat == seat and event.kind in BETTING_KINDS and table.owed(seat) > 0 and hand:
            review = _review_bet(event.kind, hand, known, table, players, seat, round_number,
                                 discard_limit, ace_draw, big_bet, trials, generator)
            if isinstance(review, str):
                notes.append(review)
            else:
                bets.append(review)
        table.apply(event)
    return HandReview(seat, draw_review, tuple(bets), tuple(notes))


def _review_bet(
    kind: str, hand: tuple[Card, ...], known: list[Card], table: _Table, players: set[int], seat: int,
    round_number: int, discard_limit: int, ace_draw: bool, big_bet: int | None, trials: int,
    generator: np.random.Generator,
) -> BetReview | str:
    owed = table.owed(seat)
    opponents = len(players - table.folded - {seat})
    discard: tuple[Card, ...] = ()
    if round_number == 1:
        discard = draw_odds(hand, known, discard_limit, ace_draw).best().discard
    try:
        equity = simulate_equity(hand, discard, known, opponents, trials, generator, discard_limit, ace_draw, progress=False)
    except PokerlabError as error:
        return f"Your {kind} in round {round_number} was not reviewed: {error}"
    call_value = equity.equity * (table.pot + owed) - owed  # continuing, against folding (worth 0)
    chips = -max(call_value, 0.0) if kind == "fold" else call_value - max(call_value, 0.0)
    pot_odds = owed / (table.pot + owed)
    when = "before the draw" if round_number == 1 else "after the draw"
    verb = {"fold": "folded", "call": "called", "raise": "raised", "all_in": "went all-in", "check": "checked", "bet": "bet"}[kind]
    text = (
        f"{when.capitalize()} you {verb} facing {owed} to win {table.pot}: the pot odds ask for "
        f"{pot_odds:.1%} equity and you had about {equity.equity:.1%} (± {equity.standard_error:.1%}) "
        f"against {opponents}."
    )
    good = (kind == "fold") == (call_value <= 0)
    worth = f"{abs(chips):.1f} chips" + (f" ({abs(chips) / big_bet:.2f} big bets)" if big_bet else "")
    text += " Good decision." if good else f" The other way was worth about {worth} more."
    return BetReview(kind, round_number, table.pot, owed, opponents, equity, chips, text)
