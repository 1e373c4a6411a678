"""Small pieces of English shared by the explanations pokerlab writes for learners."""

from __future__ import annotations

from collections.abc import Iterable


def listing(items: Iterable[str], last: str = "and") -> str:
    """``'a'``, ``'a and b'``, ``'a, b and c'``; ``last="or"`` for a list of choices.

    >>> listing(["fold", "call 10", "raise to 20"], last="or")
    'fold, call 10 or raise to 20'
    """
    words = list(items)
    if not words:
        raise ValueError("There is nothing to list.")
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


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
    import reprlib  # a bounded repr: a huge list or dict is never turned into text whole

    text = reprlib.repr(value)
    return text if len(text) <= limit else text[:limit] + "…"
