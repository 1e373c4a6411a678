"""The apps' edge to storage: who the learner is, and what is kept for them.

Everything the apps keep goes through here, for one learner at a time: the ladder account (wallet,
levels reached, high scores) and named saves. The *game in progress* of each app, with the
settlements of scored games, goes through :mod:`pokerlab.storage.hold`. The engine (:mod:`pokerlab.match`,
:mod:`pokerlab.ladder`) never imports storage; this module adapts :mod:`pokerlab.storage` to what
they need.

Every call is :func:`~pokerlab.storage.guarded.guarded`: any failure of the place data is kept comes
out of :class:`Keeper` as :class:`~pokerlab.storage.guarded.KeepError`, plain words for the learner.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pokerlab.classroom import identity
from pokerlab.classroom.names_and_keys import IdentityError
from pokerlab.ladder import STARTING_POINTS, LadderError
from pokerlab.language import N_
from pokerlab.storage import (
    HighScores,
    Learner,
    Wallet,
    WalletError,
    delete_game,
    ladder_level,
    list_saves,
    load_game,
    save_game,
)
from pokerlab.storage.guarded import guarded
from pokerlab.variants import SALOON_DRAW

SALOON_KIND = SALOON_DRAW.code
"""The kind of a Saloon Draw named save."""


# ----- who the learner is ---------------------------------------------------------------------


def hub_learner(user: str) -> Learner | None:
    """The learner named by ``JUPYTERHUB_USER`` (None when it is empty)."""
    user = user.strip()
    if not user:
        return None
    return guarded(N_("find your data"), lambda: identity.hub_learner(None, user))


def recognise(name: str, key: str, claiming: bool) -> Learner:
    """The learner ``name`` whose browser holds ``key``. ``claiming``: take the name if it is free.

    Raises a :class:`~pokerlab.errors.PokerlabError` whose message the learner reads: a bad name, a
    name taken by another browser, a name this server no longer knows.
    """
    return guarded(N_("check your name"), lambda: _storage_recognise(name, key, claiming))


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
    entry cost and award are settled together with its kept game (:mod:`pokerlab.storage.hold`)."""

    def __init__(self, keeper: Keeper) -> None:
        self.keeper = keeper

    def balance(self) -> int:
        return guarded(N_("read your wallet"), lambda: _wallet(self.keeper.learner).balance())

    def reached_level(self) -> int:
        return guarded(N_("read your ladder progress"), lambda: _reached(self.keeper.learner))

    def top_up(self, to: int, below: int, reason: str) -> int:
        try:
            return guarded(N_("give you a fresh start"), lambda: _wallet(self.keeper.learner).top_up(to, below, reason))
        except WalletError as refusal:
            raise LadderError(str(refusal)) from None


class Keeper:
    """One learner's kept data, every call guarded (see :func:`guarded`)."""

    def __init__(self, learner: Learner) -> None:
        self.learner = learner

    def account(self) -> KeptAccount:
        return KeptAccount(self)

    def high_scores(self, limit: int = 10) -> list[ScoreRow]:
        return guarded(N_("read the high score table"), lambda: _high_scores(limit))

    # named saves (Saloon Draw)

    def saves(self, kind: str) -> list[SavedGame]:
        return guarded(N_("list your saved games"), lambda: _list_saves(self.learner, kind))

    def save(self, kind: str, name: str, payload: dict[str, Any]) -> None:
        guarded(N_('save "{name}"'), lambda: _save(self.learner, kind, name, payload), name=name)

    def load(self, kind: str, name: str) -> dict[str, Any]:
        return guarded(N_('restore "{name}"'), lambda: _load(self.learner, kind, name), name=name)

    def delete(self, kind: str, name: str) -> None:
        guarded(N_('delete "{name}"'), lambda: _delete(self.learner, kind, name), name=name)


# ----- the storage calls (the one place that knows pokerlab.storage's API) ----------------------


def _storage_recognise(name: str, key: str, claiming: bool) -> Learner:
    if claiming:
        return identity.claim(None, name, key)
    known = identity.recognise(None, name, key)
    if known is None:
        raise IdentityError(
            f"This browser knew you as {name}, but this server does not know that name with this browser's "
            "key (a teacher may have released it, or it belongs to someone else here). Type your name to go on."
        )
    return known


def _wallet(learner: Learner):
    class _Bound:
        def __init__(self) -> None:
            self.wallet = Wallet(None, starting_balance=STARTING_POINTS)

        def balance(self) -> int:
            return self.wallet.balance(learner)

        def top_up(self, to: int, below: int, reason: str) -> int:
            return self.wallet.top_up(to, below, reason, learner)

    return _Bound()


def _reached(learner: Learner) -> int:
    return ladder_level(None, learner)


def _high_scores(limit: int) -> list[ScoreRow]:
    return [ScoreRow(s.rank, s.name, s.score, s.when) for s in HighScores(None).top(limit)]


def _list_saves(learner: Learner, kind: str) -> list[SavedGame]:
    return [SavedGame(info.name, info.saved_at, info.problem) for info in list_saves(kind, learner=learner)]


def _save(learner: Learner, kind: str, name: str, payload: dict[str, Any]) -> None:
    save_game(name, kind, payload, learner=learner)


def _load(learner: Learner, kind: str, name: str) -> dict[str, Any]:
    return load_game(name, kind, learner=learner)


def _delete(learner: Learner, kind: str, name: str) -> None:
    delete_game(name, kind, learner=learner)


__all__ = ["SALOON_KIND", "Keeper", "KeptAccount", "SavedGame", "ScoreRow", "hub_learner", "recognise"]
