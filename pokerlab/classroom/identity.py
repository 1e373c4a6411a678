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

import base64
import hashlib
import hmac
import os
import re
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection, Row

from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.storage import saves
from pokerlab.storage.database import StoreTarget, open_store
from pokerlab.storage.learners import (
    LOOK_ALIKE_MARK,
    MAX_NAME_LENGTH as MAX_STORED_NAME_LENGTH,
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
from pokerlab.text import quoted

__all__ = [
    "HUB_ENV_VAR", "IdentityError", "KeyRefusedError", "Learner", "LearnerRow", "NameRefusedError", "NameTakenError",
    "all_learners", "check_key", "check_name", "claim", "find", "hash_key", "hub_learner", "hub_user",
    "key_matches", "learner_rows", "look_key", "name_key", "new_key", "recognise", "release", "set_aside",
]

HUB_ENV_VAR: Final = "JUPYTERHUB_USER"
MIN_NAME_LENGTH: Final = 2
MAX_NAME_LENGTH: Final = 24
MIN_KEY_LENGTH: Final = 32
MAX_KEY_LENGTH: Final = 256
KEY_ALPHABET: Final = "A-Z a-z 0-9 - _"
_KEY_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]+")
_ALLOWED_MARKS: Final = frozenset(" '-.")
MAX_HUB_NAME_LENGTH: Final = 64
SCRYPT_N: int = 2**14
"""scrypt cost (memory 128 * r * N bytes = 16 MiB); stored with each hash, so raising it later
keeps old hashes valid."""
SCRYPT_R: Final = 8
SCRYPT_P: Final = 1


class IdentityError(PokerlabError):
    """A name or key that cannot be used; the message says why, and nothing was stored."""


class NameRefusedError(IdentityError):
    """A display name that breaks the rules (length, characters)."""


class KeyRefusedError(IdentityError):
    """A browser key that is not a proper random key (too short, wrong characters)."""


class NameTakenError(IdentityError):
    """The name belongs to another browser (or to a hub user); the claim was refused."""


# --- names and keys ------------------------------------------------------------------------------


def _letter_allowed(character: str) -> bool:
    if character.isdigit() and character.isascii():
        return True
    if not character.isalpha() or not unicodedata.name(character, "").startswith("LATIN "):
        return False
    from glyphguard.ucd import is_identifier_allowed

    return is_identifier_allowed(ord(character))


def check_name(name: str) -> str:
    """``name`` tidied (outer spaces removed, inner runs of spaces made one), or
    :class:`NameRefusedError` saying what is wrong.

    >>> check_name("  Zoë   Okafor ")
    'Zoë Okafor'
    """
    if not isinstance(name, str):
        raise NameRefusedError(N_("A name is some text, like 'Ada'; got {kind}.").format(kind=type(name).__name__))
    tidy = " ".join(unicodedata.normalize("NFC", name).split())
    if not MIN_NAME_LENGTH <= len(tidy) <= MAX_NAME_LENGTH:
        raise NameRefusedError(N_("A name has {low} to {high} characters; {name} has {count}.").format(
            low=MIN_NAME_LENGTH, high=MAX_NAME_LENGTH, name=quoted(tidy), count=len(tidy)))
    bad = sorted({c for c in tidy if not (_letter_allowed(c) or c in _ALLOWED_MARKS)})
    if bad:
        shown = " ".join(repr(c) for c in bad[:5]) + (" …" if len(bad) > 5 else "")
        raise NameRefusedError(N_(
            "A name may use letters, digits, spaces and ' - . only (the usual letters of languages "
            "written in Latin letters; accents are fine); {name} also has {shown}."
        ).format(name=quoted(tidy), shown=shown))
    if not tidy[0].isalpha():
        raise NameRefusedError(N_("A name starts with a letter; {name} does not.").format(name=quoted(tidy)))
    return tidy


def check_key(key: str) -> str:
    """``key`` if it looks like a browser's random key, else :class:`KeyRefusedError`."""
    if not isinstance(key, str) or not MIN_KEY_LENGTH <= len(key) <= MAX_KEY_LENGTH or not _KEY_PATTERN.fullmatch(key):
        raise KeyRefusedError(N_(
            "The browser's key must be {low} to {high} characters of "
            "{alphabet} (a random key the page makes); this one is not, so nothing was stored. "
            "Reload the page."
        ).format(low=MIN_KEY_LENGTH, high=MAX_KEY_LENGTH, alphabet=KEY_ALPHABET))
    return key


def new_key() -> str:
    """A fresh random key as a browser would make one (256 bits, base64url)."""
    return secrets.token_urlsafe(32)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def hash_key(key: str, *, salt: bytes | None = None) -> str:
    """``"scrypt$N$r$p$salt$hash"`` of ``key``: what the server stores instead of the key."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(check_key(key).encode("ascii"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def key_matches(key: str, stored: str) -> bool:
    """Whether ``key`` is the key behind the ``stored`` hash (constant-time comparison)."""
    try:
        method, n, r, p, salt, digest = stored.split("$")
        if method != "scrypt":
            return False
        expected = _unb64(digest)
        actual = hashlib.scrypt(
            key.encode("ascii"), salt=_unb64(salt), n=int(n), r=int(r), p=int(p), dklen=len(expected)
        )
    except (ValueError, UnicodeEncodeError):
        return False
    return hmac.compare_digest(actual, expected)


# --- claiming, recognising, releasing ------------------------------------------------------------


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
