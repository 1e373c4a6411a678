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
  letters (Latin script, accents allowed), digits, spaces and ``' - .``; starting with a letter.
  Two names that differ only in case or spaces (``"Ada Lee"``, ``"adalee"``) are the same name
  (:func:`~pokerlab.storage.learners.name_key`). Bad input raises :class:`NameRefusedError` or
  :class:`KeyRefusedError` and nothing is stored.
* The **teacher releases** a name (``python -m pokerlab release-name NAME``, :func:`release`):
  the key hash is forgotten and the learner's data stays with the name, so the next browser that
  claims it (the learner on a new computer, say) gets it back with everything in it.
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
from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection

from pokerlab.errors import PokerlabError
from pokerlab.storage import saves
from pokerlab.storage.database import StoreTarget, open_store
from pokerlab.storage.learners import Learner, all_learners, find, from_row, name_key
from pokerlab.storage.schema import learners, utc_text

__all__ = [
    "HUB_ENV_VAR", "IdentityError", "KeyRefusedError", "Learner", "NameRefusedError", "NameTakenError",
    "all_learners", "check_key", "check_name", "claim", "find", "hash_key", "hub_learner", "hub_user",
    "key_matches", "learner_rows", "name_key", "new_key", "recognise", "release",
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
    if not character.isalpha():
        return False
    return unicodedata.name(character, "").startswith("LATIN ")


def check_name(name: str) -> str:
    """``name`` tidied (outer spaces removed, inner runs of spaces made one), or
    :class:`NameRefusedError` saying what is wrong.

    >>> check_name("  Zoë   Okafor ")
    'Zoë Okafor'
    """
    if not isinstance(name, str):
        raise NameRefusedError(f"A name is some text, like 'Ada'; got {type(name).__name__}.")
    tidy = " ".join(unicodedata.normalize("NFC", name).split())
    if not MIN_NAME_LENGTH <= len(tidy) <= MAX_NAME_LENGTH:
        raise NameRefusedError(
            f"A name has {MIN_NAME_LENGTH} to {MAX_NAME_LENGTH} characters; {tidy!r} has {len(tidy)}."
        )
    bad = sorted({c for c in tidy if not (_letter_allowed(c) or c in _ALLOWED_MARKS)})
    if bad:
        shown = " ".join(repr(c) for c in bad)
        raise NameRefusedError(
            f"A name may use letters, digits, spaces and ' - . only; {tidy!r} also has {shown}."
        )
    if not tidy[0].isalpha():
        raise NameRefusedError(f"A name starts with a letter; {tidy!r} does not.")
    return tidy


def check_key(key: str) -> str:
    """``key`` if it looks like a browser's random key, else :class:`KeyRefusedError`."""
    if not isinstance(key, str) or not MIN_KEY_LENGTH <= len(key) <= MAX_KEY_LENGTH or not _KEY_PATTERN.fullmatch(key):
        raise KeyRefusedError(
            f"The browser's key must be {MIN_KEY_LENGTH} to {MAX_KEY_LENGTH} characters of "
            f"{KEY_ALPHABET} (a random key the page makes); this one is not, so nothing was stored. "
            f"Reload the page."
        )
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
    connection.execute(learners.update().where(learners.c.id == row.id).values(
        name=name, name_key=key, kind=kind, key_hash=key_hash, adoptable=False, claimed_at=utc_text(),
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


def _taken(name: str) -> str:
    return (
        f"The name {name!r} is already taken by someone else here. Choose another name; if it is "
        f"yours (from another browser or computer), ask your teacher to release it."
    )


def claim(store: StoreTarget, name: str, key: str) -> Learner:
    """The learner for display name ``name`` held by the browser key ``key``.

    * a name this key already holds: recognised (same learner, same data);
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
    held = target.read(lambda connection: connection.execute(
        sqlalchemy.select(learners).where(learners.c.name_key == normal, learners.c.key_hash.is_not(None))
    ).first())
    if held is not None and held.kind != "hub":  # the usual visit: checked without taking a write lock
        if key_matches(key, held.key_hash):
            return _finish_adoption(from_row(held))
        raise NameTakenError(_taken(held.name))
    new_hash = hash_key(key)

    def work(connection: Connection) -> tuple[Learner, bool]:
        row = connection.execute(sqlalchemy.select(learners).where(learners.c.name_key == normal)).first()
        if row is None:
            adopted = _adopt_in(connection, display, normal, "browser", new_hash)
            if adopted is None:
                result = connection.execute(learners.insert().values(
                    name=display, name_key=normal, kind="browser", key_hash=new_hash, adoptable=False,
                    created_at=utc_text(), claimed_at=utc_text(),
                ))
                adopted_id, was_adopted = int(result.inserted_primary_key[0]), False
            else:
                adopted_id, was_adopted = adopted, True
            return Learner(adopted_id, display, "browser"), was_adopted
        if row.kind == "hub":
            raise NameTakenError(
                f"The name {row.name!r} belongs to a user of this hub; choose another name."
            )
        if row.key_hash is None:  # released by the teacher, or a name from before learners
            connection.execute(learners.update().where(learners.c.id == row.id).values(
                key_hash=new_hash, kind="browser", adoptable=False, claimed_at=utc_text(),
            ))
            return Learner(int(row.id), row.name, "browser"), bool(row.adoptable)
        if key_matches(key, row.key_hash):
            return from_row(row), False
        raise NameTakenError(_taken(row.name))

    try:
        learner, adopted = target.write(work)
    except sqlalchemy.exc.IntegrityError:  # another browser claimed the same new name just now
        learner, adopted = target.write(work)
    return _finish_adoption(learner, adopted)


def recognise(store: StoreTarget, name: str, key: str) -> Learner | None:
    """The learner if ``key`` holds ``name``; ``None`` otherwise. Changes nothing in the store
    (it may finish an interrupted move of 0.1.0's saves to this learner)."""
    try:
        normal = name_key(check_name(name))
        check_key(key)
    except IdentityError:
        return None
    row = open_store(store).read(
        lambda connection: connection.execute(
            sqlalchemy.select(learners).where(learners.c.name_key == normal)
        ).first()
    )
    if row is None or row.key_hash is None or not key_matches(key, row.key_hash):
        return None
    return _finish_adoption(from_row(row))


def hub_user() -> str | None:
    """The JupyterHub user name this server runs for, or ``None`` outside a hub."""
    user = os.environ.get(HUB_ENV_VAR, "").strip()
    return user or None


def hub_learner(store: StoreTarget = None, user: str | None = None) -> Learner | None:
    """The learner for the JupyterHub ``user`` (default ``JUPYTERHUB_USER``), made on first use;
    ``None`` outside a hub."""
    user = user if user is not None else hub_user()
    if user is None:
        return None
    if not 1 <= len(user) <= MAX_HUB_NAME_LENGTH or not user.isprintable():
        raise NameRefusedError(f"The hub user name {user!r} cannot be used as a pokerlab learner.")
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
        if adopted is not None:
            return Learner(adopted, user, "hub"), True
        result = connection.execute(learners.insert().values(
            name=user, name_key=normal, kind="hub", key_hash=None, adoptable=False,
            created_at=utc_text(), claimed_at=utc_text(),
        ))
        return Learner(int(result.inserted_primary_key[0]), user, "hub"), False

    try:
        learner, adopted = target.write(work)
    except sqlalchemy.exc.IntegrityError:
        learner, adopted = target.write(work)
    return _finish_adoption(learner, adopted)


def learner_rows(store: StoreTarget = None) -> list[tuple[str, str, bool]]:
    """``(name, kind, held)`` for every learner, oldest first; ``held`` when a browser key holds
    the name (the key hash itself never leaves this module)."""
    rows = open_store(store).read(lambda connection: connection.execute(
        sqlalchemy.select(learners.c.name, learners.c.kind, learners.c.key_hash.is_not(None)).order_by(learners.c.id)
    ).all())
    return [(str(name), str(kind), bool(held)) for name, kind, held in rows]


def release(store: StoreTarget, name: str) -> Learner:
    """Free ``name`` for the next browser that claims it (the teacher's action).

    The learner's data stays with the name. Raises :class:`IdentityError` for a name nobody holds.
    """
    if not isinstance(name, str) or not name.strip():
        raise NameRefusedError("Give the name to release, like 'Ada Lovelace'.")
    normal = name_key(name)

    def work(connection: Connection) -> Learner:
        row = connection.execute(sqlalchemy.select(learners).where(learners.c.name_key == normal)).first()
        if row is None:
            raise IdentityError(f"Nobody here has the name {name.strip()!r}, so there is nothing to release.")
        if row.kind == "hub":
            raise IdentityError(
                f"{row.name!r} is a user of this hub: the hub decides who they are, so the name "
                f"cannot be released."
            )
        connection.execute(learners.update().where(learners.c.id == row.id).values(key_hash=None))
        return from_row(row)

    return open_store(store).write(work)
