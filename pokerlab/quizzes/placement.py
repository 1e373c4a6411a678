"""The contents page's placement check: five questions that tell a newcomer which lesson to start with.

Three questions on the hand rankings (two hands of different kinds), one tie-break (two hands of the
same kind) and one on how a hand starts (who speaks first, or the antes in the pot), in that order,
from the lessons' own generators (:data:`PLACEMENT`). :func:`placement_advice` reads the five results:

- a ranking missed: start with 01, the hand rankings;
- the rankings right, the tie-break missed: 02, tie-breaks;
- rankings and tie-break right, the hand question missed: 02a, how a hand goes;
- all five right: 03, limits and the cap.

>>> placement_advice([True, True, True, True, False]).lesson
'02a-how-a-hand-goes'
>>> placement_advice([True] * 5).lesson
'03-limits-and-the-cap'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pokerlab import language as lang
from pokerlab.language import N_
from pokerlab.quizzes.core import QuizError
from pokerlab.quizzes.mastery import Topic, topic

__all__ = ["PLACEMENT", "Advice", "placement_advice"]

PLACEMENT: Final[tuple[Topic, ...]] = (
    topic("ranking"), topic("ranking"), topic("ranking"), topic("tie-breaks"), topic("hand-basics"),
)
"""The topics of the five questions, in the order they are asked (each asked at the easy level)."""


MISSED_A_RANKING: Final = N_(
    "You missed {missed} of the {asked} questions on which kind of hand beats which. "
    "Start with the hand rankings: the table there is what every later page builds on.")
MISSED_THE_TIE_BREAK: Final = N_(
    "You know which kind of hand beats which, but the tie-break (two hands of the same kind) "
    "went wrong. Go on to tie-breaks.")
MISSED_HOW_A_HAND_STARTS: Final = N_(
    "You know the rankings and the tie-breaks. The question on how a hand starts went wrong, "
    "so go on to how a hand goes: the antes, the turns and what each player may do.")
ALL_RIGHT: Final = N_(
    "You know the rankings, the tie-breaks and how a hand starts. Go on to limits and the cap "
    "(if you have never bet in a hand, how a hand goes, 02a, comes just before it).")


@dataclass(frozen=True)
class Advice:
    """Where to go next: a lesson (notebook name without ``.ipynb``), its English title and why (a message
    of the catalogue, with the ranking questions missed and asked for its places).

    >>> placement_advice([False, True, False, True, True]).words("es")[:14]
    'Fallaste 2 de '
    """

    lesson: str
    title: str
    message: str
    missed: int = 0
    asked: int = 0

    def words(self, language: str = lang.DEFAULT) -> str:
        """Why this lesson, in ``language``."""
        return lang.gettext(language, self.message).format(missed=self.missed, asked=self.asked)


def placement_advice(results: Sequence[bool]) -> Advice:
    """The lesson to start with, from the five right-or-wrong results in :data:`PLACEMENT` order."""
    if len(results) != len(PLACEMENT):
        raise QuizError(f"The placement check has {len(PLACEMENT)} questions; got {len(results)} results.")
    ranking = [right for item, right in zip(PLACEMENT, results) if item.key == "ranking"]
    tie_break = [right for item, right in zip(PLACEMENT, results) if item.key == "tie-breaks"]
    basics = [right for item, right in zip(PLACEMENT, results) if item.key == "hand-basics"]
    missed = len(ranking) - sum(ranking)
    if missed:
        return Advice("01-hand-rankings", N_("Hand rankings"), MISSED_A_RANKING, missed, len(ranking))
    if not all(tie_break):
        return Advice("02-tie-breaks", N_("Tie-breaks"), MISSED_THE_TIE_BREAK)
    if not all(basics):
        return Advice("02a-how-a-hand-goes", N_("How a hand goes"), MISSED_HOW_A_HAND_STARTS)
    return Advice("03-limits-and-the-cap", N_("Limits and the cap"), ALL_RIGHT)
