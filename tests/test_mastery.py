"""Issue 28's mastery: the rule per topic (five right in a row, two of them on a later visit), the
review queue's spacing (1, 3 and 7 days) on a fake clock, the placement check, and the pot-odds quiz
whose outs are recounted here by brute force."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import numpy as np
import pytest

from pokerlab import HandCategory, evaluate, parse_cards
from pokerlab.quizzes import LEVELS, QuizError
from pokerlab.quizzes.mastery import (
    LATER_VISIT_GAP,
    TOPICS,
    Attempt,
    attempts_from,
    due_reviews,
    mastery,
    next_review,
    review_plan,
    review_state,
    topic,
    topic_of,
)
from pokerlab.quizzes.placement import PLACEMENT, placement_advice
from pokerlab.quizzes.pot_odds import pot_odds_question
from tests.fake_clock import FakeClock

HOUR = 3600
DAY = 24 * HOUR


class Learner:
    """A learner answering on a fake clock: each answer is kept as an Attempt at the clock's time."""

    def __init__(self) -> None:
        self.clock = FakeClock()
        self.attempts: list[Attempt] = []

    def answer(self, key: str, *rights: bool, minutes_apart: float = 1) -> None:
        for right in rights:
            self.attempts.append(Attempt(key, self.clock(), right))
            self.clock.advance(minutes_apart * 60)


# --- the mastery rule ----------------------------------------------------------------------------


def test_five_right_in_one_sitting_is_not_mastery_two_more_on_a_later_visit_are() -> None:
    ada = Learner()
    ada.answer("tie-breaks", True, True, True, True, True)
    now = mastery("tie-breaks", ada.attempts)
    assert (now.run, now.later, now.mastered) == (5, 0, False)
    assert now.more_needed == 2 and now.later_needed == 2
    assert "2 more, both on another visit" in now.words()
    ada.clock.advance(LATER_VISIT_GAP.total_seconds())
    ada.answer("tie-breaks", True)
    assert not mastery("tie-breaks", ada.attempts).mastered
    assert "1 more, on another visit" in mastery("tie-breaks", ada.attempts).words()
    ada.answer("tie-breaks", True)
    done = mastery("tie-breaks", ada.attempts)
    assert done.mastered and done.words().startswith("You have mastered tie-breaks")


def test_a_miss_starts_the_run_again() -> None:
    bo = Learner()
    bo.answer("side-pots", True, True, True)
    bo.clock.advance(DAY)
    bo.answer("side-pots", True, False)
    after = mastery("side-pots", bo.attempts)
    assert (after.run, after.later, after.mastered) == (0, 0, False)
    assert after.words().startswith("Your last answer on side pots was a miss")
    bo.answer("side-pots", True, True, True)
    assert "3 right in a row; 2 more, both on another visit" in mastery("side-pots", bo.attempts).words()


def test_an_answer_just_under_the_gap_is_the_same_visit() -> None:
    cy = Learner()
    cy.answer("ladder", True, True, True)
    cy.clock.advance(LATER_VISIT_GAP.total_seconds() - 4 * 60)  # the first was 3 minutes earlier: 1 minute short
    cy.answer("ladder", True)
    assert mastery("ladder", cy.attempts).later == 0
    cy.clock.advance(60)
    cy.answer("ladder", True)
    assert mastery("ladder", cy.attempts).later == 1


def test_topics_are_mastered_apart() -> None:
    dee = Learner()
    dee.answer("ranking", True, True, True, True, True)
    dee.clock.advance(DAY)
    dee.answer("ranking", True, True)
    dee.answer("pot-odds", False)
    assert mastery("ranking", dee.attempts).mastered
    assert not mastery("pot-odds", dee.attempts).mastered


def test_a_topic_with_no_answers_says_what_mastery_takes() -> None:
    words = mastery("four-rows", []).words()
    assert words == ("To master Four Rows scoring: 5 right in a row, 2 of them on another visit "
                     "(8 hours or more after the first of the run).")


