"""Which seed a draw app deals from, and what the browser tests' test mode changes: apart from the
flow (:mod:`pokerlab.apps.flow`) because the widgets and the dealer's pages ask it too, without a
flow of their own.

The flow's part (:class:`SeededDeals`) numbers its matches' seeds and says when a deal is practice.
Seeds stay on the server and are random, except one given in code, Five-Card Draw's practice deals
(``?seed=N``, or ``POKERLAB_SEED``) and, under ``POKERLAB_TEST_MODE=1``, ``?seed=N`` on every app
(see :mod:`pokerlab.apps.games`).

>>> app_seed(7, {"seed": ["3"]})
7
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from typing import Any

from pokerlab.classroom.practice import GAME_PRACTICE, practice_server

Query = dict[str, list[str]]
"""A page's query string, as the identity line reads it: each name with its values."""


def test_mode() -> bool:
    """True under POKERLAB_TEST_MODE=1 (browser tests): no pause before an opponent acts, a Four Rows
    clock that stands still, and ``?seed=`` seeding every app."""
    return os.environ.get("POKERLAB_TEST_MODE") == "1"


is_test_mode = test_mode


def _number(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.lstrip("-").isdigit() else None


def query_seed(query: Query | None) -> int | None:
    """``POKERLAB_SEED``, else the first whole number in ``?seed=`` of ``query``; None when neither gives one."""
    for text in (os.environ.get("POKERLAB_SEED"), *(query or {}).get("seed", [])):
        found = _number(text)
        if found is not None:
            return found
    return None


def app_seed(seed: int | None = None, query: Query | None = None) -> int:
    """The seed given, else ``POKERLAB_SEED``, else ``?seed=`` from ``query``, else a random one.

    Only Five-Card Draw's practice deals (and test mode) read the environment and the query; see
    :mod:`pokerlab.apps.games`.
    """
    if seed is not None:
        return int(seed)
    found = query_seed(query)
    return secrets.randbelow(2**31) if found is None else found


def stacks_for_tests(query: Query) -> list[int] | None:
    """Starting chips from ``?stacks=`` (test mode only), e.g. ``[500, 3, 500]``."""
    if not is_test_mode():
        return None
    for text in query.get("stacks", []):
        return [int(part) for part in text.split(",")]
    return None


class SeededDeals:
    """The seeds of a draw app's matches and its practice deals, mixed into
    :class:`~pokerlab.apps.flow.DrawFlow`, which gives ``table``, ``query``, ``given_seed``,
    ``match_count``, ``practice_allowed`` and ``_``."""

    table: Any
    query: Query
    given_seed: int | None
    match_count: int
    practice_allowed: bool
    _: Callable[[str], str]

    @property
    def practice(self) -> bool:
        """This page deals practice deals: ``?seed=`` on Five-Card Draw (nothing is kept)."""
        return self.practice_allowed and self.given_seed is None and self._query_seed() is not None

    def _query_seed(self) -> int | None:
        """The page's ``?seed=`` (or ``POKERLAB_SEED``), whether or not it applies to this app."""
        return query_seed(self.query)

    def mark_practice(self) -> None:
        """On a hub learner's own server (:func:`~pokerlab.classroom.practice.practice_server`) the lobby
        says first that this page's games are practice there: kept in that server only, in no ranking."""
        if practice_server():
            self.table.lobby["paragraphs"].insert(0, self._(GAME_PRACTICE))

    def refresh_practice(self) -> None:
        """Show (or hide) the practice-deal notice beside the table."""

    # --- seeds ----------------------------------------------------------------------------------

    def next_seed(self) -> int:
        """The seed of the next match: see the module's notes on which seeds apply."""
        count = self.match_count
        self.match_count += 1
        if self.given_seed is not None:
            return self.given_seed + count
        query_seed = self._query_seed()
        if query_seed is not None and (self.practice or is_test_mode()):
            return query_seed + count
        return secrets.randbelow(2**31)


__all__ = ["Query", "SeededDeals", "app_seed", "is_test_mode", "query_seed", "stacks_for_tests", "test_mode"]
