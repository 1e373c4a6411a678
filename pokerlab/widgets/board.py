"""The teacher's board: create and watch class games, look into a learner's hands, export CSV and PHH.

Only a teacher gets any data (:mod:`pokerlab.classroom.teachers`): until then the synced traits hold
nothing but the refusal or the password form. The browser asks for a refresh every ``refresh_ms``
while the selected game is open (``{"type": "refresh"}``); every other click is an intent too:
``login``, ``create``, ``select``, ``learner``, ``end``, ``delete``, ``csv``, ``phh`` (the game's hands as
PHH; ``every_card`` once it has ended), ``mastery_csv``, ``misconceptions_csv``, ``release``.
Seeds never leave the kernel: the board shows results, reviews and hand histories replayed on the server.

The board speaks the teacher's language (:attr:`TeacherBoard.language`): the one the page gives
(``TeacherBoard(language="es")``), else the first of the browser's languages pokerlab speaks (sent as
``{"type": "languages"}`` when the page opens), and the teacher can change it from the menu
(``{"type": "language"}``). The class games' data comes as numbers and codes and is said here
(:func:`~pokerlab.classroom.board.board_words`), so a board on a hub speaks Spanish too. board.js gets its
own words from :func:`~pokerlab.widgets.board_texts.board_script_words`. Still in English: the mastery section
(:mod:`pokerlab.classroom.mastery_board`), a hand history that comes from the hub's dealer, and errors
raised by the store and the teacher settings (their English is shown as it is).

On a hub's learner servers (``POKERLAB_PRACTICE_SERVER=1``) there is no class data in the kernel: the
board signs in to the dealer (the hub's ``pokerlab`` service) with this server's hub token, opens only
when the hub says its user is in the ``pokerlab-teachers`` group, and every game, board, CSV and
learner's hands then come from the service (``service``: a :class:`~pokerlab.dealer.client.DealerClient`
signed in as a teacher). Lessons and quizzes are kept in each learner's own server there, so the
board shows none of them.

Above the class games, ``mastery`` shows every learner who answered a lesson quiz (in a class game or
not): the class's most common named mistakes (misconceptions), the topics the class misses most, then
each learner's mastery of each topic
(:mod:`pokerlab.classroom.mastery_board`); ``mastery_csv`` downloads it and ``misconceptions_csv`` the
misconceptions.

Who may open the board is :mod:`pokerlab.widgets.board_access`'s part of it, the lessons, quizzes and
mastery :mod:`pokerlab.widgets.board_learning`'s; this module holds the class games.

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

import os
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from typing import Any, Final

import anywidget
import traitlets

from pokerlab import language as lang
from pokerlab.bots import BOT_LEVELS
from pokerlab.classroom.board import (
    board_view,
    board_words,
    csv_text,
    detail_words,
    games_view,
    games_words,
    learner_detail,
)
from pokerlab.classroom.class_game_export import class_game_download
from pokerlab.classroom.class_games import (
    MAX_DEALS,
    SETTINGS_REFUSALS,
    VARIANTS,
    ClassGameError,
    ClassGameSettings,
    variant_name,
)
from pokerlab.classroom.identity import release
from pokerlab.classroom.mastery_board import mastery_words
from pokerlab.classroom.practice import practice_server
from pokerlab.classroom.store import ClassStore, open_class_store
from pokerlab.classroom.teachers import PasswordGate
from pokerlab.dealer.client import DealerClient
from pokerlab.dealer.store import TableStore
from pokerlab.errors import PokerlabError, quoted
from pokerlab.language import N_
from pokerlab.widgets._assets import css, esm
from pokerlab.widgets._updates import one_update
from pokerlab.widgets.board_access import AccessPart
from pokerlab.widgets.board_learning import LEARNING_SECONDS, LearningPart
from pokerlab.widgets.board_texts import BOARD_WORDS, board_script_words

REFRESH_MS = 3_000
_FIELDS: Final = {"opponent_count": N_("Computer opponents"), "opponent_level": N_("Their level"), "deal_count": N_("Deals")}


def _int(fields: Mapping[str, Any], name: str, default: int, language: str = lang.DEFAULT) -> int:
    text = str(fields.get(name, default)).strip()
    if not text.lstrip("-").isdigit():
        raise ClassGameError(lang.gettext(language, "{field} must be a whole number; got {value}.").format(
            field=lang.gettext(language, _FIELDS[name]) if language != lang.DEFAULT else name.replace("_", " ").capitalize(),
            value=quoted(text)))
    return int(text)


class TeacherBoard(AccessPart, LearningPart, anywidget.AnyWidget):
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
    mastery = traitlets.Dict(help="Every quiz-answering learner's mastery per topic, and the class's trouble").tag(sync=True)
    refresh_ms = traitlets.Int(REFRESH_MS).tag(sync=True)
    language = traitlets.Unicode(lang.DEFAULT, help="The language the board speaks").tag(sync=True)
    languages = traitlets.List(help="The languages offered on the page: [{value, label}]").tag(sync=True)
    words = traitlets.Dict(help="board_script_words(language): the JavaScript's messages in that language").tag(sync=True)

    def __init__(self, store: ClassStore | None = None, environ: Mapping[str, str] | None = None,
                 store_opener: Callable[[], ClassStore] = open_class_store,
                 password_gate: Callable[[ClassStore, Mapping[str, str] | None], PasswordGate] = PasswordGate,
                 clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc),
                 service: DealerClient | None = None, language: str | None = None, **kwargs: Any) -> None:
        """``language``: the board's language (a Spanish notebook gives ``"es"``); None: the browser's."""
        super().__init__(**kwargs)
        self.language_chosen = language is not None
        """The page or the teacher chose the language: the browser's preferences no longer change it."""
        self.language = lang.check(language or lang.DEFAULT)
        self.languages = lang.menu(lang.LANGUAGES)
        self.words = board_script_words(self.language)
        self._refused: tuple[str, dict[str, Any]] | None = None
        self._said: tuple[str, dict[str, Any] | None] = ("", None)
        """The message shown, in English, and its values (None: a text that is not a message of the
        catalogue, such as an error's), so a change of language says it again."""
        self.clock = clock
        self._store = store
        self._store_opener = store_opener
        self.environ = environ
        self.password_gate = password_gate
        self._allowed = False
        self.learning_rows: tuple[float, list[Any], list[Any]] | None = None
        self._quiz_board: tuple[float, dict[str, Any]] | None = None
        self.service = service
        env = os.environ if environ is None else environ
        if service is None and practice_server(env):
            self.service_door(env)
        elif service is not None:
            self.open_board("teacher")
        else:
            self.local_door(environ)
        self.on_msg(self._on_message)

    @property
    def store(self) -> ClassStore:
        if self._store is None:
            self._store = self._store_opener()
        return self._store

    # --- language ----------------------------------------------------------------------------------

    def words_of(self, english: str, **values: Any) -> str:
        """A message of the catalogue in the board's language, its places filled."""
        return lang.gettext(self.language, english).format(**values)

    def tell(self, english: str, **values: Any) -> None:
        """Show a message of the catalogue (kept in English, said again when the language changes)."""
        self._said = (english, values)
        self.message = self.words_of(english, **values)

    def refuse(self, english: str, **values: Any) -> None:
        """The board stays shut, and says why (a message of the catalogue, said again in a new language)."""
        self._refused = (english, values)
        self.refusal = self.words_of(english, **values)

    def show_text(self, text: str) -> None:
        """Show a text that is not a message of the catalogue (an error's own words): a refusal of the
        new game's settings is said again in the board's language, anything else as it is."""
        self._said = (text, None)
        self.message = self._retold(text)

    def _retold(self, text: str) -> str:
        if not text or self.language == lang.DEFAULT:
            return text
        return lang.retell(self.language, text, SETTINGS_REFUSALS) or text

    def set_language(self, language: str, chosen: bool = True) -> None:
        """Speak ``language`` from now on (``chosen``: by the page or the teacher, not guessed from the
        browser): the script's words, the message shown and everything on the board."""
        self.language = lang.check(language)
        self.language_chosen = self.language_chosen or chosen
        with self.hold_sync():
            self.words = board_script_words(self.language)
            english, values = self._said
            self.message = self._retold(english) if values is None else self.words_of(english, **values)
            if self._refused is not None:
                self.refusal = self.words_of(self._refused[0], **self._refused[1])
            if self._allowed:
                self._options()
                self.load_games()
                if self.detail:
                    self.show_learner(str(self.detail.get("learner", "")))

    def open_board(self, teacher: str) -> None:
        self._allowed = True
        self.teacher = teacher
        self.show_text("")
        self._options()
        self.screen = "board"
        self.load_games()

    def _options(self) -> None:
        self.options = {
            "variants": [{"value": key, "label": variant_name(key, self.language)} for key in VARIANTS],
            "levels": [{"value": str(level), "label": f"{level}: {lang.gettext(self.language, name)}"}
                       for level, (name, _) in BOT_LEVELS.items()],
            "max_deals": MAX_DEALS,
        }

    # --- reading -----------------------------------------------------------------------------------

    def load_games(self) -> None:
        if self.service is not None:
            games = games_words(self.service.class_games(), self.language)
            live = self.service.results()
        else:
            games = games_view(self.store, self.language)
            live = [{"code": row.code, "name": row.name, "hands": row.hands, "net": row.net}
                    for row in TableStore(self.store.store).results()]
        self.live = [{"code": row["code"], "name": row["name"], "hands": row["hands"],
                      "chips": lang.format_signed(row["net"], self.language)} for row in live]
        self.games = games
        if self.selected not in {g["id"] for g in games}:
            self.selected = next((g["id"] for g in games if g["status"] == "open"), games[0]["id"] if games else 0)
            self.detail = {}
        self.refresh()

    def refresh(self) -> None:
        """Read the selected game again (the browser asks every few seconds while it runs)."""
        self.mastery = mastery_words(self.service_quizzes()["mastery"] if self.service is not None
                                     else self.class_mastery(), self.language)
        if not self.selected:
            self.board = {}
            return
        if self.service is not None:  # the dealer counts the game's learners' lessons and quizzes too
            self.board = board_words(self.service.class_board(self.selected), self.language)
            return
        board = board_view(self.store, self.selected, self.language)
        board["learning"] = self.learning({p["learner_id"]: p["name"] for p in board["players"]})
        self.board = board

    def show_learner(self, name: str) -> None:
        """A learner's finished deals: each hand as the learner saw it, and the coach's review."""
        if self.service is not None:
            self.detail = detail_words(self.service.class_learner(self.selected, name), self.language)
        else:
            self.detail = learner_detail(self.store, self.selected, name, self.language)

    # --- changing ----------------------------------------------------------------------------------

    def create(self, fields: Mapping[str, Any]) -> None:
        variant = str(fields.get("variant", "five-card-draw-antes"))
        opponents = 4 if variant == "ladder" else _int(fields, "opponent_count", 3, self.language)
        settings = ClassGameSettings(variant, opponents, _int(fields, "opponent_level", 3, self.language),
                                     _int(fields, "deal_count", 10, self.language))
        roster = fields.get("roster")
        roster = roster if isinstance(roster, str) else None
        if self.service is not None:
            made = self.service.class_create(settings.to_json(), roster)
            game_id, code, names = int(made["id"]), str(made["code"]), made.get("roster")
        else:
            game = self.store.create_game(settings, teacher=self.teacher, roster=roster)
            game_id, code, names = game.id, game.code, game.roster
        self.selected = game_id
        self.detail = {}
        if names is None:
            self.tell(N_("Class game {code} is open: write the code on the board."), code=code)
        else:
            self.tell(N_("Class game {code} is open: write the code on the board. Only the {count} names on its roster "
                         "may join."), code=code, count=len(names))
        self.load_games()

    def end(self, game_id: int) -> None:
        if self.service is not None:
            self.service.class_end(game_id)
        else:
            self.store.end_game(game_id)
        self.tell(N_("The class game has ended: no one can join it or play on; results are kept."))
        self.load_games()

    def delete(self, game_id: int) -> None:
        if self.service is not None:
            self.service.class_delete(game_id)
        else:
            self.store.delete_game(game_id)
        if self.selected == game_id:
            self.selected = 0
        self.tell(N_("The class game and its results were deleted."))
        self.load_games()

    def export_csv(self) -> None:
        if self.service is not None:
            code = next((g["code"] for g in self.games if g["id"] == self.selected), str(self.selected))
            text = self.service.class_csv(self.selected)
        else:
            game = self.store.game(self.selected)
            code, text = game.code, csv_text(self.store, game.id)
        self.send({"type": "download", "name": f"class-game-{code}.csv", "text": text})

    def export_phh(self, every_card: bool) -> None:
        """The selected game's hands as one PHH file, as each learner saw them or, once it has ended, every card."""
        if self.service is not None:
            message = self.service.class_phh(self.selected, every_card)
        else:
            message = class_game_download(self.store, self.selected, every_card=every_card, language=self.language)
        if message["type"] == "download":
            self.show_text(message["note"])
            self.send({"type": "download", "name": message["name"], "text": message["text"]})
        else:
            self.show_text(message["text"])

    def release(self, name: str) -> None:
        """Free a learner's name so it can be claimed again from another browser (their data stays)."""
        if self.service is not None:
            raise ClassGameError("On a hub the hub says who each learner is: there is no name to free here.")
        learner = release(self.store.store, name)
        self.tell(N_("The name {name} is free again: the next browser that claims it gets it, with its results."),
                  name=learner.name)

    # --- browser intents -----------------------------------------------------------------------------

    @one_update
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        try:
            if kind == "languages":
                if (browser := lang.browser_choice(content, self.language_chosen)) is not None:
                    self.set_language(browser, chosen=False)
                return
            if kind == "language":
                self.set_language(str(content.get("language")))
                return
            if kind == "login":
                self.login(content.get("password"))
                return
            if not self._allowed:
                return
            if kind == "refresh":
                self.refresh()
                return
            self.learning_rows = None  # any other click reads lessons and quizzes afresh
            if kind == "games":
                self.load_games()
            elif kind == "create":
                self.create(content.get("fields") or {})
            elif kind == "select":
                self.selected = int(content.get("id") or 0)
                self.detail = {}
                self.show_text("")
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
            elif kind == "phh":
                self.export_phh(content.get("every_card") is True)
            elif kind == "mastery_csv":
                self.export_mastery_csv()
            elif kind == "misconceptions_csv":
                self.export_misconceptions_csv()
            elif kind == "release":
                self.release(str(content.get("name", "")))
        except (PokerlabError, ValueError) as error:
            self.show_text(str(error))


__all__ = ["BOARD_WORDS", "LEARNING_SECONDS", "REFRESH_MS", "TeacherBoard", "board_script_words"]
