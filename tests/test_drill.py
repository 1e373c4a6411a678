"""Drill my mistakes (issue 29): a flagged decision becomes a spot with the learner's cards and what they
knew then; the coach's answer is its chances for the same situation (the replay's, the review's); a spot
answered like the coach (or about as well) leaves the drill, the others come back on a later day."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from pokerlab.apps.drill import DrillError, answer, drill_counts, due_at, due_spots, is_due, keep_answer, spot
from pokerlab.apps.my_hands import flags_of, replay
from pokerlab.coach.draw_review import DrawReview
from pokerlab.coach.seat_review import review_hand
from pokerlab.coach.words import verdict
from pokerlab.quizzes.mastery import REVIEW_INTERVALS
from pokerlab.storage import open_store
from pokerlab.storage.kept_hands import hand_record, keep_hand_in, kept_hands, set_flags
from pokerlab.storage.learners import Learner, learner_id_in
from tests.fake_clock import FakeClock
from tests.test_my_hands import TRIALS, kept, played_hand

DAY = 24 * 3600


def spots_of(seeds: range):  # type: ignore[no-untyped-def]
    for seed in seeds:
        state = played_hand(seed)
        hand = kept(state, seed)
        shown = replay(hand)
        for number in range(len(shown.steps)):
            yield state, hand, shown, number, spot(hand, number, shown)


def test_a_spot_shows_the_learners_cards_and_what_they_knew_then_and_not_the_coachs_answer() -> None:
    for _state, _hand, shown, number, found in spots_of(range(1, 6)):
        question = found.to_json()
        step = shown.steps[number]
        assert question["cards"] == list(step.cards) and question["knew"] == list(step.knew)
        assert (question["pot"], question["owed"], question["stage"]) == (step.pot, step.owed, step.stage)
        text = json.dumps(question)
        assert '"win"' not in text and '"value"' not in text and "coach" not in text
        if question["kind"] == "bet":
            values = dict(found.review.finding.values)  # type: ignore[union-attr]
            assert [choice["option"] for choice in question["choices"]] == list(values)


def test_the_coachs_answer_is_its_chances_for_the_same_situation_and_judges_the_table_choice_as_the_review() -> None:
    checked = {"draw": 0, "bet": 0}
    for state, hand, shown, number, found in spots_of(range(1, 25)):
        rules = state.rules
        coach = review_hand(list(state.events), 0, rules.max_discards, rules.ace_draw, big_bet=rules.limits[1][1],
                            trials=TRIALS, rng=hand.review_seed, bet_sizes=(rules.limits[0][0], rules.limits[1][0]),
                            bet_cap=rules.bet_cap).decisions[number]
        finding = coach.finding
        if isinstance(finding, DrawReview):
            told = answer(found, discard=[str(card) for card in finding.played.discard])
            assert finding.advice is not None
            assert [item["win"] for item in told.chances] == [round(c.win, 4) for c in finding.advice.choices]
            checked["draw"] += 1
        else:
            told = answer(found, option=finding.played_option)
            assert [item["value"] for item in told.chances] == [round(value, 2) for _, value in finding.values]
            checked["bet"] += 1
        assert [{k: v for k, v in item.items() if k not in ("chosen", "then")} for item in told.chances] == \
            [{k: v for k, v in item.items() if k != "chosen"} for item in shown.steps[number].chances]
        # the table's own choice, answered again, gets the review's verdict
        assert told.right == (verdict(coach) in ("same", "close"))
        assert [item["then"] for item in told.chances] == [item["chosen"] for item in told.chances]
    assert checked["draw"] >= 5 and checked["bet"] >= 5


def test_the_coachs_own_choice_is_right_and_a_choice_within_its_margin_is_right_too() -> None:
    close = 0
    for _state, _hand, _shown, _number, found in spots_of(range(1, 25)):
        finding = found.review.finding
        if isinstance(finding, DrawReview):
            assert finding.advice is not None
            assert answer(found, discard=[str(card) for card in finding.advice.best.discard]).verdict == "same"
            for choice in finding.advice.choices[1:]:
                told = answer(found, discard=[str(card) for card in choice.discard])
                assert told.right == (choice.about_same or (choice.behind * found.review.pot < 0.05))
                close += told.verdict == "close"
        else:
            best = max(finding.values, key=lambda item: item[1])[0]
            assert answer(found, option=best).verdict == "same"
    assert close >= 1


def test_a_discard_that_is_not_legal_there_is_refused() -> None:
    for _state, _hand, _shown, _number, found in spots_of(range(1, 10)):
        if found.is_draw:
            cards = found.step["cards"]
            with pytest.raises(DrillError):
                answer(found, discard=["As"] if "As" not in cards else ["Kd"] if "Kd" not in cards else ["2c"])
            with pytest.raises(DrillError):
                answer(found, discard=cards)  # five cards: more than the draw allows
            return
    pytest.fail("no draw spot among the seeds tried")


def test_a_spot_never_drilled_is_due_and_one_answered_right_never_again() -> None:
    clock = FakeClock()
    assert is_due({"decision": 0}, clock())
    right = {"decision": 0, "drill": {"last": clock().isoformat(), "right": True}}
    clock.advance(400 * DAY)
    assert not is_due(right, clock())


def keep_flagged_hands(store_path: Path, seeds: range) -> Learner:
    store = open_store(store_path)
    ada = store.write(lambda c: Learner(learner_id_in(c, "Ada", create=True), "Ada", "legacy"))
    for seed in seeds:
        record = hand_record(played_hand(seed), 0, "five-card-draw", f"five-card-draw:g:{seed}",
                             review_trials=TRIALS, review_seed=seed)
        store.write(lambda c, record=record: keep_hand_in(c, ada, record))
    for hand in kept_hands(store, ada):
        set_flags(store, ada, hand.hand_key, flags_of(replay(hand).review))
    return ada


def test_spacing_a_wrong_answer_comes_back_as_the_review_queue_spaces_it_and_a_right_one_leaves(
        tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    ada = keep_flagged_hands(path, range(1, 5))
    clock = FakeClock()
    clock.now = clock.now.replace(hour=9)
    due = due_spots(path, ada, clock())
    flagged = sum(len(hand.flags or []) for hand in kept_hands(path, ada))
    assert len(due) == flagged >= 3
    # oldest hand first
    assert due[0][0].id == min(hand.id for hand in kept_hands(path, ada, flagged=True))
    first, second = (spot(hand, number) for hand, number in due[:2])
    assert keep_answer(path, ada, first, False, clock()) and keep_answer(path, ada, second, True, clock())

    def keys() -> list[tuple[int, int]]:
        return [(hand.id, number) for hand, number in due_spots(path, ada, clock())]

    clock.advance(16 * 3600)  # 01:00 the next day: not a day after the miss yet
    assert (first.hand.id, first.decision) not in keys() and (second.hand.id, second.decision) not in keys()
    assert drill_counts(kept_hands(path, ada, flagged=True), clock()) == {"due": flagged - 2, "later": 1, "done": 1}
    clock.advance(8 * 3600)  # a day after the miss (REVIEW_INTERVALS[0])
    assert (first.hand.id, first.decision) in keys() and (second.hand.id, second.decision) not in keys()
    # right now: 3 days on, then 7, then out, as the lessons' review queue
    again = spot(next(hand for hand, _ in due_spots(path, ada, clock()) if hand.id == first.hand.id), first.decision)
    for wait in REVIEW_INTERVALS[1:]:
        keep_answer(path, ada, again, True, clock())
        clock.advance(int(wait.total_seconds()) - 60)
        assert (first.hand.id, first.decision) not in keys()
        clock.advance(60)
        assert (first.hand.id, first.decision) in keys()
    keep_answer(path, ada, again, True, clock())
    clock.advance(400 * DAY)
    assert (first.hand.id, first.decision) not in keys()
    # the answers are kept with the coach's flags: the rest of each flag is unchanged
    hand = next(hand for hand in kept_hands(path, ada) if hand.id == first.hand.id)
    flag = next(flag for flag in hand.flags or [] if flag["decision"] == first.decision)
    assert flag["drill"]["right"] is True and flag["drill"]["tries"] == 4 and "phase" in flag and "coach" in flag
    assert [item["right"] for item in flag["drill"]["answers"]] == [False, True, True, True]
    assert hand.flagged is True


def test_a_miss_at_any_point_starts_the_spacing_again_at_a_day_and_the_answer_says_when() -> None:
    start = datetime(2026, 12, 1, 9, tzinfo=timezone.utc)

    def flag(*answers: tuple[float, bool]) -> dict:
        return {"decision": 0, "drill": {"answers": [{"at": (start + timedelta(days=day)).isoformat(), "right": right}
                                                     for day, right in answers]}}

    assert due_at({"decision": 0}) <= start  # never drilled: due now
    assert due_at(flag((0, True))) is None  # right the first time: out
    assert due_at(flag((0, False))) == start + timedelta(days=1)
    assert due_at(flag((0, False), (1, True))) == start + timedelta(days=4)
    assert due_at(flag((0, False), (1, True), (4, False))) == start + timedelta(days=5)
    assert due_at(flag((0, False), (0.5, True))) == start + timedelta(days=1)  # right before due: no change
    assert due_at(flag((0, False), (1, True), (4, True), (11, True))) is None
    found = next(found for *_, found in spots_of(range(1, 10)) if found.is_draw)
    missed = replace(found, hand=replace(found.hand, flags=[{"decision": found.decision,
                                                             "drill": flag((0, False))["drill"]}]))
    best = [str(card) for card in found.review.finding.advice.best.discard]  # type: ignore[union-attr]
    told = answer(missed, discard=best, now=start + timedelta(days=1))
    assert told.right and told.back_at == start + timedelta(days=4)
    assert "comes back on 05 Dec 2026" in told.to_json()["text"]
    assert answer(found, discard=best, now=start).back_at is None
    assert "leaves your drill" in answer(found, discard=best, now=start).to_json()["text"]


def test_storing_the_same_review_again_keeps_what_was_drilled(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    ada = keep_flagged_hands(path, range(1, 3))
    clock = FakeClock()
    hand, number = due_spots(path, ada, clock())[0]
    keep_answer(path, ada, spot(hand, number), True, clock())
    set_flags(path, ada, hand.hand_key, flags_of(replay(hand).review))  # the table's review, stored after
    assert (hand.id, number) not in [(h.id, n) for h, n in due_spots(path, ada, clock())]
