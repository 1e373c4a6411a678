"""Saved games as versioned JSON files, written so that a crash never leaves half a save.

A save file is one JSON object, an *envelope* around the game's own ``payload``::

    {"format": "pokerlab-save", "format_version": 1, "kind": "saloon-draw",
     "pokerlab_version": "0.1.0", "saved_at": "2026-11-02T18:30:00.000000+00:00",
     "checksum": "sha256:…", "payload": {…}}

* **Atomic writes.** The new file is written to a temporary file in the same folder, flushed and
  fsynced, then moved over the old one with ``os.replace``. A crash at any moment leaves either the
  old save or the new one, never a mixture, and no temporary file is left behind on an error.
* **Backups.** When a save is overwritten, the previous file is kept beside it as ``NAME.bak``
  (one generation), unless that file is damaged: then the backup already there stays, so a good
  backup is never replaced by a damaged file. :func:`load_game` never reads it by itself; it
  mentions it when the main file is damaged, so a learner (or their teacher) can recover by
  renaming it.
* **Temporary files.** A process killed in the middle of a save (``kill -9``) leaves its temporary
  file (``.NAME.json.XXXXXXXX.tmp``) behind; the next save into that folder, and the next
  :func:`list_saves` of it, delete such files once they are :data:`STALE_TEMPORARY_SECONDS` old
  (younger ones may belong to a save under way in another process). No other file is touched.
* **Refusals.** A file that is cut short, is not JSON, has been edited, was written by a newer
  pokerlab or holds another kind of game is refused with :class:`SaveFileError`, whose message says
  what is wrong and that the file was not changed. Loading never writes anything.
* **Checksum.** ``checksum`` is the SHA-256 of the canonical JSON (sorted keys, no spaces) of the
  kind and the payload. It catches accidental damage and casual hand edits; it is *not* a defence
  against someone determined to cheat, who can recompute it.
* **Payloads** are plain JSON data: dicts with string keys, lists, strings, ints, finite floats,
  booleans and ``None``. Anything else (a tuple, a set, a NaN, a Card) is refused before a file is
  touched, so :func:`load_game` returns exactly what was saved.

A save is named by a short name or given as a path. A named save belongs to a learner: it is kept
in ``data_dir()/learners/<id>/saves/KIND/NAME.json`` and only that learner's calls (``learner=``)
list, restore, overwrite or delete it. Without ``learner`` a name means the unowned folder
``data_dir()/saves/KIND/`` of pokerlab 0.1.0, whose saves move to the first learner who claims a
name (:func:`adopt_unowned_saves`).

A save that cannot be written (read-only folder, full disk) raises a
:class:`~pokerlab.storage.errors.StorageError` subclass and leaves the previous save as it was.
Messages name a save by its name (or, for a save given as a path, its file's name); the full path is
in the error's ``details`` and the log (logger ``"pokerlab.storage"``).

>>> import tempfile, pathlib
>>> target = pathlib.Path(tempfile.mkdtemp()) / "table.json"
>>> _ = save_game(target, "saloon-draw", {"hand_number": 7, "chips": [500, 430]})
>>> load_game(target, "saloon-draw")
{'hand_number': 7, 'chips': [500, 430]}
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.language import N_
from pokerlab.storage.errors import StorageError, from_os_error, log_failure, logger
from pokerlab.storage.learners import Learner, learner_folder
from pokerlab.storage.paths import data_dir
from pokerlab.storage.schema import utc_text

FORMAT: Final = "pokerlab-save"
"""The ``format`` marker every save file carries."""
FORMAT_VERSION: Final = 1
"""The envelope version this pokerlab writes and the newest it can read."""
SAVES_FOLDER: Final = "saves"
ADOPTION_MARK: Final = ".adopted-by"
"""In 0.1.0's saves folder while its saves move to a learner: that learner's id (see
:func:`adopt_unowned_saves`)."""
_NAME_PATTERN: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,63}")
_KIND_PATTERN: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
_UNCHANGED: Final = "The file was not changed."
STALE_TEMPORARY_SECONDS: Final = 60.0
"""A temporary file of :func:`_write_atomically` this much older than now is left from a save that
was killed, and is deleted; a younger one may be a save under way."""
_TEMPORARY_PATTERN: Final = re.compile(r"\..+\.(json|bak)\.[a-z0-9_]{8}\.tmp")
"""The names of the temporary files of a save and its backup: :func:`_write_atomically` asks
``tempfile.mkstemp(prefix=".NAME.json.", suffix=".tmp")``, which puts 8 random characters (lower-case
letters, digits, ``_``) between the two."""


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
"""Why a file is not a save this game can restore (:class:`_Refusal`'s reasons, a Restore list's
"State"): the app says them again in the learner's language (:func:`pokerlab.language.retell`)."""
RESTORE_REFUSALS: Final = (
    N_("Cannot restore {label}: {refusal}. The file was not changed.{hint}"), N_("the saved game {name}"),
    N_(" The save before it is still kept, as {backup}; your teacher can put it back."),
    N_("There is no saved game named {name}.{choices}"), N_(" Saved {kind} games: {names}."),
    N_(" There are no saved {kind} games yet."),
)
"""Why :func:`load_game` did not restore a named save (with one of :data:`REFUSALS` inside), said
again in the learner's language the same way."""



