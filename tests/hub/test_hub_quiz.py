"""Lesson quizzes on the hub (issue 26): graded in the pokerlab service. From alice's own kernel a
lesson's quiz plays through the service (its questions come without their answers), and each way to
cheat is tried and refused: keeping a right answer she did not give, reading the answer before
answering, reading bob's answers, opening the board's lessons and quizzes. The teacher's board, read
from the service, shows her result and bob's, and nothing she wrote in her own server.
"""

from __future__ import annotations

import json

import pytest

from tests.hub.conftest import TEACHER, Hub

pytestmark = pytest.mark.timeout(300)

QUIZ_ATTACKS = r'''
# the lesson page's own quiz: on the hub it plays through the service
from pokerlab.quizzes import LEVELS, tie_break_question
from pokerlab.widgets.progress import LessonProgress
from pokerlab.widgets.quiz import Quiz
quiz = Quiz(tie_break_question, LEVELS, progress=LessonProgress("02-tie-breaks"))
report["session"] = type(quiz.session).__name__
report["question on the page"] = quiz.question
quiz.choose(0)
report["page feedback"] = quiz.feedback

alice = DealerClient(os.environ["POKERLAB_DEALER_URL"])
alice.sign_in_hub(os.environ["JUPYTERHUB_API_TOKEN"])
asked = alice.quiz_ask("04-draw-odds", "easy")
report["asked"] = asked
# a right answer she did not give: the grade, the answer or another learner named in the request
attempt("naming a right answer", lambda: alice._request("POST", "/api/quiz/answer", {
    "id": asked["id"], "choice": 0, "correct": True, "answer": 0, "learner": "bob", "quiz": "02-tie-breaks"}))
attempt("answering again", lambda: alice.quiz_answer(asked["id"], 1))
attempt("a question never asked", lambda: alice.quiz_answer("made-up-id", 0))
attempt("another question's answer", lambda: alice.quiz_answer(BOBS_QUESTION, 0))
attempt("a quiz the dealer does not grade", lambda: alice.quiz_ask("99-my-own-quiz", "easy"))
attempt("bob's answers by name", lambda: alice._request("GET", "/api/quiz/mine?name=bob&learner=bob"))
attempt("the board's quizzes", alice.quiz_board)

# what her own server keeps is hers alone: an answer written there reaches no board
from pokerlab.storage import record_quiz_answer
from pokerlab.classroom.identity import hub_learner
record_quiz_answer(None, hub_learner(None, "alice"), "07-four-rows", "easy", "Made up in alice's server", "x", True)

os.environ["POKERLAB_TEACHERS"] = "alice"
from pokerlab.widgets.board import TeacherBoard
board = TeacherBoard()
report["board page"] = [board.screen, board.refusal, board.mastery]
print(json.dumps(report))
'''


def test_a_learner_cannot_keep_read_or_open_what_the_service_grades(hub: Hub) -> None:
    from pokerlab.dealer.client import DealerClient

    bob = DealerClient(hub.dealer)
    bob.sign_in_hub(hub.token("bob"))
    bobs = bob.quiz_ask("02-tie-breaks", "easy")
    bob.quiz_answer(bobs["id"], 1)
    waiting = bob.quiz_ask("02-tie-breaks", "easy")  # one bob has not answered: alice may not answer it
    report = hub.tried_in_kernel("alice", QUIZ_ATTACKS.replace("BOBS_QUESTION", repr(waiting["id"])))

    assert report["session"] == "ServiceQuizSession"
    for shown in (report["question on the page"], report["asked"]["question"]):
        assert not {"answer", "explanation", "mistakes", "seed"} & set(shown), shown
    assert not {"answer", "explanation", "seed"} & set(report["asked"])
    assert report["page feedback"]["choice"] == 0 and "explanation" in report["page feedback"]

    status, named = report["naming a right answer"]
    assert status == "done" and named["kept"]["quiz"] == "04-draw-odds" and named["kept"]["learner_name"] == "alice"
    assert named["kept"]["answer"] == report["asked"]["question"]["choices"][0]
    assert named["correct"] is (named["answer"] == 0), "the dealer took the grade the request named"
    again = report["answering again"]
    assert again[0] == "done" and again[1]["again"] is True and again[1]["correct"] is named["correct"]
    refusals = {"a question never asked": "not waiting", "another question's answer": "not waiting",
                "a quiz the dealer does not grade": "grades no quiz", "the board's quizzes": "Only the teacher"}
    for attack, words in refusals.items():
        status, answer = report[attack]
        assert status == "refused", f"{attack}: not refused ({answer})"
        assert words in answer, f"{attack}: refused with {answer!r}"
    status, mine = report["bob's answers by name"]
    assert status == "done" and {row["learner_name"] for row in mine["answers"]} == {"alice"}
    assert report["board page"][0] == "refused" and report["board page"][2] == {}

    teacher = DealerClient(hub.dealer)
    assert teacher.sign_in_hub(hub.token(TEACHER))["teacher"] is True
    board = teacher.quiz_board()  # the teacher's board: the answers the service graded, alice's and bob's
    tally = {line["name"]: line["quiz"] for line in board["learning"]}
    assert tally["alice"] == f"{int(report['page feedback']['correct']) + int(named['correct'])} of 2", tally
    assert tally["bob"].endswith("of 1"), tally
    assert "02-tie-breaks" in {line["name"]: line["started"] for line in board["learning"]}["alice"]
    assert {row["name"] for row in board["mastery"]["rows"]} >= {"alice", "bob"}
    assert "Made up in alice's server" not in json.dumps(board), "an answer kept in her own server reached the board"
