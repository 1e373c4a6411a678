"""Issue 24: saving over a damaged save keeps the only good backup, and ``kill -9`` in the middle of a
save leaves a temporary file that the next save (or the next Restore list) of that folder deletes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pokerlab.storage import Learner, SaveFileError, list_saves, load_game, save_game
from pokerlab.storage.atomic_files import STALE_TEMPORARY_SECONDS
from pokerlab.storage.save_paths import backup_path, saves_folder

KIND = "saloon-draw"
ADA = Learner(1, "Ada", "browser")
HERE = Path(__file__).resolve().parent


# --- the backup ---------------------------------------------------------------------------------


def test_saving_over_a_damaged_save_keeps_the_good_backup(data_folder: Path) -> None:
    save_game("evening", KIND, {"hand": 1}, learner=ADA)
    path = save_game("evening", KIND, {"hand": 2}, learner=ADA)  # hand 1 is now the backup
    good_backup = backup_path(path).read_bytes()
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])  # the save is cut short
    with pytest.raises(SaveFileError) as refused:
        load_game("evening", KIND, learner=ADA)
    save_game("evening", KIND, {"hand": 3}, learner=ADA)
    assert backup_path(path).read_bytes() == good_backup  # not replaced by the damaged file
    assert "still kept, as evening.bak" in str(refused.value)
    assert load_game("evening", KIND, learner=ADA) == {"hand": 3}
    path.write_text("{")
    backup_path(path).rename(path)  # what "your teacher can put it back" does
    assert load_game("evening", KIND, learner=ADA) == {"hand": 1}


def test_a_save_edited_by_hand_does_not_become_the_backup_either(data_folder: Path) -> None:
    save_game("evening", KIND, {"hand": 1}, learner=ADA)
    path = save_game("evening", KIND, {"hand": 2}, learner=ADA)
    good_backup = backup_path(path).read_bytes()
    path.write_text(path.read_text().replace('"hand": 2', '"hand": 200'))  # the checksum no longer matches
    save_game("evening", KIND, {"hand": 3}, learner=ADA)
    assert backup_path(path).read_bytes() == good_backup


def test_a_good_save_that_this_pokerlab_cannot_read_is_still_kept_as_the_backup(tmp_path: Path) -> None:
    """A save of a newer format is not damaged: replacing it keeps it as the backup, as always."""
    path = save_game(tmp_path / "table.json", KIND, {"hand": 1})
    envelope = json.loads(path.read_text())
    envelope["format_version"] = 99
    path.write_text(json.dumps(envelope))
    newer = path.read_bytes()
    save_game(path, KIND, {"hand": 2})
    assert backup_path(path).read_bytes() == newer


# --- kill -9 in the middle of a save ------------------------------------------------------------------


def killed_mid_save(data_folder: Path, name: str) -> Path:
    """Start a save of ``name`` in another process, SIGKILL it once the new bytes are in its
    temporary file, and return the temporary file it left."""
    ready = data_folder.parent / f"{name}.ready"
    worker = subprocess.Popen([sys.executable, str(HERE / "save_worker.py"), name, str(ready)],
                              env={**os.environ, "POKERLAB_DATA_DIR": str(data_folder)})
    try:
        deadline = time.monotonic() + 120
        while not ready.exists():
            assert worker.poll() is None, "the save worker ended before it was killed"
            assert time.monotonic() < deadline, "the save worker never reached the write"
            time.sleep(0.01)
        worker.send_signal(signal.SIGKILL)
        assert worker.wait(timeout=60) == -signal.SIGKILL
    finally:
        worker.kill()
    [left] = saves_folder(KIND, ADA).glob(f".{name}.json.*.tmp")
    return left


def age(path: Path, seconds: float) -> None:
    """Make ``path`` look ``seconds`` old (its modification time), instead of waiting that long."""
    then = time.time() - seconds
    os.utime(path, (then, then))


@pytest.mark.parametrize("next_call", ["save", "list"])
def test_a_save_killed_mid_write_leaves_a_temporary_file_the_next_save_or_list_deletes(
    data_folder: Path, next_call: str,
) -> None:
    save_game("evening", KIND, {"hand": 1}, learner=ADA)
    folder = saves_folder(KIND, ADA)
    left = killed_mid_save(data_folder, "evening")
    assert left.stat().st_size > 50_000  # the new save, never moved in
    assert load_game("evening", KIND, learner=ADA) == {"hand": 1}  # the old save is whole
    fresh = killed_mid_save(data_folder, "morning")  # as if another save were under way right now
    age(left, STALE_TEMPORARY_SECONDS + 5)  # instead of waiting a minute
    keep = [folder / name for name in ("notes.tmp", ".notes.tmp", "evening.json.abcdefgh.tmp",
                                       ".evening.json.abcdefg.tmp", ".notes.txt.abcdefgh.tmp")]
    for path in keep:  # files of the same folder that are not this module's temporary files
        path.write_text("not pokerlab's")
        age(path, 3600)
    if next_call == "save":
        save_game("evening", KIND, {"hand": 3}, learner=ADA)
    else:
        assert [info.name for info in list_saves(KIND, learner=ADA)] == ["evening"]
    assert not left.exists()
    assert fresh.exists() and all(path.exists() for path in keep)
