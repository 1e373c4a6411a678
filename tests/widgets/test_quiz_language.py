"""The quiz and the progress line in the reader's language (issue 27): the words, the question, its
feedback and the mastery line in Spanish; graded and kept as the English question."""

from __future__ import annotations

import json

import pytest

from pokerlab.quizzes import HARD_KINDS, LEVELS, Question, ladder_question, tie_break_question
from pokerlab.quizzes.misconceptions import mistake_code
from pokerlab.widgets.progress import LessonProgress
from pokerlab.widgets.quiz import Quiz
from tests.i18n import english_left


class Keeper:
    """Keeps what the quiz hands its progress (as LessonProgress.quiz_answered is called)."""

    lesson = "02-tie-breaks"

    def __init__(self) -> None:
        self.kept: list[tuple[object, ...]] = []

    def quiz_answered(self, quiz: str, level: str, question: str, answer: str, correct: bool,
                      mistake: str | None = None) -> None:
        self.kept.append((quiz, level, question, answer, correct, mistake))


def _shown(quiz: Quiz) -> list[str]:
    question = quiz.question
    return [quiz.title, quiz.mastery, question["prompt"], *question["choices"], *question["details"],
            *(hand["label"] for hand in question["hands"]), *(str(value) for value in quiz.feedback.values()
                                                             if isinstance(value, str))]


@pytest.mark.parametrize("level", LEVELS)
def test_a_spanish_quiz_shows_the_question_feedback_and_mastery_in_spanish_and_keeps_the_english(level: str) -> None:
    keeper = Keeper()
    quiz = Quiz(tie_break_question, LEVELS, rng=5, level=level, title="Tie-break quiz", progress=keeper, language="es")
    english = quiz.session.question
    assert quiz.title == "Cuestionario de desempates" and quiz.words["Next question"] == "Siguiente pregunta"
    assert quiz.question["prompt"] != english.prompt and quiz.question["choices"] == [
        "Gana la mano A", "Gana la mano B", "Bote dividido"]
    wrong = (english.answer + 1) % 3
    quiz.choose(wrong)
    spanish = english.in_language("es")
    assert quiz.feedback["explanation"] == spanish.explanation and quiz.feedback["mistake"] == spanish.mistake(wrong)
    assert quiz.mastery.startswith("Tu última respuesta sobre ")
    assert english_left(_shown(quiz), "es") == []
    # kept as the English question, with the English mistake's code
    assert keeper.kept == [("02-tie-breaks", level, english.prompt, english.choices[wrong], False,
                            mistake_code(english.mistake(wrong)))]


@pytest.mark.parametrize("kind", HARD_KINDS)
def test_every_hard_showdown_reads_in_spanish(kind: str) -> None:
    for seed in range(6):
        english = tie_break_question("hard", seed, kind=kind)
        spanish = english.in_language("es")
        lines = [spanish.prompt, spanish.explanation, *spanish.mistakes, *spanish.choices]
        assert english_left(lines, "es") == [], (kind, seed)
        assert (spanish.answer, spanish.hands[0][1], spanish.hands[1][1]) == (
            english.answer, english.hands[0][1], english.hands[1][1])


@pytest.mark.parametrize("level", LEVELS)
def test_every_ladder_question_reads_in_spanish_with_the_same_answer(level: str) -> None:
    """Lesson 08's quiz: who advances and the wallet after a level, said in Spanish (numbers as Spanish
    writes them), graded as the English."""
    for seed in range(20):
        english = ladder_question(level, seed)
        spanish = english.in_language("es")
        lines = [spanish.prompt, spanish.explanation, *spanish.mistakes, *spanish.choices, *spanish.details]
        assert english_left(lines, "es") == [], (level, seed, lines)
        assert spanish.answer == english.answer and spanish.topic == english.topic
        assert [bool(m) for m in spanish.mistakes] == [bool(m) for m in english.mistakes]
    wallet = next(q for seed in range(40) if (q := ladder_question("medium", seed)).topic == "wallet")
    assert all(choice.endswith(" puntos") for choice in wallet.in_language("es").choices)


def test_the_browser_chooses_the_quiz_language_unless_the_page_did() -> None:
    told = Quiz(tie_break_question, LEVELS, rng=2, language="en")
    free = Quiz(tie_break_question, LEVELS, rng=2, title="Tie-break quiz")
    free.choose(free.session.question.answer)
    for quiz in (told, free):
        quiz._on_message(quiz, {"type": "languages", "languages": ["es-MX", "en"]}, [])
    assert told.language == "en" and told.words == {} and told.title == ""
    assert free.language == "es" and free.title == "Cuestionario de desempates"
    assert free.feedback["explanation"] == free.session.question.in_language("es").explanation  # said again
    assert free.question["prompt"] == "¿Quién gana al enseñar las cartas?"


def test_an_english_quiz_is_unchanged_and_a_question_without_words_stays_english() -> None:
    quiz = Quiz(tie_break_question, LEVELS, rng=11)
    assert quiz.language == "en" and quiz.words == {} and quiz.question == quiz.session.question.view()
    plain = Question("Two plus two?", ("4", "5"), 0, "Two and two make four.")
    assert plain.in_language("es") is plain
    assert "worded" not in json.dumps(quiz.get_state(), default=str)


