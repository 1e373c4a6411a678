"""A learner's display name and their browser's key: the checks before anything is stored, and the key's hash.

* **Names** (:func:`check_name`): 2 to 24 characters after spaces are tidied; letters of the Latin
  script that Unicode recommends for names and identifiers (TR39's Identifier_Status=Allowed: the
  letters of the languages written in Latin, accents included, but not phonetic or rare look-alikes
  such as ``ɑ``, ``ᴀ`` or ``ȧ``), digits, spaces and ``' - .``; starting with a letter.
* **Keys** (:func:`check_key`): the browser's private random key, :data:`KEY_ALPHABET`, at least
  :data:`MIN_KEY_LENGTH` characters (:func:`new_key` makes one as a browser would).
* The server stores only a **hash** of the key (:func:`hash_key`): ``hashlib.scrypt`` with a random
  16-byte salt (parameters stored with it), compared with ``hmac.compare_digest`` in constant time
  (:func:`key_matches`).

Bad input raises :class:`NameRefusedError` or :class:`KeyRefusedError`; refusals quote at most the
start of the input. Apart from :mod:`pokerlab.classroom.identity` (claiming, recognising, hub users),
which uses these rules, because they touch no database: the dealer and the widgets check a key here too.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import unicodedata
from typing import Final

from pokerlab.errors import PokerlabError, quoted
from pokerlab.language import N_

MIN_NAME_LENGTH: Final = 2
MAX_NAME_LENGTH: Final = 24
MIN_KEY_LENGTH: Final = 32
MAX_KEY_LENGTH: Final = 256
KEY_ALPHABET: Final = "A-Z a-z 0-9 - _"
_KEY_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]+")
_ALLOWED_MARKS: Final = frozenset(" '-.")
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

