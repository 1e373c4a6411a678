"""Games in progress: one per learner and app, in the database, held by one page at a time.

A game in progress (``kept_games``) is the whole state of a game being played (hidden cards and
seeds included: it stays on the server, never reaches a browser), a short ``summary`` for the
"Continue your game (hand 4, 735 chips)" button, the game's random ``game_id`` (what its
settlements are keyed by, :mod:`pokerlab.storage.settlements`), the **holder** (the page playing it)
and a **version** that grows by one with every stored step.

Holding is what keeps one game in one place. A page starts a game (:func:`start_in`) or takes a
kept one over (:func:`take_over_in`) and then stores every step with :func:`hold_in` +
:func:`store_step_in` in one transaction: :func:`hold_in` locks the row and raises
:class:`GameTakenError` when another page has taken the game over, *before* the caller asks the
engine anything, so a page that lost its game never learns a card or a result from it. The
application layer (:mod:`pokerlab.storage.holding`) puts these together; the plain functions at the
end (:func:`keep_game`, :func:`game_in_progress`, :func:`end_game`) are for scripts and tools.

Older pokerlab versions kept these games as files (``learners/<id>/playing/KIND.json``); such a file
is read into the database the first time its learner's games are looked at, then removed.

>>> import tempfile, pathlib
>>> from pokerlab.storage import open_store
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "slots.sqlite3")
>>> ada = store.write(lambda c: Learner(learner_id_in(c, "Ada", create=True), "Ada", "legacy"))
>>> keep_game(ada, "saloon-draw", {"hand": 4}, summary="hand 4, 735 chips", store=store)
>>> game_in_progress(ada, "saloon-draw", store=store).summary
'hand 4, 735 chips'
>>> end_game(ada, "saloon-draw", store=store); print(game_in_progress(ada, "saloon-draw", store=store))
None
"""

from __future__ import annotations

import contextlib
import json
import secrets
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

import sqlalchemy
from sqlalchemy.engine import Connection

from pokerlab.errors import PokerlabError
from pokerlab.storage.database import open_store
from pokerlab.storage.learners import Learner, learner_folder, learner_id_in
from pokerlab.storage.save_envelope import Refusal, SaveFileError, check_kind, problem_in, read_envelope
from pokerlab.storage.schema import kept_games, utc_text
from pokerlab.storage.urls import StoreTarget

PLAYING_FOLDER: Final = "playing"
"""Where older pokerlab versions kept games in progress as files, inside the learner's folder."""
MAX_SUMMARY: Final = 200
SCRIPT_HOLDER: Final = "script"
"""The holder of a game kept by :func:`keep_game` (a script or a tool, not a page)."""


class GameTakenError(PokerlabError):
    """This page no longer holds the game: another page took it over (or it ended there)."""


class GameExistsError(PokerlabError):
    """A new game cannot start: the learner already has one of this app in progress."""


@dataclass(frozen=True)
class GameInProgress:
    """A kept game: what :func:`start_in` or :func:`store_step_in` was given, and who holds it."""

    kind: str
    state: dict[str, Any]
    summary: str
    saved_at: datetime
    game_id: str = ""
    holder: str = SCRIPT_HOLDER
    version: int = 1


def new_game_id() -> str:
    """A fresh random id for a game (what its settlements are keyed by)."""
    return secrets.token_hex(12)


def _state_text(state: dict[str, Any]) -> str:
    if not isinstance(state, dict):
        raise SaveFileError(f"A game in progress must be a dict of plain data, not a {type(state).__name__}.")
    problem = problem_in(state, "the game")
    if problem is not None:
        raise SaveFileError(f"A game in progress must be plain data: {problem}.")
    return json.dumps(state, separators=(",", ":"), allow_nan=False)


def _summary(summary: str) -> str:
    if not isinstance(summary, str) or len(summary) > MAX_SUMMARY:
        raise SaveFileError(f"A game's summary is text of at most {MAX_SUMMARY} characters; got {str(summary)[:60]!r}.")
    return summary


def _from_row(row: Any) -> GameInProgress:
    try:
        state = json.loads(row.state)
    except ValueError:
        state = None
    if not isinstance(state, dict):
        raise SaveFileError(
            "Your game in progress is damaged and cannot be continued. Start a new game; nothing else "
            "you have kept is affected."
        )
    return GameInProgress(row.app, state, row.summary, datetime.fromisoformat(row.updated_at), row.game_id,
                          row.holder, int(row.version))


