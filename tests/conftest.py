"""Shared test settings: hypothesis profiles (a lighter one in CI keeps the suite quick), and a PostgreSQL
database of its own for each pytest-xdist worker."""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default"))


def _own_postgres_database(worker: str) -> None:
    """Point this worker's PostgreSQL tests at a database of its own on the same server.

    The storage tests empty the public schema of the database they are given, so two workers sharing
    one would wipe each other's tables mid-test. Every test (and every server a test starts) finds the
    database through ``POKERLAB_TEST_POSTGRES_URL`` or libpq's ``PGDATABASE``, so changing those is enough.
    """
    import sqlalchemy as sa

    from tests.classroom.class_support import new_database, postgres_url

    server = postgres_url()
    if server is None:
        return
    own = f"{sa.make_url(server).database or 'postgres'}_{worker}"
    url = new_database(server, own)
    if os.environ.get("POKERLAB_TEST_POSTGRES_URL"):
        os.environ["POKERLAB_TEST_POSTGRES_URL"] = url
    os.environ["PGDATABASE"] = own


def pytest_configure(config: pytest.Config) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        _own_postgres_database(worker)
