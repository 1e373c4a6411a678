"""The dealer process: live tables behind an HTTP and websocket API for callers it does not trust.

Every request says who asks, with a *session* the dealer gave out, and the dealer decides what that
caller may see and do:

* ``POST /api/session`` with a learner's name and the private key their browser holds for it: the
  dealer checks the key against the stored hash (:mod:`pokerlab.classroom.identity`), exactly as a
  page's kernel does, and answers a session. On a JupyterHub (the dealer runs as the hub's
  ``pokerlab`` service) it takes the user's hub token instead, asks the hub whose it is
  (:mod:`jupyterhub.services.auth`) and never believes a name; the teachers are the members of the
  hub group ``pokerlab-teachers``;
* ``POST /api/teacher`` with the teacher password (``POKERLAB_TEACHER_PASSWORD`` of the dealer's own
  environment): a teacher's session;
* ``GET /api/tables``: the lobby (open tables, their game, limits, seats taken and free);
  ``POST /api/tables``: open a table (its settings; the answer is its join code);
  ``GET /api/results``: each learner's result at each table (the teacher only);
* ``/api/class/...``: class games, dealt, played and settled here (:mod:`pokerlab.dealer.class_service`):
  a learner joins, acts and asks for the next deal, and gets their own seat's view; the teacher reads
  the board, the CSV and a learner's hands, and creates, ends and deletes games;
* ``POST /api/ladder/...``: the Tournament Ladder, played and settled here
  (:mod:`pokerlab.dealer.ladder_service`): a learner reads the lobby, starts a level, continues or
  gives up the game in progress, acts, deals the next hand and takes a fresh start, and gets their
  wallet, the high scores and their own seat's view;
* ``GET /api/tables/CODE/ws``: a websocket. The first message is ``{"session": ...}``; then the
  caller sends intents (``sit``, ``act``, ``leave``, ``ready``; a teacher ``pause``, ``resume``,
  ``end``), each answered ``{"type": "reply", "id", "ok", "error"}``, and the dealer pushes
  ``{"type": "view", "view": ...}``: the caller's own seat's view after every change (a teacher,
  or anyone not seated, gets public information only).

Every change is stored before anyone hears of it (:class:`~pokerlab.dealer.store.TableStore`: the
rows are the truth). A change that cannot be stored is undone and the caller told so, and the table
waits until storing works again. Started again, the dealer goes on with every open table where it
was stored.

The routes are :mod:`pokerlab.dealer.handlers`' (:func:`~pokerlab.dealer.handlers.application`);
``python -m pokerlab.dealer`` runs it (``--help`` lists its settings).
"""

from __future__ import annotations

import json
import logging
import math
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Final, Protocol

from tornado.ioloop import IOLoop

from pokerlab.classroom import identity
from pokerlab.classroom.teachers import PasswordGate
from pokerlab.dealer.class_service import ClassService
from pokerlab.dealer.ladder_service import LadderService
from pokerlab.dealer.requests import Refused
from pokerlab.dealer.store import TableStore
from pokerlab.dealer.table_settings import TableError, TableSettings, new_code, normalize_code
from pokerlab.dealer.tables import BOT_SECONDS, NEXT_HAND_SECONDS, LiveTable
from pokerlab.draw import Action
from pokerlab.errors import PokerlabError, quoted
from pokerlab.storage import Learner, StorageError, Store

log = logging.getLogger("pokerlab.dealer")

"""The largest request the dealer reads (a table's settings, an action)."""
RETRY_STORING_SECONDS: Final = 3.0
TABLES_PER_LEARNER: Final = 3
"""Open tables one learner may have opened at a time (a teacher opens as many as the class needs)."""
TEACHERS_GROUP: Final = "pokerlab-teachers"
"""On a hub: the hub group whose members are pokerlab's teachers."""


@dataclass(frozen=True)
class Caller:
    """Who a session belongs to: a learner, or the teacher (``learner`` None)."""

    name: str
    learner: Learner | None = None
    teacher: bool = False

    @property
    def learner_id(self) -> int | None:
        return None if self.learner is None else self.learner.id


