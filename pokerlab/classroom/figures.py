"""How the class's pages write a figure: a result with its sign, a chips amount, in the reader's language.

The teacher's board, a learner's deal reports and a learner's detail all write chips the same way, so
the rule lives apart from each of them: English as Python writes it (``'+40'``, ``'1234.5'``), another
language its own way (``'+1.500'``, ``'1.234,5'``).
"""

from __future__ import annotations

from pokerlab import language as lang


def signed(value: float, language: str = lang.DEFAULT, decimals: int = 0) -> str:
    """A result with its sign, ``'+40'``, ``'-20'``, ``'+0.50'`` (English as Python writes it, without a
    thousands mark; another language writes the number its own way: ``'+1.500'``, ``'+0,50'``)."""
    if lang.check(language) == lang.DEFAULT:
        return f"{value:+.{decimals}f}"
    return ("-" if value < 0 else "+") + lang.format_number(abs(value), language, decimals)


def number_text(value: float, language: str = lang.DEFAULT, decimals: int = 1) -> str:
    """A chips figure such as a review's cost: ``'1234.5'`` in English (as the board always wrote it),
    ``'1.234,5'`` in Spanish."""
    if lang.check(language) == lang.DEFAULT:
        return f"{value:.{decimals}f}"
    return lang.format_number(value, language, decimals)
