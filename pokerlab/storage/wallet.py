"""The Tournament Ladder's points wallet: entry costs are paid from it, awards paid into it.

It lives in the SQLite file of :mod:`pokerlab.storage.database`, so it persists between sessions
and several kernels can share it. The balance never goes below zero: the check and the payment
happen in one ``BEGIN IMMEDIATE`` transaction, and the table itself refuses a negative balance.

A player the wallet has not seen yet starts with ``starting_balance`` points (default
:data:`DEFAULT_STARTING_BALANCE`, enough for level 1 at 150 and level 2 at 500, but not level 3 at
1,000 until the learner has won an award). The opening amount is recorded in the history as
"Starting balance"; it is given once, when the player first appears, and a different
``starting_balance`` later does not change an existing wallet.

>>> import tempfile, pathlib
>>> wallet = Wallet(pathlib.Path(tempfile.mkdtemp()) / "points.sqlite3")
>>> wallet.balance()
1000
>>> wallet.pay(150, "Level 1")
850
>>> try:
...     wallet.pay(1000, "Level 3")
... except InsufficientPointsError as refusal:
...     print(refusal)
Level 3 costs 1,000 points; your wallet holds 850. You need 150 more points.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from pokerlab.errors import PokerlabError
from pokerlab.storage import database

DEFAULT_STARTING_BALANCE: Final = 1000
"""Points a new player starts with."""
MAX_AMOUNT: Final = 10**12
"""Largest single deposit or payment; keeps every balance far inside SQLite's 64-bit integers."""
DEFAULT_PLAYER: Final = "you"


class WalletError(PokerlabError):
    """A wallet operation with a bad amount, reason or player name."""


class InsufficientPointsError(WalletError):
    """A payment larger than the balance; the wallet is left unchanged."""


@dataclass(frozen=True)
class Transaction:
    """One line of a wallet's history; ``amount`` is positive for money in, negative for out."""

    id: int
    player: str
    amount: int
    balance_after: int
    reason: str
    at: datetime


def _check_amount(amount: int) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise WalletError(f"Points come in whole numbers; {amount!r} is not one (use e.g. 150).")
    if not 0 < amount <= MAX_AMOUNT:
        raise WalletError(f"An amount of points must be from 1 to {MAX_AMOUNT:,}; {amount:,} is not.")
    return amount


def _check_text(value: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise WalletError(f"A {what} must be some text, like 'Level 1'; got {value!r}.")
    return value.strip()


class Wallet:
    """Points that persist between sessions, one balance per player name.

    ``path`` is the SQLite file (default ``data_dir()/pokerlab.sqlite3``).
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        starting_balance: int = DEFAULT_STARTING_BALANCE,
    ) -> None:
        if isinstance(starting_balance, bool) or not isinstance(starting_balance, int) or not (
            0 <= starting_balance <= MAX_AMOUNT
        ):
            raise WalletError(
                f"The starting balance must be a whole number from 0 to {MAX_AMOUNT:,}; "
                f"got {starting_balance!r}."
            )
        self.starting_balance = starting_balance
        self.path: Path = database.prepare(path)

    def _balance_in(self, connection: sqlite3.Connection, player: str) -> int:
        """The player's balance inside a write transaction, opening the wallet if it is new."""
        row = connection.execute("SELECT balance FROM wallets WHERE player = ?", (player,)).fetchone()
        if row is not None:
            return int(row[0])
        connection.execute(
            "INSERT INTO wallets (player, balance) VALUES (?, ?)", (player, self.starting_balance)
        )
        connection.execute(
            "INSERT INTO wallet_transactions (player, amount, balance_after, reason, at) "
            "VALUES (?, ?, ?, ?, ?)",
            (player, self.starting_balance, self.starting_balance, "Starting balance", database.utc_text()),
        )
        return self.starting_balance

    def _move(self, player: str, change: int, reason: str) -> int:
        def work(connection: sqlite3.Connection) -> int:
            balance = self._balance_in(connection, player)
            if balance + change < 0:
                holder = "your wallet" if player == DEFAULT_PLAYER else f"{player}'s wallet"
                raise InsufficientPointsError(
                    f"{reason} costs {-change:,} points; {holder} holds {balance:,}. "
                    f"You need {-change - balance:,} more points."
                )
            new_balance = balance + change
            connection.execute(
                "UPDATE wallets SET balance = ? WHERE player = ?", (new_balance, player)
            )
            connection.execute(
                "INSERT INTO wallet_transactions (player, amount, balance_after, reason, at) "
                "VALUES (?, ?, ?, ?, ?)",
                (player, change, new_balance, reason, database.utc_text()),
            )
            return new_balance

        return database.run(self.path, work, write=True)

    def balance(self, player: str = DEFAULT_PLAYER) -> int:
        """The player's points now (a new player's wallet is opened with the starting balance)."""
        player = _check_text(player, "player name")
        row = database.run(
            self.path,
            lambda connection: connection.execute(
                "SELECT balance FROM wallets WHERE player = ?", (player,)
            ).fetchone(),
            write=False,
        )
        if row is not None:
            return int(row[0])
        return database.run(self.path, lambda connection: self._balance_in(connection, player), write=True)

    def deposit(self, amount: int, reason: str, player: str = DEFAULT_PLAYER) -> int:
        """Add ``amount`` points (an award, say) and return the new balance."""
        player, reason = _check_text(player, "player name"), _check_text(reason, "reason")
        return self._move(player, _check_amount(amount), reason)

    def pay(self, amount: int, reason: str, player: str = DEFAULT_PLAYER) -> int:
        """Take ``amount`` points (an entry cost) and return the new balance.

        ``reason`` names what is paid for ("Level 3"); it starts the refusal message. Raises
        :class:`InsufficientPointsError`, leaving the wallet unchanged, when the balance is short.
        """
        player, reason = _check_text(player, "player name"), _check_text(reason, "reason")
        return self._move(player, -_check_amount(amount), reason)

    def history(self, player: str = DEFAULT_PLAYER) -> list[Transaction]:
        """Every transaction of the player, oldest first (empty for a player never seen)."""
        player = _check_text(player, "player name")
        rows = database.run(
            self.path,
            lambda connection: connection.execute(
                "SELECT id, player, amount, balance_after, reason, at FROM wallet_transactions "
                "WHERE player = ? ORDER BY id",
                (player,),
            ).fetchall(),
            write=False,
        )
        return [
            Transaction(id, name, amount, after, reason, datetime.fromisoformat(at))
            for id, name, amount, after, reason, at in rows
        ]
