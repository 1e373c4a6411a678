"""Moving pokerlab 0.1.0's saves, which belonged to nobody (``data_dir()/saves/``), into the
folder of the first learner who claims them, so that an interruption never loses one.

Each file moves with one ``os.replace`` (atomic, nothing is copied), so an interruption leaves every
save either in the old place or the new one. Before the first move the old folder is marked with
the learner's id (:data:`ADOPTION_MARK`), and the mark goes only when every file is handled, so
:func:`resume_adoption` can finish a move that an error cut short.

Apart from :mod:`~pokerlab.storage.saves` because it runs once per data folder, when
:mod:`pokerlab.classroom.identity` recognises a learner, and never while a game is saved or
restored.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from pokerlab.storage.atomic_files import write_atomically
from pokerlab.storage.errors import from_os_error
from pokerlab.storage.learners import Learner, learner_folder
from pokerlab.storage.paths import data_dir
from pokerlab.storage.save_paths import SAVES_FOLDER, check_learner

__all__ = ["ADOPTION_MARK", "adopt_unowned_saves", "resume_adoption"]

ADOPTION_MARK: Final = ".adopted-by"
"""In 0.1.0's saves folder while its saves move to a learner: that learner's id (see
:func:`adopt_unowned_saves`)."""


def adopt_unowned_saves(learner: Learner) -> list[Path]:
    """Move the saves of pokerlab 0.1.0 (``data_dir()/saves/``) into ``learner``'s folder.

    Each file moves with one ``os.replace`` (atomic, nothing is copied), so an interruption leaves
    every save either in the old place or the new one. Before the first move the old folder is
    marked with the learner's id (:data:`ADOPTION_MARK`), and the mark goes only when every file
    is handled, so :func:`resume_adoption` can finish a move that an error cut short. A file that
    would replace one of the learner's own saves is left where it is. Returns the new paths.
    """
    learner = check_learner(learner)
    old_root = data_dir() / SAVES_FOLDER
    moved: list[Path] = []
    if not old_root.is_dir():
        return moved
    new_root = learner_folder(learner) / SAVES_FOLDER
    mark = old_root / ADOPTION_MARK
    try:
        write_atomically(mark, str(learner.id).encode("ascii"))
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
    if owner != str(check_learner(learner).id).encode("ascii"):
        return []
    return adopt_unowned_saves(learner)
