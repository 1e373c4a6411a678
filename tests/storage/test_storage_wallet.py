"""Tournament Ladder: a points wallet and a level-6 high score table that persist between sessions.

Tests that take ``target`` run on SQLite and on PostgreSQL (see tests/storage/backends.py)."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy

from pokerlab.storage import (
    DEFAULT_STARTING_BALANCE,
    HighScoreError,
    HighScores,
    InsufficientPointsError,
    StorageBusyError,
    StorageCorruptError,
    StorageTooNewError,
    Wallet,
    WalletError,
    schema,
    timing,
)
from pokerlab.storage.database import forget_stores
from pokerlab.storage.urls import database_url


@pytest.fixture
def wallet(target: str) -> Wallet:
    return Wallet(target)


@pytest.fixture
def sqlite_wallet(tmp_path: Path) -> Wallet:
    return Wallet(tmp_path / "points.sqlite3")


# --- the wallet ------------------------------------------------------------------------------


def test_a_new_player_starts_with_the_default_balance_recorded_in_history(wallet: Wallet) -> None:
    assert wallet.balance() == DEFAULT_STARTING_BALANCE == 1000
    [opening] = wallet.history()
    assert (opening.amount, opening.balance_after, opening.reason) == (1000, 1000, "starting_balance")  # a code
    assert opening.at.utcoffset() == timedelta(0)


def test_the_starting_balance_is_a_parameter_given_once(target: str) -> None:
    path = target
    assert Wallet(path, starting_balance=300).balance() == 300
    assert Wallet(path, starting_balance=5000).balance() == 300


def test_entry_costs_are_paid_from_and_awards_paid_into_the_wallet(wallet: Wallet) -> None:
    assert wallet.pay(150, "Level 1") == 850
    assert wallet.deposit(450, "Level 1 award") == 1300
    assert wallet.balance() == 1300
    assert [(entry.amount, entry.balance_after, entry.reason) for entry in wallet.history()] == [
        (1000, 1000, "starting_balance"),
        (-150, 850, "Level 1"),
        (450, 1300, "Level 1 award"),
    ]


def test_the_wallet_persists_between_sessions(target: str) -> None:
    path = target
    Wallet(path).pay(500, "Level 2")
    forget_stores()  # a new session: the database is opened afresh
    assert Wallet(path).balance() == 500
    assert len(Wallet(path).history()) == 2


def test_paying_more_than_the_balance_is_refused_and_changes_nothing(target: str) -> None:
    wallet = Wallet(target, starting_balance=640)
    wallet.balance()
    history = wallet.history()
    with pytest.raises(InsufficientPointsError) as caught:
        wallet.pay(1000, "Level 3")
    assert str(caught.value).startswith("Level 3 costs 1,000 points; your wallet holds 640.")
    assert "360 more" in str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert wallet.balance() == 640
    assert wallet.history() == history


def test_paying_the_whole_balance_leaves_zero_and_the_next_point_is_refused(wallet: Wallet) -> None:
    assert wallet.pay(1000, "Level 3") == 0
    with pytest.raises(InsufficientPointsError, match="holds 0"):
        wallet.pay(1, "Level 1")
    assert wallet.balance() == 0


@pytest.mark.parametrize("amount", [0, -5, 1.5, 150.0, "150", None, True, 10**13])
@pytest.mark.parametrize("operation", ["deposit", "pay"])
def test_amounts_must_be_positive_whole_numbers(wallet: Wallet, operation: str, amount: Any) -> None:
    with pytest.raises(WalletError, match="whole numbers|from 1 to"):
        getattr(wallet, operation)(amount, "Level 1")
    assert wallet.balance() == 1000
    assert len(wallet.history()) == 1


@pytest.mark.parametrize("reason", ["", "   ", None, 5])
def test_a_payment_needs_a_reason(wallet: Wallet, reason: Any) -> None:
    with pytest.raises(WalletError, match="reason"):
        wallet.pay(10, reason)


@pytest.mark.parametrize("starting_balance", [-1, 1.5, "1000", None])
def test_a_bad_starting_balance_is_refused(tmp_path: Path, starting_balance: Any) -> None:
    with pytest.raises(WalletError, match="starting balance"):
        Wallet(tmp_path / "points.sqlite3", starting_balance=starting_balance)


def test_each_player_has_a_separate_balance(wallet: Wallet) -> None:
    wallet.pay(150, "Level 1", player="Ada")
    assert wallet.balance("Ada") == 850
    assert wallet.balance() == 1000
    with pytest.raises(InsufficientPointsError, match="Ada's wallet holds 850"):
        wallet.pay(900, "Level 3", player="Ada")


def test_the_database_itself_refuses_a_negative_balance(wallet: Wallet) -> None:
    wallet.balance()
    with pytest.raises(sqlalchemy.exc.IntegrityError):
        wallet.store.write(lambda connection: connection.execute(sqlalchemy.update(schema.wallets).values(balance=-1)))
    with pytest.raises(sqlalchemy.exc.IntegrityError):
        wallet.store.write(
            lambda connection: connection.execute(sqlalchemy.update(schema.wallet_transactions).values(balance_after=-1))
        )
    assert wallet.balance() == 1000


def test_the_database_uses_write_ahead_logging(sqlite_wallet: Wallet) -> None:
    with sqlite3.connect(sqlite_wallet.path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_database_from_a_newer_pokerlab_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA user_version = 99")
    with pytest.raises(StorageTooNewError, match="newer pokerlab"):
        Wallet(path)


def test_a_file_that_is_not_a_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"these are my notes, not a database" * 100)
    before = path.read_bytes()
    with pytest.raises(StorageCorruptError, match="damaged.*left the file exactly as it is"):
        Wallet(path)
    assert path.read_bytes() == before


# --- the level-6 high score table --------------------------------------------------------------


def at(day: int) -> datetime:
    return datetime(2026, 5, day, 20, tzinfo=timezone.utc)


def test_high_scores_are_ordered_by_score_then_earliest(target: str) -> None:
    table = HighScores(target)
    table.add("Late tie", 900, when=at(5))
    table.add("Best", 1500, when=at(9))
    table.add("Early tie", 900, when=at(2))
    table.add("Loser", -40, when=at(1))
    assert [(entry.rank, entry.name, entry.score, entry.when) for entry in table.top()] == [
        (1, "Best", 1500, at(9)),
        (2, "Early tie", 900, at(2)),
        (3, "Late tie", 900, at(5)),
        (4, "Loser", -40, at(1)),
    ]
    assert [entry.name for entry in table.top(2)] == ["Best", "Early tie"]


def test_high_scores_persist_in_the_same_database_as_the_wallet(target: str) -> None:
    path = target
    Wallet(path).deposit(30000, "Level 6 award")
    HighScores(path).add("Ada", 2400)
    [entry] = HighScores(path).top()
    assert (entry.name, entry.score) == ("Ada", 2400)
    assert abs(datetime.now(timezone.utc) - entry.when) < timedelta(minutes=5)
    assert Wallet(path).balance() == 31000


def test_top_gives_at_most_n_scores(target: str) -> None:
    table = HighScores(target)
    for score in range(15):
        table.add(f"p{score}", score)
    assert [entry.score for entry in table.top()] == list(range(14, 4, -1))


@pytest.mark.parametrize(
    ("name", "score", "when"),
    [("", 5, None), ("x" * 41, 5, None), (None, 5, None), ("Ada", 1.5, None), ("Ada", True, None),
     ("Ada", "5", None), ("Ada", 5, datetime(2026, 1, 1)), ("Ada", 5, "today")],
)
def test_a_bad_high_score_is_refused(tmp_path: Path, name: Any, score: Any, when: Any) -> None:
    table = HighScores(tmp_path / "scores.sqlite3")
    with pytest.raises(HighScoreError):
        table.add(name, score, when=when)
    assert table.top() == []


@pytest.mark.parametrize("n", [0, -1, 2.0, True])
def test_top_needs_a_positive_count(tmp_path: Path, n: Any) -> None:
    with pytest.raises(HighScoreError, match="at least one"):
        HighScores(tmp_path / "scores.sqlite3").top(n)


# --- "database is locked" ----------------------------------------------------------------------


def hold_write_lock(path: Path) -> sqlite3.Connection:
    """Another process's writer, as far as SQLite can tell: a connection inside BEGIN IMMEDIATE."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    return holder


