"""Betting questions whose answers come from the draw engine: may this seat raise, how much is in
the side pot, who acts first after the draw (lessons 03 and 03a).

The generators (:func:`may_raise_question`, :func:`side_pot_question`,
:func:`first_after_draw_question`, mixed by :func:`betting_question`) deal a random table, play it
with a lively random policy and ask about the state reached. Their answers are read from the engine:
``legal_actions()`` for "may this seat raise?", ``pots`` for "how much is the side pot?", and the
actor after the draw for "who acts first?". Each wrong choice names the mistake that leads to it.

A question is read from the state once, as data (a frozen value per kind of question), and worded from
that data in any language: English is what is graded and kept, :meth:`Question.in_language` shows it in
the page's language with the same choices in the same order.

Each kind of question is a module of its own (:mod:`~pokerlab.quizzes.may_raise`,
:mod:`~pokerlab.quizzes.side_pots`, :mod:`~pokerlab.quizzes.first_after_draw`); this one mixes them
for the lessons' quizzes and keeps every generator importable from here, its first home.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from pokerlab.cards import as_rng
from pokerlab.quizzes.core import Question, check_level
from pokerlab.quizzes.first_after_draw import ask_first_after_draw, first_after_draw_question
from pokerlab.quizzes.hand_basics import hand_basics_question
from pokerlab.quizzes.may_raise import ask_may_raise, may_raise_question
from pokerlab.quizzes.side_pots import ask_side_pot, side_pot_question

__all__ = [
    "ask_first_after_draw", "ask_may_raise", "ask_side_pot", "betting_question", "cap_and_order_question",
    "first_after_draw_question", "hand_basics_question", "may_raise_question", "side_pot_question",
]


_KINDS: Final = (may_raise_question, side_pot_question, first_after_draw_question)


def betting_question(level: str, rng: np.random.Generator | int) -> Question:
    """A question of a random kind: may this seat raise, how much is the side pot, who acts first.

    >>> question = betting_question("easy", rng=5)
    >>> question.topic in ("may raise", "side pot", "first after the draw")
    True
    """
    generator = as_rng(rng)
    check_level(level)
    return _KINDS[int(generator.integers(len(_KINDS)))](level, generator)


_CAP_AND_ORDER: Final = (may_raise_question, first_after_draw_question)


def cap_and_order_question(level: str, rng: np.random.Generator | int) -> Question:
    """May this seat raise, or who acts first after the draw (no side pots): lesson 03's quiz.

    >>> cap_and_order_question("easy", rng=2).topic in ("may raise", "first after the draw")
    True
    """
    generator = as_rng(rng)
    check_level(level)
    return _CAP_AND_ORDER[int(generator.integers(len(_CAP_AND_ORDER)))](level, generator)
