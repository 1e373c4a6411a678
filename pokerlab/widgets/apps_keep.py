"""The apps' edge to storage: who the learner is, and what is kept for them.

Everything the apps keep goes through here, for one learner at a time: the ladder account (wallet,
levels reached, high scores), named saves, and the *game in progress* of each app (kept after every
action so a reload continues the same decision). The engine (:mod:`pokerlab.match`,
:mod:`pokerlab.ladder`) never imports storage; this module adapts :mod:`pokerlab.storage` to what
they need.

Any failure of the place data is kept (read-only folder, full disk, damaged database) comes out of
:class:`Keeper` as :class:`KeepError`, whose message is plain words for the learner; the apps show it
and carry on with the game in memory. Nothing already saved is touched by a failed write (the
storage layer writes atomically).
"""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple, TypeVar

from pokerlab.errors import PokerlabError
from pokerlab.ladder import STARTING_POINTS, LadderError

Result = TypeVar("Result")

SALOON_KIND = "saloon-draw"
"""The kind of a Saloon Draw named save."""


class Learner(NamedTuple):
    """A learner as the apps see them: ``id`` is the storage's key, ``name`` the display name."""

    id: str
    name: str


class KeepError(PokerlabError):
    """The learner's data could not be read or written; the message says so in plain words."""


def _plain(error: BaseException, doing: str) -> str:
    if isinstance(error, OSError) and error.errno == errno.ENOSPC:
        why = "the disk is full"
    elif isinstance(error, OSError) and error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        why = "the data folder cannot be written to"
    elif isinstance(error, PokerlabError):
        return f"pokerlab could not {doing}: {error}"
    else:
        why = f"the data store answered: {error}"
    return f"pokerlab could not {doing} ({why}). You can go on playing; nothing saved before was lost."


def guarded(doing: str, work: Callable[[], Result]) -> Result:
    """Run ``work``; a storage failure becomes a :class:`KeepError` about ``doing``."""
    from pokerlab.storage import StorageError

    try:
        return work()
    except (StorageError, OSError, sqlite3.Error) as error:
        raise KeepError(_plain(error, doing)) from error


# ----- who the learner is ---------------------------------------------------------------------


def hub_learner(user: str) -> Learner | None:
    """The learner named by ``JUPYTERHUB_USER`` (None when it is empty)."""
    user = user.strip()
    if not user:
        return None
    return guarded("find your data", lambda: _storage_hub_learner(user))


def recognise(name: str, key: str, claiming: bool) -> Learner:
    """The learner ``name`` whose browser holds ``key``. ``claiming``: take the name if it is free.

    Raises a :class:`~pokerlab.errors.PokerlabError` whose message the learner reads: a bad name, a
    name taken by another browser, a name this server no longer knows.
    """
    return guarded("check your name", lambda: _storage_recognise(name, key, claiming))


# ----- what is kept for one learner -----------------------------------------------------------


@dataclass(frozen=True)
class SavedGame:
    """One entry of the Restore list."""

    name: str
    saved_at: datetime | None
    problem: str | None


@dataclass(frozen=True)
class ScoreRow:
    rank: int
    name: str
    score: int
    when: datetime


class KeptAccount:
    """The ladder's :class:`~pokerlab.ladder.LadderAccount` for one learner, through storage."""

    def __init__(self, keeper: Keeper) -> None:
        self.keeper = keeper

    def balance(self) -> int:
        return guarded("read your wallet", lambda: _wallet(self.keeper.learner).balance())

    def pay(self, amount: int, reason: str) -> int:
        from pokerlab.storage import InsufficientPointsError

        try:
            return guarded("take the entry cost from your wallet", lambda: _wallet(self.keeper.learner).pay(amount, reason))
        except InsufficientPointsError as short:
            raise LadderError(str(short)) from None

    def deposit(self, amount: int, reason: str) -> int:
        return guarded("pay into your wallet", lambda: _wallet(self.keeper.learner).deposit(amount, reason))

    def reached_level(self) -> int:
        return guarded("read your ladder progress", lambda: _reached(self.keeper.learner))

    def unlock(self, level_number: int) -> None:
        guarded("open the next level", lambda: _unlock(self.keeper.learner, level_number))

    def record_score(self, score: int) -> None:
        guarded("enter your score", lambda: _record_score(self.keeper.learner, score))