def _learner_id(connection: Connection, learner: Learner) -> int:
    if not isinstance(learner, Learner):
        raise SaveFileError(f"A game in progress belongs to a learner; got {learner!r}.")
    learner_id = learner_id_in(connection, learner, create=False)
    assert learner_id is not None  # a Learner must exist (UnknownLearnerError otherwise)
    return learner_id


def _key(learner_id: int, kind: str) -> Any:
    return (kept_games.c.learner_id == learner_id) & (kept_games.c.app == kind)


# ----- inside a transaction ---------------------------------------------------------------------


def read_in(connection: Connection, learner: Learner, kind: str, *, lock: bool = False) -> GameInProgress | None:
    """``learner``'s game of ``kind`` (None: none kept); ``lock`` holds its row to the end of the
    transaction. A damaged game raises :class:`~pokerlab.storage.save_envelope.SaveFileError`."""
    learner_id = _learner_id(connection, learner)
    _import_file(connection, learner, learner_id, check_kind(kind))
    query = sqlalchemy.select(kept_games).where(_key(learner_id, kind))
    row = connection.execute(query.with_for_update() if lock else query).first()
    return None if row is None else _from_row(row)


def start_in(connection: Connection, learner: Learner, kind: str, *, game_id: str, holder: str,
             state: dict[str, Any], summary: str = "") -> GameInProgress:
    """Keep a new game for ``learner``, held by ``holder``. Raises :class:`GameExistsError` when a
    game of ``kind`` is already kept (finish it, or drop it with :func:`drop_in`, first)."""
    learner_id = _learner_id(connection, learner)
    _import_file(connection, learner, learner_id, check_kind(kind))
    text, summary = _state_text(state), _summary(summary)
    existing = connection.execute(
        sqlalchemy.select(kept_games.c.game_id).where(_key(learner_id, kind)).with_for_update()
    ).first()
    if existing is not None:
        raise GameExistsError("You already have a game of this kind in progress (perhaps in another tab).")
    now = utc_text()
    try:
        connection.execute(kept_games.insert().values(
            learner_id=learner_id, app=kind, game_id=game_id, holder=holder, version=1, state=text,
            summary=summary, started_at=now, updated_at=now,
        ))
    except sqlalchemy.exc.IntegrityError:  # another page kept one between the look and the insert
        raise GameExistsError("You already have a game of this kind in progress (perhaps in another tab).") from None
    return GameInProgress(kind, state, summary, datetime.fromisoformat(now), game_id, holder, 1)


def take_over_in(connection: Connection, learner: Learner, kind: str, holder: str) -> GameInProgress | None:
    """Make ``holder`` the page that plays ``learner``'s game of ``kind``; the game, or None."""
    kept = read_in(connection, learner, kind, lock=True)
    if kept is None:
        return None
    learner_id = _learner_id(connection, learner)
    connection.execute(kept_games.update().where(_key(learner_id, kind)).values(holder=holder))
    return GameInProgress(kept.kind, kept.state, kept.summary, kept.saved_at, kept.game_id, holder, kept.version)


def hold_in(connection: Connection, learner: Learner, kind: str, holder: str, game_id: str) -> GameInProgress:
    """Lock ``learner``'s game ``game_id`` for a step by ``holder``; :class:`GameTakenError` when
    ``holder`` does not hold it any more (another page took it over, or it ended)."""
    kept = read_in(connection, learner, kind, lock=True)
    if kept is None or kept.game_id != game_id or kept.holder != holder:
        raise GameTakenError("This game continues in your other tab.")
    return kept


def store_step_in(connection: Connection, learner: Learner, kind: str, held: GameInProgress,
                  state: dict[str, Any], summary: str) -> int:
    """Store the game ``held`` (from :func:`hold_in`, same transaction) as ``state``; its new version."""
    learner_id = _learner_id(connection, learner)
    version = held.version + 1
    connection.execute(kept_games.update().where(_key(learner_id, kind)).values(
        state=_state_text(state), summary=_summary(summary), version=version, updated_at=utc_text(),
    ))
    return version


def drop_in(connection: Connection, learner: Learner, kind: str, game_id: str | None = None) -> bool:
    """Forget ``learner``'s game of ``kind`` (only game ``game_id`` when given); True if one was kept."""
    learner_id = _learner_id(connection, learner)
    _import_file(connection, learner, learner_id, check_kind(kind))
    condition = _key(learner_id, kind)
    if game_id is not None:
        condition = condition & (kept_games.c.game_id == game_id)
    return connection.execute(kept_games.delete().where(condition)).rowcount > 0


