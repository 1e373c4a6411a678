"""The contents page's own widgets in the reader's language (issue 27): "Your progress", "Today's review"
with its drill line and quiz, and the placement check, in Spanish in each state a learner meets, and the
same in English as before."""

from __future__ import annotations

import html
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest

from pokerlab.apps.drill import drill_reminder
from pokerlab.classroom.identity import claim
from pokerlab.classroom.names_and_keys import new_key
from pokerlab.quizzes import LEVELS, side_pot_question
from pokerlab.quizzes.placement import PLACEMENT
from pokerlab.storage.kept_hands import kept_hands
from pokerlab.widgets.mastery import PlacementCheck, TodaysReview
from pokerlab.widgets.progress import LessonProgress, MyProgress
from pokerlab.widgets.quiz import Quiz
from tests.fake_clock import FakeClock
from tests.i18n import english_left
from tests.widgets.quizzing import answer
from tests.widgets.test_my_hands_drill import played_and_flagged

DAY = 24 * 3600
MORNING = datetime(2026, 12, 2, 9, 0, tzinfo=timezone.utc)


def shown(widget: object) -> list[str]:
    """The lines a contents-page widget puts on the page: its HTML's text, buttons, the identity line's
    words and the quiz's (title, mastery line, question, choices, the script's words)."""
    name = type(widget).__name__
    if name in ("VBox", "HBox", "MyProgress", "TodaysReview", "PlacementCheck"):
        return [line for child in widget.children for line in shown(child)]  # type: ignore[attr-defined]
    if name == "IdentityWidget":
        return [widget.purpose, widget.message, *widget.words.values()]  # type: ignore[attr-defined]
    if name == "Button":
        return [widget.description]  # type: ignore[attr-defined]
    if name in ("Quiz", "ReviewQuiz", "_PlacementQuiz"):
        question = widget.question  # type: ignore[attr-defined]
        return [widget.title, widget.mastery, question["prompt"], *question["choices"], *question["details"],  # type: ignore[attr-defined]
                *(hand["label"] for hand in question["hands"]), *widget.words.values()]  # type: ignore[attr-defined]
    if name == "HTML":
        return [html.unescape(line) for line in re.split(r"<[^>]+>", widget.value) if line.strip()]  # type: ignore[attr-defined]
    raise AssertionError(f"no reading of a {name}")


def no_english(spanish: object, english: object) -> None:
    """``spanish`` shows no catalogue English, and no line of what ``english`` (the same widget in English,
    in the same state) shows, but for names and numbers."""
    lines = shown(spanish)
    assert lines and english_left(lines, "es") == [], english_left(lines, "es")
    same = set(lines) & set(shown(english))
    assert all(re.fullmatch(r"[\d\s·–.,:/%]*|Ada|0[1-8]a?", line) for line in same), same


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "contents.sqlite3"


def page(store: Path, learner: object, clock: FakeClock, language: str) -> tuple[MyProgress, TodaysReview]:
    mine = MyProgress(store=store, language=language)
    review = TodaysReview(store=store, clock=clock, rng=9, language=language)  # follows the page's MyProgress
    if learner is not None:
        mine.identity.adopt(learner)
    return mine, review


def both(store: Path, learner: object, clock: FakeClock) -> list[tuple[object, object]]:
    """(Spanish, English) for the progress table and the review, built in that order (each review follows the
    progress widget built just before it), each Spanish one checked for English."""
    spanish = page(store, learner, clock, "es")
    english = page(store, learner, clock, "en")
    for shown_es, shown_en in zip(spanish, english):
        no_english(shown_es, shown_en)
    return list(zip(spanish, english))


def test_before_a_name_is_chosen_the_contents_page_speaks_spanish(store: Path, clock: FakeClock) -> None:
    (mine, _), (review, _) = both(store, None, clock)
    assert "se guarda cuando eliges un nombre" in mine.table.value
    assert "El repaso de hoy aparece aquí cuando eliges un nombre" in review.summary.value
    assert mine.identity.language == "es" and review.quiz is None


def test_a_name_with_nothing_opened_or_due_is_told_so_in_spanish(store: Path, clock: FakeClock) -> None:
    ada = claim(store, "Ada", new_key())
    (mine, _), (review, english_review) = both(store, ada, clock)
    assert "Ada, todavía no has abierto ninguna lección" in mine.table.value
    assert "Todavía no hay nada que repasar, Ada. Responde los cuestionarios" in review.summary.value
    assert "Nothing to review yet, Ada. Answer the quizzes" in english_review.summary.value


