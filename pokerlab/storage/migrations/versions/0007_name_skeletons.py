"""Names compared by looks (TR39 skeletons); learners set aside by the teacher; the shared wait
after wrong teacher passwords.

* ``learners.look_key`` (unique): the name's look-alike key, :func:`_look_key` below (a frozen
  copy of ``pokerlab.storage.learners.look_key`` as of this revision: glyphguard's TR39 skeleton on
  Unicode 18.0 data, without spaces; not case-folded).
* ``learners.set_aside_at``: set by ``release-name --set-aside``.
* ``login_waits``: the wrong-password count and the time of the next allowed try, one row per door.

**Names that look alike already.** Two learners stored before this revision may have names that
only now count as the same name ("Cleo" and "CIeo" with a capital i, "Ada1" and "Adal"). Nothing
is merged and nothing is lost: learners are taken oldest first (by id); the first keeps the look
key, and each later one keeps its data, its ``name_key`` (so its browser is still recognised when
it types its name) and gets ``look_key`` NULL and the shown name ``"CIeo #7"`` (its learner
number), so the teacher can tell the two apart on the board. New look-alikes of either are
refused from then on, because the older learner's look key is taken.

Downgrading drops the new columns and table (the ``#7`` names stay as they are).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

TIME = sa.String(40)
LOOK_KEY_LENGTH = 255
MAX_NAME_LENGTH = 64


def _look_key(name: str) -> str:
    """Frozen copy of pokerlab.storage.learners.look_key as of this revision."""
    from glyphguard.confusables import skeleton

    folded = re.sub(r"\s+", "", unicodedata.normalize("NFC", skeleton(unicodedata.normalize("NFKC", name))))
    if len(folded) > LOOK_KEY_LENGTH:
        return "sha256:" + hashlib.sha256(folded.encode("utf-8")).hexdigest()
    return folded


def _look_alike_name(name: str, learner_id: int) -> str:
    suffix = f" #{learner_id}"
    return name[: MAX_NAME_LENGTH - len(suffix)] + suffix


def upgrade() -> None:
    op.add_column("learners", sa.Column("look_key", sa.String(255), nullable=True))
    op.add_column("learners", sa.Column("set_aside_at", TIME, nullable=True))
    bind = op.get_bind()
    learners = sa.table(
        "learners", sa.column("id", sa.Integer), sa.column("name", sa.String), sa.column("look_key", sa.String)
    )
    taken: set[str] = set()
    for learner_id, name in bind.execute(sa.select(learners.c.id, learners.c.name).order_by(learners.c.id)).all():
        key = _look_key(name)
        if key in taken:
            bind.execute(learners.update().where(learners.c.id == learner_id).values(
                name=_look_alike_name(name, learner_id)))
            continue
        taken.add(key)
        bind.execute(learners.update().where(learners.c.id == learner_id).values(look_key=key))
    # A unique index rather than a constraint: SQLite adds it without rebuilding the table (which
    # the other tables' foreign keys to learners would not allow inside the migration).
    op.create_index("uq_learners_look_key", "learners", ["look_key"], unique=True)
    op.create_table(
        "login_waits",
        sa.Column("door", sa.String(32), nullable=False),
        sa.Column("misses", sa.Integer, nullable=False),
        sa.Column("last_miss_at", TIME, nullable=True),
        sa.Column("next_try_at", TIME, nullable=True),
        sa.PrimaryKeyConstraint("door", name="pk_login_waits"),
    )


def downgrade() -> None:
    op.drop_table("login_waits")
    op.drop_index("uq_learners_look_key", table_name="learners")
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("set_aside_at")
        batch.drop_column("look_key")
