"""Four Rows' numbers from the rule book (000): the board, the chips, the clock and the fold.

They are apart from the scoring table (:mod:`pokerlab.rows.scoring`) and the game
(:mod:`pokerlab.rows.game`) because both, the hint bot and the lessons read them, and a number the
rule book fixes should have one home that imports nothing.
"""

from __future__ import annotations

from typing import Final

ROW_COUNT: Final = 4
ROW_SIZE: Final = 5
"""A row is scored the moment it gets its fifth card."""
CHIP_COUNT: Final = 4
TIME_LIMIT: Final = 240
"""Four minutes on the clock (seconds)."""
WARNING_AT: Final = 30
"""Seconds left when the warning sounds."""
TIME_BONUS_PER_SECOND: Final = 5
MAX_FOLD_SIZE: Final = 3
"""Only rows of three or fewer cards can be folded (and, decision 9, not an empty one)."""
MULTIPLIER_TENTHS: Final = (20, 18, 16, 14, 12)
"""Multiplier in tenths for a chip raised on a row holding 0, 1, 2, 3 or 4 cards."""
