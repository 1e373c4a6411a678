"""Answering a quiz widget as a learner would, for the mastery and review tests."""

from __future__ import annotations

from pokerlab.widgets.quiz import Quiz


def answer(quiz: Quiz, right: bool) -> None:
    """Pick the right choice (or a wrong one) and go on to the next question."""
    correct = quiz.session.question.answer
    quiz.choose(correct if right else (correct + 1) % len(quiz.session.question.choices))
    quiz.next_question()
