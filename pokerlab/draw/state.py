# One module: the flow of a hand is one chain of steps that hand off to each other (a betting round ends in
# the draw, the draw in the second round, either in the showdown); what they read and apply lives apart
# (internals, legality, settlement, reading, view, pots).
"""The hand: one mutable :class:`HandState` that moves only by :meth:`HandState.apply`.

Creating a state posts the forced bets and deals. Then the actor acts until the hand is over::

    >>> from pokerlab.draw import HandState, five_card_draw, Action
    >>> state = HandState(five_card_draw(player_count=3), stacks=[500, 500, 500], dealer=0, rng=7)
    >>> state.phase.name, state.actor, [(a.kind.value, a.min_to) for a in state.legal_actions()]
    ('BETTING_ONE', 1, [('fold', None), ('check', None), ('bet', 10)])
    >>> state.apply(Action.raise_to(20))
    Traceback (most recent call last):
    ...
    pokerlab.draw.errors.IllegalActionError: You cannot raise: nothing has been bet this round, so bet instead; you can fold, check or bet 10.

This module keeps the flow of a hand: forced bets, the deal, betting rounds, the draw, the showdown.
A hand is made of parts, each a class in a module of its own over the same fields
(:mod:`pokerlab.draw.internals`): what is legal and why anything else is refused
(:mod:`pokerlab.draw.legality`), the end of the hand (:mod:`pokerlab.draw.settlement`) and the public
reading (:mod:`pokerlab.draw.reading`). The outcome's values are in :mod:`pokerlab.draw.results`; what a
seat may see in :mod:`pokerlab.draw.view`. Every event is data (:mod:`pokerlab.draw.events`); sentences
come from :mod:`pokerlab.narration`.

The legal actions and the pots are computed once per decision (cached until the next ``apply``);
``benchmarks/bench_engine.py`` measures the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import filterfalse
from typing import Any

import numpy as np

from pokerlab.cards import ALL_CARDS, Card, Deck, as_rng, parse_cards
from pokerlab.draw.actions import Action, ActionKind
from pokerlab.draw.events import Phase
from pokerlab.draw.internals import ACTIVE, ALL_IN, CLOCKWISE, FOLDED, IN_HAND, OUT
from pokerlab.draw.legality import offer_entry
from pokerlab.draw.reading import HandReading
from pokerlab.draw.results import HandResult, PotAward
from pokerlab.draw.rules import Rules
from pokerlab.draw.view import project

__all__ = ["HandResult", "HandState", "Phase", "PotAward"]

FOLD, CHECK, CALL, BET, RAISE, ALLIN, DRAW = (
    ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
    ActionKind.ALL_IN, ActionKind.DRAW,
)
_INT_TYPE = frozenset({int})
_OVER, _BETTING_ONE, _DRAW_PHASE, _BETTING_TWO = Phase.OVER, Phase.BETTING_ONE, Phase.DRAW, Phase.BETTING_TWO
"""The phases as module names: reading ``Phase.OVER`` goes through the enum class's attribute lookup
(about 25 times slower than a global), and the engine reads them at every step."""

_CLOCKWISE = CLOCKWISE
_GENERATOR = np.random.Generator
_EVERYONE = {n: (True,) * n for n in CLOCKWISE}
"""Per table size, True for every seat: what a bet or raise sets every seat's pending and may-raise to
when all are active."""
_NO_BETS = {n: (0,) * n for n in CLOCKWISE}
"""Per table size, no chips bet by any seat: what the bets are refilled with when the second round begins."""
_BUTTON_RECORDS = tuple(("button", seat, 0, (), (), 0, False, 0, 0, 0, "betting_one", "", "")
                        for seat in range(max(CLOCKWISE)))
"""The log's first record, per dealer's seat (records are immutable, so hands share them)."""
_AFTER = {n: tuple(seats[(seat + 1) % n] for seat in range(n)) for n, seats in CLOCKWISE.items()}
"""Per table size and seat, the seats clockwise from the one after it: where the search for the next
actor starts after every betting action (a lookup instead of the wrap-around arithmetic; a state
keeps its table size's as ``_after``)."""


class HandState(HandReading):
    """One hand of draw poker.

    ``stacks``: chips per seat (0 = out, not dealt in); ``dealer``: the button's seat (must be live);
    ``rng``: an int seed, a numpy Generator (kept, not copied) or a generator state saved from
    :attr:`seed` (how :meth:`replay` rebuilds a hand dealt from a Generator); ``deck``: optional prearranged
    stock for tests and lessons (first card dealt first); reshuffles still use ``rng``.
    In Saloon Draw (no all-in) a seat that cannot pay the ante sits the hand out.
    """

    __slots__ = ()  # the fields are HandInternals'

    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        dealer: int,
        rng: np.random.Generator | int | dict[str, Any],
        deck: Deck | Sequence[Card] | str | None = None,
    ) -> None:
        n = rules.player_count
        plain = len(stacks) == n and set(map(type, stacks)) <= _INT_TYPE  # checked in C, the usual case
        if len(stacks) != n or not (
                plain and min(stacks) >= 0 or all(isinstance(s, (int, np.integer)) and s >= 0 for s in stacks)):
            raise ValueError(f"{rules.name} with {n} seats needs {n} whole, non-negative stacks; got {list(stacks)!r}.")
        if not (isinstance(dealer, (int, np.integer)) and 0 <= dealer < n and stacks[dealer] > 0):
            raise ValueError(f"The dealer must be a seat 0..{n - 1} that has chips; got {dealer!r}.")
        self.rules = rules
        self.player_count = n
        self.dealer = int(dealer)
        values = list(stacks) if plain else [int(s) for s in stacks]
        self.starting_stacks = tuple(values)
        if type(rng) is _GENERATOR:  # the usual case: a game's generator, kept
            self.seed = rng.bit_generator.state
            self._rng = rng
        else:
            if isinstance(rng, dict):  # a generator state saved by a history file
                generator = np.random.Generator(getattr(np.random, rng["bit_generator"])())
                generator.bit_generator.state = rng
                rng = generator
            self.seed = int(rng) if isinstance(rng, (int, np.integer)) else rng.bit_generator.state
            self._rng = as_rng(rng)
        if deck is None:
            self.deck_order = None
            # the same order as ``[ALL_CARDS[i] for i in rng.permutation(52)]`` (numpy shuffles a list
            # with the same draws and swaps as the range it permutes; tests/draw pins it), without
            # the array and the lookups
            self._stock = stock = list(ALL_CARDS)
            self._rng.shuffle(stock)
        else:
            order = deck.remaining() if isinstance(deck, Deck) else parse_cards(deck)
            self.deck_order = tuple(order)
            self._stock = order[::-1]  # the top of the stock is the end of the list
        self._muck = []
        self._all_in_ok = rules.all_in_allowed
        # the offers of each phase, shared by hands under these rules, and the current phase's
        self._phase_offers = phase_offers = offer_entry(rules)
        self._offers = phase_offers[0]
        self._after = _AFTER[n]
        self._stacks = values
        status = [ACTIVE] * n if min(values) > 0 else [ACTIVE if s > 0 else OUT for s in values]
        if not self._all_in_ok and rules.forced_bet == "antes":
            status = [OUT if s < rules.ante else st for s, st in zip(values, status)]
        self._status = status
        self._bets = [0] * n
        self._contrib = [0] * n
        self._hands = [()] * n  # a hand is a tuple: cards(), the log and the showdown share it
        self._draw_counts = [None] * n
        self._shown_aces = [None] * n
        # The log is kept as plain tuples, each an Event's fields in order: a hand records 15-60 events
        # and nobody playing it reads them, while an Event (a tuple subclass) costs about twice a plain
        # tuple to make and to free. ``events`` makes the Events when read (_event_values keeps them).
        self._events = [_BUTTON_RECORDS[self.dealer]]
        self._event_values = []
        self._actions = []
        self._legal_cache = None
        self._pots_cache = None
        self._result = None
        self._settled = None  # what the end of the hand paid, until the result is read
        self._current = 0
        self._bet_count = 0
        self._round = 0
        self._opener = None
        self._draw_queue = []
        self._phase = _BETTING_ONE
        self._over = False
        self._phase_name = "betting_one"
        self._pot = 0
        self.small_blind_seat = None
        self.big_blind_seat = None
        out = status.count(OUT)
        self._in_hand = n - out  # seats not folded or out
        self._with_chips = n - out  # seats that may still bet (not all-in, folded or out)
        clockwise = CLOCKWISE[n][(self.dealer + 1) % n]
        live = [seat for seat in clockwise if status[seat] != OUT] if out else clockwise
        if len(live) < 2:
            raise ValueError("A hand needs at least two players who can pay the forced bet.")
        first = self._post_forced_bets(live)
        self._deal(live)
        self._pending = [True] * n if self._with_chips == n else [st == ACTIVE for st in status]
        self._may_raise = list(self._pending)
        self._actor = None
        self._start_actor(first)

    # ----- setup -------------------------------------------------------------------------------

    def _pay(self, seat: int, amount: int, to_bets: bool) -> tuple[int, bool]:
        """Move up to ``amount`` chips from the seat's stack; returns (paid, now all-in)."""
        paid = min(amount, self._stacks[seat])
        self._stacks[seat] -= paid
        self._contrib[seat] += paid
        self._pot += paid
        if to_bets:
            self._bets[seat] += paid
        all_in = self._stacks[seat] == 0 and self._all_in_ok
        if all_in:
            self._status[seat] = ALL_IN
            self._with_chips -= 1
        return paid, all_in

    def _post_forced_bets(self, live: Sequence[int]) -> int:
        """Post antes or blinds; returns the seat from which the first round's search starts."""
        rules = self.rules
        if rules.forced_bet == "antes":
            if rules.ante:
                ante, stacks, contributions, status, events, all_in_ok, pot = (
                    rules.ante, self._stacks, self._contrib, self._status, self._events, self._all_in_ok, self._pot)
                for seat in live:  # as ``_pay`` does, for every live seat at once
                    stack = stacks[seat]
                    paid = ante if ante < stack else stack
                    stacks[seat] = stack - paid
                    contributions[seat] += paid
                    pot += paid
                    all_in = paid == stack and all_in_ok
                    if all_in:
                        status[seat] = ALL_IN
                        self._with_chips -= 1
                    events.append(("ante", seat, paid, (), (), 0, all_in, 0, 0, pot,
                                   "betting_one", "", ""))
                self._pot = pot
            return live[0]
        small, big = (self.dealer, live[0]) if len(live) == 2 else (live[0], live[1])
        self.small_blind_seat, self.big_blind_seat = small, big
        for seat, kind, amount in ((small, "small_blind", rules.small_blind), (big, "big_blind", rules.big_blind)):
            paid, all_in = self._pay(seat, amount, to_bets=True)
            self._record(kind, seat, paid, all_in=all_in)
        self._current = rules.big_blind  # a short big blind still opens at the full big blind
        return (big + 1) % self.player_count

    def _deal(self, live: Sequence[int]) -> None:
        stock, hands = self._stock, self._hands
        if len(stock) < 5 * len(live):
            raise ValueError(f"The deck holds {len(stock)} cards; dealing needs {5 * len(live)}.")
        count = len(live)
        dealt = tuple(stock[:-5 * count - 1:-1])  # the top 5 * count cards, in the order they are dealt
        del stock[-5 * count:]
        events = self._events
        pot = self._pot
        for position, seat in enumerate(live):  # one card at a time, round the table five times
            hands[seat] = cards = dealt[position::count]
            events.append(("deal", seat, 0, cards, (), 0, False, 0, 0, pot, "betting_one", "", ""))

    # ----- reading (the rest is HandReading's) -------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as a JSON-able dict; see :mod:`pokerlab.draw.view`."""
        return project(self, seat)

    # ----- acting ----------------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` for the actor. An illegal action raises
        :class:`~pokerlab.draw.errors.IllegalActionError` and changes nothing."""
        # the offer the action takes up, or the refusal (:meth:`~pokerlab.draw.legality.Legality._refusal` says
        # what is wrong); checked here rather than in a function of its own as every action passes here
        offers = self._legal_cache
        if offers is None:
            self.legal_actions()
            offers = self._legal_cache
        kind = action.kind
        chosen = offers[1].get(kind)  # type: ignore[index]
        if chosen is None:
            raise self._refusal(action, offers[0])  # type: ignore[index]
        amount = action.amount
        if kind is BET or kind is RAISE:
            if amount is None or not chosen.min_to <= amount <= chosen.max_to or (amount - chosen.min_to) % chosen.step:  # type: ignore[operator]
                raise self._refusal(action, offers[0])  # type: ignore[index]
        elif kind is ALLIN:
            if amount is not None and amount != chosen.min_to:
                raise self._refusal(action, offers[0])  # type: ignore[index]
        elif kind is DRAW:
            discards = action.discards
            kept = self._hands[self._actor]  # type: ignore[index]
            if discards:
                # The hand less the discards, in order, matched in a set by identity (a list's comparisons
                # go through Card's Python-level ones); _do_draw keeps it. It also checks the usual draw:
                # different cards (the set is as long), all in the hand (the hand is that much shorter),
                # no more than the most. Anything else goes to _draw_problem, which also knows ace draw's
                # extra card.
                dropped = set(discards)
                count = len(discards)
                hand_size = len(kept)
                kept = tuple(filterfalse(dropped.__contains__, kept))
                if (len(dropped) != count or count > self.rules.max_discards or len(kept) != hand_size - count) \
                        and self._draw_problem(action) is not None:
                    raise self._refusal(action, offers[0])  # type: ignore[index]
        elif amount is not None or action.discards:
            raise self._refusal(action, offers[0])  # type: ignore[index]
        seat: int = self._actor  # type: ignore[assignment]
        self._legal_cache = self._pots_cache = None
        self._actions.append(action)
        if kind is DRAW:
            self._do_draw(seat, discards, kept)
            return
        bets, status, pending, may_raise = self._bets, self._status, self._pending, self._may_raise
        owed = self._current - bets[seat]
        if kind is CHECK:
            pending[seat] = may_raise[seat] = False
            self._events.append(("check", seat, 0, (), (), 0, False, bets[seat], 0, self._pot,
                                 self._phase_name, "", ""))
        elif kind is CALL or kind is BET or kind is RAISE:
            # as _pay does: the offers guarantee the stack covers it
            paid = chosen.call_amount if kind is CALL else amount - bets[seat]  # type: ignore[operator]
            stacks = self._stacks
            left = stacks[seat] - paid
            stacks[seat] = left
            self._contrib[seat] += paid
            self._pot += paid
            bets[seat] += paid
            all_in = not left and self._all_in_ok
            if all_in:
                status[seat] = ALL_IN
                self._with_chips -= 1
            if kind is CALL:
                name = "call"
            else:
                name = "bet" if kind is BET else "raise"  # not a dict: an enum key hashes in Python
                self._current = amount  # type: ignore[assignment]
                self._bet_count += 1
                if self._round == 0 and self._opener is None:
                    self._opener = seat
                n = self.player_count
                if self._with_chips == n:  # every seat active: all of them answer (lists refilled in place)
                    pending[:] = may_raise[:] = _EVERYONE[n]
                else:
                    for other in _CLOCKWISE[n][0]:
                        if status[other] == ACTIVE:
                            pending[other] = may_raise[other] = True
            pending[seat] = may_raise[seat] = False
            self._events.append((name, seat, paid, (), (), 0, all_in, bets[seat], owed, self._pot,
                                 self._phase_name, "", ""))
        elif kind is FOLD:
            if status[seat] == ACTIVE:
                self._with_chips -= 1
            status[seat] = FOLDED
            self._in_hand -= 1
            pending[seat] = False
            self._muck.extend(self._hands[seat])
            self._hands[seat] = ()
            self._record("fold", seat, owed=max(owed, 0))
            if self._phase is _DRAW_PHASE:  # the folder was already taken off the draw queue
                self._next_drawer()
                return
        else:  # ALL_IN
            stack = self._stacks[seat]
            self._pay(seat, stack, to_bets=True)
            pending[seat] = may_raise[seat] = False
            to = bets[seat]
            if to > self._current:
                # a short all-in: those who acted must answer the extra but may not raise again
                self._current = to
                for other in range(self.player_count):
                    if status[other] == ACTIVE and bets[other] < to:
                        pending[other] = True
            self._record("all_in", seat, stack, all_in=True, owed=owed, all_in_as=chosen.all_in_as or "call")
        # the next actor, or the end of the round or of the hand
        if self._in_hand == 1:
            self._finish_by_folds(self._last_contender())
            return
        after = self._after[seat]
        if self._with_chips > 1 or not self._all_in_ok:
            # _start_actor's search, written out here: it follows every betting action
            stacks, current = self._stacks, self._current
            for other in after:
                if pending[other]:
                    if status[other] == ACTIVE and (stacks[other] > 0 or bets[other] < current):
                        self._actor = other
                        return
                    pending[other] = False
            if self._phase is _BETTING_ONE:
                self._begin_draw()
            else:
                self._showdown()
        else:
            self._start_actor(after[0])

    def _last_contender(self) -> int:
        """The one seat still in the hand (active or all-in), once every other seat has folded or is out."""
        return next(seat for seat, st in enumerate(self._status) if st == ACTIVE or st == ALL_IN)

    def _start_actor(self, start: int) -> None:
        """Find who acts next in this betting round, from ``start`` clockwise; end the round if nobody."""
        status, pending, bets, current = self._status, self._pending, self._bets, self._current
        with_chips = self._with_chips
        if with_chips > 1 or not self._all_in_ok:
            stacks = self._stacks
            for seat in _CLOCKWISE[self.player_count][start]:
                if pending[seat]:
                    if status[seat] == ACTIVE and (stacks[seat] > 0 or bets[seat] < current):
                        self._actor = seat
                        return
                    pending[seat] = False
        else:
            # at most one player can still bet: that player calls whatever is still owed (rule
            # book 002, decision 8: it is made for them, they get no turn) and betting is skipped
            if with_chips:
                only = status.index(ACTIVE)
                owed = current - bets[only]
                if owed > 0:
                    paid, all_in = self._pay(only, owed, to_bets=True)
                    self._record("call", only, paid, all_in=all_in, owed=owed, reason="automatic")
                pending[only] = False
            if self._events[-1][0] != "betting_skipped":  # the last record's kind
                self._record("betting_skipped")
        if self._phase is _BETTING_ONE:
            self._begin_draw()
        else:
            self._showdown()

    # ----- the draw ------------------------------------------------------------------------------

    def _begin_draw(self) -> None:
        self._phase, self._phase_name = _DRAW_PHASE, "draw"
        self._offers = self._phase_offers[1]
        self._events.append(("draw_begins", None, 0, (), (), 0, False, 0, 0, self._pot, "draw", "", ""))
        n = self.player_count
        clockwise = CLOCKWISE[n][(self.dealer + 1) % n]
        if self._in_hand == n:  # nobody folded or out: the whole table draws
            queue = list(clockwise)
        else:
            status = self._status
            queue = [seat for seat in clockwise if IN_HAND[status[seat]]]
        # as _next_drawer: two players at least are still in (one left ends the hand before the draw)
        self._actor = queue.pop(0)
        self._draw_queue = queue

    def _next_drawer(self) -> None:
        if self._in_hand == 1:
            self._finish_by_folds(self._last_contender())
        elif self._draw_queue:
            self._actor = self._draw_queue.pop(0)
        else:
            self._begin_second_round()

    def _do_draw(self, seat: int, discards: tuple[Card, ...], kept: tuple[Card, ...]) -> None:
        """Swap ``discards`` (checked by :meth:`apply`, which found the ``kept`` cards) for as many from
        the stock."""
        hands = self._hands
        count = len(discards)
        stock = self._stock
        if not count:
            received: tuple[Card, ...] = ()
        elif count <= len(stock):
            received = tuple(stock[-1:-count - 1:-1])  # popped one at a time: the top card first
            del stock[-count:]
        else:
            last = stock[::-1]
            stock.clear()
            # earlier discards and folded hands make a new stock; this player's discards stay out
            fresh = self._muck
            self._muck = []
            self._rng.shuffle(fresh)  # as ``[fresh[i] for i in rng.permutation(len(fresh))]``
            self._stock = stock = fresh
            self._record("reshuffle", count=len(fresh))
            received = tuple(last + [stock.pop() for _ in range(count - len(last))])
        if count:
            self._muck.extend(discards)
            hands[seat] = kept + received
        self._draw_counts[seat] = count
        self._events.append(("draw", seat, 0, tuple(discards), received, count, False, self._bets[seat], 0,
                             self._pot, self._phase_name, "", ""))
        if count > self.rules.max_discards:
            ace = next(card for card in kept if card.rank == 14)
            self._shown_aces[seat] = ace
            self._record("ace_shown", seat, cards=(ace,))
        # as _next_drawer, knowing that a draw leaves at least two players in
        queue = self._draw_queue
        if queue:
            self._actor = queue.pop(0)
        else:
            self._begin_second_round()

    def _begin_second_round(self) -> None:
        self._phase, self._phase_name = _BETTING_TWO, "betting_two"
        self._round = 1
        self._offers = self._phase_offers[2]
        self._events.append(("second_round_begins", None, 0, (), (), 0, False, 0, 0, self._pot,
                             "betting_two", "", ""))
        n = self.player_count
        self._bets[:] = _NO_BETS[n]  # the lists refilled in place, as a bet refills pending
        self._current = 0
        self._bet_count = 0
        if self._with_chips == n:
            self._pending[:] = self._may_raise[:] = _EVERYONE[n]
        else:
            self._pending = [st == ACTIVE for st in self._status]
            self._may_raise = list(self._pending)
        start = self.dealer + 1
        if self.rules.second_round_opener == "first_round_opener" and self._opener is not None:
            start = self._opener
        self._start_actor(start % n)

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
