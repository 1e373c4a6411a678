"""A wallet line's reason: stored as a code (``"starting_balance"``, ``"fresh_start"``,
``"ladder_level:3"``, ``"ladder_award:3"``; revision 0013 made the English lines codes), said in
the reader's language when shown.

>>> reason_code("ladder_award", 3), reason_text("ladder_award:3"), reason_text("ladder_level:2", "es")
('ladder_award:3', 'Ladder level 3 award', 'Nivel 2 del torneo')
>>> reason_text("Points from the teacher")  # a reason that is no code (a teacher's own script) stays as it is
'Points from the teacher'
"""

from __future__ import annotations

from typing import Final

from pokerlab import language as lang
from pokerlab.language import N_

STARTING_BALANCE: Final = "starting_balance"
FRESH_START: Final = "fresh_start"
LADDER_LEVEL: Final = "ladder_level"
LADDER_AWARD: Final = "ladder_award"
REASONS: Final = {
    STARTING_BALANCE: N_("Starting balance"), FRESH_START: N_("Fresh start"),
    LADDER_LEVEL: N_("Ladder level {level}"), LADDER_AWARD: N_("Ladder level {level} award"),
}
"""Each reason's code and its English (``{level}``: the ladder level the points were for)."""


def reason_code(code: str, level: int | None = None) -> str:
    """The stored reason for ``code`` (one of :data:`REASONS`), with its ladder level if it has one."""
    if code not in REASONS:
        raise ValueError(f"No wallet reason has the code {code!r}; the codes are: {', '.join(REASONS)}.")
    return code if level is None else f"{code}:{int(level)}"


def reason_text(reason: str, language: str = lang.DEFAULT) -> str:
    """A stored reason in ``language``; a reason that is no code is shown as it was written."""
    code, _, level = reason.partition(":")
    message = REASONS.get(code)
    if message is None or ("{level}" in message) != bool(level.isdigit()):
        return reason
    return lang.gettext(language, message).format(level=level)


__all__ = ["FRESH_START", "LADDER_AWARD", "LADDER_LEVEL", "REASONS", "STARTING_BALANCE", "reason_code", "reason_text"]
