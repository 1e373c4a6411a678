"""Names that read the same are the same name (TR39 skeletons, Identifier_Status letters); the
teacher sets a squatter aside without handing their data to the name's owner; refusals quote only
the start of what was typed. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy

from pokerlab.__main__ import main as cli
from pokerlab.classroom import identity, names_and_keys, teacher_names
from pokerlab.classroom.identity import NameTakenError, claim, hub_learner, recognise
from pokerlab.classroom.names_and_keys import NameRefusedError, check_name
from pokerlab.storage import Wallet, open_store, schema
from pokerlab.storage.learners import SKELETON_UNICODE_VERSION, look_key, name_key
from pokerlab.storage.slots import game_in_progress, keep_game

pytestmark = pytest.mark.usefixtures("data_folder")

KEY_A, KEY_B, KEY_C = names_and_keys.new_key(), names_and_keys.new_key(), names_and_keys.new_key()


def rows(target: str) -> list[dict[str, Any]]:
    return [dict(row._mapping) for row in open_store(target).read(
        lambda c: c.execute(sqlalchemy.select(schema.learners).order_by(schema.learners.c.id)).all())]


# --- which names are the same name ----------------------------------------------------------------


@pytest.mark.parametrize(("first", "second"), [
    ("Ada Lovelace", "Ada LoveIace"),  # a capital i for the l
    ("Cleo", "CIeo"), ("Ada1", "Adal"), ("Leo1", "LeoI"), ("Emma", "Ernrna"), ("Arne", "Ame"),
])
def test_a_name_that_reads_like_a_taken_one_is_refused_and_says_so(target: str, first: str, second: str) -> None:
    owner = claim(target, first, KEY_A)
    Wallet(target).pay(150, "Level 1", player=owner)
    before = rows(target)
    with pytest.raises(NameTakenError, match=f"'{first}' is already taken .*'{second}' reads the same"):
        claim(target, second, KEY_B)
    assert rows(target) == before and Wallet(target).balance(owner) == 850
    assert recognise(target, second, KEY_B) is None


@pytest.mark.parametrize("typed", ["Adɑ Lovelace", "ᴀda", "Lovelȧce", "Ĳsbrand"])
def test_phonetic_and_rare_letters_that_imitate_usual_ones_are_refused(target: str, typed: str) -> None:
    """TR39's identifier profile: ɑ (Latin alpha), ᴀ (small capital) and ȧ (a with dot above) are
    not letters Unicode recommends for names (Identifier_Status is not Allowed)."""
    with pytest.raises(NameRefusedError, match="the usual letters of languages written in Latin letters"):
        claim(target, typed, KEY_A)
    assert rows(target) == []


@pytest.mark.parametrize("name", [
    "Zoë Okafor", "Łukasz", "Nguyễn Thị Hà", "Şule Yılmaz", "Søren Ærø", "Jiří Dvořák", "Þóra Guðrún",
    "Gülşen", "Ștefan", "Ōtani", "Ñuño", "Björk", "Ðorđe", "Małgorzata", "Ħamrun", "Ŵyn",
])
def test_the_letters_of_languages_written_in_latin_letters_still_pass(name: str) -> None:
    assert check_name(name) == name


@pytest.mark.parametrize(("first", "second"), [
    ("Ella", "Elia"), ("Ivy", "Iva"), ("Ian", "Ivan"), ("Lily", "Lilly"), ("Mia", "Nia"), ("Eli", "Ela"),
    ("Ada", "Aida"), ("Cleo", "Chloe"), ("Milo", "Mila"), ("Ali", "Alli"),
])
def test_ordinary_different_names_stay_different(target: str, first: str, second: str) -> None:
    assert claim(target, first, KEY_A).id != claim(target, second, KEY_B).id


def test_case_still_does_not_make_a_new_name_even_where_looks_differ(target: str) -> None:
    """The skeleton sees a capital I as an l, so "Ida" and "ida" have different look keys; the
    case-folded key still makes them one name."""
    assert look_key("Ida") != look_key("ida") and name_key("Ida") == name_key("ida")
    ida = claim(target, "Ida", KEY_A)
    with pytest.raises(NameTakenError):
        claim(target, "ida", KEY_B)
    with pytest.raises(NameTakenError):
        claim(target, "lda", KEY_B)  # reads like "Ida"
    assert claim(target, "IDA", KEY_A) == ida


def test_the_owner_typing_a_look_alike_of_their_own_name_is_recognised(target: str) -> None:
    cleo = claim(target, "Cleo", KEY_A)
    assert claim(target, "CIeo", KEY_A) == cleo and recognise(target, "CIeo", KEY_A) == cleo
    assert cleo.name == "Cleo" and len(rows(target)) == 1


def test_hub_users_are_never_merged_by_looks(target: str) -> None:
    """The hub vouches that bill1 and billl are two people: each gets a learner, the newer shown
    with its number so the board can tell them apart."""
    first, second = hub_learner(target, "bill1"), hub_learner(target, "billl")
    assert first is not None and second is not None and first.id != second.id
    assert (first.name, second.name) == ("bill1", f"billl #{second.id}")
    assert hub_learner(target, "billl") == second
    with pytest.raises(NameTakenError):
        claim(target, "Bill1", KEY_A)


def test_the_look_alike_data_is_the_unicode_version_the_stored_keys_were_made_with() -> None:
    """Stored look keys were computed with these tables; other data needs a migration that
    recomputes them (see storage/migrations/versions/0007_name_skeletons.py)."""
    from glyphguard.ucd import UNICODE_VERSION

    assert UNICODE_VERSION == SKELETON_UNICODE_VERSION


# --- refusals quote only the start of the input ---------------------------------------------------


def test_a_megabyte_name_is_refused_with_a_short_message(target: str) -> None:
    for typed in ("A" * 1_000_000, "A" * 500_000 + "!" * 500_000):
        with pytest.raises(NameRefusedError) as refusal:
            claim(target, typed, KEY_A)
        assert len(str(refusal.value)) < 300 and "…" in str(refusal.value)
    with pytest.raises(NameRefusedError) as refusal:
        hub_learner(target, "x\n" * 500_000)
    assert len(str(refusal.value)) < 200
    with pytest.raises(names_and_keys.IdentityError) as refusal:
        teacher_names.release(target, "Z" * 1_000_000)
    assert len(str(refusal.value)) < 200


def test_a_join_code_of_a_megabyte_is_refused_with_a_short_message() -> None:
    from pokerlab.classroom.class_games import JoinCodeError, normalize_join_code

    for typed in ("K" * 1_000_000, "K7MQ4!"):
        with pytest.raises(JoinCodeError) as refusal:
            normalize_join_code(typed)
        assert len(str(refusal.value)) < 200


# --- the teacher frees a name: with its data, or setting the holder aside --------------------------


def test_setting_a_squatter_aside_hands_the_owner_a_fresh_name_and_keeps_the_squatter_s_data(target: str) -> None:
    """The report this fixes: a squatter took "Ada", spent from the wallet and left a game in
    progress; after release-name the real Ada received both."""
    squatter = claim(target, "Ada", KEY_B)
    Wallet(target).pay(150, "Ladder entry", player=squatter)
    keep_game(squatter, "ladder", {"hand": 3}, summary="Level 1, hand 3", store=target)
    assert cli(["--database", target, "release-name", "--set-aside", "ada"]) == 0

    owner = claim(target, "Ada", KEY_A)
    assert owner.id != squatter.id and owner.name == "Ada"
    assert Wallet(target).balance(owner) == 1000 and game_in_progress(owner, "ladder", store=target) is None
    archived = next(row for row in rows(target) if row["id"] == squatter.id)
    assert archived["name"] == f"Ada (set aside {squatter.id})" and archived["key_hash"] is None
    assert archived["set_aside_at"] is not None
    kept = identity.Learner(squatter.id, archived["name"], "browser")
    assert Wallet(target).balance(kept) == 850 and game_in_progress(kept, "ladder", store=target) is not None
    assert recognise(target, "Ada", KEY_B) is None  # the squatter's browser is Ada no longer
    with pytest.raises(NameRefusedError):
        claim(target, archived["name"], KEY_C)  # and nobody can claim the archived name


def test_a_plain_release_still_hands_the_data_back_with_the_name(target: str) -> None:
    ada = claim(target, "Ada", KEY_A)
    Wallet(target).pay(150, "Ladder entry", player=ada)
    assert cli(["--database", target, "release-name", "Ada"]) == 0
    again = claim(target, "Ada", KEY_B)
    assert again.id == ada.id and Wallet(target).balance(again) == 850


def test_set_aside_refuses_a_hub_user_and_a_name_nobody_has(target: str, capsys: pytest.CaptureFixture[str]) -> None:
    hub_learner(target, "maya")
    assert cli(["--database", target, "release-name", "--set-aside", "maya"]) == 1
    assert "user of this hub" in capsys.readouterr().err
    assert cli(["--database", target, "release-name", "--set-aside", "Zed"]) == 1
    assert "Nobody here has the name 'Zed'" in capsys.readouterr().err


def test_the_names_command_shows_set_aside_and_look_alike_learners(target: str, capsys: pytest.CaptureFixture[str]) -> None:
    claim(target, "Ada", KEY_A)
    teacher_names.set_aside(target, "Ada")
    hub_learner(target, "bill1")
    second = hub_learner(target, "billl")
    assert cli(["--database", target, "names"]) == 0
    out = capsys.readouterr().out
    assert "set aside by the teacher" in out
    assert f"billl #{second.id}\thub\thub user; reads like 'bill1' (an older learner)" in out


def test_the_help_explains_both_ways_to_free_a_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli(["release-name", "--help"])
    text = capsys.readouterr().out
    assert "lost their browser" in text and "--set-aside" in text and "someone else took the name" in text
