"""Review findings: one seat's decisions in a finished hand, judged, as data.

Each finding holds kinds, amounts, chances and margins, and no words: :mod:`pokerlab.coach.words`
says them in a reader's language, so the review panel, the hand history and a class board read the
same data. The walker that makes them is :mod:`pokerlab.coach.seat_review`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pokerlab.cards import Card
from pokerlab.coach.draw_review import DrawReview
from pokerlab.coach.equity import Equity

POSITION_MARGIN: Final = 0.04
"""Extra share of the pot the coach asks of a bet or raise for each player still to act after you
(they may raise back)."""


@dataclass(frozen=True)
class BetReview:
    """One betting decision, judged by chips won or lost on average (fixed limit).

    With win chance ``w`` (ties as shares) against ``opponent_count`` live opponents, pot ``P``,
    ``owed`` to call, ``calls_to_come`` (chips the other live players still owe to match the current
    bet, assumed called) and the round's bet ``b``:

    - fold: 0 (nothing more goes in, nothing comes back);
    - check or call: ``w x (P + owed + calls_to_come) - owed``;
    - bet or raise (while the cap allows): each of the n opponents calls one more bet ``b``, so it adds
      ``(n + 1) x b x (w - threshold)`` to calling, where ``threshold`` is the fair share ``1/(n + 1)``
      plus :data:`POSITION_MARGIN` for each of the ``behind`` players still to act (they may raise).

    The coach's choice is the option worth most. A different choice is *about the same* when the
    difference is within the margin of error that the win chance's margin gives it. Later rounds are
    not counted: a guide, not a game-theory answer.
    """

    kind: str
    """What the seat did: fold, check, call, bet, raise or all_in."""
    round_number: int
    """1 before the draw, 2 after."""
    pot: int
    owed: int
    opponent_count: int
    equity: Equity
    chips: float
    """Chips the seat's choice gained against the coach's: 0 when about the same, else negative."""
    coach: str = "call"
    """The coach's choice: ``fold``, ``call``, ``raise``, ``check`` or ``bet``."""
    matches: bool = True
    """Not a mistake: the coach's choice or about the same."""
    bet_size: int = 0
    behind: int = 0
    threshold: float | None = None
    calls_to_come: int = 0
    values: tuple[tuple[str, float], ...] = ()
    """Each option open to the seat (fold, continue, raise) and its value in chips."""
    margin: float = 0.0
    """Chips within which two choices are about the same."""
    played_option: str = "continue"
    coach_to: int = 0
    """The round total the coach's bet or raise would make."""
    big_bet: int | None = None
    dollars: bool = False

    @property
    def pot_odds(self) -> float:
        return self.owed / (self.pot + self.owed)

    @property
    def cost(self) -> float:
        """What the seat's choice gave up against the coach's (0 when it is not a mistake)."""
        return -self.chips

    @property
    def same(self) -> bool:
        return self.played_option == _option(self.coach)

    @property
    def estimated_cost(self) -> float:
        """The measured difference even when it is within the margin."""
        values = dict(self.values)
        return max(values.values()) - values[self.played_option]


def _option(action: str) -> str:
    return {"fold": "fold", "check": "continue", "call": "continue", "bet": "raise", "raise": "raise"}[action]


@dataclass(frozen=True)
class DecisionReview:
    """One line of the review panel: a decision beside the coach's (data; :mod:`pokerlab.coach.words` says it)."""

    phase: str
    """``betting_one``, ``draw`` or ``betting_two``."""
    cards: tuple[Card, ...]
    """The seat's own five cards at the time."""
    pot: int
    owed: int
    action: str
    """What the seat did: a betting kind, or ``draw``."""
    amount: int
    """The event's amount (chips put in for a call or all-in, the round total for a bet or raise)."""
    matches: bool
    chips: float | None
    """What the seat's choice gave up against the coach's (0 or more); None when not measured."""
    big_bets: float | None
    finding: BetReview | DrawReview
    dollars: bool = False

    @property
    def same(self) -> bool:
        """Exactly the coach's choice (not only about as good)."""
        if isinstance(self.finding, DrawReview):
            return self.finding.is_same
        return self.finding.same


@dataclass(frozen=True)
class NotReviewed:
    """A decision the review could not judge, and why (``reason`` is the error's own message)."""

    action: str
    round_number: int
    reason: str


@dataclass(frozen=True)
class HandReview:
    """The review of one seat's decisions in a finished hand."""

    seat: int
    draw: DrawReview | None
    """None when the seat folded before the draw."""
    bets: tuple[BetReview, ...]
    skipped: tuple[NotReviewed, ...] = ()
    decisions: tuple[DecisionReview, ...] = ()
    """Every reviewed decision, in the order it was made."""
    dollars: bool = False
    """Amounts are money (Saloon Draw)."""
