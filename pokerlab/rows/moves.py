"""A Four Rows move (:class:`Action`: place, raise or fold on a row) and what one causes (:class:`Event`).

Apart from the game because players and pages speak in them: a bot returns an :class:`Action`, a
saved game is a list of them in their ``"P1"`` form, and the widgets say an :class:`Event` again in
the learner's language.

>>> Action.parse("r2"), str(Action("fold", 3))
(Action(kind='raise', row=2), 'F3')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from pokerlab.language import DEFAULT, N_
from pokerlab.rows.errors import RowsError
from pokerlab.rows.words import say

ActionKind = Literal["place", "raise", "fold"]
_KIND_LETTERS: Final = {"place": "P", "raise": "R", "fold": "F"}


@dataclass(frozen=True)
class Action:
    """One move: ``place``, ``raise`` or ``fold`` on row 1-4 (numbered as on the board)."""

    kind: ActionKind
    row: int

    def __str__(self) -> str:
        return f"{_KIND_LETTERS[self.kind]}{self.row}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """``"P1"``, ``"R2"``, ``"F3"`` (the form games are saved in)."""
        kinds = {letter: kind for kind, letter in _KIND_LETTERS.items()}
        if len(text) != 2 or text[0].upper() not in kinds or text[1] not in "1234":
            raise RowsError(N_("Unknown move {move}: write P, R or F (place, raise, fold) and a row 1-4, e.g. 'P3'."),
                            move=repr(text))
        return cls(kinds[text[0].upper()], int(text[1]))  # type: ignore[arg-type]


@dataclass(frozen=True)
class Event:
    """Something that happened: placed, raised, folded, scored, warning, ended. ``text`` is the English
    sentence; ``message`` and ``values`` say it in another language (:func:`~pokerlab.rows.words.say`)."""

    kind: str
    text: str
    row: int | None = None
    points: int = 0
    message: str = ""
    values: dict[str, object] = field(default_factory=dict, compare=False)

    def words(self, language: str = DEFAULT) -> str:
        """The sentence in ``language`` (English: :attr:`text` itself)."""
        return self.text if language == DEFAULT or not self.message else say(self.message, self.values, language)
