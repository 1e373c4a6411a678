"""Learners: wallet, ladder progress and high scores per learner; lesson progress and quiz results.

Every player of the 0.1.0 schema (a name in ``wallets``, ``wallet_transactions`` or
``ladder_progress``) becomes a learner of kind ``legacy`` with no key, so nothing is lost. The
single "you" of 0.1.0 is marked ``adoptable``: the first learner to claim a name takes it over with
its wallet, history, ladder progress and saves. High scores whose name is one of those players are
linked to that learner (so "you" scores show the adopter's name); other names stay as text.

The old tables are read into memory, dropped and created anew in the same transaction (SQLite and
PostgreSQL both roll DDL back), so a failure halfway leaves the 0.1.0 tables as they were.
Downgrading is not supported: it would have to merge learners back into bare names.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timezone

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TIME = sa.String(40)


def _name_key(name: str) -> str:
    """Frozen copy of pokerlab.classroom.identity.name_key as of this revision."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", name).casefold())


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _create_tables() -> dict[str, sa.Table]:
    learners = op.create_table(
        "learners",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("key_hash", sa.String(255), nullable=True),
        sa.Column("adoptable", sa.Boolean, nullable=False),
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("claimed_at", TIME, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_learners"),
        sa.UniqueConstraint("name_key", name="uq_learners_name_key"),
        sa.CheckConstraint("kind IN ('browser', 'hub', 'legacy')", name="ck_learners_kind"),
    )
    wallets = op.create_table(
        "wallets",
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("balance", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("learner_id", name="pk_wallets"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_wallets_learner_id_learners"),
        sa.CheckConstraint("balance >= 0", name="ck_wallets_balance_not_negative"),
    )
    transactions = op.create_table(
        "wallet_transactions",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
        sa.Column("balance_after", sa.BigInteger, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_wallet_transactions"),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learners.id"], name="fk_wallet_transactions_learner_id_learners"
        ),
        sa.CheckConstraint("balance_after >= 0", name="ck_wallet_transactions_balance_after_not_negative"),
    )
    op.create_index("ix_wallet_transactions_learner", "wallet_transactions", ["learner_id", "id"])
    scores = op.create_table(
        "high_scores",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("learner_id", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("score", sa.BigInteger, nullable=False),
        sa.Column("at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_high_scores"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_high_scores_learner_id_learners"),
    )
    op.create_index("ix_high_scores_rank", "high_scores", ["score", "at", "id"])
    ladder = op.create_table(
        "ladder_progress",
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("level", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("learner_id", name="pk_ladder_progress"),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learners.id"], name="fk_ladder_progress_learner_id_learners"
        ),
    )
    op.create_table(
        "lesson_progress",
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("lesson", sa.String(64), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("steps", sa.Integer, nullable=True),
        sa.Column("done", sa.Boolean, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "lesson", name="pk_lesson_progress"),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["learners.id"], name="fk_lesson_progress_learner_id_learners"
        ),
    )
    op.create_table(
        "quiz_results",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("learner_id", sa.Integer, nullable=False),
        sa.Column("quiz", sa.String(64), nullable=False),
        sa.Column("level", sa.String(32), nullable=False),
        sa.Column("question", sa.Text, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_quiz_results"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_quiz_results_learner_id_learners"),
    )
    op.create_index("ix_quiz_results_learner", "quiz_results", ["learner_id", "quiz", "id"])
    return {
        "learners": learners, "wallets": wallets, "wallet_transactions": transactions,
        "high_scores": scores, "ladder_progress": ladder,
    }


def upgrade() -> None:
    bind = op.get_bind()
    old = sa.MetaData()
    old.reflect(bind, only=["wallets", "wallet_transactions", "high_scores", "ladder_progress"])
    rows = {
        name: [dict(row._mapping) for row in bind.execute(sa.select(table).order_by(*table.primary_key.columns))]
        for name, table in old.tables.items()
    }
    for name in ("wallet_transactions", "high_scores", "wallets", "ladder_progress"):
        op.drop_table(name)
    new = _create_tables()

    players: list[str] = []
    for row in rows["wallets"] + rows["wallet_transactions"] + rows["ladder_progress"]:
        if row["player"] not in players:
            players.append(row["player"])
    if "you" in players:  # the adoptable learner gets the lowest id
        players.remove("you")
        players.insert(0, "you")
    ids: dict[str, int] = {}
    keys: set[str] = set()
    now = _now()
    for player in players:
        key = _name_key(player)[:60] or "player"
        unique, number = key, 1
        while unique in keys:  # 0.1.0 allowed "Ada" and "ada" as two players; keep both apart
            number += 1
            unique = f"{key}~{number}"
        keys.add(unique)
        result = bind.execute(
            new["learners"].insert().values(
                name=player.strip()[:64] or "player", name_key=unique, kind="legacy", key_hash=None,
                adoptable=player == "you", created_at=now, claimed_at=None,
            )
        )
        ids[player] = result.inserted_primary_key[0]

    def copy(table: str, values: list[dict[str, object]]) -> None:
        if values:
            bind.execute(new[table].insert(), values)

    copy("wallets", [{"learner_id": ids[r["player"]], "balance": r["balance"]} for r in rows["wallets"]])
    copy("wallet_transactions", [
        {"learner_id": ids[r["player"]], "amount": r["amount"], "balance_after": r["balance_after"],
         "reason": r["reason"], "at": r["at"]}
        for r in rows["wallet_transactions"]
    ])
    copy("ladder_progress", [
        {"learner_id": ids[r["player"]], "level": r["level"]} for r in rows["ladder_progress"]
    ])
    copy("high_scores", [
        {"learner_id": ids.get(r["name"]), "name": r["name"][:64], "score": r["score"], "at": r["at"]}
        for r in rows["high_scores"]
    ])


def downgrade() -> None:
    raise NotImplementedError("pokerlab cannot go back to the 0.1.0 schema: learners cannot be merged into names.")
