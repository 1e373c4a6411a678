"""Settings for the whole test run, notebooks included (they are collected outside tests/)."""

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # Notebooks and apps persist saves, the wallet and high scores under POKERLAB_DATA_DIR. Tests and
    # the kernels nbval starts (they inherit this environment) must never touch a learner's real data.
    os.environ["POKERLAB_DATA_DIR"] = tempfile.mkdtemp(prefix="pokerlab-test-data-")
