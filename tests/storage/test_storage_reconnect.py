"""A PostgreSQL connection the server dropped (a restart, an idle timeout) costs nothing: reads and
writes go on with a new connection, and a write is stored exactly once.

Pooled connections are checked before use only after sitting idle for
:data:`~pokerlab.storage.timing.PING_AFTER_IDLE_SECONDS` (a check on every use is a round trip per
board refresh); a connection lost since its last use fails its first statement and the work runs again.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy

from pokerlab.storage import timing
from pokerlab.storage.database import forget_stores, open_store
from pokerlab.storage.transactions import Store
from tests.storage.backends import postgres_schema


@pytest.fixture
def postgres() -> Iterator[str]:
    with postgres_schema() as url:
        yield url
    forget_stores()


def drop_pooled_connections(store: Store) -> int:
    """Have the server end every session this store's pool holds (as a restart would); returns how many."""
    pids = store.read(lambda c: [c.scalar(sqlalchemy.text("SELECT pg_backend_pid()"))])
    killer = sqlalchemy.create_engine(store.url, isolation_level="AUTOCOMMIT")
    try:
        with killer.connect() as connection:
            return sum(bool(connection.scalar(sqlalchemy.text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}))
                       for pid in pids)
    finally:
        killer.dispose()


def count_rows(store: Store) -> int:
    return store.read(lambda c: c.scalar(sqlalchemy.text("SELECT count(*) FROM reconnect_check")))


@pytest.mark.parametrize("checked_before_use", [False, True], ids=["lost-since-last-use", "idle-then-checked"])
def test_a_dropped_connection_is_replaced_and_a_write_lands_once(
    postgres: str, monkeypatch: pytest.MonkeyPatch, checked_before_use: bool,
) -> None:
    if checked_before_use:
        monkeypatch.setattr(timing, "PING_AFTER_IDLE_SECONDS", 0.0)
    store = open_store(postgres)
    store.write(lambda c: c.execute(sqlalchemy.text("CREATE TABLE reconnect_check (n integer)")))
    assert count_rows(store) == 0
    statements: list[str] = []
    sqlalchemy.event.listen(store.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))

    assert drop_pooled_connections(store) == 1
    assert count_rows(store) == 0  # a read after the drop

    assert drop_pooled_connections(store) == 1
    store.write(lambda c: c.execute(sqlalchemy.text("INSERT INTO reconnect_check VALUES (1)")))  # a write after it
    assert count_rows(store) == 1
    inserts = [s for s in statements if s.startswith("INSERT")]
    # Checked before use, the lost connection is never used; otherwise its first try fails, then one more.
    assert len(inserts) == (1 if checked_before_use else 2)


def test_a_busy_connection_is_not_checked_before_each_use(postgres: str) -> None:
    """Used within the idle limit, a pooled connection goes straight to work, with no check first."""
    store = open_store(postgres)
    store.read(lambda c: c.scalar(sqlalchemy.text("SELECT 1")))
    original_ping = store.engine.dialect.do_ping
    pings: list[object] = []
    store.engine.dialect.do_ping = lambda dbapi_connection: pings.append(dbapi_connection) or original_ping(dbapi_connection)  # type: ignore[method-assign]
    try:
        for _ in range(3):
            store.read(lambda c: c.scalar(sqlalchemy.text("SELECT 2")))
    finally:
        store.engine.dialect.do_ping = original_ping  # type: ignore[method-assign]
    assert pings == []


def lose_the_commit_reply(store: Store, monkeypatch: pytest.MonkeyPatch, *, stored: bool) -> None:
    """Have the server end the session of the next COMMIT: just after storing it (``stored``), so
    its reply never arrives, or just before."""
    original = store.engine.dialect.do_commit
    tries: list[int] = []
    killer = sqlalchemy.create_engine(store.url, isolation_level="AUTOCOMMIT")

    def end_session(dbapi_connection: object) -> None:
        raw = getattr(dbapi_connection, "dbapi_connection", dbapi_connection)  # the pool's proxy, or psycopg's
        pid = raw.info.backend_pid
        with killer.connect() as connection:
            connection.execute(sqlalchemy.text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})

    def commit(dbapi_connection: object) -> None:
        tries.append(1)
        if len(tries) > 1:
            return original(dbapi_connection)
        if stored:
            original(dbapi_connection)
            end_session(dbapi_connection)
            dbapi_connection.execute("SELECT 1")  # type: ignore[attr-defined]  # fails: the session is gone
        else:
            end_session(dbapi_connection)
            original(dbapi_connection)

    monkeypatch.setattr(store.engine.dialect, "do_commit", commit)


@pytest.mark.parametrize("stored", [True, False], ids=["stored-then-lost", "lost-before-stored"])
def test_a_commit_whose_reply_is_lost_is_answered_by_looking_the_change_up(
    postgres: str, monkeypatch: pytest.MonkeyPatch, stored: bool,
) -> None:
    store = open_store(postgres)
    store.write(lambda c: c.execute(sqlalchemy.text("CREATE TABLE reconnect_check (n integer)")))
    lose_the_commit_reply(store, monkeypatch, stored=stored)
    inserts: list[str] = []
    sqlalchemy.event.listen(store.engine, "before_cursor_execute",
                            lambda *args: inserts.append(args[2]) if args[2].startswith("INSERT") else None)
    landed = lambda c: bool(c.scalar(sqlalchemy.text("SELECT count(*) FROM reconnect_check WHERE n = 7")))  # noqa: E731
    result = store.write(lambda c: c.execute(sqlalchemy.text("INSERT INTO reconnect_check VALUES (7)")) and "done",
                         landed=landed)
    assert result == "done"
    assert count_rows(store) == 1  # stored exactly once either way
    assert len(inserts) == (1 if stored else 2)  # looked up, not written again; or written again, once


def test_a_lost_commit_reply_with_nothing_to_look_it_up_says_so(postgres: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not "nothing was changed": the change may be stored, and the learner is told to look."""
    from pokerlab.storage.errors import StorageCommitUnknownError

    store = open_store(postgres)
    store.write(lambda c: c.execute(sqlalchemy.text("CREATE TABLE reconnect_check (n integer)")))
    lose_the_commit_reply(store, monkeypatch, stored=True)
    with pytest.raises(StorageCommitUnknownError) as raised:
        store.write(lambda c: c.execute(sqlalchemy.text("INSERT INTO reconnect_check VALUES (7)")))
    assert "cannot tell whether" in str(raised.value) and "nothing was changed" not in str(raised.value).lower()
    assert count_rows(store) == 1
