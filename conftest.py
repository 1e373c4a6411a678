"""Settings for the whole test run, notebooks included (they are collected outside tests/)."""

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # Notebooks and apps persist saves, the wallet and high scores under POKERLAB_DATA_DIR. Tests and
    # the kernels nbval starts (they inherit this environment) must never touch a learner's real data.
    os.environ["POKERLAB_DATA_DIR"] = tempfile.mkdtemp(prefix="pokerlab-test-data-")


@pytest.fixture(autouse=True)
def _the_data_folder_stays_private():
    """Every test (doctests too) leaves POKERLAB_DATA_DIR as it found it: a test that removed it would
    send every later test's learners, wallets and saves into the real user data folder."""
    before = os.environ.get("POKERLAB_DATA_DIR")
    yield
    assert os.environ.get("POKERLAB_DATA_DIR") == before, "this test changed POKERLAB_DATA_DIR and did not restore it"