def failure_text(language: str, sentence: str, doing: str, values: Mapping[str, str], places: Mapping[str, str]) -> str:
    """A learner's sentence about a storage failure in ``language``, from what it is made of (the
    catalogue messages ``sentence`` and ``doing``, the values of the places of ``doing``, and the
    ``places`` of ``sentence``: a cause and an advice, or a save's refusal in its own words, said
    again with :func:`pokerlab.language.retell`). See :class:`pokerlab.storage.guarded.KeepError`."""
    said = {name: (lang.retell(language, value, (*RESTORE_REFUSALS, *REFUSALS)) or value) if name == "error"
            else lang.gettext(language, value) for name, value in places.items()}
    return lang.gettext(language, sentence).format(doing=lang.gettext(language, doing).format(**values), **said)


class _Refusal(Exception):
    """Internal: why a file was refused, turned into a :class:`SaveFileError` by the caller.

    ``damaged``: the file is not a readable save (cut short, edited, not a save at all), as
    opposed to a good save that this call cannot use (another kind, a newer format)."""

    def __init__(self, reason: str, *, damaged: bool = True) -> None:
        super().__init__(reason)
        self.damaged = damaged


@dataclass(frozen=True)
class SaveInfo:
    """One entry of a Restore menu: a saved game and when it was saved.

    ``problem`` is ``None`` for a save that :func:`load_game` would accept; otherwise it is the
    reason it would be refused (and ``saved_at`` is ``None``).
    """

    name: str
    path: Path
    saved_at: datetime | None
    problem: str | None = None


def _pokerlab_version() -> str:
    import pokerlab

    return pokerlab.__version__


def _check_kind(kind: str) -> str:
    if not isinstance(kind, str) or not _KIND_PATTERN.fullmatch(kind):
        raise SaveFileError(
            f"{kind!r} is not a usable game kind: use lower-case letters, digits and '-', "
            f"like 'saloon-draw'."
        )
    return kind


def _is_path(path_or_name: str | os.PathLike[str]) -> bool:
    if not isinstance(path_or_name, str):
        return True
    return "/" in path_or_name or os.sep in path_or_name or path_or_name.endswith(".json")


def saves_folder(kind: str, learner: Learner | None = None) -> Path:
    """The folder where ``learner``'s saves of ``kind`` given by name live (not created here);
    without a learner, the unowned folder of pokerlab 0.1.0."""
    root = data_dir() if learner is None else learner_folder(_check_learner(learner))
    return root / SAVES_FOLDER / _check_kind(kind)


def _check_learner(learner: Learner) -> Learner:
    if not isinstance(learner, Learner):
        raise SaveFileError(f"Saves belong to a learner (pokerlab.storage.Learner); got {learner!r}.")
    return learner


def save_path(path_or_name: str | os.PathLike[str], kind: str, learner: Learner | None = None) -> Path:
    """The file a save name (``"evening game"``) or path (``"games/a.json"``) stands for."""
    _check_kind(kind)
    if _is_path(path_or_name):
        if learner is not None:
            raise SaveFileError(
                f"A learner's saves are named, not given as paths; {str(path_or_name)!r} is a path. "
                f"Use a name like 'Friday night'."
            )
        return Path(path_or_name).expanduser()
    if not _NAME_PATTERN.fullmatch(path_or_name):
        raise SaveFileError(
            f"{path_or_name!r} cannot be a save name: use 1 to 64 letters, digits, spaces, '-' or "
            f"'_', starting with a letter or digit (or give a path ending in .json)."
        )
    return saves_folder(kind, learner) / f"{path_or_name}.json"


