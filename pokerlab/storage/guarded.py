"""A storage failure in the learner's words: :func:`guarded` runs a read or write of the learner's
data, and any failure of the place data is kept (read-only folder, full disk, damaged database)
comes out of it as :class:`KeepError`, whose message is plain words for the learner; the pages show
it and carry on with the game in memory, and the dealer sends what it is made of
(:meth:`KeepError.to_values`) for the page to say in its language. Nothing already saved is touched
by a failed write (the storage layer writes atomically).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

from pokerlab import language as lang
from pokerlab.errors import PokerlabError
from pokerlab.language import N_
from pokerlab.storage import errors
from pokerlab.storage.saves import failure_text

Result = TypeVar("Result")

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
    try:
        return work()
    except (errors.StorageError, OSError, sqlite3.Error) as error:
        raise _failure(error, doing, values) from error


__all__ = ["CANNOT_TELL", "COULD_NOT", "COULD_NOT_SAFE", "IN_ITS_WORDS", "KeepError", "guarded", "said"]
