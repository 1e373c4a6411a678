"""What pokerlab keeps between sessions: saved games (JSON files), the points wallet and the
high score table (one SQLite file), all under :func:`data_dir`.

Engine-level: nothing here imports widget or display code.
"""

from pokerlab.storage.database import StorageError
from pokerlab.storage.paths import ENV_VAR, DataDirError, data_dir, database_path, set_data_dir
from pokerlab.storage.saves import (
    FORMAT_VERSION,
    SaveFileError,
    SaveInfo,
    SaveNotFoundError,
    list_saves,
    load_game,
    save_game,
)
from pokerlab.storage.scores import HighScore, HighScoreError, HighScores
from pokerlab.storage.wallet import (
    DEFAULT_STARTING_BALANCE,
    InsufficientPointsError,
    Transaction,
    Wallet,
    WalletError,
)

__all__ = [
    "DEFAULT_STARTING_BALANCE", "ENV_VAR", "FORMAT_VERSION", "DataDirError", "HighScore",
    "HighScoreError", "HighScores", "InsufficientPointsError", "SaveFileError", "SaveInfo",
    "SaveNotFoundError", "StorageError", "Transaction", "Wallet", "WalletError", "data_dir",
    "database_path", "list_saves", "load_game", "save_game", "set_data_dir",
]
