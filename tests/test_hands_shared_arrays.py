"""The shared, memory-mapped tables (pokerlab.shared_arrays): built once, mapped after, rebuilt when
the cached file is missing or corrupt, and right (the hand tables match their checksums)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerlab import hands
from pokerlab.shared_arrays import ENV_VAR, cache_folder, checksum, shared_array

SMALL = np.arange(1000, dtype=np.int32) * 7


class Builder:
    """Counts its builds."""

    def __init__(self, table: np.ndarray = SMALL) -> None:
        self.table, self.builds = table, 0

    def __call__(self) -> np.ndarray:
        self.builds += 1
        return self.table.copy()


def _mapped(array: np.ndarray | None) -> bool:
    """True when the array is (a view of) a memory-mapped file."""
    while array is not None:
        if isinstance(array, np.memmap):
            return True
        array = array.base
    return False


def test_the_first_call_builds_and_saves_and_the_next_maps_the_file(tmp_path: Path) -> None:
    build = Builder()
    first = shared_array("small", build, checksum(SMALL), tmp_path)
    second = shared_array("small", build, checksum(SMALL), tmp_path)
    assert build.builds == 1
    assert (tmp_path / "small.npy").exists()
    assert np.array_equal(first, SMALL) and np.array_equal(second, SMALL)
    assert _mapped(second)  # mapped from the file, not a private copy
    assert not second.flags.writeable
    with pytest.raises(ValueError):
        second[0] = 1


def test_a_missing_file_is_rebuilt(tmp_path: Path) -> None:
    build = Builder()
    shared_array("small", build, checksum(SMALL), tmp_path)
    (tmp_path / "small.npy").unlink()
    again = shared_array("small", build, checksum(SMALL), tmp_path)
    assert build.builds == 2 and np.array_equal(again, SMALL)
    assert (tmp_path / "small.npy").exists()


@pytest.mark.parametrize("damage", ["flip a byte", "truncate", "empty", "not numpy", "other shape"])
def test_a_corrupt_file_is_rebuilt(tmp_path: Path, damage: str) -> None:
    build = Builder()
    shared_array("small", build, checksum(SMALL), tmp_path)
    path = tmp_path / "small.npy"
    data = bytearray(path.read_bytes())
    if damage == "flip a byte":
        data[-10] ^= 0xFF
    elif damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "empty":
        data = bytearray()
    elif damage == "not numpy":
        data = bytearray(b"this is not a table" * 10)
    else:
        np.save(path, SMALL[:500])
        data = bytearray(path.read_bytes())
    path.write_bytes(bytes(data))
    again = shared_array("small", build, checksum(SMALL), tmp_path)
    assert build.builds == 2 and np.array_equal(again, SMALL)
    assert np.array_equal(np.load(path), SMALL)  # the repaired file is saved for the next process


def test_a_build_that_does_not_match_its_checksum_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="checksum"):
        shared_array("small", Builder(SMALL + 1), checksum(SMALL), tmp_path)
    assert not (tmp_path / "small.npy").exists()


def test_an_unwritable_cache_folder_gives_a_private_copy(tmp_path: Path) -> None:
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("x")
    table = shared_array("small", Builder(), checksum(SMALL), blocker / "cache")
    assert np.array_equal(table, SMALL) and not table.flags.writeable


def test_the_cache_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert cache_folder() == tmp_path
    monkeypatch.setenv(ENV_VAR, "")
    assert cache_folder().name == "pokerlab"


def test_the_hand_tables_match_their_checksums_when_built_afresh() -> None:
    assert checksum(hands._build_all_hands()) == hands._ALL_HANDS_CRC32
    built = hands._build_strength_table()
    assert checksum(built) == hands._STRENGTH_TABLE_CRC32
    assert np.array_equal(hands.strength_table(), built)


def test_a_new_process_maps_the_files_the_first_one_wrote(tmp_path: Path) -> None:
    code = (
        "from pokerlab.hands import strength_table, all_hands, evaluate_many\n"
        "import numpy as np\n"
        "print(int(evaluate_many(all_hands()[::100_000]).sum()), isinstance(strength_table().base, np.memmap))"
    )
    env = {**os.environ, ENV_VAR: str(tmp_path)}
    run = lambda: subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)  # noqa: E731
    first = run().stdout.split()
    written = {path.name: path.stat().st_mtime_ns for path in tmp_path.iterdir()}
    second = run().stdout.split()
    assert set(written) == {"strength-table-v1.npy", "all-hands-v1.npy"}
    assert {path.name: path.stat().st_mtime_ns for path in tmp_path.iterdir()} == written  # not rewritten
    assert first == second and second[1] == "True"
    expected = int(hands.strength_table()[np.arange(0, hands.HAND_COUNT, 100_000)].sum())
    assert int(second[0]) == expected


def test_hands_by_category_are_the_rows_of_each_category_in_a_shared_table() -> None:
    groups = hands.hands_by_category()
    categories = hands.category_of(hands.strength_table())
    assert [len(group) for group in groups] == list(hands.category_counts().values())
    for category, group in zip(hands.HandCategory, groups):
        assert np.array_equal(group, np.flatnonzero(categories == category))
        assert group.dtype == np.int32 and not group.flags.writeable
    assert _mapped(groups[0])
    assert checksum(hands._build_category_order()) == hands._CATEGORY_ORDER_CRC32


def test_category_counts_cannot_be_changed_by_a_caller() -> None:
    counts = hands.category_counts()
    counts[hands.HandCategory.PAIR] = 0
    assert hands.category_counts()[hands.HandCategory.PAIR] == 1_098_240
