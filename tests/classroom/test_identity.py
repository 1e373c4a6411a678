"""Who the learner is: display names claimed with a browser key (stored only as an scrypt hash),
JupyterHub users, the teacher releasing a name; on SQLite and on PostgreSQL."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.__main__ import main as cli
from pokerlab.classroom import names_and_keys
from pokerlab.classroom.identity import NameTakenError, claim, hub_learner, recognise
from pokerlab.classroom.names_and_keys import KeyRefusedError, NameRefusedError, check_name
from pokerlab.classroom.teacher_names import release
from pokerlab.storage import Wallet, all_learners, open_store, schema

pytestmark = pytest.mark.usefixtures("data_folder")


def stored_rows(target: str) -> list[dict[str, Any]]:
    return [
        dict(row._mapping)
        for row in open_store(target).read(lambda c: c.execute(sqlalchemy.select(schema.learners)).all())
    ]


KEY_A, KEY_B = names_and_keys.new_key(), names_and_keys.new_key()


# --- names -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "kept"),
    [("Ada", "Ada"), ("  Ada   Lovelace ", "Ada Lovelace"), ("Zoë O'Neil", "Zoë O'Neil"),
     ("Jean-Luc", "Jean-Luc"), ("Ma Li 2", "Ma Li 2"), ("Łukasz", "Łukasz"), ("Jo", "Jo")],
)
def test_good_names_are_kept_tidied(typed: str, kept: str) -> None:
    assert check_name(typed) == kept


@pytest.mark.parametrize(
    ("typed", "reason"),
    [("", "2 to 24 characters"), ("A", "2 to 24 characters"), ("x" * 25, "2 to 24 characters"),
     ("Ada!", "letters, digits, spaces"), ("<script>", "letters, digits, spaces"), ("Ada\u200bLee", "letters"),
     ("Аda", "letters"),  # a Cyrillic А that looks like a Latin A
     ("7even", "starts with a letter"), ("-Ada", "starts with a letter"), (None, "some text"), (42, "some text")],
)
def test_bad_names_get_a_clear_message_and_nothing_is_stored(target: str, typed: Any, reason: str) -> None:
    with pytest.raises(NameRefusedError, match=reason):
        claim(target, typed, KEY_A)
    assert stored_rows(target) == []


@pytest.mark.parametrize(
    "key", ["", "short", "x" * 31, "x" * 257, "a" * 40 + "!", "a" * 40 + " ", None, 12345678901234567890]
)
def test_a_key_that_is_not_a_random_browser_key_is_refused_and_nothing_is_stored(target: str, key: Any) -> None:
    with pytest.raises(KeyRefusedError, match="32 to 256 characters"):
        claim(target, "Ada", key)
    assert stored_rows(target) == []


@given(name=st.text(max_size=30))
@settings(max_examples=200, deadline=None)
def test_check_name_either_refuses_clearly_or_returns_a_tidy_allowed_name(name: str) -> None:
    try:
        kept = check_name(name)
    except NameRefusedError as refusal:
        assert str(refusal) and "Traceback" not in str(refusal)
        return
    assert kept == " ".join(kept.split()) and 2 <= len(kept) <= 24 and kept[0].isalpha()


# --- claiming and recognising ---------------------------------------------------------------


def test_a_claim_stores_only_a_salted_scrypt_hash_of_the_key(target: str) -> None:
    ada = claim(target, "Ada", KEY_A)
    [row] = stored_rows(target)
    assert row["id"] == ada.id and row["name"] == "Ada" and row["kind"] == "browser"
    assert KEY_A not in str(row) and KEY_A.encode() not in str(row).encode()
    method, n, r, p, salt, digest = row["key_hash"].split("$")
    assert method == "scrypt" and (int(n), int(r), int(p)) == (2**10, 8, 1)
    padded = lambda text: text + "=" * (-len(text) % 4)  # noqa: E731
    import base64

    expected = hashlib.scrypt(
        KEY_A.encode(), salt=base64.urlsafe_b64decode(padded(salt)), n=2**10, r=8, p=1, dklen=32
    )
    assert base64.urlsafe_b64decode(padded(digest)) == expected


def test_the_same_key_is_recognised_and_same_key_different_spelling_is_the_same_learner(target: str) -> None:
    ada = claim(target, "Ada Lovelace", KEY_A)
    assert claim(target, "ada lovelace", KEY_A) == ada
    assert claim(target, "ADA LOVELACE ", KEY_A) == ada
    assert recognise(target, "Ada  Lovelace", KEY_A) == ada
    assert len(stored_rows(target)) == 1


def test_two_hashes_of_one_key_differ_by_their_salt() -> None:
    assert names_and_keys.hash_key(KEY_A) != names_and_keys.hash_key(KEY_A)
    assert names_and_keys.key_matches(KEY_A, names_and_keys.hash_key(KEY_A))
    assert not names_and_keys.key_matches(KEY_B, names_and_keys.hash_key(KEY_A))
    assert not names_and_keys.key_matches(KEY_A, "not a hash") and not names_and_keys.key_matches(KEY_A, "bcrypt$1$2$3$4$5")


def test_key_comparison_is_constant_time(monkeypatch: pytest.MonkeyPatch) -> None:
    compared: list[tuple[bytes, bytes]] = []
    real = names_and_keys.hmac.compare_digest
    monkeypatch.setattr(names_and_keys.hmac, "compare_digest", lambda a, b: compared.append((a, b)) or real(a, b))
    stored = names_and_keys.hash_key(KEY_A)
    assert names_and_keys.key_matches(KEY_A, stored) and not names_and_keys.key_matches(KEY_B, stored)
    assert len(compared) == 2


@pytest.mark.parametrize("other_spelling", ["Ada", "ada", "ADA", " a d a "])
def test_another_key_claiming_a_taken_name_is_refused_clearly_and_changes_nothing(
    target: str, other_spelling: str
) -> None:
    ada = claim(target, "Ada", KEY_A)
    Wallet(target).pay(150, "Level 1", player=ada)
    before = stored_rows(target)
    with pytest.raises(NameTakenError, match="'Ada' is already taken by someone else.*ask your teacher to release it"):
        claim(target, other_spelling, KEY_B)
    assert stored_rows(target) == before
    assert recognise(target, "Ada", KEY_B) is None
    assert Wallet(target).balance(ada) == 850


def test_recognise_never_stores_anything(target: str) -> None:
    assert recognise(target, "Ada", KEY_A) is None
    assert recognise(target, "!!", KEY_A) is None and recognise(target, "Ada", "short") is None
    assert stored_rows(target) == []


def test_each_new_name_is_a_new_learner_with_a_fresh_wallet(target: str) -> None:
    ada, bo = claim(target, "Ada", KEY_A), claim(target, "Bo", KEY_B)
    assert ada.id != bo.id
    Wallet(target).pay(500, "Level 2", player=ada)
    assert Wallet(target).balance(bo) == 1000


# --- JupyterHub ------------------------------------------------------------------------------


def test_on_a_hub_the_learner_is_the_hub_user_without_asking(target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert hub_learner(target) is None
    monkeypatch.setenv("JUPYTERHUB_USER", "ada.l@school")
    learner = hub_learner(target)
    assert learner is not None and (learner.name, learner.kind) == ("ada.l@school", "hub")
    assert hub_learner(target) == learner


def test_a_browser_cannot_claim_a_hub_user_s_name(target: str) -> None:
    maya = hub_learner(target, "maya")
    with pytest.raises(NameTakenError, match="belongs to a user of this hub"):
        claim(target, "Maya", KEY_A)
    assert [learner.kind for learner in all_learners(target)] == ["hub"] and maya is not None


def test_a_hub_user_cannot_be_released(target: str) -> None:
    hub_learner(target, "maya")
    with pytest.raises(names_and_keys.IdentityError, match="user of this hub"):
        release(target, "maya")


# --- the teacher releases a name ------------------------------------------------------------


def test_a_released_name_goes_to_the_next_key_with_its_data(target: str) -> None:
    ada = claim(target, "Ada", KEY_A)
    Wallet(target).pay(150, "Level 1", player=ada)
    assert release(target, " ada ") == ada
    assert recognise(target, "Ada", KEY_A) is None  # the old browser is no longer recognised
    again = claim(target, "Ada", KEY_B)  # the learner on a new computer
    assert again.id == ada.id and Wallet(target).balance(again) == 850
    with pytest.raises(NameTakenError):
        claim(target, "Ada", KEY_A)


def test_releasing_a_name_nobody_has_says_so(target: str) -> None:
    with pytest.raises(names_and_keys.IdentityError, match="Nobody here has the name 'Zed'"):
        release(target, "Zed")


def test_the_release_name_command(target: str, capsys: pytest.CaptureFixture[str]) -> None:
    claim(target, "Ada Lovelace", KEY_A)
    assert cli(["--database", target, "names"]) == 0
    assert "Ada Lovelace\tbrowser\theld by a browser" in capsys.readouterr().out
    assert cli(["--database", target, "release-name", "ada lovelace"]) == 0
    assert "Released 'Ada Lovelace'" in capsys.readouterr().out
    assert claim(target, "Ada Lovelace", KEY_B).name == "Ada Lovelace"
    assert cli(["--database", target, "release-name", "Nobody"]) == 1
    assert capsys.readouterr().err == "pokerlab: Nobody here has the name 'Nobody', so there is nothing to release.\n"


def test_the_command_uses_the_data_folder_by_default_and_explains_itself(
    data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    claim(None, "Ada", KEY_A)
    assert cli(["release-name", "Ada"]) == 0
    assert [learner.name for learner in all_learners()] == ["Ada"]
    with pytest.raises(SystemExit) as stopped:
        cli(["--help"])
    assert stopped.value.code == 0
    text = capsys.readouterr().out
    assert "release-name" in text and "POKERLAB_DATABASE_URL" in text and "examples:" in text
    with pytest.raises(SystemExit) as stopped:
        cli([])
    assert stopped.value.code == 2
