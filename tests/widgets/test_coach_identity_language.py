"""The draw coach's own panel and the identity line in Spanish (issue 27): every text they show comes
from the catalogue in the table's language, the JavaScript's words included, and English is unchanged."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from pokerlab.coach.exact import _limit_text
from pokerlab.coach.words import advice_text, compare_choices, tried_text
from pokerlab.hand_values import HandCategory
from pokerlab.widgets.apps import FiveCardDrawApp
from pokerlab.widgets.coach import Coach
from pokerlab.widgets.coach_texts import CATEGORY_NAMES, COACH_WORDS
from pokerlab.widgets.identity import IDENTITY_WORDS, IdentityWidget
from tests.i18n import PLACE, english_left
from tests.widgets.test_apps import send

KEY_A, KEY_B = "a" * 43, "b" * 43


def coach_texts(coach: Coach) -> Iterator[str]:
    """Every text of the panel as the browser gets it, and the words coach.js shows around them."""
    yield from (coach.current, coach.rules_text, coach.opponent_draws_text, coach.message, *coach.categories)
    yield from (coach.summary, coach.detail_title, coach.chart_title, *coach.opponent_choices)
    yield from coach.explanation.split("\n")
    for choice in (coach.tried, coach.best, *coach.chart):
        if choice:
            yield choice["label"]
    yield from (word for word in coach.words.values() if re.search("[A-Za-z]{2}", PLACE.sub("", word)))  # "<{number} %": no word


def test_the_coach_panel_in_spanish_shows_no_english_and_english_is_unchanged() -> None:
    coach = Coach("Kh Kd As 4c 2d", opponents=[None, 2], background=False, language="es")
    seen = list(coach_texts(coach))
    assert coach.current == "Pareja de reyes, kicker as" and coach.rules_text == "Puedes tirar hasta tres cartas."
    assert coach.opponent_draws_text == "Lo que hizo cada rival: cambió 2."
    coach.try_discard("4c 2d")
    assert coach.tried["label"] == "quedarse con K♥ K♦ A♠, cambiar 2"
    # the figures come written as Spanish writes them: the browser writes none of its own
    assert coach.detail_title == "Con qué acabas (1.081 cambios posibles)" and coach.tried["total_text"] == "1.081"
    assert coach.summary.startswith("Quedarse con K♥ K♦ A♠, cambiar 2: gana el ") and " %" in coach.tried["win_text"]
    assert coach.chart_title == "Las mejores opciones contra 2 jugadores"
    assert coach.opponent_choices == ["1 jugador", "2 jugadores", "3 jugadores", "4 jugadores", "5 jugadores"]
    seen += coach_texts(coach)
    coach.show_best()
    seen += coach_texts(coach)
    coach.try_discard("Kh Kd As 4c")  # four cards without keeping an ace: refused, in Spanish
    assert coach.message.startswith("No puedes tirar esas cartas")
    seen += coach_texts(coach)
    coach._on_message(coach, {"type": "opponents", "count": 9}, [])
    seen += coach_texts(coach)
    coach._on_message(coach, {"type": "dance"}, [])
    seen += coach_texts(coach)
    assert set(coach.words) == set(COACH_WORDS) and coach.words["★ coach"] == "★ entrenador"
    assert english_left(seen, "es") == []

    coach.set_language("en")  # the table's menu: every text is said again, as the English coach says it
    english = Coach("Kh Kd As 4c 2d", opponents=[None, 2], background=False)
    english.try_discard(coach.tried["discard"])
    assert (coach.current, coach.rules_text, coach.opponent_draws_text, coach.explanation, coach.tried, coach.chart,
            coach.words, coach.categories) == (
        english.current, english.rules_text, english.opponent_draws_text, english.explanation, english.tried,
        english.chart, {}, [category.label for category in HandCategory])
    odds, advice = english.odds, english.advice
    assert advice is not None
    choice = odds.choice(coach.tried["discard"])
    mine = advice.choice(choice.discard)
    said = tried_text(advice, mine)
    if mine is not advice.best and not mine.about_same:
        said += " " + compare_choices(choice, advice.best.odds, odds.current.category)
    assert english.explanation == said + "\n" + advice_text(advice)  # what the English panel has always said
    assert english.rules_text == f"You may throw {_limit_text(3, False)}."
    assert english.tried["label"] == choice.describe()
    assert english.opponent_draws_text == "Your opponents: drew 2."


def test_the_coach_says_each_rule_and_category_as_the_english_names_them() -> None:
    assert list(CATEGORY_NAMES) == [category.label for category in HandCategory]
    for limit, ace in ((3, False), (3, True), (4, False)):
        coach = Coach("Kh Kd As 4c 2d", discard_limit=limit, ace_draw=ace, opponents=1, background=False)
        assert coach.rules_text == f"You may throw {_limit_text(limit, ace)}."
        spanish = Coach("Kh Kd As 4c 2d", discard_limit=limit, ace_draw=ace, opponents=[0], background=False,
                        language="es")
        assert english_left([spanish.rules_text, spanish.opponent_draws_text], "es") == []
    with pytest.raises(ValueError, match="does not speak 'fr'"):
        Coach("Kh Kd As 4c 2d", background=False, language="fr")


@pytest.mark.usefixtures("data_dir")
def test_the_identity_line_in_spanish_shows_no_english() -> None:
    first = IdentityWidget(language="es")
    assert first.purpose == "pokerlab guarda tus partidas, puntos y resultados con tu nombre."
    assert set(first.words) == set(IDENTITY_WORDS) and first.words["Not {name}?"] == "¿No eres {name}?"
    seen = [first.purpose, *first.words.values()]
    first.hello("")
    assert first.state == "asking"
    for name in ("9lives", "A", "Ada<script>", "Ada " * 20):  # refused by pokerlab.classroom.identity
        first.claim(name, KEY_A)
        assert first.state == "asking" and first.message, name
        seen.append(first.message)
    first.claim("Ada", "short")
    seen.append(first.message)
    first.claim("Adal", KEY_A)
    assert first.state == "known" and first.message == ""
    other = IdentityWidget(language="es")
    other.claim("AdaI", KEY_B)  # a name that reads the same, from another browser
    assert other.message.startswith("Aquí otra persona ya usa el nombre 'Adal' ('AdaI' se lee igual). Elige"), other.message
    seen.append(other.message)
    assert english_left(seen, "es") == []
    other.set_language("en")  # the message shown is said again in English, as pokerlab.classroom wrote it
    assert other.message.startswith("The name 'Adal' is already taken by someone else here ('AdaI' reads the same).")
    assert other.words == {} and other.purpose == "pokerlab keeps your games, points and scores under your name."


@pytest.mark.usefixtures("data_dir")
def test_the_five_card_draw_page_gives_its_language_to_the_coach_and_the_identity_line() -> None:
    app = FiveCardDrawApp(seed=3, learner="Ada")
    table = app.table
    send(table, {"type": "languages", "languages": ["es-ES"]})
    assert app.identity.language == "es" and app.identity.words["Playing as "] == "Juegas como "
    send(table, {"type": "start", "fields": {"players": "3"}})
    send(table, {"type": "coach"})
    coach = app.coach
    assert coach is not None and coach.language == "es"
    coach.wait()
    coach.show_best()
    assert coach.explanation and english_left(coach_texts(coach), "es") == []
    send(table, {"type": "language", "language": "en"})
    assert coach.language == "en" and coach.words == {} and coach.current == coach.odds.current.name
    assert coach.tried["label"] == coach.odds.choice(coach.tried["discard"]).describe()
    assert app.identity.language == "en" and app.identity.words == {}
