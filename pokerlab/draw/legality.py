"""What the player to act may do, and why anything else is refused: :class:`Legality`, a part of
:class:`~pokerlab.draw.state.HandState` (see :mod:`pokerlab.draw.internals`).

:meth:`Legality.legal_actions` and :meth:`Legality._refusal` read the same checks (``_raise_blocker``,
``_draw_problem``), so a button the table offers and the error the engine raises can never disagree.
The offers are worked out once per decision and kept until the next action.

The offers are frozen values shared between hands, and so are the tuples of them: a state looks its
betting offers up by what they depend on (:func:`offer_entry`) instead of building them at every
decision, which was the engine's largest cost (``benchmarks/bench_engine.py``).
"""

from __future__ import annotations

from typing import Any

from pokerlab.draw.actions import Action, ActionKind, LegalAction
from pokerlab.draw.errors import IllegalActionError
from pokerlab.draw.internals import ACTIVE, HandInternals
from pokerlab.draw.rules import Rules

FOLD, CHECK, CALL, BET, RAISE, ALLIN, DRAW = (
    ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
    ActionKind.ALL_IN, ActionKind.DRAW,
)
_FOLD_OFFER = LegalAction(FOLD)
_FOLD_FREE_OFFER = LegalAction(FOLD, free_fold=True)
_CHECK_OFFER = LegalAction(CHECK)
_OFFERS: dict[tuple[Any, ...], LegalAction] = {}
_OFFERS_LIMIT = 50_000
Offers = tuple[tuple[LegalAction, ...], dict[ActionKind, LegalAction]]
"""The offers to the actor and the same offers by kind (at most one of each kind): what the tables
keep and a hand caches for the decision. :meth:`HandState.apply` finds the offer an action takes up
in the dict, one lookup, instead of a Python loop over the offers at every action."""
NO_OFFERS: Offers = ((), {})
"""The hand is over: nothing is offered."""
_DRAW_OFFERS: dict[tuple[int, bool], Offers] = {}


def _by_kind(offers: tuple[LegalAction, ...]) -> Offers:
    """``offers`` with the dict of them by kind."""
    kinds: dict[ActionKind, LegalAction] = {}
    for offer in offers:
        kinds.setdefault(offer.kind, offer)
    return offers, kinds


def _offer(kind: ActionKind, min_to: int | None, max_to: int | None, step: int, call_amount: int,
           chips: int = 0, all_in_as: str | None = None) -> LegalAction:
    """The shared LegalAction for a call, a bet/raise, or an all-in pushing ``chips``."""
    key = (kind, min_to, max_to, step, call_amount, chips, all_in_as)
    offer = _OFFERS.get(key)
    if offer is None:
        offer = LegalAction(kind, min_to, max_to, step, call_amount, chips=chips, all_in_as=all_in_as)
        if len(_OFFERS) >= _OFFERS_LIMIT:
            _OFFERS.clear()
        _OFFERS[key] = offer
    return offer


def _draw_offers(most: int, holds_ace: bool) -> Offers:
    """Fold, or draw up to ``most`` (one more while keeping an ace, when ace draw is on and the
    drawer ``holds_ace``)."""
    key = (most, holds_ace)
    offers = _DRAW_OFFERS.get(key)
    if offers is None:
        draw = LegalAction(DRAW, max_discards=most + 1, ace_extra=True) if holds_ace else LegalAction(DRAW, max_discards=most)
        offers = _DRAW_OFFERS[key] = _by_kind((_FOLD_OFFER, draw))
    return offers


_OfferTable = dict[tuple[int, int, int, bool], Offers]
RoundOffers = tuple[_OfferTable, int, int, int]
"""One betting round's shared offers under a rules object: the table, the rules' raise cap, the
round's largest raise and the round's number (what :meth:`Legality.legal_actions` reads at every decision)."""
PhaseOffers = tuple[RoundOffers, Offers, RoundOffers]
"""The shared offers of a hand's three phases under a rules object: the first betting round's, the
draw's to a hand without an ace (what every drawer is offered unless ace draw lets it take one more)
and the second betting round's. A hand keeps the current phase's as ``_offers``."""
_OFFER_TABLES: dict[int, tuple[Rules, PhaseOffers]] = {}
"""Per rules object (by id, with the object kept so the id stays its own): the offers already worked
out for each phase, shared by every hand under those rules."""


def offer_entry(rules: Rules) -> PhaseOffers:
    """``rules``' shared offers for each phase (made on first use). Each betting round's table is keyed
    by what the offers depend on in that round: the seat's bet, the bet to match, its stack (-1 when it
    covers the round's largest raise), and whether ``Legality._raise_blocker`` lets it raise."""
    entry = _OFFER_TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_OFFER_TABLES) >= 64:
            _OFFER_TABLES.clear()
        first, second = (({}, rules.bet_cap, high, number) for number, (_, high) in enumerate(rules.limits))
        entry = _OFFER_TABLES[id(rules)] = (rules, (first, _draw_offers(rules.max_discards, False), second))
    return entry[1]


def _betting_offers(rules: Rules, bet: int, current: int, stack: int, round_: int,
                    may_raise: bool) -> tuple[LegalAction, ...]:
    """The offers to a seat with ``bet`` in front of it and ``stack`` behind, facing ``current``."""
    owed = current - bet
    options = [_FOLD_OFFER if owed else _FOLD_FREE_OFFER]
    if owed <= 0:
        options.append(_CHECK_OFFER)
    elif stack >= owed:
        options.append(_offer(CALL, None, None, 1, owed))
    elif rules.all_in_allowed:
        cover = bet + stack
        options.append(_offer(ALLIN, cover, cover, 1, stack, stack, "call"))
    if stack > owed and may_raise:
        low, high = rules.limits[round_]
        step = rules.step
        cover = bet + stack
        min_to = current + low
        call = owed if owed > 0 else 0
        if cover >= min_to:
            max_to = current + high if current + high < cover else cover
            max_to -= (max_to - min_to) % step
            options.append(_offer(BET if current == 0 else RAISE, min_to, max_to, step, call))
        elif rules.all_in_allowed:
            options.append(_offer(ALLIN, cover, cover, 1, call, stack, "raise"))
    return tuple(options)


