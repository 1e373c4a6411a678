"""Revision 0013 (issue 27): the wallet's reasons are stored as codes, not English; each is said in
the reader's language when shown. Rows written before (English) become codes and go back unchanged."""

from __future__ import annotations

import sqlalchemy as sa

from pokerlab.ladder import LadderRun
from pokerlab.narration.wallet import reason_text
from pokerlab.storage import Wallet, open_store
from pokerlab.storage.database import forget_stores
from pokerlab.storage.engines import make_engine
from pokerlab.storage.urls import database_url
from tests.storage.backends import add_ann, at_revision, migrate

NOW = "2026-12-01T10:00:00.000000+00:00"
ENGLISH = ["Starting balance", "Ladder level 1", "Ladder level 1 award", "Ladder level 2", "Fresh start",
           "Ladder level 6 award", "Points from the teacher"]
"""What pokerlab 0.1 wrote (and one line a teacher's own script wrote, which is no code)."""
CODES = ["starting_balance", "ladder_level:1", "ladder_award:1", "ladder_level:2", "fresh_start", "ladder_award:6",
         "Points from the teacher"]


def _reasons(target: str) -> list[str]:
    engine = make_engine(database_url(target))
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT reason FROM wallet_transactions ORDER BY id")).scalars().all()
    engine.dispose()
    return list(rows)


def _old_database(target: str) -> None:
    """A database at 0012 with one learner whose wallet lines are English, as 0012 stored them."""
    lines = sa.table("wallet_transactions", *(sa.column(name) for name in (
        "learner_id", "amount", "balance_after", "reason", "at")))
    with at_revision(target, "0012") as connection:
        add_ann(connection)
        for number, reason in enumerate(ENGLISH):
            connection.execute(lines.insert().values(learner_id=1, amount=number, balance_after=number, reason=reason,
                                                     at=NOW))


def test_english_reasons_become_codes_said_as_the_same_words_and_go_back_unchanged(target: str) -> None:
    _old_database(target)
    migrate(target, "0013")
    assert _reasons(target) == CODES
    assert [reason_text(code) for code in CODES] == ENGLISH  # the English page says what it said before
    assert [reason_text(code, "es") for code in CODES] == [
        "Saldo inicial", "Nivel 1 del torneo", "Premio del nivel 1 del torneo", "Nivel 2 del torneo",
        "Empezar de cero", "Premio del nivel 6 del torneo", "Points from the teacher"]
    migrate(target, "0012", up=False)
    assert _reasons(target) == ENGLISH
    migrate(target, "head")
    assert _reasons(target) == CODES


def test_a_new_wallet_and_a_ladder_level_store_codes(target: str) -> None:
    store = open_store(target)
    wallet = Wallet(store)
    run = LadderRun.new(1, seed=3)
    wallet.pay(run.entry().cost, run.entry().reason, "Ann")
    assert [line.reason for line in wallet.history("Ann")] == ["starting_balance", "ladder_level:1"]
    forget_stores()
