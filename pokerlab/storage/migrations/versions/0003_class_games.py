"""Class games: games (join code, settings, server-only deal seeds), who joined and where they are,
one result per learner per deal (see :mod:`pokerlab.classroom.schema`).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import pokerlab.classroom.schema  # noqa: F401  (puts the tables on pokerlab's metadata, for the schema check)

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TIME = sa.String(40)


def upgrade() -> None:
    op.create_table(
        "class_games",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("teacher", sa.String(200), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("seeds", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("ended_at", TIME, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_class_games"),
        sa.UniqueConstraint("code", name="uq_class_games_code"),
    )
    op.create_table(
        "class_players",
        sa.Column("game_id", sa.Integer, nullable=False),
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("joined_at", TIME, nullable=False),
        sa.Column("deal_number", sa.Integer, nullable=False),
        sa.Column("actions", sa.Text, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "learner_id", name="pk_class_players"),
        sa.ForeignKeyConstraint(["game_id"], ["class_games.id"], name="fk_class_players_game_id_class_games"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_class_players_learner_id_learners"),
    )
    op.create_table(
        "class_results",
        sa.Column("game_id", sa.Integer, nullable=False),
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("deal_number", sa.Integer, nullable=False),
        sa.Column("chips", sa.Integer, nullable=False),
        sa.Column("actions", sa.Text, nullable=False),
        sa.Column("review", sa.Text, nullable=True),
        sa.Column("review_cost", sa.Float, nullable=True),
        sa.Column("finished_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "learner_id", "deal_number", name="pk_class_results"),
        sa.ForeignKeyConstraint(["game_id"], ["class_games.id"], name="fk_class_results_game_id_class_games"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_class_results_learner_id_learners"),
    )
    op.create_index("ix_class_results_game_id_deal_number", "class_results", ["game_id", "deal_number"])


def downgrade() -> None:
    op.drop_index("ix_class_results_game_id_deal_number", table_name="class_results")
    op.drop_table("class_results")
    op.drop_table("class_players")
    op.drop_table("class_games")
