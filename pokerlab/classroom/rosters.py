"""Who may join a class game: the teacher's roster, tidied, and what is kept of a joining browser's key.

A teacher may give a **roster**: then only its names (or hub users) may join, compared as the same
name (:func:`~pokerlab.storage.learners.name_key`). One browser plays a game under one name, and what
the database keeps of that browser is a hash of its random key (:func:`browser_mark`). Both are
checks on the way in, apart from the store's transactions (:mod:`pokerlab.classroom.store`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final

from pokerlab.classroom.class_games import ClassGameError
from pokerlab.storage.learners import name_key

MAX_HUB_NAME: Final = 64
MAX_ROSTER: Final = 200


def tidy_roster(names: Sequence[str] | str | None) -> tuple[str, ...] | None:
    """The roster as the teacher typed it (one name per line, or commas): each name tidied, once.
    An empty roster is no roster (anyone with the code may join).

    >>> tidy_roster("Ada  Lee, ada lee\\nBo")
    ('Ada Lee', 'Bo')
    """
    if names is None:
        return None
    if isinstance(names, str):
        names = [part for line in names.splitlines() for part in line.split(",")]
    tidy: dict[str, str] = {}
    for name in names:
        shown = " ".join(str(name).split())
        if shown:
            if len(shown) > MAX_HUB_NAME:
                raise ClassGameError(f"A roster name has at most {MAX_HUB_NAME} characters; {shown[:20]!r}... has more.")
            tidy.setdefault(name_key(shown), shown)
    if len(tidy) > MAX_ROSTER:
        raise ClassGameError(f"A roster holds at most {MAX_ROSTER} names; this one has {len(tidy)}.")
    return tuple(tidy.values()) or None


def browser_mark(browser_key: str | None) -> str | None:
    """What is stored of a browser's own key: a hash (the key is random, so nothing can be learned from it)."""
    return None if not browser_key else hashlib.sha256(browser_key.encode("utf-8")).hexdigest()
