"""The hand: one mutable :class:`HandState` that moves only by :meth:`HandState.apply`.

Creating a state posts the forced bets and deals. Then the actor acts until the hand is over::

    >>> from pokerlab.draw import HandState, five_card_draw, Action
    >>> state = HandState(five_card_draw(player_count=3), stacks=[500, 500, 500], dealer=0, rng=7)
    >>> state.phase.name, state.actor, [a.label for a in state.legal_actions()]
    ('BETTING_ONE', 1, ['Fold', 'Check', 'Bet 10'])
    >>> state.apply(Action.raise_to(20))
    Traceback (most recent call last):
    ...
    pokerlab.draw.errors.IllegalActionError: You cannot raise: nothing has been bet this round, so bet instead; you can fold, check or bet 10.

Internals are plain lists of ints indexed by seat (speed matters: bots and simulations play many
hands). ``legal_actions()`` and ``apply()`` share one rule function, :meth:`HandState._legal`, so a
button the table shows and the error the engine raises can never disagree. The legal actions and the
pots are computed once per decision (cached until the next ``apply``), and the offers themselves are
frozen values shared between hands; ``benchmarks/bench_engine.py`` measures the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from operator import itemgetter, sub
from typing import Any

import numpy as np

from pokerlab.cards import ALL_CARDS, Card, Deck, as_rng, parse_cards
from pokerlab.draw.actions import Action, ActionKind, LegalAction
from pokerlab.draw.errors import IllegalActionError
from pokerlab.draw.events import Event, seat_name
from pokerlab.draw.pots import Pot, build_pots, settle_pots, split_pot
from pokerlab.draw.rules import Rules
from pokerlab.hands import HandValue, evaluate, explain
from pokerlab.text import listing

ACTIVE, FOLDED, ALL_IN, OUT = 0, 1, 2, 3
STATUS_NAMES = ("active", "folded", "all-in", "out")

FOLD, CHECK, CALL, BET, RAISE, ALLIN, DRAW = (
    ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
    ActionKind.ALL_IN, ActionKind.DRAW,
)
CHECKING_IS_FREE = "Checking is free: you can stay in without paying."
_KIND_NAMES = {kind: kind.value for kind in ActionKind}

# Seats clockwise from each start, per table size: the betting loop walks these instead of computing
# ``(start + i) % n`` for every seat it looks at.
_CLOCKWISE = {n: tuple(tuple((start + i) % n for i in range(n)) for start in range(n)) for n in range(2, 9)}

# LegalAction values are frozen, so one instance per distinct offer is shared by every hand: building
# them (and their labels) anew for every decision was the engine's largest cost.
_FOLD_OFFER = LegalAction(FOLD, "Fold")
_FOLD_FREE_OFFER = LegalAction(FOLD, "Fold", warning=CHECKING_IS_FREE)
_CHECK_OFFER = LegalAction(CHECK, "Check")
_OFFERS: dict[tuple[Any, ...], LegalAction] = {}
_OFFERS_LIMIT = 50_000
_DRAW_OFFERS: dict[tuple[int, bool], tuple[LegalAction, LegalAction]] = {}


def _offer(kind: ActionKind, min_to: int | None, max_to: int | None, step: int, call_amount: int, stack: int) -> LegalAction:
    """The shared LegalAction for a call (``call_amount``), an all-in (for ``stack``) or a bet/raise."""
    key = (kind, min_to, max_to, step, call_amount, stack)
    offer = _OFFERS.get(key)
    if offer is None:
        if kind is CALL:
            offer = LegalAction(CALL, f"Call {call_amount}", call_amount=call_amount)
        elif kind is ALLIN:
            offer = LegalAction(ALLIN, f"All-in for {stack}", min_to, max_to, call_amount=call_amount)
        else:
            word = "Bet" if kind is BET else "Raise to"
            amount = f"{min_to}" if min_to == max_to else f"{min_to}–{max_to}"
            offer = LegalAction(kind, f"{word} {amount}", min_to, max_to, step, call_amount=call_amount)
        if len(_OFFERS) >= _OFFERS_LIMIT:
            _OFFERS.clear()
        _OFFERS[key] = offer
    return offer


def _draw_offers(most: int, holds_ace: bool) -> tuple[LegalAction, LegalAction]:
    """Fold, or draw up to ``most`` (one more while keeping an ace, when ace draw is on and the
    drawer ``holds_ace``)."""
    key = (most, holds_ace)
    offers = _DRAW_OFFERS.get(key)
    if offers is None:
        if holds_ace:
            draw = LegalAction(DRAW, f"Draw up to {most} ({most + 1} keeping an ace) or stand pat", max_discards=most + 1)
        else:
            draw = LegalAction(DRAW, f"Draw up to {most} or stand pat", max_discards=most)
        offers = _DRAW_OFFERS[key] = (_FOLD_OFFER, draw)
    return offers


class Phase(Enum):
    """Where the hand is: the first betting round, the draw, the second betting round, or over."""

    BETTING_ONE = "betting_one"
    DRAW = "draw"
    BETTING_TWO = "betting_two"
    OVER = "over"


@dataclass(frozen=True)
class PotAward:
    """Who won one pot: ``shares`` maps seat to chips; ``reason`` explains the deciding comparison."""

    pot: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: dict[int, int]
    reason: str


@dataclass(frozen=True)
class HandResult:
    """The outcome: ``net`` chip change per seat, ``payouts`` chips paid from the pots per seat,
    ``awards`` per pot, ``shown`` the hands revealed at showdown (none when won by folds)."""

    net: tuple[int, ...]
    payouts: tuple[int, ...]
    awards: tuple[PotAward, ...]
    shown: dict[int, tuple[Card, ...]]
    hand_names: dict[int, str]
    won_by_fold: bool

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(sorted({seat for award in self.awards for seat in award.winners}))

    @property
    def explanation(self) -> str:
        """Every pot's reason, one per line."""
        return "\n".join(award.reason for award in self.awards)

    def to_json(self) -> dict[str, Any]:
        return {
            "net": list(self.net), "payouts": list(self.payouts), "won_by_fold": self.won_by_fold,
            "shown": {str(seat): [str(c) for c in cards] for seat, cards in self.shown.items()},
            "hand_names": {str(seat): name for seat, name in self.hand_names.items()},
            "pots": [
                {"pot": a.pot, "amount": a.amount, "eligible": list(a.eligible), "winners": list(a.winners),
                 "shares": {str(s): v for s, v in a.shares.items()}, "reason": a.reason}
                for a in self.awards
            ],
        }


