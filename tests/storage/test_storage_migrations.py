"""The Alembic revisions and the one MetaData agree, on SQLite and PostgreSQL; the revisions form
one line and ship inside the package."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import sqlalchemy
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

import pokerlab.storage
from pokerlab.storage import open_store, schema
from pokerlab.storage.alembic_upgrade import alembic_config
from pokerlab.storage.database import schema_revision

ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS = Path(pokerlab.storage.__file__).parent / "migrations"


def test_a_migrated_database_matches_the_metadata(target: str) -> None:
    store = open_store(target)

    def differences(connection: sqlalchemy.Connection) -> list[object]:
        context = MigrationContext.configure(connection, opts={"compare_type": False})
        return compare_metadata(context, schema.complete_metadata())

    assert store.read(differences) == []


def test_a_new_database_is_at_the_single_head(target: str) -> None:
    script = ScriptDirectory.from_config(alembic_config())
    heads = script.get_heads()
    assert len(heads) == 1, f"the revisions must form one line; heads are {heads}"
    assert schema_revision(target) == tuple(heads)


def test_the_migrations_ship_as_package_data() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["pokerlab"]
    package = ROOT / "pokerlab"
    files = [path.relative_to(package).as_posix() for path in MIGRATIONS.rglob("*") if path.is_file()
             and "__pycache__" not in path.parts]
    assert any(name.startswith("storage/migrations/versions/") for name in files)
    missing = [name for name in files if not any(fnmatch.fnmatch(name, pattern) for pattern in patterns)]
    assert missing == []
