"""The draw-poker engine: one hand state machine, variants as frozen rules presets.

>>> from pokerlab.draw import HandState, ladder, random_legal_action
>>> import numpy as np
>>> state = HandState(ladder(), stacks=[500] * 5, dealer=0, rng=1)
>>> rng = np.random.default_rng(2)
>>> while not state.is_over:
...     state.apply(random_legal_action(state, rng))
>>> sum(state.stacks)
2500
"""

from pokerlab import english
from pokerlab.draw.actions import Action, ActionKind, LegalAction
from pokerlab.draw.errors import HistoryError, IllegalActionError, RulesError
from pokerlab.draw.events import Event
from pokerlab.draw.pots import Pot, build_pots, pot_name, settle_pots, split_pot
from pokerlab.draw.random_play import random_legal_action
from pokerlab.draw.results import HandResult, PotAward
from pokerlab.draw.rules import Rules, five_card_draw, ladder, saloon_draw
from pokerlab.draw.state import HandState, Phase

__all__ = [
    "Action", "ActionKind", "Event", "HandResult", "HandState", "HistoryError", "IllegalActionError",
    "LegalAction", "Phase", "Pot", "PotAward", "Rules", "RulesError", "build_pots",
    "five_card_draw", "ladder", "pot_name", "random_legal_action", "saloon_draw", "settle_pots", "split_pot",
]


def __getattr__(name: str) -> object:
    # ``pokerlab.draw.describe`` moved to :mod:`pokerlab.narration`; the old name keeps working
    # (narration registers it: see :mod:`pokerlab.english`).
    if name == "describe":
        return english.writer("pokerlab.draw.describe")
    raise AttributeError(f"module 'pokerlab.draw' has no attribute {name!r}")
