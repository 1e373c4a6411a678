"""Every table pokerlab keeps, described once with SQLAlchemy Core, in one :data:`metadata`.

The tables here are the *current* shape; the Alembic revisions in ``migrations/versions/`` are how
a database gets there (never ``metadata.create_all``). Adding a table (the class games, say) means
adding it to :data:`metadata` here or in its own module *and* writing a revision whose
``down_revision`` is the current head (see ``migrations/README.md``).

Times are stored as fixed-width UTC ISO text (:func:`utc_text`), so text order is time order on
every backend and SQLite needs no date type.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Final

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

NAMING: Final = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
metadata: Final = MetaData(naming_convention=NAMING)
"""The one MetaData of pokerlab's database; other modules add their tables to it."""

TABLE_MODULES: Final = ("pokerlab.classroom.schema", "pokerlab.dealer.store")
"""Modules outside this one that add tables to :data:`metadata` (imported by :func:`complete_metadata`)."""

TIME = String(40)
"""A moment as :func:`utc_text`: ``2026-11-02T18:30:00.000000+00:00``."""

learners: Final = Table(
    "learners",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False),
    # The name's normal form (see pokerlab.classroom.identity.name_key): unique, so two names that
    # differ only in case or spaces cannot both exist.
    Column("name_key", String(64), nullable=False, unique=True),
    Column("kind", String(16), nullable=False),  # "browser", "hub" or "legacy"
    # "scrypt$n$r$p$salt$hash" of the browser's key; NULL while the name is free to be claimed.
    Column("key_hash", String(255), nullable=True),
    # True only for the single "you" of a data folder from before learners existed: the first
    # learner to claim a name takes it over, with its wallet, ladder progress and saves.
    Column("adoptable", Boolean, nullable=False, default=False),
    Column("created_at", TIME, nullable=False),
    Column("claimed_at", TIME, nullable=True),
    # The name's look-alike form (pokerlab.storage.learners.look_key, the TR39 skeleton): unique,
    # so a name that reads like a taken one is the same name. NULL for a learner whose name turned
    # out to look like an older learner's when the key was introduced (or a hub user's that does):
    # that learner is shown with its number ("CIeo #7").
    Column("look_key", String(255), nullable=True),
    # When the teacher set this learner aside (release-name --set-aside): the row keeps its data
    # under a name nobody can type, and the name it had is free for someone else.
    Column("set_aside_at", TIME, nullable=True),
    # The language the learner chose on a page (pokerlab.language.LANGUAGES); NULL: never chosen.
    Column("language", String(8), nullable=True),
    CheckConstraint("kind IN ('browser', 'hub', 'legacy')", name="kind"),
    Index("uq_learners_look_key", "look_key", unique=True),
)

wallets: Final = Table(
    "wallets",
    metadata,
    Column("learner_id", Integer, ForeignKey("learners.id"), primary_key=True),
    Column("balance", BigInteger, nullable=False),
    CheckConstraint("balance >= 0", name="balance_not_negative"),
)

wallet_transactions: Final = Table(
    "wallet_transactions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("amount", BigInteger, nullable=False),
    Column("balance_after", BigInteger, nullable=False),
    Column("reason", Text, nullable=False),
    Column("at", TIME, nullable=False),
    CheckConstraint("balance_after >= 0", name="balance_after_not_negative"),
    Index("ix_wallet_transactions_learner", "learner_id", "id"),
)

high_scores: Final = Table(
    "high_scores",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    # NULL for a score recorded under a bare name (the API's str form, or pokerlab 0.1.0 data
    # whose name was not a player); otherwise the table shows the learner's current name.
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=True),
    Column("name", String(64), nullable=False),
    Column("score", BigInteger, nullable=False),
    Column("at", TIME, nullable=False),
    Index("ix_high_scores_rank", "score", "at", "id"),
)

ladder_progress: Final = Table(
    "ladder_progress",
    metadata,
    Column("learner_id", Integer, ForeignKey("learners.id"), primary_key=True),
    Column("level", Integer, nullable=False),
)

lesson_progress: Final = Table(
    "lesson_progress",
    metadata,
    Column("learner_id", Integer, ForeignKey("learners.id"), primary_key=True),
    Column("lesson", String(64), primary_key=True),
    Column("step", Integer, nullable=False),
    Column("steps", Integer, nullable=True),
    Column("done", Boolean, nullable=False),
    Column("updated_at", TIME, nullable=False),
)

