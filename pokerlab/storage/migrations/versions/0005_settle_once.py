"""Settled once: games in progress move from files into the database, where a page holds one and
every step is one transaction; settlements keyed by the game; class games get a roster and remember
the browser that joined.

* ``kept_games``: one game in progress per learner and app, with the page that holds it and a
  version that grows with every stored step (:mod:`pokerlab.storage.slots`). The files of older
  pokerlab versions (``learners/<id>/playing/KIND.json``) are read into it on first use.
* ``settlements``: what a game paid and was paid, unique per game and step, so settling twice
  changes nothing (:mod:`pokerlab.storage.settlements`).
* ``class_games.roster`` and ``class_players.browser`` (:mod:`pokerlab.classroom.store`).

Revision ID: 0005
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0003"
branch_labels = None
depends_on = None

TIME = sa.String(40)


def upgrade() -> None:
    op.create_table(
        "kept_games",
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("app", sa.String(32), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("summary", sa.String(200), nullable=False),
        sa.Column("started_at", TIME, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "app", name="pk_kept_games"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_kept_games_learner_id_learners"),
    )
    op.create_table(
        "settlements",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("step", sa.String(16), nullable=False),
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("app", sa.String(32), nullable=False),
        sa.Column("level", sa.Integer, nullable=True),
        sa.Column("points", sa.BigInteger, nullable=False),
        sa.Column("score", sa.BigInteger, nullable=True),
        sa.Column("at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_settlements"),
        sa.UniqueConstraint("game_id", "step", name="uq_settlements_game_id_step"),
        sa.CheckConstraint("step IN ('entry', 'award')", name="ck_settlements_step"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_settlements_learner_id_learners"),
    )
    with op.batch_alter_table("class_games") as batch:
        batch.add_column(sa.Column("roster", sa.Text, nullable=True))
    with op.batch_alter_table("class_players") as batch:
        batch.add_column(sa.Column("browser", sa.String(64), nullable=True))
    op.create_index("ix_class_players_game_id_browser", "class_players", ["game_id", "browser"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_class_players_game_id_browser", table_name="class_players")
    with op.batch_alter_table("class_players") as batch:
        batch.drop_column("browser")
    with op.batch_alter_table("class_games") as batch:
        batch.drop_column("roster")
    op.drop_table("settlements")
    op.drop_table("kept_games")