def test_mastery_asks_for_more_right_answers_when_the_run_is_long_but_on_one_visit() -> None:
    eve = Learner()
    eve.answer("pot-odds", *[True] * 9)
    words = mastery("pot-odds", eve.attempts).words()
    assert words.startswith("9 right in a row; 2 more, both on another visit")


# --- which topic an answer belongs to ------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    quiz: str
    level: str
    question: str
    correct: bool
    at: datetime


@pytest.mark.parametrize("item", TOPICS, ids=lambda item: item.key)
def test_every_topic_s_own_questions_are_read_back_as_that_topic(item) -> None:
    """A question from a topic's source, kept under its lesson's quiz name, is read back as that topic."""
    rng = np.random.default_rng(8)
    for level in LEVELS:
        for _ in range(6):
            question = item.question(level, rng)
            assert topic_of(item.lesson, question.level, question.prompt) == item


def test_lesson_03a_s_mixed_quiz_counts_each_question_for_its_own_topic() -> None:
    from pokerlab.quizzes import betting_question

    rng = np.random.default_rng(2)
    seen = set()
    for _ in range(60):
        question = betting_question("medium", rng)
        expected = "side-pots" if question.topic == "side pot" else "cap-and-order"
        assert topic_of("03a-all-ins-and-side-pots", "medium", question.prompt).key == expected
        seen.add(expected)
    assert seen == {"side-pots", "cap-and-order"}


def test_kept_rows_become_attempts_and_quizzes_of_no_topic_are_left_out() -> None:
    clock = FakeClock()
    rows = [Row("02-tie-breaks", "hard", "Who wins this showdown?", True, clock.now + timedelta(minutes=1)),
            Row("02-tie-breaks", "easy", "Who wins this showdown?", False, clock.now),
            Row("09-class-game", "any", "?", True, clock.now)]
    assert attempts_from(rows) == [Attempt("ranking", clock.now, False),
                                   Attempt("tie-breaks", clock.now + timedelta(minutes=1), True)]


def test_an_unknown_topic_is_refused_in_words() -> None:
    with pytest.raises(QuizError, match="no topic 'poker'"):
        topic("poker")


# --- the review queue ----------------------------------------------------------------------------


def test_a_miss_comes_back_after_1_then_3_then_7_days_and_then_leaves_the_queue() -> None:
    fay = Learner()
    fay.answer("side-pots", False)
    missed = fay.attempts[-1].at
    assert review_state("side-pots", fay.attempts).due_at == missed + timedelta(days=1)
    fay.clock.advance(DAY - 2 * 60)
    assert due_reviews(fay.attempts, fay.clock()) == []  # not yet: a minute short of a day
    fay.clock.advance(60)
    assert [state.topic.key for state in due_reviews(fay.attempts, fay.clock())] == ["side-pots"]
    fay.answer("side-pots", True)
    state = review_state("side-pots", fay.attempts)
    assert (state.step, state.due_at) == (1, fay.attempts[-1].at + timedelta(days=3))
    fay.clock.advance(3 * DAY)
    fay.answer("side-pots", True)
    assert review_state("side-pots", fay.attempts).due_at == fay.attempts[-1].at + timedelta(days=7)
    fay.clock.advance(7 * DAY)
    assert due_reviews(fay.attempts, fay.clock())
    fay.answer("side-pots", True)
    assert review_state("side-pots", fay.attempts).due_at is None
    assert due_reviews(fay.attempts, fay.clock() + timedelta(days=365)) == []


def test_right_answers_before_the_due_time_do_not_shorten_the_wait() -> None:
    gus = Learner()
    gus.answer("pot-odds", False)
    gus.answer("pot-odds", True, True, True, True, True)  # the same sitting: still due tomorrow
    state = review_state("pot-odds", gus.attempts)
    assert state.step == 0 and state.due_at == gus.attempts[0].at + timedelta(days=1)


def test_a_miss_in_review_starts_the_schedule_again() -> None:
    hal = Learner()
    hal.answer("ladder", False)
    hal.clock.advance(DAY)
    hal.answer("ladder", True)
    hal.clock.advance(3 * DAY)
    hal.answer("ladder", False)
    state = review_state("ladder", hal.attempts)
    assert (state.step, state.due_at, state.missed_at) == (0, hal.attempts[-1].at + timedelta(days=1),
                                                           hal.attempts[-1].at)


