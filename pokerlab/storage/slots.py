"""Games in progress: one slot per learner per game kind, rewritten after every action.

An app writes the whole state of the game being played (hidden cards included: the file is the
kernel's, never sent to a browser) with :func:`keep_game` after each action, together with a
short ``summary`` for the "Continue your game (hand 4, 735 chips)" button. Reopening the app asks
:func:`game_in_progress`; continuing restores the state, "New game" calls :func:`end_game`.

Slots use the atomic, checksummed save format of :mod:`pokerlab.storage.saves` (a crash leaves
the previous state or the new one, never half of each) and live in the learner's own folder,
``data_dir()/learners/<id>/playing/KIND.json``, so no learner can see or change another's.
A slot that cannot be read raises :class:`~pokerlab.storage.saves.SaveFileError` (the app can
offer a new game); one that cannot be written raises a
:class:`~pokerlab.storage.errors.StorageError` and the previous state stays.

>>> import os, tempfile
>>> from unittest import mock
>>> ada = Learner(1, "Ada", "browser")
>>> with mock.patch.dict(os.environ, {"POKERLAB_DATA_DIR": tempfile.mkdtemp()}):  # a folder of its own
...     _ = keep_game(ada, "saloon-draw", {"hand": 4}, summary="hand 4, 735 chips")
...     print(game_in_progress(ada, "saloon-draw").summary)
...     end_game(ada, "saloon-draw")
...     print(game_in_progress(ada, "saloon-draw"))
hand 4, 735 chips
None
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from pokerlab.storage.errors import from_os_error
from pokerlab.storage.learners import Learner, learner_folder
from pokerlab.storage.saves import SaveFileError, _check_kind, _read_envelope, _Refusal, save_game

PLAYING_FOLDER: Final = "playing"
MAX_SUMMARY: Final = 200


@dataclass(frozen=True)
class GameInProgress:
    """A kept game: its ``state`` (what :func:`keep_game` was given), ``summary`` and time."""

    kind: str
    state: dict[str, Any]
    summary: str
    saved_at: datetime


def slot_path(learner: Learner, kind: str) -> Path:
    """The file of ``learner``'s game in progress of ``kind``."""
    if not isinstance(learner, Learner):
        raise SaveFileError(f"A game in progress belongs to a learner; got {learner!r}.")
    return learner_folder(learner) / PLAYING_FOLDER / f"{_check_kind(kind)}.json"


def keep_game(learner: Learner, kind: str, state: dict[str, Any], *, summary: str = "") -> Path:
    """Keep ``state`` as ``learner``'s game in progress of ``kind`` (replacing the previous one)."""
    if not isinstance(summary, str) or len(summary) > MAX_SUMMARY:
        raise SaveFileError(f"A game's summary is text of at most {MAX_SUMMARY} characters; got {summary!r:.60}.")
    if not isinstance(state, dict):
        raise SaveFileError(f"A game in progress must be a dict of plain data, not a {type(state).__name__}.")
    return save_game(slot_path(learner, kind), kind, {"summary": summary, "state": state}, backup=False)


def game_in_progress(learner: Learner, kind: str) -> GameInProgress | None:
    """``learner``'s kept game of ``kind``, or ``None`` when there is none."""
    path = slot_path(learner, kind)
    if not path.is_file():
        return None
    try:
        envelope = _read_envelope(path, kind)
    except _Refusal as refusal:
        raise SaveFileError(
            f"Your game in progress cannot be continued: {refusal}. Start a new game; the file was not changed."
        ) from None
    except OSError as error:
        raise SaveFileError(f"Your game in progress cannot be read: {error.strerror}.") from None
    payload = envelope["payload"]
    if not isinstance(payload.get("state"), dict) or not isinstance(payload.get("summary"), str):
        raise SaveFileError("Your game in progress is not in the expected form. Start a new game.")
    return GameInProgress(kind, payload["state"], payload["summary"], envelope["saved_at"])


def end_game(learner: Learner, kind: str) -> None:
    """Forget ``learner``'s game in progress of ``kind`` (finished, or "New game" chosen)."""
    path = slot_path(learner, kind)
    try:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    except OSError as error:
        raise from_os_error(error, "clear your finished game") from None


def games_in_progress(learner: Learner) -> list[str]:
    """The kinds of game ``learner`` has in progress."""
    folder = learner_folder(learner) / PLAYING_FOLDER
    return sorted(path.stem for path in folder.glob("*.json")) if folder.is_dir() else []
