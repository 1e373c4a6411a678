"""Learner rows: who owns each wallet, ladder progress, high score, save and result.

A :class:`Learner` is what the rest of pokerlab passes around: every per-learner function takes
one and reads or writes only that learner's rows (or folder). Learners are made and checked by
:mod:`pokerlab.classroom.identity` (names, browser keys, JupyterHub users); this module only looks
them up.

For code written before learners existed, the per-learner functions also accept a bare ``str``
player name (``"you"``): it is looked up by its normal form and, when missing, created as a
``legacy`` learner without a key (a name anyone may later claim). Apps should pass learners.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection, Row

from pokerlab.errors import PokerlabError
from pokerlab.storage.database import Store, StoreTarget, insert_ignore, open_store
from pokerlab.storage.paths import data_dir
from pokerlab.storage.schema import learners, utc_text

LEARNERS_FOLDER: Final = "learners"
"""Inside the data folder: ``learners/<id>/`` holds one learner's saves and games in progress."""
DEFAULT_PLAYER: Final = "you"
"""The single player of pokerlab 0.1.0 (and the name the str form of the API defaults to)."""
MAX_NAME_LENGTH: Final = 64


class UnknownLearnerError(PokerlabError):
    """A learner that is not in this database (e.g. one from another database)."""


@dataclass(frozen=True)
class Learner:
    """A learner as stored: ``id`` keys their data, ``name`` is shown (high scores, the board).

    ``kind`` is ``"browser"`` (a name claimed with a browser key), ``"hub"`` (a JupyterHub user)
    or ``"legacy"`` (a player from before learners existed, or made by the ``str`` API).
    """

    id: int
    name: str
    kind: str

    @property
    def folder(self) -> Path:
        """This learner's folder (saves, games in progress); not created here."""
        return learner_folder(self)


def learner_folder(learner: Learner) -> Path:
    """``data_dir()/learners/<id>``: the folder of files kept for ``learner`` only."""
    return data_dir() / LEARNERS_FOLDER / str(learner.id)


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, case-folded, without any white space.

    "Ada  Lovelace", "ada lovelace" and "ADALOVELACE" share one key, so only one can exist.

    >>> name_key("  Ada  Lovelace ") == name_key("adalovelace") == "adalovelace"
    True
    """
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", name).casefold())


def from_row(row: Row) -> Learner:
    return Learner(int(row.id), str(row.name), str(row.kind))


def get(store: StoreTarget, learner_id: int) -> Learner | None:
    """The learner with ``learner_id``, or ``None``."""
    row = open_store(store).read(
        lambda connection: connection.execute(
            sqlalchemy.select(learners).where(learners.c.id == learner_id)
        ).first()
    )
    return None if row is None else from_row(row)


def find(store: StoreTarget, name: str) -> Learner | None:
    """The learner whose name has the same :func:`name_key` as ``name``, or ``None``."""
    key = name_key(name)
    row = open_store(store).read(
        lambda connection: connection.execute(
            sqlalchemy.select(learners).where(learners.c.name_key == key)
        ).first()
    )
    return None if row is None else from_row(row)


def all_learners(store: StoreTarget = None) -> list[Learner]:
    """Every learner, in the order they first appeared (for the teacher's board)."""
    rows = open_store(store).read(
        lambda connection: connection.execute(sqlalchemy.select(learners).order_by(learners.c.id)).all()
    )
    return [from_row(row) for row in rows]


def learner_id_in(connection: Connection, player: Learner | str, *, create: bool) -> int | None:
    """The id of ``player`` inside a transaction.

    A :class:`Learner` must exist (:class:`UnknownLearnerError` otherwise). A ``str`` is looked up
    by its :func:`name_key`; when missing it is created as a ``legacy`` learner if ``create``,
    else ``None`` is returned.
    """
    if isinstance(player, Learner):
        found = connection.execute(
            sqlalchemy.select(learners.c.id).where(learners.c.id == player.id)
        ).scalar()
        if found is None:
            raise UnknownLearnerError(
                f"The learner {player.name!r} (number {player.id}) is not in this pokerlab database."
            )
        return int(found)
    if not isinstance(player, str) or not player.strip() or len(player.strip()) > MAX_NAME_LENGTH:
        raise UnknownLearnerError(
            f"A player is a learner or a name of 1 to {MAX_NAME_LENGTH} characters; got {player!r}."
        )
    key = name_key(player)
    found = connection.execute(sqlalchemy.select(learners.c.id).where(learners.c.name_key == key)).scalar()
    if found is not None or not create:
        return None if found is None else int(found)
    insert_ignore(connection, learners, {
        "name": " ".join(player.split()), "name_key": key, "kind": "legacy", "key_hash": None,
        "adoptable": False, "created_at": utc_text(), "claimed_at": None,
    })
    return int(connection.execute(sqlalchemy.select(learners.c.id).where(learners.c.name_key == key)).scalar_one())


def as_store(target: StoreTarget) -> Store:
    return open_store(target)
