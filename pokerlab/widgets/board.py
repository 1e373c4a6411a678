"""The teacher's board: create and watch class games, look into a learner's hands, export CSV.

Only a teacher gets any data (:mod:`pokerlab.classroom.teachers`): until then the synced traits hold
nothing but the refusal or the password form. The browser asks for a refresh every ``refresh_ms``
while the selected game is open (``{"type": "refresh"}``); every other click is an intent too:
``login``, ``create``, ``select``, ``learner``, ``end``, ``delete``, ``csv``, ``release``. Seeds never
leave the kernel: the board shows results, reviews and hand histories replayed on the server.

>>> import tempfile, pathlib
>>> from pokerlab.classroom.store import open_class_store
>>> store = open_class_store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> board = TeacherBoard(store=store, environ={"POKERLAB_TEACHER_PASSWORD": "owl"})
>>> board.screen, board.games
('login', [])
>>> board.login("owl")
>>> board.create({"variant": "ladder", "opponent_count": "4", "opponent_level": "2", "deal_count": "3"})
>>> board.screen, len(board.games), board.board["deal_count"]
('board', 1, 3)
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import traitlets

from pokerlab.bots import BOT_LEVELS
from pokerlab.classroom.board import csv_text, learning_lines, snapshot
from pokerlab.classroom.class_games import MAX_DEALS, VARIANTS, ClassGameError, ClassGameSettings, ClassMatch
from pokerlab.classroom.identity import release
from pokerlab.classroom.store import ClassStore, open_class_store
from pokerlab.classroom.teachers import PasswordGate, board_access
from pokerlab.dealer.store import TableStore
from pokerlab.errors import PokerlabError
from pokerlab.history import to_text
from pokerlab.narration import Voice
from pokerlab.storage import all_lesson_progress, quiz_results
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update
from pokerlab.text import quoted

REFRESH_MS = 3_000
LEARNING_SECONDS = 30.0


def _int(fields: Mapping[str, Any], name: str, default: int) -> int:
    text = str(fields.get(name, default)).strip()
    if not text.lstrip("-").isdigit():
        raise ClassGameError(f"{name.replace('_', ' ').capitalize()} must be a whole number; got {quoted(text)}.")
    return int(text)


class TeacherBoard(anywidget.AnyWidget):
    """The board. ``store``: the class games' database (default: pokerlab's); ``environ``: where the
    teacher settings are read (default: this server's environment)."""

    _esm = esm("board.js")
    _css = css("board.css")

    screen = traitlets.Unicode("refused", help="'refused', 'login' or 'board'").tag(sync=True)
    refusal = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    teacher = traitlets.Unicode("").tag(sync=True)
    options = traitlets.Dict(help="Choices for a new class game").tag(sync=True)
    games = traitlets.List(help="Every class game: id, code, description, status, created").tag(sync=True)
    selected = traitlets.Int(0).tag(sync=True)
    board = traitlets.Dict(help="The selected game's board").tag(sync=True)
    live = traitlets.List(help="Each learner's result at each live table: code, name, hands, chips").tag(sync=True)
    detail = traitlets.Dict(help="One learner's hands and reviews").tag(sync=True)
    refresh_ms = traitlets.Int(REFRESH_MS).tag(sync=True)

    def __init__(self, store: ClassStore | None = None, environ: Mapping[str, str] | None = None,
                 store_opener: Callable[[], ClassStore] = open_class_store,
                 password_gate: Callable[[ClassStore, Mapping[str, str] | None], PasswordGate] = PasswordGate,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._store = store
        self._store_opener = store_opener
        self._environ = environ
        self._password_gate = password_gate
        self._pending_login: asyncio.TimerHandle | None = None
        self._allowed = False
        self._learning_rows: tuple[float, list[Any], list[Any]] | None = None
        access = board_access(environ)
        if access.allowed:
            self._open(access.teacher)
        elif access.needs_password:
            self.screen = "login"
        else:
            self.refusal = access.refusal
        self.on_msg(self._on_message)

    @property
    def store(self) -> ClassStore:
        if self._store is None:
            self._store = self._store_opener()
        return self._store

    # --- access ------------------------------------------------------------------------------------

    def login(self, password: object) -> None:
        """Check the password, unless wrong passwords typed on this server (in any page) have
        started a wait (:class:`~pokerlab.classroom.teachers.PasswordGate`): then the board says
        it is waiting and checks this password by itself when the wait is over."""
        if self.screen != "login":
            return
        if self._pending_login is not None:
            self._pending_login.cancel()
            self._pending_login = None
        attempt = self._password_gate(self.store.store, self._environ).attempt(password)
        if attempt.opened:
            self._open("teacher")
            return
        seconds = max(1, math.ceil(attempt.wait))
        if attempt.checked:
            self.message = "That is not the teacher password."
            if attempt.wait > 1:
                self.message += (f" After several wrong passwords pokerlab waits before it checks "
                                 f"another one: the next is checked in {seconds} s.")
            return
        if self._check_later(attempt.wait, password):
            self.message = (f"Too many wrong passwords were typed on this server, so pokerlab is waiting "
                            f"{seconds} s before it checks another one. Keep this page open: your password "
                            f"is checked then.")
        else:
            self.message = (f"Too many wrong passwords were typed on this server, so pokerlab is waiting "
                            f"{seconds} s before it checks another one. Try again then.")

    def _check_later(self, delay: float, password: object) -> bool:
        """Check ``password`` again after ``delay`` seconds on the kernel's event loop (the kernel
        stays free meanwhile); False where no loop runs (plain Python), so nothing is scheduled."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self._pending_login = loop.call_later(delay + 0.05, self._login_when_waited, password)
        return True

    @one_update
    def _login_when_waited(self, password: object) -> None:
        self._pending_login = None
        try:
            self.login(password)
        except (PokerlabError, ValueError) as error:
            self.message = str(error)

    def _open(self, teacher: str) -> None:
        self._allowed = True
        self.teacher = teacher
        self.message = ""
        self.options = {
            "variants": [{"value": key, "label": label} for key, label in VARIANTS.items()],
            "levels": [{"value": str(level), "label": f"{level}: {name}"} for level, (name, _) in BOT_LEVELS.items()],
            "max_deals": MAX_DEALS,
        }
        self.screen = "board"
        self.load_games()

    # --- reading -----------------------------------------------------------------------------------

    def load_games(self) -> None:
        games = self.store.games()
        self.live = [{"code": row.code, "name": row.name, "hands": row.hands, "chips": f"{row.net:+,}"}
                     for row in TableStore(self.store.store).results()]
        self.games = [{"id": g.id, "code": g.code, "description": g.settings.describe(), "status": g.status,
                       "created": g.created_at.strftime("%Y-%m-%d %H:%M")} for g in games]
        if self.selected not in {g.id for g in games}:
            self.selected = next((g.id for g in games if g.is_open), games[0].id if games else 0)
            self.detail = {}
        self.refresh()

    def refresh(self) -> None:
        """Read the selected game again (the browser asks every few seconds while it runs)."""
        if not self.selected:
            self.board = {}
            return
        shot = snapshot(self.store, self.selected)
        game = shot.game
        money = "$" if game.settings.dollars else ""
        self.board = {
            "id": game.id, "code": game.code, "description": game.settings.describe(), "status": game.status,
            "open": game.is_open, "deal_count": game.settings.deal_count,
            "players": [{"name": p.learner, "done": p.deals_done, "progress": p.text} for p in shot.players],
            "ranking": [
                {"rank": rank, "name": s.learner, "deals": s.deals_played, "chips": f"{money}{s.chips:+d}",
                 "duplicate": f"{s.duplicate:+.2f}",
                 "review_cost": "" if s.review_cost is None else f"{s.review_cost:.1f}"}
                for rank, s in enumerate(shot.ranking, start=1)
            ],
            "deals": [
                {"number": d.number, "played": d.played, "spread": d.spread,
                 "average": "" if d.average is None else f"{d.average:+.1f}", "results": list(d.results),
                 "costliest": "" if d.costliest is None else d.costliest.text}
                for d in shot.deals
            ],
            "costliest": "" if shot.costliest is None else shot.costliest.text,
            "learning": self._learning({p.learner_id: p.learner for p in shot.players}),
        }

    def _learning(self, names: dict[int, str]) -> list[dict[str, Any]]:
        """Lessons and quizzes of the game's learners (from the storage layer). They change slowly,
        so they are read again at most every :data:`LEARNING_SECONDS` (or on any other click)."""
        if not names:
            return []
        now = time.monotonic()
        if self._learning_rows is None or now - self._learning_rows[0] > LEARNING_SECONDS:
            self._learning_rows = (now, all_lesson_progress(self.store.store), quiz_results(self.store.store, None))
        lines = learning_lines(names, self._learning_rows[1], self._learning_rows[2])
        return [{"name": line.learner, "lessons": ", ".join(line.lessons_done) or "none",
                 "started": ", ".join(line.lessons_started),
                 "quiz": f"{line.quiz_right} of {line.quiz_answered}" if line.quiz_answered else "no answers yet"}
                for line in lines]

    def show_learner(self, name: str) -> None:
        """A learner's finished deals: each hand as the learner saw it, and the coach's review."""
        game = self.store.game(self.selected)
        seeds = self.store.seeds(game.id)
        deals = []
        learner_id = next((p.learner_id for p in self.store.players(game.id) if p.learner == name), None)
        if learner_id is None:
            raise ClassGameError(f"{name} has not joined this class game.")
        for detail in self.store.details(game.id, learner_id):
            match = ClassMatch(game.settings, seeds, name)
            hand = match.deal(detail.deal_number, detail.actions)
            deals.append({
                "number": detail.deal_number, "chips": detail.chips,
                "history": to_text(hand, 0, Voice(names=tuple(match.names), dollars=game.settings.dollars)).splitlines(),
                "review": [{"stage": d.get("stage", ""), "played": d.get("played", ""), "coach": d.get("coach", ""),
                            "matches": bool(d.get("matches")), "chips": d.get("chips")}
                           for d in detail.review or []],
            })
        self.detail = {"learner": name, "deals": deals}

    # --- changing ----------------------------------------------------------------------------------

    def create(self, fields: Mapping[str, Any]) -> None:
        variant = str(fields.get("variant", "five-card-draw-antes"))
        opponents = 4 if variant == "ladder" else _int(fields, "opponent_count", 3)
        settings = ClassGameSettings(variant, opponents, _int(fields, "opponent_level", 3), _int(fields, "deal_count", 10))
        roster = fields.get("roster")
        game = self.store.create_game(settings, teacher=self.teacher, roster=roster if isinstance(roster, str) else None)
        self.selected = game.id
        self.detail = {}
        who = "" if game.roster is None else f" Only the {len(game.roster)} names on its roster may join."
        self.message = f"Class game {game.code} is open: write the code on the board.{who}"
        self.load_games()

    def end(self, game_id: int) -> None:
        self.store.end_game(game_id)
        self.message = "The class game has ended: no one can join it or play on; results are kept."
        self.load_games()

    def delete(self, game_id: int) -> None:
        self.store.delete_game(game_id)
        if self.selected == game_id:
            self.selected = 0
        self.message = "The class game and its results were deleted."
        self.load_games()

    def export_csv(self) -> None:
        game = self.store.game(self.selected)
        self.send({"type": "download", "name": f"class-game-{game.code}.csv", "text": csv_text(self.store, game.id)})

    def release(self, name: str) -> None:
        """Free a learner's name so it can be claimed again from another browser (their data stays)."""
        learner = release(self.store.store, name)
        self.message = f"The name {learner.name} is free again: the next browser that claims it gets it, with its results."

    # --- browser intents -----------------------------------------------------------------------------

    @one_update
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        try:
            if kind == "login":
                self.login(content.get("password"))
                return
            if not self._allowed:
                return
            if kind == "refresh":
                self.refresh()
                return
            self._learning_rows = None  # any other click reads lessons and quizzes afresh
            if kind == "games":
                self.load_games()
            elif kind == "create":
                self.create(content.get("fields") or {})
            elif kind == "select":
                self.selected = int(content.get("id") or 0)
                self.detail = {}
                self.message = ""
                self.refresh()
            elif kind == "learner":
                self.show_learner(str(content.get("name", "")))
            elif kind == "close_learner":
                self.detail = {}
            elif kind == "end":
                self.end(int(content.get("id") or 0))
            elif kind == "delete":
                self.delete(int(content.get("id") or 0))
            elif kind == "csv":
                self.export_csv()
            elif kind == "release":
                self.release(str(content.get("name", "")))
        except (PokerlabError, ValueError) as error:
            self.message = str(error)
