"""Revision 0011 (issue 27): the language a learner chose is kept with them (``learners.language``), so
every page speaks it next time; learners from before it have none; on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.storage import UnknownLearnerError, keep_language, language_of, open_store
from pokerlab.storage.learners import Learner
from tests.storage.backends import add_ann, at_revision, migrate


def test_a_learners_language_is_kept_and_changed(target: str) -> None:
    ann, bo = claim(target, "Ann", new_key()), claim(target, "Bo", new_key())
    assert language_of(target, ann) is None
    keep_language(target, ann, "es")
    assert (language_of(target, ann), language_of(target, bo)) == ("es", None)
    keep_language(target, ann, "en")
    assert language_of(target, ann) == "en"


def test_an_unknown_language_or_learner_is_refused_and_nothing_is_kept(target: str) -> None:
    ann = claim(target, "Ann", new_key())
    with pytest.raises(ValueError, match="does not speak 'fr'"):
        keep_language(target, ann, "fr")
    with pytest.raises(UnknownLearnerError):
        keep_language(target, Learner(999, "Nobody", "browser"), "es")
    assert language_of(target, ann) is None


def test_learners_from_before_0011_have_no_language_and_downgrading_drops_it(target: str) -> None:
    with at_revision(target, "0009") as connection:
        add_ann(connection)
    open_store(target)  # upgrades to the head
    ann = Learner(1, "Ann", "browser")
    assert language_of(target, ann) is None
    keep_language(target, ann, "es")
    with at_revision(target, "0009", up=False) as connection:
        assert "language" not in {column["name"] for column in sa.inspect(connection).get_columns("learners")}
        assert connection.execute(sa.text("SELECT name FROM learners")).scalar() == "Ann"
    migrate(target, "0011")
