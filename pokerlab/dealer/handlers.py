"""The dealer's HTTP and websocket handlers, one a route group (the session, the teacher, the
tables' lobby and results, class games and their board, the ladder, health, a table's websocket),
and :func:`application`, which routes them to one :class:`~pokerlab.dealer.server.Dealer`. What
each route does is told in :mod:`pokerlab.dealer.server`'s docs; here the dealer is asked, and its
answer or refusal sent."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import tornado.web
import tornado.websocket
from tornado.ioloop import IOLoop

from pokerlab.dealer.client import SESSION_HEADER
from pokerlab.dealer.quiz_service import quiz_routes
from pokerlab.dealer.requests import MAX_BODY, JsonHandler, Refused, json_object
from pokerlab.dealer.server import Caller, Dealer
from pokerlab.dealer.words import answer_of
from pokerlab.errors import PokerlabError


class _Handler(JsonHandler):
    dealer: Dealer

    def initialize(self, dealer: Dealer) -> None:
        self.dealer = dealer

    def body(self) -> dict[str, Any]:
        return json_object(self.request.body)

    def caller(self) -> Caller:
        return self.dealer.caller(self.request.headers.get(SESSION_HEADER))

    async def in_class_thread(self, call: Callable[..., Any], *arguments: Any) -> Any:
        """``call(*arguments)`` in the class games' thread (:attr:`Dealer.class_worker`)."""
        return await IOLoop.current().run_in_executor(self.dealer.class_worker, call, *arguments)


class SessionHandler(_Handler):
    async def post(self) -> None:
        try:
            data = self.body()
            if "hub_token" in data:
                token, caller = await self.dealer.hub_session(data.get("hub_token"))
            else:
                token, caller = self.dealer.learner_session(data.get("name"), data.get("key"))
        except PokerlabError as error:
            self.refuse(error)
            return
        self.answer({"session": token, "name": caller.name, "learner_id": caller.learner_id, "teacher": caller.teacher})


class TeacherHandler(_Handler):
    def post(self) -> None:
        try:
            token, caller = self.dealer.teacher_session(self.body().get("password"))
        except PokerlabError as error:
            self.refuse(error)
            return
        self.answer({"session": token, "name": caller.name})


class TablesHandler(_Handler):
    def get(self) -> None:
        try:
            self.caller()
        except PokerlabError as error:
            self.refuse(error)
            return
        self.answer({"tables": self.dealer.lobby()})

    def post(self) -> None:
        try:
            code = self.dealer.open_table(self.caller(), self.body().get("settings") or {})
        except PokerlabError as error:
            self.refuse(error)
            return
        self.answer({"code": code}, 201)


class ResultsHandler(_Handler):
    def get(self) -> None:
        try:
            rows = self.dealer.results(self.caller())
        except PokerlabError as error:
            self.refuse(error)
            return
        self.answer({"results": rows})


class ClassPlayHandler(_Handler):
    """A learner's class game: ``POST /api/class/join`` (``code``), ``/act`` (``game`` and the
    action), ``/next`` (``game``); each answers the learner's view (see :meth:`ClassService.answer`)."""

    async def post(self, what: str) -> None:
        try:
            caller, data = self.caller(), self.body()
            classes = self.dealer.classes
            if what == "join":
                browser = data.get("browser") if self.dealer.hub is None else None
                answer = await self.in_class_thread(classes.join, caller.learner, data.get("code"),
                                                    browser if isinstance(browser, str) else None)
            elif what == "act":
                answer = await self.in_class_thread(classes.act, caller.learner, data.get("game"), data)
            else:
                answer = await self.in_class_thread(classes.next_deal, caller.learner, data.get("game"))
        except (PokerlabError, ValueError, TypeError) as error:
            self.answer(answer_of(error), getattr(error, "status", 400))
            return
        self.answer(answer)


class ClassBoardHandler(_Handler):
    """The teacher's side of class games: ``GET /api/class/games`` (the list), ``POST`` (a new game);
    ``GET /api/class/games/ID`` (its board), ``.../csv``, ``.../phh?every_card=1``, ``.../learner?name=``; ``POST .../end``;
    ``DELETE /api/class/games/ID``. A teacher's session only."""

    def teacher(self) -> Caller:
        caller = self.caller()
        if not caller.teacher:
            raise Refused("board_teacher", 403)
        return caller

    async def get(self, game: str | None = None, what: str | None = None) -> None:
        try:
            self.teacher()
            classes = self.dealer.classes
            if game is None:
                self.answer({"games": await self.in_class_thread(classes.games)})
            elif what == "csv":
                self.answer({"csv": await self.in_class_thread(classes.csv, int(game))})
            elif what == "phh":
                every_card = self.get_query_argument("every_card", "") == "1"
                self.answer({"download": await self.in_class_thread(classes.phh, int(game), every_card)})
            elif what == "learner":
                name = self.get_query_argument("name", "")
                self.answer({"detail": await self.in_class_thread(classes.learner, int(game), name)})
            elif what is None:
                self.answer({"board": await self.in_class_thread(classes.board, int(game))})
            else:
                raise Refused("no_class_page", 404)
        except PokerlabError as error:
            self.refuse(error)

    async def post(self, game: str | None = None, what: str | None = None) -> None:
        try:
            caller, data = self.teacher(), self.body()
            classes = self.dealer.classes
            if game is None:
                made = await self.in_class_thread(classes.create, caller.name, data.get("settings"), data.get("roster"))
                self.answer(made, 201)
            elif what == "end":
                await self.in_class_thread(classes.end, int(game))
                self.answer({"ok": True})
            else:
                raise Refused("no_class_change", 404)
        except PokerlabError as error:
            self.refuse(error)

    async def delete(self, game: str | None = None, what: str | None = None) -> None:
        try:
            self.teacher()
            if game is None or what is not None:
                raise Refused("which_class_game", 404)
            await self.in_class_thread(self.dealer.classes.delete, int(game))
            self.answer({"ok": True})
        except PokerlabError as error:
            self.refuse(error)


