"""The class-game tables, declared once with SQLAlchemy Core on pokerlab's one
:data:`~pokerlab.storage.schema.metadata` (the same on SQLite and PostgreSQL).

* ``class_games``: one row per game: its join code, the teacher's settings (JSON text), the deal
  seeds (JSON text, read only by the server: :meth:`~pokerlab.classroom.store.ClassStore.seeds`),
  open or ended, and the roster when the teacher gave one.
* ``class_players``: which learner (``learners.id``) joined which game, and where they are: the deal
  being played and the actions taken on it so far (so leaving and coming back resumes the same
  deal, never a new one), and which browser joined (one browser, one name per game).
* ``class_results``: one row per learner per deal (the primary key makes a second result
  impossible): chips won, the whole hand's actions, and the coach's review once computed.

Times are :func:`~pokerlab.storage.schema.utc_text`. The Alembic revision ``0003`` creates them; ``0005`` adds the roster and the browser.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, String, Table, Text

from pokerlab.storage.schema import TIME, metadata

class_games: Final = Table(
    "class_games", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("teacher", String(200), nullable=False),
    Column("settings", Text, nullable=False),
    Column("seeds", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", TIME, nullable=False),
    Column("ended_at", TIME, nullable=True),
    # JSON list of the names (or hub users) allowed to play, or NULL for anyone with the code.
    Column("roster", Text, nullable=True),
)

class_players: Final = Table(
    "class_players", metadata,
    Column("game_id", Integer, ForeignKey("class_games.id"), primary_key=True),
    Column("learner_id", Integer, ForeignKey("learners.id"), primary_key=True),
    Column("joined_at", TIME, nullable=False),
    Column("deal_number", Integer, nullable=False),
    Column("actions", Text, nullable=False),
    Column("updated_at", TIME, nullable=False),
    # Which browser joined (a hash of its key; NULL on a hub): one browser plays a game under one name.
    Column("browser", String(64), nullable=True),
)
Index("ix_class_players_game_id_browser", class_players.c.game_id, class_players.c.browser, unique=True)

class_results: Final = Table(
    "class_results", metadata,
    Column("game_id", Integer, ForeignKey("class_games.id"), primary_key=True),
    Column("learner_id", Integer, ForeignKey("learners.id"), primary_key=True),
    Column("deal_number", Integer, primary_key=True),
    Column("chips", Integer, nullable=False),
    Column("actions", Text, nullable=False),
    Column("review", Text, nullable=True),
    Column("review_cost", Float, nullable=True),
    Column("finished_at", TIME, nullable=False),
)
Index("ix_class_results_game_id_deal_number", class_results.c.game_id, class_results.c.deal_number)
