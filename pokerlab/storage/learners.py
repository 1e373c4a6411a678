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

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection, Row

from pokerlab.errors import PokerlabError
from pokerlab.language import check as check_language
from pokerlab.storage.database import insert_ignore, open_store
from pokerlab.storage.paths import data_dir
from pokerlab.storage.schema import learners, utc_text
from pokerlab.storage.urls import StoreTarget

LEARNERS_FOLDER: Final = "learners"
"""Inside the data folder: ``learners/<id>/`` holds one learner's saves and games in progress."""
DEFAULT_PLAYER: Final = "you"
"""The single player of pokerlab 0.1.0 (and the name the str form of the API defaults to)."""
MAX_NAME_LENGTH: Final = 64
LOOK_KEY_LENGTH: Final = 255
"""Longest :func:`look_key` stored as it is; a longer one (a long hub user name) is stored as its
SHA-256, which compares the same way."""
LOOK_ALIKE_MARK: Final = " #"
"""Between a name and a learner's number when two existing names turned out to look alike: the
newer is shown as ``"CIeo #7"`` so that the teacher can tell the two apart (see :func:`insert_learner`)."""
SKELETON_UNICODE_VERSION: Final = "18.0.0"
"""The Unicode version of the look-alike data (glyphguard's tables) that the stored look keys were
made with. A pokerlab that moves to other data must recompute them in a migration."""


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


def look_key(name: str) -> str:
    """The form two names are compared in for looks: the Unicode TR39 confusable *skeleton* of
    the name (`glyphguard <https://pypi.org/project/glyphguard/>`_'s, on Unicode 18.0 data),
    without white space.

    The skeleton maps each character to the one it is drawn like (a capital ``I``, a ``1`` and an
    ``l`` all become ``l``; ``m`` becomes ``rn``), so names a reader cannot tell apart share a key.
    Two names are the same name when their :func:`name_key` **or** their look key match:
    ``"Ida"``/``"ida"`` by the first, ``"Ida"``/``"lda"`` by the second. The look key is *not*
    case-folded: folded before the skeleton, ``I`` would become ``i`` and "LoveIace" would no
    longer read like "Lovelace"; folded after it, every capital ``L`` would meet every capital
    ``I`` ("Ian" would be "Lan", "ELLA" would be "EILA"), though they look nothing alike.

    >>> look_key("Ada LoveIace") == look_key("Ada Lovelace") == "AdaLovelace"
    True
    >>> look_key("CIeo") == look_key("Cleo"), look_key("Ian") == look_key("Lan")
    (True, False)
    """
    from glyphguard.confusables import skeleton

    folded = re.sub(r"\s+", "", unicodedata.normalize("NFC", skeleton(unicodedata.normalize("NFKC", name))))
    if len(folded) > LOOK_KEY_LENGTH:
        return "sha256:" + hashlib.sha256(folded.encode("utf-8")).hexdigest()
    return folded


def look_alike_name(name: str, learner_id: int) -> str:
    """The name shown for a learner whose name looks like an older learner's: ``"CIeo #7"``."""
    suffix = f"{LOOK_ALIKE_MARK}{learner_id}"
    return name[: MAX_NAME_LENGTH - len(suffix)] + suffix


def look_key_taken(connection: Connection, key: str) -> bool:
    return connection.execute(sqlalchemy.select(learners.c.id).where(learners.c.look_key == key)).first() is not None


def insert_learner(connection: Connection, values: dict[str, object], *, ignore_existing: bool = False) -> int | None:
    """Insert a learner row (``values`` without ``look_key``) and return its id.

    The row gets its name's :func:`look_key` unless an older learner's name already has it. That
    happens only for learners nobody chose a name for here (a hub user, a ``str`` player of the
    API), or in the migration that introduced look keys; browser names that look like a taken one
    are refused before this. Such a learner keeps ``look_key`` NULL and is shown as
    :func:`look_alike_name`, so the board never shows two learners who read the same.

    ``ignore_existing``: a row with the same ``name_key`` written meanwhile by another process is
    left as it is and ``None`` returned (the caller looks it up).
    """
    key = look_key(str(values["name"]))
    taken = look_key_taken(connection, key)
    row = {**values, "look_key": None if taken else key}
    by_name = sqlalchemy.select(learners.c.id).where(learners.c.name_key == values["name_key"])
    if not ignore_existing:
        learner_id = int(connection.execute(learners.insert().values(**row)).inserted_primary_key[0])
    else:
        if not insert_ignore(connection, learners, row):
            if connection.execute(by_name).first() is not None:
                return None
            taken, row = True, {**row, "look_key": None}  # another writer took the look key just now
            connection.execute(learners.insert().values(**row))
        learner_id = int(connection.execute(by_name).scalar_one())
    if taken:
        connection.execute(learners.update().where(learners.c.id == learner_id).values(
            name=look_alike_name(str(values["name"]), learner_id)))
    return learner_id


def row_for_name(connection: Connection, name: str) -> Row | None:
    """The learner row whose name is the same name as ``name``: the same :func:`name_key`, else
    the same :func:`look_key`."""
    row = connection.execute(sqlalchemy.select(learners).where(learners.c.name_key == name_key(name))).first()
    if row is None:
        row = connection.execute(sqlalchemy.select(learners).where(learners.c.look_key == look_key(name))).first()
    return row


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
    values = {
        "name": " ".join(player.split()), "name_key": key, "kind": "legacy", "key_hash": None,
        "adoptable": False, "created_at": utc_text(), "claimed_at": None,
    }
    inserted = insert_learner(connection, values, ignore_existing=True)
    if inserted is not None:
        return inserted
    return int(connection.execute(sqlalchemy.select(learners.c.id).where(learners.c.name_key == key)).scalar_one())


def language_of(store: StoreTarget, learner: Learner) -> str | None:
    """The language ``learner`` chose last (a code of :data:`pokerlab.language.LANGUAGES`), or None."""
    code = open_store(store).read(
        lambda connection: connection.execute(
            sqlalchemy.select(learners.c.language).where(learners.c.id == learner.id)
        ).scalar()
    )
    return None if code is None else str(code)


def keep_language(store: StoreTarget, learner: Learner, language: str) -> None:
    """Keep ``language`` as the one ``learner`` reads pokerlab in (every page then speaks it)."""
    code = check_language(language)

    def work(connection: Connection) -> None:
        learner_id_in(connection, learner, create=False)  # UnknownLearnerError for a stranger
        connection.execute(sqlalchemy.update(learners).where(learners.c.id == learner.id).values(language=code))

    open_store(store).write(work)
