"""The review of a finished hand from one seat's point of view: the hand walker.

The walker reads the seat's public view of the event log (:func:`public_events`: its own cards, and
for the others only who drew how many) and judges each of the seat's decisions as it was taken:

- **the draw** by the chance to win the pot it gives up against the coach's draw
  (:mod:`pokerlab.coach.draw_review`), in chips for the pot at the time and in big bets;
- **each bet** (fold, check, call, bet, raise, all-in) by the chips it wins or loses on average
  against the coach's choice among fold, check or call, and bet or raise (see :class:`BetReview`).

Findings are data (:mod:`pokerlab.coach.findings`): kinds, amounts, chances and margins. Their
sentences come from :mod:`pokerlab.coach.words`.

Until the engine's events carry the pot and the amount owed, the walker keeps those books itself
(:class:`_Table`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from pokerlab.cards import Card, as_rng
from pokerlab.coach.advice import TRIALS, Advice, Z, advise
from pokerlab.coach.draw_review import DrawDecision, DrawReview, review_draw
from pokerlab.coach.equity import Equity, learner_strengths, shares_against, simulate_deals
from pokerlab.coach.exact import Criterion
from pokerlab.coach.findings import POSITION_MARGIN, BetReview, DecisionReview, HandReview, NotReviewed
from pokerlab.draw.events import BETTING_KINDS, PRIVATE_KINDS, Event
from pokerlab.errors import PokerlabError

MOST_SIMULATED_OPPONENTS: Final = 5
"""More opponents than this cannot all be dealt and draw from one stock; the review keeps the five
who tell the most (fewest cards drawn first)."""
BET_CAP: Final = 4
"""Bets plus raises allowed in a round unless the caller says otherwise (``Rules.bet_cap``)."""


def public_events(events: Sequence[Event], seat: int) -> list[Event]:
    """The log as ``seat`` saw it: other seats' ``deal`` and ``draw`` events keep only who and how
    many cards, never which."""
    return [
        event._replace(cards=(), received=()) if event.kind in PRIVATE_KINDS and event.seat != seat else event
        for event in events
    ]


# --- the walk ---------------------------------------------------------------------------------------

class _Table:
    """What the walk needs beyond the events' own numbers: who folded, who is all-in, who has acted,
    who has acted since the last full bet or raise, each seat's total in the current round, the bets
    and raises made, and the public draw counts. The pot and the amount owed are the events' own
    (``Event.pot``, ``Event.owed``).

    As the rule book says (002): an all-in smaller than a full bet or raise does not count toward the
    cap, and does not let a player who has already acted raise again. The engine keeps the same count
    (``HandState.cap``); ``tests/coach`` checks the two agree at every decision of random hands."""

    def __init__(self) -> None:
        self.pot = 0
        self.round_bets: dict[int, int] = {}
        self.folded: set[int] = set()
        self.all_in: set[int] = set()
        self.acted: set[int] = set()
        self.answered: set[int] = set()
        """Who acted since the last full bet or raise: they may not raise again this round."""
        self.draw_counts: dict[int, int] = {}
        self.bets_made = 0

    @property
    def level(self) -> int:
        return max(self.round_bets.values(), default=0)

    def raising_open(self, seat: int, opponents: list[int], cap: int) -> bool:
        """Whether ``seat`` may still bet or raise now (if its chips cover one): the ``cap`` is not
        reached, it has not acted since the last full bet or raise, and an opponent can answer."""
        return (self.bets_made < cap and seat not in self.answered
                and any(other not in self.all_in for other in opponents))

    def apply(self, event: Event) -> None:
        kind, seat = event.kind, event.seat
        if event.pot:
            self.pot = event.pot
        if event.all_in and seat is not None:
            self.all_in.add(seat)
        if kind in BETTING_KINDS and event.reason != "automatic":
            self.acted.add(seat)  # type: ignore[arg-type]
            if kind in ("bet", "raise"):  # a full bet or raise: everyone else may raise again
                self.answered = set()
            self.answered.add(seat)  # type: ignore[arg-type]
        if kind in ("small_blind", "big_blind", "call", "bet", "raise", "all_in"):
            if kind in ("bet", "raise"):  # a short all-in is not one (rule book 002)
                self.bets_made += 1
            self.round_bets[seat] = event.to  # type: ignore[index]
        elif kind == "fold":
            self.folded.add(seat)  # type: ignore[arg-type]
        elif kind == "draw":
            self.draw_counts[seat] = event.count  # type: ignore[index]
        elif kind in ("draw_begins", "second_round_begins"):
            self.round_bets = {}
            self.acted = set()
            self.answered = set()
            self.bets_made = 0


class _Walker:
    """Walks one seat's public log and reviews each of its decisions (see :func:`review_hand`)."""

    def __init__(self, seat: int, discard_limit: int, ace_draw: bool, big_bet: int | None,
                 criterion: Criterion | None, trials: int, generator: np.random.Generator,
                 bet_sizes: tuple[int, int], use_draw_counts: bool, dollars: bool, bet_cap: int) -> None:
        self.seat, self.discard_limit, self.ace_draw, self.big_bet = seat, discard_limit, ace_draw, big_bet
        self.criterion, self.trials, self.generator, self.bet_sizes = criterion, trials, generator, bet_sizes
        self.use_draw_counts, self.dollars, self.bet_cap = use_draw_counts, dollars, bet_cap
        self.table = _Table()
        self.players: set[int] = set()
        self.hand: tuple[Card, ...] = ()
        self.known: list[Card] = []
        self.round_number = 1
        self.draw: DrawReview | None = None
        self.bets: list[BetReview] = []
        self.skipped: list[NotReviewed] = []
        self.decisions: list[DecisionReview] = []
        self._advice: dict[tuple[object, ...], Advice] = {}
        self._equities: dict[tuple[object, ...], Equity] = {}

    # --- what the seat knows ------------------------------------------------------------------

    def opponents(self) -> list[int]:
        return sorted(self.players - self.table.folded - {self.seat})

    def opponent_draws(self) -> list[int | None]:
        """Public draw counts of the live opponents (None: not drawn yet), at most five, most telling first."""
        counts = self.table.draw_counts if self.use_draw_counts else {}
        draws = [counts.get(other) for other in self.opponents()]
        return sorted(draws, key=lambda n: (n is None, n or 0))[:MOST_SIMULATED_OPPONENTS]

    def advice(self) -> Advice:
        """Every discard of the hand held now, against the live opponents (remembered per situation)."""
        draws = self.opponent_draws()
        key = (self.hand, tuple(self.known), tuple(draws))
        if key not in self._advice:
            self._advice[key] = advise(self.hand, self.known, draws, self.discard_limit, self.ace_draw,
                                       self.trials, self.generator)
        return self._advice[key]

    def equity(self) -> Equity:
        """The seat's chance to win the pot now: before its draw, with the coach's draw; after it,
        with its final hand against the opponents' draws."""
        if self.round_number == 1 and self.seat not in self.table.draw_counts:
            best = self.advice().best
            assert best.equity is not None
            return best.equity
        draws = self.opponent_draws()
        key = (self.hand, tuple(self.known), tuple(draws))
        if key not in self._equities:
            deals = simulate_deals(self.hand + tuple(self.known), draws, self.trials, self.generator, learner_draw=0)
            strengths = learner_strengths(deals, self.hand, 0)
            self._equities[key] = Equity.from_shares(shares_against(deals, strengths), strengths, len(draws))
        return self._equities[key]

    @property
    def phase(self) -> str:
        return "betting_one" if self.round_number == 1 else "betting_two"

    # --- the walk -----------------------------------------------------------------------------

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
            elif kind in BETTING_KINDS and mine and self.hand and event.reason != "automatic":
                self.review_bet(event)  # an automatic call (decision 8) was no decision
            self.table.apply(event)
        return HandReview(self.seat, self.draw, tuple(self.bets), tuple(self.skipped), tuple(self.decisions),
                          self.dollars)

    def review_draw(self, event: Event) -> None:
        decision = DrawDecision(self.hand, tuple(event.cards), tuple(self.known), self.discard_limit, self.ace_draw)
        try:
            review = review_draw(decision, self.criterion, pot=self.table.pot, big_bet=self.big_bet,
                                 opponent_draws=self.opponent_draws(), dollars=self.dollars, advice=self.advice())
        except PokerlabError as error:
            self.skipped.append(NotReviewed("draw", self.round_number, str(error)))
        else:
            self.draw = review
            equity = review.equity
            chips = None if equity is None or equity.chips is None else max(equity.chips, 0.0)
            if review.is_best:
                chips = 0.0
            big_bets = None if chips is None or not self.big_bet else chips / self.big_bet
            self.decisions.append(DecisionReview(
                "draw", self.hand, self.table.pot, 0, "draw", len(event.cards), review.is_best, chips, big_bets,
                review, self.dollars,
            ))
        kept = [card for card in self.hand if card not in event.cards]
        self.hand = tuple(kept) + tuple(event.received)
        self.known.extend(event.cards)

    def review_bet(self, event: Event) -> None:
        owed = event.owed
        try:
            equity = self.equity()
        except PokerlabError as error:
            self.skipped.append(NotReviewed(event.kind, self.round_number, str(error)))
            return
        review = self.judge(event, owed, equity)
        self.bets.append(review)
        big_bets = review.cost / self.big_bet if self.big_bet else None
        amount = event.to if event.kind in ("bet", "raise") else event.amount
        self.decisions.append(DecisionReview(
            self.phase, self.hand, self.table.pot, owed, event.kind, amount, review.matches, review.cost,
            big_bets, review, self.dollars,
        ))

    def judge(self, event: Event, owed: int, equity: Equity) -> BetReview:
        table, kind = self.table, event.kind
        opponents = self.opponents()
        count = len(opponents)
        behind = sum(1 for other in opponents if other not in table.acted and other not in table.all_in)
        level = table.level
        calls = sum(max(level - table.round_bets.get(other, 0), 0) for other in opponents if other not in table.all_in)
        if kind == "all_in":
            played = "raise" if event.all_in_as == "raise" else "continue"
        else:
            played = {"fold": "fold", "check": "continue", "call": "continue", "bet": "raise", "raise": "raise"}[kind]
        bet_size = self.bet_sizes[self.round_number - 1]
        if played == "raise":
            bet_size = event.to - level
        threshold = 1 / (count + 1) + POSITION_MARGIN * behind
        # each option's value is a x win - c (chips, against folding now)
        lines = {"fold": (0.0, 0.0), "continue": (float(table.pot + owed + calls), float(owed))}
        if table.raising_open(self.seat, opponents, self.bet_cap) or played == "raise":
            lines["raise"] = (lines["continue"][0] + (count + 1) * bet_size, owed + (count + 1) * bet_size * threshold)
        if owed == 0:
            lines.pop("fold")  # checking is free: folding is never the coach's choice
            if kind == "fold":
                lines["fold"] = (0.0, 0.0)
        win = equity.equity
        values = {option: a * win - c for option, (a, c) in lines.items()}
        preference = {"continue": 0, "fold": 1, "raise": 2}  # on an exact tie, the quieter choice
        best = max(values, key=lambda option: (values[option], -preference[option]))
        cost = values[best] - values[played]
        margin = abs(lines[best][0] - lines[played][0]) * Z * equity.standard_error
        matches = cost <= margin
        names = {"fold": "fold", "continue": "call" if owed else "check", "raise": "raise" if level else "bet"}
        return BetReview(
            kind, self.round_number, table.pot, owed, count, equity, 0.0 if matches else -cost, names[best], matches,
            bet_size=bet_size, behind=behind, threshold=threshold, calls_to_come=calls, values=tuple(values.items()),
            margin=margin, played_option=played, coach_to=level + bet_size, big_bet=self.big_bet, dollars=self.dollars,
        )


