"""What every storage failure's message must be for the learner, and a read-only disk for tests."""

from __future__ import annotations

import os
import re
import stat
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from pokerlab.storage.errors import NOTHING_LOST, StorageError

TECHNICAL = re.compile(
    r"://|(^|[\s'\"(=])(/|~/|[A-Za-z]:\\)\S|SQLSTATE|SQLITE_|sqlite3|psycopg|Errno|Error:|@[\w.-]+"
)
"""A URL, an absolute path, a driver's name or code, an exception's name, a user@host."""


def assert_for_learner(error: BaseException, *never: str) -> str:
    """``error``'s message is for a learner: no URL, path, host, user or driver text (nor any of
    ``never``); a typed failure says what to do, and that nothing was lost exactly when that is true."""
    text = str(error)
    found = TECHNICAL.search(text)
    assert found is None, f"technical text {found.group(0)!r} in {text!r}"
    for secret in never:
        assert secret not in text, f"{secret!r} in {text!r}"
    if isinstance(error, StorageError) and type(error).cause:
        assert type(error).cause in text and type(error).advice in text, text
        assert (NOTHING_LOST in text) == type(error).nothing_lost, text
    return text


@contextmanager
def read_only_disk(folder: Path) -> Iterator[Path]:
    """``folder`` as a read-only disk shows it: a read-only bind mount of it (as root, who may write
    anywhere else), or the folder itself with write permission taken away (as anyone else)."""
    if os.geteuid() != 0:
        modes = {path: path.stat().st_mode for path in [folder, *folder.rglob("*")]}
        for path, mode in modes.items():
            path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
        try:
            yield folder
        finally:
            for path, mode in modes.items():
                path.chmod(mode)
        return
    view = folder.with_name(folder.name + "-read-only")
    view.mkdir()
    mounted = subprocess.run(["mount", "--bind", str(folder), str(view)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot bind-mount a folder here: {mounted.stderr.strip()}")
    try:
        frozen = subprocess.run(["mount", "-o", "remount,bind,ro", str(view)], capture_output=True, text=True)
        if frozen.returncode != 0:
            pytest.skip(f"cannot make a bind mount read-only here: {frozen.stderr.strip()}")
        yield view
    finally:
        from pokerlab.storage.database import forget_stores

        forget_stores()  # no connection may keep the mount busy
        subprocess.run(["umount", str(view)], check=True)
