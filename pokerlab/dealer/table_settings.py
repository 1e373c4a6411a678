"""What a live table is opened with: its join code (:func:`new_code`, :func:`normalize_code`), its
settings as a learner or teacher chose them and as they are kept (:class:`TableSettings`), and the
refusal of a table request (:class:`TableError`)."""

from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass
from typing import Any, Final

from pokerlab.bots import BOT_LEVELS
from pokerlab.dealer.words import Refusal
from pokerlab.draw.rules import MAX_PLAYERS, MIN_PLAYERS, SALOON_ANTES, SALOON_ROUND_ONE, SALOON_ROUND_TWO, Rules
from pokerlab.errors import quoted
from pokerlab.match import SALOON_OUT_BELOW
from pokerlab.variants import FIVE_CARD_DRAW, SALOON_DRAW, VARIANTS, find_variant

GAMES: Final = {variant.code: variant.name for variant in VARIANTS if variant.live}
"""The games a live table plays (:mod:`pokerlab.variants`): code, English name."""
TIMES_TO_ACT: Final = (15, 30, 60, 120)
STARTING_STACK: Final = 500
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6

class TableError(Refusal):
    """A table request that cannot be met: a code of :data:`~pokerlab.dealer.words.REFUSALS` with
    its values, said in words the learner or teacher can act on."""


def new_code() -> str:
    """A short join code of letters and digits that cannot be mistaken for one another."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: object) -> str:
    code = "".join(str(text).split()).upper()[:20]
    if len(code) != CODE_LENGTH or any(letter not in CODE_ALPHABET for letter in code):
        raise TableError("table_code", given=quoted(code))
    return code


@dataclass(frozen=True)
class TableSettings:
    """What the learner or teacher who opens a table chooses."""

    game: str = FIVE_CARD_DRAW.code
    seats: int = 6
    forced_bet: str = "antes"
    ace_draw: bool = False
    ante: int = 5
    round_one: tuple[int, int] = (5, 15)
    round_two: tuple[int, int] = (5, 25)
    bot_level: int = 3
    time_to_act: int = 30
    open_hands: bool = False
    """When a hand ends, everybody's cards are shown, for discussion (a teacher's table)."""

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise TableError("unknown_game", given=quoted(self.game))
        if not MIN_PLAYERS <= self.seats <= MAX_PLAYERS:
            raise TableError("seat_count", low=MIN_PLAYERS, high=MAX_PLAYERS, given=quoted(self.seats))
        if self.forced_bet not in ("antes", "blinds"):
            raise TableError("forced_bet", given=quoted(self.forced_bet))
        if self.bot_level not in BOT_LEVELS:
            raise TableError("bot_level", low=min(BOT_LEVELS), high=max(BOT_LEVELS), given=quoted(self.bot_level))
        if self.time_to_act not in TIMES_TO_ACT:
            raise TableError("time_to_act", times=", ".join(map(str, TIMES_TO_ACT)), given=quoted(self.time_to_act))
        if self.game == SALOON_DRAW.code:  # Saloon Draw's own table options
            if self.ante not in SALOON_ANTES or tuple(self.round_one) not in SALOON_ROUND_ONE \
                    or tuple(self.round_two) not in SALOON_ROUND_TWO:
                raise TableError("saloon_limits")
        object.__setattr__(self, "round_one", tuple(self.round_one))
        object.__setattr__(self, "round_two", tuple(self.round_two))

    def rules(self) -> Rules:
        preset = find_variant(self.game).rules
        if self.game == SALOON_DRAW.code:
            return preset(player_count=self.seats, ante=self.ante, round_one=self.round_one, round_two=self.round_two)
        return preset(player_count=self.seats, forced_bet=self.forced_bet, ace_draw=self.ace_draw)

    @property
    def dollars(self) -> bool:
        return find_variant(self.game).dollars

    @property
    def out_below(self) -> int:
        return SALOON_OUT_BELOW if self.game == SALOON_DRAW.code else 1

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["round_one"], data["round_two"] = list(self.round_one), list(self.round_two)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        """Settings from plain data (a lobby form, a stored table); anything wrong raises :class:`TableError`."""
        if not isinstance(data, dict):
            raise TableError("settings_unreadable")
        known = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        try:
            for name in ("seats", "ante", "bot_level", "time_to_act"):
                if name in known:
                    known[name] = int(known[name])
            for name in ("ace_draw", "open_hands"):
                if name in known:
                    known[name] = known[name] in (True, "on", "true", "yes", 1, "1")
            for name in ("round_one", "round_two"):
                if name in known:
                    value = known[name]
                    parts = value.split("-") if isinstance(value, str) else value
                    known[name] = tuple(int(part) for part in parts)
        except (TypeError, ValueError):
            raise TableError("settings_not_number") from None
        return cls(**known)


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "GAMES", "STARTING_STACK", "TIMES_TO_ACT", "TableError", "TableSettings",
           "new_code", "normalize_code"]