def fail_fast(wallet: Wallet, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite gives up on a lock at once, so the retry loop is what waits."""
    monkeypatch.setattr(timing, "BUSY_TIMEOUT_SECONDS", 0.0)

    @sqlalchemy.event.listens_for(wallet.store.engine, "connect")
    def no_wait(connection: sqlite3.Connection, _record: object) -> None:
        connection.execute("PRAGMA busy_timeout = 0")

    wallet.store.engine.dispose()


def test_a_locked_database_is_retried_until_the_lock_is_released(
    sqlite_wallet: Wallet, monkeypatch: pytest.MonkeyPatch
) -> None:
    wallet = sqlite_wallet
    wallet.balance()
    holder = hold_write_lock(wallet.path)
    pauses: list[float] = []

    def release_on_first_pause(seconds: float) -> None:
        pauses.append(seconds)
        if holder.in_transaction:
            holder.execute("COMMIT")

    fail_fast(wallet, monkeypatch)
    monkeypatch.setattr(timing, "sleep", release_on_first_pause)
    assert wallet.deposit(5, "Award") == 1005
    assert len(pauses) == 1
    holder.close()


def test_a_database_locked_for_too_long_gives_a_clear_error_and_changes_nothing(
    sqlite_wallet: Wallet, monkeypatch: pytest.MonkeyPatch
) -> None:
    wallet = sqlite_wallet
    wallet.balance()
    holder = hold_write_lock(wallet.path)
    fail_fast(wallet, monkeypatch)
    monkeypatch.setattr(timing, "RETRY_SECONDS", 0.0)
    with pytest.raises(StorageBusyError, match="stayed busy.*Nothing that was saved before has been lost") as caught:
        wallet.pay(5, "Level 1")
    assert "database is locked" in caught.value.details
    holder.execute("COMMIT")
    holder.close()
    assert wallet.balance() == 1000


def test_a_postgresql_row_locked_for_too_long_gives_a_clear_error_and_changes_nothing(
    target: str, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if backend != "postgresql":
        pytest.skip("SQLite's lock is tested above")
    wallet = Wallet(target)
    wallet.balance()
    holder = sqlalchemy.create_engine(database_url(target)).connect()
    holder.execute(sqlalchemy.text("SELECT balance FROM wallets FOR UPDATE"))  # another kernel mid-payment
    monkeypatch.setattr(timing, "BUSY_TIMEOUT_SECONDS", 0.2)
    monkeypatch.setattr(timing, "RETRY_SECONDS", 0.5)
    forget_stores()
    try:
        with pytest.raises(StorageBusyError, match="stayed busy.*Nothing that was saved before has been lost"):
            Wallet(target).pay(5, "Level 1")
    finally:
        holder.rollback()
        holder.close()
    assert Wallet(target).balance() == 1000
