"""A process that is killed in the middle of a save: ``python save_worker.py SAVE_NAME READY_FILE``.

It starts saving learner 1's Saloon Draw save SAVE_NAME (in ``POKERLAB_DATA_DIR``) and stops for
good once the new save's bytes are in its temporary file (after the backup is written) but before
the temporary file replaces the save, where a ``kill -9`` leaves the temporary file behind; it
creates READY_FILE there so the test knows when to kill it. Linux (it reads ``/proc/self/fd``).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

if __name__ == "__main__":
    name, ready = sys.argv[1:3]
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from pokerlab.storage import Learner, atomic_files, save_game

    real_fsync = os.fsync

    def fsync_then_wait(descriptor: int) -> None:
        real_fsync(descriptor)
        if f".{name}.json." not in os.readlink(f"/proc/self/fd/{descriptor}"):
            return  # the backup's temporary file, or the folder
        Path(ready).touch()
        while True:  # the kill comes here
            time.sleep(1)

    atomic_files.os.fsync = fsync_then_wait  # type: ignore[attr-defined]
    save_game(name, "saloon-draw", {"hand": 2, "padding": "x" * 50_000}, learner=Learner(1, "Ada", "browser"))
