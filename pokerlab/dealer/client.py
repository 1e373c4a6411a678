"""The kernel's side of the dealer's API (:mod:`pokerlab.dealer.server`): sign in, read the lobby,
open a table, and watch one table, sending intents and receiving this caller's views.

The HTTP calls are plain blocking requests (a widget's message handler waits for the answer). A
table's websocket lives in a background thread with its own event loop: views arrive there and go
to the ``on_view`` callback, which the app uses to redraw its page.

The dealer is found at ``POKERLAB_DEALER_URL`` (``make app`` sets it; default
``http://127.0.0.1:8867``).

>>> DealerClient("http://127.0.0.1:1").url
'http://127.0.0.1:1'
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Final

from pokerlab.dealer.words import ENGLISH, ILLEGAL, NOTICES, REFUSALS, STORAGE, Refusal, Said

URL_ENV_VAR: Final = "POKERLAB_DEALER_URL"
DEFAULT_URL: Final = "http://127.0.0.1:8867"
TIMEOUT_SECONDS: Final = 10.0
SESSION_HEADER: Final = "X-Pokerlab-Session"


class DealerError(Refusal):
    """The dealer refused a request or could not be reached: a code with its values
    (:mod:`pokerlab.dealer.words`), which the page says in its own language (:meth:`text`)."""

    @classmethod
    def from_answer(cls, answer: dict[str, Any], fallback: str = "refused") -> DealerError:
        """The refusal the dealer sent: its code and values, or (from a dealer of an older pokerlab,
        or a code this pokerlab does not know) its English."""
        code, values, english = answer.get("code"), answer.get("values"), answer.get("error")
        if isinstance(code, str) and isinstance(values, dict) and (code in (ILLEGAL, ENGLISH, STORAGE) or _fits(code, values)):
            return cls(Said(code, values))
        return cls(Said(ENGLISH, {"text": english}) if english else Said(fallback))


def _fits(code: str, values: dict[str, Any]) -> bool:
    """``code`` is a message this pokerlab knows, and ``values`` fill all its places."""
    message = REFUSALS.get(code) or NOTICES.get(code)
    try:
        return message is not None and bool(message.format(**values))
    except (KeyError, IndexError, ValueError):
        return False


class DealerUnreachableError(DealerError):
    """The dealer does not answer: it is not running, or is restarting."""


def dealer_url() -> str:
    return os.environ.get(URL_ENV_VAR, "").strip().rstrip("/") or DEFAULT_URL


class DealerClient:
    """One page's connection to the dealer: its session, and the table it watches."""

    def __init__(self, url: str | None = None) -> None:
        self.url = (url or dealer_url()).rstrip("/")
        self.session: str | None = None
        self._sign_in: Callable[[], None] | None = None

    # ----- HTTP ------------------------------------------------------------------------------

    def _request(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        if self.session:
            request.add_header(SESSION_HEADER, self.session)
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
                return json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            try:
                answer = json.loads(error.read())
            except ValueError:
                answer = None
            if not isinstance(answer, dict):
                answer = {"error": error.reason}
            if error.code == 401 and self._sign_in is not None and path not in ("/api/session", "/api/teacher"):
                self._sign_in()  # the dealer restarted and forgot the session: sign in again, once
                return self._request_once(method, path, body)
            raise DealerError.from_answer(answer) from None
        except (urllib.error.URLError, OSError):
            raise DealerUnreachableError("dealer_away") from None

    def _request_once(self, method: str, path: str, body: dict[str, Any] | None) -> dict[str, Any]:
        sign_in, self._sign_in = self._sign_in, None
        try:
            return self._request(method, path, body)
        finally:
            self._sign_in = sign_in

    def _open_session(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        """Open a session at ``path`` and remember how, so a session the dealer has forgotten (it
        restarted) is opened again the same way."""
        def again() -> None:
            self.session = None
            self.session = self._request("POST", path, body)["session"]

        answer = self._request("POST", path, body)
        self.session, self._sign_in = answer["session"], again
        return answer

    def sign_in(self, name: str, key: str) -> dict[str, Any]:
        """A learner's session, from their name and their browser's key for it."""
        return self._open_session("/api/session", {"name": name, "key": key})

    def sign_in_hub(self, token: str) -> dict[str, Any]:
        """A hub user's session, from their hub token (on a hub, the only way in)."""
        return self._open_session("/api/session", {"hub_token": token})

    def sign_in_teacher(self, password: str) -> None:
        self._open_session("/api/teacher", {"password": password})

    def lobby(self) -> list[dict[str, Any]]:
        return list(self._request("GET", "/api/tables")["tables"])

    def open_table(self, settings: dict[str, Any]) -> str:
        return str(self._request("POST", "/api/tables", {"settings": settings})["code"])

    def results(self) -> list[dict[str, Any]]:
        """Each learner's result at each live table (a teacher's session only)."""
        return list(self._request("GET", "/api/results")["results"])

    # ----- class games (played in the dealer: the page sends intents and draws the answers) ----------

    def class_join(self, code: str, browser: str | None = None) -> dict[str, Any]:
        """Join the class game with join code ``code``: the game, this learner's view of their deal,
        and the class's results on the deals they have finished."""
        return self._request("POST", "/api/class/join", {"code": code, "browser": browser})

    def class_act(self, game_id: int, action: dict[str, Any]) -> dict[str, Any]:
        """This learner's action (``{"kind": "raise"}``...) on their deal of game ``game_id``."""
        return self._request("POST", "/api/class/act", {"game": game_id, **action})

    def class_next(self, game_id: int) -> dict[str, Any]:
        """Deal this learner's next deal of game ``game_id``."""
        return self._request("POST", "/api/class/next", {"game": game_id})

    def class_games(self) -> list[dict[str, Any]]:
        """Every class game (a teacher's session only)."""
        return list(self._request("GET", "/api/class/games")["games"])

    def class_create(self, settings: dict[str, Any], roster: str | None = None) -> dict[str, Any]:
        return self._request("POST", "/api/class/games", {"settings": settings, "roster": roster})

    def class_board(self, game_id: int) -> dict[str, Any]:
        return dict(self._request("GET", f"/api/class/games/{int(game_id)}")["board"])

    def class_csv(self, game_id: int) -> str:
        return str(self._request("GET", f"/api/class/games/{int(game_id)}/csv")["csv"])

    def class_phh(self, game_id: int, every_card: bool = False) -> dict[str, Any]:
        """The game's hands as PHH: the board's download message, or a note saying why there is none."""
        return dict(self._request("GET", f"/api/class/games/{int(game_id)}/phh?every_card={int(bool(every_card))}")["download"])

    def class_learner(self, game_id: int, name: str) -> dict[str, Any]:
        from urllib.parse import quote

        return dict(self._request("GET", f"/api/class/games/{int(game_id)}/learner?name={quote(name)}")["detail"])

    def class_end(self, game_id: int) -> None:
        self._request("POST", f"/api/class/games/{int(game_id)}/end", {})

    def class_delete(self, game_id: int) -> None:
        self._request("DELETE", f"/api/class/games/{int(game_id)}")

    # ----- quizzes and kept hands (graded and read in the dealer: see pokerlab.dealer.quiz_service) ----

    def quiz_ask(self, quiz: str, level: str, language: str = "en") -> dict[str, Any]:
        """A new question of graded quiz ``quiz`` at ``level``: ``id``, ``quiz``, ``level`` and the
        question's ``question`` view (no answer), worded in ``language``."""
        return self._request("POST", "/api/quiz/ask", {"quiz": quiz, "level": level, "language": language})

    def quiz_answer(self, question_id: str, choice: int, language: str = "en") -> dict[str, Any]:
        """Answer question ``question_id`` with ``choice``: the dealer's feedback (``correct``,
        ``answer``, ``explanation``, ``mistake``, ``kept``: the answer as kept; ``again``: answered before),
        its sentences in ``language`` (what is kept stays the question's English)."""
        return self._request("POST", "/api/quiz/answer", {"id": question_id, "choice": choice, "language": language})

    def quiz_mine(self) -> list[dict[str, Any]]:
        """This learner's own kept answers, oldest first."""
        return list(self._request("GET", "/api/quiz/mine")["answers"])

    def lesson_opened(self, lesson: str) -> None:
        """Tell the dealer this learner opened ``lesson`` (the board's lessons part)."""
        self._request("POST", "/api/quiz/opened", {"lesson": lesson})

    def quiz_board(self) -> dict[str, Any]:
        """The board's lessons and quizzes (a teacher's session only): ``mastery``, ``mastery_csv``,
        ``misconceptions_csv`` and ``learning`` (each learner's lessons and quiz tally)."""
        return self._request("GET", "/api/quiz/board")

    def hands(self, **filters: Any) -> list[dict[str, Any]]:
        """This learner's hands the dealer kept, newest first (filters as My hands': ``game``,
        ``outcome``, ``min_pot``, ``max_pot``, ``flagged``)."""
        from urllib.parse import urlencode

        query = urlencode({name: ("1" if value is True else "0" if value is False else value)
                           for name, value in filters.items() if value is not None and value != ""})
        return list(self._request("GET", "/api/hands" + (f"?{query}" if query else ""))["hands"])

    def hand(self, hand_id: int) -> dict[str, Any]:
        """This learner's kept hand ``hand_id`` (as the dealer numbers it)."""
        return dict(self._request("GET", f"/api/hands/{int(hand_id)}")["hand"])
    # ----- the Tournament Ladder (played in the dealer: the page sends intents, draws the answers) -----

    def ladder(self, what: str, page: str, **fields: Any) -> dict[str, Any]:
        """One ladder intent for page ``page``: ``"lobby"``, ``"start"`` (``level=N``), ``"continue"``,
        ``"new"``, ``"act"`` (``version=``, ``kind=``...), ``"next"`` (``version=``) or ``"fresh"``; the
        dealer's answer (the wallet, the high scores, this learner's view of the hand; see
        :mod:`pokerlab.dealer.ladder_service`)."""
        return self._request("POST", f"/api/ladder/{what}", {"page": page, **fields})

    def watch(self, code: str, on_view: Callable[[dict[str, Any]], None],
              on_closed: Callable[[Said], None] | None = None) -> TableLink:
        """Watch table ``code``: ``on_view`` gets each view (in the link's thread)."""
        if self.session is None:
            raise DealerError("sign_in_first")
        return TableLink(self, code, on_view, on_closed)


class TableLink:
    """One table's websocket, in a thread of its own; :meth:`send` an intent and wait for its reply."""

    def __init__(self, client: DealerClient, code: str, on_view: Callable[[dict[str, Any]], None],
                 on_closed: Callable[[Said], None] | None) -> None:
        self.client = client
        self.code = code
        self.on_view = on_view
        self.on_closed = on_closed
        self._ids = itertools.count(1)
        self._waiting: dict[int, Future[dict[str, Any]]] = {}
        self._loop = asyncio.new_event_loop()
        # Views are handed to ``on_view`` in a thread of their own, in order: a page that is waiting
        # for a reply (holding its table's lock) must not stop this link from reading that reply.
        self._deliver = ThreadPoolExecutor(1, thread_name_prefix=f"pokerlab-views-{code}")
        self._socket: Any = None
        self._ready: Future[None] = Future()
        self._thread = threading.Thread(target=self._run, name=f"pokerlab-table-{code}", daemon=True)
        self._thread.start()
        try:
            self._ready.result(TIMEOUT_SECONDS)
        except DealerError:
            self.close()
            raise
        except TimeoutError:
            self.close()
            raise DealerUnreachableError("dealer_late") from None

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._connect())
        self._loop.run_forever()

    async def _connect(self) -> None:
        from tornado.websocket import websocket_connect

        address = self.client.url.replace("http", "ws", 1) + f"/api/tables/{self.code}/ws"
        try:
            self._socket = await websocket_connect(address, on_message_callback=self._received,
                                                   connect_timeout=TIMEOUT_SECONDS)
        except (OSError, Exception) as error:  # noqa: BLE001 - tornado raises several kinds here
            logging.getLogger("pokerlab.dealer").info("table %s: no connection (%s)", self.code, type(error).__name__)
            self._ready.set_exception(DealerUnreachableError("dealer_away"))
            return
        ident = next(self._ids)
        self._waiting[ident] = hello = Future()
        # Heard before writing: the answer (a refusal, then the dealer closing) may come before the write returns.
        hello.add_done_callback(lambda done: self._hello_answered(done))
        await self._socket.write_message(json.dumps({"id": ident, "session": self.client.session}))

    def _hello_answered(self, done: Future[dict[str, Any]]) -> None:
        if self._ready.done() or done.exception() is not None:  # the connection closed first: said already
            return
        reply = done.result()
        if reply.get("ok"):
            self._ready.set_result(None)
        else:
            self._ready.set_exception(DealerError.from_answer(reply, "table_refused"))

    def _received(self, message: str | bytes | None) -> None:
        if message is None:  # the dealer closed the connection (or stopped)
            for waiting in self._waiting.values():
                if not waiting.done():
                    waiting.set_exception(DealerUnreachableError("connection_closed"))
            if not self._ready.done():
                self._ready.set_exception(DealerUnreachableError("connection_closed"))
            if self.on_closed is not None:
                self.on_closed(Said("connection_lost"))
            return
        data = json.loads(message)
        if data.get("type") == "reply":
            waiting = self._waiting.pop(data.get("id"), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(data)
        elif data.get("type") == "view":
            self._deliver.submit(self._show, data["view"])

    def _show(self, view: dict[str, Any]) -> None:
        try:
            self.on_view(view)
        except Exception:  # noqa: BLE001 - a page that cannot draw one view still gets the next
            logging.getLogger("pokerlab.dealer").exception("a view of table %s could not be drawn", self.code)

    def send(self, intent: dict[str, Any]) -> None:
        """Send ``intent`` (``{"type": "act", "kind": "raise"}``...) and wait for the dealer's yes;
        a refusal raises :class:`DealerError` with the dealer's code and values."""
        ident = next(self._ids)
        waiting: Future[dict[str, Any]] = Future()
        self._waiting[ident] = waiting
        message = json.dumps({**intent, "id": ident})

        def write() -> None:
            if self._socket is None:
                waiting.set_exception(DealerUnreachableError("connection_not_open"))
            else:
                self._socket.write_message(message)

        self._loop.call_soon_threadsafe(write)
        try:
            reply = waiting.result(TIMEOUT_SECONDS)
        except TimeoutError:
            raise DealerUnreachableError("dealer_late_again") from None
        if not reply.get("ok"):
            raise DealerError.from_answer(reply)

    def close(self) -> None:
        def stop() -> None:
            if self._socket is not None:
                self._socket.close()
            self._loop.stop()

        if self._loop.is_running():
            self._loop.call_soon_threadsafe(stop)
        self._deliver.shutdown(wait=False)


__all__ = ["DealerClient", "DealerError", "DealerUnreachableError", "TableLink", "dealer_url"]
