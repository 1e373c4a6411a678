"""One refresh of the teacher's board from the database: the game, its players and results in one
statement, and the reviews read only when new.

The board refreshes every few seconds while 30 learners write, and on a busy server each statement
is a round trip that waits its turn (25-90 ms each measured under load on PostgreSQL). So the game,
its players and its results come in one statement (:func:`board_statement`), and reviews (the
largest column, written once per result) are kept in memory (:class:`ReviewCache`) and fetched only
when new or rewritten: one statement in the steady state. Apart from the store's other reads
(:mod:`pokerlab.classroom.store`), which each read one thing plainly, because this read is shaped by
that measurement alone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from pokerlab.classroom.class_games import ClassGameError
from pokerlab.classroom.class_records import ClassGame, Progress, Result, game_from_columns, stored_moment
from pokerlab.classroom.schema import class_games, class_players, class_results
from pokerlab.storage.schema import learners

Reviews = list[tuple[str, int, list[dict[str, Any]]]]
"""Every reviewed result's ``(learner name, deal_number, decisions)``."""

Fingerprints = dict[tuple[int, int], tuple[float, int]]
"""For each reviewed result, by ``(learner id, deal_number)``: ``(review_cost, length of the review)``."""


def board_statement(game_id: int) -> sa.CompoundSelect:
    """One row for the game (kind "g"), one per player ("p") and one per result ("r"), with the
    length of each result's review as its fingerprint (the text itself is not read)."""
    def none(kind: Any) -> Any:
        return sa.cast(sa.null(), kind)

    game = sa.select(
        sa.literal("g").label("kind"), class_games.c.code.label("name"), none(sa.Integer).label("learner_id"),
        none(sa.Integer).label("deal_number"), none(sa.Integer).label("chips"), none(sa.Float).label("review_cost"),
        class_games.c.created_at.label("moment"), none(sa.Integer).label("review_length"),
        class_games.c.settings, class_games.c.status, class_games.c.teacher,
    ).where(class_games.c.id == game_id)
    players = sa.select(
        sa.literal("p"), learners.c.name, class_players.c.learner_id, class_players.c.deal_number,
        none(sa.Integer), none(sa.Float), class_players.c.joined_at, none(sa.Integer),
        none(sa.Text), none(sa.String), none(sa.String),
    ).join(learners, learners.c.id == class_players.c.learner_id).where(class_players.c.game_id == game_id)
    results = sa.select(
        sa.literal("r"), learners.c.name, class_results.c.learner_id, class_results.c.deal_number,
        class_results.c.chips, class_results.c.review_cost, class_results.c.finished_at,
        sa.func.length(class_results.c.review), none(sa.Text), none(sa.String), none(sa.String),
    ).join(learners, learners.c.id == class_results.c.learner_id).where(class_results.c.game_id == game_id)
    return sa.union_all(game, players, results)


def read_board(connection: Connection, game_id: int) -> tuple[ClassGame, list[Progress], list[Result], Fingerprints]:
    """The game, its players (in the order they joined), its results (by deal, then name) and for
    each reviewed result ``(review_cost, length of the review)``."""
    game: ClassGame | None = None
    players: list[Progress] = []
    results: list[Result] = []
    fingerprints: Fingerprints = {}
    rows = connection.execute(board_statement(game_id)).all()
    for kind, name, learner_id, deal_number, chips, review_cost, moment, review_length, settings, status, teacher in rows:
        if kind == "g":
            game = game_from_columns(game_id, name, settings, status, moment, teacher)
        elif kind == "p":
            players.append(Progress(name, int(deal_number), (), stored_moment(moment), int(learner_id)))
        else:
            results.append(Result(name, int(deal_number), int(chips), review_cost, stored_moment(moment),
                                  int(learner_id)))
            if review_length is not None:
                fingerprints[int(learner_id), int(deal_number)] = (review_cost, int(review_length))
    if game is None:
        raise ClassGameError(f"There is no class game {game_id!r} (it may have been deleted).")
    players.sort(key=lambda player: (player.joined_at, player.learner))
    results.sort(key=lambda result: (result.deal_number, result.learner))
    return game, players, results, fingerprints


class ReviewCache:
    """Reviews the board has read: (game, learner id, deal) -> ((cost, length), decisions)."""

    def __init__(self) -> None:
        self._reviews: dict[tuple[int, int, int], tuple[tuple[float, int], list[dict[str, Any]]]] = {}

    def reviews(self, connection: Connection, game_id: int, results: Sequence[Result],
                fingerprints: Fingerprints) -> Reviews:
        """Every reviewed result's ``(learner name, deal_number, decisions)``, reading only reviews
        not yet in the cache (or changed since)."""
        cache = self._reviews
        missing = [(learner_id, deal) for (learner_id, deal), mark in fingerprints.items()
                   if (game_id, learner_id, deal) not in cache or cache[game_id, learner_id, deal][0] != mark]
        if missing:
            rows = connection.execute(
                sa.select(class_results.c.learner_id, class_results.c.deal_number, class_results.c.review_cost,
                          class_results.c.review)
                .where(class_results.c.game_id == game_id, class_results.c.review.is_not(None),
                       sa.tuple_(class_results.c.learner_id, class_results.c.deal_number).in_(missing))
            ).all()
            for row in rows:
                mark = (row.review_cost, len(row.review))
                cache[game_id, int(row.learner_id), int(row.deal_number)] = (mark, list(json.loads(row.review)))
        return [(result.learner, result.deal_number, cache[game_id, result.learner_id, result.deal_number][1])
                for result in results
                if (result.learner_id, result.deal_number) in fingerprints
                and (game_id, result.learner_id, result.deal_number) in cache]

    def forget(self, game_id: int) -> None:
        """Drop a deleted game's reviews."""
        for key in [key for key in self._reviews if key[0] == game_id]:
            del self._reviews[key]
