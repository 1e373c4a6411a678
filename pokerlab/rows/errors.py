"""The refusals of Four Rows: a move the rules do not allow now, each saying what is allowed.

Every refusal keeps its catalogue message and values, so a page can say it in the learner's language
(:meth:`RowsError.words`); ``str(error)`` is the English. Apart from the game so the moves' parser
and the widgets can name them without importing it.
"""

from __future__ import annotations

from pokerlab.errors import PokerlabError
from pokerlab.language import DEFAULT
from pokerlab.rows.words import say


class RowsError(PokerlabError):
    """A Four Rows move that the rules do not allow now; the message says what is allowed.

    ``message`` is the catalogue's message and ``values`` its places, so :meth:`words` can say it in
    another language; ``str(error)`` is the English."""

    def __init__(self, message: str, **values: object) -> None:
        self.message, self.values = message, values
        super().__init__(say(message, values))

    def words(self, language: str = DEFAULT) -> str:
        """The refusal in ``language``."""
        return say(self.message, self.values, language)


class GameOverError(RowsError):
    """A move after the game has ended."""


class FoldError(RowsError):
    """Folding a row that cannot be folded."""


class RaiseError(RowsError):
    """A raise chip that cannot be placed."""
