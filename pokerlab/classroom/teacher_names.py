"""What the teacher does with learners' names: list them (``python -m pokerlab names``), release one,
set one aside (``python -m pokerlab release-name NAME [--set-aside]``).

* :func:`release`, for a learner who lost their browser (new computer, cleared data): the key hash is
  forgotten and the data stays with the name, so the next browser that claims it gets it back with
  everything in it.
* :func:`set_aside`, for a name someone else took: the learner who holds it now keeps all of their
  data under an archived name nobody can type (``"Ada (set aside 3)"``), and the name starts fresh for
  its real owner.

Apart from :mod:`pokerlab.classroom.identity` (a learner's own claim) because these are the teacher's
commands, run from a console, never from a learner's page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection, Row

from pokerlab.classroom.names_and_keys import IdentityError, NameRefusedError
from pokerlab.errors import quoted
from pokerlab.storage.database import StoreTarget, open_store
from pokerlab.storage.learners import LOOK_ALIKE_MARK, Learner, from_row, look_key, row_for_name
from pokerlab.storage.learners import MAX_NAME_LENGTH as MAX_STORED_NAME_LENGTH
from pokerlab.storage.schema import learners, utc_text


@dataclass(frozen=True)
class LearnerRow:
    """One line of ``python -m pokerlab names``."""

    name: str
    kind: str
    held: bool
    """A browser key holds the name."""
    set_aside: bool
    """Set aside by the teacher (``release-name --set-aside``): kept with its data, nobody's name."""
    looks_like: str | None
    """The older learner whose name reads the same (a name stored before names were compared by
    looks), or ``None``."""


def learner_rows(store: StoreTarget = None) -> list[LearnerRow]:
    """Every learner, oldest first (the key hash itself never leaves this module)."""
    rows = open_store(store).read(lambda connection: connection.execute(
        sqlalchemy.select(learners.c.name, learners.c.kind, learners.c.key_hash.is_not(None).label("held"),
                          learners.c.look_key, learners.c.set_aside_at, learners.c.name_key)
        .order_by(learners.c.id)
    ).all())
    owners = {row.look_key: str(row.name) for row in rows if row.look_key is not None}
    result = []
    for row in rows:
        looks_like = None
        if row.look_key is None and row.set_aside_at is None:
            base = str(row.name).rsplit(LOOK_ALIKE_MARK, 1)[0]
            looks_like = owners.get(look_key(base))
        result.append(LearnerRow(str(row.name), str(row.kind), bool(row.held), row.set_aside_at is not None, looks_like))
    return result


def _row_to_free(connection: Connection, name: object, verb: str) -> Row:
    if not isinstance(name, str) or not name.strip():
        raise NameRefusedError(f"Give the name to {verb}, like 'Ada Lovelace'.")
    row = row_for_name(connection, name.strip())
    if row is None or row.set_aside_at is not None:
        raise IdentityError(f"Nobody here has the name {quoted(name.strip())}, so there is nothing to {verb}.")
    if row.kind == "hub":
        raise IdentityError(
            f"{quoted(row.name)} is a user of this hub: the hub decides who they are, so the name "
            f"cannot be released or set aside."
        )
    return row


def release(store: StoreTarget, name: str) -> Learner:
    """Free ``name`` for the next browser that claims it, **with** the learner's data (the
    teacher's action for a learner who lost their browser). Raises :class:`IdentityError` for a
    name nobody holds."""

    def work(connection: Connection) -> Learner:
        row = _row_to_free(connection, name, "release")
        connection.execute(learners.update().where(learners.c.id == row.id).values(key_hash=None))
        return from_row(row)

    return open_store(store).write(work)


SET_ASIDE_NAME: Final = "{name} (set aside {id})"
"""The archived name of a learner set aside: parentheses never pass :func:`check_name`, so nobody
can claim it, and the learner number keeps two archived Adas apart. Its ``name_key`` is
``"set aside N"``, with spaces, which no :func:`~pokerlab.storage.learners.name_key` ever is."""


def set_aside(store: StoreTarget, name: str) -> Learner:
    """Free ``name`` **without** the data of whoever holds it now (the teacher's action when
    someone else took a learner's name).

    The learner row that holds the name keeps its number, so its wallet, ladder progress, scores,
    results, saves and games in progress (all kept by learner number) stay together with it under
    the archived name :data:`SET_ASIDE_NAME`; its browser key is forgotten. The name itself starts
    fresh: the next browser that claims it is a new learner with nothing in it. Returns the learner
    as it is now (archived). Raises :class:`IdentityError` for a name nobody holds.
    """

    def work(connection: Connection) -> Learner:
        row = _row_to_free(connection, name, "set aside")
        archived = SET_ASIDE_NAME.format(name=row.name, id=row.id)
        if len(archived) > MAX_STORED_NAME_LENGTH:
            archived = SET_ASIDE_NAME.format(name=row.name[: MAX_STORED_NAME_LENGTH - len(archived)], id=row.id)
        connection.execute(learners.update().where(learners.c.id == row.id).values(
            name=archived, name_key=f"set aside {row.id}", look_key=None, key_hash=None, adoptable=False,
            set_aside_at=utc_text(),
        ))
        return Learner(int(row.id), archived, str(row.kind))

    return open_store(store).write(work)
