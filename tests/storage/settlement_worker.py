"""What the processes of the settlement tests do (tests/storage/racing.py runs them): several pages of
one learner at once, or a page killed in the middle of a settlement. Each takes the store and the
learner's id and returns a summary:

* ``fresh``: a fresh start (top the wallet up to 1,000 when under 150);
* ``enter``: start ladder level 1 (its entry cost and the kept game, one transaction);
* ``kill``: take the learner's ladder game over and settle it with an award, sending itself
  SIGKILL just before SQL statement number ``at`` of the settlement (0: never; the count is returned).
"""

from __future__ import annotations

import os
import signal

import sqlalchemy

from pokerlab.ladder import Award, LadderRun
from pokerlab.storage import Learner, Wallet, WalletError, open_store
from pokerlab.storage.hold import GameHold, Step
from pokerlab.storage.slots import GameExistsError


def _learner(learner_id: int) -> Learner:
    return Learner(learner_id, "Ann", "legacy")


def fresh(store: str, learner_id: int) -> dict[str, object]:
    try:
        return {"added": Wallet(store).top_up(1000, 150, "Fresh start", _learner(learner_id))}
    except WalletError as refusal:
        return {"refused": str(refusal)}


def enter(store: str, learner_id: int) -> dict[str, object]:
    run = LadderRun.new(1, seed=os.getpid())
    try:
        balance = GameHold(_learner(learner_id), "ladder", store=store).start({"run": run.to_json()}, "level 1", entry=run.entry())
    except GameExistsError:
        return {"refused": True}
    return {"balance": balance, "game_id": run.game_id}


def kill(store: str, learner_id: int, at: int) -> dict[str, object]:
    hold = GameHold(_learner(learner_id), "ladder", holder="page-2", store=store)
    kept = hold.take_over()
    assert kept is not None
    seen: list[int] = []

    def count(*_args: object) -> None:
        seen.append(1)
        if len(seen) == at:
            os.kill(os.getpid(), signal.SIGKILL)

    sqlalchemy.event.listen(open_store(store).engine, "before_cursor_execute", count)
    award = Award(kept.game_id, "ladder", 1, 450, "Ladder level 1 award", unlock_to=2, score=None)
    hold.step(lambda: Step(None, award=award))
    return {"statements": len(seen)}

