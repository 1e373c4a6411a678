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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, TypeVar

from pokerlab import language as lang
from pokerlab.errors import PokerlabError
from pokerlab.ladder import STARTING_POINTS, LadderError
from pokerlab.language import N_
from pokerlab.storage import Learner
from pokerlab.variants import SALOON_DRAW

Result = TypeVar("Result")

SALOON_KIND = SALOON_DRAW.code
"""The kind of a Saloon Draw named save."""


COULD_NOT: Final = N_("pokerlab could not {doing} ({cause}). You can go on playing. {advice}")
COULD_NOT_SAFE: Final = N_("pokerlab could not {doing} ({cause}). You can go on playing; nothing saved before was "
                           "lost. {advice}")
CANNOT_TELL: Final = N_("pokerlab cannot tell whether it managed to {doing} ({cause}). {advice}")
IN_ITS_WORDS: Final = N_("pokerlab could not {doing}: {error}")
"""The sentences of a :class:`KeepError` (a failure with no cause of its own, such as a save that is
missing or damaged, is said in its own words: :data:`IN_ITS_WORDS`)."""


class KeepError(PokerlabError):
    """The learner's data could not be read or written; the message says so in plain words.

    Its ``str`` is the English; :meth:`text` says it in a page's language from what it is made of:
    one of the sentences above, what was being done (a catalogue message such as "read your
    wallet", with its ``values``) and the storage failure's cause and advice, or its own words."""

    def __init__(self, message: str, sentence: str | None = None, doing: str = "",
                 values: Mapping[str, str] | None = None, places: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.sentence, self.doing = sentence, doing
        self.values, self.places = dict(values or {}), dict(places or {})

    def text(self, language: str = lang.DEFAULT) -> str:
        """The message in ``language`` (its English when it was made without a sentence)."""
        if self.sentence is None or language == lang.DEFAULT:
            return str(self)
        from pokerlab.storage.saves import failure_text

        return failure_text(language, self.sentence, self.doing, self.values, self.places)

    def to_values(self) -> dict[str, Any]:
        """What it is made of, as plain JSON (how the dealer sends it: :data:`pokerlab.dealer.words.STORAGE`)."""
        return {"text": str(self), "sentence": self.sentence, "doing": self.doing, "values": self.values,
                "places": self.places}


def said(error: Exception, language: str) -> str:
    """``error``'s message in ``language``: a :class:`KeepError`'s from what it is made of, any other's as written."""
    return error.text(language) if isinstance(error, KeepError) else str(error)


def _failure(error: BaseException, doing: str, values: Mapping[str, str]) -> KeepError:
    """The :class:`KeepError` for ``doing`` failing with ``error``: the cause in a few words, whether
    what was saved before is safe (only when it is), and what to do; never a path, a URL or a
    driver's text."""
    from pokerlab.storage import errors

    if isinstance(error, errors.StorageError) and not error.cause:  # a save that is missing or damaged
        return _kept(IN_ITS_WORDS, doing, values, {"error": str(error)})
    if isinstance(error, errors.StorageError):
        kind: type[errors.StorageError] = type(error)
    elif isinstance(error, OSError):  # raw failures that got past the storage layer: logged here
        kind = type(errors.from_os_error(error, doing.format(**values)))
    else:
        errors.log_failure(type(error).__name__, doing.format(**values), str(error))
        kind = errors.StorageError
    if issubclass(kind, errors.StorageCommitUnknownError):
        sentence = CANNOT_TELL
    else:
        sentence = COULD_NOT_SAFE if kind.nothing_lost else COULD_NOT
    return _kept(sentence, doing, values, {"cause": kind.cause, "advice": kind.advice})


def _kept(sentence: str, doing: str, values: Mapping[str, str], places: Mapping[str, str]) -> KeepError:
    return KeepError(sentence.format(doing=doing.format(**values), **places), sentence, doing, values, places)


def guarded(doing: str, work: Callable[[], Result], **values: str) -> Result:
    """Run ``work``; a storage failure becomes a :class:`KeepError` about ``doing`` (a catalogue
    message, ``N_("read your wallet")``, whose places are ``values``; the failure's details are in
    the server log, where the storage layer put them)."""
    from pokerlab.storage import StorageError

    try:
        return work()
    except (StorageError, OSError, sqlite3.Error) as error:
        raise _failure(error, doing, values) from error


# ----- who the learner is ---------------------------------------------------------------------


def hub_learner(user: str) -> Learner | None:
    """The learner named by ``JUPYTERHUB_USER`` (None when it is empty)."""
    from pokerlab.classroom import identity

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
    entry cost and award are settled together with its kept game (:mod:`pokerlab.apps.hold`)."""

    def __init__(self, keeper: Keeper) -> None:
        self.keeper = keeper

    def balance(self) -> int:
        return guarded(N_("read your wallet"), lambda: _wallet(self.keeper.learner).balance())

    def reached_level(self) -> int:
        return guarded(N_("read your ladder progress"), lambda: _reached(self.keeper.learner))

    def top_up(self, to: int, below: int, reason: str) -> int:
        from pokerlab.storage import WalletError

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


__all__ = ["SALOON_KIND", "KeepError", "Keeper", "KeptAccount", "Learner", "SavedGame", "ScoreRow", "guarded", "said",
           "hub_learner", "recognise"]
