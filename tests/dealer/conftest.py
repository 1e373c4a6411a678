"""The dealer's tests use the storage tests' databases: an SQLite file, or a fresh PostgreSQL schema."""

from tests.storage.conftest import backend, target  # noqa: F401  (fixtures)
