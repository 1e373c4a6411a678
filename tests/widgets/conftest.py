"""What the widget tests share: a fake clock that quiz answers are kept at."""

from __future__ import annotations

import pytest

from pokerlab.storage import schema
from tests.fake_clock import FakeClock


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """Answers are kept at the fake clock's time (the quiz_results ``at`` column)."""
    fake = FakeClock()
    monkeypatch.setattr("pokerlab.storage.progress.utc_text", lambda moment=None: schema.utc_text(moment or fake()))
    return fake
