"""Every error pokerlab raises on purpose.

All of them are ``ValueError`` subclasses, so a caller that only wants "bad input" can catch
``ValueError``; each message names what was wrong and, where there is one, what would be right.
A message that shows what someone typed quotes it with :func:`quoted`, which keeps it short.
"""

from __future__ import annotations

import reprlib


class PokerlabError(ValueError):
    """Base class of pokerlab's own errors."""


class WordedError(PokerlabError):
    """An error whose words are a message of the catalogue with its places filled: ``str(error)`` is
    the English, and a page in another language says :attr:`message` in it with :attr:`values` (the
    dealer sends both: :func:`pokerlab.dealer.words.said_of`).

    >>> error = WordedError("{code} is not a table", code="K7")
    >>> str(error), error.message, error.values
    ('K7 is not a table', '{code} is not a table', {'code': 'K7'})
    """

    def __init__(self, message: str, **values: str | int) -> None:
        super().__init__(message.format(**values))
        self.message = message
        self.values = values


class CardError(PokerlabError):
    """Card text or a set of cards that cannot be used."""


class InvalidCardError(CardError):
    """A token that is not a card, e.g. ``"Xs"`` or ``"1h"``."""


class DuplicateCardError(CardError):
    """The same card twice where there is only one deck."""


class HandSizeError(CardError):
    """The wrong number of cards for the job (a poker hand is exactly five)."""


class DeckError(PokerlabError):
    """Asking a deck for more cards than it holds, or giving it cards it already has."""


QUOTED_LIMIT = 30
"""How many characters of someone's input a message quotes before it cuts the rest off."""


def quoted(value: object, limit: int = QUOTED_LIMIT) -> str:
    """``value`` as a message quotes it: the ``repr`` of at most ``limit`` characters, ending in
    ``…`` when there was more. Every refusal that shows what a learner typed or a page sent uses it,
    so a 1 MB name is answered with a line, not with the megabyte.

    >>> quoted("Ada")
    "'Ada'"
    >>> quoted("A" * 1_000_000)
    "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…'"
    >>> quoted(["x"] * 1_000_000, limit=12)
    "['x', 'x', '…"
    """
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit] + "…")
    text = reprlib.repr(value)  # bounded: a huge list or dict is never turned into text whole
    return text if len(text) <= limit else text[:limit] + "…"
