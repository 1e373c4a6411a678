"""Kept hands ("My hands", issue 29): every finished hand a learner played, as that learner saw it.

A row is written once per hand and learner (:func:`keep_hand_in`, inside the transaction that stores
the step which finished the hand, beside its settlement when there is one); keeping the same hand
again is a no-op decided by the database (``(learner_id, hand_key)`` is unique). What is kept is
what the learner's own view of the finished hand holds (:class:`HandRecord`, built by
:func:`hand_record`): their own cards, the public actions and draw counts,
the cards the rules showed (showdown, an ace-draw ace), never an opponent's hidden card, a discard
that was not shown, the stock or the deal's seed.

The coach's flags arrive later, when the coach has reviewed the hand (:func:`set_flags`); until
then ``flags`` is None and the hand is neither flagged nor clear.

>>> import tempfile, pathlib
>>> from pokerlab.storage import open_store
>>> from pokerlab.storage.learners import learner_id_in
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "hands.sqlite3")
>>> ada = store.write(lambda c: Learner(learner_id_in(c, "Ada", create=True), "Ada", "legacy"))
>>> record = HandRecord("five-card-draw:g1:1", "five-card-draw", 0, 40, -10, {"view": {}})
>>> [store.write(lambda c: keep_hand_in(c, ada, record)) for _ in range(2)]
[True, False]
>>> [(hand.game, hand.pot, hand.net, hand.flagged) for hand in kept_hands(store, ada)]
[('five-card-draw', 40, -10, None)]
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal

import sqlalchemy
from sqlalchemy.engine import Connection

from pokerlab.draw.events import event_for
from pokerlab.draw.state import HandState
from pokerlab.phh import PhhError, to_phh
from pokerlab.storage.database import insert_ignore, open_store
from pokerlab.storage.learners import Learner, learner_id_in
from pokerlab.storage.schema import kept_hands as table
from pokerlab.storage.schema import utc_text
from pokerlab.storage.urls import StoreTarget

__all__ = ["FORMAT", "VERSION", "HandRecord", "KeptHand", "hand_record", "keep_hand_in", "kept_hand", "kept_hands",
           "record_drill", "set_flags"]

FORMAT: Final = "pokerlab-learner-hand"
VERSION: Final = 1
"""The form of a kept hand's ``hand`` (:func:`hand_record`)."""

MOST_LISTED: Final = 500
"""The newest hands a list shows at most."""


@dataclass(frozen=True)
class HandRecord:
    """One finished hand as its learner saw it, ready to be kept."""

    hand_key: str
    game: str
    seat: int
    pot: int
    net: int
    hand: dict[str, Any]
    """JSON-able: the rules and the learner's view of the finished hand."""
    phh: str | None = None
    review_trials: int | None = None
    review_seed: int | None = None


def hand_record(state: HandState, seat: int, game: str, hand_key: str, *, review_trials: int | None = None,
                review_seed: int | None = None, dollars: bool = False,
                names: tuple[str, ...] | None = None) -> HandRecord:
    """What is kept of the finished hand ``state`` for the learner at ``seat``: the rules and the
    learner's own view of the hand (``state.view(seat)``, the one road from engine to anything outside
    it), plus its learner's-view PHH where PHH can hold the hand. Nothing else of the deal is kept.

    >>> import numpy as np
    >>> from pokerlab.draw import HandState, five_card_draw, random_legal_action
    >>> state = HandState(five_card_draw(player_count=3), [500, 500, 500], dealer=2, rng=11)
    >>> rng = np.random.default_rng(3)
    >>> while not state.is_over:
    ...     state.apply(random_legal_action(state, rng))
    >>> record = hand_record(state, 0, "five-card-draw", "five-card-draw:demo:1", review_trials=400, review_seed=7)
    >>> sorted(record.hand), record.pot == sum(state.contributions)
    (['dollars', 'events', 'format', 'rules', 'seat', 'version', 'view'], True)
    """
    if not state.is_over or state.results is None:
        raise ValueError("Only a finished hand is kept.")
    try:
        phh: str | None = to_phh(state, seat=seat)
    except PhhError:
        phh = None  # PHH cannot hold this game (Saloon's spread limits, the Ladder's four discards, ...)
    view = state.view(seat)
    if names:
        view["names"] = list(names)
        for player in view["players"]:
            player["name"] = names[player["seat"]]
    # Every event as the seat saw it: the view's log leaves out the others' deals (a line that tells
    # nothing), but the coach needs to know who was dealt in.
    events = [event_for(event, seat) for event in state.events]
    hand = {"format": FORMAT, "version": VERSION, "rules": state.rules.to_dict(), "seat": seat,
            "dollars": dollars, "events": events, "view": view}
    return HandRecord(hand_key, game, seat, sum(state.contributions), state.results.net[seat], hand, phh,
                      review_trials, review_seed)


@dataclass(frozen=True)
class KeptHand:
    """A kept hand as read back (``flags`` None: the coach has not reviewed it yet)."""

    id: int
    hand_key: str
    game: str
    played_at: str
    seat: int
    pot: int
    net: int
    hand: dict[str, Any]
    phh: str | None
    review_trials: int | None
    review_seed: int | None
    flags: list[dict[str, Any]] | None
    flagged: bool | None

    @property
    def won(self) -> bool:
        return self.net > 0


