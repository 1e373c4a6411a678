"""The language each learner chose (issue 27): ``learners.language``.

The code of the language a learner picked on a page (``"en"``, ``"es"``: one of
:data:`pokerlab.language.LANGUAGES`), so that every page speaks it to them next time. Nullable: a
learner who never chose has none, and the browser's languages choose for them. Downgrading drops the
column (and with it only the choices).

Revision ID: 0011
Revises: 0009
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0009"  # no 0010 was made: 0011 follows 0009
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("learners", sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    # A plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+), not a batch copy of the table: other tables'
    # rows point at learners, and SQLite refuses to drop the old table under them (foreign keys are on).
    op.drop_column("learners", "language")
