"""Who the learner is: a JupyterHub user, or a display name claimed with a browser-held key.

* **On JupyterHub** (``JUPYTERHUB_USER`` is set) the learner is that user: :func:`hub_learner`.
  Nothing is asked, and names of hub users cannot be claimed with a key.
* **Elsewhere** the learner types a display name once. The browser makes a private random key
  (:data:`KEY_ALPHABET`, at least :data:`MIN_KEY_LENGTH` characters, e.g. 32 random bytes as
  base64url from ``crypto.getRandomValues``), keeps it (``localStorage``) and hands name and key
  to the kernel. :func:`claim` then either recognises the returning browser, or gives a free name
  to this key, or refuses a name that another key holds (:class:`NameTakenError`).
* The server stores only a **hash** of the key: ``hashlib.scrypt`` with a random 16-byte salt
  (parameters stored with it), compared with ``hmac.compare_digest`` in constant time.
* **Names** are checked by :func:`check_name`: 2 to 24 characters after spaces are tidied;
  letters of the Latin script that Unicode recommends for names and identifiers (TR39's
  Identifier_Status=Allowed: the letters of the languages written in Latin, accents included,
  but not phonetic or rare look-alikes such as ``ɑ``, ``ᴀ`` or ``ȧ``), digits, spaces and
  ``' - .``; starting with a letter. Two names are the same name when they differ only in case
  or spaces (``"Ada Lee"``, ``"adalee"``: :func:`~pokerlab.storage.learners.name_key`) or when
  they read the same (``"Ada LoveIace"`` with a capital i, ``"Ada Lovelace"``: the TR39 skeleton,
  :func:`~pokerlab.storage.learners.look_key`). Bad input raises :class:`NameRefusedError` or
  :class:`KeyRefusedError` and nothing is stored; refusals quote at most the start of the input.
* The **teacher releases** a name (``python -m pokerlab release-name NAME``, :func:`release`) in
  one of two ways. For a learner who lost their browser (new computer, cleared data): the key hash
  is forgotten and the data stays with the name, so the next browser that claims it gets it back
  with everything in it. For a name someone else took (``--set-aside``, :func:`set_aside`): the
  learner who holds it now keeps all of their data under an archived name nobody can type
  (``"Ada (set aside 3)"``), and the name starts fresh for its real owner.
* **Data from before learners** (the single "you" of pokerlab 0.1.0) goes to the first learner who
  claims a name or the first hub user seen: its wallet, ladder progress, high scores and saves.

This module claims and recognises; the rules for names and keys and the key's hash are
:mod:`~pokerlab.classroom.names_and_keys`'s, and the teacher's release and set-aside
:mod:`~pokerlab.classroom.teacher_names`'s (both importable from here too).

>>> import tempfile, pathlib
>>> store = pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3"
>>> key = new_key()
>>> ada = claim(store, "Ada  Lovelace", key)
>>> ada.name, claim(store, "ada lovelace", key) == ada
('Ada Lovelace', True)
>>> try:
...     claim(store, "ADA LOVELACE", new_key())
... except NameTakenError as refusal:
...     print(refusal)  # doctest: +ELLIPSIS
The name 'Ada Lovelace' is already taken by someone else here. ...
"""

from __future__ import annotations

import os
from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection

from pokerlab.classroom.names_and_keys import (
    KEY_ALPHABET,
    MAX_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MIN_KEY_LENGTH,
    MIN_NAME_LENGTH,
    IdentityError,
    KeyRefusedError,
    NameRefusedError,
    check_key,
    check_name,
    hash_key,
    key_matches,
    new_key,
)
from pokerlab.classroom.teacher_names import SET_ASIDE_NAME, LearnerRow, learner_rows, release, set_aside
from pokerlab.errors import quoted
from pokerlab.language import N_
from pokerlab.storage import saves
from pokerlab.storage.database import StoreTarget, open_store
from pokerlab.storage.learners import (
    Learner,
    all_learners,
    find,
    from_row,
    insert_learner,
    look_alike_name,
    look_key,
    name_key,
    row_for_name,
)
from pokerlab.storage.schema import learners, utc_text

