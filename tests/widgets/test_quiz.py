"""The quiz widget: choices in, verdict, explanation and streak out; the answer stays hidden until then."""

from __future__ import annotations

import json

from pokerlab.quizzes import LEVELS, Question, tie_break_question
from pokerlab.widgets.quiz import Quiz


def answer(quiz: Quiz, choice: object) -> None:
    quiz._on_message(quiz, {"type": "answer", "choice": choice}, [])


def right(quiz: Quiz) -> int:
    return quiz.session.question.answer


def wrong(quiz: Quiz) -> int:
    return (right(quiz) + 1) % len(quiz.question["choices"])


def synced_state(quiz: Quiz) -> str:
    return json.dumps(quiz.get_state(), default=str)


def test_the_browser_never_gets_the_answer_before_the_learner_answers() -> None:
    quiz = Quiz(tie_break_question, LEVELS, rng=11)
    state = synced_state(quiz)
    assert quiz.session.question.explanation not in state
    assert quiz.feedback == {} and "answer" not in quiz.question


def test_a_right_answer_shows_the_explanation_and_grows_the_streak() -> None:
    quiz = Quiz(tie_break_question, LEVELS, rng=12)
    answer(quiz, right(quiz))
    assert quiz.feedback["correct"] is True
    assert quiz.feedback["explanation"] == quiz.session.question.explanation
    assert (quiz.streak, quiz.best_streak, quiz.correct_count, quiz.answered_count) == (1, 1, 1, 1)


def test_a_wrong_answer_shows_the_right_one_and_resets_the_streak() -> None:
    quiz = Quiz(tie_break_question, LEVELS, rng=13)
    answer(quiz, right(quiz))
    quiz._on_message(quiz, {"type": "next"}, [])
    assert quiz.question_number == 2 and quiz.feedback == {}
    chosen = wrong(quiz)
    answer(quiz, chosen)
    assert quiz.feedback == {
        "choice": chosen, "answer": right(quiz), "correct": False, "explanation": quiz.session.question.explanation,
        "mistake": quiz.session.question.mistakes[chosen],
    }
    assert quiz.feedback["mistake"]  # a wrong answer names what went wrong
    assert (quiz.streak, quiz.best_streak, quiz.correct_count, quiz.answered_count) == (0, 1, 1, 2)


def test_moves_out_of_order_become_messages_and_change_nothing() -> None:
    quiz = Quiz(tie_break_question, LEVELS, rng=14)
    quiz._on_message(quiz, {"type": "next"}, [])
    assert "Answer this question first" in quiz.message and quiz.question_number == 1
    answer(quiz, "B")
    assert "not a number" in quiz.message and quiz.feedback == {}
    answer(quiz, 7)
    assert "0 to 2" in quiz.message and quiz.answered_count == 0
    answer(quiz, right(quiz))
    assert quiz.message == ""
    answer(quiz, wrong(quiz))
    assert "already answered" in quiz.message and quiz.feedback["correct"] is True and quiz.streak == 1


def test_choosing_a_level_asks_a_question_there_and_keeps_the_streak() -> None:
    quiz = Quiz(tie_break_question, LEVELS, rng=15)
    assert quiz.levels == list(LEVELS) and quiz.level == "easy"
    answer(quiz, right(quiz))
    quiz._on_message(quiz, {"type": "level", "level": "hard"}, [])
    assert quiz.level == "hard" and quiz.question["level"] == "hard" and quiz.streak == 1 and quiz.feedback == {}
    quiz._on_message(quiz, {"type": "level", "level": "nightmare"}, [])
    assert "easy, medium, hard" in quiz.message and quiz.level == "hard"


def test_the_quiz_takes_questions_from_any_source() -> None:
    def side_pot_question(level: str, rng) -> Question:  # noqa: ANN001
        pot = int(rng.integers(1, 20)) * 10 + 1
        return Question(
            "Two players tie for the pot. How many chips does the first one clockwise from the dealer's left get?",
            (str(pot // 2), str(pot // 2 + 1)), 1, f"{pot} chips split two ways leaves one odd chip.",
            details=(f"Pot: {pot} chips",), level=level,
        )

    quiz = Quiz(side_pot_question, ("pots",), rng=1, title="Side pots")
    assert quiz.question["details"][0].startswith("Pot: ") and quiz.question["hands"] == []
    answer(quiz, 1)
    assert quiz.feedback["correct"] is True and quiz.title == "Side pots"


class Keeper:
    lesson = "03a-all-ins-and-side-pots"

    def __init__(self) -> None:
        self.kept: list[tuple] = []

    def quiz_answered(self, quiz: str, level: str, question: str, answer: str, correct: bool,
                      mistake: str | None = None) -> None:
        self.kept.append((quiz, answer, correct, mistake))


def test_the_quiz_hands_its_keeper_the_code_of_the_mistake_behind_a_wrong_choice() -> None:
    """Issue 28: what the feedback names ("You added all the pots together") is kept as its code."""
    from pokerlab.quizzes import side_pot_question
    from pokerlab.quizzes.misconceptions import mistake_code

    keeper = Keeper()
    quiz = Quiz(side_pot_question, LEVELS, rng=4, progress=keeper)
    chosen = wrong(quiz)
    sentence = quiz.session.question.mistakes[chosen]
    answer(quiz, chosen)
    quiz._on_message(quiz, {"type": "next"}, [])
    answer(quiz, right(quiz))
    (_, _, correct, code), (_, _, now_correct, no_code) = keeper.kept
    assert not correct and code == mistake_code(sentence) and code is not None
    assert now_correct and no_code is None
