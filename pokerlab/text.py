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
