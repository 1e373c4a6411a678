"""Saved games as versioned JSON files, written so that a crash never leaves half a save.

A save file is one JSON object, an *envelope* around the game's own ``payload``
(:mod:`~pokerlab.storage.save_envelope`: the format, its checksum and why a file is refused)::

    {"format": "pokerlab-save", "format_version": 1, "kind": "saloon-draw",
     "pokerlab_version": "0.1.0", "saved_at": "2026-11-02T18:30:00.000000+00:00",
     "checksum": "sha256:…", "payload": {…}}

* **Atomic writes.** The new file is written to a temporary file in the same folder, flushed and
  fsynced, then moved over the old one with ``os.replace`` (:mod:`~pokerlab.storage.atomic_files`).
  A crash at any moment leaves either the old save or the new one, never a mixture, and no
  temporary file is left behind on an error.
* **Backups.** When a save is overwritten, the previous file is kept beside it as ``NAME.bak``
  (one generation), unless that file is damaged: then the backup already there stays, so a good
  backup is never replaced by a damaged file. :func:`load_game` never reads it by itself; it
  mentions it when the main file is damaged, so a learner (or their teacher) can recover by
  renaming it.
* **Temporary files.** A process killed in the middle of a save (``kill -9``) leaves its temporary
  file (``.NAME.json.XXXXXXXX.tmp``) behind; the next save into that folder, and the next
  :func:`list_saves` of it, delete such files once they are
  :data:`~pokerlab.storage.atomic_files.STALE_TEMPORARY_SECONDS` old (younger ones may belong to a
  save under way in another process). No other file is touched.
* **Refusals.** A file that is cut short, is not JSON, has been edited, was written by a newer
  pokerlab or holds another kind of game is refused with :class:`SaveFileError`, whose message says
  what is wrong and that the file was not changed. Loading never writes anything.
* **Checksum.** ``checksum`` is the SHA-256 of the canonical JSON (sorted keys, no spaces) of the
  kind and the payload. It catches accidental damage and casual hand edits; it is *not* a defence
  against someone determined to cheat, who can recompute it.
* **Payloads** are plain JSON data: dicts with string keys, lists, strings, ints, finite floats,
  booleans and ``None``. Anything else (a tuple, a set, a NaN, a Card) is refused before a file is
  touched, so :func:`load_game` returns exactly what was saved.

A save is named by a short name or given as a path (:mod:`~pokerlab.storage.save_paths`). A named
save belongs to a learner: it is kept in ``data_dir()/learners/<id>/saves/KIND/NAME.json`` and only
that learner's calls (``learner=``) list, restore, overwrite or delete it. Without ``learner`` a
name means the unowned folder ``data_dir()/saves/KIND/`` of pokerlab 0.1.0, whose saves move to
the first learner who claims a name (:func:`~pokerlab.storage.save_adoption.adopt_unowned_saves`).

A save that cannot be written (read-only folder, full disk) raises a
:class:`~pokerlab.storage.errors.StorageError` subclass and leaves the previous save as it was.
Messages name a save by its name (or, for a save given as a path, its file's name); the full path is
in the error's ``details`` and the log (logger ``"pokerlab.storage"``).

This module saves, restores, lists and deletes; it also keeps every name it had before its parts
moved out (``SaveFileError``, ``REFUSALS``, ``save_path``, ``adopt_unowned_saves``, ...), for
notebooks and other code that import them from here.

>>> import tempfile, pathlib
>>> target = pathlib.Path(tempfile.mkdtemp()) / "table.json"
>>> _ = save_game(target, "saloon-draw", {"hand_number": 7, "chips": [500, 430]})
>>> load_game(target, "saloon-draw")
{'hand_number': 7, 'chips': [500, 430]}
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from pokerlab import language as lang
from pokerlab.language import N_
from pokerlab.storage.atomic_files import STALE_TEMPORARY_SECONDS, remove_stale_temporaries, write_atomically
from pokerlab.storage.errors import from_os_error, log_failure, logger
from pokerlab.storage.learners import Learner
from pokerlab.storage.save_adoption import ADOPTION_MARK, adopt_unowned_saves, resume_adoption
from pokerlab.storage.save_envelope import (
    FORMAT,
    FORMAT_VERSION,
    REFUSALS,
    Refusal,
    SaveFileError,
    SaveNotFoundError,
    check_envelope,
    read_envelope,
    seal,
)
from pokerlab.storage.save_paths import SAVES_FOLDER, backup_path, is_path, label, save_path, saves_folder

__all__ = [
    "ADOPTION_MARK", "FORMAT", "FORMAT_VERSION", "REFUSALS", "RESTORE_REFUSALS", "SAVES_FOLDER",
    "STALE_TEMPORARY_SECONDS", "SaveFileError", "SaveInfo", "SaveNotFoundError", "adopt_unowned_saves",
    "backup_path", "delete_game", "failure_text", "list_saves", "load_game", "resume_adoption", "save_game",
    "save_path", "saves_folder", "take_game",
]

_UNCHANGED: Final = "The file was not changed."
RESTORE_REFUSALS: Final = (
    N_("Cannot restore {label}: {refusal}. The file was not changed.{hint}"), N_("the saved game {name}"),
    N_(" The save before it is still kept, as {backup}; your teacher can put it back."),
    N_("There is no saved game named {name}.{choices}"), N_(" Saved {kind} games: {names}."),
    N_(" There are no saved {kind} games yet."),
)
"""Why :func:`load_game` did not restore a named save (with one of
:data:`~pokerlab.storage.save_envelope.REFUSALS` inside), said again in the learner's language the
same way."""


def failure_text(language: str, sentence: str, doing: str, values: Mapping[str, str], places: Mapping[str, str]) -> str:
    """A learner's sentence about a storage failure in ``language``, from what it is made of (the
    catalogue messages ``sentence`` and ``doing``, the values of the places of ``doing``, and the
    ``places`` of ``sentence``: a cause and an advice, or a save's refusal in its own words, said
    again with :func:`pokerlab.language.retell`). See :class:`pokerlab.storage.guarded.KeepError`."""
    said = {name: (lang.retell(language, value, (*RESTORE_REFUSALS, *REFUSALS)) or value) if name == "error"
            else lang.gettext(language, value) for name, value in places.items()}
    return lang.gettext(language, sentence).format(doing=lang.gettext(language, doing).format(**values), **said)


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
    data = seal(kind, payload, now)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(path.parent)
        if backup and path.is_file():
            previous = path.read_bytes()
            if _worth_keeping(previous, path, kind):
                write_atomically(backup_path(path), previous)
        write_atomically(path, data)
    except OSError as error:
        raise from_os_error(error, f"save the game {label(path_or_name, path)}", path) from None
    return path


def _worth_keeping(previous: bytes, path: Path, kind: str) -> bool:
    """Whether the file a save replaces should become its backup: yes unless it is damaged (then
    the backup already there, if any, is the last good one and stays)."""
    try:
        check_envelope(previous, kind)
    except Refusal as refusal:
        if refusal.damaged:
            logger.warning("saving over the damaged save %s (%s): its backup %s is kept as it was",
                           path, refusal, backup_path(path))
            return False
    return True


def load_game(
    path_or_name: str | os.PathLike[str], kind: str, *, learner: Learner | None = None
) -> dict[str, Any]:
    """The payload saved under ``path_or_name`` (of ``learner``, for a name) for a game of ``kind``.

    Raises :class:`SaveNotFoundError` when there is no such save and :class:`SaveFileError` when
    the file is damaged, edited, from a newer pokerlab or of another kind. Nothing is ever written.
    """
    path = save_path(path_or_name, kind, learner)
    named = N_("the saved game {name}").format(name=label(path_or_name, path))
    if not path.is_file():
        if is_path(path_or_name):
            raise SaveNotFoundError(f"There is no saved game {path.name!r}.", str(path))
        names = [info.name for info in list_saves(kind, learner=learner)]
        choices = (N_(" Saved {kind} games: {names}.").format(kind=kind, names=", ".join(names)) if names
                   else N_(" There are no saved {kind} games yet.").format(kind=kind))
        raise SaveNotFoundError(N_("There is no saved game named {name}.{choices}").format(
            name=repr(path_or_name), choices=choices))
    try:
        envelope = read_envelope(path, kind)
    except Refusal as refusal:
        backup = backup_path(path)
        hint = (N_(" The save before it is still kept, as {backup}; your teacher can put it back.").format(
            backup=backup.name) if backup.is_file() else "")
        details = f"{path}: {refusal}" + (f"; backup {backup}" if hint else "")
        if refusal.damaged:
            log_failure("SaveFileError", f"restore {named}", details)
        raise SaveFileError(N_("Cannot restore {label}: {refusal}. The file was not changed.{hint}").format(
            label=named, refusal=refusal, hint=hint), details) from None
    except OSError as error:
        log_failure("SaveFileError", f"restore {named}", f"{path}: {error}")
        raise SaveFileError(f"Cannot read {named}: {error.strerror}. {_UNCHANGED}", f"{path}: {error}") from None
    return envelope["payload"]


def list_saves(kind: str, *, learner: Learner | None = None) -> list[SaveInfo]:
    """``learner``'s named saves of ``kind``, newest first; damaged ones last, each with its
    ``problem``."""
    folder = saves_folder(kind, learner)
    entries: list[SaveInfo] = []
    if folder.is_dir():
        remove_stale_temporaries(folder)
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            envelope = read_envelope(path, kind)
        except (Refusal, OSError) as reason:
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
        raise from_os_error(error, f"delete the saved game {label(name, path)}", path) from None


def take_game(name: str, kind: str, *, learner: Learner | None = None) -> dict[str, Any]:
    """Restore ``learner``'s save ``name`` and delete it in the same step: a save that is used up
    when it is restored (so a deal seen once cannot be played again from it).

    The save is deleted only after it was read and checked; if deleting fails, a
    :class:`~pokerlab.storage.errors.StorageError` is raised and the save is still there."""
    payload = load_game(name, kind, learner=learner)
    delete_game(name, kind, learner=learner)
    return payload
