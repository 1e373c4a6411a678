"""The list of poker variants pokerlab plays: one entry names a variant's code, name, rules preset, app,
notebook and opponents, so the next variant is one entry here (as python-chess's ``find_variant``).

The codes are stored (a kept hand's game, a game in progress, a save's kind, a live table's game, a
settlement's app, a class game's variant), so an entry's code never changes.

**Where it sits.** Just above the engines in the import-linter layers (pyproject.toml): it imports the
presets from :mod:`pokerlab.draw.rules` and nothing higher, so the match, the ladder, narration,
classroom, the dealer and the apps may all read codes, names and presets from it. An entry names its
app by dotted path (``pokerlab.widgets.apps.SaloonApp``) rather than by import, since the app sits in
the top layer; :meth:`Variant.app_class` imports it when a caller wants the class itself.

Four Rows is not listed: it is a solitaire on its own engine (:mod:`pokerlab.rows`), with no
:class:`~pokerlab.draw.Rules` preset and no opponents.

>>> find_variant("saloon-draw").name, find_variant("saloon-draw").dollars
('Saloon Draw', True)
>>> find_class_game("five-card-draw-blinds").rules(player_count=3).forced_bet
'blinds'
>>> find_variant("omaha")
Traceback (most recent call last):
...
pokerlab.variants.VariantError: There is no variant 'omaha'; the variants are five-card-draw, saloon-draw, ladder.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from pokerlab.draw.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, five_card_draw, ladder, saloon_draw
from pokerlab.errors import PokerlabError, quoted
from pokerlab.language import N_


class VariantError(PokerlabError, KeyError):
    """A code that names no variant (or no class game); the message lists the codes there are."""

    def __str__(self) -> str:  # a KeyError would print its message quoted
        return str(self.args[0])


@dataclass(frozen=True)
class Variant:
    """One poker variant. ``name`` is English (a catalogue message: translate it with ``gettext``);
    ``rules`` is the preset that makes its :class:`~pokerlab.draw.Rules`; ``opponents``: how many
    computer opponents its table seats; ``dollars``: amounts are money; ``live``: the dealer's live
    tables offer it."""

    code: str
    name: str
    rules: Callable[..., Rules]
    app: str
    notebook: str
    opponents: range
    dollars: bool = False
    live: bool = False

    @property
    def fixed_seats(self) -> bool:
        """Its table always seats the same number (its preset takes no ``player_count``)."""
        return len(self.opponents) == 1

    def app_class(self) -> type:
        """The app's class, imported now (it sits in the top layer)."""
        module, _, name = self.app.rpartition(".")
        return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class ClassGameKind:
    """A variant as a class game offers it: its own code and name for the teacher, and the preset's
    options (Five-Card Draw comes twice, with antes and with blinds)."""

    code: str
    name: str
    variant: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def rules(self, player_count: int) -> Rules:
        """The engine's rules for a class game of ``player_count`` players (the ladder's seats are fixed)."""
        variant = find_variant(self.variant)
        seats = {} if variant.fixed_seats else {"player_count": player_count}
        return variant.rules(**seats, **self.options)


_ANY_TABLE: Final = range(MIN_PLAYERS - 1, MAX_PLAYERS)

FIVE_CARD_DRAW: Final = Variant("five-card-draw", N_("Five-Card Draw"), five_card_draw,
                                "pokerlab.widgets.apps.FiveCardDrawApp", "05-five-card-draw.ipynb", _ANY_TABLE,
                                live=True)
SALOON_DRAW: Final = Variant("saloon-draw", N_("Saloon Draw"), saloon_draw, "pokerlab.widgets.apps.SaloonApp",
                             "06-saloon-draw.ipynb", _ANY_TABLE, dollars=True, live=True)
TOURNAMENT_LADDER: Final = Variant("ladder", N_("Tournament Ladder"), ladder, "pokerlab.widgets.apps.LadderApp",
                                   "08-tournament-ladder.ipynb", range(4, 5))

VARIANTS: Final = (FIVE_CARD_DRAW, SALOON_DRAW, TOURNAMENT_LADDER)
"""Every variant, in the order lobbies and refusals list them."""

CLASS_GAMES: Final = (
    ClassGameKind("five-card-draw-antes", N_("Five-Card Draw with antes"), FIVE_CARD_DRAW.code, {"forced_bet": "antes"}),
    ClassGameKind("five-card-draw-blinds", N_("Five-Card Draw with blinds"), FIVE_CARD_DRAW.code,
                  {"forced_bet": "blinds"}),
    ClassGameKind("saloon-draw", N_("Saloon Draw"), SALOON_DRAW.code),
    ClassGameKind("ladder", N_("Tournament Ladder rules"), TOURNAMENT_LADDER.code),
)
"""The variants a class game can use, in the order the teacher's board offers them."""


def _find(code: str, entries: tuple[Any, ...], what: str) -> Any:
    for entry in entries:
        if entry.code == code:
            return entry
    known = ", ".join(entry.code for entry in entries)
    raise VariantError(f"There is no {what} {quoted(code)}; the {what}s are {known}.")


def find_variant(code: str) -> Variant:
    """The variant whose code is ``code``; a :class:`VariantError` listing the codes otherwise."""
    return _find(code, VARIANTS, "variant")  # type: ignore[no-any-return]


def find_class_game(code: str) -> ClassGameKind:
    """The class-game variant whose code is ``code``; a :class:`VariantError` listing the codes otherwise."""
    return _find(code, CLASS_GAMES, "class-game variant")  # type: ignore[no-any-return]


__all__ = ["CLASS_GAMES", "FIVE_CARD_DRAW", "SALOON_DRAW", "TOURNAMENT_LADDER", "VARIANTS", "ClassGameKind",
           "Variant", "VariantError", "find_class_game", "find_variant"]
