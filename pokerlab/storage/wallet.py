"""The Tournament Ladder's points wallet, one per learner: entry costs are paid from it, awards
paid into it.

It lives in pokerlab's database (:mod:`pokerlab.storage.database`: SQLite by default, PostgreSQL
by URL), so it persists between sessions and several kernels can share it. The balance never goes
below zero and no update is lost: a payment is a single ``UPDATE ... SET balance = balance - cost
WHERE balance - cost >= 0`` (the row is locked while it changes, on SQLite by ``BEGIN IMMEDIATE``),
and the table itself refuses a negative balance.

A learner the wallet has not seen yet starts with ``starting_balance`` points (default
:data:`DEFAULT_STARTING_BALANCE`, enough for level 1 at 150 and level 2 at 500, but not level 3 at
1,000 until the learner has won an award). The opening amount is recorded in the history with the
reason ``"starting_balance"`` (reasons are codes, said by :mod:`pokerlab.narration.wallet`); it is
given once, when the learner first appears, and a different ``starting_balance`` later does not
change an existing wallet.

``player`` is a :class:`~pokerlab.storage.learners.Learner` (what apps pass) or, for code from
before learners, a name (default ``"you"``; see :mod:`pokerlab.storage.learners`).

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

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

import sqlalchemy
from sqlalchemy.engine import Connection

from pokerlab.errors import PokerlabError
from pokerlab.narration.wallet import STARTING_BALANCE, reason_text
from pokerlab.storage.database import insert_ignore, open_store
from pokerlab.storage.learners import DEFAULT_PLAYER, Learner, learner_id_in
from pokerlab.storage.schema import learners, utc_text, wallet_transactions, wallets
from pokerlab.storage.urls import StoreTarget

DEFAULT_STARTING_BALANCE: Final = 1000
"""Points a new learner starts with."""
MAX_AMOUNT: Final = 10**12
"""Largest single deposit or payment; keeps every balance far inside 64-bit integers."""

Player = Learner | str


class WalletError(PokerlabError):
    """A wallet operation with a bad amount, reason or player."""


class InsufficientPointsError(WalletError):
    """A payment larger than the balance; the wallet is left unchanged."""


@dataclass(frozen=True)
class Transaction:
    """One line of a wallet's history; ``amount`` is positive for money in, negative for out.

    ``player`` is the learner's name when the line was read."""

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


def _check_player(player: Player) -> Player:
    if isinstance(player, Learner):
        return player
    return _check_text(player, "player name")


def _holder(player: Player) -> str:
    if isinstance(player, Learner) or player == DEFAULT_PLAYER:
        return "your wallet"
    return f"{player}'s wallet"


def open_wallet_in(connection: Connection, player: Player, starting_balance: int = DEFAULT_STARTING_BALANCE) -> int:
    """The learner's id inside a write transaction, opening their wallet (with ``starting_balance``,
    recorded in the history) if it is new."""
    learner_id = learner_id_in(connection, player, create=True)
    assert learner_id is not None
    if insert_ignore(connection, wallets, {"learner_id": learner_id, "balance": starting_balance}):
        connection.execute(wallet_transactions.insert().values(
            learner_id=learner_id, amount=starting_balance, balance_after=starting_balance,
            reason=STARTING_BALANCE, at=utc_text(),
        ))
    return learner_id


def move_points_in(connection: Connection, player: Player, change: int, reason: str,
                   starting_balance: int = DEFAULT_STARTING_BALANCE) -> int:
    """Add ``change`` points (negative: take them) inside a write transaction, with its line in the
    history; the new balance. A payment larger than the balance raises
    :class:`InsufficientPointsError` and changes nothing."""
    learner_id = open_wallet_in(connection, player, starting_balance)
    new_balance = connection.execute(
        wallets.update()
        .where(wallets.c.learner_id == learner_id, wallets.c.balance + change >= 0)
        .values(balance=wallets.c.balance + change)
        .returning(wallets.c.balance)
    ).scalar()
    if new_balance is None:
        balance = connection.execute(
            sqlalchemy.select(wallets.c.balance).where(wallets.c.learner_id == learner_id)
        ).scalar_one()
        raise InsufficientPointsError(
            f"{reason_text(reason)} costs {-change:,} points; {_holder(player)} holds {balance:,}. "
            f"You need {-change - balance:,} more points."
        )
    connection.execute(wallet_transactions.insert().values(
        learner_id=learner_id, amount=change, balance_after=new_balance, reason=reason, at=utc_text(),
    ))
    return int(new_balance)


