"""Lesson quizzes graded in the dealer (issue 26): the dealer makes the question from a seed of its own
and sends only its view; it grades the learner's choice, keeps it once (a replayed answer is not
counted again) and answers the feedback; a learner reads only their own answers and hands, and only
the teacher the board's lessons and quizzes. The quiz widget plays through the dealer where the page
has one. Run on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from pokerlab.classroom import identity, names_and_keys
from pokerlab.classroom.class_games import ClassGameSettings
from pokerlab.dealer.client import DealerError
from pokerlab.dealer.quiz_service import QuizRefused as Refused
from pokerlab.dealer.quiz_service import QuizService
from pokerlab.quizzes import LEVELS, tie_break_question
from pokerlab.quizzes.mastery import topic
from pokerlab.storage import quiz_results
from pokerlab.storage.learners import learner_id_in
from tests.dealer.test_class_service import learner, teacher
from tests.dealer.test_dealer import Running


def known(store: Any, name: str) -> Any:
    from pokerlab.storage import Learner

    return store.write(lambda c: Learner(learner_id_in(c, name, create=True), name, "legacy"))


def test_the_dealer_grades_its_own_question_and_keeps_it_once(target: str) -> None:
    from pokerlab.storage import open_store

    store = open_store(target)
    ann, bea = known(store, "Ann"), known(store, "Bea")
    service = QuizService(store, seed=lambda: 12345)
    asked = service.ask(ann, "02-tie-breaks", "medium")
    question = tie_break_question("medium", np.random.default_rng(12345))  # what the dealer's seed makes
    assert asked["question"] == question.view() and asked["quiz"] == "02-tie-breaks"
    assert not {"answer", "explanation", "mistakes", "seed"} & (set(asked["question"]) | set(asked))
    wrong = next(i for i in range(len(question.choices)) if i != question.answer)

    with pytest.raises(Refused, match="not waiting"):  # Bea cannot answer Ann's question
        service.answer(bea, asked["id"], question.answer)
    with pytest.raises(Refused, match="does not exist"):
        service.answer(ann, asked["id"], 99)
    feedback = service.answer(ann, asked["id"], wrong)
    assert feedback["correct"] is False and feedback["answer"] == question.answer
    assert feedback["mistake"] == question.mistake(wrong) and feedback["explanation"] == question.explanation
    again = service.answer(ann, asked["id"], question.answer)  # a replay, or a second tab: the first answer stands
    assert again["again"] is True and again["correct"] is False

    kept = quiz_results(store, ann)
    assert [(r.quiz, r.level, r.question, r.answer, r.correct) for r in kept] == [
        ("02-tie-breaks", "medium", question.prompt, question.choices[wrong], False)]
    assert kept[0].mistake is not None
    assert quiz_results(store, bea) == [] and service.mine(bea) == []
    assert [row["answer"] for row in service.mine(ann)] == [question.choices[wrong]]


def test_the_dealer_words_a_question_for_the_pages_language_and_keeps_its_english(target: str) -> None:
    from pokerlab.quizzes.misconceptions import mistake_code
    from pokerlab.storage import open_store

    store = open_store(target)
    ann = known(store, "Ann")
    service = QuizService(store, seed=lambda: 12345)
    asked = service.ask(ann, "02-tie-breaks", "medium", "es")
    question = tie_break_question("medium", np.random.default_rng(12345))
    spanish = question.in_language("es")
    assert asked["question"] == spanish.view() and asked["question"]["prompt"] != question.prompt
    assert [hand["cards"] for hand in asked["question"]["hands"]] == [list(cards) for _, cards in question.hands]
    wrong = next(i for i in range(len(question.choices)) if i != question.answer)
    feedback = service.answer(ann, asked["id"], wrong, "es")
    assert (feedback["explanation"], feedback["mistake"]) == (spanish.explanation, spanish.mistake(wrong))
    assert feedback["mistake"] != question.mistake(wrong)
    kept = quiz_results(store, ann)  # kept as the English question: its prompt, choice and mistake code
    assert [(r.question, r.answer, r.mistake) for r in kept] == [
        (question.prompt, question.choices[wrong], mistake_code(question.mistake(wrong)))]
    with pytest.raises(Refused, match="does not speak 'fr'"):
        service.ask(ann, "02-tie-breaks", "medium", "fr")


@pytest.mark.parametrize("quiz", ["02a-how-a-hand-goes", "03-limits-and-the-cap", "03a-all-ins-and-side-pots"])
def test_the_dealer_words_a_betting_question_in_spanish_and_grades_the_english(target: str, quiz: str) -> None:
    from pokerlab.quizzes.mastery import graded_quiz
    from pokerlab.quizzes.misconceptions import mistake_code
    from pokerlab.storage import open_store

    store = open_store(target)
    ann = known(store, "Ann")
    service = QuizService(store, seed=lambda: 4242)
    asked = service.ask(ann, quiz, "hard", "es")
    question = graded_quiz(quiz).source("hard", np.random.default_rng(4242))
    spanish = question.in_language("es")
    assert asked["question"] == spanish.view() and asked["question"]["prompt"] != question.prompt
    wrong = next(i for i in range(len(question.choices)) if i != question.answer)
    feedback = service.answer(ann, asked["id"], wrong, "es")
    assert (feedback["answer"], feedback["correct"]) == (question.answer, False)
    assert (feedback["explanation"], feedback["mistake"]) == (spanish.explanation, spanish.mistake(wrong))
    assert feedback["mistake"] != question.mistake(wrong) != ""
    kept = quiz_results(store, ann)  # kept as the English question, with the English mistake's code
    assert [(r.question, r.answer, r.mistake) for r in kept] == [
        (question.prompt, question.choices[wrong], mistake_code(question.mistake(wrong)))]
    assert kept[0].mistake is not None


def test_topic_quizzes_keep_under_their_lesson_and_bad_requests_are_refused(target: str) -> None:
    from pokerlab.storage import open_store

    store = open_store(target)
    ann = known(store, "Ann")
    service = QuizService(store, seed=lambda: 5)
    asked = service.ask(ann, "topic:side-pots", "easy")
    question = topic("side-pots").question("easy", np.random.default_rng(5))
    service.answer(ann, asked["id"], question.answer)
    assert [(r.quiz, r.correct) for r in quiz_results(store, ann)] == [("03a-all-ins-and-side-pots", True)]
    for quiz, level, words in (("04-draw-odds", "expert", "no level"), ("my-own-quiz", "easy", "grades no quiz"),
                               (["02-tie-breaks"], "easy", "grades no quiz")):
        with pytest.raises(Refused, match=words):
            service.ask(ann, quiz, level)
    with pytest.raises(Refused, match="learners"):
        service.ask(None, "02-tie-breaks", "easy")  # the teacher has no quiz of their own


def test_through_the_api_only_views_leave_and_only_the_teacher_reads_the_board(running: Running, target: str) -> None:
    ann, bea = learner(running.url, target, "Ann"), learner(running.url, target, "Bea")
    game = teacher(running.url).class_create(ClassGameSettings(deal_count=1).to_json())
    ann.class_join(game["code"])
    asked = ann.quiz_ask("02-tie-breaks", "easy")
    assert set(asked["question"]) == {"prompt", "choices", "hands", "details", "level", "topic"}
    ann.lesson_opened("02-tie-breaks")
    with pytest.raises(DealerError, match="not waiting") as refused:
        bea.quiz_answer(asked["id"], 0)
    assert refused.value.code == "quiz_not_waiting"  # a code, said in each page's language
    assert refused.value.text("es") == ("El servidor no espera una respuesta a esa pregunta (puede que se haya "
                                        "reiniciado); pide la siguiente pregunta.")
    with pytest.raises(DealerError) as refused:
        ann.quiz_ask("02-tie-breaks", "expert")
    assert (refused.value.code, refused.value.text("es")) == (
        "quiz_no_level", "No hay ningún nivel 'expert'; elige uno de estos: easy, medium, hard.")
    first = ann.quiz_answer(asked["id"], 0)
    assert ann.quiz_answer(asked["id"], 1)["again"] is True
    assert [row["correct"] for row in ann.quiz_mine()] == [first["correct"]]
    assert bea.quiz_mine() == []
    with pytest.raises(DealerError, match="Only the teacher"):
        ann.quiz_board()

    board = teacher(running.url).quiz_board()
    assert [(line["name"], line["quiz"]) for line in board["learning"]] == [("Ann", f"{int(first['correct'])} of 1")]
    assert [row["name"] for row in board["mastery"]["rows"]] == ["Ann"]
    assert "Ann" in board["mastery_csv"]
    class_board = teacher(running.url).class_board(game["id"])  # the game's board: its players' lessons and quizzes
    assert class_board["learning"] == [{"name": "Ann", "lessons": "none", "started": "02-tie-breaks",
                                        "quiz": f"{int(first['correct'])} of 1"}]
    assert bea.hands() == [] and ann.hands(game="live-") == []
    with pytest.raises(DealerError, match="no kept hand") as refused:
        bea.hand(1)
    assert refused.value.text("es") == "No tienes ninguna mano guardada con ese número."


@dataclass
class PageProgress:
    """What a lesson page's progress widget gives the quiz: the learner, the identity line, listeners."""

    learner: Any
    identity: Any
    lesson: str = "02-tie-breaks"
    listeners: list[Any] = field(default_factory=list)
    kept_here: list[Any] = field(default_factory=list)

    def quiz_answered(self, *answer: Any, **more: Any) -> None:
        self.kept_here.append(answer)

    def kept_answers(self) -> list[Any]:
        return []


