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
down_revision = "0009"  # 0010 may be merged at the same time: the chain is set when both are in
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("learners", sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("language")
