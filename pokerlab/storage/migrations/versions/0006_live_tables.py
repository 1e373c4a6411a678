"""Live tables: the dealer's tables (the whole table as JSON, rewritten after every change with a
growing version) and each learner's chips won or lost per hand (:mod:`pokerlab.dealer.store`).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import pokerlab.dealer.store  # noqa: F401  (puts the tables on pokerlab's metadata, for the schema check)

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

TIME = sa.String(40)


def upgrade() -> None:
    op.create_table(
        "live_tables",
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("created_by", sa.String(64), nullable=False),
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("code", name="pk_live_tables"),
    )
    op.create_table(
        "live_results",
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("hand_number", sa.Integer, nullable=False),
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("net", sa.Integer, nullable=False),
        sa.Column("at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("code", "hand_number", "learner_id", name="pk_live_results"),
        sa.ForeignKeyConstraint(["code"], ["live_tables.code"], name="fk_live_results_code_live_tables"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_live_results_learner_id_learners"),
    )


def downgrade() -> None:
    op.drop_table("live_results")
    op.drop_table("live_tables")