@dataclass
class Line:
    key: str
    state: str = "known"


def test_the_quiz_widget_plays_through_the_pages_dealer(running: Running, target: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerlab.storage import open_store
    from pokerlab.widgets.quiz import Quiz
    from pokerlab.widgets.quiz_dealer import ServiceQuizSession

    key = names_and_keys.new_key()
    ann = identity.claim(target, "Ann", key)
    monkeypatch.setenv("POKERLAB_DEALER_URL", running.url)
    progress = PageProgress(ann, Line(key))
    quiz = Quiz(tie_break_question, LEVELS, progress=progress)
    assert isinstance(quiz.session, ServiceQuizSession)
    assert not hasattr(quiz.session.question, "answer") and "answer" not in quiz.question
    quiz.choose(0)
    assert quiz.feedback["choice"] == 0 and quiz.answered_count == 1 and quiz.message == ""
    assert progress.kept_here == []  # kept by the dealer, not by this kernel
    kept = quiz_results(open_store(target), ann)
    assert [(r.quiz, r.correct) for r in kept] == [("02-tie-breaks", quiz.feedback["correct"])]
    quiz.next_question()
    assert quiz.feedback == {} and quiz.question["prompt"]

    bea_key = names_and_keys.new_key()  # "Not you?": Bea on the same page; the dealer grades her answers as hers
    progress.learner, progress.identity = identity.claim(target, "Bea", bea_key), Line(bea_key)
    for listener in progress.listeners:
        listener()
    quiz.choose(1)
    assert [r.answer for r in quiz_results(open_store(target), progress.learner)] == [quiz.session.question.choices[1]]
    assert len(quiz_results(open_store(target), ann)) == 1

    spanish = Quiz(tie_break_question, LEVELS, progress=progress, language="es")  # worded by the dealer in Spanish
    assert isinstance(spanish.session, ServiceQuizSession) and spanish.question["prompt"] == "¿Quién gana al enseñar las cartas?"
    spanish.choose(2)
    assert spanish.feedback["explanation"].startswith("Mano A: ")
    assert quiz_results(open_store(target), progress.learner)[-1].answer == "Split pot"  # kept in English

    monkeypatch.delenv("POKERLAB_DEALER_URL")  # no dealer: asked and graded here, as before
    local = Quiz(tie_break_question, LEVELS, rng=3, progress=progress)
    assert not isinstance(local.session, ServiceQuizSession)
    local.choose(local.session.question.answer)
    assert len(progress.kept_here) == 1 and local.feedback["correct"] is True


def test_my_hands_lists_the_class_deals_and_live_hands_the_dealer_kept_only_the_learners_own(
        running: Running, target: str, tmp_path: Any) -> None:
    import json

    from pokerlab.classroom.store import ClassStore
    from pokerlab.storage import open_store
    from pokerlab.widgets.my_hands_widget import MyHandsWidget
    from tests.dealer.test_class_service import play_game

    ann, bea = learner(running.url, target, "Ann"), learner(running.url, target, "Bea")
    game = teacher(running.url).class_create(ClassGameSettings("five-card-draw-antes", opponent_count=2,
                                                                deal_count=2).to_json())
    play_game(ann, game["code"])
    listed = ann.hands()
    assert sorted(hand["hand_key"] for hand in listed) == [f"class-{game['id']}:dealer:{n}" for n in (1, 2)]
    assert len(ann.hands()) == 2, "listed again, kept once"
    seeds = ClassStore(open_store(target)).seeds(game["id"])
    text = json.dumps(listed)
    assert not [seed for seed in seeds if str(seed) in text], "a deal seed left the dealer"
    assert bea.hands() == []
    with pytest.raises(DealerError, match="no kept hand"):
        bea.hand(listed[0]["id"])  # Ann's hand by its number: not Bea's to read
    assert ann.hands(game="live-") == [] and len(ann.hands(game="class-")) == 2

    own = str(tmp_path / "own-server.sqlite3")  # the learner's own server's database (on a hub): no hands there
    page = MyHandsWidget(store=own, service=ann)  # My hands with the dealer: its hands, numbered below zero
    page.show_learner(known(open_store(own), "Ann"))
    assert sorted(row["id"] for row in page.rows) == sorted(-hand["id"] for hand in listed)
    assert {row["game"] for row in page.rows} == {"Class game"}
    page.open_hand(page.rows[0]["id"])
    assert page.replay and page.message.endswith("newest first.")


def test_in_test_mode_a_learners_questions_follow_the_quiz_pages_own_test_sequence(target: str) -> None:
    from pokerlab.quizzes import QuizSession
    from pokerlab.storage import open_store
    from pokerlab.widgets.quiz import TEST_MODE_SEED

    store = open_store(target)
    ann, bea = known(store, "Ann"), known(store, "Bea")
    service = QuizService(store, test_mode=True)
    page = QuizSession(tie_break_question, LEVELS, rng=TEST_MODE_SEED)  # a quiz page without a dealer, in test mode
    first = service.ask(ann, "02-tie-breaks", "easy")
    service.answer(ann, first["id"], page.question.answer)
    page.answer(page.question.answer)
    shown = [first["question"], service.ask(ann, "02-tie-breaks", "easy")["question"]]
    assert shown == [QuizSession(tie_break_question, LEVELS, rng=TEST_MODE_SEED).question.view(), page.next_question().view()]
    assert service.ask(bea, "02-tie-breaks", "easy")["question"] == shown[0]  # each learner's own sequence


class Forgetful:
    """A dealer client whose dealer restarted between the question and the answer."""

    def __init__(self) -> None:
        self.asked = 0

    def quiz_ask(self, quiz: str, level: str, language: str = "en") -> dict[str, Any]:
        self.asked += 1
        return {"id": f"q{self.asked}", "quiz": quiz, "level": level,
                "question": {"prompt": f"Question {self.asked}", "choices": ["A", "B"], "level": level}}

    def quiz_answer(self, question_id: str, choice: int, language: str = "en") -> dict[str, Any]:
        raise DealerError.from_answer({"error": "The dealer is not waiting ...", "code": "quiz_not_waiting",
                                       "values": {}})


def test_a_question_the_dealer_forgot_is_replaced_and_the_answer_not_counted() -> None:
    from pokerlab.widgets.quiz import Quiz
    from pokerlab.widgets.quiz_dealer import ServiceQuizSession

    quiz = Quiz(tie_break_question, LEVELS, rng=1)
    quiz.session = ServiceQuizSession(Forgetful(), lambda: "02-tie-breaks", LEVELS)
    quiz.choose(0)
    assert quiz.question["prompt"] == "Question 2" and quiz.feedback == {} and quiz.answered_count == 0
    assert "not kept; here is a new question" in quiz.message

    quiz.set_language("es")  # a Spanish page says the dealer's refusal, and what the quiz did, in Spanish
    quiz.choose(0)
    assert quiz.message == ("El servidor no espera una respuesta a esa pregunta (puede que se haya reiniciado); pide "
                            "la siguiente pregunta. Tu respuesta no se ha guardado; aquí tienes una pregunta nueva.")


def test_each_quiz_refusal_is_a_code_with_its_english_beside_it(tmp_path: Any) -> None:
    """The quiz service's refusals travel as codes (said in the page's language) and their English (older pages)."""
    from pokerlab.dealer.words import REFUSALS, answer_of
    from pokerlab.storage import open_store

    store = open_store(str(tmp_path / "pokerlab.sqlite3"))
    ann = known(store, "Ann")
    service = QuizService(store)
    refusals = [lambda: service.ask(ann, "no-such-quiz", "easy"), lambda: service.ask(ann, "02-tie-breaks", 3),
                lambda: service.ask(ann, "02-tie-breaks", "easy", "fr"), lambda: service.ask(None, "02-tie-breaks", "easy"),
                lambda: service.answer(ann, "nothing", 0), lambda: service.opened(ann, "Not A Lesson"),
                lambda: service.hands(ann, {"min_pot": "lots"}), lambda: service.hands(ann, {"outcome": "drawn"}),
                lambda: service.hand(ann, 7)]
    for refusal in refusals:
        with pytest.raises(Refused) as refused:
            refusal()
        answer = answer_of(refused.value)
        assert answer["code"] in REFUSALS and answer["error"] == str(refused.value) == refused.value.text("en")
        assert refused.value.text("es") != answer["error"]
