"""The schema of pokerlab 0.1.0: wallets by player name, high scores, ladder progress.

A file written by pokerlab 0.1.0 already has these tables (and no ``alembic_version``): they are
left exactly as they are. A new database gets them, to be reshaped by the next revision, so every
database goes through the same steps.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "wallets" not in existing:
        op.create_table(
            "wallets",
            sa.Column("player", sa.Text, primary_key=True),
            sa.Column("balance", sa.BigInteger, nullable=False),
            sa.CheckConstraint("balance >= 0", name="wallets_balance_check"),
        )
    if "wallet_transactions" not in existing:
        op.create_table(
            "wallet_transactions",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("player", sa.Text, sa.ForeignKey("wallets.player"), nullable=False),
            sa.Column("amount", sa.BigInteger, nullable=False),
            sa.Column("balance_after", sa.BigInteger, nullable=False),
            sa.Column("reason", sa.Text, nullable=False),
            sa.Column("at", sa.Text, nullable=False),
            sa.CheckConstraint("balance_after >= 0", name="wallet_transactions_balance_check"),
        )
        op.create_index("wallet_transactions_by_player", "wallet_transactions", ["player", "id"])
    if "high_scores" not in existing:
        op.create_table(
            "high_scores",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("name", sa.Text, nullable=False),
            sa.Column("score", sa.BigInteger, nullable=False),
            sa.Column("at", sa.Text, nullable=False),
        )
        op.create_index("high_scores_by_rank", "high_scores", ["score", "at", "id"])
    if "ladder_progress" not in existing:
        op.create_table(
            "ladder_progress",
            sa.Column("player", sa.Text, primary_key=True),
            sa.Column("level", sa.Integer, nullable=False),
        )


def downgrade() -> None:
    for table in ("wallet_transactions", "wallets", "high_scores", "ladder_progress"):
        op.drop_table(table)
