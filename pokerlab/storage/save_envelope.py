"""What a save file is: the versioned JSON *envelope* around a game's payload, sealed with a
checksum, and every reason a file is refused as one.

::

    {"format": "pokerlab-save", "format_version": 1, "kind": "saloon-draw",
     "pokerlab_version": "0.1.0", "saved_at": "2026-11-02T18:30:00.000000+00:00",
     "checksum": "sha256:…", "payload": {…}}

``checksum`` is the SHA-256 of the canonical JSON (sorted keys, no spaces) of the kind and the
payload. It catches accidental damage and casual hand edits; it is *not* a defence against someone
determined to cheat, who can recompute it. Payloads are plain JSON data (:func:`problem_in`), so
what is read back is exactly what was sealed.

Apart from :mod:`~pokerlab.storage.saves` (where the files live and how they are replaced) because
the games in progress of :mod:`~pokerlab.storage.slots` read the same envelope from files of their
own, and because this is all the format there is: a reader of save files needs nothing else.

>>> data = seal("saloon-draw", {"hand_number": 7})
>>> check_envelope(data, "saloon-draw")["payload"]
{'hand_number': 7}
>>> check_envelope(data, "ladder")
Traceback (most recent call last):
...
pokerlab.storage.save_envelope.Refusal: it holds a 'saloon-draw' game, not a 'ladder' game
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from datetime import datetime
from pathlib import Path
from typing import Any, Final

import pokerlab
from pokerlab.language import N_
from pokerlab.storage.errors import StorageError
from pokerlab.storage.schema import utc_text

__all__ = [
    "FORMAT", "FORMAT_VERSION", "REFUSALS", "Refusal", "SaveFileError", "SaveNotFoundError", "check_envelope",
    "check_kind", "problem_in", "read_envelope", "seal",
]

FORMAT: Final = "pokerlab-save"
"""The ``format`` marker every save file carries."""
FORMAT_VERSION: Final = 1
"""The envelope version this pokerlab writes and the newest it can read."""
_KIND_PATTERN: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


class SaveFileError(StorageError):
    """A game cannot be saved or restored; the message says why and what was left as it was."""

    cause = ""  # the message is the whole story: the apps show it as it is


class SaveNotFoundError(SaveFileError):
    """There is no saved game under the name or path asked for."""


REFUSALS: Final = (
    N_("it is not text, so it is not a pokerlab save (or it is badly damaged)"),
    N_("it is damaged or cut short (invalid JSON at line {line}, column {column})"),
    N_("it is not a pokerlab saved game"),
    N_("its format version {version} is not one pokerlab ever wrote"),
    N_("it was written by pokerlab {writer} in save format {version}, and this pokerlab ({mine}) reads "
       "formats up to {newest}; update pokerlab to open it"),
    N_("a newer version"),
    N_("it holds a {found} game, not a {kind} game"),
    N_("its game data is missing or is not a dict"),
    N_("its contents do not match its checksum, so it was edited or damaged after saving"),
    N_("its saved-at time is missing or unreadable"),
)
"""Why a file is not a save this game can restore (:class:`Refusal`'s reasons, a Restore list's
"State"): the app says them again in the learner's language (:func:`pokerlab.language.retell`)."""


class Refusal(Exception):
    """Why a file was refused (one of :data:`REFUSALS`), turned into a :class:`SaveFileError` by
    the caller, who knows which save it was.

    ``damaged``: the file is not a readable save (cut short, edited, not a save at all), as
    opposed to a good save that this call cannot use (another kind, a newer format)."""

    def __init__(self, reason: str, *, damaged: bool = True) -> None:
        super().__init__(reason)
        self.damaged = damaged


def check_kind(kind: str) -> str:
    """``kind`` (a game's name such as ``"saloon-draw"``), or :class:`SaveFileError` when it cannot
    name a folder and a save."""
    if not isinstance(kind, str) or not _KIND_PATTERN.fullmatch(kind):
        raise SaveFileError(
            f"{kind!r} is not a usable game kind: use lower-case letters, digits and '-', "
            f"like 'saloon-draw'."
        )
    return kind