def test_the_longest_waiting_topic_comes_first_and_the_plan_mixes_them() -> None:
    ivy = Learner()
    ivy.answer("four-rows", False)
    ivy.clock.advance(2 * HOUR)
    ivy.answer("tie-breaks", False)
    ivy.answer("ranking", True)  # never missed: never due
    ivy.clock.advance(2 * DAY)
    due = due_reviews(ivy.attempts, ivy.clock())
    assert [state.topic.key for state in due] == ["four-rows", "tie-breaks"]
    plan = review_plan([state.topic for state in due])
    assert [item.key for item in plan] == ["four-rows", "tie-breaks", "four-rows", "tie-breaks"]
    assert len(review_plan(list(TOPICS))) == 6


def test_the_next_review_is_the_soonest_one_not_yet_due() -> None:
    jo = Learner()
    jo.answer("side-pots", False)
    jo.clock.advance(5 * HOUR)
    jo.answer("pot-odds", False)
    upcoming = next_review(jo.attempts, jo.clock())
    assert upcoming is not None and upcoming.topic.key == "side-pots"
    assert next_review([], jo.clock()) is None


# --- the placement check -------------------------------------------------------------------------


def test_the_placement_check_asks_rankings_first_and_has_five_questions() -> None:
    assert [item.key for item in PLACEMENT] == ["ranking", "ranking", "ranking", "tie-breaks", "hand-basics"]


@pytest.mark.parametrize(("results", "lesson"), [
    ([True, True, True, True, True], "03-limits-and-the-cap"),
    ([True, True, True, True, False], "02a-how-a-hand-goes"),
    ([True, True, True, False, True], "02-tie-breaks"),
    ([True, True, True, False, False], "02-tie-breaks"),
    ([True, False, True, True, True], "01-hand-rankings"),
    ([False, False, False, False, False], "01-hand-rankings"),
])
def test_the_placement_check_sends_a_learner_who_knows_the_rankings_on(results: list[bool], lesson: str) -> None:
    advice = placement_advice(results)
    assert advice.lesson == lesson and advice.words() and advice.words("es") != advice.words()


def test_the_placement_check_needs_all_five_results() -> None:
    with pytest.raises(QuizError, match="5 questions"):
        placement_advice([True, True])


# --- pot odds ------------------------------------------------------------------------------------


def brute_outs(cards: list[str], thrown: str, goal: HandCategory) -> tuple[int, int]:
    """Outs recounted here: every card not in the hand, added to the four kept, evaluated."""
    hand = parse_cards(" ".join(cards))
    keep = [card for card in hand if str(card) != thrown]
    unseen = [code for code in (f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs")
              if code not in {str(card) for card in hand}]
    outs = sum(evaluate([*keep, *parse_cards(code)]).category >= goal for code in unseen)
    return outs, len(unseen)


@pytest.mark.parametrize("level", LEVELS)
def test_pot_odds_answers_agree_with_outs_and_pot_odds_worked_out_here(level: str) -> None:
    goals = {"flush": HandCategory.FLUSH, "straight": HandCategory.STRAIGHT, "full house": HandCategory.FULL_HOUSE}
    answers = set()
    for seed in range(30):
        question = pot_odds_question(level, seed)
        (_, cards), = question.hands
        thrown = question.prompt.split("throw the ")[1].split(" ")[0]
        goal = next(goal for name, goal in goals.items() if f"make your {name}" in question.explanation)
        outs, unseen = brute_outs(list(cards), thrown, goal)
        pot = int(question.prompt.split("pot holds ")[1].split(" ")[0])
        to_call = int(question.prompt.split("call costs ")[1].rstrip("?. ").split(" ")[0].rstrip("."))
        call = outs / unseen > to_call / (pot + to_call)
        assert question.answer == (0 if call else 1), question.explanation
        assert question.explanation.startswith(f"{outs} of the {unseen} unseen cards")
        assert question.mistake(1 - question.answer)
        answers.add(question.answer)
    assert answers == {0, 1}
