"""A live table's records of its people and its turn: who sits where, and the decision it waits for.

Apart from :class:`~pokerlab.dealer.tables.LiveTable` because both the table (which changes them) and
its views (:mod:`pokerlab.dealer.table_views`, which only read them) need them; the table keeps them
as they are (:meth:`LiveTable.to_json <pokerlab.dealer.tables.LiveTable.to_json>`).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Sitter", "Turn"]


@dataclass
class Sitter:
    """A learner at the table: their seat, and whether they are here (else sitting out)."""

    learner_id: int
    name: str
    seat: int
    present: bool = True
    ready: bool = False


@dataclass
class Turn:
    """The decision the table waits for: whose, and until when (None: a computer opponent's, due at ``at``)."""

    seat: int
    at: float
    person: bool

