"""How an engine value reads in English, written by :mod:`pokerlab.narration` without the engine importing it.

The engine (:mod:`pokerlab.draw`, :mod:`pokerlab.hands`) speaks in codes and numbers, and narration
alone makes sentences, for a viewer and a language. A few English readings still belong to engine
values, because Python or a notebook asks the value itself: ``str(error)`` of an
:class:`~pokerlab.draw.IllegalActionError` (the house rule: a refusal says what was wrong and what is
legal), ``LegalAction.label`` and ``.warning``, ``HandResult.explanation``, ``HandState.cap_meter``,
and the names that moved into narration but stay importable from their first home
(``pokerlab.hands.explain``, ``pokerlab.draw.describe``).

The engine cannot import narration for them: narration reads the engine's values, so that import runs
the layers backwards and makes a cycle (it was dodged with imports inside functions). Nor should the
engine keep English templates of its own: there would be two places that make a refusal's sentence.
So the dependency is turned round: narration registers its English writer for each reading here, by
the reading's name, when it is imported, and the engine asks this module (a bottom layer both may
import) for it. :mod:`pokerlab`'s own ``__init__`` imports narration, and every engine module is
imported through it, so in any program that holds an engine value the writers are there.

The coach, above narration, does the same for the one reading its findings keep
(``DrawReview.text``): :mod:`pokerlab.coach.review_words` registers it, and :mod:`pokerlab.coach` imports
the words, so a review is never without it.

These readings are English for notebooks, tracebacks and logs; a page with a reader asks narration
(or the coach's words) itself, with the reader's voice and language.

>>> from pokerlab.draw import HandState, ladder
>>> state = HandState(ladder(), stacks=[500] * 5, dealer=0, rng=1)
>>> writer("HandState.cap_meter")(state.cap) == state.cap_meter
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_WRITERS: dict[str, Callable[..., Any]] = {}


def provide(name: str, write: Callable[..., Any]) -> None:
    """Register ``write`` as the English of reading ``name`` (narration does, once, on import)."""
    _WRITERS[name] = write


def provided(name: str) -> bool:
    return name in _WRITERS


def writer(name: str) -> Callable[..., Any]:
    """The writer registered for ``name``."""
    try:
        return _WRITERS[name]
    except KeyError:
        raise LookupError(f"No English is registered for {name!r}; pokerlab.narration registers "
                          f"{', '.join(sorted(_WRITERS)) or 'them'} when it is imported.") from None


__all__ = ["provide", "provided", "writer"]
