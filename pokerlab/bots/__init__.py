"""Computer opponents of graded skill, levels 1 to 6.

A bot answers one question: given what my seat may see (the view) and what I may do (the legal
actions), what do I do? It gets nothing else: no hand state, no deck, no other seat's cards. The
:class:`~pokerlab.match.Match` is the only caller and passes only those two things.

>>> from pokerlab.draw import HandState, ladder
>>> state = HandState(ladder(), [500] * 5, dealer=0, rng=3)
>>> bot = make_bot(4, seed=1)
>>> action = bot.decide(state.view(state.actor), state.legal_actions())
>>> action.kind.value in {item.kind.value for item in state.legal_actions()}
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from pokerlab.bots.base import PolicyBot
from pokerlab.bots.draw_aware import DrawAware, ReadsDraws
from pokerlab.bots.rules import HandStrengthRules
from pokerlab.bots.shark import Shark
from pokerlab.bots.simple import CallingStation, LoosePassive
from pokerlab.draw import Action, LegalAction
from pokerlab.errors import PokerlabError


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action from a view. Bots may also offer ``observe(view)`` (called
    with the seat's view when each hand ends) and ``to_json()`` (needed to save a match)."""

    def decide(self, view: dict[str, Any], legal: Sequence[LegalAction]) -> Action: ...


class BotLevelError(PokerlabError):
    """A skill level that does not exist."""


_POLICIES: dict[int, type[PolicyBot]] = {
    1: LoosePassive, 2: CallingStation, 3: HandStrengthRules, 4: DrawAware, 5: ReadsDraws, 6: Shark,
}

BOT_LEVELS: dict[int, tuple[str, str]] = {
    1: ("Loose Lou", "Calls almost anything, rarely bets, and often draws carelessly."),
    2: ("Sticky Sam", "Draws by the book, but calls nearly every bet and only bets big hands."),
    3: ("Tight Tess", "Plays by hand-strength rules: bets good hands, folds weak ones, draws sensibly."),
    4: ("Counting Cal", "Knows the exact odds of every draw, works out its chance against everyone still in the pot (a bet means a strong hand, a check a weaker one), and calls or bets when that beats the pot odds."),
    5: ("Reader Rae", "Also reads how many cards each player drew, and bets or bluffs when the folds it expects plus the showdowns pay, whether one player or four are left."),
    6: ("Shark Shay", "Starts every match knowing how players of each style tend to bet, works out within a few hands which style each opponent plays (who calls everything, who folds to a bet, whose bets mean a strong hand), then bluffs the ones who fold, bets into the ones who call too much, and pays off only bets that can be beaten."),
}
"""Per level: a name and a one-line description for the lobby."""


def make_bot(level: int, seed: int) -> PolicyBot:
    """A computer opponent of skill ``level`` (1 to 6) whose every choice follows from ``seed``."""
    if level not in _POLICIES:
        raise BotLevelError(f"There is no bot level {level!r}; choose 1 to {max(_POLICIES)}.")
    return _POLICIES[level](seed)


def bot_from_json(data: dict[str, Any]) -> PolicyBot:
    """A bot saved with ``to_json()``, with its generator and memory as they were."""
    bot = make_bot(int(data["level"]), int(data["seed"]))
    bot.restore(data)
    return bot


__all__ = ["BOT_LEVELS", "Bot", "BotLevelError", "PolicyBot", "bot_from_json", "make_bot"]
