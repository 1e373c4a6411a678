"""Wallet reasons as codes (issue 27): nothing stored is English.

Before this revision each line of ``wallet_transactions.reason`` was English: "Starting balance",
"Fresh start", "Ladder level 3" (its entry cost), "Ladder level 3 award". From here on it is a code
(:mod:`pokerlab.narration.wallet`): ``starting_balance``, ``fresh_start``, ``ladder_level:3``,
``ladder_award:3``, said in the reader's language when shown. A reason pokerlab never wrote (a
teacher's own script's ``Wallet.deposit(100, "Prize")``) stays as it is: it is shown as written.
Downgrading writes the same English again.

The words here are frozen copies of the English of pokerlab 0.1 (a migration must not change with the
catalogue).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02
"""

from __future__ import annotations

import re

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

FIXED = {"Starting balance": "starting_balance", "Fresh start": "fresh_start"}
LEVELS = ((re.compile(r"Ladder level (\d+)"), "ladder_level"), (re.compile(r"Ladder level (\d+) award"), "ladder_award"))


def code_of(english: str) -> str | None:
    """The code of a reason pokerlab 0.1 wrote in English; None for any other text."""
    if english in FIXED:
        return FIXED[english]
    for pattern, code in LEVELS:
        found = pattern.fullmatch(english)
        if found is not None:
            return f"{code}:{int(found.group(1))}"
    return None


def english_of(code: str) -> str | None:
    """The English pokerlab 0.1 wrote for a reason's code; None for any other text."""
    fixed = {value: key for key, value in FIXED.items()}
    if code in fixed:
        return fixed[code]
    found = re.fullmatch(r"(ladder_level|ladder_award):(\d+)", code)
    if found is None:
        return None
    return f"Ladder level {int(found.group(2))}" + (" award" if found.group(1) == "ladder_award" else "")


def _rewrite(say: object) -> None:
    lines = sa.table("wallet_transactions", sa.column("id"), sa.column("reason"))
    connection = op.get_bind()
    for reason in connection.execute(sa.select(lines.c.reason).distinct()).scalars().all():
        new = say(reason)  # type: ignore[operator]
        if new is not None and new != reason:
            connection.execute(lines.update().where(lines.c.reason == reason).values(reason=new))


def upgrade() -> None:
    _rewrite(code_of)


def downgrade() -> None:
    _rewrite(english_of)
