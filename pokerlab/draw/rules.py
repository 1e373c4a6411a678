"""Table rules as frozen values, and the presets for the three draw-poker variants.

One engine plays every variant; a :class:`Rules` value says how a hand differs:

* forced bet: ``"antes"`` (every live player posts ``ante``; it is not a bet) or ``"blinds"``
  (``small_blind`` and ``big_blind``; the big blind opens the first round);
* betting: ``limits[round] = (min, max)`` — a bet or raise is between ``min`` and ``max`` on top of
  the bet it answers, in multiples of ``step``. Fixed limit is simply ``min == max``;
* ``bet_cap``: bets plus raises allowed per round (4 = a bet and three raises; a big blind does not
  count, so four raises are allowed over it);
* ``all_in_allowed``: 002 lets a short stack go all-in (side pots); 003 makes a player who cannot
  cover a call fold, and limits bets and raises to what the player can cover;
* ``max_discards`` and ``ace_draw`` (one more discard while an ace stays in hand, shown to all);
* ``second_round_opener``: ``"left_of_dealer"`` (002, 004) or ``"first_round_opener"`` (003).

House interpretations (where the rule books leave room; each has a test in ``tests/draw``):

1. *"If at most one player who still has chips is left, that player calls anything still owed and
   the betting is skipped"* (002, decision 8): the call is made for that player (a ``call`` event with
   reason ``"automatic"``); they get no turn, so no fold and no raise.
2. Folding is allowed during the draw too (decision 7), and a player who folds after drawing keeps
   their draw count public.
3. After a short all-in, a full raise is one limit on top of the highest bet, all-in included; several
   short all-ins never add up to a full raise, so they never reopen raising for those who acted.
4. Saloon Draw (no all-in): a seat that cannot pay the ante sits the hand out. A player left with
   exactly 0 after the ante or a call stays in, is skipped while nothing is owed and must fold to any
   later bet ("if you don't have enough money to continue betting, you must fold"). A bet or raise is
   limited to what the player can cover.
5. Saloon Draw: if the first round's opener has folded, the second round starts with the next player
   still in clockwise from the opener's seat.
6. While a hand is in progress, players with chips are eligible for every pot (they may still match
   it); only all-in amounts cut the pot into layers.
7. *"An all-in player wins from each opponent only up to what they put in"* holds when the others
   fold too (they may fold with nothing owed, or in the draw): chips that only folded players put in
   go to the last of them to fold, as an uncontested side pot would, not to the all-in player.
8. The big blind's option: the big blind has not acted by posting, so after everyone only called
   (the small blind completing included) it may check or raise; a short all-in never takes it away.

>>> five_card_draw(player_count=6).limits
((10, 10), (20, 20))
>>> saloon_draw(round_one=(25, 50)).limits
((25, 50), (5, 25))
>>> ladder().max_discards
4
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from pokerlab.draw.errors import RulesError

ForcedBet = Literal["antes", "blinds"]
SecondRoundOpener = Literal["left_of_dealer", "first_round_opener"]

MIN_PLAYERS = 2
MAX_PLAYERS = 8


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the engine needs to know about a variant. Build one with a preset."""

    name: str
    player_count: int
    forced_bet: ForcedBet = "antes"
    ante: int = 5
    small_blind: int = 5
    big_blind: int = 10
    limits: tuple[tuple[int, int], tuple[int, int]] = ((10, 10), (20, 20))
    step: int = 1
    bet_cap: int = 4
    all_in_allowed: bool = True
    max_discards: int = 3
    ace_draw: bool = False
    second_round_opener: SecondRoundOpener = "left_of_dealer"

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.player_count <= MAX_PLAYERS:
            raise RulesError(
                f"{self.name} seats {MIN_PLAYERS} to {MAX_PLAYERS} players; {self.player_count!r} is not allowed."
            )
        if self.forced_bet not in ("antes", "blinds"):
            raise RulesError(f"Forced bet {self.forced_bet!r} is not offered: choose 'antes' or 'blinds'.")
        if self.forced_bet == "blinds" and not self.all_in_allowed:
            raise RulesError("Blinds need all-in to be allowed (a short blind is all-in).")
        if self.second_round_opener not in ("left_of_dealer", "first_round_opener"):
            raise RulesError(
                f"Second round opener {self.second_round_opener!r} is not offered: "
                "choose 'left_of_dealer' or 'first_round_opener'."
            )
        for low, high in self.limits:
            if not 0 < low <= high or low % self.step or high % self.step:
                raise RulesError(
                    f"Betting limits {self.limits!r} must be positive (min <= max) multiples of {self.step}."
                )
        if self.bet_cap < 1 or not 1 <= self.max_discards <= 5:
            raise RulesError("The raise cap must be at least 1 and the discard limit 1 to 5.")
        if min(self.ante, self.small_blind, self.big_blind) < 0:
            raise RulesError("Forced bets cannot be negative.")

    @property
    def fixed_limit(self) -> bool:
        """True when every bet and raise is exactly one amount per round."""
        return all(low == high for low, high in self.limits)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict; :meth:`from_dict` is its inverse."""
        data = asdict(self)
        data["limits"] = [list(pair) for pair in self.limits]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        values = dict(data)
        values["limits"] = tuple(tuple(pair) for pair in values["limits"])
        return cls(**values)


def five_card_draw(
    player_count: int = 6,
    forced_bet: ForcedBet = "antes",
    ante: int = 5,
    small_blind: int = 5,
    big_blind: int = 10,
    small_bet: int = 10,
    big_bet: int = 20,
    ace_draw: bool = False,
) -> Rules:
    """Rule book 002: fixed limit, antes or blinds, a bet and three raises, all-in with side pots."""
    return Rules(
        name="Five-Card Draw", player_count=player_count, forced_bet=forced_bet, ante=ante,
        small_blind=small_blind, big_blind=big_blind, limits=((small_bet, small_bet), (big_bet, big_bet)),
        ace_draw=ace_draw,
    )


SALOON_ANTES = (5, 25, 50)
SALOON_ROUND_ONE = ((5, 15), (5, 25), (25, 50))
SALOON_ROUND_TWO = ((5, 25), (5, 50), (25, 100))


def _pick(what: str, value: Any, allowed: tuple[Any, ...]) -> Any:
    normal = tuple(value) if isinstance(value, (list, tuple)) else value
    if normal not in allowed:
        choices = ", ".join(f"${a[0]}-${a[1]}" if isinstance(a, tuple) else f"${a}" for a in allowed)
        raise RulesError(f"Saloon Draw does not offer {what} {value!r}; choose one of: {choices}.")
    return normal


def saloon_draw(
    player_count: int = 5,
    ante: int = 5,
    round_one: tuple[int, int] = (5, 15),
    round_two: tuple[int, int] = (5, 25),
) -> Rules:
    """Rule book 003: spread limit in $5 steps, antes, no all-in, the first round's opener opens the
    second round. Only the table options the rule book lists are accepted.

    >>> saloon_draw(ante=10)
    Traceback (most recent call last):
    ...
    pokerlab.draw.errors.RulesError: Saloon Draw does not offer ante 10; choose one of: $5, $25, $50.
    """
    return Rules(
        name="Saloon Draw", player_count=player_count, forced_bet="antes",
        ante=_pick("ante", ante, SALOON_ANTES),
        limits=(_pick("round one limits", round_one, SALOON_ROUND_ONE),
                _pick("round two limits", round_two, SALOON_ROUND_TWO)),
        step=5, all_in_allowed=False, second_round_opener="first_round_opener",
    )


def ladder(ante: int = 5, small_bet: int = 10, big_bet: int = 20) -> Rules:
    """Rule book 004: five seats, ante, fixed limit with double bets after the draw, discard up to four."""
    return Rules(
        name="Tournament Ladder", player_count=5, forced_bet="antes", ante=ante,
        limits=((small_bet, small_bet), (big_bet, big_bet)), max_discards=4,
    )
