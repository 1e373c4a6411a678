"""The coach's review of a finished hand as every table runs it: how many simulated deals, which
seed, and the one call (the review panel at the table, the flags kept with a hand, the replay in My
hands and the teacher's board all go through :func:`coach_review` with the same trials and seed, so
their odds agree wherever the review runs: in a page or in the dealer).
"""

from __future__ import annotations

import hashlib
from typing import Any

from pokerlab.coach.findings import HandReview
from pokerlab.coach.seat_review import review_hand
from pokerlab.draw.events import Event
from pokerlab.draw.rules import Rules

REVIEW_TRIALS = 5_000
"""Simulated deals per equity in the decision review of a hand (at the table, at a live table, in
My hands): about ± 0.7% on an equity, seeded by :func:`review_seed`. At the table it runs in a
thread, so the table keeps answering meanwhile."""

CLASS_REVIEW_TRIALS = 3_000
"""Simulated deals per equity in a class game's review (the same for every learner on a deal)."""


def review_seed(*deal: int | str) -> int:
    """The seed of the coach's review of a finished hand, from what identifies its deal (a match's
    seed and the hand's number, a class deal's seed, a live table's code and hand number). One way:
    the review is the same wherever it runs (at the table, in My hands, on the board), and a kept
    review seed tells nothing of any deal.

    >>> review_seed(12, 1) == review_seed(12, 1) != review_seed(12, 2)
    True
    """
    digest = hashlib.blake2b(":".join(map(str, ("pokerlab review", *deal))).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % 2**32


def coach_review(events: list[Event], seat: int, rules: Rules, trials: int, seed: int, dollars: bool = False,
                 reviewer: Any = None) -> HandReview:
    """The coach's review of ``seat``'s decisions in a finished hand (what the table's review shows).
    ``reviewer``: the walker's ``review_hand`` (or a stand-in for it, in tests)."""
    return (reviewer or review_hand)(events, seat, rules.max_discards, rules.ace_draw, big_bet=rules.limits[1][1], trials=trials,
                       rng=seed, bet_sizes=(rules.limits[0][0], rules.limits[1][0]), dollars=dollars,
                       bet_cap=rules.bet_cap)


__all__ = ["CLASS_REVIEW_TRIALS", "REVIEW_TRIALS", "coach_review", "review_seed"]
