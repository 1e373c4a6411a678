"""One page's hold on a learner's game in progress: every step checked, played and stored at once.

A learner may open the same app in several tabs, but a game in progress belongs to one page at a
time. :class:`GameHold` is that page's side of it:

* :meth:`~GameHold.start` keeps a new game for this page, with its entry cost when it has one, in
  one transaction (:func:`pokerlab.storage.settlements.pay_entry_in`): no fee without a game;
* :meth:`~GameHold.take_over` ("Continue your game") makes this page the one that plays it; the page
  that played it before finds out at its next step;
* :meth:`~GameHold.step` runs one intent of the page (an action, a computer opponent's move, the next
  deal) inside one write transaction: the row is locked and this page's hold checked *before* the
  engine is asked anything, then the new state is stored, and when the step ends a scored game its
  award, unlock and high score are settled and the kept game cleared, all in that transaction.
  A page that lost the game gets :class:`~pokerlab.storage.slots.GameTakenError` and has learned
  nothing from the engine; a storage failure comes out as :class:`KeepError` and the caller puts
  its game back to :attr:`~GameHold.kept`, the last state stored, so nothing is ever shown that is
  not stored.

A lost COMMIT reply is answered by looking the step up (its settlement row, or the kept game's new
version), never by guessing.

>>> import tempfile, pathlib
>>> from pokerlab.storage import open_store
>>> from pokerlab.storage.learners import learner_id_in
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "hold.sqlite3")
>>> ada = store.write(lambda c: Learner(learner_id_in(c, "Ada", create=True), "Ada", "legacy"))
>>> first, second = GameHold(ada, "saloon-draw", store=store), GameHold(ada, "saloon-draw", store=store)
>>> first.start({"hand": 1}, "hand 1")
>>> first.step(lambda: Step({"hand": 2}, "hand 2")).state
{'hand': 2}
>>> second.take_over().state
{'hand': 2}
>>> first.step(lambda: Step({"hand": 3}, "hand 3"))
Traceback (most recent call last):
...
pokerlab.storage.slots.GameTakenError: This game continues in your other tab.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Connection

from pokerlab.ladder import Award, Entry
from pokerlab.language import N_
from pokerlab.storage import Learner, slots
from pokerlab.storage.database import open_store
from pokerlab.storage.guarded import KeepError, guarded
from pokerlab.storage.settlements import AWARD, pay_entry_in, settle_award_in, settled
from pokerlab.storage.slots import GameInProgress, GameTakenError
from pokerlab.storage.urls import StoreTarget


@dataclass(frozen=True)
class Step:
    """What a step leaves: the game's new ``state`` (None: it is over, nothing to keep), its
    ``summary`` for the Continue button, the ``award`` that settles it (None: nothing now), and
    ``also``, further writes that belong to the same transaction (a class game's result)."""

    state: dict[str, Any] | None
    summary: str = ""
    award: Award | None = None
    also: Callable[[Connection], None] | None = None


class GameHold:
    """This page's hold on ``learner``'s game of ``app`` (see the module docs). ``holder`` names the
    page (default: a fresh random token); ``store`` the database (default: pokerlab's)."""

    def __init__(self, learner: Learner, app: str, holder: str | None = None, store: StoreTarget = None) -> None:
        self.learner = learner
        self.app = app
        self.holder = holder or secrets.token_hex(8)
        self._store_target = store
        self.game_id: str | None = None
        """The game this page plays, or None when it holds none."""
        self.kept: dict[str, Any] | None = None
        """The game's last stored state: what the page goes back to when a step could not be stored."""
        self._summary = ""
        self._version = 0

    @property
    def store_target(self) -> StoreTarget:
        """The database this hold writes to (None: pokerlab's default)."""
        return self._store_target

    @property
    def version(self) -> int:
        """The stored version of the game this page holds (it grows by one with every stored step): the
        dealer's ladder answers it, and a message must name it, so one sent twice is refused."""
        return self._version

    @property
    def holding(self) -> bool:
        return self.game_id is not None

    def _store(self) -> Any:
        return open_store(self._store_target)

    def _held(self, kept: GameInProgress | None) -> GameInProgress | None:
        if kept is None:
            self.game_id, self.kept = None, None
        else:
            self.game_id, self.kept, self._summary, self._version = kept.game_id, kept.state, kept.summary, kept.version
        return kept

    def peek(self) -> GameInProgress | None:
        """The learner's kept game, whoever holds it (for the lobby's "Continue your game")."""
        return guarded(N_("look for your game in progress"),
                       lambda: self._store().read(lambda c: slots.read_in(c, self.learner, self.app)))

    def start(self, state: dict[str, Any], summary: str = "", *, entry: Entry | None = None) -> int | None:
        """Keep the new game ``state`` for this page, paying ``entry`` in the same transaction; the
        balance after the entry cost (None without one). A learner who already has a game of this
        app kept gets :class:`~pokerlab.storage.slots.GameExistsError`; a level not reached or a
        short wallet raise their own errors, and nothing is kept or paid."""
        game_id = entry.game_id if entry is not None else slots.new_game_id()

        def work(connection: Connection) -> tuple[GameInProgress, int | None]:
            balance = pay_entry_in(connection, self.learner, **vars(entry)) if entry is not None else None
            kept = slots.start_in(connection, self.learner, self.app, game_id=game_id, holder=self.holder,
                                  state=state, summary=summary)
            return kept, balance

        def landed(connection: Connection) -> bool:
            return slots.version_in(connection, self.learner, self.app, game_id) is not None

        kept, balance = guarded(N_("start your game"), lambda: self._store().write(work, landed=landed))
        self._held(kept)
        return balance

    def take_over(self) -> GameInProgress | None:
        """Make this page the one that plays the learner's kept game; the game, or None."""

        def work(connection: Connection) -> GameInProgress | None:
            return slots.take_over_in(connection, self.learner, self.app, self.holder)

        return self._held(guarded(N_("take your game over"), lambda: self._store().write(work)))

    def step(self, play: Callable[[], Step]) -> Step:
        """Check the hold, run ``play`` (the engine's part, run at most once), store what it leaves
        and settle it, in one transaction (see the module docs)."""
        if self.game_id is None:
            raise GameTakenError("This page holds no game in progress.")
        game_id = self.game_id
        done: list[Step] = []

        def work(connection: Connection) -> tuple[Step, int | None]:
            held = slots.hold_in(connection, self.learner, self.app, self.holder, game_id)
            if held.version != self._version:  # stored by another page meanwhile: this page is behind
                raise GameTakenError("This game continues in your other tab.")
            if not done:
                done.append(play())
            outcome: Step = done[0]
            if outcome.award is not None:
                settle_award_in(connection, self.learner, **vars(outcome.award))
            if outcome.also is not None:
                outcome.also(connection)
            if outcome.state is None:
                slots.drop_in(connection, self.learner, self.app, game_id)
                return outcome, None
            if outcome.state == self.kept and outcome.summary == self._summary and outcome.also is None:
                return outcome, held.version  # nothing new (a refused action, a clock that did not move)
            return outcome, slots.store_step_in(connection, self.learner, self.app, held, outcome.state, outcome.summary)

        def landed(connection: Connection) -> bool:
            outcome: Step = done[0]
            if outcome.award is not None:
                return settled(connection, outcome.award.game_id, AWARD)
            stored = slots.version_in(connection, self.learner, self.app, game_id)
            return stored is None if outcome.state is None else stored == self._version + 1

        outcome, version = guarded(N_("keep your game"), lambda: self._store().write(work, landed=landed))
        if version is None:
            self.game_id, self.kept = None, None
        else:
            self.kept, self._summary, self._version = outcome.state, outcome.summary, version
        return outcome

    def give_up(self) -> None:
        """Forget the learner's kept game of this app, whichever page held it ("New game")."""
        guarded(N_("clear your game in progress"),
                lambda: self._store().write(lambda c: slots.drop_in(c, self.learner, self.app)))
        self.game_id, self.kept = None, None

    def let_go(self) -> None:
        """This page stops playing its game (it stays kept for the learner, for another page)."""
        self.game_id, self.kept = None, None


__all__ = ["GameHold", "GameTakenError", "KeepError", "Step"]
