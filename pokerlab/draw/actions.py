"""What a player can do: :class:`Action` (a choice) and :class:`LegalAction` (an offered choice).

Amounts are always *totals for the current betting round* ("raise to"): if you have 10 in front of
you and raise to 30, you add 20 chips. CALL and CHECK carry no amount; ALL_IN's amount is the total
you reach by pushing every chip (it may be omitted: the engine knows your stack).

>>> Action.raise_to(40).to_json()
{'kind': 'raise', 'amount': 40}
>>> Action.from_json({'kind': 'draw', 'discards': ['As', '2c']}) == Action.draw(parse_cards('As 2c'))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pokerlab import english
from pokerlab.cards import Card, parse_cards


class ActionKind(str, Enum):
    """The kinds of action. DRAW with no discards is standing pat."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"
    DRAW = "draw"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One player's choice. ``amount`` is the round total for BET/RAISE/ALL_IN ("raise to")."""

    kind: ActionKind
    amount: int | None = None
    discards: tuple[Card, ...] = ()

    @classmethod
    def fold(cls) -> Action:
        return _FOLD

    @classmethod
    def check(cls) -> Action:
        return _CHECK

    @classmethod
    def call(cls) -> Action:
        return _CALL

    @classmethod
    def bet(cls, to: int) -> Action:
        """Bet so that your total this round is ``to``."""
        return cls(ActionKind.BET, to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        """Raise so that your total this round is ``to``."""
        return cls(ActionKind.RAISE, to)

    @classmethod
    def all_in(cls, to: int | None = None) -> Action:
        """Push every chip you have (``to`` optional: the round total that makes)."""
        return cls(ActionKind.ALL_IN, to)

    @classmethod
    def draw(cls, cards: Iterable[Card] | str) -> Action:
        """Discard these cards and take as many new ones."""
        return cls(ActionKind.DRAW, None, tuple(parse_cards(cards)))

    @classmethod
    def stand_pat(cls) -> Action:
        return _STAND_PAT

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.kind is ActionKind.DRAW:
            data["discards"] = [str(card) for card in self.discards]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        try:
            kind = ActionKind(data["kind"])
        except (KeyError, ValueError, TypeError):
            raise ValueError(
                f"Not an action: {data!r}; the kind must be one of {[k.value for k in ActionKind]}."
            ) from None
        amount = data.get("amount")
        if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
            raise ValueError(f"Action amount must be a whole number of chips, got {amount!r}.")
        return cls(kind, amount, tuple(parse_cards(data.get("discards", ()))))

    def __str__(self) -> str:
        if self.kind is ActionKind.DRAW:
            return f"draw {' '.join(map(str, self.discards))}" if self.discards else "stand pat"
        return f"{self.kind.value} {self.amount}" if self.amount is not None else self.kind.value


_SET_KIND, _SET_AMOUNT, _SET_DISCARDS = (Action.__dict__[name].__set__ for name in ("kind", "amount", "discards"))


def _init_action(self: Action, kind: ActionKind, amount: int | None = None, discards: tuple[Card, ...] = ()) -> None:
    # Players, bots and simulations build an Action for nearly every move: writing the three slots
    # through their descriptors is about twice as quick as the generated frozen __init__ (which calls
    # object.__setattr__ per field). Assigning the slots stays impossible from outside (frozen).
    _SET_KIND(self, kind)
    _SET_AMOUNT(self, amount)
    _SET_DISCARDS(self, discards)


_init_action.__qualname__ = "Action.__init__"
Action.__init__ = _init_action  # type: ignore[method-assign]

_FOLD = Action(ActionKind.FOLD)
_CHECK = Action(ActionKind.CHECK)
_CALL = Action(ActionKind.CALL)
_STAND_PAT = Action(ActionKind.DRAW)


@dataclass(frozen=True, slots=True)
class LegalAction:
    """An action the current player may take, with its limits.

    ``min_to``/``max_to``: allowed round totals for BET/RAISE/ALL_IN (equal in fixed limit; None for
    actions without an amount), ``step`` the increment between them, ``call_amount`` the chips a CALL
    (or an all-in that only calls) adds, ``chips`` the chips an ALL_IN adds, ``max_discards`` for DRAW, ``all_in_as`` for ALL_IN: ``"call"``
    when pushing every chip does not exceed the bet to match (a call for less, or exactly), ``"raise"``
    when it goes over it; ``free_fold`` marks a FOLD offered while checking costs nothing (the table may
    warn). No words: :func:`pokerlab.narration.action_label` writes the button's text for a voice
    ("Call 10", "Llamar $10"), :func:`pokerlab.narration.fold_warning` the free fold's note.
    """

    kind: ActionKind
    min_to: int | None = None
    max_to: int | None = None
    step: int = 1
    call_amount: int = 0
    max_discards: int = 0
    chips: int = 0
    """ALL_IN only: the chips pushing every chip adds (the player's whole stack)."""
    all_in_as: str | None = None
    free_fold: bool = False
    ace_extra: bool = False
    """DRAW only: ``max_discards`` includes one extra card allowed while an ace stays (ace draw)."""

    @property
    def label(self) -> str:
        """The button text in English chips, e.g. ``"Raise to 20"`` (:mod:`pokerlab.english`)."""
        return english.writer("LegalAction.label")(self)

    @property
    def warning(self) -> str | None:
        """The free fold's note in English, or None (:mod:`pokerlab.english`)."""
        return english.writer("LegalAction.warning")(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value, "min_to": self.min_to, "max_to": self.max_to,
            "step": self.step, "call_amount": self.call_amount, "max_discards": self.max_discards, "chips": self.chips,
            "all_in_as": self.all_in_as, "free_fold": self.free_fold, "ace_extra": self.ace_extra,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LegalAction:
        """The offer back from :meth:`to_json` (a ``label`` that an older view carried is not read)."""
        return cls(
            ActionKind(data["kind"]), data.get("min_to"), data.get("max_to"), data.get("step", 1),
            data.get("call_amount", 0), data.get("max_discards", 0), data.get("chips", 0), data.get("all_in_as"),
            data.get("free_fold", False), data.get("ace_extra", False),
        )
