"""Class games in the database: create, join, resume, record results, read the board.

Every method is one transaction on pokerlab's :class:`~pokerlab.storage.Store` (``store.read`` /
``store.write``: retried on locks, other failures a plain :class:`~pokerlab.storage.StorageError`) and
uses SQLAlchemy Core only, so the same code runs on SQLite and PostgreSQL. Learners are
:class:`~pokerlab.storage.Learner` rows (their ``id`` keys the rows; the board shows their names). A
result is written with "insert, or do nothing if there is one": the first play of a deal counts, and
a second (another tab, a retry) changes nothing.

What a learner's page stores (where they are on a deal, a deal's result) is refused once the teacher
has ended the game: the game's row is read with a share lock in the same transaction, so a result
is either stored before End or not at all. A teacher may give a **roster**: then only its names
(or hub users) may join. And one browser plays a game under one name (``browser``: a hash of a key
the browser keeps), so nobody plays a deal twice, seeing its cards first under a second name.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from pokerlab.classroom.board_rows import ReviewCache, Reviews, read_board
from pokerlab.classroom.class_games import (
    ClassGameError,
    ClassGameSettings,
    JoinCodeError,
    new_join_code,
    new_seeds,
    normalize_join_code,
)
from pokerlab.classroom.class_records import (
    ENDED,
    OPEN,
    ClassGame,
    Progress,
    Result,
    ResultDetail,
    game_from_columns,
    stored_moment,
)
from pokerlab.classroom.reviews import check_decisions
from pokerlab.classroom.rosters import MAX_HUB_NAME, MAX_ROSTER, browser_mark, tidy_roster
from pokerlab.classroom.schema import class_games, class_players, class_results
from pokerlab.draw import Action
from pokerlab.language import N_
from pokerlab.storage import Learner, Store
from pokerlab.storage.database import StoreTarget, open_store
from pokerlab.storage.learners import name_key
from pokerlab.storage.schema import learners, utc_text

__all__ = [
    "ENDED", "MAX_HUB_NAME", "MAX_ROSTER", "OPEN", "ClassGame", "ClassGameEndedError", "ClassStore", "Progress",
    "Result", "ResultDetail", "browser_mark", "open_class_store", "tidy_roster",
]
"""The values, the roster's rules and the board's read live in their own modules
(:mod:`~pokerlab.classroom.class_records`, :mod:`~pokerlab.classroom.rosters`,
:mod:`~pokerlab.classroom.board_rows`); their names stay importable from here for code written before."""


class ClassGameEndedError(ClassGameError):
    """The teacher ended the game: nothing more is stored for it."""


def _actions_text(actions: Sequence[Action]) -> str:
    return json.dumps([action.to_json() for action in actions])


def _actions(text: str | None) -> tuple[Action, ...]:
    return tuple(Action.from_json(item) for item in json.loads(text or "[]"))


def _insert_or_nothing(connection: Connection, table: sa.Table, values: dict[str, Any], key: sa.Column) -> bool:
    """Insert unless a row with the same key exists (also against a concurrent writer); True when inserted."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(table).values(**values).on_conflict_do_nothing().returning(key)
    return connection.execute(statement).first() is not None


