"""Every storage test gets its own empty data folder through POKERLAB_DATA_DIR."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerlab.storage import ENV_VAR, set_data_dir


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "pokerlab-data"
    monkeypatch.setenv(ENV_VAR, str(folder))
    yield folder
    set_data_dir(None)