class LadderHandler(_Handler):
    """A learner's ladder: ``POST /api/ladder/lobby``, ``/start`` (``level``), ``/continue``, ``/new``,
    ``/act`` (``version`` and the action), ``/next`` (``version``), ``/fresh``; each names its ``page``
    and answers what the learner may know (see :mod:`pokerlab.dealer.ladder_service`)."""

    async def post(self, what: str) -> None:
        try:
            caller, data = self.caller(), self.body()
            ladder, learner, page = self.dealer.ladder, caller.learner, data.get("page")
            calls: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
                "lobby": (ladder.lobby, (learner, page)),
                "start": (ladder.start, (learner, page, data.get("level"), data.get("seed"), data.get("request"))),
                "continue": (ladder.resume, (learner, page)),
                "new": (ladder.give_up, (learner, page)),
                "act": (ladder.act, (learner, page, data.get("version"), data)),
                "next": (ladder.next_hand, (learner, page, data.get("version"))),
                "fresh": (ladder.fresh_start, (learner, page)),
            }
            call, arguments = calls[what]
            answer = await IOLoop.current().run_in_executor(self.dealer.ladder_worker, call, *arguments)
        except (PokerlabError, ValueError, TypeError) as error:
            self.answer(answer_of(error), getattr(error, "status", 400))
            return
        self.answer(answer)


class HealthHandler(_Handler):
    def get(self) -> None:
        self.answer({"ok": True, "tables": len(self.dealer.tables)})


class TableSocket(tornado.websocket.WebSocketHandler):
    """One caller watching one table: intents in, views out."""

    def initialize(self, dealer: Dealer) -> None:
        self.dealer = dealer
        self.caller: Caller | None = None
        self.code = ""
        self.refused: PokerlabError | None = None
        """Why this table cannot be watched (there is no table with its code): the first answer, then closed."""

    def check_origin(self, origin: str) -> bool:
        return True  # callers are kernels holding a session, not pages riding on a browser's cookies

    def open(self, code: str) -> None:  # type: ignore[override]
        self.set_nodelay(True)
        try:
            self.code = self.dealer.table(code).code
        except PokerlabError as error:  # said in the answer to the first message, in words a page can translate
            self.refused = error

    def on_message(self, message: str | bytes) -> None:
        try:
            data = json.loads(message)
            if not isinstance(data, dict) or len(message) > MAX_BODY:
                raise ValueError
        except ValueError:
            self.reply(None, Refused("json_objects"))
            return
        ident = data.get("id")
        if self.refused is not None:
            self.reply(ident, self.refused)
            self.close(4004)
            return
        try:
            if self.caller is None:
                self.caller = self.dealer.caller(data.get("session"))
                self.dealer.watch(self.code, self)
                self.reply(ident)
                self.push(self.dealer.view(self.caller, self.code))
                return
            self.dealer.handle(self.caller, self.code, data)
        except (PokerlabError, ValueError, TypeError) as error:
            self.reply(ident, error)
            return
        self.reply(ident)

    def reply(self, ident: object, error: BaseException | None = None) -> None:
        """The answer to intent ``ident``: yes, or the refusal (its English, code and values)."""
        answer = {"ok": True, "error": ""} if error is None else {"ok": False, **answer_of(error)}
        try:
            self.write_message(json.dumps({"type": "reply", "id": ident, **answer}))
        except tornado.websocket.WebSocketClosedError:
            self.dealer.unwatch(self.code, self)

    def push(self, view: dict[str, Any] | None) -> None:
        if view is None:
            return
        try:
            self.write_message(json.dumps({"type": "view", "view": view}))
        except tornado.websocket.WebSocketClosedError:
            self.dealer.unwatch(self.code, self)

    def on_close(self) -> None:
        self.dealer.gone(self.code, self)


def application(dealer: Dealer, prefix: str = "/") -> tornado.web.Application:
    """The dealer's API under ``prefix`` (on a hub, the service's ``/services/pokerlab/``)."""
    arguments = {"dealer": dealer}
    base = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    return tornado.web.Application([
        (base + r"api/health", HealthHandler, arguments),
        (base + r"api/session", SessionHandler, arguments),
        (base + r"api/teacher", TeacherHandler, arguments),
        (base + r"api/tables", TablesHandler, arguments),
        (base + r"api/results", ResultsHandler, arguments),
        (base + r"api/tables/([A-Za-z0-9]{1,16})/ws", TableSocket, arguments),
        (base + r"api/class/(join|act|next)", ClassPlayHandler, arguments),
        (base + r"api/ladder/(lobby|start|continue|new|act|next|fresh)", LadderHandler, arguments),
        (base + r"api/class/games", ClassBoardHandler, arguments),
        (base + r"api/class/games/([0-9]{1,12})", ClassBoardHandler, arguments),
        (base + r"api/class/games/([0-9]{1,12})/(csv|phh|learner|end)", ClassBoardHandler, arguments),
        *quiz_routes(dealer, base),
    ], websocket_max_message_size=MAX_BODY)


__all__ = ["ClassBoardHandler", "ClassPlayHandler", "HealthHandler", "LadderHandler", "ResultsHandler", "SessionHandler",
           "TablesHandler", "TableSocket", "TeacherHandler", "application"]