class Watcher(Protocol):
    """A page watching a table (:class:`pokerlab.dealer.handlers.TableSocket`): who it is, once it
    has said so, and where the dealer pushes that caller's own view."""

    caller: Caller | None

    def push(self, view: dict[str, Any] | None) -> None: ...


class Dealer:
    """The dealer's state: its tables, the sessions it gave out, who watches which table."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time, bot_seconds: float = BOT_SECONDS,
                 next_hand_seconds: float = NEXT_HAND_SECONDS, teacher_password: str | None = None,
                 test_mode: bool = False, hub: Any = None) -> None:
        self.store = store
        self.hub = hub
        """On a hub (the dealer runs as its service): the service's
        :class:`jupyterhub.services.auth.HubAuth`, which says who each token belongs to. Learners are
        then hub users only, and teachers the members of the hub group :data:`TEACHERS_GROUP`."""
        self.test_mode = test_mode
        """Browser tests only (``POKERLAB_TEST_MODE=1``): a table may be opened with chips per seat."""
        self.tables_kept = TableStore(store)
        self.classes = ClassService(store)
        """Class games: played and settled here (:mod:`pokerlab.dealer.class_service`), every call
        in :attr:`class_worker`'s one thread."""
        self.class_worker = ThreadPoolExecutor(1, thread_name_prefix="pokerlab-class-games")
        """The class games' own thread: a class-game request that waits for the database (a lock, a
        busy server) holds up the other class-game requests only, never the live tables' loop."""
        self.ladder = LadderService(store, test_mode=test_mode and hub is None)  # a hub's learners never choose a seed
        """The Tournament Ladder: played and settled here (:mod:`pokerlab.dealer.ladder_service`),
        every call in :attr:`ladder_worker`'s one thread (one learner's steps never overlap)."""
        self.ladder_worker = ThreadPoolExecutor(1, thread_name_prefix="pokerlab-ladder")
        self.clock = clock
        self.timing = {"bot_seconds": bot_seconds, "next_hand_seconds": next_hand_seconds}
        self.teacher_password = teacher_password
        self.tables: dict[str, LiveTable] = {}
        self.sessions: dict[str, Caller] = {}
        self.watchers: dict[str, set[Watcher]] = {}
        self._stored: dict[str, dict[str, Any]] = {}
        """Each table as last stored: what a change that cannot be stored goes back to."""
        self._timers: dict[str, object] = {}

    # ----- starting -----------------------------------------------------------------------------

    def resume_tables(self) -> int:
        """Go on with every open table kept in the database; how many."""
        now = self.clock()
        for state in self.tables_kept.open_tables():
            try:
                table = LiveTable.from_json(state, now, **self.timing)
            except TableError as error:
                log.error("table %s cannot go on: %s", state.get("code"), error)
                continue
            self.tables[table.code] = table
            self._keep(table)
            self._schedule(table)
        return len(self.tables)

    # ----- sessions -------------------------------------------------------------------------------

    def learner_session(self, name: object, key: object) -> tuple[str, Caller]:
        if self.hub is not None:
            raise Refused("hub_says_who", 401)
        if not isinstance(name, str) or not isinstance(key, str):
            raise Refused("name_and_key", 401)
        learner = identity.recognise(self.store, name, key)
        if learner is None:
            raise Refused("no_such_learner", 401)
        return self._session(Caller(learner.name, learner))

    async def hub_session(self, token: object) -> tuple[str, Caller]:
        """A session for the hub user whose token this is (on a hub, the only way in). The hub says
        who the token belongs to; a member of the hub group :data:`TEACHERS_GROUP` is the teacher."""
        hub = self.hub
        if hub is None:
            raise Refused("not_a_hub", 401)
        if not isinstance(token, str) or not token:
            raise Refused("hub_token_needed", 401)
        user = await hub.user_for_token(token, use_cache=False, sync=False)
        if not user or not hub.check_scopes(hub.access_scopes, user):
            raise Refused("hub_token_unknown", 401)
        name = str(user["name"])
        learner = identity.hub_learner(self.store, name)
        assert learner is not None
        groups = await self._hub_groups(name)
        return self._session(Caller(name, learner, teacher=TEACHERS_GROUP in groups))

    async def _hub_groups(self, name: str) -> set[str]:
        """The hub groups of user ``name``, asked with the service's own token (it may read groups)."""
        from urllib.parse import quote

        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        hub = self.hub
        assert hub is not None
        try:
            answer = await AsyncHTTPClient().fetch(f"{hub.api_url}/users/{quote(name)}",
                                                   headers={"Authorization": f"token {hub.api_token}"})
        except HTTPClientError as error:
            log.error("the hub would not say %s's groups: %s", name, error)
            return set()
        return set(json.loads(answer.body).get("groups") or [])

    def teacher_session(self, password: object) -> tuple[str, Caller]:
        """A teacher's session for the teacher password. Wrong passwords slow down exactly as at the
        teacher's board, with the same wait (one door: trying here instead gains nothing)."""
        if self.hub is not None:
            raise Refused("hub_teachers", 401)
        if not self.teacher_password:
            raise Refused("no_teacher_password", 401)
        gate = PasswordGate(self.store, {"POKERLAB_TEACHER_PASSWORD": self.teacher_password})
        attempt = gate.attempt(password)
        if not attempt.opened:
            if not attempt.checked:
                raise Refused("password_wait", 429, seconds=math.ceil(attempt.wait))
            raise Refused("wrong_password", 401)
        return self._session(Caller("teacher", teacher=True))

    def _session(self, caller: Caller) -> tuple[str, Caller]:
        token = secrets.token_urlsafe(24)
        self.sessions[token] = caller
        return token, caller

    def caller(self, token: object) -> Caller:
        caller = self.sessions.get(token) if isinstance(token, str) else None
        if caller is None:
            raise Refused("unknown_session", 401)
        return caller

    # ----- the lobby ------------------------------------------------------------------------------

    def lobby(self) -> list[dict[str, Any]]:
        now = self.clock()
        return [table.summary(now) for table in self.tables.values() if table.status != "ended"]

    def open_table(self, caller: Caller, settings: dict[str, Any]) -> str:
        table_settings = TableSettings.from_json(settings)
        test_stacks = settings.get("test_stacks") if self.test_mode else None
        if table_settings.open_hands and not caller.teacher:
            raise Refused("open_hands_teacher", 403)
        mine = [table for table in self.tables.values() if table.status != "ended" and not table.teacher_table
                and table.created_by == caller.name]
        if not caller.teacher and len(mine) >= TABLES_PER_LEARNER:
            raise Refused("too_many_tables", 429, count=len(mine), codes=", ".join(t.code for t in mine))
        code = new_code()
        while code in self.tables:
            code = new_code()
        now = self.clock()
        table = LiveTable(code, table_settings, secrets.randbits(62), created_by=caller.name, now=now,
                          teacher_table=caller.teacher, **self.timing)
        if isinstance(test_stacks, list):
            table.test_stacks = {seat: int(chips) for seat, chips in enumerate(test_stacks)}
        self._commit(table, None)
        self.tables[code] = table
        return code

    def results(self, caller: Caller) -> list[dict[str, Any]]:
        """Each learner's chips won or lost at each live table (the teacher's board)."""
        if not caller.teacher:
            raise Refused("results_teacher", 403)
        return [{"code": row.code, "name": row.name, "hands": row.hands, "net": row.net}
                for row in self.tables_kept.results()]

    def table(self, code: object) -> LiveTable:
        table = self.tables.get(normalize_code(code))
        if table is None:
            raise Refused("no_table", 404)
        return table

    # ----- intents ----------------------------------------------------------------------------------

    def handle(self, caller: Caller, code: str, intent: dict[str, Any]) -> None:
        """Carry out ``intent`` at table ``code`` for ``caller``; a refusal raises with plain words."""
        table = self.table(code)
        kind = intent.get("type")
        now = self.clock()
        before = self._stored.get(table.code)
        if kind in ("pause", "resume", "end"):
            if not caller.teacher:
                raise Refused("controls_teacher", 403)
            {"pause": table.pause, "resume": table.resume, "end": table.end}[kind](now)
        elif caller.learner is None:
            raise Refused("teacher_watches", 403)
        elif kind == "sit":
            seat = intent.get("seat")
            table.sit(caller.learner.id, caller.learner.name, None if seat is None else int(seat), now=now)
        elif kind == "leave":
            table.leave(caller.learner.id, now=now)
        elif kind == "ready":
            table.ready(caller.learner.id, now=now)
        elif kind == "act":
            action = Action.from_json({key: intent[key] for key in ("kind", "amount", "discards") if key in intent})
            table.act(caller.learner.id, action, now=now)
        else:
            raise Refused("unknown_intent", intent=quoted(kind))
        self._commit(table, before, tell=kind != "ready")  # see LiveTable.ready: nothing to redraw
        self._advance(table.code)

    # ----- time ---------------------------------------------------------------------------------------

    def _advance(self, code: str) -> None:
        """Let the table do what is due (one thing at a time, each stored and sent), then wait for the next."""
        table = self.tables.get(code)
        if table is None:
            return
        waiting = self._timers.pop(code, None)
        if waiting is not None:
            IOLoop.current().remove_timeout(waiting)  # called by an intent before its timer: that timer is moot
        now = self.clock()
        while True:
            before = self._stored.get(code)
            try:
                changed = table.advance(now)
            except PokerlabError as error:  # a bug in a computer opponent, say: the table waits, the dealer lives
                log.exception("table %s could not advance: %s", code, error)
                return
            if not changed:
                break
            try:
                self._commit(table, before)
            except Refused:
                return
            table = self.tables[code]
            if table.turn is not None and not table.turn.person:
                break  # a computer opponent's next move waits its turn, so people can follow
        self._schedule(table)

    def _schedule(self, table: LiveTable) -> None:
        due = table.due_at()
        loop = IOLoop.current()
        old = self._timers.pop(table.code, None)
        if old is not None:
            loop.remove_timeout(old)
        if due is not None:
            self._timers[table.code] = loop.call_later(max(0.0, due - self.clock()), self._advance, table.code)

    # ----- storing and telling -----------------------------------------------------------------------

    def _commit(self, table: LiveTable, before: dict[str, Any] | None, *, tell: bool = True) -> None:
        """Store the table, then send every watcher its view (unless not ``tell``: nothing anyone sees
        changed). If it cannot be stored, the change is undone (back to ``before``, the table as last
        stored) and :class:`Refused` says why."""
        try:
            self._keep(table)
        except StorageError as error:
            log.error("table %s could not be stored: %s", table.code, error)
            if before is not None:
                self.tables[table.code] = LiveTable.from_json(before, self.clock(), **self.timing)
            IOLoop.current().call_later(RETRY_STORING_SECONDS, self._advance, table.code)
            raise Refused("cannot_store_table", 503) from None
        if tell:
            self._tell(table)

    def _keep(self, table: LiveTable) -> None:
        state = table.to_json(self.clock())
        self.tables_kept.keep(table.code, table.status, table.version, state, table.created_by, table.finished_hands)
        table.finished_hands = []
        self._stored[table.code] = state

    def _tell(self, table: LiveTable) -> None:
        now = self.clock()
        for socket in list(self.watchers.get(table.code, ())):
            socket.push(table.view_for(socket.caller.learner_id, now) if socket.caller else None)

    def watch(self, code: str, socket: Watcher) -> None:
        self.watchers.setdefault(code, set()).add(socket)

    def unwatch(self, code: str, socket: Watcher) -> None:
        self.watchers.get(code, set()).discard(socket)

    def gone(self, code: str, socket: Watcher) -> None:
        """A page's connection closed (the tab was closed, its kernel stopped): a learner with no
        other page at the table has left it, and is sat out until they come back."""
        self.unwatch(code, socket)
        caller, table = socket.caller, self.tables.get(code)
        if caller is None or caller.learner is None or table is None or table.status == "ended":
            return
        if any(other.caller and other.caller.learner_id == caller.learner_id for other in self.watchers.get(code, ())):
            return
        seat = table.seat_of(caller.learner.id)
        if seat is None or not table.sitters[seat].present:
            return
        before = self._stored.get(code)
        table.leave(caller.learner.id, now=self.clock())
        try:
            self._commit(table, before)
        except Refused:
            return
        self._advance(code)

    def view(self, caller: Caller, code: str) -> dict[str, Any]:
        return self.table(code).view_for(caller.learner_id, self.clock())


__all__ = ["Caller", "Dealer", "Refused", "Watcher"]