def backup_path(path: Path) -> Path:
    """Where the previous version of the save at ``path`` is kept (``NAME.bak``)."""
    return path.with_suffix(".bak")


def _problem_in(value: Any, where: str) -> str | None:
    """The first thing in ``value`` that JSON would not give back unchanged, or ``None``."""
    if value is None or isinstance(value, (str, bool, int)):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{where} is {value!r}, which JSON cannot store"
    if isinstance(value, list):
        for position, item in enumerate(value):
            problem = _problem_in(item, f"{where}[{position}]")
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{where} has the key {key!r}; keys must be strings"
            problem = _problem_in(item, f"{where}[{key!r}]")
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


def _fsync_folder(folder: Path) -> None:
    """Make a rename durable where the platform allows it (POSIX); elsewhere do nothing."""
    if os.name != "posix":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` all at once; on any error ``path`` is as it was."""
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        try:
            stream = os.fdopen(descriptor, "wb")
        except BaseException:
            os.close(descriptor)
            raise
        with stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(path.parent)


def save_game(
    path_or_name: str | os.PathLike[str],
    kind: str,
    payload: dict[str, Any],
    *,
    now: datetime | None = None,
    learner: Learner | None = None,
    backup: bool = True,
) -> Path:
    """Save ``payload`` (a game's state as plain JSON data) and return the file's path.

    ``kind`` names the game (``"saloon-draw"``) so another game's file is never restored into it.
    An existing save of that name is replaced atomically and kept as ``NAME.bak``. ``now`` (an
    aware datetime) fixes the saved-at time, for tests; by default it is the current UTC time.
    Raises :class:`SaveFileError` for a payload that is not plain JSON data, before any file is
    touched, and a :class:`~pokerlab.storage.errors.StorageError` when the file cannot be written
    (the previous save, if any, is left as it was). ``learner`` owns a named save; ``backup=False``
    keeps no ``.bak`` (for files rewritten after every action, like games in progress).
    """
    path = save_path(path_or_name, kind, learner)
    if not isinstance(payload, dict):
        raise SaveFileError(
            f"A saved game must be a dict of plain data, not a {type(payload).__name__}; "
            f"nothing was saved."
        )
    problem = _problem_in(payload, "payload")
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
        "pokerlab_version": _pokerlab_version(),
        "saved_at": saved_at,
        "checksum": _checksum(kind, payload),
        "payload": payload,
    }
    data = json.dumps(envelope, indent=1, ensure_ascii=False, allow_nan=False).encode("utf-8") + b"\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_temporaries(path.parent)
        if backup and path.is_file():
            previous = path.read_bytes()
            if _worth_keeping(previous, path, kind):
                _write_atomically(backup_path(path), previous)
        _write_atomically(path, data)
    except OSError as error:
        raise from_os_error(error, f"save the game {_label(path_or_name, path)}", path) from None
    return path


def _worth_keeping(previous: bytes, path: Path, kind: str) -> bool:
    """Whether the file a save replaces should become its backup: yes unless it is damaged (then
    the backup already there, if any, is the last good one and stays)."""
    try:
        _check_envelope(previous, kind)
    except _Refusal as refusal:
        if refusal.damaged:
            logger.warning("saving over the damaged save %s (%s): its backup %s is kept as it was",
                           path, refusal, backup_path(path))
            return False
    return True


def _remove_stale_temporaries(folder: Path) -> None:
    """Delete the temporary files that killed saves left in ``folder`` (only names of the form
    :data:`_TEMPORARY_PATTERN`, older than :data:`STALE_TEMPORARY_SECONDS`).

    Best effort: a file that cannot be deleted (a read-only folder) is left for a later call."""
    now = time.time()
    removed: list[Path] = []
    try:
        candidates = [entry for entry in os.scandir(folder)
                      if _TEMPORARY_PATTERN.fullmatch(entry.name) and entry.is_file(follow_symlinks=False)]
    except OSError:
        return
    for entry in candidates:
        try:
            if now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMPORARY_SECONDS:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    if removed:
        logger.info("deleted temporary files of saves that were cut short: %s",
                    ", ".join(str(path) for path in removed))


def _label(path_or_name: str | os.PathLike[str], path: Path) -> str:
    """A save for a message, quoted: its name, or its file's name (never the folders above it)."""
    return repr(path.name if _is_path(path_or_name) else str(path_or_name))


def _read_envelope(path: Path, kind: str) -> dict[str, Any]:
    """The checked envelope of the save at ``path``; raises :class:`_Refusal` saying why not."""
    return _check_envelope(path.read_bytes(), kind)


def _check_envelope(data: bytes, kind: str) -> dict[str, Any]:
    """The checked envelope of the save file holding ``data``; raises :class:`_Refusal` saying why not."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _Refusal(N_("it is not text, so it is not a pokerlab save (or it is badly damaged)")) from None
    try:
        envelope = json.loads(text)
    except json.JSONDecodeError as error:
        raise _Refusal(N_("it is damaged or cut short (invalid JSON at line {line}, column {column})").format(
            line=error.lineno, column=error.colno)) from None
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise _Refusal(N_("it is not a pokerlab saved game"))
    version = envelope.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _Refusal(N_("its format version {version} is not one pokerlab ever wrote").format(version=repr(version)))
    if version > FORMAT_VERSION:
        writer = envelope.get("pokerlab_version", N_("a newer version"))
        raise _Refusal(
            N_("it was written by pokerlab {writer} in save format {version}, and this pokerlab ({mine}) reads "
               "formats up to {newest}; update pokerlab to open it").format(
                writer=writer, version=version, mine=_pokerlab_version(), newest=FORMAT_VERSION),
            damaged=False,
        )
    if envelope.get("kind") != kind:
        raise _Refusal(N_("it holds a {found} game, not a {kind} game").format(found=repr(envelope.get("kind")),
                                                                              kind=repr(kind)), damaged=False)
    payload = envelope.get("payload")
    if not isinstance(payload, dict):
        raise _Refusal(N_("its game data is missing or is not a dict"))
    if envelope.get("checksum") != _checksum(kind, payload):
        raise _Refusal(N_("its contents do not match its checksum, so it was edited or damaged after saving"))
    try:
        envelope["saved_at"] = datetime.fromisoformat(envelope["saved_at"])
    except (KeyError, TypeError, ValueError):
        raise _Refusal(N_("its saved-at time is missing or unreadable")) from None
    return envelope


def load_game(
    path_or_name: str | os.PathLike[str], kind: str, *, learner: Learner | None = None
) -> dict[str, Any]:
    """The payload saved under ``path_or_name`` (of ``learner``, for a name) for a game of ``kind``.

    Raises :class:`SaveNotFoundError` when there is no such save and :class:`SaveFileError` when
    the file is damaged, edited, from a newer pokerlab or of another kind. Nothing is ever written.
    """
    path = save_path(path_or_name, kind, learner)
    label = N_("the saved game {name}").format(name=_label(path_or_name, path))
    if not path.is_file():
        if _is_path(path_or_name):
            raise SaveNotFoundError(f"There is no saved game {path.name!r}.", str(path))
        names = [info.name for info in list_saves(kind, learner=learner)]
        choices = (N_(" Saved {kind} games: {names}.").format(kind=kind, names=", ".join(names)) if names
                   else N_(" There are no saved {kind} games yet.").format(kind=kind))
        raise SaveNotFoundError(N_("There is no saved game named {name}.{choices}").format(
            name=repr(path_or_name), choices=choices))
    try:
        envelope = _read_envelope(path, kind)
    except _Refusal as refusal:
        backup = backup_path(path)
        hint = (N_(" The save before it is still kept, as {backup}; your teacher can put it back.").format(
            backup=backup.name) if backup.is_file() else "")
        details = f"{path}: {refusal}" + (f"; backup {backup}" if hint else "")
        if refusal.damaged:
            log_failure("SaveFileError", f"restore {label}", details)
        raise SaveFileError(N_("Cannot restore {label}: {refusal}. The file was not changed.{hint}").format(
            label=label, refusal=refusal, hint=hint), details) from None
    except OSError as error:
        log_failure("SaveFileError", f"restore {label}", f"{path}: {error}")
        raise SaveFileError(f"Cannot read {label}: {error.strerror}. {_UNCHANGED}", f"{path}: {error}") from None
    return envelope["payload"]


def list_saves(kind: str, *, learner: Learner | None = None) -> list[SaveInfo]:
    """``learner``'s named saves of ``kind``, newest first; damaged ones last, each with its
    ``problem``."""
    folder = saves_folder(kind, learner)
    entries: list[SaveInfo] = []
    if folder.is_dir():
        _remove_stale_temporaries(folder)
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            envelope = _read_envelope(path, kind)
        except (_Refusal, OSError) as reason:
            entries.append(SaveInfo(path.stem, path, None, str(reason)))
        else:
            entries.append(SaveInfo(path.stem, path, envelope["saved_at"]))
    return sorted(
        entries,
        key=lambda info: (info.saved_at is None, -(info.saved_at.timestamp() if info.saved_at else 0)),
    )


def delete_game(name: str, kind: str, *, learner: Learner | None = None) -> None:
    """Delete ``learner``'s save ``name`` of ``kind`` and its backup.

    Raises :class:`SaveNotFoundError` when there is no such save (of this learner)."""
    path = save_path(name, kind, learner)
    if not path.is_file():
        raise SaveNotFoundError(f"There is no saved game named {str(name)!r} to delete.")
    try:
        for file in (path, backup_path(path)):
            with contextlib.suppress(FileNotFoundError):
                file.unlink()
    except OSError as error:
        raise from_os_error(error, f"delete the saved game {_label(name, path)}", path) from None


def take_game(name: str, kind: str, *, learner: Learner | None = None) -> dict[str, Any]:
    """Restore ``learner``'s save ``name`` and delete it in the same step: a save that is used up
    when it is restored (so a deal seen once cannot be played again from it).

    The save is deleted only after it was read and checked; if deleting fails, a
    :class:`~pokerlab.storage.errors.StorageError` is raised and the save is still there."""
    payload = load_game(name, kind, learner=learner)
    delete_game(name, kind, learner=learner)
    return payload


def adopt_unowned_saves(learner: Learner) -> list[Path]:
    """Move the saves of pokerlab 0.1.0 (``data_dir()/saves/``) into ``learner``'s folder.

    Each file moves with one ``os.replace`` (atomic, nothing is copied), so an interruption leaves
    every save either in the old place or the new one. Before the first move the old folder is
    marked with the learner's id (:data:`ADOPTION_MARK`), and the mark goes only when every file
    is handled, so :func:`resume_adoption` can finish a move that an error cut short. A file that
    would replace one of the learner's own saves is left where it is. Returns the new paths.
    """
    learner = _check_learner(learner)
    old_root = data_dir() / SAVES_FOLDER
    moved: list[Path] = []
    if not old_root.is_dir():
        return moved
    new_root = learner_folder(learner) / SAVES_FOLDER
    mark = old_root / ADOPTION_MARK
    try:
        _write_atomically(mark, str(learner.id).encode("ascii"))
        for old in sorted(old_root.glob("*/*")):
            if not old.is_file() or old.name.startswith("."):
                continue
            new = new_root / old.parent.name / old.name
            if new.exists():
                continue
            new.parent.mkdir(parents=True, exist_ok=True)
            os.replace(old, new)
            moved.append(new)
        mark.unlink()
    except OSError as error:
        raise from_os_error(error, "move the saved games of an earlier pokerlab to your name", old_root) from None
    return moved


def resume_adoption(learner: Learner) -> list[Path]:
    """Finish moving the 0.1.0 saves to ``learner`` if an earlier move to them was cut short.

    Called whenever a learner is recognised: it costs one failed file open when there is nothing
    to finish, and moves nothing for any other learner than the one the mark names."""
    mark = data_dir() / SAVES_FOLDER / ADOPTION_MARK
    try:
        owner = mark.read_bytes().strip()
    except FileNotFoundError:
        return []
    except OSError as error:
        raise from_os_error(error, "finish moving the saved games of an earlier pokerlab", mark) from None
    if owner != str(_check_learner(learner).id).encode("ascii"):
        return []
    return adopt_unowned_saves(learner)
