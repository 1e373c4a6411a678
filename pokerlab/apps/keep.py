"""The apps' edge to storage: who the learner is, and what is kept for them.

Everything the apps keep goes through here, for one learner at a time: the ladder account (wallet,
levels reached, high scores) and named saves. The *game in progress* of each app, with the
settlements of scored games, goes through :mod:`pokerlab.apps.hold`. The engine (:mod:`pokerlab.match`,
:mod:`pokerlab.ladder`) never imports storage; this module adapts :mod:`pokerlab.storage` to what
they need.

Any failure of the place data is kept (read-only folder, full disk, damaged database) comes out of
:class:`Keeper` as :class:`KeepError`, whose message is plain words for the learner; the apps show it
and carry on with the game in memory. Nothing already saved is touched by a failed write (the
storage layer writes atomically).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from pokerlab.errors import PokerlabError
from pokerlab.ladder import STARTING_POINTS, LadderError
from pokerlab.storage import Learner
from pokerlab.variants import SALOON_DRAW

Result = TypeVar("Result")

SALOON_KIND = SALOON_DRAW.code
"""The kind of a Saloon Draw named save."""


class KeepError(PokerlabError):
    """The learner's data could not be read or written; the message says so in plain words."""


def _plain(error: BaseException, doing: str) -> str:
    """What the learner reads when ``doing`` failed: the cause in a few words, whether what was
    saved before is safe (only when it is), and what to do; never a path, a URL or a driver's text."""
    from pokerlab.storage import errors

    if isinstance(error, errors.StorageError) and not error.cause:
        return f"pokerlab could not {doing}: {error}"  # a save that is missing or damaged: its own words
    if isinstance(error, errors.StorageError):
        kind: type[errors.StorageError] = type(error)
    elif isinstance(error, OSError):  # raw failures that got past the storage layer: logged here
        kind = type(errors.from_os_error(error, doing))
    else:
        errors.log_failure(type(error).__name__, doing, str(error))
        kind = errors.StorageError
    lost = "; nothing saved before was lost" if kind.nothing_lost else ""
    if issubclass(kind, errors.StorageCommitUnknownError):
        return f"pokerlab cannot tell whether it managed to {doing} ({kind.cause}). {kind.advice}"
    return f"pokerlab could not {doing} ({kind.cause}). You can go on playing{lost}. {kind.advice}"


def guarded(doing: str, work: Callable[[], Result]) -> Result:
    """Run ``work``; a storage failure becomes a :class:`KeepError` about ``doing`` (its details are
    in the server log, where the storage layer put them)."""
    from pokerlab.storage import StorageError

    try:
        return work()
    except (StorageError, OSError, sqlite3.Error) as error:
        raise KeepError(_plain(error, doing)) from error


# ----- who the learner is ---------------------------------------------------------------------


def hub_learner(user: str) -> Learner | None:
    """The learner named by ``JUPYTERHUB_USER`` (None when it is empty)."""
    from pokerlab.classroom import identity

    user = user.strip()
    if not user:
        return None
    return guarded("find your data", lambda: identity.hub_learner(None, user))


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
    """One learner's stored ladder account, for what the lobby reads and the fresh start. A level's
    entry cost and award are settled together with its kept game (:mod:`pokerlab.apps.hold`)."""

    def __init__(self, keeper: Keeper) -> None:
        self.keeper = keeper

    def balance(self) -> int:
        return guarded("read your wallet", lambda: _wallet(self.keeper.learner).balance())

    def reached_level(self) -> int:
        return guarded("read your ladder progress", lambda: _reached(self.keeper.learner))

    def top_up(self, to: int, below: int, reason: str) -> int:
        from pokerlab.storage import WalletError

        try:
            return guarded("give you a fresh start", lambda: _wallet(self.keeper.learner).top_up(to, below, reason))
        except WalletError as refusal:
            raise LadderError(str(refusal)) from None


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


# ----- the storage calls (the one place that knows pokerlab.storage's API) ----------------------


def _storage_recognise(name: str, key: str, claiming: bool) -> Learner:
    from pokerlab.classroom import identity

    if claiming:
        return identity.claim(None, name, key)
    known = identity.recognise(None, name, key)
    if known is None:
        raise identity.IdentityError(
            f"This browser knew you as {name}, but this server does not know that name with this browser's "
            "key (a teacher may have released it, or it belongs to someone else here). Type your name to go on."
        )
    return known


def _wallet(learner: Learner):
    from pokerlab.storage import Wallet

    class _Bound:
        def __init__(self) -> None:
            self.wallet = Wallet(None, starting_balance=STARTING_POINTS)

        def balance(self) -> int:
            return self.wallet.balance(learner)

        def top_up(self, to: int, below: int, reason: str) -> int:
            return self.wallet.top_up(to, below, reason, learner)

    return _Bound()


def _reached(learner: Learner) -> int:
    from pokerlab.storage import ladder_level

    return ladder_level(None, learner)


def _high_scores(limit: int) -> list[ScoreRow]:
    from pokerlab.storage import HighScores

    return [ScoreRow(s.rank, s.name, s.score, s.when) for s in HighScores(None).top(limit)]


def _list_saves(learner: Learner, kind: str) -> list[SavedGame]:
    from pokerlab.storage import list_saves

    return [SavedGame(info.name, info.saved_at, info.problem) for info in list_saves(kind, learner=learner)]


def _save(learner: Learner, kind: str, name: str, payload: dict[str, Any]) -> None:
    from pokerlab.storage import save_game

    save_game(name, kind, payload, learner=learner)


def _load(learner: Learner, kind: str, name: str) -> dict[str, Any]:
    from pokerlab.storage import load_game

    return load_game(name, kind, learner=learner)


def _delete(learner: Learner, kind: str, name: str) -> None:
    from pokerlab.storage import delete_game

    delete_game(name, kind, learner=learner)


__all__ = ["SALOON_KIND", "KeepError", "Keeper", "KeptAccount", "Learner", "SavedGame", "ScoreRow", "guarded",
           "hub_learner", "recognise"]
