"""A storage failure in the reader's language (issue 27): a :class:`~pokerlab.storage.guarded.KeepError` is made of
catalogue messages (what was being done, the failure's cause and advice), so a Spanish page says it in
Spanish, and its English (its str, what an English page shows) is the sentence it always was."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from pokerlab.apps.keep import Keeper
from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.language import N_
from pokerlab.storage import errors
from pokerlab.storage.guarded import KeepError, guarded, said
from pokerlab.widgets.mastery import TodaysReview
from pokerlab.widgets.my_hands_widget import MyHandsWidget
from pokerlab.widgets.progress import MyProgress
from tests.i18n import english_left

KINDS = [errors.StorageError, errors.StorageUnavailableError, errors.StorageSettingError,
         errors.StorageReadOnlyError, errors.StorageFullError, errors.StorageCorruptError,
         errors.StorageNotPokerlabError, errors.StorageTooNewError, errors.StorageBusyError,
         errors.StorageCommitUnknownError]


def failure(kind: type[errors.StorageError], doing: str, **values: str) -> KeepError:
    def broken() -> None:
        raise kind("low-level details the learner need not read")

    with pytest.raises(KeepError) as raised:
        guarded(doing, broken, **values)
    return raised.value


def visible(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_every_storage_failure_keeps_its_english_and_is_said_in_spanish(kind: type[errors.StorageError]) -> None:
    error = failure(kind, N_('save "{name}"'), name="Mi partida")
    lost = "; nothing saved before was lost" if kind.nothing_lost else ""
    if kind is errors.StorageCommitUnknownError:
        english = f'pokerlab cannot tell whether it managed to save "Mi partida" ({kind.cause}). {kind.advice}'
    else:
        english = f'pokerlab could not save "Mi partida" ({kind.cause}). You can go on playing{lost}. {kind.advice}'
    assert str(error) == english == error.text("en") == said(error, "en")
    spanish = said(error, "es")
    assert "«Mi partida»" in spanish and spanish.startswith("pokerlab no")
    assert english_left([spanish], "es") == []
    assert ("no se ha perdido nada" in spanish) == (kind.nothing_lost and kind is not errors.StorageCommitUnknownError)


@pytest.mark.usefixtures("data_dir")
def test_a_missing_save_is_said_in_its_own_words_in_spanish() -> None:
    keeper = Keeper(claim(None, "Ada", new_key()))
    with pytest.raises(KeepError) as raised:
        keeper.load("saloon-draw", "nada")
    error = raised.value
    assert str(error) == ("pokerlab could not restore \"nada\": There is no saved game named 'nada'. "
                          "There are no saved saloon-draw games yet.")
    spanish = error.text("es")
    assert spanish.startswith("pokerlab no ha podido recuperar «nada»: ") and english_left([spanish], "es") == []


def test_an_error_that_is_not_a_storage_failure_is_said_as_written() -> None:
    assert said(ValueError("plain words"), "es") == "plain words"
    assert KeepError("Ya en español.").text("es") == "Ya en español."


@pytest.fixture
def broken(tmp_path: Path) -> tuple[object, Path]:
    """A learner kept in a good database, and a data store that is not a database at all."""
    ada = claim(tmp_path / "good.sqlite3", "Ada", new_key())
    path = tmp_path / "broken.sqlite3"
    path.write_bytes(b"this is not a database " * 100)
    return ada, path


@pytest.mark.usefixtures("data_dir")
def test_my_hands_says_storage_is_down_in_its_language(broken: tuple[object, Path]) -> None:
    ada, path = broken
    english = MyHandsWidget(ada, store=path, language="en").message
    assert english.startswith("pokerlab could not read your hands (the data file is damaged).")
    spanish = MyHandsWidget(ada, store=path, language="es").message
    assert spanish.startswith("pokerlab no ha podido leer tus manos (el archivo de datos está dañado).")
    assert english_left([spanish], "es") == []


def test_the_contents_page_says_storage_is_down_in_its_language(broken: tuple[object, Path]) -> None:
    ada, path = broken
    for language, start in (("en", "pokerlab could not read your progress (the data file is damaged)."),
                            ("es", "pokerlab no ha podido leer tu progreso (el archivo de datos está dañado).")):
        page = MyProgress(store=path, language=language)
        page.identity.adopt(ada)
        shown = visible(page.table.value).strip()
        assert shown.startswith(start), shown
        review = TodaysReview(follow=None, store=path, language=language)
        review.show(ada)
        told = visible(review.summary.value).strip()
        assert "quiz answers" in told if language == "en" else "respuestas de los cuestionarios" in told
        if language == "es":
            assert english_left([shown, told], "es") == []


def test_the_dealer_sends_a_storage_failure_as_data_and_the_ladder_page_says_it_in_its_language() -> None:
    from pokerlab.dealer.client import DealerError
    from pokerlab.dealer.ladder_service import LadderRefused, LadderService
    from pokerlab.dealer.words import STORAGE, answer_of

    def broken() -> None:
        raise errors.StorageBusyError("low-level details the learner need not read")

    with pytest.raises(LadderRefused) as refused:
        LadderService._guarded(N_("read your wallet"), broken)
    kept = failure(errors.StorageBusyError, N_("read your wallet"))
    assert refused.value.status == 503 and refused.value.code == STORAGE and str(refused.value) == str(kept)
    arrived = DealerError.from_answer(json.loads(json.dumps(answer_of(refused.value))))
    assert arrived.text("en") == str(kept)
    assert arrived.text("es") == kept.text("es") != str(kept)
    assert english_left([arrived.text("es")], "es") == []