def _options_text(legal: Sequence[LegalAction]) -> str:
    labels = [item.label[0].lower() + item.label[1:] for item in legal]
    if not labels:
        return "nothing is possible now"
    return "you can " + listing(labels, last="or")


def _forfeit_reason(seat: int) -> str:
    return (f"{seat_name(seat)} was the last player left in this pot: everyone who put chips in it folded, "
            "and an all-in player wins from each opponent only what they put in.")


class HandState:
    """One hand of draw poker.

    ``stacks``: chips per seat (0 = out, not dealt in); ``dealer``: the button's seat (must be live);
    ``rng``: an int seed, a numpy Generator (kept, not copied) or a generator state saved from
    :attr:`seed` (how :meth:`replay` rebuilds a hand dealt from a Generator); ``deck``: optional prearranged
    stock for tests and lessons (first card dealt first); reshuffles still use ``rng``.
    In Saloon Draw (no all-in) a seat that cannot pay the ante sits the hand out.
    """

    __slots__ = (
        "rules", "player_count", "dealer", "seed", "deck_order", "starting_stacks", "small_blind_seat",
        "big_blind_seat", "_rng", "_stock", "_muck", "_hands", "_status", "_stacks", "_bets", "_contrib",
        "_current", "_bet_count", "_pending", "_may_raise", "_round", "_phase", "_actor", "_opener",
        "_draw_queue", "_draw_counts", "_shown_aces", "_events", "_actions", "_legal_cache", "_result",
        "_all_in_ok", "_pots_cache",
    )

    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        dealer: int,
        rng: np.random.Generator | int | dict[str, Any],
        deck: Deck | Sequence[Card] | str | None = None,
    ) -> None:
        n = rules.player_count
        if len(stacks) != n or any(not isinstance(s, (int, np.integer)) or s < 0 for s in stacks):
            raise ValueError(f"{rules.name} with {n} seats needs {n} whole, non-negative stacks; got {list(stacks)!r}.")
        if not (isinstance(dealer, (int, np.integer)) and 0 <= dealer < n and stacks[dealer] > 0):
            raise ValueError(f"The dealer must be a seat 0..{n - 1} that has chips; got {dealer!r}.")
        self.rules = rules
        self.player_count = n
        self.dealer = int(dealer)
        values = [int(s) for s in stacks]
        self.starting_stacks = tuple(values)
        if isinstance(rng, dict):  # a generator state saved by a history file
            generator = np.random.Generator(getattr(np.random, rng["bit_generator"])())
            generator.bit_generator.state = rng
            rng = generator
        self.seed: int | dict[str, Any] = (
            int(rng) if isinstance(rng, (int, np.integer)) else rng.bit_generator.state
        )
        self._rng = as_rng(rng)
        if deck is None:
            self.deck_order: tuple[Card, ...] | None = None
            self._stock = list(itemgetter(*self._rng.permutation(52).tolist())(ALL_CARDS))
        else:
            order = deck.remaining() if isinstance(deck, Deck) else parse_cards(deck)
            self.deck_order = tuple(order)
            self._stock = order[::-1]  # the top of the stock is the end of the list
        self._muck: list[Card] = []
        self._all_in_ok = rules.all_in_allowed
        self._stacks = values
        self._status = [ACTIVE if s > 0 else OUT for s in self._stacks]
        if not self._all_in_ok and rules.forced_bet == "antes":
            self._status = [OUT if s < rules.ante else st for s, st in zip(self._stacks, self._status)]
        self._bets = [0] * n
        self._contrib = [0] * n
        self._hands: list[list[Card]] = [[] for _ in range(n)]
        self._draw_counts: list[int | None] = [None] * n
        self._shown_aces: list[Card | None] = [None] * n
        self._events: list[Event] = [Event("button", self.dealer)]
        self._actions: list[Action] = []
        self._legal_cache: tuple[LegalAction, ...] | None = None
        self._pots_cache: tuple[Pot, ...] | None = None
        self._result: HandResult | None = None
        self._current = 0
        self._bet_count = 0
        self._round = 0
        self._opener: int | None = None
        self._draw_queue: list[int] = []
        self.small_blind_seat: int | None = None
        self.big_blind_seat: int | None = None
        live = self._live_order(self.dealer + 1)
        if len(live) < 2:
            raise ValueError("A hand needs at least two players who can pay the forced bet.")
        first = self._post_forced_bets(live)
        self._deal(live)
        self._phase = Phase.BETTING_ONE
        self._pending = [st == ACTIVE for st in self._status]
        self._may_raise = list(self._pending)
        self._actor: int | None = None
        self._start_actor(first)

    # ----- setup -------------------------------------------------------------------------------

    def _live_order(self, start: int) -> list[int]:
        status = self._status
        return [seat for seat in _CLOCKWISE[self.player_count][start % self.player_count] if status[seat] != OUT]

    def _pay(self, seat: int, amount: int, to_bets: bool) -> tuple[int, bool]:
        """Move up to ``amount`` chips from the seat's stack; returns (paid, now all-in)."""
        paid = min(amount, self._stacks[seat])
        self._stacks[seat] -= paid
        self._contrib[seat] += paid
        if to_bets:
            self._bets[seat] += paid
        all_in = self._stacks[seat] == 0 and self._all_in_ok
        if all_in:
            self._status[seat] = ALL_IN
        return paid, all_in

    def _post_forced_bets(self, live: list[int]) -> int:
        """Post antes or blinds; returns the seat from which the first round's search starts."""
        rules = self.rules
        if rules.forced_bet == "antes":
            if rules.ante:
                ante, stacks, contributions, status, events = (
                    rules.ante, self._stacks, self._contrib, self._status, self._events)
                for seat in live:  # as ``_pay`` does, for every live seat at once
                    stack = stacks[seat]
                    paid = ante if ante < stack else stack
                    stacks[seat] = stack - paid
                    contributions[seat] += paid
                    all_in = paid == stack and self._all_in_ok
                    if all_in:
                        status[seat] = ALL_IN
                    events.append(Event("ante", seat, paid, (), (), 0, all_in))
            return live[0]
        small, big = (self.dealer, live[0]) if len(live) == 2 else (live[0], live[1])
        self.small_blind_seat, self.big_blind_seat = small, big
        for seat, kind, amount in ((small, "small_blind", rules.small_blind), (big, "big_blind", rules.big_blind)):
            paid, all_in = self._pay(seat, amount, to_bets=True)
            self._events.append(Event(kind, seat, paid, all_in=all_in))
        self._current = rules.big_blind  # a short big blind still opens at the full big blind
        return (big + 1) % self.player_count

    def _deal(self, live: list[int]) -> None:
        stock, hands = self._stock, self._hands
        if len(stock) < 5 * len(live):
            raise ValueError(f"The deck holds {len(stock)} cards; dealing needs {5 * len(live)}.")
        count = len(live)
        dealt = stock[:-5 * count - 1:-1]  # the top 5 * count cards, in the order they are dealt
        del stock[-5 * count:]
        events = self._events
        for position, seat in enumerate(live):  # one card at a time, round the table five times
            cards = dealt[position::count]
            hands[seat] = cards
            events.append(Event("deal", seat, 0, tuple(cards)))

    # ----- public reading ------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def actor(self) -> int | None:
        """The seat to act, or None when the hand is over."""
        return self._actor

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has put in during the current betting round."""
        return tuple(self._bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in during the whole hand (forced bets included)."""
        return tuple(self._contrib)

    @property
    def current_bet(self) -> int:
        """The round total a player must reach to stay in."""
        return self._current

    @property
    def statuses(self) -> tuple[str, ...]:
        """Per seat: ``active``, ``folded``, ``all-in`` or ``out``."""
        return tuple(STATUS_NAMES[s] for s in self._status)

    @property
    def draw_counts(self) -> tuple[int | None, ...]:
        """Cards each seat drew (public for the rest of the hand); None before they draw."""
        return tuple(self._draw_counts)

    @property
    def shown_aces(self) -> tuple[Card | None, ...]:
        """The ace each seat turned face up to draw four under ace draw."""
        return tuple(self._shown_aces)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, in order: with the seed, enough to replay the hand."""
        return tuple(self._actions)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot then side pots, from everything put in so far (current round included).
        While the hand goes on, a player with chips counts as eligible for every pot."""
        pots = self._pots_cache
        if pots is None:
            status = self._status
            if self._phase is Phase.OVER:
                pots = settle_pots(self._contrib, [st == FOLDED for st in status], self._fold_order())
            else:
                pots = build_pots(self._contrib, [st == FOLDED for st in status], [st == ACTIVE for st in status])
            self._pots_cache = pots
        return pots

    @property
    def results(self) -> HandResult | None:
        """The outcome once the hand is over, else None."""
        return self._result

    @property
    def payouts(self) -> tuple[int, ...] | None:
        """Net chip change per seat once the hand is over, else None."""
        return None if self._result is None else self._result.net

    @property
    def cap_meter(self) -> str:
        """How much of the raise cap is used this round, e.g. ``"bet 2 of 4, 2 raises left"``."""
        cap, count = self.rules.bet_cap, self._bet_count
        if self._phase in (Phase.DRAW, Phase.OVER):
            return "no betting now"
        if self._round == 0 and self.rules.forced_bet == "blinds":
            return f"big blind, then raise {count} of {cap}, {cap - count} raises left"
        if count == 0:
            return f"no bet yet, a bet and {cap - 1} raises allowed"
        return f"bet {count} of {cap}, {cap - count} raises left"

    def cards(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards. Private: a view for another seat must not show them unless revealed."""
        return tuple(self._hands[seat])

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as a JSON-able dict; see :mod:`pokerlab.draw.view`."""
        from pokerlab.draw.view import project

        return project(self, seat)

    # ----- legal actions ---------------------------------------------------------------------------

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the actor may do now (empty when the hand is over)."""
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        return self._legal_cache

    def _legal(self) -> tuple[LegalAction, ...]:
        seat = self._actor
        if seat is None:
            return ()
        rules = self.rules
        if self._phase is Phase.DRAW:
            has_ace = rules.ace_draw and any(card.rank == 14 for card in self._hands[seat])
            return _draw_offers(rules.max_discards, has_ace)
        bet = self._bets[seat]
        current = self._current
        owed = current - bet
        stack = self._stacks[seat]
        options = [_FOLD_OFFER if owed else _FOLD_FREE_OFFER]
        if owed <= 0:
            options.append(_CHECK_OFFER)
        elif stack >= owed:
            options.append(_offer(CALL, None, None, 1, owed, 0))
        elif self._all_in_ok:
            cover = bet + stack
            options.append(_offer(ALLIN, cover, cover, 1, stack, stack))
        if stack > owed and self._raise_blocker(seat) is None:
            low, high = rules.limits[self._round]
            step = rules.step
            cover = bet + stack
            min_to = current + low
            call = owed if owed > 0 else 0
            if cover >= min_to:
                max_to = current + high if current + high < cover else cover
                max_to -= (max_to - min_to) % step
                options.append(_offer(BET if current == 0 else RAISE, min_to, max_to, step, call, 0))
            elif self._all_in_ok:
                options.append(_offer(ALLIN, cover, cover, 1, call, stack))
        return tuple(options)

    def _raise_blocker(self, seat: int) -> str | None:
        """Why the seat may not bet or raise now (None: it may, if it can cover the amount)."""
        if self._bet_count >= self.rules.bet_cap:
            return f"the cap of {self.rules.bet_cap} bets and raises this round is reached"
        if not self._may_raise[seat]:
            return "you have already acted and no full bet or raise has been made since, so you may only call or fold"
        # someone else must be able to answer: an active player (with all-in allowed, active means
        # they still have chips; in Saloon Draw a player at 0 is active and answers by folding)
        status = self._status
        if status.count(ACTIVE) - (status[seat] == ACTIVE) > 0:
            return None
        return "nobody else has chips left to answer a bet"

    def _refuse(self, action: Action, legal: tuple[LegalAction, ...]) -> IllegalActionError:
        """The error for an action not among ``legal``: what was wrong, then what is legal."""
        seat = self._actor
        kind = action.kind
        options = _options_text(legal)
        if seat is None:
            return IllegalActionError("The hand is over; no action is possible.")
        matching = [item for item in legal if item.kind is kind]
        if matching:
            item = matching[0]
            name = {BET: "Bet", RAISE: "Raise", ALLIN: "All-in"}.get(kind, kind.value.capitalize())
            if kind is DRAW:
                return IllegalActionError(f"{self._draw_problem(action)}; {options}.")
            if item.min_to == item.max_to:
                return IllegalActionError(f"{name} must be to {item.min_to} here; {options}.")
            return IllegalActionError(
                f"{name} must be to {item.min_to}–{item.max_to} in steps of {item.step} here; {options}."
            )
        owed = self._current - self._bets[seat]
        word = kind.value.replace("_", "-")
        if self._phase is Phase.DRAW:
            why = "it is the draw, not a betting round"
        elif kind is DRAW:
            why = "it is a betting round; the draw comes after the first round"
        elif kind is CHECK:
            why = f"{owed} is owed to stay in"
        elif kind is CALL:
            why = "nothing is owed" if owed <= 0 else f"you cannot cover {owed} and all-in is not allowed in {self.rules.name}"
        elif kind is BET and self._current:
            why = "a bet is already live, so raise instead"
        elif kind is RAISE and not self._current:
            why = "nothing has been bet this round, so bet instead"
        elif kind is ALLIN and not self._all_in_ok:
            why = f"{self.rules.name} has no all-in"
        elif kind is ALLIN:
            why = "you can cover the full amount"
        else:
            blocker = self._raise_blocker(seat)
            why = blocker or "you do not have enough chips to cover it"
        return IllegalActionError(f"You cannot {word}: {why}; {options}.")

    def _draw_problem(self, action: Action) -> str | None:
        """What is wrong with a draw (None when it is legal)."""
        hand = self._hands[self._actor]  # type: ignore[index]
        discards = action.discards
        if len(set(discards)) != len(discards):
            return "You marked the same card twice"
        missing = [str(card) for card in discards if card not in hand]
        if missing:
            return f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in your hand"
        most = self.rules.max_discards
        if len(discards) <= most:
            return None
        if self.rules.ace_draw and len(discards) == most + 1:
            if any(card.rank == 14 and card not in discards for card in hand):
                return None
            return f"A {most + 1}th discard is allowed only while you keep an ace"
        return f"You may discard at most {most} cards"

    # ----- acting ----------------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` for the actor. An illegal action raises :class:`IllegalActionError` and
        changes nothing."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal()
        kind = action.kind
        chosen = None
        for item in legal:
            if item.kind is kind:
                chosen = item
                break
        if chosen is None:
            raise self._refuse(action, legal)
        amount = action.amount
        if kind is BET or kind is RAISE:
            if amount is None or not chosen.min_to <= amount <= chosen.max_to or (amount - chosen.min_to) % chosen.step:  # type: ignore[operator]
                raise self._refuse(action, legal)
        elif kind is ALLIN:
            if amount is not None and amount != chosen.min_to:
                raise self._refuse(action, legal)
        elif kind is DRAW:
            if self._draw_problem(action) is not None:
                raise self._refuse(action, legal)
        elif amount is not None or action.discards:
            raise IllegalActionError(f"{kind.value.capitalize()} takes no amount or cards; {_options_text(legal)}.")
        seat: int = self._actor  # type: ignore[assignment]
        self._legal_cache = self._pots_cache = None
        self._actions.append(action)
        if kind is DRAW:
            self._do_draw(seat, action.discards)
            return
        if kind is FOLD:
            self._status[seat] = FOLDED
            self._pending[seat] = False
            self._muck.extend(self._hands[seat])
            self._hands[seat] = []
            self._events.append(Event("fold", seat))
            if self._phase is Phase.DRAW:  # the folder was already taken off the draw queue
                self._next_drawer()
                return
        elif kind is CHECK:
            self._pending[seat] = self._may_raise[seat] = False
            self._events.append(Event("check", seat))
        elif kind is CALL:
            paid, all_in = self._pay(seat, chosen.call_amount, to_bets=True)
            self._pending[seat] = self._may_raise[seat] = False
            self._events.append(Event("call", seat, paid, (), (), 0, all_in))
        elif kind is ALLIN:
            stack = self._stacks[seat]
            self._pay(seat, stack, to_bets=True)
            self._pending[seat] = self._may_raise[seat] = False
            to = self._bets[seat]
            if to > self._current:
                # a short all-in: those who acted must answer the extra but may not raise again
                self._current = to
                bets, status, pending = self._bets, self._status, self._pending
                for other in range(self.player_count):
                    if status[other] == ACTIVE and bets[other] < to:
                        pending[other] = True
            self._events.append(Event("all_in", seat, stack, (), (), 0, True))
        else:  # BET or RAISE, a full one
            self._pay(seat, amount - self._bets[seat], to_bets=True)  # type: ignore[operator]
            self._current = amount  # type: ignore[assignment]
            self._bet_count += 1
            if self._round == 0 and self._opener is None:
                self._opener = seat
            status, pending, may_raise = self._status, self._pending, self._may_raise
            for other in range(self.player_count):
                if status[other] == ACTIVE:
                    pending[other] = may_raise[other] = True
            pending[seat] = may_raise[seat] = False
            self._events.append(Event(_KIND_NAMES[kind], seat, amount, (), (), 0, status[seat] == ALL_IN))  # type: ignore[arg-type]
        self._after_betting_action(seat)

    def _one_left(self) -> bool:
        """True when every seat but one has folded or is out."""
        status = self._status
        return status.count(FOLDED) + status.count(OUT) == self.player_count - 1

    def _last_contender(self) -> int:
        """The one seat still in the hand (active or all-in), once :meth:`_one_left` is true."""
        return next(seat for seat, st in enumerate(self._status) if st == ACTIVE or st == ALL_IN)

    def _after_betting_action(self, seat: int) -> None:
        if self._one_left():
            self._finish_by_folds(self._last_contender())
            return
        self._start_actor((seat + 1) % self.player_count)

    def _start_actor(self, start: int) -> None:
        """Find who acts next in this betting round, from ``start`` clockwise; end the round if nobody."""
        actor = self._find_actor(start)
        if actor is not None:
            self._actor = actor
            return
        if self._phase is Phase.BETTING_ONE:
            self._begin_draw()
        else:
            self._showdown()

    def _find_actor(self, start: int) -> int | None:
        status, pending, bets, current = self._status, self._pending, self._bets, self._current
        if self._all_in_ok:
            with_chips = status.count(ACTIVE)
            if with_chips <= 1:
                # at most one player can still bet: betting is skipped, though that player must
                # still answer any chips owed (call them, or give up the hand)
                if with_chips:
                    only = status.index(ACTIVE)
                    if pending[only] and bets[only] < current:
                        return only
                if self._events[-1].kind != "betting_skipped":
                    self._events.append(Event("betting_skipped"))
                return None
        stacks = self._stacks
        for seat in _CLOCKWISE[self.player_count][start]:
            if pending[seat]:
                if status[seat] == ACTIVE and (stacks[seat] > 0 or bets[seat] < current):
                    return seat
                pending[seat] = False
        return None

    # ----- the draw ------------------------------------------------------------------------------

    def _begin_draw(self) -> None:
        self._phase = Phase.DRAW
        self._events.append(Event("draw_begins"))
        self._draw_queue = [s for s in self._live_order(self.dealer + 1) if self._status[s] != FOLDED]
        self._next_drawer()

    def _next_drawer(self) -> None:
        if self._one_left():
            self._finish_by_folds(self._last_contender())
        elif self._draw_queue:
            self._actor = self._draw_queue.pop(0)
        else:
            self._begin_second_round()

    def _do_draw(self, seat: int, discards: tuple[Card, ...]) -> None:
        hand = self._hands[seat]
        count = len(discards)
        thrown = set(discards)
        kept = [card for card in hand if card not in thrown]
        stock = self._stock
        if count <= len(stock):
            received = [stock.pop() for _ in range(count)]
        else:
            received = stock[::-1]
            stock.clear()
            # earlier discards and folded hands make a new stock; this player's discards stay out
            fresh = self._muck
            self._muck = []
            self._stock = stock = [fresh[i] for i in self._rng.permutation(len(fresh)).tolist()]
            self._events.append(Event("reshuffle", count=len(fresh)))
            received += [stock.pop() for _ in range(count - len(received))]
        self._muck.extend(discards)
        self._hands[seat] = kept + received
        self._draw_counts[seat] = count
        self._events.append(Event("draw", seat, cards=tuple(discards), received=tuple(received), count=count))
        if count > self.rules.max_discards:
            ace = next(card for card in kept if card.rank == 14)
            self._shown_aces[seat] = ace
            self._events.append(Event("ace_shown", seat, cards=(ace,)))
        self._next_drawer()

    def _begin_second_round(self) -> None:
        self._phase = Phase.BETTING_TWO
        self._round = 1
        self._events.append(Event("second_round_begins"))
        n = self.player_count
        self._bets = [0] * n
        self._current = 0
        self._bet_count = 0
        self._pending = [st == ACTIVE for st in self._status]
        self._may_raise = list(self._pending)
        start = self.dealer + 1
        if self.rules.second_round_opener == "first_round_opener" and self._opener is not None:
            start = self._opener
        self._start_actor(start % n)

    # ----- the end -------------------------------------------------------------------------------

    def _fold_order(self) -> list[int]:
        return [event.seat for event in self._events if event.kind == "fold"]  # type: ignore[misc]

    def _finish_by_folds(self, winner: int) -> None:
        contributions = self._contrib
        pots = (Pot(sum(contributions), (winner,)),)
        if contributions[winner] < max(contributions):  # an all-in winner: chips above its level are not its
            pots = settle_pots(contributions, [st == FOLDED for st in self._status], self._fold_order())
        payouts = [0] * self.player_count
        awards = []
        for number, pot in enumerate(pots):
            taker = pot.eligible[0]
            if taker == winner:
                reason, note = f"{seat_name(winner)} wins: everyone else folded.", "everyone else folded"
            else:
                reason = note = _forfeit_reason(taker)
            self._stacks[taker] += pot.amount
            payouts[taker] += pot.amount
            self._events.append(Event("win", taker, pot.amount, count=number, text=note))
            awards.append(PotAward(number, pot.amount, pot.eligible, (taker,), {taker: pot.amount}, reason))
        self._finish(payouts, tuple(awards), {}, {}, True)

    def _showdown(self) -> None:
        status = self._status
        contenders = [s for s in self._live_order(self.dealer + 1) if status[s] in (ACTIVE, ALL_IN)]
        values: dict[int, HandValue] = {s: evaluate(self._hands[s]) for s in contenders}
        for seat in contenders:
            self._events.append(Event("showdown", seat, cards=tuple(self._hands[seat]), text=values[seat].name))
        payouts = [0] * self.player_count
        awards = []
        folded = [st == FOLDED for st in status]
        for number, pot in enumerate(settle_pots(self._contrib, folded, self._fold_order())):
            if folded[pot.eligible[0]]:  # chips that only folded players put in
                winners = list(pot.eligible)
                reason = _forfeit_reason(winners[0])
            else:
                best = max(values[s] for s in pot.eligible)
                winners = [s for s in pot.eligible if values[s] == best]
                reason = self._reason(pot, winners, values)
            shares = split_pot(pot, winners, self.dealer, self.player_count)
            for seat, chips in shares.items():
                payouts[seat] += chips
                self._stacks[seat] += chips
                self._events.append(Event("win", seat, chips, count=number, text=reason))
            awards.append(PotAward(number, pot.amount, pot.eligible, tuple(sorted(winners)), shares, reason))
        shown = {s: tuple(self._hands[s]) for s in contenders}
        names = {s: values[s].name for s in contenders}
        self._finish(payouts, tuple(awards), shown, names, False)

    @staticmethod
    def _reason(pot: Pot, winners: list[int], values: dict[int, HandValue]) -> str:
        if len(pot.eligible) == 1:
            return f"{seat_name(winners[0])} is the only player in this pot."
        first = winners[0]
        if len(winners) > 1:
            other = winners[1]
        else:
            other = max((s for s in pot.eligible if s != first), key=lambda s: values[s])
        return explain(values[first], values[other], names=(seat_name(first), seat_name(other))).text

    def _finish(self, payouts: list[int], awards: tuple[PotAward, ...], shown: dict[int, tuple[Card, ...]],
                names: dict[int, str], by_fold: bool) -> None:
        self._phase = Phase.OVER
        self._actor = None
        self._legal_cache = ()
        net = tuple(map(sub, self._stacks, self.starting_stacks))
        self._result = HandResult(net, tuple(payouts), awards, shown, names, by_fold)

    # ----- replay ----------------------------------------------------------------------------------

    @classmethod
    def replay(
        cls,
        rules: Rules,
        stacks: Sequence[int],
        dealer: int,
        seed: int | dict[str, Any],
        actions: Iterable[Action],
        deck: Sequence[Card] | str | None = None,
    ) -> HandState:
        """Rebuild a hand exactly from its seed (or saved generator state) and its actions."""
        state = cls(rules, stacks, dealer, seed, deck=deck)
        for action in actions:
            state.apply(action)
        return state
