"""Random legal play, for property tests and benchmarks."""

from __future__ import annotations

import numpy as np

from pokerlab.draw.actions import Action, ActionKind
from pokerlab.draw.state import HandState

_DRAW, _ALL_IN = ActionKind.DRAW, ActionKind.ALL_IN
_WITHOUT_AMOUNT = {ActionKind.FOLD: Action.fold(), ActionKind.CHECK: Action.check(), ActionKind.CALL: Action.call()}


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
        return Action(kind, choice.min_to)  # type: ignore[arg-type]
    steps = (choice.max_to - choice.min_to) // choice.step  # type: ignore[operator]
    return Action(kind, choice.min_to + choice.step * int(rng.random() * (steps + 1)))  # type: ignore[operator]
