"""What pokerlab keeps between sessions, per learner: the points wallet, ladder progress, high
scores, lesson progress and quiz results (one database), saved games and games in progress
(atomic JSON files in the learner's folder).

The database (:mod:`~pokerlab.storage.database`) is written with SQLAlchemy 2 Core and migrated
by Alembic at open: an SQLite file in :func:`data_dir` by default, PostgreSQL when
``POKERLAB_DATABASE_URL=postgresql+psycopg://...`` is set. Every storage failure raises a
:class:`StorageError` (:mod:`~pokerlab.storage.errors`) with a plain message for the learner and
its ``details`` (logged on ``pokerlab.storage``) for whoever runs the server.

API in one glance (``store`` is a :class:`Store`, a URL, an SQLite path or ``None``; ``learner``
a :class:`Learner` from :mod:`pokerlab.classroom.identity`)::

    store = open_store()                         # migrated; shared per process
    Wallet(store).balance(learner) / .pay(n, reason, learner) / .deposit(...) / .history(learner)
    HighScores(store).add(learner, score) / .top(10)    # entries carry the learner's name
    ladder_level(store, learner) / unlock_level(store, learner, reached)
    record_lesson(store, learner, "05-betting", step, steps, done=...) / lesson_progress_of(...)
    record_quiz_answer(store, learner, quiz, level, question, answer, correct) / quiz_results(...)
    save_game(name, kind, payload, learner=learner) / load_game / list_saves / delete_game / take_game
    keep_game(learner, kind, state, summary="hand 4, 735 chips") / game_in_progress / end_game

Engine-level: nothing here imports widget or display code.
"""

from pokerlab.storage.database import open_store
from pokerlab.storage.errors import (
    StorageBusyError,
    StorageCommitUnknownError,
    StorageCorruptError,
    StorageError,
    StorageFullError,
    StorageNotPokerlabError,
    StorageReadOnlyError,
    StorageSettingError,
    StorageTooNewError,
    StorageUnavailableError,
)
from pokerlab.storage.learners import (
    Learner,
    UnknownLearnerError,
    all_learners,
    keep_language,
    language_of,
    learner_folder,
    name_key,
)
from pokerlab.storage.paths import ENV_VAR, DataDirError, data_dir, database_path, set_data_dir
from pokerlab.storage.progress import (
    LessonProgress,
    ProgressError,
    QuizResult,
    all_lesson_progress,
    ladder_level,
    lesson_progress_of,
    quiz_results,
    record_lesson,
    record_quiz_answer,
    unlock_level,
)
from pokerlab.storage.save_envelope import FORMAT_VERSION, SaveFileError, SaveNotFoundError
from pokerlab.storage.saves import (
    SaveInfo,
    delete_game,
    list_saves,
    load_game,
    save_game,
    take_game,
)
from pokerlab.storage.scores import HighScore, HighScoreError, HighScores
from pokerlab.storage.slots import GameInProgress, end_game, game_in_progress, games_in_progress, keep_game
from pokerlab.storage.transactions import Store
from pokerlab.storage.urls import URL_ENV_VAR, StoreTarget, database_url
from pokerlab.storage.wallet import (
    DEFAULT_STARTING_BALANCE,
    InsufficientPointsError,
    Transaction,
    Wallet,
    WalletError,
)

__all__ = [
    "DEFAULT_STARTING_BALANCE", "ENV_VAR", "FORMAT_VERSION", "DataDirError", "GameInProgress", "HighScore",
    "HighScoreError", "HighScores", "InsufficientPointsError", "Learner", "LessonProgress", "ProgressError",
    "QuizResult", "SaveFileError", "SaveInfo", "SaveNotFoundError", "StorageBusyError", "StorageCommitUnknownError", "StorageCorruptError",
    "StorageError", "StorageFullError", "StorageNotPokerlabError", "StorageReadOnlyError", "StorageSettingError",
    "StorageTooNewError",
    "StorageUnavailableError", "Store", "StoreTarget", "Transaction", "URL_ENV_VAR", "UnknownLearnerError",
    "Wallet", "WalletError", "all_learners", "all_lesson_progress", "data_dir", "database_path",
    "database_url", "delete_game", "end_game", "game_in_progress", "games_in_progress", "keep_game",
    "keep_language", "ladder_level", "language_of", "learner_folder", "lesson_progress_of", "list_saves", "load_game", "name_key",
    "open_store", "quiz_results", "record_lesson", "record_quiz_answer", "save_game", "set_data_dir",
    "take_game", "unlock_level",
]
