"""The class-game tables, declared once with SQLAlchemy Core (the same on SQLite and PostgreSQL).

* ``class_games``: one row per game: its join code, the teacher's settings (JSON), the deal seeds
  (JSON, read only by the server: :meth:`~pokerlab.classroom.store.ClassStore.seeds`), open or ended.
* ``class_players``: who joined which game, and where they are: the deal being played and the actions
  taken on it so far (so leaving and coming back resumes the same deal, never a new one).
* ``class_results``: one row per learner per deal (the primary key makes a second result impossible):
  chips won, the whole hand's actions, and the coach's review once computed.

The schema is created by the Alembic revision ``class_games`` on top of the storage migrations.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

class_games = sa.Table(
    "class_games", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("teacher", sa.String(200), nullable=False, server_default=""),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("seeds", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, server_default="open"),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
)

class_players = sa.Table(
    "class_players", metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("class_games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("learner", sa.String(200), primary_key=True),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("deal_number", sa.Integer, nullable=False, server_default="1"),
    sa.Column("actions", sa.JSON, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

class_results = sa.Table(
    "class_results", metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("class_games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("learner", sa.String(200), primary_key=True),
    sa.Column("deal_number", sa.Integer, primary_key=True),
    sa.Column("chips", sa.Integer, nullable=False),
    sa.Column("actions", sa.JSON, nullable=False),
    sa.Column("review", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("review_cost", sa.Float, nullable=True),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("class_results_by_deal", class_results.c.game_id, class_results.c.deal_number)
