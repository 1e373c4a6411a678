"""Where a save lives: the file a save's name or path stands for, its backup, and how a message
names it.

A save is named by a short name or given as a path. A named save belongs to a learner: it is kept
in ``data_dir()/learners/<id>/saves/KIND/NAME.json`` and only that learner's calls (``learner=``)
list, restore, overwrite or delete it. Without ``learner`` a name means the unowned folder
``data_dir()/saves/KIND/`` of pokerlab 0.1.0 (whose saves move to a learner:
:mod:`~pokerlab.storage.save_adoption`). Messages name a save by its name, or for a save given as
a path by its file's name (:func:`label`), never by the folders above it.

Apart from :mod:`~pokerlab.storage.saves` because the move of 0.1.0's saves needs the same places
without the saving and restoring.

>>> save_path("games/table.json", "saloon-draw").name, backup_path(save_path("games/table.json", "saloon-draw")).name
('table.json', 'table.bak')
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Final

from pokerlab.storage.learners import Learner, learner_folder
from pokerlab.storage.paths import data_dir
from pokerlab.storage.save_envelope import SaveFileError, check_kind

__all__ = ["SAVES_FOLDER", "backup_path", "check_learner", "is_path", "label", "save_path", "saves_folder"]

SAVES_FOLDER: Final = "saves"
"""The folder of saves, in a learner's folder (and, for pokerlab 0.1.0's, in the data folder)."""
_NAME_PATTERN: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,63}")


def is_path(path_or_name: str | os.PathLike[str]) -> bool:
    """Whether ``path_or_name`` is a file's path (``"games/a.json"``) rather than a save's name."""
    if not isinstance(path_or_name, str):
        return True
    return "/" in path_or_name or os.sep in path_or_name or path_or_name.endswith(".json")


def check_learner(learner: Learner) -> Learner:
    """``learner``, or :class:`SaveFileError` when it is not a :class:`Learner`."""
    if not isinstance(learner, Learner):
        raise SaveFileError(f"Saves belong to a learner (pokerlab.storage.Learner); got {learner!r}.")
    return learner


def saves_folder(kind: str, learner: Learner | None = None) -> Path:
    """The folder where ``learner``'s saves of ``kind`` given by name live (not created here);
    without a learner, the unowned folder of pokerlab 0.1.0."""
    root = data_dir() if learner is None else learner_folder(check_learner(learner))
    return root / SAVES_FOLDER / check_kind(kind)


def save_path(path_or_name: str | os.PathLike[str], kind: str, learner: Learner | None = None) -> Path:
    """The file a save name (``"evening game"``) or path (``"games/a.json"``) stands for."""
    check_kind(kind)
    if is_path(path_or_name):
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


def label(path_or_name: str | os.PathLike[str], path: Path) -> str:
    """A save for a message, quoted: its name, or its file's name (never the folders above it)."""
    return repr(path.name if is_path(path_or_name) else str(path_or_name))