def problem_in(value: Any, where: str) -> str | None:
    """The first thing in ``value`` that JSON would not give back unchanged, or ``None``."""
    if value is None or isinstance(value, (str, bool, int)):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{where} is {value!r}, which JSON cannot store"
    if isinstance(value, list):
        for position, item in enumerate(value):
            problem = problem_in(item, f"{where}[{position}]")
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{where} has the key {key!r}; keys must be strings"
            problem = problem_in(item, f"{where}[{key!r}]")
            if problem:
                return problem
        return None
    hint = "; use a list" if isinstance(value, (tuple, set, frozenset)) else ""
    return f"{where} is a {type(value).__name__}, which a save cannot hold{hint}"


def _canonical(value: Any) -> bytes:
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def _checksum(kind: str, payload: dict[str, Any]) -> str:
    return "sha256:" + hashlib.sha256(_canonical({"kind": kind, "payload": payload})).hexdigest()


def seal(kind: str, payload: dict[str, Any], now: datetime | None = None) -> bytes:
    """The bytes of a save file holding ``payload`` for a game of ``kind``, saved at ``now`` (an
    aware datetime; by default the current UTC time). Raises :class:`SaveFileError` for a payload
    that is not plain JSON data or a ``now`` without a time zone: nothing is written then."""
    if not isinstance(payload, dict):
        raise SaveFileError(
            f"A saved game must be a dict of plain data, not a {type(payload).__name__}; "
            f"nothing was saved."
        )
    problem = problem_in(payload, "payload")
    if problem:
        raise SaveFileError(f"Cannot save this game: {problem}. Nothing was saved.")
    try:
        saved_at = utc_text(now)
    except ValueError:
        raise SaveFileError("The saved-at time must carry a time zone (use timezone.utc).") from None
    envelope = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "kind": kind,
        "pokerlab_version": pokerlab.__version__,
        "saved_at": saved_at,
        "checksum": _checksum(kind, payload),
        "payload": payload,
    }
    return json.dumps(envelope, indent=1, ensure_ascii=False, allow_nan=False).encode("utf-8") + b"\n"


def read_envelope(path: Path, kind: str) -> dict[str, Any]:
    """The checked envelope of the save at ``path``; raises :class:`Refusal` saying why not (and
    ``OSError`` when the file cannot be read)."""
    return check_envelope(path.read_bytes(), kind)


def check_envelope(data: bytes, kind: str) -> dict[str, Any]:
    """The checked envelope of the save file holding ``data``, its ``saved_at`` read as a
    datetime; raises :class:`Refusal` saying why not."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refusal(N_("it is not text, so it is not a pokerlab save (or it is badly damaged)")) from None
    try:
        envelope = json.loads(text)
    except json.JSONDecodeError as error:
        raise Refusal(N_("it is damaged or cut short (invalid JSON at line {line}, column {column})").format(
            line=error.lineno, column=error.colno)) from None
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise Refusal(N_("it is not a pokerlab saved game"))
    version = envelope.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise Refusal(N_("its format version {version} is not one pokerlab ever wrote").format(version=repr(version)))
    if version > FORMAT_VERSION:
        writer = envelope.get("pokerlab_version", N_("a newer version"))
        raise Refusal(
            N_("it was written by pokerlab {writer} in save format {version}, and this pokerlab ({mine}) reads "
               "formats up to {newest}; update pokerlab to open it").format(
                writer=writer, version=version, mine=pokerlab.__version__, newest=FORMAT_VERSION),
            damaged=False,
        )
    if envelope.get("kind") != kind:
        raise Refusal(N_("it holds a {found} game, not a {kind} game").format(found=repr(envelope.get("kind")),
                                                                             kind=repr(kind)), damaged=False)
    payload = envelope.get("payload")
    if not isinstance(payload, dict):
        raise Refusal(N_("its game data is missing or is not a dict"))
    if envelope.get("checksum") != _checksum(kind, payload):
        raise Refusal(N_("its contents do not match its checksum, so it was edited or damaged after saving"))
    try:
        envelope["saved_at"] = datetime.fromisoformat(envelope["saved_at"])
    except (KeyError, TypeError, ValueError):
        raise Refusal(N_("its saved-at time is missing or unreadable")) from None
    return envelope
