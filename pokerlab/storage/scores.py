"""The level-6 high score table of the Tournament Ladder, kept in pokerlab's database.

A score is the learner's total winnings after the 16 hands of level 6, so it may be negative.
The table ranks by score, highest first; equal scores keep the order they were reached in.
A score added for a :class:`~pokerlab.storage.learners.Learner` is shown under the learner's
current name (so a learner's scores follow them if their name changes); a score added under a bare
name keeps that text.

>>> import tempfile, pathlib
>>> from datetime import datetime, timezone
>>> table = HighScores(pathlib.Path(tempfile.mkdtemp()) / "scores.sqlite3")
>>> _ = table.add("Ada", 820, when=datetime(2026, 1, 2, tzinfo=timezone.utc))
>>> _ = table.add("Bo", 1340, when=datetime(2026, 1, 3, tzinfo=timezone.utc))
>>> [(entry.rank, entry.name, entry.score) for entry in table.top()]
[(1, 'Bo', 1340), (2, 'Ada', 820)]
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection

from pokerlab.errors import PokerlabError
from pokerlab.storage.database import open_store
from pokerlab.storage.learners import Learner, learner_id_in
from pokerlab.storage.schema import high_scores, learners, utc_text
from pokerlab.storage.urls import StoreTarget

MAX_NAME_LENGTH: Final = 40
MAX_SCORE: Final = 10**12


class HighScoreError(PokerlabError):
    """A score that cannot go in the table (bad name, score or time)."""


@dataclass(frozen=True)
class HighScore:
    """One row of the table; ``rank`` is 1 for the best score shown.

    ``learner_id`` is the learner who made it (``None`` for a score under a bare name)."""

    rank: int
    name: str
    score: int
    when: datetime
    learner_id: int | None = None


class HighScores:
    """The persistent high score table; ``store`` as for :class:`~pokerlab.storage.wallet.Wallet`."""

    def __init__(self, store: StoreTarget = None) -> None:
        self.store = open_store(store)

    @property
    def path(self) -> Path | None:
        return self.store.path

    def add(self, player: Learner | str, score: int, when: datetime | None = None) -> None:
        """Record ``score`` for ``player`` (a learner, or a bare name); ``when`` (aware, default
        now) orders equal scores."""
        if isinstance(player, Learner):
            name = player.name
        elif not isinstance(player, str) or not player.strip() or len(player.strip()) > MAX_NAME_LENGTH:
            raise HighScoreError(
                f"A high score name must be 1 to {MAX_NAME_LENGTH} characters; got {player!r}."
            )
        else:
            name = player.strip()
        if isinstance(score, bool) or not isinstance(score, int) or abs(score) > MAX_SCORE:
            raise HighScoreError(
                f"A score is a whole number of chips up to {MAX_SCORE:,} either way; got {score!r}."
            )
        try:
            at = utc_text(when)
        except (ValueError, AttributeError, TypeError):
            raise HighScoreError(
                f"'when' must be a datetime with a time zone (or left out for now); got {when!r}."
            ) from None

        self.store.write(lambda connection: _insert(connection, player, name, score, at))

    @staticmethod
    def add_in(connection: Connection, learner: Learner, score: int) -> None:
        """Record ``score`` for ``learner``, now, inside a write transaction (a ladder settlement)."""
        if isinstance(score, bool) or not isinstance(score, int) or abs(score) > MAX_SCORE:
            raise HighScoreError(f"A score is a whole number of chips up to {MAX_SCORE:,} either way; got {score!r}.")
        _insert(connection, learner, learner.name, score, utc_text())

    def top(self, n: int = 10) -> list[HighScore]:
        """The best ``n`` scores, highest first; equal scores earliest first."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise HighScoreError(f"Ask for at least one score (n = 1, 2, ...); got {n!r}.")
        shown_name = sqlalchemy.func.coalesce(learners.c.name, high_scores.c.name)
        query = (
            sqlalchemy.select(shown_name, high_scores.c.score, high_scores.c.at, high_scores.c.learner_id)
            .select_from(high_scores.outerjoin(learners, learners.c.id == high_scores.c.learner_id))
            .order_by(high_scores.c.score.desc(), high_scores.c.at, high_scores.c.id)
            .limit(n)
        )
        rows = self.store.read(lambda connection: connection.execute(query).all())
        return [
            HighScore(rank, name, int(score), datetime.fromisoformat(at), learner_id)
            for rank, (name, score, at, learner_id) in enumerate(rows, start=1)
        ]


def _insert(connection: Connection, player: Learner | str, name: str, score: int, at: str) -> None:
    learner_id = learner_id_in(connection, player, create=False) if isinstance(player, Learner) else None
    connection.execute(high_scores.insert().values(learner_id=learner_id, name=name, score=score, at=at))