class ClassStore:
    """Class games kept in pokerlab's database (``store``: a :class:`~pokerlab.storage.Store`)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._review_cache = ReviewCache()

    # ----- games --------------------------------------------------------------------------------------

    _GAME_COLUMNS = (class_games.c.id, class_games.c.code, class_games.c.settings, class_games.c.status,
                     class_games.c.created_at, class_games.c.teacher, class_games.c.roster)

    @staticmethod
    def _game_from_row(row: Any) -> ClassGame:
        return game_from_columns(row.id, row.code, row.settings, row.status, row.created_at, row.teacher, row.roster)

    def create_game(self, settings: ClassGameSettings, teacher: str = "",
                    roster: Sequence[str] | str | None = None) -> ClassGame:
        """A new open game with fresh random seeds and a join code no other game has; with a
        ``roster`` (names, or hub users) only those may join it."""
        seeds = json.dumps(list(new_seeds(settings.deal_count)))
        allowed = tidy_roster(roster)
        for _attempt in range(20):
            values = {"code": new_join_code(), "teacher": teacher, "settings": json.dumps(settings.to_json()),
                      "seeds": seeds, "status": OPEN, "created_at": utc_text(), "ended_at": None,
                      "roster": None if allowed is None else json.dumps(list(allowed))}

            def work(connection: Connection, values: dict[str, Any] = values) -> int | None:
                if not _insert_or_nothing(connection, class_games, values, class_games.c.id):
                    return None
                return connection.scalar(sa.select(class_games.c.id).where(class_games.c.code == values["code"]))

            game_id = self.store.write(work)
            if game_id is not None:
                return self.game(game_id)
        raise ClassGameError("Could not find a free join code; try again.")  # pragma: no cover

    def game(self, game_id: int) -> ClassGame:
        row = self.store.read(lambda c: c.execute(sa.select(*self._GAME_COLUMNS).where(class_games.c.id == game_id)).first())
        if row is None:
            raise ClassGameError(f"There is no class game {game_id!r} (it may have been deleted).")
        return self._game_from_row(row)

    def games(self) -> list[ClassGame]:
        """Every game, newest first."""
        rows = self.store.read(lambda c: c.execute(sa.select(*self._GAME_COLUMNS).order_by(class_games.c.id.desc())).all())
        return [self._game_from_row(row) for row in rows]

    def game_by_code(self, text: str) -> ClassGame:
        """The open game with this join code; an unknown or ended one raises :class:`JoinCodeError`."""
        code = normalize_join_code(text)
        row = self.store.read(lambda c: c.execute(sa.select(*self._GAME_COLUMNS).where(class_games.c.code == code)).first())
        if row is None:
            raise JoinCodeError(N_("No class game has the code {code}. Check it with your teacher."), code=code)
        game = self._game_from_row(row)
        if not game.is_open:
            raise JoinCodeError(N_("The class game {code} has ended; your teacher can start a new one."), code=code)
        return game

    def seeds(self, game_id: int) -> tuple[int, ...]:
        """The deal seeds: for the server's engine only, never for a page."""
        text = self.store.read(lambda c: c.scalar(sa.select(class_games.c.seeds).where(class_games.c.id == game_id)))
        if text is None:
            raise ClassGameError(f"There is no class game {game_id!r} (it may have been deleted).")
        return tuple(int(seed) for seed in json.loads(text))

    def end_game(self, game_id: int) -> None:
        """Stop new joins and new results; what is stored stays."""
        self.store.write(lambda c: c.execute(sa.update(class_games).where(class_games.c.id == game_id)
                                             .values(status=ENDED, ended_at=utc_text())))

    def delete_game(self, game_id: int) -> None:
        """Remove a game with its players and results."""
        def work(connection: Connection) -> None:
            connection.execute(sa.delete(class_results).where(class_results.c.game_id == game_id))
            connection.execute(sa.delete(class_players).where(class_players.c.game_id == game_id))
            connection.execute(sa.delete(class_games).where(class_games.c.id == game_id))
        self.store.write(work)
        self._review_cache.forget(game_id)

    # ----- learners -----------------------------------------------------------------------------------

    def join(self, game_id: int, learner: Learner, browser: str | None = None) -> Progress:
        """Add ``learner`` to the game (joining again changes nothing) and say where they are.

        ``browser`` is the joining browser's own key (none on a hub, where the hub says who is who):
        a browser that already joined this game under another name is refused. A game that has
        ended, or whose roster does not name the learner, is refused too."""
        now = utc_text()
        mark = browser_mark(browser)
        values = {"game_id": game_id, "learner_id": learner.id, "joined_at": now, "deal_number": 1,
                  "actions": "[]", "updated_at": now, "browser": mark}

        def work(connection: Connection) -> None:
            game = self._open_in(connection, game_id)
            if game.roster is not None and name_key(learner.name) not in {name_key(name) for name in game.roster}:
                raise ClassGameError(
                    f"This class game is for the names on your teacher's list, and {learner.name} is not one of "
                    "them. Use the name your teacher wrote down, or ask your teacher to add yours.")
            if mark is not None:
                other = connection.execute(
                    sa.select(learners.c.name).join(class_players, class_players.c.learner_id == learners.c.id)
                    .where(class_players.c.game_id == game_id, class_players.c.browser == mark,
                           class_players.c.learner_id != learner.id)
                ).first()
                if other is not None:
                    raise ClassGameError(
                        f"This browser already plays this class game as {other.name}: each learner plays its deals "
                        "once, under one name. Go on as that name (\"Not you?\" above switches back).")
            _insert_or_nothing(connection, class_players, values, class_players.c.game_id)

        self.store.write(work)
        return self.progress(game_id, learner)

    def _open_in(self, connection: Connection, game_id: int) -> ClassGame:
        """The game, read with a share lock so the teacher's End waits for this transaction (and
        this one sees an End committed before it); :class:`ClassGameEndedError` once it has ended."""
        row = connection.execute(
            sa.select(*self._GAME_COLUMNS).where(class_games.c.id == game_id).with_for_update(read=True)
        ).first()
        if row is None:
            raise ClassGameError(f"There is no class game {game_id!r} (it may have been deleted).")
        game = self._game_from_row(row)
        if not game.is_open:
            raise ClassGameEndedError(
                f"Your teacher has ended the class game {game.code}: nothing more is recorded for it, and your "
                "results so far are kept.")
        return game

    def progress(self, game_id: int, learner: Learner) -> Progress:
        row = self.store.read(lambda c: c.execute(
            sa.select(class_players.c.deal_number, class_players.c.actions, class_players.c.joined_at)
            .where(class_players.c.game_id == game_id, class_players.c.learner_id == learner.id)
        ).first())
        if row is None:
            raise ClassGameError(f"{learner.name} has not joined this class game.")
        return Progress(learner.name, int(row.deal_number), _actions(row.actions), stored_moment(row.joined_at),
                        learner.id)

    def save_progress(self, game_id: int, learner: Learner, deal_number: int, actions: Sequence[Action]) -> None:
        """Keep the actions taken so far on the deal being played (only while that deal is current)."""
        self.store.write(lambda c: self.save_progress_in(c, game_id, learner, deal_number, actions))

    def save_progress_in(self, connection: Connection, game_id: int, learner: Learner, deal_number: int,
                         actions: Sequence[Action]) -> None:
        """:meth:`save_progress` inside a write transaction (refused once the game has ended)."""
        self._open_in(connection, game_id)
        connection.execute(
            sa.update(class_players)
            .where(class_players.c.game_id == game_id, class_players.c.learner_id == learner.id,
                   class_players.c.deal_number == deal_number)
            .values(actions=_actions_text(actions), updated_at=utc_text())
        )

    def record_result(self, game_id: int, learner: Learner, deal_number: int, chips: int,
                      actions: Sequence[Action]) -> bool:
        """Store the learner's result on a deal and move them to the next deal. Returns False (and
        changes nothing) when a result for that deal was already stored: the first play counts.
        Once the game has ended nothing is stored (:class:`ClassGameEndedError`)."""
        return self.store.write(lambda c: self.record_result_in(c, game_id, learner, deal_number, chips, actions))

    def record_result_in(self, connection: Connection, game_id: int, learner: Learner, deal_number: int, chips: int,
                         actions: Sequence[Action]) -> bool:
        """:meth:`record_result` inside a write transaction."""
        self._open_in(connection, game_id)
        now = utc_text()
        values = {"game_id": game_id, "learner_id": learner.id, "deal_number": deal_number, "chips": int(chips),
                  "actions": _actions_text(actions), "review": None, "review_cost": None, "finished_at": now}
        if not _insert_or_nothing(connection, class_results, values, class_results.c.deal_number):
            return False
        connection.execute(
            sa.update(class_players)
            .where(class_players.c.game_id == game_id, class_players.c.learner_id == learner.id,
                   class_players.c.deal_number <= deal_number)
            .values(deal_number=deal_number + 1, actions="[]", updated_at=now)
        )
        return True

    def record_review(self, game_id: int, learner: Learner, deal_number: int, decisions: list[dict[str, Any]]) -> None:
        """Attach the coach's review (one dict per decision, with ``chips`` given up: codes and numbers,
        :mod:`pokerlab.classroom.reviews`) to a result."""
        check_decisions(decisions)
        cost = sum(float(item.get("chips") or 0.0) for item in decisions)
        self.store.write(lambda c: c.execute(
            sa.update(class_results)
            .where(class_results.c.game_id == game_id, class_results.c.learner_id == learner.id,
                   class_results.c.deal_number == deal_number)
            .values(review=json.dumps(decisions), review_cost=cost)
        ))

    # ----- reading ------------------------------------------------------------------------------------

    def board_rows(self, game_id: int) -> tuple[ClassGame, list[Progress], list[Result], Reviews]:
        """The game, its players, results and reviews (one refresh of the board): one statement in the
        steady state (:mod:`pokerlab.classroom.board_rows` says why)."""
        def work(connection: Connection) -> tuple[Any, ...]:
            game, players, results, fingerprints = read_board(connection, game_id)
            return game, players, results, self._review_cache.reviews(connection, game_id, results, fingerprints)
        return self.store.read(work)  # type: ignore[return-value]

    def players(self, game_id: int) -> list[Progress]:
        """Everyone who joined, in the order they joined."""
        return self.store.read(lambda c: self._players(c, game_id))

    @staticmethod
    def _players(connection: Connection, game_id: int) -> list[Progress]:
        rows = connection.execute(
            sa.select(learners.c.name, class_players.c.learner_id, class_players.c.deal_number, class_players.c.joined_at)
            .join(learners, learners.c.id == class_players.c.learner_id)
            .where(class_players.c.game_id == game_id)
            .order_by(class_players.c.joined_at, learners.c.name)
        ).all()
        return [Progress(row.name, int(row.deal_number), (), stored_moment(row.joined_at), int(row.learner_id))
                for row in rows]

    def results(self, game_id: int, deal_number: int | None = None) -> list[Result]:
        """Every stored result of the game (or of one deal)."""
        return self.store.read(lambda c: self._results(c, game_id, deal_number))

    @staticmethod
    def _results(connection: Connection, game_id: int, deal_number: int | None) -> list[Result]:
        query = (sa.select(learners.c.name, class_results.c.learner_id, class_results.c.deal_number,
                           class_results.c.chips, class_results.c.review_cost, class_results.c.finished_at)
                 .join(learners, learners.c.id == class_results.c.learner_id)
                 .where(class_results.c.game_id == game_id))
        if deal_number is not None:
            query = query.where(class_results.c.deal_number == deal_number)
        rows = connection.execute(query.order_by(class_results.c.deal_number, learners.c.name)).all()
        return [Result(row.name, int(row.deal_number), int(row.chips), row.review_cost, stored_moment(row.finished_at),
                       int(row.learner_id)) for row in rows]

    def details(self, game_id: int, learner_id: int) -> list[ResultDetail]:
        """A learner's finished deals with their hands and reviews, in deal order."""
        rows = self.store.read(lambda c: c.execute(
            sa.select(class_results.c.deal_number, class_results.c.chips, class_results.c.actions, class_results.c.review)
            .where(class_results.c.game_id == game_id, class_results.c.learner_id == learner_id)
            .order_by(class_results.c.deal_number)
        ).all())
        return [ResultDetail(int(row.deal_number), int(row.chips), _actions(row.actions),
                             None if row.review is None else json.loads(row.review)) for row in rows]


def open_class_store(target: StoreTarget = None) -> ClassStore:
    """The class games of pokerlab's database (``target``: a URL, an SQLite path or a Store; default
    ``POKERLAB_DATABASE_URL``, else the SQLite file in the data folder), migrated on first use.
    A wrong or unreachable URL, or a database from a newer pokerlab, raises a plain
    :class:`~pokerlab.storage.StorageError` and changes nothing."""
    return ClassStore(open_store(target))
