"""The class-game tables come from Alembic revisions 0003 and 0005 on top of the storage migrations, match the
tables the code declares on SQLite and PostgreSQL, and a database from a newer pokerlab is refused
in plain words with nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from pokerlab.classroom.class_games import ClassGameSettings
from pokerlab.classroom.store import ClassStore, open_class_store
from pokerlab.storage.database import forget_stores, schema_revision
from pokerlab.storage.schema import metadata
from pokerlab.widgets.board import TeacherBoard
from pokerlab.widgets.class_game import ClassGameApp
from tests.classroom.class_support import fresh_target, learner

CLASS_TABLES = {"class_games", "class_players", "class_results"}


def _touches_class_tables(difference: object) -> bool:
    return any(name in repr(difference) for name in CLASS_TABLES)


def test_the_class_tables_are_migrated_exactly_as_declared(store: ClassStore) -> None:
    from alembic.script import ScriptDirectory

    from pokerlab.storage.alembic_upgrade import alembic_config

    assert schema_revision(store.store) == tuple(ScriptDirectory.from_config(alembic_config()).get_heads())
    differences = store.store.read(lambda connection: compare_metadata(MigrationContext.configure(connection), metadata))
    assert [d for d in differences if _touches_class_tables(d)] == []
    names = store.store.read(lambda connection: set(sa.inspect(connection).get_table_names()))
    assert CLASS_TABLES <= names


def test_a_second_result_for_the_same_deal_is_impossible_even_by_hand(store: ClassStore) -> None:
    from pokerlab.classroom.schema import class_results

    game = store.create_game(ClassGameSettings(deal_count=2))
    ann = learner(store, "ann")
    store.join(game.id, ann)
    assert store.record_result(game.id, ann, 1, 10, [])
    row = {"game_id": game.id, "learner_id": ann.id, "deal_number": 1, "chips": 99, "actions": "[]",
           "finished_at": "2026-11-30T10:00:00.000000+00:00"}
    with pytest.raises(sa.exc.IntegrityError):
        store.store.write(lambda connection: connection.execute(class_results.insert().values(**row)))
    assert [r.chips for r in store.results(game.id)] == [10]


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_from_a_newer_pokerlab_is_a_plain_message_and_is_left_alone(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path / "data"))
    url = fresh_target(kind, tmp_path)
    store = open_class_store(url)
    game = store.create_game(ClassGameSettings(deal_count=2))
    store.store.write(lambda connection: connection.exec_driver_sql("UPDATE alembic_version SET version_num = '0099'"))
    forget_stores()
    app = ClassGameApp(store_opener=lambda: open_class_store(url))
    app.claim_name("Ann")
    assert "newer pokerlab" in app.table.message and app.table.screen == "lobby"
    board = TeacherBoard(environ={"POKERLAB_TEACHER_PASSWORD": "pw"}, store_opener=lambda: open_class_store(url))
    board._on_message(board, {"type": "login", "password": "pw"}, None)
    assert "newer pokerlab" in board.message and board.games == []
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0099"
        assert connection.exec_driver_sql("SELECT code FROM class_games").scalar() == game.code
    engine.dispose()
    forget_stores()
