"""The live tables' rows in pokerlab's database: the dealer's memory across restarts.

* ``live_tables``: one row per table: its code, status and the whole table as JSON
  (:meth:`~pokerlab.dealer.tables.LiveTable.to_json`: seats, chips, the hand in play as seed and
  actions), rewritten after every change with a version that grows by one, so the rows are always
  the truth and a dealer started again goes on from them.
* ``live_results``: one row per learner per hand played at a live table (the chips won or lost),
  for the teacher's board; the key makes a second row for the same hand impossible.

Only the dealer reads or writes these tables; a learner's kernel never does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from pokerlab.storage import Store
from pokerlab.storage.database import insert_ignore
from pokerlab.storage.schema import TIME, learners, metadata, utc_text

ENDED: Final = "ended"

live_tables: Final = sa.Table(
    "live_tables", metadata,
    sa.Column("code", sa.String(16), primary_key=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("state", sa.Text, nullable=False),
    sa.Column("created_by", sa.String(64), nullable=False),
    sa.Column("created_at", TIME, nullable=False),
    sa.Column("updated_at", TIME, nullable=False),
)

live_results: Final = sa.Table(
    "live_results", metadata,
    sa.Column("code", sa.String(16), sa.ForeignKey("live_tables.code"), primary_key=True),
    sa.Column("hand_number", sa.Integer, primary_key=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
    sa.Column("net", sa.Integer, nullable=False),
    sa.Column("at", TIME, nullable=False),
)


@dataclass(frozen=True)
class LiveResult:
    """A learner's chips won or lost at one live table, over the hands they played there."""

    code: str
    learner_id: int
    name: str
    hands: int
    net: int


class TableStore:
    """The live tables kept in ``store`` (pokerlab's :class:`~pokerlab.storage.Store`)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def keep(self, code: str, status: str, version: int, state: dict[str, Any], created_by: str,
             finished_hands: list[dict[str, Any]]) -> None:
        """Store the table as it is now, with the results of hands just finished, in one transaction."""
        text = json.dumps(state, separators=(",", ":"))
        now = utc_text()

        def work(connection: Connection) -> None:
            if not insert_ignore(connection, live_tables, {
                "code": code, "status": status, "version": version, "state": text, "created_by": created_by[:64],
                "created_at": now, "updated_at": now,
            }):
                connection.execute(sa.update(live_tables).where(live_tables.c.code == code).values(
                    status=status, version=version, state=text, updated_at=now))
            for hand in finished_hands:
                for learner_id, net in hand["net"].items():
                    insert_ignore(connection, live_results, {
                        "code": code, "hand_number": int(hand["hand_number"]), "learner_id": int(learner_id),
                        "net": int(net), "at": now})

        self.store.write(work)

    def open_tables(self) -> list[dict[str, Any]]:
        """Every table not ended, as kept (oldest first)."""
        rows = self.store.read(lambda c: c.execute(
            sa.select(live_tables.c.state).where(live_tables.c.status != ENDED).order_by(live_tables.c.created_at)
        ).scalars().all())
        return [json.loads(row) for row in rows]

    def results(self) -> list[LiveResult]:
        """Each learner's result at each live table (for the teacher's board), newest tables first."""
        total = sa.func.sum(live_results.c.net)
        rows = self.store.read(lambda c: c.execute(
            sa.select(live_results.c.code, live_results.c.learner_id, learners.c.name,
                      sa.func.count().label("hands"), total.label("net"))
            .join(learners, learners.c.id == live_results.c.learner_id)
            .group_by(live_results.c.code, live_results.c.learner_id, learners.c.name)
            .order_by(live_results.c.code, total.desc())
        ).all())
        return [LiveResult(row.code, int(row.learner_id), row.name, int(row.hands), int(row.net)) for row in rows]


__all__ = ["LiveResult", "TableStore", "live_results", "live_tables"]