def version_in(connection: Connection, learner: Learner, kind: str, game_id: str) -> int | None:
    """The stored version of game ``game_id`` (None when it is not kept): how a lost COMMIT reply is checked."""
    learner_id = _learner_id(connection, learner)
    return connection.execute(sqlalchemy.select(kept_games.c.version).where(
        _key(learner_id, kind) & (kept_games.c.game_id == game_id))).scalar()


# ----- games kept as files by older pokerlab versions -------------------------------------------


def slot_path(learner: Learner, kind: str) -> Path:
    """Where an older pokerlab kept ``learner``'s game in progress of ``kind`` as a file."""
    return learner_folder(learner) / PLAYING_FOLDER / f"{check_kind(kind)}.json"


def _import_file(connection: Connection, learner: Learner, learner_id: int, kind: str) -> None:
    """Move an older pokerlab's file for this game into the database (once; a damaged file is left
    where it is and the learner can start a new game)."""
    path = slot_path(learner, kind)
    if not path.is_file():
        return
    try:
        envelope = read_envelope(path, kind)
        payload = envelope["payload"]
        state, summary = payload["state"], str(payload.get("summary", ""))[:MAX_SUMMARY]
        text = _state_text(state)
    except (Refusal, OSError, KeyError, TypeError, SaveFileError):
        return
    if connection.execute(sqlalchemy.select(kept_games.c.game_id).where(_key(learner_id, kind))).first() is None:
        moment = utc_text(envelope["saved_at"])
        connection.execute(kept_games.insert().values(
            learner_id=learner_id, app=kind, game_id=new_game_id(), holder=SCRIPT_HOLDER, version=1, state=text,
            summary=summary, started_at=moment, updated_at=moment,
        ))
    # Removed only once the transaction that holds the row has committed: see _remove_after_commit.
    _remove_after_commit(connection, path)


def _remove_after_commit(connection: Connection, path: Path) -> None:
    def remove(_connection: Connection) -> None:
        with contextlib.suppress(OSError):
            path.unlink()

    sqlalchemy.event.listen(connection, "commit", remove, once=True)


# ----- for scripts and tools --------------------------------------------------------------------


def keep_game(learner: Learner, kind: str, state: dict[str, Any], *, summary: str = "",
              store: StoreTarget = None) -> None:
    """Keep ``state`` as ``learner``'s game of ``kind``, replacing any (held by no page)."""
    text, summary = _state_text(state), _summary(summary)

    def work(connection: Connection) -> None:
        drop_in(connection, learner, kind)
        start_in(connection, learner, kind, game_id=new_game_id(), holder=SCRIPT_HOLDER,
                 state=json.loads(text), summary=summary)

    open_store(store).write(work)


def game_in_progress(learner: Learner, kind: str, *, store: StoreTarget = None) -> GameInProgress | None:
    """``learner``'s kept game of ``kind``, or ``None`` when there is none."""
    target = open_store(store)
    if slot_path(learner, kind).is_file():  # an older pokerlab's file: moved in by a write first
        return target.write(lambda connection: read_in(connection, learner, kind))
    return target.read(lambda connection: read_in(connection, learner, kind))


def end_game(learner: Learner, kind: str, *, store: StoreTarget = None) -> None:
    """Forget ``learner``'s game in progress of ``kind`` (finished, or "New game" chosen)."""
    open_store(store).write(lambda connection: drop_in(connection, learner, kind))


def games_in_progress(learner: Learner, *, store: StoreTarget = None) -> list[str]:
    """The kinds of game ``learner`` has in progress."""
    folder = learner_folder(learner) / PLAYING_FOLDER
    kinds = sorted(path.stem for path in folder.glob("*.json")) if folder.is_dir() else []

    def work(connection: Connection) -> list[str]:
        learner_id = _learner_id(connection, learner)
        for kind in kinds:
            with contextlib.suppress(PokerlabError):
                _import_file(connection, learner, learner_id, kind)
        return list(connection.execute(sqlalchemy.select(kept_games.c.app).where(
            kept_games.c.learner_id == learner_id).order_by(kept_games.c.app)).scalars())

    return open_store(store).write(work)
