"""The level-6 high score table of the Tournament Ladder, kept in the same SQLite file as the wallet.

A score is the learner's total winnings after the 16 hands of level 6, so it may be negative.
The table ranks by score, highest first; equal scores keep the order they were reached in.

>>> import tempfile, pathlib
>>> from datetime import datetime, timezone
>>> table = HighScores(pathlib.Path(tempfile.mkdtemp()) / "scores.sqlite3")
>>> _ = table.add("Ada", 820, when=datetime(2026, 1, 2, tzinfo=timezone.utc))
>>> _ = table.add("Bo", 1340, when=datetime(2026, 1, 3, tzinfo=timezone.utc))
>>> [(entry.rank, entry.name, entry.score) for entry in table.top()]
[(1, 'Bo', 1340), (2, 'Ada', 820)]
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from pokerlab.errors import PokerlabError
from pokerlab.storage import database

MAX_NAME_LENGTH: Final = 40
MAX_SCORE: Final = 10**12


class HighScoreError(PokerlabError):
    """A score that cannot go in the table (bad name, score or time)."""


@dataclass(frozen=True)
class HighScore:
    """One row of the table; ``rank`` is 1 for the best score shown."""

    rank: int
    name: str
    score: int
    when: datetime


class HighScores:
    """The persistent high score table; ``path`` is the SQLite file (default the shared one)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path: Path = database.prepare(path)

    def add(self, name: str, score: int, when: datetime | None = None) -> None:
        """Record ``score`` for ``name``; ``when`` (aware, default now) orders equal scores."""
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME_LENGTH:
            raise HighScoreError(
                f"A high score name must be 1 to {MAX_NAME_LENGTH} characters; got {name!r}."
            )
        if isinstance(score, bool) or not isinstance(score, int) or abs(score) > MAX_SCORE:
            raise HighScoreError(
                f"A score is a whole number of chips up to {MAX_SCORE:,} either way; got {score!r}."
            )
        try:
            at = database.utc_text(when)
        except (ValueError, AttributeError, TypeError):
            raise HighScoreError(
                f"'when' must be a datetime with a time zone (or left out for now); got {when!r}."
            ) from None
        database.run(
            self.path,
            lambda connection: connection.execute(
                "INSERT INTO high_scores (name, score, at) VALUES (?, ?, ?)", (name.strip(), score, at)
            ),
            write=True,
        )

    def top(self, n: int = 10) -> list[HighScore]:
        """The best ``n`` scores, highest first; equal scores earliest first."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise HighScoreError(f"Ask for at least one score (n = 1, 2, ...); got {n!r}.")

        def work(connection: sqlite3.Connection) -> list[tuple[str, int, str]]:
            return connection.execute(
                "SELECT name, score, at FROM high_scores ORDER BY score DESC, at, id LIMIT ?", (n,)
            ).fetchall()

        rows = database.run(self.path, work, write=False)
        return [
            HighScore(rank, name, score, datetime.fromisoformat(at))
            for rank, (name, score, at) in enumerate(rows, start=1)
        ]
