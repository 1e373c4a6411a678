"""Class games in the database: create, join, resume, record results, read the board.

Every method is one unit of work (``with engine.begin()``) and uses SQLAlchemy Core only, so the same
code runs on SQLite and PostgreSQL. A result is written with "insert, or do nothing if there is one":
the first play of a deal counts, and a second (another tab, a retry) changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from pokerlab.classroom.class_games import (
    ClassGameError, ClassGameSettings, JoinCodeError, new_join_code, new_seeds, normalize_join_code,
)
from pokerlab.classroom.tables import class_games, class_players, class_results
from pokerlab.draw import Action

OPEN, ENDED = "open", "ended"


def _now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class ClassGame:
    """A class game as the board and the learners' app see it (never its seeds)."""

    id: int
    code: str
    settings: ClassGameSettings
    status: str
    created_at: datetime
    teacher: str = ""

    @property
    def is_open(self) -> bool:
        return self.status == OPEN


@dataclass(frozen=True)
class Progress:
    """Where a learner is in a game: the deal being played (``deal_count + 1`` once all are done)
    and the actions already taken on it."""

    learner: str
    deal_number: int
    actions: tuple[Action, ...]
    joined_at: datetime


@dataclass(frozen=True)
class Result:
    """One learner's result on one deal."""

    learner: str
    deal_number: int
    chips: int
    review_cost: float | None
    finished_at: datetime


@dataclass(frozen=True)
class ResultDetail:
    """A result with its hand (the actions) and the coach's review, for the teacher's click-through."""

    deal_number: int
    chips: int
    actions: tuple[Action, ...]
    review: list[dict[str, Any]] | None


def _actions_json(actions: Sequence[Action]) -> list[dict[str, Any]]:
    return [action.to_json() for action in actions]


def _actions(data: Any) -> tuple[Action, ...]:
    return tuple(Action.from_json(item) for item in data or [])


