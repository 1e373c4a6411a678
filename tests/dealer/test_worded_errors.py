"""An error of a layer below the dealer that knows no codes, worded as a message of the catalogue
(pokerlab.errors.WordedError), reaches a page in the page's language: a join code typed wrong is said
in Spanish to a Spanish learner, not in the English the class store wrote."""

from __future__ import annotations

import json

import pytest

from pokerlab.classroom.class_games import JoinCodeError, normalize_join_code
from pokerlab.dealer.words import ENGLISH, WORDED, Said, answer_of, said_of, text_of
from pokerlab.errors import PokerlabError


@pytest.mark.parametrize(("typed", "spanish"), [
    ("", "Escribe el código de partida que tu profesor escribió en la pizarra, como K7MQ4P."),
    ("K7MQ4", "Un código de partida tiene 6 letras y cifras, como K7MQ4P; 'K7MQ4' tiene 5."),
    ("K7MQ40", "'K7MQ40' no es un código de partida: '0' nunca aparece en uno (los códigos nunca usan 0, O, 1, I ni L)."),
    ("K7MQ4!", "'K7MQ4!' no es un código de partida: '!' nunca aparece en uno."),
])
def test_a_join_code_typed_wrong_is_said_in_the_pages_language(typed: str, spanish: str) -> None:
    with pytest.raises(JoinCodeError) as refused:
        normalize_join_code(typed)
    sent = json.loads(json.dumps(answer_of(refused.value)))  # what the dealer sends, through JSON
    said = Said.from_json(sent)
    assert said is not None and said.code == WORDED
    assert said.text("es") == spanish
    assert said.text("en") == sent["error"] == str(refused.value)


def test_words_that_do_not_fit_their_message_fall_back_to_the_english_sent_beside_them() -> None:
    said = Said(WORDED, {"message": "{code} is gone", "places": {}, "text": "K7MQ4P is gone"})
    assert said.text("es") == "K7MQ4P is gone"
    assert said_of(PokerlabError("plain words")).code == ENGLISH
    assert text_of(JoinCodeError("No class game has the code {code}. Check it with your teacher.", code="K7MQ4P"),
                   "es") == "Ninguna partida de clase tiene el código K7MQ4P. Compruébalo con tu profesor."
