"""Big read-only tables shared by every Python process on one machine: built once, then memory-mapped.

Each table (for example the strength of all 2,598,960 five-card hands) is a ``.npy`` file in the
user's cache folder. A process maps the file read-only instead of building its own copy, so the
operating system keeps one copy in memory however many kernels use it: the pages count as shared,
not as each kernel's unique memory.

The file is checked on every load (shape, type, and a CRC-32 of its bytes against the value the
code expects). A missing, truncated or altered file is rebuilt; the new file is written under a
temporary name and renamed into place, so two processes building at once never see half a file.
When the cache folder cannot be written, the table is built in the process's own memory instead.

The folder is ``$POKERLAB_CACHE_DIR`` when set and not empty, else
``platformdirs.user_cache_dir("pokerlab")`` (``~/.cache/pokerlab`` on Linux).
"""

from __future__ import annotations

import os
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Final

import numpy as np
import platformdirs

ENV_VAR: Final = "POKERLAB_CACHE_DIR"


def cache_folder() -> Path:
    """Where shared tables live (not created here)."""
    chosen = os.environ.get(ENV_VAR, "").strip()
    return Path(chosen) if chosen else Path(platformdirs.user_cache_dir("pokerlab", appauthor=False))


def checksum(array: np.ndarray) -> int:
    """CRC-32 of the array's bytes (C order)."""
    return zlib.crc32(memoryview(np.ascontiguousarray(array)).cast("B"))


def shared_array(
    name: str, build: Callable[[], np.ndarray], expected_crc32: int, folder: Path | None = None,
) -> np.ndarray:
    """The table called ``name``, read-only: mapped from ``folder/name.npy`` when that file is
    intact, else built with ``build()``, saved there for the next process, and mapped."""
    path = (folder or cache_folder()) / f"{name}.npy"
    mapped = _load(path, expected_crc32)
    if mapped is not None:
        return mapped
    table = build()
    if checksum(table) != expected_crc32:
        raise RuntimeError(f"The {name} table built here does not match its expected checksum; "
                           "the code that builds it changed without updating the checksum.")
    try:
        _save(path, table)
    except OSError:
        return _read_only(table)  # no writable cache: this process keeps its own copy
    mapped = _load(path, expected_crc32)
    return mapped if mapped is not None else _read_only(table)


def _load(path: Path, expected_crc32: int) -> np.ndarray | None:
    try:
        mapped = np.load(path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None  # missing, unreadable, or not a .npy file (e.g. truncated in its header)
    if checksum(mapped) != expected_crc32:
        return None
    return mapped.view(np.ndarray)  # a plain array that keeps the mapping alive


def _save(path: Path, table: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.stem + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            np.save(file, np.ascontiguousarray(table), allow_pickle=False)
        os.chmod(temporary, 0o644)  # readable like any cache file (mkstemp makes it private)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _read_only(table: np.ndarray) -> np.ndarray:
    table.setflags(write=False)
    return table