def test_a_spanish_lesson_progress_line_speaks_spanish() -> None:
    progress = LessonProgress("02-tie-breaks", language="es")
    assert progress.identity is not None and progress.identity.language == "es"
    assert progress.identity.purpose.startswith("Elige un nombre para guardar tu progreso")
    following = LessonProgress("07-four-rows", ask=False, language="es")
    assert "Tus respuestas" in following.note.value
    with pytest.raises(ValueError, match="does not speak"):
        LessonProgress("02-tie-breaks", language="fr")


@pytest.mark.parametrize("level", LEVELS)
def test_a_pot_odds_question_reads_in_spanish_with_its_numbers(level: str) -> None:
    from pokerlab.language import format_percent
    from pokerlab.quizzes import pot_odds_question

    for seed in range(8):
        english = pot_odds_question(level, seed)
        spanish = english.in_language("es")
        lines = [spanish.prompt, spanish.explanation, *spanish.mistakes, *spanish.choices, *spanish.details,
                 spanish.hands[0][0]]
        assert english_left(lines, "es") == [], (level, seed)
        shown = [float(part.rstrip(".").rstrip("%")) / 100 for part in english.explanation.split()
                 if part.rstrip(".").endswith("%")]  # the English chance and the call's part, as the English says them
        assert len(shown) == 2
        assert all(format_percent(share, "es") in spanish.explanation for share in shown), spanish.explanation
        assert spanish.choices == ("Igualar", "Retirarse") and spanish.answer == english.answer


def test_a_spanish_quiz_says_a_refusal_in_spanish() -> None:
    quiz = Quiz(tie_break_question, LEVELS, rng=4, language="es")
    quiz.next_question()  # not answered yet
    assert quiz.message == "Responde primero a esta pregunta y luego pide la siguiente."
    quiz.set_level("impossible")
    assert quiz.message == "No hay ningún nivel 'impossible'; elige uno de estos: easy, medium, hard."
    quiz._on_message(quiz, {"type": "answer", "choice": "two"}, [])
    assert quiz.message == "La opción 'two' no es un número; elige uno de los botones."
    english = Quiz(tie_break_question, LEVELS, rng=4)
    english.next_question()
    assert english.message == "Answer this question first, then ask for the next one."


@pytest.mark.parametrize("level", LEVELS)
def test_a_four_rows_row_score_question_reads_in_spanish(level: str) -> None:
    from pokerlab.quizzes import row_score_question

    for seed in range(12):
        english = row_score_question(level, seed)
        spanish = english.in_language("es")
        lines = [spanish.prompt, spanish.explanation, *spanish.mistakes, *spanish.choices, *spanish.details,
                 spanish.hands[0][0]]
        assert english_left(lines, "es") == [], (level, seed, lines)
        # the same numbers of points, in the same order, and the same answer
        assert [choice.split()[0] for choice in spanish.choices] == [choice.split()[0] for choice in english.choices]
        assert spanish.answer == english.answer and spanish.hands[0][1] == english.hands[0][1]


BETTING_GENERATORS = ("betting_question", "cap_and_order_question", "hand_basics_question")


@pytest.mark.parametrize("name", BETTING_GENERATORS)
@pytest.mark.parametrize("level", LEVELS)
def test_a_betting_question_reads_in_spanish_with_the_same_choices_and_answer(name: str, level: str) -> None:
    """Lessons 02a, 03 and 03a: every kind of betting question, its details and every mistake in Spanish,
    its choices in the same order (a seat or an amount is the same choice), graded as the English."""
    import pokerlab.quizzes as quizzes
    from pokerlab.language import gettext

    make = getattr(quizzes, name)
    for seed in range(20):
        english = make(level, seed)
        spanish = english.in_language("es")
        lines = [spanish.prompt, spanish.explanation, *spanish.mistakes, *spanish.choices, *spanish.details]
        assert english_left(lines, "es") == [], (name, level, seed, english_left(lines, "es"))
        assert spanish.answer == english.answer and len(spanish.choices) == len(english.choices)
        assert [bool(m) for m in spanish.mistakes] == [bool(m) for m in english.mistakes]
        assert spanish.prompt != english.prompt and spanish.explanation != english.explanation
        for said, choice in zip(spanish.choices, english.choices):  # a seat, an amount or a sentence, said again
            assert said == choice.replace("Seat", "Asiento") or said == gettext("es", choice) != choice \
                or said.startswith(("Sí, ", "No, ")), (said, choice)
        assert (spanish.topic, spanish.level) == (english.topic, english.level)


def test_a_betting_question_is_worded_from_what_it_read_not_from_the_state_played_on() -> None:
    """The dealer words a question again when the learner answers: by then the state it came from may have
    moved on, and the Spanish must still be about the moment asked."""
    from pokerlab.draw import Action
    from pokerlab.lessons import cap_hand
    from pokerlab.quizzes import ask_may_raise

    state = cap_hand().play(5)
    english = ask_may_raise(state)
    before = english.in_language("es")
    state.apply(Action.call())
    assert english.in_language("es") == before  # the same moves, the same chips, the same refusal
    assert before.details[1].count(";") == english.details[1].count(";")
    assert before.prompt == "¿Puede subir Asiento 3 ahora?"
    assert before.explanation.startswith("No. El motor rechaza una subida de Asiento 3: «No puedes subir: ")
