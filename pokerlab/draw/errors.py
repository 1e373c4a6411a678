"""Errors of the draw-poker engine.

An :class:`IllegalActionError` is data: a reason ``code`` (:data:`REFUSAL_CODES`), the seat, the
action tried, the legal actions and the numbers behind the refusal. Its sentence is
:func:`pokerlab.narration.refusal_sentence`'s, for a viewer and a language; ``str(error)`` is that
sentence in English for the player who tried ("You cannot raise: ..."), written only when asked for
(see :mod:`pokerlab.english` for how the engine reaches it without importing narration).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pokerlab import english
from pokerlab.errors import PokerlabError

if TYPE_CHECKING:
    from pokerlab.draw.actions import Action, LegalAction

REFUSAL_CODES = (
    "hand_over", "takes_no_amount", "wrong_amount", "draw_in_betting", "betting_in_draw", "check_owed",
    "call_nothing_owed", "call_cannot_cover", "bet_live", "raise_nothing_bet", "no_all_in", "all_in_can_cover",
    "cap_reached", "already_acted", "nobody_to_answer", "cannot_cover_raise", "duplicate_discard",
    "not_in_hand", "too_many_discards", "ace_needed",
)
"""Every reason the engine gives for refusing an action."""


class IllegalActionError(PokerlabError):
    """An action the rules do not allow right now; the hand state is left exactly as it was.

    ``code``: why (one of :data:`REFUSAL_CODES`); ``seat``: who tried (None when the hand is over);
    ``attempted``: the action; ``legal``: what that seat may do instead; ``details``: the numbers and
    cards the reason needs (``owed``, ``min_to``, ``max_to``, ``step``, ``cap``, ``most``, ``cards``,
    ``variant``).
    """

    def __init__(
        self,
        code: str,
        seat: int | None,
        attempted: Action,
        legal: tuple[LegalAction, ...] = (),
        details: Mapping[str, Any] | None = None,
    ) -> None:
        if code not in REFUSAL_CODES:
            raise ValueError(f"Unknown refusal code {code!r}; known codes: {', '.join(REFUSAL_CODES)}.")
        self.code = code
        self.seat = seat
        self.attempted = attempted
        self.legal = legal
        self.details: dict[str, Any] = dict(details or {})
        super().__init__(code)

    def __str__(self) -> str:
        return english.writer("IllegalActionError.__str__")(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (IllegalActionError, (self.code, self.seat, self.attempted, self.legal, self.details))


class RulesError(PokerlabError):
    """A table setting that the variant does not offer (the message lists the allowed choices)."""


class HistoryError(PokerlabError):
    """A hand history file that cannot be read (malformed, or written by a newer pokerlab)."""