def _aware(moment: datetime) -> datetime:
    """SQLite gives naive datetimes back; every time here is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


class ClassStore:
    """Class games kept in the database behind ``engine`` (SQLite or PostgreSQL)."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def _insert_or_nothing(self, table: sa.Table) -> Any:
        dialect = self.engine.dialect.name
        if dialect == "postgresql":
            return postgresql.insert(table).on_conflict_do_nothing()
        if dialect == "sqlite":
            return sqlite.insert(table).on_conflict_do_nothing()
        raise ClassGameError(f"Class games run on SQLite or PostgreSQL, not {dialect}.")

    # ----- games --------------------------------------------------------------------------------------

    def create_game(self, settings: ClassGameSettings, teacher: str = "") -> ClassGame:
        """A new open game with fresh random seeds and a join code no other game has."""
        seeds = list(new_seeds(settings.deal_count))
        for _attempt in range(20):
            code = new_join_code()
            with self.engine.begin() as connection:
                row = connection.execute(
                    self._insert_or_nothing(class_games).values(
                        code=code, teacher=teacher, settings=settings.to_json(), seeds=seeds, status=OPEN,
                        created_at=_now(),
                    ).returning(class_games.c.id)
                ).first()
            if row is not None:
                return self.game(int(row[0]))
        raise ClassGameError("Could not find a free join code; try again.")  # pragma: no cover

    def _game_from_row(self, row: Any) -> ClassGame:
        return ClassGame(row.id, row.code, ClassGameSettings.from_json(row.settings), row.status,
                         _aware(row.created_at), row.teacher)

    _GAME_COLUMNS = (class_games.c.id, class_games.c.code, class_games.c.settings, class_games.c.status,
                     class_games.c.created_at, class_games.c.teacher)

    def game(self, game_id: int) -> ClassGame:
        with self.engine.connect() as connection:
            row = connection.execute(sa.select(*self._GAME_COLUMNS).where(class_games.c.id == game_id)).first()
        if row is None:
            raise ClassGameError(f"There is no class game {game_id!r} (it may have been deleted).")
        return self._game_from_row(row)

    def games(self) -> list[ClassGame]:
        """Every game, newest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(sa.select(*self._GAME_COLUMNS).order_by(class_games.c.id.desc())).all()
        return [self._game_from_row(row) for row in rows]

    def game_by_code(self, text: str) -> ClassGame:
        """The open game with this join code; an unknown or ended one raises :class:`JoinCodeError`."""
        code = normalize_join_code(text)
        with self.engine.connect() as connection:
            row = connection.execute(sa.select(*self._GAME_COLUMNS).where(class_games.c.code == code)).first()
        if row is None:
            raise JoinCodeError(f"No class game has the code {code}. Check it with your teacher.")
        game = self._game_from_row(row)
        if not game.is_open:
            raise JoinCodeError(f"The class game {code} has ended; your teacher can start a new one.")
        return game

    def seeds(self, game_id: int) -> tuple[int, ...]:
        """The deal seeds: for the server's engine only, never for a page."""
        with self.engine.connect() as connection:
            row = connection.execute(sa.select(class_games.c.seeds).where(class_games.c.id == game_id)).first()
        if row is None:
            raise ClassGameError(f"There is no class game {game_id!r} (it may have been deleted).")
        return tuple(int(seed) for seed in row[0])

    def end_game(self, game_id: int) -> None:
        """Stop new joins and new results; what is stored stays."""
        with self.engine.begin() as connection:
            connection.execute(sa.update(class_games).where(class_games.c.id == game_id)
                               .values(status=ENDED, ended_at=_now()))

    def delete_game(self, game_id: int) -> None:
        """Remove a game with its players and results."""
        with self.engine.begin() as connection:
            connection.execute(sa.delete(class_results).where(class_results.c.game_id == game_id))
            connection.execute(sa.delete(class_players).where(class_players.c.game_id == game_id))
            connection.execute(sa.delete(class_games).where(class_games.c.id == game_id))

    # ----- learners -----------------------------------------------------------------------------------

    def join(self, game_id: int, learner: str) -> Progress:
        """Add ``learner`` to the game (joining again changes nothing) and say where they are."""
        if not learner:
            raise ClassGameError("A learner needs a name to join a class game.")
        now = _now()
        with self.engine.begin() as connection:
            connection.execute(self._insert_or_nothing(class_players).values(
                game_id=game_id, learner=learner, joined_at=now, deal_number=1, actions=[], updated_at=now))
        return self.progress(game_id, learner)

    def progress(self, game_id: int, learner: str) -> Progress:
        with self.engine.connect() as connection:
            row = connection.execute(
                sa.select(class_players.c.deal_number, class_players.c.actions, class_players.c.joined_at)
                .where(class_players.c.game_id == game_id, class_players.c.learner == learner)
            ).first()
        if row is None:
            raise ClassGameError(f"{learner} has not joined this class game.")
        return Progress(learner, int(row.deal_number), _actions(row.actions), _aware(row.joined_at))

    def save_progress(self, game_id: int, learner: str, deal_number: int, actions: Sequence[Action]) -> None:
        """Keep the actions taken so far on the deal being played (only while that deal is current)."""
        with self.engine.begin() as connection:
            connection.execute(
                sa.update(class_players)
                .where(class_players.c.game_id == game_id, class_players.c.learner == learner,
                       class_players.c.deal_number == deal_number)
                .values(actions=_actions_json(actions), updated_at=_now())
            )

    def record_result(self, game_id: int, learner: str, deal_number: int, chips: int, actions: Sequence[Action]) -> bool:
        """Store the learner's result on a deal and move them to the next deal. Returns False (and
        changes nothing) when a result for that deal was already stored: the first play counts."""
        now = _now()
        with self.engine.begin() as connection:
            inserted = connection.execute(self._insert_or_nothing(class_results).values(
                game_id=game_id, learner=learner, deal_number=deal_number, chips=int(chips),
                actions=_actions_json(actions), finished_at=now,
            ).returning(class_results.c.deal_number)).first() is not None
            if inserted:
                connection.execute(
                    sa.update(class_players)
                    .where(class_players.c.game_id == game_id, class_players.c.learner == learner,
                           class_players.c.deal_number <= deal_number)
                    .values(deal_number=deal_number + 1, actions=[], updated_at=now)
                )
        return bool(inserted)

    def record_review(self, game_id: int, learner: str, deal_number: int, decisions: list[dict[str, Any]]) -> None:
        """Attach the coach's review (one dict per decision, with ``chips`` given up) to a result."""
        cost = sum(float(item.get("chips") or 0.0) for item in decisions)
        with self.engine.begin() as connection:
            connection.execute(
                sa.update(class_results)
                .where(class_results.c.game_id == game_id, class_results.c.learner == learner,
                       class_results.c.deal_number == deal_number)
                .values(review=decisions, review_cost=cost)
            )

    # ----- reading ------------------------------------------------------------------------------------

    def players(self, game_id: int) -> list[Progress]:
        """Everyone who joined, in the order they joined."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(class_players.c.learner, class_players.c.deal_number, class_players.c.joined_at)
                .where(class_players.c.game_id == game_id).order_by(class_players.c.joined_at, class_players.c.learner)
            ).all()
        return [Progress(row.learner, int(row.deal_number), (), _aware(row.joined_at)) for row in rows]

    def results(self, game_id: int, deal_number: int | None = None) -> list[Result]:
        """Every stored result of the game (or of one deal)."""
        query = (sa.select(class_results.c.learner, class_results.c.deal_number, class_results.c.chips,
                           class_results.c.review_cost, class_results.c.finished_at)
                 .where(class_results.c.game_id == game_id))
        if deal_number is not None:
            query = query.where(class_results.c.deal_number == deal_number)
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(class_results.c.deal_number, class_results.c.learner)).all()
        return [Result(row.learner, int(row.deal_number), int(row.chips), row.review_cost, _aware(row.finished_at))
                for row in rows]

    def reviews(self, game_id: int) -> list[tuple[str, int, list[dict[str, Any]]]]:
        """``(learner, deal_number, decisions)`` for every reviewed result."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(class_results.c.learner, class_results.c.deal_number, class_results.c.review)
                .where(class_results.c.game_id == game_id, class_results.c.review.is_not(None))
            ).all()
        return [(row.learner, int(row.deal_number), list(row.review or [])) for row in rows]

    def details(self, game_id: int, learner: str) -> list[ResultDetail]:
        """A learner's finished deals with their hands and reviews, in deal order."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(class_results.c.deal_number, class_results.c.chips, class_results.c.actions,
                          class_results.c.review)
                .where(class_results.c.game_id == game_id, class_results.c.learner == learner)
                .order_by(class_results.c.deal_number)
            ).all()
        return [ResultDetail(int(row.deal_number), int(row.chips), _actions(row.actions), row.review) for row in rows]


def open_class_store(target: Any = None) -> ClassStore:
    """The class games of the database pokerlab is set up to use (``target``: a URL or an SQLite
    path; default ``POKERLAB_DATABASE_URL``, else the SQLite file in the data folder)."""
    import os

    from pokerlab.classroom.tables import metadata
    from pokerlab.storage import database_path

    if target is None:
        target = os.environ.get("POKERLAB_DATABASE_URL") or database_path().with_name("pokerlab.sqlite3")
    url = str(target) if "://" in str(target) else f"sqlite:///{target}"
    try:
        engine = sa.create_engine(url)
        metadata.create_all(engine)
    except (sa.exc.SQLAlchemyError, ImportError) as error:
        raise ClassGameError(f"The class games' database cannot be used ({type(error).__name__}); nothing was changed.") from None
    return ClassStore(engine)
