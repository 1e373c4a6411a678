"""A learner named in code (a teacher's notebook, a test) rather than typed in the browser: claimed
with a key this kernel alone holds. Apart from the flows because every page that takes ``learner=``
(the draw apps, Four Rows, the dealer's pages) names its learner this way, and the serving layer's
forked kernels must each start with no such key."""

from __future__ import annotations

import secrets

from pokerlab.apps.keep import recognise
from pokerlab.storage import Learner


def named_learner(name: str) -> Learner:
    """The learner ``name`` given in code: claimed with a key kept in this kernel only, so a browser
    cannot take over the name from it."""
    return recognise(name, code_key(name), claiming=True)


def code_key(name: str) -> str:
    """The key this kernel claimed the name ``name`` with (see :func:`named_learner`)."""
    return _CODE_KEYS.setdefault(name.casefold(), secrets.token_hex(32))


_CODE_KEYS: dict[str, str] = {}


__all__ = ["code_key", "named_learner"]
