"""Predict, then see (issue 28): the questions the hand stepper asks before a step, built from the
engine's steps. Each right answer is checked against the engine's next step, not against a stored
string, and each wrong choice must differ from it."""

from __future__ import annotations

import pytest

import pokerlab.lessons as lessons
from pokerlab.lessons.predict import SEP, prediction, predictions

HANDS = ["big_blind_cap_hand", "cap_hand", "heads_up_hand", "saloon_hand", "short_all_in_hand",
         "short_stock_hand", "side_pot_hand", "whole_hand"]


@pytest.mark.parametrize("name", HANDS)
def test_every_question_has_the_engines_answer_among_two_or_three_distinct_choices(name: str) -> None:
    steps = getattr(lessons, name)().steps()
    asked = predictions(steps)
    assert asked, f"{name}: no question at all"
    for number, question in asked.items():
        then = steps[number]
        assert question.step == number and 2 <= len(question.choices) <= 3
        assert len(set(question.choices)) == len(question.choices)
        assert question.prompt.startswith("Next: ") and question.why
        right = question.choices[question.answer]
        if question.kind == "action":
            assert right == SEP.join(then.options)
        else:
            assert int(right) == then.view["pot_total"]
            assert all(int(choice) >= 0 for choice in question.choices)


def test_both_kinds_are_asked_in_the_lessons_stepper_hands() -> None:
    for name in ("whole_hand", "short_all_in_hand"):
        kinds = {question.kind for question in predictions(getattr(lessons, name)().steps()).values()}
        assert kinds == {"action", "pot"}, name


def test_after_the_cap_the_wrong_choice_offers_a_raise_and_the_reason_names_the_cap() -> None:
    question = prediction(lessons.cap_hand().steps(), 4)
    assert question.prompt == "Next: Seat 1 raises to 40. What may Seat 2 do then?"
    assert question.choices[question.answer] == "Fold · Call 30"
    assert "Fold · Call 30 · Raise to 50" in question.choices  # a raise after the cap
    assert "Fold · Call 40" in question.choices  # the whole bet, forgetting the 10 already in
    assert "calling costs 30" in question.why and "capped" in question.why


def test_after_a_short_all_in_a_player_who_acted_may_not_raise_and_is_told_why() -> None:
    question = prediction(lessons.short_all_in_hand().steps(), 4)
    assert question.choices[question.answer] == "Fold · Call 7"
    assert "Fold · Call 7 · Raise to 27" in question.choices
    assert "short all-in" in question.why and "does not reopen" in question.why


def test_a_pot_question_adds_only_the_chips_that_went_in() -> None:
    question = prediction(lessons.cap_hand().steps(), 5)  # Seat 2 calls 40 with 10 already in
    assert question.kind == "pot" and question.prompt == "Next: Seat 2 calls. How many chips are in the pot then?"
    assert question.choices[question.answer] == "150"
    assert "160" in question.choices  # adding the whole 40
    assert question.why == "Seat 2 had 10 in front of them this round and now has 40, so 30 went in: 120 + 30 = 150."


def test_a_fold_leaves_the_folders_chips_in_the_pot() -> None:
    question = prediction(lessons.heads_up_hand().steps(), 6)
    assert question.prompt == "Next: Seat 2 folds. How many chips are in the pot then?"
    assert question.choices[question.answer] == "40" and "30" in question.choices  # 40 minus Seat 2's 10
    assert "stay in the pot" in question.why


def test_a_draw_is_named_by_its_count_and_asks_no_pot_question() -> None:
    steps = lessons.whole_hand().steps()
    for number in (8, 9):  # Seat 1 and Seat 3 draw, and the next to act also draws: nothing to ask
        assert prediction(steps, number) is None
    question = prediction(steps, 10)  # the last draw opens the second round
    assert question.prompt == "Next: Seat 4 draws 3 cards. What may Seat 1 do then?"
    assert question.choices[question.answer] == "Fold · Check · Bet 20"
    assert "may check or bet (bet 20 in this round)" in question.why  # the big bet after the draw


def test_an_all_in_is_told_with_the_chips_it_puts_in() -> None:
    question = prediction(lessons.short_all_in_hand().steps(), 3)
    assert question.prompt == "Next: Seat 4 goes all-in with its last 17 chips. How many chips are in the pot then?"
    assert question.choices[question.answer] == "57" and "40 + 17 = 57" in question.why


def test_feedback_says_right_or_names_the_answer_and_refuses_a_choice_that_is_not_there() -> None:
    question = prediction(lessons.cap_hand().steps(), 4)
    right = question.feedback(question.answer)
    assert right["right"] and right["text"].startswith("Right. ")
    wrong = question.feedback((question.answer + 1) % len(question.choices))
    assert not wrong["right"] and wrong["text"].startswith("Not quite: it is Fold · Call 30.")
    assert "answer" not in question.public() and "why" not in question.public()
    with pytest.raises(ValueError, match="no choice 7"):
        question.feedback(7)


def test_there_is_no_question_before_the_deal_or_after_the_last_step() -> None:
    steps = lessons.cap_hand().steps()
    assert prediction(steps, 0) is None and prediction(steps, len(steps)) is None