def top_up_in(connection: Connection, player: Player, to: int, below: int, reason: str,
              starting_balance: int = DEFAULT_STARTING_BALANCE) -> int:
    """:meth:`Wallet.top_up` inside a write transaction. The balance is read under a row lock (for
    the history line) and the conditional ``UPDATE ... WHERE balance < below`` decides."""
    learner_id = open_wallet_in(connection, player, starting_balance)
    seen = int(connection.execute(
        sqlalchemy.select(wallets.c.balance).where(wallets.c.learner_id == learner_id).with_for_update()
    ).scalar_one())
    changed = connection.execute(
        wallets.update().where(wallets.c.learner_id == learner_id, wallets.c.balance < below).values(balance=to)
    ).rowcount
    if changed != 1:
        raise WalletError(f"A fresh start is only for a wallet under {below:,} points; {_holder(player)} holds {seen:,}.")
    connection.execute(wallet_transactions.insert().values(
        learner_id=learner_id, amount=to - seen, balance_after=to, reason=reason, at=utc_text(),
    ))
    return to - seen


class Wallet:
    """Points that persist between sessions, one balance per learner.

    ``store`` is the database: a :class:`~pokerlab.storage.transactions.Store`, a URL, the path of an
    SQLite file, or ``None`` for the default (see :func:`~pokerlab.storage.database.open_store`).
    """

    def __init__(self, store: StoreTarget = None, *, starting_balance: int = DEFAULT_STARTING_BALANCE) -> None:
        if isinstance(starting_balance, bool) or not isinstance(starting_balance, int) or not (
            0 <= starting_balance <= MAX_AMOUNT
        ):
            raise WalletError(
                f"The starting balance must be a whole number from 0 to {MAX_AMOUNT:,}; "
                f"got {starting_balance!r}."
            )
        self.starting_balance = starting_balance
        self.store = open_store(store)

    @property
    def path(self) -> Path | None:
        """The SQLite file (``None`` on PostgreSQL); kept for code that passed it on."""
        return self.store.path

    def _open_in(self, connection: Connection, player: Player) -> int:
        """The learner's id inside a write transaction, opening their wallet if it is new."""
        return open_wallet_in(connection, player, self.starting_balance)

    def _move(self, player: Player, change: int, reason: str) -> int:
        return self.store.write(lambda connection: move_points_in(connection, player, change, reason,
                                                                  self.starting_balance))

    def top_up(self, to: int, below: int, reason: str, player: Player = DEFAULT_PLAYER) -> int:
        """Raise a balance under ``below`` to ``to`` points (a fresh start); returns the points added.

        One conditional update: five pages asking at once top the wallet up once, and a wallet at
        or above ``below`` is refused with :class:`WalletError`, unchanged."""
        player, reason = _check_player(player), _check_text(reason, "reason")
        _check_amount(to)
        return self.store.write(lambda connection: top_up_in(connection, player, to, below, reason,
                                                             self.starting_balance))

    def balance(self, player: Player = DEFAULT_PLAYER) -> int:
        """The learner's points now (a new learner's wallet is opened with the starting balance)."""
        player = _check_player(player)

        def read(connection: Connection) -> int | None:
            learner_id = learner_id_in(connection, player, create=False)
            if learner_id is None:
                return None
            return connection.execute(
                sqlalchemy.select(wallets.c.balance).where(wallets.c.learner_id == learner_id)
            ).scalar()

        found = self.store.read(read)
        if found is not None:
            return int(found)

        def open_wallet(connection: Connection) -> int:
            learner_id = self._open_in(connection, player)
            return connection.execute(
                sqlalchemy.select(wallets.c.balance).where(wallets.c.learner_id == learner_id)
            ).scalar_one()

        return int(self.store.write(open_wallet))

    def deposit(self, amount: int, reason: str, player: Player = DEFAULT_PLAYER) -> int:
        """Add ``amount`` points (an award, say) and return the new balance."""
        player, reason = _check_player(player), _check_text(reason, "reason")
        return self._move(player, _check_amount(amount), reason)

    def pay(self, amount: int, reason: str, player: Player = DEFAULT_PLAYER) -> int:
        """Take ``amount`` points (an entry cost) and return the new balance.

        ``reason`` names what is paid for ("Level 3"); it starts the refusal message. Raises
        :class:`InsufficientPointsError`, leaving the wallet unchanged, when the balance is short.
        """
        player, reason = _check_player(player), _check_text(reason, "reason")
        return self._move(player, -_check_amount(amount), reason)

    def history(self, player: Player = DEFAULT_PLAYER) -> list[Transaction]:
        """Every transaction of the learner, oldest first (empty for one never seen)."""
        player = _check_player(player)

        def read(connection: Connection) -> list[sqlalchemy.Row]:
            learner_id = learner_id_in(connection, player, create=False)
            if learner_id is None:
                return []
            return connection.execute(
                sqlalchemy.select(
                    wallet_transactions.c.id, learners.c.name, wallet_transactions.c.amount,
                    wallet_transactions.c.balance_after, wallet_transactions.c.reason, wallet_transactions.c.at,
                )
                .join(learners, learners.c.id == wallet_transactions.c.learner_id)
                .where(wallet_transactions.c.learner_id == learner_id)
                .order_by(wallet_transactions.c.id)
            ).all()

        return [
            Transaction(row[0], row[1], int(row[2]), int(row[3]), row[4], datetime.fromisoformat(row[5]))
            for row in self.store.read(read)
        ]
