"""Replacing a file all at once, so that a crash never leaves half of it, and clearing away the
temporary files of writes that were killed.

:func:`write_atomically` writes the new bytes to a temporary file in the same folder, flushes and
fsyncs it, then moves it over the old file with ``os.replace``: a crash at any moment leaves either
the old file or the new one, never a mixture, and no temporary file is left behind on an error. A
process killed in the middle (``kill -9``) leaves its temporary file (``.NAME.json.XXXXXXXX.tmp``)
behind; :func:`remove_stale_temporaries` deletes such files once they are
:data:`STALE_TEMPORARY_SECONDS` old (younger ones may belong to a write under way in another
process). No other file is touched.

Apart from :mod:`~pokerlab.storage.saves` because it knows nothing of games or envelopes: saves,
their backups and the mark of a move of old saves (:mod:`~pokerlab.storage.save_adoption`) are all
written this way.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Final

from pokerlab.storage.errors import logger

__all__ = ["STALE_TEMPORARY_SECONDS", "TEMPORARY_PATTERN", "remove_stale_temporaries", "write_atomically"]

STALE_TEMPORARY_SECONDS: Final = 60.0
"""A temporary file of :func:`write_atomically` this much older than now is left from a save that
was killed, and is deleted; a younger one may be a save under way."""
TEMPORARY_PATTERN: Final = re.compile(r"\..+\.(json|bak)\.[a-z0-9_]{8}\.tmp")
"""The names of the temporary files of a save and its backup: :func:`write_atomically` asks
``tempfile.mkstemp(prefix=".NAME.json.", suffix=".tmp")``, which puts 8 random characters (lower-case
letters, digits, ``_``) between the two."""


def _fsync_folder(folder: Path) -> None:
    """Make a rename durable where the platform allows it (POSIX); elsewhere do nothing."""
    if os.name != "posix":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def write_atomically(path: Path, data: bytes) -> None:
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


def remove_stale_temporaries(folder: Path) -> None:
    """Delete the temporary files that killed saves left in ``folder`` (only names of the form
    :data:`TEMPORARY_PATTERN`, older than :data:`STALE_TEMPORARY_SECONDS`).

    Best effort: a file that cannot be deleted (a read-only folder) is left for a later call."""
    now = time.time()
    removed: list[Path] = []
    try:
        candidates = [entry for entry in os.scandir(folder)
                      if TEMPORARY_PATTERN.fullmatch(entry.name) and entry.is_file(follow_symlinks=False)]
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
