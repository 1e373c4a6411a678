"""Five-Card Draw in a Spanish browser (issue 27): Chromium with locale es-ES (navigator.languages and
Accept-Language) opens lesson 05, the table speaks Spanish from its first message, a whole hand is
played by clicks and reviewed, and no text the page shows is English (checked against the English
catalogue): the identity line above the table, the table itself (.pl-t) with the decision review opened
and every "why" unfolded, and the draw coach's own panel with its choice shown. Lesson es/07's Four Rows
board plays a move, a refused fold and a hint with no English shown or in its labels. Lesson es/02a steps
a hand with a prediction in Spanish (the question, its verdict, the step, the showdown). Lesson es/08 plays
a ladder level by clicks, from the lobby to the end screen, with no English on the table. The quizzes of es/02
and of es/02a, es/03 and es/03a (the betting questions) ask and answer in Spanish. Lessons es/09 and
es/11 play a class game's deal in the dealer and replay it in My hands, with no English on either page.
The contents page es/00 says its progress line, Today's review and the placement check in Spanish."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from pokerlab.dealer.client import DealerClient
from pokerlab.lessons import whole_hand
from pokerlab.lessons.predict import prediction
from tests.browser.conftest import DESKTOP, TEACHER_PASSWORD
from tests.browser.test_class_games import play_deal
from tests.browser.test_five_card_draw import ANSWERED, IDENTITY, TABLE, play_out, settle, sign_in, version
from tests.i18n import english_left

SPANISH = {**DESKTOP, "locale": "es-ES", "extra_http_headers": {"Accept-Language": "es-ES,es;q=0.9"}}


def visible_lines(page: Page, where: str = TABLE) -> list[str]:
    """The visible text of ``where`` (the table), a line at a time, and its buttons' and selects' texts."""
    text = page.inner_text(where)
    return [line for line in text.splitlines() if line.strip()]


@pytest.mark.browser_context_args(**SPANISH)
def test_a_spanish_browser_plays_a_hand_of_five_card_draw_with_no_english_on_the_table(page: Page, open_app) -> None:  # noqa: ANN001
    open_app("05-five-card-draw.ipynb?seed=21", ANSWERED)
    assert page.evaluate("navigator.languages")[0] == "es-ES"
    page.wait_for_selector(ANSWERED)
    if page.get_attribute(IDENTITY, "data-state") == "asking":  # a new browser is asked its name, in Spanish
        expect(page.locator(IDENTITY)).to_contain_text("Tu nombre", timeout=60_000)
        identity = visible_lines(page, IDENTITY)
    else:
        identity = []
    sign_in(page)
    expect(page.locator(f"{IDENTITY} .pl-id-who")).to_contain_text("Juegas como")
    identity += visible_lines(page, IDENTITY)
    expect(page.locator(f"{TABLE} button[data-id=start]")).to_have_text("Empezar", timeout=60_000)
    expect(page.locator(f"{TABLE} select[data-key=language]")).to_have_value("es")
    seen = visible_lines(page)
    page.select_option(f"{TABLE} select[name=players]", "3")
    page.click(f"{TABLE} button[data-id=start]")
    turn = settle(page)
    page.click(f"{TABLE} .pl-t-coach")  # the draw coach's own panel, before the draw
    coach = ".pl-coach"
    expect(page.locator(f"{coach} h2")).to_have_text("¿Qué cartas tiro?")
    page.click(f"{coach} .pl-coach-button >> nth=0")  # "Ver la elección del entrenador"
    expect(page.locator(f"{coach} .pl-coach-chart h3")).to_contain_text("Las mejores opciones contra", timeout=60_000)
    panel = visible_lines(page, coach)
    assert any(line.startswith("Toca las cartas que tirarías.") for line in panel), panel
    assert english_left(panel + identity, "es") == []
    page.click(f"{TABLE} .pl-t-coach")  # closed again
    turn = play_out(page, turn, before_each=lambda: seen.extend(visible_lines(page)))
    assert turn == "over"
    expect(page.locator(f"{TABLE} .pl-t-next")).to_have_text("Siguiente manoEspacio")  # the key, in words
    page.click(f"{TABLE} .pl-t-history summary")
    page.click(f"{TABLE} .pl-t-review-toggle")  # the coach's review of the hand, worked out in Spanish
    expect(page.locator(f"{TABLE} .pl-t-review h3")).to_have_text("Tus decisiones en la mano 1", timeout=60_000)
    for summary in page.locator(f"{TABLE} .pl-t-review-why summary").all():
        summary.click()  # each decision's "Por qué"
    seen += visible_lines(page)
    review = page.inner_text(f"{TABLE} .pl-t-review")
    assert "entrenador" in review.lower(), review
    assert any(line.startswith("Mano 1") for line in seen)
    assert english_left(seen, "es") == []
    # every card's name (seats, your hand, the review) is Python's, in Spanish: none composed in English
    labels = page.eval_on_selector_all(f"{TABLE} .pl-card", "els => els.map((el) => el.getAttribute('aria-label'))")
    assert any(" de " in label for label in labels) and not [label for label in labels if " of " in label
                                                              or label == "face-down card"], labels
    page.select_option(f"{TABLE} select[data-key=language]", "en")  # the learner switches back
    expect(page.locator(f"{TABLE} .pl-t-next")).to_have_text("Next handSpace")


@pytest.mark.browser_context_args(**SPANISH)
def test_a_spanish_browser_plays_four_rows_in_lesson_es_07_with_no_english_on_the_board(page: Page, open_app) -> None:  # noqa: ANN001
    open_app("es/07-four-rows.ipynb", ".fr-place")
    board = ".fr"
    expect(page.locator(f"{board} .fr-hint")).to_contain_text("Pista", timeout=60_000)
    seen = visible_lines(page, board) + visible_lines(page, IDENTITY)
    page.click(f'{board} .fr-place[data-row="1"]')  # a move: the top card goes to row 1
    expect(page.locator(f"{board} .fr-message")).to_contain_text("va a la fila 1.")
    page.focus(board)
    page.keyboard.press("f")  # F then 2: fold row 2, which is empty (its button is disabled), so refused
    expect(page.locator(f"{board} .fr-pending")).to_have_text("Retirar: pulsa el número de una fila (1-4)")
    seen += visible_lines(page, board)
    page.keyboard.press("2")
    expect(page.locator(f"{board} .fr-message")).to_contain_text("La fila 2 está vacía")
    seen += visible_lines(page, board)
    page.click(f"{board} .fr-hint")
    expect(page.locator(f"{board} .fr-message")).to_contain_text("Pista: ")
    seen += visible_lines(page, board)
    labels = page.eval_on_selector_all(f"{board}, {board} [aria-label]", "els => els.map((el) => el.getAttribute('aria-label'))")
    assert any(line.startswith("Cartas en el mazo: 51") for line in seen), seen
    assert english_left(seen + labels, "es") == []


@pytest.mark.browser_context_args(**SPANISH)
def test_lesson_02a_in_spanish_steps_a_hand_with_a_prediction_and_no_english(open_app) -> None:  # noqa: ANN001
    page = open_app("es/02a-how-a-hand-goes.ipynb", ready_selector=".pl-hs")
    stepper = page.locator(".pl-hs").nth(0)
    stepper.scroll_into_view_if_needed()
    question = prediction(whole_hand().steps(language="es"), 1, "es")
    expect(stepper.locator(".pl-hs-counter")).to_have_text("Paso 0 de 15")
    seen = visible_lines(page, ".pl-hs >> nth=0")
    stepper.locator('[data-key="next"]').click()  # "Predecir antes" is on: a question first
    box = stepper.locator(".pl-hs-question")
    expect(box.locator(".pl-hs-prompt")).to_have_text(question.prompt)
    seen += visible_lines(page, ".pl-hs >> nth=0")
    box.locator(f'.pl-hs-choice[data-choice="{question.answer}"]').click()
    expect(box.locator('.pl-hs-feedback[data-right="true"]')).to_have_text(question.feedback(question.answer)["text"])
    seen += visible_lines(page, ".pl-hs >> nth=0")
    stepper.locator('[data-key="next"]').click()  # "Ver el paso"
    expect(stepper.locator(".pl-hs-counter")).to_have_text("Paso 1 de 15")
    stepper.locator('[data-key="last"]').click()  # the showdown: the result in Spanish
    expect(stepper.locator(".pl-hs-options")).to_have_text("La mano ha terminado.")
    seen += visible_lines(page, ".pl-hs >> nth=0")
    assert question.prompt.startswith("A continuación: Asiento 1 pasa.")
    assert english_left(seen, "es") == [], seen
    assert any(line.startswith("Asiento 3 gana") for line in seen), seen


@pytest.mark.browser_context_args(**SPANISH)
def test_a_spanish_browser_plays_a_saloon_hand_and_saves_it_with_no_english_on_the_table(page: Page, open_app) -> None:  # noqa: ANN001
    open_app("es/06-saloon-draw.ipynb?seed=12", ANSWERED)
    sign_in(page)
    expect(page.locator(f"{TABLE} button[data-id=start]")).to_have_text("Repárteme cartas", timeout=60_000)
    seen = visible_lines(page)
    assert any(line.startswith("Límite variable: cada apuesta o subida") for line in seen), seen
    page.select_option(f"{TABLE} select[name=opponents]", "2")
    page.click(f"{TABLE} button[data-id=start]")
    turn = settle(page)
    expect(page.locator(f"{TABLE} .pl-t-side")).to_contain_text("Podrás guardar cuando termine esta mano.")
    turn = play_out(page, turn, ".pl-t-check, .pl-t-call, .pl-t-fold", lambda: seen.extend(visible_lines(page)))
    assert turn == "over"
    expect(page.locator(f"{TABLE} input[name=save_name]")).to_have_value("mi partida")
    page.click(f"{TABLE} button[data-id=save]")
    expect(page.locator(f"{TABLE} .pl-t-message")).to_contain_text("Guardada como «mi partida».")
    seen += visible_lines(page)
    assert any(line.startswith("Un ante de 5 $, apuestas de 5 $ a 15 $") for line in seen), seen
    assert english_left(seen, "es") == []


@pytest.mark.browser_context_args(**SPANISH)
def test_the_tie_break_quiz_of_lesson_es_02_asks_and_answers_in_spanish(open_app) -> None:  # noqa: ANN001
    from pokerlab import evaluate

    page = open_app("es/02-tie-breaks.ipynb", ready_selector=".pl-quiz-choice")
    quiz = ".pl-quiz"
    page.locator(quiz).scroll_into_view_if_needed()
    expect(page.locator(f"{quiz} .pl-quiz-title")).to_have_text("Cuestionario de desempates")
    expect(page.locator(f"{quiz} .pl-quiz-prompt")).to_have_text("Pregunta 1: ¿Quién gana al enseñar las cartas?")
    hands = [" ".join(card.get_attribute("data-card") for card in page.locator(f'.pl-quiz-hand[data-label="{name}"] [data-card]').all())
             for name in ("Mano A", "Mano B")]
    first, second = (evaluate(hand) for hand in hands)
    right = 0 if first > second else 1 if second > first else 2
    seen = visible_lines(page, quiz)
    page.click(f'{quiz} .pl-quiz-choice[data-choice="{(right + 1) % 3}"]')  # a wrong answer: the mistake is named
    expect(page.locator(f"{quiz} .pl-quiz-verdict")).to_contain_text("No exactamente: la respuesta es «")
    expect(page.locator(f"{quiz} .pl-quiz-streak")).to_have_text("Racha: 0")
    seen += visible_lines(page, quiz)
    labels = page.eval_on_selector_all(f"{quiz} [aria-label]", "els => els.map((el) => el.getAttribute('aria-label'))")
    assert any(line.startswith("Tu última respuesta sobre ") for line in seen), seen
    assert english_left(seen + labels, "es") == [], seen + labels


@pytest.mark.browser_context_args(**SPANISH)
def test_a_spanish_browser_plays_a_ladder_level_in_lesson_es_08_with_no_english_on_the_table(page: Page, open_app) -> None:  # noqa: ANN001
    open_app("es/08-tournament-ladder.ipynb?seed=31", ANSWERED)
    sign_in(page)
    identity = visible_lines(page, IDENTITY)
    expect(page.locator(f"{TABLE} button[data-id=level][data-value='1']")).to_have_text("Jugar el nivel 1", timeout=60_000)
    expect(page.locator(f"{TABLE} select[data-key=language]")).to_have_value("es")
    expect(page.locator(f"{TABLE} .pl-t-lobby")).to_contain_text("Tu monedero: 1.000 puntos.")
    seen = visible_lines(page)
    page.click(f"{TABLE} button[data-id=level][data-value='1']")
    turn = settle(page)
    expect(page.locator(f"{TABLE} .pl-t-side")).to_contain_text("Monedero: 850 puntos (entrada pagada: 150).")
    for _ in range(200):  # the level's five hands, checking or calling and standing pat
        if page.get_attribute(TABLE, "data-screen") == "end":
            break
        seen += visible_lines(page)
        before = version(page)
        if turn == "over":
            page.click(f"{TABLE} .pl-t-next")
            page.wait_for_function(
                """(before) => {
                    const table = document.querySelector('.pl-t');
                    return table.dataset.screen === 'end' || (table.dataset.version !== before && table.dataset.turn !== 'bot');
                }""", arg=before, timeout=60_000)
            turn = page.get_attribute(TABLE, "data-turn")
            continue
        if page.locator(f"{TABLE} .pl-t-pat").count():
            page.click(f"{TABLE} .pl-t-pat")
        else:
            page.locator(f"{TABLE} .pl-t-actions").locator(".pl-t-check, .pl-t-call, .pl-t-all-in, .pl-t-fold").first.click()
        turn = settle(page, before)
    end = page.locator(f"{TABLE} .pl-t-end")
    expect(end.locator("h2")).to_have_text(re.compile(r"^(¡Nivel 1 superado: avanzas!|Eliminación en el nivel 1\.)$"))
    expect(end).to_contain_text("Monedero: 1.000 puntos antes del nivel")
    seen += visible_lines(page)
    assert any(line.startswith("Manos: 5 de 5") for line in seen), seen
    assert english_left(seen + identity, "es") == []
    page.select_option(f"{TABLE} select[data-key=language]", "en")  # the learner switches: the end screen said again
    expect(end.locator("h2")).to_have_text(re.compile(r"^(Level 1 cleared: you advance!|Eliminated at level 1\.)$"))


BETTING_QUIZZES = [
    ("es/02a-how-a-hand-goes.ipynb", "hand_basics_question", "Cuestionario: cómo va una mano"),
    ("es/03-limits-and-the-cap.ipynb", "cap_and_order_question", "Cuestionario de apuestas: el tope y el orden"),
    ("es/03a-all-ins-and-side-pots.ipynb", "betting_question", "Cuestionario de apuestas"),
]


@pytest.mark.parametrize(("notebook", "source", "title"), BETTING_QUIZZES, ids=[name for name, _, _ in BETTING_QUIZZES])
@pytest.mark.browser_context_args(**SPANISH)
def test_the_betting_quizzes_of_lessons_es_02a_03_and_03a_ask_and_answer_in_spanish(
        open_app, notebook: str, source: str, title: str) -> None:  # noqa: ANN001
    """Issue 27: the question, its table's details, the choices and the feedback on a wrong answer are Spanish
    (the page's first question replayed in Python with the test-mode seed, then worded in Spanish)."""
    import pokerlab.quizzes as quizzes
    from pokerlab.quizzes import LEVELS, QuizSession
    from pokerlab.widgets.quiz import TEST_MODE_SEED

    english = QuizSession(getattr(quizzes, source), LEVELS, rng=TEST_MODE_SEED).question
    question = english.in_language("es")
    page = open_app(notebook, ready_selector=".pl-quiz-choice")
    quiz = ".pl-quiz"
    page.locator(quiz).scroll_into_view_if_needed()
    expect(page.locator(f"{quiz} .pl-quiz-title")).to_have_text(title)
    expect(page.locator(f"{quiz} .pl-quiz-prompt")).to_have_text(f"Pregunta 1: {question.prompt}")
    seen = visible_lines(page, quiz)
    assert all(detail in "\n".join(seen) for detail in question.details), (question.details, seen)
    wrong = (question.answer + 1) % len(question.choices)
    page.click(f'{quiz} .pl-quiz-choice[data-choice="{wrong}"]')
    expect(page.locator(f"{quiz} .pl-quiz-verdict")).to_have_text(
        f"No exactamente: la respuesta es «{question.choices[question.answer]}».")
    expect(page.locator(f"{quiz} .pl-quiz-mistake")).to_have_text(question.mistakes[wrong])
    seen += visible_lines(page, quiz)
    labels = page.eval_on_selector_all(f"{quiz} [aria-label]", "els => els.map((el) => el.getAttribute('aria-label'))")
    assert question.explanation in "\n".join(seen) and question.explanation != english.explanation
    assert english_left(seen + labels, "es") == [], seen + labels


@pytest.mark.browser_context_args(**SPANISH)
def test_a_spanish_browser_plays_a_class_game_and_replays_it_in_my_hands_with_no_english(  # noqa: ANN001
        page: Page, open_app, dealer_url: str) -> None:
    """Lesson es/09 joins a class game of one deal in the dealer, plays it by clicks, opens the coach's
    review and reads the end screen; lesson es/11 lists that deal and replays it decision by decision:
    nothing on either page is English."""
    boss = DealerClient(dealer_url)
    boss.sign_in_teacher(TEACHER_PASSWORD)
    code = boss.class_create({"variant": "five-card-draw-antes", "opponent_count": 2, "opponent_level": 2,
                              "deal_count": 1})["code"]
    open_app("es/09-class-game.ipynb", ANSWERED)
    sign_in(page)
    identity = visible_lines(page, IDENTITY)
    expect(page.locator(f"{TABLE} button[data-id=join]")).to_have_text("Unirse", timeout=60_000)
    expect(page.locator(f"{TABLE} select[data-key=language]")).to_have_value("es")
    seen = visible_lines(page)
    page.fill(f"{TABLE} input[name=code]", code.lower())
    page.click(f"{TABLE} button[data-id=join]")
    page.wait_for_selector(f'{TABLE}[data-screen="table"]', timeout=60_000)
    seen += visible_lines(page)
    play_deal(page, folds=False)
    expect(page.locator(f"{TABLE} .pl-t-side")).to_contain_text("Mano 1: tú")
    page.click(f"{TABLE} .pl-t-review-toggle")
    expect(page.locator(f"{TABLE} .pl-t-review h3")).to_have_text("Tus decisiones en la mano 1", timeout=60_000)
    for summary in page.locator(f"{TABLE} .pl-t-review-why summary").all():
        summary.click()
    seen += visible_lines(page)
    page.click(f"{TABLE} .pl-t-next")
    expect(page.locator(TABLE)).to_have_attribute("data-screen", "end")
    expect(page.locator(f"{TABLE} h2, {TABLE} h3").first).to_contain_text("Partida de clase")
    seen += visible_lines(page)
    assert english_left(seen + identity, "es") == []

    hands = ".pl-mh"
    open_app("es/11-my-hands.ipynb", ANSWERED)
    sign_in(page)
    row = page.locator(f"{hands} .pl-mh-row")
    expect(row).to_have_count(1, timeout=60_000)
    expect(row).to_contain_text("Partida de clase")
    shown = visible_lines(page, hands) + visible_lines(page, ".pl-mh-import")
    row.locator("button").first.click()  # Volver a ver
    counter = page.locator(f"{hands} .pl-mh-counter")
    expect(counter).to_have_text(re.compile(r"^Decisión 1 de \d+$"))
    count = int(counter.inner_text().rsplit(" ", 1)[1])
    page.click(f"{hands} .pl-mh-knew summary")
    page.click(f"{hands} .pl-mh-story summary")
    shown += visible_lines(page, hands)
    for number in range(2, count + 1):
        page.click(f"{hands} [data-key=next]")
        expect(counter).to_have_text(f"Decisión {number} de {count}")
        shown += visible_lines(page, hands)
    assert english_left(shown, "es") == []
    page.select_option(f"{hands} select[data-key=language]", "en")  # the learner switches back
    expect(counter).to_have_text(f"Decision {count} of {count}")


@pytest.mark.browser_context_args(**SPANISH)
def test_the_spanish_contents_page_says_progress_review_and_placement_check_with_no_english(open_app) -> None:  # noqa: ANN001
    """es/00 before and after a name is chosen: the progress line, Today's review and the placement check
    (its first question answered) speak Spanish."""
    page = open_app("es/00-start-here.ipynb", ANSWERED)
    review, check = ".pl-review-summary", ".pl-placement"
    expect(page.locator(review)).to_contain_text("El repaso de hoy aparece aquí cuando eliges un nombre")
    expect(page.locator(f"{check} .pl-quiz-title")).to_have_text("Por dónde empezar: 5 preguntas")
    seen = visible_lines(page, ".pl-progress") + visible_lines(page, review) + visible_lines(page, check)
    name = sign_in(page)
    expect(page.locator(review)).to_have_text(
        f"Todavía no hay nada que repasar, {name}. Responde los cuestionarios de las lecciones: una pregunta que "
        "falles vuelve aquí al día siguiente, y luego a los tres días y a la semana.", timeout=60_000)
    expect(page.locator(".pl-progress-report")).to_contain_text(f"{name}, todavía no has abierto ninguna lección")
    page.locator(check).scroll_into_view_if_needed()
    page.click(f'{check} .pl-quiz-choice[data-choice="0"]')
    expect(page.locator(f"{check} .pl-quiz-verdict")).not_to_be_empty()
    seen += visible_lines(page, ".pl-progress") + visible_lines(page, review) + visible_lines(page, check)
    assert english_left(seen, "es") == [], seen