__all__ = [
    "HUB_ENV_VAR", "KEY_ALPHABET", "MAX_KEY_LENGTH", "MAX_NAME_LENGTH", "MIN_KEY_LENGTH", "MIN_NAME_LENGTH",
    "SET_ASIDE_NAME", "IdentityError", "KeyRefusedError", "Learner", "LearnerRow", "NameRefusedError",
    "NameTakenError", "all_learners", "check_key", "check_name", "claim", "find", "hash_key", "hub_learner",
    "hub_user", "key_matches", "learner_rows", "look_key", "name_key", "new_key", "recognise", "release",
    "set_aside",
]
"""The checks of names and keys live in :mod:`~pokerlab.classroom.names_and_keys` (set its
``SCRYPT_N`` to change the hashing cost) and the teacher's commands in
:mod:`~pokerlab.classroom.teacher_names`; their names stay importable from here for code written before."""

HUB_ENV_VAR: Final = "JUPYTERHUB_USER"
MAX_HUB_NAME_LENGTH: Final = 64


class NameTakenError(IdentityError):
    """The name belongs to another browser (or to a hub user); the claim was refused."""


# --- claiming, recognising ---------------------------------------------------------------------------


def _adopt_in(connection: Connection, name: str, key: str, kind: str, key_hash: str | None) -> int | None:
    """Give the adoptable learner of a 0.1.0 data folder to this new learner; its id or None."""
    row = connection.execute(
        sqlalchemy.select(learners.c.id).where(learners.c.adoptable.is_(True)).order_by(learners.c.id).limit(1)
    ).first()
    if row is None:
        return None
    look = look_key(name)
    taken = connection.execute(
        sqlalchemy.select(learners.c.id).where(learners.c.look_key == look, learners.c.id != row.id)
    ).first() is not None
    connection.execute(learners.update().where(learners.c.id == row.id).values(
        name=look_alike_name(name, int(row.id)) if taken else name, name_key=key, look_key=None if taken else look,
        kind=kind, key_hash=key_hash, adoptable=False, claimed_at=utc_text(),
    ))
    return int(row.id)


def _finish_adoption(learner: Learner, adopted: bool = False) -> Learner:
    """Move 0.1.0's saves to a learner who just adopted its data, or finish such a move that an
    error interrupted on an earlier visit."""
    if adopted:
        saves.adopt_unowned_saves(learner)
    else:
        saves.resume_adoption(learner)
    return learner


def _taken(name: str, typed: str | None = None) -> str:
    looks = "" if typed is None or name_key(typed) == name_key(name) else N_(" ({typed} reads the same)").format(
        typed=quoted(typed))
    return N_(
        "The name {name} is already taken by someone else here{looks}. Choose another name; "
        "if it is yours (from another browser or computer), ask your teacher to release it."
    ).format(name=quoted(name), looks=looks)


def claim(store: StoreTarget, name: str, key: str) -> Learner:
    """The learner for display name ``name`` held by the browser key ``key``.

    ``name`` is looked up as the same name (:func:`~pokerlab.storage.learners.row_for_name`: the
    same case-folded form, else the same look-alike skeleton):

    * a name this key already holds: recognised (same learner, same data, the name as it was first
      written);
    * a free name: given to this key (a new learner; or, in a data folder from pokerlab 0.1.0, the
      old "you" with its data; or a name the teacher released, with its data);
    * a name held by another key or a hub user: :class:`NameTakenError`, nothing changes.

    Bad names or keys raise :class:`NameRefusedError` / :class:`KeyRefusedError` before anything
    is stored.
    """
    display = check_name(name)
    key = check_key(key)
    normal = name_key(display)
    target = open_store(store)
    held = target.read(lambda connection: row_for_name(connection, display))
    if held is not None and held.key_hash is not None and held.kind != "hub":
        # the usual visit: checked without taking a write lock
        if key_matches(key, held.key_hash):
            return _finish_adoption(from_row(held))
        raise NameTakenError(_taken(held.name, display))
    new_hash = hash_key(key)

    def work(connection: Connection) -> tuple[Learner, bool]:
        row = row_for_name(connection, display)
        if row is None:
            adopted = _adopt_in(connection, display, normal, "browser", new_hash)
            if adopted is None:
                adopted_id = insert_learner(connection, {
                    "name": display, "name_key": normal, "kind": "browser", "key_hash": new_hash,
                    "adoptable": False, "created_at": utc_text(), "claimed_at": utc_text(),
                })
                assert adopted_id is not None
                return Learner(adopted_id, display, "browser"), False
            return Learner(adopted, display, "browser"), True
        if row.kind == "hub":
            raise NameTakenError(
                N_("The name {name} belongs to a user of this hub; choose another name.").format(name=quoted(row.name))
            )
        if row.key_hash is None:  # released by the teacher, or a name from before learners
            connection.execute(learners.update().where(learners.c.id == row.id).values(
                key_hash=new_hash, kind="browser", adoptable=False, claimed_at=utc_text(),
            ))
            return Learner(int(row.id), row.name, "browser"), bool(row.adoptable)
        if key_matches(key, row.key_hash):
            return from_row(row), False
        raise NameTakenError(_taken(row.name, display))

    try:
        learner, adopted = target.write(work)
    except sqlalchemy.exc.IntegrityError:  # another browser claimed the same new name just now
        learner, adopted = target.write(work)
    return _finish_adoption(learner, adopted)


