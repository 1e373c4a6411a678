"""Kept hands (issue 29, "My hands"): every finished hand a learner plays, as that learner saw it.

``kept_hands`` holds one row per learner and hand (``hand_key`` unique per learner): the game, when,
the learner's seat, the pot, what they won or lost, the hand as JSON of the learner's view (never an
opponent's hidden card), its learner's-view PHH where PHH can hold it, the seed of the coach's
review, and the coach's flags once reviewed. Nothing older is changed; downgrading drops the table.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

TIME = sa.String(40)


def upgrade() -> None:
    op.create_table(
        "kept_hands",
        sa.Column("id", sa.Integer, nullable=False, autoincrement=True),
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("hand_key", sa.String(96), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("played_at", TIME, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("pot", sa.BigInteger, nullable=False),
        sa.Column("net", sa.BigInteger, nullable=False),
        sa.Column("hand", sa.Text, nullable=False),
        sa.Column("phh", sa.Text, nullable=True),
        sa.Column("review_trials", sa.Integer, nullable=True),
        sa.Column("review_seed", sa.BigInteger, nullable=True),
        sa.Column("flags", sa.Text, nullable=True),
        sa.Column("flagged", sa.Boolean, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_kept_hands"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_kept_hands_learner_id_learners"),
        sa.UniqueConstraint("learner_id", "hand_key", name="uq_kept_hands_learner_id_hand_key"),
    )
    op.create_index("ix_kept_hands_learner", "kept_hands", ["learner_id", "played_at"])


def downgrade() -> None:
    op.drop_index("ix_kept_hands_learner", table_name="kept_hands")
    op.drop_table("kept_hands")
