"""Reading the public hand log: the one place in the bots that knows how the engine words it.

A bot's view carries the hand so far as lines of text (``view["log"]``, written by
:func:`pokerlab.draw.describe`). The bots need three things from it: who did what in which part of
the hand, how many cards each seat drew, and which cards this seat threw away (unseen cards for the
odds). Everything that depends on the wording is here; ``tests/bots/test_log_reading.py`` replays
real engine hands and fails if a line is ever worded in a way this module no longer reads.

>>> parse_log(["Seat 1 bets 10", "Seat 2 calls 10", "The draw", "Seat 2 draws 3", "Second betting round", "Seat 2 checks"])
[PublicAction(section=0, seat=0, verb='bets'), PublicAction(section=0, seat=1, verb='calls'), PublicAction(section=1, seat=1, verb='draws'), PublicAction(section=2, seat=1, verb='checks')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from pokerlab.cards import Card, parse_cards

FIRST_ROUND, DRAW, SECOND_ROUND = 0, 1, 2
ROUND_MARKERS = {"The draw": DRAW, "Second betting round": SECOND_ROUND}
"""The lines that open the draw and the second betting round."""

EVENT_VERBS = {
    "fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises to",
    "all_in": "goes all-in", "draw": "draws",
}
"""The verb each kind of engine event is read as (a draw of no cards reads "stands pat")."""
STANDS_PAT = "stands pat"
AGGRESSIVE_VERBS = ("bets", "raises to")

_SEAT_LINE = re.compile(r"^Seat (\d+) (" + "|".join([*EVENT_VERBS.values(), STANDS_PAT]) + r")\b")
_OWN_DRAW = re.compile(r"^Seat (\d+) draws \d+ \(discards (.*?), receives")


class PublicAction(NamedTuple):
    """One public choice: ``section`` 0 (first betting round), 1 (the draw) or 2 (second betting
    round); ``seat`` counted from 0; ``verb`` one of :data:`EVENT_VERBS`' values or "stands pat"."""

    section: int
    seat: int
    verb: str


def parse_log(lines: Sequence[str]) -> list[PublicAction]:
    """Every public action in the log, in order."""
    section = FIRST_ROUND
    out = []
    for line in lines:
        marker = ROUND_MARKERS.get(line)
        if marker is not None:
            section = marker
            continue
        found = _SEAT_LINE.match(line)
        if found:
            out.append(PublicAction(section, int(found.group(1)) - 1, found.group(2)))
    return out


def own_discards(lines: Sequence[str], seat: int) -> list[Card]:
    """The cards ``seat`` threw away in the draw (only its own view shows them); [] before it draws."""
    for line in lines:
        found = _OWN_DRAW.match(line)
        if found and int(found.group(1)) - 1 == seat:
            return parse_cards(found.group(2))
    return []