def test_a_missed_topic_is_dated_and_then_reviewed_in_spanish(store: Path, clock: FakeClock) -> None:
    clock.now = MORNING
    ada = claim(store, "Ada", new_key())
    lesson = LessonProgress("03a-all-ins-and-side-pots", store=store)
    lesson.identity.adopt(ada)
    answer(Quiz(side_pot_question, LEVELS, rng=5, level="medium", progress=lesson), right=False)

    clock.advance(60)  # due tomorrow morning: said with the day, as Spanish writes it
    (mine, english_mine), (review, english_review) = both(store, ada, clock)
    assert "Tu progreso, Ada" in mine.table.value and "2 dic 2026" in mine.table.value
    assert "All-in y botes secundarios" in mine.table.value and "todavía no" in mine.table.value
    assert "0 de 1 bien" in mine.table.value and "0 right of 1" in english_mine.table.value
    assert "El repaso de los botes secundarios vuelve el 3 dic 2026." in review.summary.value
    assert "Side pots comes back for review on 03 Dec 2026." in english_review.summary.value

    clock.now = MORNING.replace(day=3, hour=8)  # the next morning, an hour before it is due
    (review, english_review) = both(store, ada, clock)[1]
    assert "El repaso de los botes secundarios vuelve hoy, más tarde." in review.summary.value

    clock.advance(2 * 3600)  # due now: the review's own quiz, in Spanish
    (review, english_review) = both(store, ada, clock)[1]
    assert review.summary.value.startswith('<p class="pl-progress-text" role="status">El repaso de hoy, Ada: 2 '
                                           "preguntas sobre los botes secundarios")
    assert review.quiz.title == "El repaso de hoy" and review.quiz.language == "es"
    answer(review.quiz, right=True)
    answer(review.quiz, right=False)
    no_english(review, english_review)
    assert "Ese fue el repaso de hoy: 1 de 2 bien." in review.done.value


@pytest.mark.usefixtures("data_dir")
def test_the_drill_line_says_the_spots_due_in_spanish_and_links_my_hands_twin() -> None:
    app, _states = played_and_flagged()
    flagged = sum(len(hand.flags or []) for hand in kept_hands(None, app.learner))
    assert flagged >= 2
    clock = FakeClock()
    reviews = {language: TodaysReview(follow=None, clock=clock, language=language) for language in ("es", "en")}
    for review in reviews.values():
        review.show(app.learner)
    no_english(reviews["es"], reviews["en"])
    assert (f"También toca: {flagged} decisiones de tus propias manos para volver a tomar, en "
            '<a style="color:inherit;text-decoration:underline" href="11-my-hands.ipynb">Mis manos</a> '
            "(Practicar mis errores).") in reviews["es"].summary.value
    assert f"Also due: {flagged} decisions from your own hands" in reviews["en"].summary.value
    # the link is relative: from notebooks/es/00-start-here.ipynb it opens notebooks/es/11-my-hands.ipynb
    assert (Path(__file__).resolve().parents[2] / "notebooks" / "es" / "11-my-hands.ipynb").is_file()
    assert drill_reminder(None, app.learner, clock(), "es") in reviews["es"].summary.value


@pytest.mark.parametrize("results", [[True] * 5, [False, True, False, True, True], [True, True, True, False, True],
                                     [True, True, True, True, False]])
def test_the_placement_check_asks_and_advises_in_spanish(results: list[bool]) -> None:
    checks = {language: PlacementCheck(rng=4, language=language) for language in ("es", "en")}
    assert checks["es"].quiz.title == f"Por dónde empezar: {len(PLACEMENT)} preguntas"
    for index, right in enumerate(results):
        no_english(checks["es"], checks["en"])
        for check in checks.values():
            correct = check.quiz.session.question.answer
            check.quiz.choose(correct if right else (correct + 1) % len(check.quiz.session.question.choices))
            if index < len(results) - 1:
                check.quiz.next_question()
    no_english(checks["es"], checks["en"])
    assert f"{sum(results)} de 5 bien." in checks["es"].advice.value
    for check in checks.values():
        check.quiz.next_question()  # past the fifth: the advice and the button to start again
    no_english(checks["es"], checks["en"])
    assert checks["es"].again.description == "Hacer la prueba otra vez"
    assert checks["en"].again.description == "Take the check again"


def test_an_identity_line_a_hub_cannot_make_says_why_in_spanish(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hub user name pokerlab cannot take: the lesson's note and the contents page say so in the page's language."""
    monkeypatch.setenv("JUPYTERHUB_USER", "x" * 80)
    lesson, mine = LessonProgress("02-tie-breaks", store=store, language="es"), MyProgress(store=store, language="es")
    english = LessonProgress("02-tie-breaks", store=store)
    assert lesson.identity is None and mine.identity is None
    assert "cannot be used as a pokerlab learner" in english.note.value
    for spanish in (lesson.note, mine.table):
        assert "no se puede usar como alumno de pokerlab" in spanish.value
        no_english(spanish, english.note)
