"""Where the data folder is: environment variable, then set_data_dir, then platformdirs."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from pokerlab.storage import ENV_VAR, HighScores, Wallet, data_dir, save_game, set_data_dir
from pokerlab.storage.paths import DATABASE_FILENAME


def test_data_dir_from_environment_variable_is_used_and_created(data_folder: Path) -> None:
    assert not data_folder.exists()
    assert data_dir() == data_folder
    assert data_folder.is_dir()


def test_environment_variable_wins_over_set_data_dir(data_folder: Path, tmp_path: Path) -> None:
    set_data_dir(tmp_path / "configured")
    assert data_dir() == data_folder


def test_set_data_dir_is_used_when_environment_variable_is_unset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV_VAR)
    set_data_dir(tmp_path / "configured")
    assert data_dir() == tmp_path / "configured"


def test_empty_environment_variable_counts_as_unset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "  ")
    set_data_dir(tmp_path / "configured")
    assert data_dir() == tmp_path / "configured"


def test_platformdirs_user_data_dir_is_the_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR)
    asked: list[str] = []

    def fake_user_data_dir(appname: str, appauthor: object = None) -> str:
        asked.append(appname)
        return str(tmp_path / "platform")

    monkeypatch.setattr(platformdirs, "user_data_dir", fake_user_data_dir)
    assert data_dir() == tmp_path / "platform"
    assert asked == ["pokerlab"]


def test_wallet_high_scores_and_named_saves_live_in_the_data_folder(data_folder: Path) -> None:
    Wallet().deposit(5, "Award")
    HighScores().add("Ada", 10)
    saved = save_game("evening", "saloon-draw", {"hand": 1})
    assert (data_folder / DATABASE_FILENAME).is_file()
    assert saved == data_folder / "saves" / "saloon-draw" / "evening.json"
