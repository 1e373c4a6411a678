"""The dealer's tests use the storage tests' databases: an SQLite file, or a fresh PostgreSQL schema;
``running`` is a dealer on loopback on that database, with its class games' reviews awaited and its
class store closed when the test ends."""

from collections.abc import Iterator

import pytest

from pokerlab.storage.database import forget_stores
from tests.dealer.test_dealer import Running
from tests.storage.conftest import backend, target  # noqa: F401  (fixtures)


@pytest.fixture
def running(target: str) -> Iterator[Running]:  # noqa: F811 - target is the storage tests' fixture
    dealer = Running(target)
    yield dealer
    dealer.stop()
    dealer.dealer.classes.wait_for_reviews()
    dealer.dealer.classes.close()
    forget_stores()
