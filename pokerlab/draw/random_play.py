"""Random legal play, for property tests and benchmarks."""

from __future__ import annotations

import numpy as np

from pokerlab.draw.actions import Action, ActionKind
from pokerlab.draw.state import HandState

_DRAW, _BET, _RAISE, _ALL_IN = ActionKind.DRAW, ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN
_WITHOUT_AMOUNT = {ActionKind.FOLD: Action.fold(), ActionKind.CHECK: Action.check(), ActionKind.CALL: Action.call()}
_WITH_AMOUNT: dict[tuple[ActionKind, int], Action] = {}  # actions are frozen values: build each once


def _with_amount(kind: ActionKind, amount: int) -> Action:
    action = _WITH_AMOUNT.get((kind, amount))
    if action is None:
        if len(_WITH_AMOUNT) >= 50_000:
            _WITH_AMOUNT.clear()
        action = _WITH_AMOUNT[kind, amount] = Action(kind, amount)
    return action


def random_legal_action(state: HandState, rng: np.random.Generator) -> Action:
    """A uniformly chosen legal kind; a random amount in its range (on its step); for a draw, a
    random number of discards up to the limit (a discard beyond the normal limit keeps an ace)."""
    legal = state.legal_actions()
    choice = legal[int(rng.random() * len(legal))]
    kind = choice.kind
    simple = _WITHOUT_AMOUNT.get(kind)
    if simple is not None:
        return simple
    if kind is _DRAW:
        hand = list(state.cards(state.actor))  # type: ignore[arg-type]
        count = int(rng.random() * (choice.max_discards + 1))
        if count > state.rules.max_discards:
            ace = next(card for card in hand if card.rank == 14)
            hand.remove(ace)
        order = rng.permutation(len(hand)).tolist()
        return Action(kind, None, tuple(hand[i] for i in order[:count]))
    if kind is _ALL_IN:
        return _with_amount(kind, choice.min_to)  # type: ignore[arg-type]
    steps = (choice.max_to - choice.min_to) // choice.step  # type: ignore[operator]
    return _with_amount(kind, choice.min_to + choice.step * int(rng.random() * (steps + 1)))  # type: ignore[operator]