def review_hand(
    events: Sequence[Event],
    seat: int,
    discard_limit: int = 3,
    ace_draw: bool = False,
    big_bet: int | None = None,
    criterion: Criterion | None = None,
    trials: int = TRIALS // 2,
    rng: np.random.Generator | int = 0,
    *,
    bet_sizes: tuple[int, int] | None = None,
    use_draw_counts: bool = True,
    dollars: bool = False,
    bet_cap: int = BET_CAP,
) -> HandReview:
    """Review ``seat``'s draw and every betting decision in a finished hand's event log.

    Only what the seat could know is used: the log is first reduced to :func:`public_events`. Pass the
    table's ``rules.max_discards`` as ``discard_limit``, ``rules.ace_draw`` and ``rules.bet_cap``;
    ``big_bet`` turns chips into big bets; ``bet_sizes`` is the bet of each round (default: half the
    big bet and the big bet, else 10 and 20); ``dollars`` marks amounts as money (Saloon Draw).
    ``use_draw_counts=False`` ignores the opponents' public draw counts. ``criterion`` ranks draws by an
    exact measure instead of the chance to win.
    """
    sizes = bet_sizes or ((big_bet // 2, big_bet) if big_bet else (10, 20))
    walker = _Walker(seat, discard_limit, ace_draw, big_bet, criterion, trials, as_rng(rng), sizes,
                     use_draw_counts, dollars, bet_cap)
    return walker.run(public_events(events, seat))
