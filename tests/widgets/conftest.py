"""What the widget tests share: a data folder of each test's own, and a fake clock that quiz answers
are kept at."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerlab.storage import schema
from tests.fake_clock import FakeClock


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own saves folder, wallet, high scores and kept hands, in test mode, with no
    seed, query, database, hub user or practice server of the machine's."""
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("POKERLAB_TEST_MODE", "1")
    for name in ("POKERLAB_SEED", "QUERY_STRING", "POKERLAB_DATABASE_URL", "JUPYTERHUB_USER", "POKERLAB_PRACTICE_SERVER"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """Answers are kept at the fake clock's time (the quiz_results ``at`` column)."""
    fake = FakeClock()
    monkeypatch.setattr("pokerlab.storage.progress.utc_text", lambda moment=None: schema.utc_text(moment or fake()))
    return fake
