"""A separate process for the settlement tests: several pages of one learner at once, or a page
killed in the middle of a settlement.

Run as ``python settlement_worker.py MODE DATABASE LEARNER_ID GO_FILE [ARG]``; prints a JSON summary.

* ``fresh``: a fresh start (top the wallet up to 1,000 when under 150);
* ``enter``: start ladder level 1 (its entry cost and the kept game, one transaction);
* ``kill``: take the learner's ladder game over and settle it with an award, sending itself
  SIGKILL just before SQL statement number ``ARG`` of the settlement.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path


def fresh(store: str, learner: object, _arg: str) -> dict[str, object]:
    from pokerlab.storage import Wallet, WalletError

    try:
        return {"added": Wallet(store).top_up(1000, 150, "Fresh start", learner)}
    except WalletError as refusal:
        return {"refused": str(refusal)}


def enter(store: str, learner: object, _arg: str) -> dict[str, object]:
    from pokerlab.ladder import LadderRun
    from pokerlab.storage.hold import GameHold
    from pokerlab.storage.slots import GameExistsError

    run = LadderRun.new(1, seed=os.getpid())
    try:
        balance = GameHold(learner, "ladder", store=store).start({"run": run.to_json()}, "level 1", entry=run.entry())
    except GameExistsError:
        return {"refused": True}
    return {"balance": balance, "game_id": run.game_id}


def kill(store: str, learner: object, arg: str) -> dict[str, object]:
    import sqlalchemy

    from pokerlab.ladder import Award
    from pokerlab.storage import open_store
    from pokerlab.storage.hold import GameHold, Step

    hold = GameHold(learner, "ladder", holder="page-2", store=store)
    kept = hold.take_over()
    assert kept is not None
    at, seen = int(arg), []

    def count(*_args: object) -> None:
        seen.append(1)
        if len(seen) == at:
            os.kill(os.getpid(), signal.SIGKILL)

    sqlalchemy.event.listen(open_store(store).engine, "before_cursor_execute", count)
    award = Award(kept.game_id, "ladder", 1, 450, "Ladder level 1 award", unlock_to=2, score=None)
    hold.step(lambda: Step(None, award=award))
    return {"statements": len(seen)}


if __name__ == "__main__":
    mode, store, learner_id, go, *rest = sys.argv[1:]
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    import pokerlab.storage.hold  # noqa: F401  (imported before the signal so all workers start together)
    from pokerlab.storage import Learner
    from tests.storage.storage_worker import wait_for

    wait_for(Path(go))
    work = {"fresh": fresh, "enter": enter, "kill": kill}[mode]
    print(json.dumps(work(store, Learner(int(learner_id), "Ann", "legacy"), rest[0] if rest else "")))