class Keeper:
    """One learner's kept data, every call guarded (see :func:`guarded`)."""

    def __init__(self, learner: Learner) -> None:
        self.learner = learner

    def account(self) -> KeptAccount:
        return KeptAccount(self)

    def high_scores(self, limit: int = 10) -> list[ScoreRow]:
        return guarded("read the high score table", lambda: _high_scores(limit))

    # named saves (Saloon Draw)

    def saves(self, kind: str) -> list[SavedGame]:
        return guarded("list your saved games", lambda: _list_saves(self.learner, kind))

    def save(self, kind: str, name: str, payload: dict[str, Any]) -> None:
        guarded(f"save \"{name}\"", lambda: _save(self.learner, kind, name, payload))

    def load(self, kind: str, name: str) -> dict[str, Any]:
        return guarded(f"restore \"{name}\"", lambda: _load(self.learner, kind, name))

    def delete(self, kind: str, name: str) -> None:
        guarded(f"delete \"{name}\"", lambda: _delete(self.learner, kind, name))

    # the game in progress of each app

    def slot(self, app: str) -> dict[str, Any] | None:
        return guarded("look for your game in progress", lambda: _slot(self.learner, app))

    def keep(self, app: str, payload: dict[str, Any]) -> None:
        guarded("keep your game in progress", lambda: _keep(self.learner, app, payload))

    def drop(self, app: str) -> None:
        guarded("clear your finished game", lambda: _drop(self.learner, app))


# ----- the storage calls (the one place that knows pokerlab.storage's API) ----------------------


def _storage_hub_learner(user: str) -> Learner:
    return Learner(f"hub:{user}", user)


def _storage_recognise(name: str, key: str, claiming: bool) -> Learner:
    # Interim until pokerlab.classroom.identity lands: names and scrypt hashes in a JSON file.
    import hashlib
    import hmac
    import json
    import re
    import secrets

    from pokerlab.storage import data_dir

    shown = " ".join(name.split())
    if not 1 <= len(shown) <= 30 or not re.fullmatch(r"[^\W_](?:[\w '.-]*[^\W_])?", shown):
        raise PokerlabError(
            f"{name!r} cannot be a name here: use 1 to 30 letters or digits (spaces, '-', '.' and an "
            "apostrophe may join them). Nothing was stored."
        )
    if not re.fullmatch(r"[0-9a-f]{32,128}", key):
        raise PokerlabError("This browser sent a key pokerlab does not accept; reload the page and try again.")
    folded = shown.casefold().replace(" ", "")
    path = data_dir() / "interim-learners.json"
    known = json.loads(path.read_text()) if path.exists() else {}
    entry = known.get(folded)
    if entry is None:
        if not claiming:
            raise PokerlabError(f"This browser knew you as {shown}, but this server does not know that name "
                                "(a teacher may have released it). Type your name to go on.")
        salt = secrets.token_hex(16)
        digest = hashlib.scrypt(key.encode(), salt=bytes.fromhex(salt), n=2**14, r=8, p=1).hex()
        known[folded] = {"name": shown, "salt": salt, "hash": digest, "id": secrets.token_hex(8)}
        path.write_text(json.dumps(known))
        entry = known[folded]
    digest = hashlib.scrypt(key.encode(), salt=bytes.fromhex(entry["salt"]), n=2**14, r=8, p=1).hex()
    if not hmac.compare_digest(digest, entry["hash"]):
        raise PokerlabError(f"The name {entry['name']} is taken by someone else on this server. Choose another "
                            "name; if it is yours and you changed browser, ask your teacher to release it.")
    return Learner(entry["id"], entry["name"])