quiz_results: Final = Table(
    "quiz_results",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("quiz", String(64), nullable=False),
    Column("level", String(32), nullable=False),
    Column("question", Text, nullable=False),
    Column("answer", Text, nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("at", TIME, nullable=False),
    # The kind of named mistake behind a wrong choice (pokerlab.quizzes.misconceptions; revision 0009).
    Column("mistake", String(48), nullable=True),
    Index("ix_quiz_results_learner", "learner_id", "quiz", "id"),
)

kept_games: Final = Table(
    "kept_games",
    metadata,
    # One game in progress per learner and app ("ladder", "four-rows", "class-7", ...).
    Column("learner_id", Integer, ForeignKey("learners.id"), primary_key=True),
    Column("app", String(32), primary_key=True),
    # The game's own random id: what its settlements are keyed by.
    Column("game_id", String(32), nullable=False),
    # The page that plays it now (its session token); another page must take it over first.
    Column("holder", String(64), nullable=False),
    # Grows by one with every stored step, so a lost COMMIT reply can be checked.
    Column("version", Integer, nullable=False),
    Column("state", Text, nullable=False),  # JSON: the whole game, hidden cards and seeds included
    Column("summary", String(200), nullable=False),  # "hand 4, 735 chips" for the Continue button
    Column("started_at", TIME, nullable=False),
    Column("updated_at", TIME, nullable=False),
)

settlements: Final = Table(
    "settlements",
    metadata,
    # What a game changed in a learner's wallet, ladder and high scores, one row per step of it.
    # The unique (game_id, step) is what makes settling the same game twice a no-op.
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), nullable=False),
    Column("step", String(16), nullable=False),  # "entry" (the cost) or "award" (the end of the game)
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("app", String(32), nullable=False),
    Column("level", Integer, nullable=True),
    Column("points", BigInteger, nullable=False),  # paid out of the wallet (< 0) or into it
    Column("score", BigInteger, nullable=True),  # entered in the high score table, if any
    Column("at", TIME, nullable=False),
    UniqueConstraint("game_id", "step"),
    CheckConstraint("step IN ('entry', 'award')", name="step"),
)


kept_hands: Final = Table(
    "kept_hands",
    metadata,
    # Every finished hand a learner played, as that learner saw it (pokerlab.storage.kept_hands):
    # never an opponent's hidden card, a discard that was not shown, the stock or a seed of the deal.
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    # "five-card-draw:<game id>:3": the game and the hand's number in it; unique per learner, so
    # keeping the same hand twice (a retried step, two pages) is a no-op.
    Column("hand_key", String(96), nullable=False),
    Column("game", String(32), nullable=False),  # the app: "five-card-draw", "saloon-draw", "ladder", "class-7"
    Column("played_at", TIME, nullable=False),
    Column("seat", Integer, nullable=False),  # the learner's seat (0 is "Seat 1")
    Column("pot", BigInteger, nullable=False),  # every chip that went into the pot
    Column("net", BigInteger, nullable=False),  # what the learner won (> 0) or lost (< 0)
    Column("hand", Text, nullable=False),  # JSON: the rules and the learner's view of the finished hand
    Column("phh", Text, nullable=True),  # the learner's-view PHH text, NULL where PHH cannot hold the hand
    # What the coach's review of the hand is seeded with, so a replay shows the very odds the table's
    # review showed. Stays on the server with the rest of the row (never sent to a browser).
    Column("review_trials", Integer, nullable=True),
    Column("review_seed", BigInteger, nullable=True),
    # JSON list of the decisions the coach flagged; NULL until the coach has reviewed the hand.
    Column("flags", Text, nullable=True),
    Column("flagged", Boolean, nullable=True),
    UniqueConstraint("learner_id", "hand_key"),
    Index("ix_kept_hands_learner", "learner_id", "played_at"),
)


login_waits: Final = Table(
    "login_waits",
    metadata,
    # What the password opens ("teacher-board"); one row each, shared by every page of the server.
    Column("door", String(32), primary_key=True),
    # Wrong passwords in a row (forgotten after a quiet while, see pokerlab.classroom.teachers).
    Column("misses", Integer, nullable=False),
    Column("last_miss_at", TIME, nullable=True),
    # No password is checked before this moment.
    Column("next_try_at", TIME, nullable=True),
)


def utc_text(moment: datetime | None = None) -> str:
    """``moment`` (default now) as fixed-width UTC ISO text, so text order is time order."""
    moment = moment if moment is not None else datetime.now(timezone.utc)
    if moment.tzinfo is None:
        raise ValueError("A time stored by pokerlab must carry a time zone (use timezone.utc).")
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


def complete_metadata() -> MetaData:
    """:data:`metadata` with the tables of every module in :data:`TABLE_MODULES` added.

    A module that is not part of this checkout (a branch that has not been merged yet) is skipped;
    one that exists but fails to import raises as usual.
    """
    import importlib
    import importlib.util

    for name in TABLE_MODULES:
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name)
    return metadata