def keep_hand_in(connection: Connection, learner: Learner | int, record: HandRecord) -> bool:
    """Keep ``record`` for ``learner`` (or the learner with that id, as the dealer knows them) inside a
    write transaction; False when it was kept before."""
    learner_id = learner if isinstance(learner, int) else learner_id_in(connection, learner, create=False)
    return insert_ignore(connection, table, {
        "learner_id": learner_id, "hand_key": record.hand_key,
        "game": record.game, "played_at": utc_text(), "seat": record.seat, "pot": record.pot, "net": record.net,
        "hand": json.dumps(record.hand, separators=(",", ":")), "phh": record.phh,
        "review_trials": record.review_trials, "review_seed": record.review_seed, "flags": None, "flagged": None,
    })


def _row(row: Any) -> KeptHand:
    return KeptHand(
        id=row.id, hand_key=row.hand_key, game=row.game, played_at=row.played_at, seat=row.seat, pot=row.pot,
        net=row.net, hand=json.loads(row.hand), phh=row.phh, review_trials=row.review_trials,
        review_seed=row.review_seed, flags=None if row.flags is None else json.loads(row.flags), flagged=row.flagged,
    )


Outcome = Literal["won", "lost", "even"]


def kept_hands(store: StoreTarget, learner: Learner, *, game: str | None = None, outcome: Outcome | None = None,
               min_pot: int | None = None, max_pot: int | None = None, flagged: bool | None = None,
               limit: int = MOST_LISTED) -> list[KeptHand]:
    """``learner``'s kept hands, newest first: only their own, filtered by ``game`` (an app name, or a
    prefix ending in ``-`` such as ``"class-"``), ``outcome`` (won, lost, or even), the pot's size
    (``min_pot`` to ``max_pot``, both included) and ``flagged`` (True: the coach flagged a decision;
    False: reviewed and not flagged)."""
    def read(connection: Connection) -> list[KeptHand]:
        learner_id = learner_id_in(connection, learner, create=False)
        query = sqlalchemy.select(table).where(table.c.learner_id == learner_id)
        if game:
            query = query.where(table.c.game.startswith(game) if game.endswith("-") else table.c.game == game)
        if outcome == "won":
            query = query.where(table.c.net > 0)
        elif outcome == "lost":
            query = query.where(table.c.net < 0)
        elif outcome == "even":
            query = query.where(table.c.net == 0)
        if min_pot is not None:
            query = query.where(table.c.pot >= min_pot)
        if max_pot is not None:
            query = query.where(table.c.pot <= max_pot)
        if flagged is not None:
            query = query.where(table.c.flagged.is_(flagged))
        query = query.order_by(table.c.played_at.desc(), table.c.id.desc()).limit(limit)
        return [_row(row) for row in connection.execute(query)]

    return open_store(store).read(read)


def kept_hand(store: StoreTarget, learner: Learner, hand_id: int) -> KeptHand | None:
    """``learner``'s kept hand number ``hand_id`` (None: no such hand of theirs)."""
    def read(connection: Connection) -> KeptHand | None:
        learner_id = learner_id_in(connection, learner, create=False)
        row = connection.execute(sqlalchemy.select(table).where(
            (table.c.learner_id == learner_id) & (table.c.id == hand_id))).first()
        return None if row is None else _row(row)

    return open_store(store).read(read)


def set_flags(store: StoreTarget, learner: Learner, hand_key: str, flags: list[dict[str, Any]]) -> bool:
    """Store the coach's ``flags`` (one dict per decision it flagged; empty: none) on ``learner``'s
    kept hand ``hand_key``; False when no such hand is kept. A decision drilled already keeps its
    drill (:func:`record_drill`) when the same review is stored again (the table's and My hands'
    reviews of a hand are one review)."""
    def write(connection: Connection) -> bool:
        learner_id = learner_id_in(connection, learner, create=False)
        where = (table.c.learner_id == learner_id) & (table.c.hand_key == hand_key)
        before = connection.execute(sqlalchemy.select(table.c.flags).where(where)).scalar()
        drilled = {flag.get("decision"): flag["drill"] for flag in json.loads(before or "[]") if flag.get("drill")}
        kept = [{**flag, "drill": drilled[flag.get("decision")]} if flag.get("decision") in drilled else flag
                for flag in flags]
        done = connection.execute(table.update().where(where).values(
            flags=json.dumps(kept, separators=(",", ":")), flagged=bool(flags)))
        return bool(done.rowcount)

    return open_store(store).write(write)


def record_drill(store: StoreTarget, learner: Learner, hand_id: int, decision: int, right: bool,
                 at: datetime) -> bool:
    """Keep, with the coach's flag of decision ``decision`` in ``learner``'s kept hand ``hand_id``,
    that it was drilled at ``at`` and whether the answer was ``right`` (the flag's ``drill`` entry:
    ``last`` as UTC text, ``right``, ``tries``, and ``answers``, every answer as ``{"at", "right"}``, which
    the drill spaces as the lessons' review queue). One write transaction reads the flags and writes them
    back, so two answers never lose each other. False when no such flagged decision is kept."""
    def write(connection: Connection) -> bool:
        learner_id = learner_id_in(connection, learner, create=False)
        where = (table.c.learner_id == learner_id) & (table.c.id == hand_id)
        text = connection.execute(sqlalchemy.select(table.c.flags).where(where)).scalar()
        flags = json.loads(text) if text else []
        for flag in flags:
            if flag.get("decision") == decision:
                before = flag.get("drill") or {}
                answers = list(before.get("answers") or ([{"at": before["last"], "right": bool(before.get("right"))}]
                                                         if before.get("last") else []))
                answers.append({"at": utc_text(at), "right": bool(right)})
                flag["drill"] = {"last": utc_text(at), "right": bool(right), "tries": int(before.get("tries", 0)) + 1,
                                 "answers": answers}
                connection.execute(table.update().where(where).values(flags=json.dumps(flags, separators=(",", ":"))))
                return True
        return False

    return open_store(store).write(write)
