"""Revision 0007 on a database written before it (at revision 0003): learners whose names only now read the
same are kept apart (the older keeps the look key, the newer is shown with its number), with every
wallet row where it was; on SQLite and PostgreSQL."""

from __future__ import annotations

import sqlalchemy as sa

from pokerlab.classroom import names_and_keys
from pokerlab.classroom.identity import NameTakenError, claim, recognise
from pokerlab.storage import Wallet, open_store
from pokerlab.storage.database import forget_stores
from tests.storage.backends import OLD_LEARNERS, at_revision

NOW = "2026-11-30T10:00:00.000000+00:00"
OLD_NAMES = ["Cleo", "Ada", "CIeo", "Bill1", "Billl", "Ada1", "Adal"]  # ids 1..7, in this order


def _database_at_0003(target: str, keys: dict[str, str]) -> None:
    """A database as pokerlab wrote it at revision 0003, with look-alike names and a wallet each."""
    wallets = sa.table("wallets", sa.column("learner_id"), sa.column("balance"))
    with at_revision(target, "0003") as connection:
        for number, name in enumerate(OLD_NAMES, start=1):
            connection.execute(OLD_LEARNERS.insert().values(
                id=number, name=name, name_key=name.casefold(), kind="browser",
                key_hash=names_and_keys.hash_key(keys[name]), adoptable=False, created_at=NOW, claimed_at=NOW))
            connection.execute(wallets.insert().values(learner_id=number, balance=100 * number))


def test_look_alike_learners_keep_their_data_and_the_newer_is_shown_with_its_number(
    target: str, fast_scrypt: None
) -> None:
    keys = {name: names_and_keys.new_key() for name in OLD_NAMES}
    _database_at_0003(target, keys)
    forget_stores()
    store = open_store(target)  # runs 0005 to 0007
    rows = {row.id: row for row in store.read(lambda c: c.execute(sa.text(
        "SELECT id, name, name_key, look_key FROM learners ORDER BY id")).all())}
    assert {number: rows[number].name for number in rows} == {
        1: "Cleo", 2: "Ada", 3: "CIeo #3", 4: "Bill1", 5: "Billl #5", 6: "Ada1", 7: "Adal #7"}
    assert [rows[number].look_key for number in (1, 2, 4, 6)] == ["Cleo", "Ada", "Billl", "Adal"]
    assert [rows[number].look_key for number in (3, 5, 7)] == [None, None, None]
    assert [rows[number].name_key for number in rows] == [name.casefold() for name in OLD_NAMES]
    wallets = store.read(lambda c: c.execute(sa.text("SELECT learner_id, balance FROM wallets ORDER BY learner_id")).all())
    assert [tuple(row) for row in wallets] == [(number, 100 * number) for number in range(1, 8)]

    # Each browser still gets its own learner by typing its own name; nobody new gets either name.
    cieo = claim(target, "CIeo", keys["CIeo"])
    assert (cieo.id, cieo.name) == (3, "CIeo #3") and Wallet(target).balance(cieo) == 300
    assert recognise(target, "Cleo", keys["Cleo"]).id == 1
    for look_alike in ("Cleo", "CIeo", "cleo", "C1eo"):
        try:
            claim(target, look_alike, names_and_keys.new_key())
        except NameTakenError:
            continue
        raise AssertionError(f"{look_alike!r} was given to a new browser")


def test_the_migration_on_an_empty_database_and_again_changes_nothing(target: str) -> None:
    store = open_store(target)
    forget_stores()
    again = open_store(target)
    assert again.read(lambda c: c.execute(sa.text("SELECT count(*) FROM learners")).scalar()) == 0
    assert store.url == again.url