def _wallet(learner: Learner):  # noqa: ANN202
    from pokerlab.storage import Wallet

    class _Bound:
        def __init__(self) -> None:
            self.wallet = Wallet(starting_balance=STARTING_POINTS)

        def balance(self) -> int:
            return self.wallet.balance(learner.id)

        def pay(self, amount: int, reason: str) -> int:
            return self.wallet.pay(amount, reason, player=learner.id)

        def deposit(self, amount: int, reason: str) -> int:
            return self.wallet.deposit(amount, reason, player=learner.id)

    return _Bound()


def _reached(learner: Learner) -> int:
    from pokerlab.storage import database

    path = database.prepare(None)
    row = database.run(
        path, lambda c: c.execute("SELECT level FROM ladder_progress WHERE player = ?", (learner.id,)).fetchone(),
        write=False,
    )
    return 1 if row is None else int(row[0])


def _unlock(learner: Learner, level_number: int) -> None:
    from pokerlab.storage import database

    path = database.prepare(None)
    database.run(
        path,
        lambda c: c.execute(
            "INSERT INTO ladder_progress (player, level) VALUES (?, ?) "
            "ON CONFLICT (player) DO UPDATE SET level = MAX(level, excluded.level)",
            (learner.id, level_number),
        ),
        write=True,
    )


def _record_score(learner: Learner, score: int) -> None:
    from pokerlab.storage import HighScores

    HighScores().add(learner.name, score)


def _high_scores(limit: int) -> list[ScoreRow]:
    from pokerlab.storage import HighScores

    return [ScoreRow(s.rank, s.name, s.score, s.when) for s in HighScores().top(limit)]


def _folder(learner: Learner, kind: str):  # noqa: ANN202
    import hashlib

    from pokerlab.storage import data_dir

    folder = data_dir() / "learners" / hashlib.sha256(learner.id.encode()).hexdigest()[:16] / kind
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _list_saves(learner: Learner, kind: str) -> list[SavedGame]:
    from pokerlab.storage.saves import _read_envelope, _Refusal

    rows = []
    for path in sorted(_folder(learner, kind).glob("*.json")):
        try:
            rows.append(SavedGame(path.stem, _read_envelope(path, kind)["saved_at"], None))
        except (_Refusal, OSError) as problem:
            rows.append(SavedGame(path.stem, None, str(problem)))
    return sorted(rows, key=lambda row: (row.saved_at is None, -(row.saved_at.timestamp() if row.saved_at else 0)))


def _save(learner: Learner, kind: str, name: str, payload: dict[str, Any]) -> None:
    from pokerlab.storage import save_game

    save_game(_folder(learner, kind) / f"{name}.json", kind, payload)


def _load(learner: Learner, kind: str, name: str) -> dict[str, Any]:
    from pokerlab.storage import SaveNotFoundError, load_game

    path = _folder(learner, kind) / f"{name}.json"
    if not path.exists():
        raise SaveNotFoundError(f"There is no saved game named {name!r}.")
    return load_game(path, kind)


def _delete(learner: Learner, kind: str, name: str) -> None:
    (_folder(learner, kind) / f"{name}.json").unlink(missing_ok=True)


def _slot(learner: Learner, app: str) -> dict[str, Any] | None:
    from pokerlab.storage import load_game

    path = _folder(learner, "in-progress") / f"{app}.json"
    return load_game(path, "in-progress") if path.exists() else None


def _keep(learner: Learner, app: str, payload: dict[str, Any]) -> None:
    from pokerlab.storage import save_game

    save_game(_folder(learner, "in-progress") / f"{app}.json", "in-progress", payload)


def _drop(learner: Learner, app: str) -> None:
    (_folder(learner, "in-progress") / f"{app}.json").unlink(missing_ok=True)


__all__ = ["SALOON_KIND", "KeepError", "Keeper", "KeptAccount", "Learner", "SavedGame", "ScoreRow", "guarded",
           "hub_learner", "recognise"]