def recognise(store: StoreTarget, name: str, key: str) -> Learner | None:
    """The learner if ``key`` holds ``name`` (or a name that is the same name); ``None``
    otherwise. Changes nothing in the store (it may finish an interrupted move of 0.1.0's saves to
    this learner)."""
    try:
        display = check_name(name)
        check_key(key)
    except IdentityError:
        return None
    row = open_store(store).read(lambda connection: row_for_name(connection, display))
    if row is None or row.key_hash is None or not key_matches(key, row.key_hash):
        return None
    return _finish_adoption(from_row(row))


def hub_user() -> str | None:
    """The JupyterHub user name this server runs for, or ``None`` outside a hub."""
    user = os.environ.get(HUB_ENV_VAR, "").strip()
    return user or None


def hub_learner(store: StoreTarget = None, user: str | None = None) -> Learner | None:
    """The learner for the JupyterHub ``user`` (default ``JUPYTERHUB_USER``), made on first use;
    ``None`` outside a hub.

    A hub user is found by :func:`~pokerlab.storage.learners.name_key` only, never by looks: the
    hub vouches that ``bill1`` and ``billl`` are two people, so they never share a learner. The
    newer of two look-alike hub users is shown with its number (``"billl #9"``)."""
    user = user if user is not None else hub_user()
    if user is None:
        return None
    if not 1 <= len(user) <= MAX_HUB_NAME_LENGTH or not user.isprintable():
        raise NameRefusedError(N_("The hub user name {name} cannot be used as a pokerlab learner.").format(
            name=quoted(user)))
    normal = name_key(user)
    target = open_store(store)

    def work(connection: Connection) -> tuple[Learner, bool]:
        row = connection.execute(sqlalchemy.select(learners).where(learners.c.name_key == normal)).first()
        if row is not None:
            if row.kind != "hub":
                connection.execute(learners.update().where(learners.c.id == row.id).values(
                    kind="hub", key_hash=None, adoptable=False, claimed_at=utc_text(),
                ))
            return Learner(int(row.id), row.name, "hub"), bool(row.adoptable)
        adopted = _adopt_in(connection, user, normal, "hub", None)
        if adopted is None:
            new_id = insert_learner(connection, {
                "name": user, "name_key": normal, "kind": "hub", "key_hash": None, "adoptable": False,
                "created_at": utc_text(), "claimed_at": utc_text(),
            })
            assert new_id is not None
            adopted, was_adopted = new_id, False
        else:
            was_adopted = True
        name = connection.execute(sqlalchemy.select(learners.c.name).where(learners.c.id == adopted)).scalar_one()
        return Learner(adopted, str(name), "hub"), was_adopted

    try:
        learner, adopted = target.write(work)
    except sqlalchemy.exc.IntegrityError:
        learner, adopted = target.write(work)
    return _finish_adoption(learner, adopted)

