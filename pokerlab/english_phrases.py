"""Small pieces of English shared by the explanations pokerlab writes for learners: a list in words
(:func:`listing`) and how often something happens (:func:`one_in`). Quoting what someone typed in a
refusal is :func:`pokerlab.errors.quoted`, beside the errors that use it."""

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


def one_in(count: int, total: int) -> str:
    """How often ``count`` of ``total`` happens, as "1 in N": to the nearest whole number, or to one decimal
    below 10, so that common things that differ do not read alike (one pair and high card are both "1 in 2"
    to the nearest whole number).

    >>> one_in(1_098_240, 2_598_960), one_in(1_302_540, 2_598_960), one_in(123_552, 2_598_960), one_in(40, 2_598_960)
    ('1 in 2.4', '1 in 2.0', '1 in 21', '1 in 64,974')
    """
    if count <= 0 or total <= 0:
        raise ValueError(f"Give a positive count and total; got {count} of {total}.")
    ratio = total / count
    return f"1 in {ratio:.1f}" if ratio < 10 else f"1 in {ratio:,.0f}"
