"""Settlements: what a game takes from and gives to a learner, written once per game.

A scored game is settled in two steps, each a few writes that must all happen or none:

* **entry** (:func:`pay_entry_in`): the entry cost out of the wallet, together with the new game
  kept for the learner (:func:`pokerlab.storage.slots.start_in`) in the same transaction, so a
  crash never takes the points without leaving a game to continue;
* **award** (:func:`settle_award_in`): the award into the wallet, the next ladder level opened, the
  score entered in the high score table and the kept game cleared, again in one transaction.

Each step writes a ``settlements`` row whose ``(game_id, step)`` is unique, so settling the same game
twice is a no-op decided by the database (two pages, a retry after a crash, a lost COMMIT reply),
never by a check followed by a write. :func:`settled` answers whether a step is stored: it is how a
lost COMMIT reply is answered (:meth:`pokerlab.storage.transactions.Store.write`'s ``landed``).

>>> import tempfile, pathlib
>>> from pokerlab.storage import Wallet, open_store
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "settle.sqlite3")
>>> ada = store.write(lambda c: Learner(learner_id_in(c, "Ada", create=True), "Ada", "legacy"))
>>> award = dict(game_id="g1", app="ladder", level=1, points=450, reason="ladder_award:1", unlock_to=2)
>>> [store.write(lambda c: settle_award_in(c, ada, **award)) for _ in range(2)]
[True, False]
>>> Wallet(store).balance(ada)
1450
"""

from __future__ import annotations

from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection

from pokerlab.errors import PokerlabError
from pokerlab.storage.database import insert_ignore
from pokerlab.storage.learners import Learner, learner_id_in
from pokerlab.storage.progress import reached_in, unlock_in
from pokerlab.storage.schema import settlements, utc_text
from pokerlab.storage.scores import HighScores
from pokerlab.storage.wallet import DEFAULT_STARTING_BALANCE, move_points_in

ENTRY: Final = "entry"
AWARD: Final = "award"


class LevelLockedError(PokerlabError):
    """The learner has not reached the level they asked to enter; nothing was paid."""


def pay_entry_in(connection: Connection, learner: Learner, *, game_id: str, app: str, level: int, cost: int,
                 reason: str, starting_balance: int = DEFAULT_STARTING_BALANCE) -> int:
    """Take the entry cost of game ``game_id`` (``cost`` points for ``reason``, open to a learner who
    has reached ``level``) inside a write transaction and record it; the balance after.

    Raises :class:`LevelLockedError` for a level not reached, and
    :class:`~pokerlab.storage.wallet.InsufficientPointsError` when the wallet is short; in both
    cases the transaction should be rolled back (nothing is paid). Paying for the same game twice
    raises ``IntegrityError`` (the unique key)."""
    reached = reached_in(connection, learner)
    if level > reached:
        raise LevelLockedError(f"Level {level} is locked: clear level {level - 1} to open it.")
    balance = move_points_in(connection, learner, -cost, reason, starting_balance)
    connection.execute(settlements.insert().values(
        game_id=game_id, step=ENTRY, learner_id=learner_id_in(connection, learner, create=False),
        app=app, level=level, points=-cost, score=None, at=utc_text(),
    ))
    return balance


def settle_award_in(connection: Connection, learner: Learner, *, game_id: str, app: str, level: int, points: int,
                    reason: str, unlock_to: int | None = None, score: int | None = None,
                    starting_balance: int = DEFAULT_STARTING_BALANCE) -> bool:
    """Settle the end of game ``game_id`` inside a write transaction: ``points`` paid in for
    ``reason`` (0: none), the ladder opened up to ``unlock_to`` (None: unchanged), ``score`` entered in
    the high score table (None: no entry). True when this call settled it, False when it was
    settled before (then nothing changes)."""
    learner_id = learner_id_in(connection, learner, create=False)
    first = insert_ignore(connection, settlements, {
        "game_id": game_id, "step": AWARD, "learner_id": learner_id, "app": app,
        "level": level, "points": points, "score": score, "at": utc_text(),
    })
    if not first:
        return False
    if points:
        move_points_in(connection, learner, points, reason, starting_balance)
    if unlock_to is not None:
        unlock_in(connection, learner, unlock_to)
    if score is not None:
        HighScores.add_in(connection, learner, score)
    return True


def settled(connection: Connection, game_id: str, step: str) -> bool:
    """Whether step ``step`` of game ``game_id`` is stored."""
    return connection.execute(sqlalchemy.select(settlements.c.id).where(
        (settlements.c.game_id == game_id) & (settlements.c.step == step))).first() is not None
