"""What a computer opponent reads from its view, and the few ways it turns a wish into a legal action.

A bot sees exactly what a learner sees for its seat: the view dict of :mod:`pokerlab.draw.view`
(plus the match information :meth:`pokerlab.match.Match.view_for` adds) and the legal actions.
:class:`Table` pulls out what the policies need: its cards, the pot, what it owes, who is still in,
how many cards each opponent drew, who bet in this round (from the view's events, which are data)
and whether it acts last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from pokerlab.cards import Card, parse_cards
from pokerlab.draw import Action, ActionKind, LegalAction
from pokerlab.draw.events import CHOICE_KINDS
from pokerlab.hand_values import HandValue, evaluate

FIRST_ROUND, DRAW, SECOND_ROUND = 0, 1, 2
"""The parts of a hand, as :attr:`PublicAction.section` numbers them."""
SECTIONS = {"betting_one": FIRST_ROUND, "draw": DRAW, "betting_two": SECOND_ROUND}


class PublicAction(NamedTuple):
    """One public choice: ``section`` (:data:`FIRST_ROUND`, :data:`DRAW` or :data:`SECOND_ROUND`),
    ``seat``, ``kind`` (an event kind: fold, check, call, bet, raise, all_in or draw), ``aggressive``
    (a bet, a raise, or an all-in that raises), ``count`` (cards drawn) and ``facing`` (what the seat
    had to answer when it chose, see :func:`facing`)."""

    section: int
    seat: int
    kind: str
    aggressive: bool
    count: int = 0
    facing: int = 0

    @property
    def choice(self) -> str:
        """The choice as the population habits file it (:mod:`pokerlab.bots.population`): check or
        bet with nothing owed; fold, call or raise otherwise (an all-in as the call or raise it is)."""
        if self.kind == "fold":
            return "fold"
        if not self.facing:
            return "bet" if self.aggressive else "check"
        return "raise" if self.aggressive else "call"


NOTHING, ONE_BET, A_RAISE, RAISED_BACK = range(4)
"""What a player answers: nothing owed, one bet, a raise or more, or a raise after it bet or raised
itself in this round (a player who bet and is raised holds a hand it chose to bet)."""


def facing(owed: int, bet: int, bet_already: bool) -> int:
    """What owing ``owed`` chips is, with bets of ``bet`` chips, for a player who has (``bet_already``)
    or has not bet or raised in this round: one of :data:`NOTHING` ... :data:`RAISED_BACK`."""
    if owed <= 0:
        return NOTHING
    if bet_already:
        return RAISED_BACK
    return ONE_BET if bet <= 0 or owed <= bet else A_RAISE


def public_actions(events: Sequence[dict[str, Any]]) -> list[PublicAction]:
    """Every player's own choice in a view's events, in order. A round's bet is the first one made
    in it (the big blind's, with blinds), which tells a call of one bet from a call of a raise."""
    out = []
    bet = {FIRST_ROUND: 0, SECOND_ROUND: 0}
    bettors: dict[int, set[int]] = {FIRST_ROUND: set(), SECOND_ROUND: set()}
    for event in events:
        kind = event["kind"]
        section = SECTIONS.get(event["phase"], SECOND_ROUND)
        if kind == "big_blind" or (kind in ("bet", "raise", "all_in") and section in bet and not bet[section]):
            bet[section] = bet[section] or event.get("to", 0)
        if kind in CHOICE_KINDS and event.get("reason") != "automatic":
            seat = event["seat"]
            aggressive = kind in ("bet", "raise") or (kind == "all_in" and event.get("all_in_as") == "raise")
            answered = facing(event.get("owed", 0), bet.get(section, 0), seat in bettors.get(section, ()))
            out.append(PublicAction(section, seat, kind, aggressive, event.get("count", 0), answered))
            if aggressive and section in bettors:
                bettors[section].add(seat)
    return out


def own_discards(events: Sequence[dict[str, Any]], seat: int) -> list[Card]:
    """The cards ``seat`` threw away in the draw (only its own view carries them); [] before it draws."""
    for event in events:
        if event["kind"] == "draw" and event["seat"] == seat:
            return parse_cards(event["cards"])
    return []


class Table:
    """The facts a policy uses, read from one view and its legal actions."""

    def __init__(self, view: dict[str, Any], legal: Sequence[LegalAction]) -> None:
        self.view = view
        self.legal = {item.kind: item for item in legal}
        self.seat: int = view["seat"]
        players = view["players"]
        me = players[self.seat]
        self.cards: list[Card] = parse_cards([code for code in me["cards"] if code is not None])
        self.phase: str = view["phase"]
        self.pot: int = view["pot_total"]
        self.owed: int = max(view["current_bet"] - me["bet"], 0)
        self.bet_size: int = view["round_limits"][0]
        self.opponents: list[dict[str, Any]] = [
            p for p in players if p["seat"] != self.seat and p["status"] in ("active", "all-in")
        ]
        self.actions = public_actions(view["events"])
        self.section: int = SECTIONS.get(self.phase, SECOND_ROUND)
        """The part of the hand being played (:data:`FIRST_ROUND`, :data:`DRAW`, :data:`SECOND_ROUND`)."""
        self.round_actions = [action for action in self.actions if action.section == self.section]
        self.known: list[Card] = own_discards(view["events"], self.seat)
        self._value: HandValue | None = None

    @property
    def value(self) -> HandValue:
        if self._value is None:
            self._value = evaluate(self.cards)
        return self._value

    @property
    def opponent_count(self) -> int:
        return len(self.opponents)

    @property
    def before_draw(self) -> bool:
        return self.phase == "betting_one"

    @property
    def pot_odds(self) -> float:
        """The share of the final pot a call costs (0 when nothing is owed)."""
        return self.owed / (self.pot + self.owed) if self.owed else 0.0

    def aggressors(self) -> list[int]:
        """Seats that bet or raised in this betting round, in order."""
        return [action.seat for action in self.round_actions if action.aggressive]

    def bets_before_draw(self, seat: int) -> int:
        """How many times ``seat`` bet or raised in the first betting round."""
        return sum(1 for action in self.actions
                   if action.section == FIRST_ROUND and action.seat == seat and action.aggressive)

    def raise_count(self) -> int:
        return len(self.aggressors())

    def acts_last(self) -> bool:
        """True when every other player still able to bet acts before this seat in the round."""
        count = self.view["player_count"]
        dealer = self.view["dealer"]
        order = [(dealer + 1 + step) % count for step in range(count)]
        able = [seat for seat in order if seat == self.seat
                or any(p["seat"] == seat and p["status"] == "active" for p in self.opponents)]
        return bool(able) and able[-1] == self.seat

    # ----- turning a wish into a legal action ------------------------------------------------------

    def can_raise(self) -> bool:
        return ActionKind.BET in self.legal or ActionKind.RAISE in self.legal

    def aggressive(self, size: float = 0.0) -> Action:
        """Bet or raise (``size`` 0 = the minimum, 1 = the maximum of a spread); else call or check."""
        for kind in (ActionKind.BET, ActionKind.RAISE):
            item = self.legal.get(kind)
            if item is not None:
                assert item.min_to is not None and item.max_to is not None
                steps = (item.max_to - item.min_to) // item.step
                return Action(kind, item.min_to + item.step * round(steps * min(max(size, 0.0), 1.0)))
        return self.passive()

    def passive(self) -> Action:
        """Check if free, else call (an all-in call when short), else fold."""
        if ActionKind.CHECK in self.legal:
            return Action.check()
        if ActionKind.CALL in self.legal:
            return Action.call()
        item = self.legal.get(ActionKind.ALL_IN)
        if item is not None:
            return Action.all_in(item.min_to)
        return Action.fold()

    def give_up(self) -> Action:
        """Check if free, else fold."""
        return Action.check() if ActionKind.CHECK in self.legal else Action.fold()

    def draw(self, discards: Sequence[Card]) -> Action:
        """Draw, throwing at most the legal number of cards: beyond the table's usual limit (the
        view's ``draw_rules``) a card may go only under the ace draw, and only while an ace stays."""
        item = self.legal[ActionKind.DRAW]
        thrown = sorted(discards, key=lambda card: card.rank)[: item.max_discards]
        usual = self.view["draw_rules"]["max_discards"]
        if len(thrown) > usual and not any(card.rank == 14 for card in self.cards if card not in thrown):
            thrown = thrown[:usual]  # keep the highest of them instead
        return Action.draw(thrown)

    @property
    def max_discards(self) -> int:
        item = self.legal.get(ActionKind.DRAW)
        return 0 if item is None else item.max_discards
