"""Named mistakes kept with quiz answers (issue 28): ``quiz_results.mistake``.

A wrong answer whose choice names a mistake keeps the kind of that mistake, as the code of
:data:`pokerlab.quizzes.misconceptions.MISCONCEPTIONS` ("all-pots-together", ...), so the teacher's
board can count the class's most common misconceptions. The column is nullable: a right answer, a
question that names no mistakes, and every answer kept before this revision have none. Downgrading
drops the column.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("quiz_results", sa.Column("mistake", sa.String(48), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("quiz_results") as batch:
        batch.drop_column("mistake")
