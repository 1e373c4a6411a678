"""Where pokerlab keeps a learner's data: saved games, the points wallet and the high scores.

The folder is chosen in this order, so a test run or a Voilà server can always redirect it:

1. the environment variable ``POKERLAB_DATA_DIR``, when it is set and not empty;
2. the folder given to :func:`set_data_dir` (a per-process setting, e.g. from a notebook);
3. ``platformdirs.user_data_dir("pokerlab")`` (``~/.local/share/pokerlab`` on Linux).

The folder is created the first time :func:`data_dir` is asked for it.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> saved = os.environ.pop(ENV_VAR, None)
>>> set_data_dir(os.path.join(folder, "mine"))
>>> data_dir().name, data_dir().is_dir()
('mine', True)
>>> set_data_dir(None)
>>> if saved is not None: os.environ[ENV_VAR] = saved
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

import platformdirs

from pokerlab.storage.errors import StorageUnavailableError, from_os_error, storage_failure

ENV_VAR: Final = "POKERLAB_DATA_DIR"
"""Environment variable that overrides every other choice of data folder."""
DATABASE_FILENAME: Final = "pokerlab.sqlite3"
"""The SQLite file (wallet and high scores) inside the data folder."""

_configured: Path | None = None


class DataDirError(StorageUnavailableError):
    """The data folder cannot be used (for example a file is in its place)."""

    cause = "there is a file where its data folder should be"
    advice = "Tell your teacher or whoever runs this computer."


def set_data_dir(path: str | os.PathLike[str] | None) -> None:
    """Use ``path`` as the data folder for this process; ``None`` goes back to the default.

    ``POKERLAB_DATA_DIR`` still wins when it is set, so tests and servers stay in their own folder.
    """
    global _configured
    _configured = None if path is None else Path(path).expanduser()


def data_dir() -> Path:
    """The folder for pokerlab's saved data, created if it does not exist yet."""
    from_env = os.environ.get(ENV_VAR, "").strip()
    if from_env:
        folder = Path(from_env).expanduser()
    elif _configured is not None:
        folder = _configured
    else:
        folder = Path(platformdirs.user_data_dir("pokerlab", appauthor=False))
    doing = "open its data folder"
    if folder.exists() and not folder.is_dir():
        details = (f"the data folder {folder} is a file, not a folder; remove it or point {ENV_VAR} "
                   f"(or set_data_dir) at a folder")
        raise storage_failure(DataDirError, doing, details)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise from_os_error(error, doing, folder) from None
    return folder


def database_path() -> Path:
    """The default SQLite file for the wallet and the high scores."""
    return data_dir() / DATABASE_FILENAME