class Legality(HandInternals):
    """The actor's legal actions and the refusal of anything else: the part of a hand that decides
    what is allowed, from its fields (:mod:`pokerlab.draw.internals`), changing none but the cache."""

    __slots__ = ()

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the actor may do now (empty when the hand is over). Worked out once per decision and kept
        (with the offers by kind, :data:`Offers`) until the next action."""
        offers = self._legal_cache
        if offers is not None:
            return offers[0]
        seat = self._actor
        rules = self.rules
        if seat is None:
            offers = NO_OFFERS
        elif self._phase_name == "draw":
            if rules.ace_draw and any(card.rank == 14 for card in self._hands[seat]):
                offers = _draw_offers(rules.max_discards, True)
            else:  # the usual case, without a call: the draw's offers, kept by the hand (offer_entry)
                offers = self._offers
        else:
            table, cap, high, round_ = self._offers  # this round's
            bet = self._bets[seat]
            current = self._current
            stack = self._stacks[seat]
            # what the offers depend on besides the chips: whether _raise_blocker lets this seat raise (the
            # actor of a betting round is active, so someone else can answer when two seats have chips)
            may_raise = self._bet_count < cap and self._may_raise[seat] and self._with_chips > 1
            # a stack that covers the largest raise gives the same offers whatever its size
            key = (bet, current, -1 if bet + stack >= current + high else stack, may_raise)
            offers = table.get(key)
            if offers is None:
                if len(table) >= _OFFERS_LIMIT:
                    table.clear()
                offers = table[key] = _by_kind(_betting_offers(rules, bet, current, stack, round_, may_raise))
        self._legal_cache = offers
        return offers[0]

    def _raise_blocker(self, seat: int) -> tuple[str, dict[str, Any]] | None:
        """Why ``seat`` may not bet or raise now, as (refusal code, details); None: it may, if it can
        cover the amount."""
        if self._bet_count >= self.rules.bet_cap:
            return "cap_reached", {"cap": self.rules.bet_cap}
        if not self._may_raise[seat]:
            return "already_acted", {}
        # someone else must be able to answer: an active player (with all-in allowed, active means they
        # still have chips; in Saloon Draw a player at 0 is active and answers by folding)
        if self._with_chips - (self._status[seat] == ACTIVE) > 0:
            return None
        return "nobody_to_answer", {}

    def _raising_open(self) -> bool:
        """Whether anyone at all could still bet or raise in this betting round."""
        if self._bet_count >= self.rules.bet_cap:
            return False
        return self._with_chips >= 2

    def _draw_problem(self, action: Action) -> tuple[str, dict[str, Any]] | None:
        """What is wrong with a draw, as (refusal code, details); None when it is legal."""
        discards = action.discards
        if not discards:
            return None  # standing pat
        hand = self._hands[self._actor]  # type: ignore[index]
        chosen = set(discards)
        if len(chosen) != len(discards):
            return "duplicate_discard", {}
        if not chosen.issubset(hand):  # by identity, in a set (in a tuple each miss is a Python-level comparison)
            return "not_in_hand", {"cards": [card for card in discards if card not in hand]}
        most = self.rules.max_discards
        if len(discards) <= most:
            return None
        if self.rules.ace_draw and len(discards) == most + 1:
            if any(card.rank == 14 and card not in discards for card in hand):
                return None
            return "ace_needed", {"most": most}
        return "too_many_discards", {"most": most}

    def _refusal(self, action: Action, legal: tuple[LegalAction, ...]) -> IllegalActionError:
        """The error for an action not among ``legal``: what was wrong, with what is legal."""
        seat = self._actor
        kind = action.kind
        if seat is None:
            return IllegalActionError("hand_over", None, action)

        def refuse(code: str, **details: Any) -> IllegalActionError:
            return IllegalActionError(code, seat, action, legal, details)

        matching = [item for item in legal if item.kind is kind]
        if matching:
            item = matching[0]
            if kind is DRAW:
                code, details = self._draw_problem(action)  # type: ignore[misc]
                return refuse(code, **details)
            if kind in (FOLD, CHECK, CALL):
                return refuse("takes_no_amount")
            return refuse("wrong_amount", min_to=item.min_to, max_to=item.max_to, step=item.step)
        owed = self._current - self._bets[seat]
        variant = self.rules.name
        if self._phase_name == "draw":
            return refuse("betting_in_draw")
        if kind is DRAW:
            return refuse("draw_in_betting")
        if kind is CHECK:
            return refuse("check_owed", owed=owed)
        if kind is CALL:
            return refuse("call_nothing_owed") if owed <= 0 else refuse("call_cannot_cover", owed=owed, variant=variant)
        if kind is BET and self._current:
            return refuse("bet_live")
        if kind is RAISE and not self._current:
            return refuse("raise_nothing_bet")
        if kind is ALLIN and not self._all_in_ok:
            return refuse("no_all_in", variant=variant)
        if kind is ALLIN:
            return refuse("all_in_can_cover")
        blocker = self._raise_blocker(seat)
        if blocker is not None:
            return refuse(blocker[0], **blocker[1])
        return refuse("cannot_cover_raise")
