"""Fixtures of the class-game tests (see class_support.py): ``store`` on SQLite and PostgreSQL."""

from tests.classroom.class_support import store  # noqa: F401
