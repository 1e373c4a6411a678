"""Per-learner data: random interleavings of two learners' operations (a hypothesis state machine)
never let one see or change the other's wallet, ladder, scores, lessons, quizzes, saves or game in
progress; on SQLite and PostgreSQL. Plus the plain per-learner API cases."""

from __future__ import annotations

import os
import tempfile
from typing import Any

import pytest
import sqlalchemy
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test

from pokerlab.classroom import identity, names_and_keys
from pokerlab.storage import (
    ENV_VAR,
    HighScores,
    InsufficientPointsError,
    Learner,
    SaveFileError,
    SaveNotFoundError,
    UnknownLearnerError,
    Wallet,
    delete_game,
    end_game,
    game_in_progress,
    games_in_progress,
    keep_game,
    ladder_level,
    lesson_progress_of,
    list_saves,
    load_game,
    open_store,
    quiz_results,
    record_lesson,
    record_quiz_answer,
    save_game,
    schema,
    take_game,
    unlock_level,
)

KIND = "saloon-draw"
NAMES = ("Ann", "Bo")
SAVE_NAMES = st.sampled_from(["Friday", "evening", "test 1"])
WHO = st.integers(0, 1)


def reset(target: str) -> None:
    """Empty every table (a fresh start for each hypothesis example on the same database)."""

    def work(connection: sqlalchemy.Connection) -> None:
        for table in reversed(schema.metadata.sorted_tables):
            connection.execute(table.delete())

    open_store(target).write(work)


class TwoLearners(RuleBasedStateMachine):
    """Ann and Bo act in any order; a model of what each should see is checked after every step."""

    target: str

    def __init__(self) -> None:
        super().__init__()
        reset(self.target)
        os.environ[ENV_VAR] = tempfile.mkdtemp(prefix="pokerlab-two-learners-")
        self.learners = [identity.claim(self.target, name, names_and_keys.new_key()) for name in NAMES]
        self.wallet = Wallet(self.target)
        self.scores = HighScores(self.target)
        self.balance = [1000, 1000]
        self.history = [1, 1]
        self.level = [1, 1]
        self.my_scores: list[list[int]] = [[], []]
        self.lessons: list[dict[str, int]] = [{}, {}]
        self.quiz: list[list[bool]] = [[], []]
        self.saves: list[dict[str, dict[str, Any]]] = [{}, {}]
        self.playing: list[dict[str, Any] | None] = [None, None]
        for learner in self.learners:
            self.wallet.balance(learner)

    @rule(who=WHO, amount=st.integers(1, 1500))
    def pay(self, who: int, amount: int) -> None:
        try:
            self.wallet.pay(amount, "Entry", player=self.learners[who])
        except InsufficientPointsError:
            assert amount > self.balance[who]
            return
        self.balance[who] -= amount
        self.history[who] += 1

    @rule(who=WHO, amount=st.integers(1, 1500))
    def deposit(self, who: int, amount: int) -> None:
        assert self.wallet.deposit(amount, "Award", player=self.learners[who]) == self.balance[who] + amount
        self.balance[who] += amount
        self.history[who] += 1

    @rule(who=WHO, reached=st.integers(1, 6))
    def unlock(self, who: int, reached: int) -> None:
        unlock_level(self.target, self.learners[who], reached)
        self.level[who] = max(self.level[who], reached)

    @rule(who=WHO, score=st.integers(-500, 3000))
    def high_score(self, who: int, score: int) -> None:
        self.scores.add(self.learners[who], score)
        self.my_scores[who].append(score)

    @rule(who=WHO, lesson=st.sampled_from(["05-betting", "06-draw"]), step=st.integers(0, 9))
    def lesson(self, who: int, lesson: str, step: int) -> None:
        record_lesson(self.target, self.learners[who], lesson, step, 10)
        self.lessons[who][lesson] = max(self.lessons[who].get(lesson, 0), step)

    @rule(who=WHO, correct=st.booleans())
    def answer(self, who: int, correct: bool) -> None:
        record_quiz_answer(self.target, self.learners[who], "tie-breaks", "easy", "Which hand wins?", "A", correct)
        self.quiz[who].append(correct)

    @rule(who=WHO, name=SAVE_NAMES, hand=st.integers(0, 99))
    def save(self, who: int, name: str, hand: int) -> None:
        payload = {"owner": NAMES[who], "hand": hand}
        save_game(name, KIND, payload, learner=self.learners[who])
        self.saves[who][name] = payload

    @rule(who=WHO, name=SAVE_NAMES)
    def restore(self, who: int, name: str) -> None:
        if name in self.saves[who]:
            assert load_game(name, KIND, learner=self.learners[who]) == self.saves[who][name]
        else:
            with pytest.raises(SaveNotFoundError):
                load_game(name, KIND, learner=self.learners[who])

    @rule(who=WHO, name=SAVE_NAMES, used_up=st.booleans())
    def delete(self, who: int, name: str, used_up: bool) -> None:
        if name not in self.saves[who]:
            with pytest.raises(SaveNotFoundError):
                (take_game if used_up else delete_game)(name, KIND, learner=self.learners[who])
            return
        if used_up:
            assert take_game(name, KIND, learner=self.learners[who]) == self.saves[who][name]
        else:
            delete_game(name, KIND, learner=self.learners[who])
        del self.saves[who][name]

    @rule(who=WHO, hand=st.integers(1, 50), chips=st.integers(0, 2500))
    def act(self, who: int, hand: int, chips: int) -> None:
        state = {"owner": NAMES[who], "hand": hand, "chips": chips}
        keep_game(self.learners[who], KIND, state, summary=f"hand {hand}, {chips} chips", store=self.target)
        self.playing[who] = state

    @precondition(lambda self: any(game is not None for game in self.playing))
    @rule(who=WHO)
    def new_game(self, who: int) -> None:
        end_game(self.learners[who], KIND, store=self.target)
        self.playing[who] = None

    @invariant()
    def each_sees_exactly_their_own(self) -> None:
        table = self.scores.top(1000)
        for who, learner in enumerate(self.learners):
            assert self.wallet.balance(learner) == self.balance[who]
            assert len(self.wallet.history(learner)) == self.history[who]
            assert {entry.player for entry in self.wallet.history(learner)} == {NAMES[who]}
            assert ladder_level(self.target, learner) == self.level[who]
            mine = [entry for entry in table if entry.learner_id == learner.id]
            assert sorted(entry.score for entry in mine) == sorted(self.my_scores[who])
            assert {entry.name for entry in mine} <= {NAMES[who]}
            assert {k: v.step for k, v in lesson_progress_of(self.target, learner).items()} == self.lessons[who]
            assert [result.correct for result in quiz_results(self.target, learner)] == self.quiz[who]
            listed = list_saves(KIND, learner=learner)
            assert sorted(info.name for info in listed) == sorted(self.saves[who])
            assert all(load_game(info.name, KIND, learner=learner)["owner"] == NAMES[who] for info in listed)
            kept = game_in_progress(learner, KIND, store=self.target)
            assert (kept.state if kept else None) == self.playing[who]
            assert games_in_progress(learner, store=self.target) == ([KIND] if self.playing[who] else [])
        assert len(table) == sum(len(scores) for scores in self.my_scores)


@pytest.mark.timeout(900)
def test_two_learners_never_see_or_change_each_other_s_data(
    target: str, backend: str, fast_scrypt: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, os.environ[ENV_VAR])  # restored after the machine changed it
    TwoLearners.target = target
    examples = 30 if backend == "sqlite" else 15
    run_state_machine_as_test(
        TwoLearners,
        settings=settings(
            max_examples=examples, stateful_step_count=25, deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )


# --- plain cases ---------------------------------------------------------------------------------


def test_a_learner_s_saves_live_in_their_own_folder_and_paths_are_refused(fast_scrypt: None, target: str) -> None:
    ann = identity.claim(target, "Ann", names_and_keys.new_key())
    path = save_game("Friday", KIND, {"hand": 1}, learner=ann)
    assert path == ann.folder / "saves" / KIND / "Friday.json"
    with pytest.raises(SaveFileError, match="named, not given as paths"):
        save_game("../Bo/Friday.json", KIND, {"hand": 1}, learner=ann)
    with pytest.raises(SaveFileError, match="cannot be a save name"):
        save_game("..", KIND, {"hand": 1}, learner=ann)


def test_a_learner_from_another_database_is_refused(target: str) -> None:
    stranger = Learner(999, "Stranger", "browser")
    with pytest.raises(UnknownLearnerError, match="not in this pokerlab database"):
        Wallet(target).balance(stranger)
    with pytest.raises(UnknownLearnerError):
        unlock_level(target, stranger, 2)


def test_lesson_progress_keeps_the_furthest_step_and_done_stays_done(fast_scrypt: None, target: str) -> None:
    ann = identity.claim(target, "Ann", names_and_keys.new_key())
    record_lesson(target, ann, "05-betting", 4, 9)
    record_lesson(target, ann, "05-betting", 9, 9, done=True)
    progress = record_lesson(target, ann, "05-betting", 2)
    assert (progress.step, progress.steps, progress.done) == (9, 9, True)


def test_quiz_results_of_everyone_for_the_board(fast_scrypt: None, target: str) -> None:
    ann = identity.claim(target, "Ann", names_and_keys.new_key())
    bo = identity.claim(target, "Bo", names_and_keys.new_key())
    record_quiz_answer(target, ann, "tie-breaks", "easy", "Q1", "Hand A wins", True)
    record_quiz_answer(target, bo, "tie-breaks", "hard", "Q2", "Split pot", False)
    everyone = quiz_results(target, None)
    assert [(r.learner_name, r.level, r.correct) for r in everyone] == [("Ann", "easy", True), ("Bo", "hard", False)]
    assert [r.question for r in quiz_results(target, bo, "tie-breaks")] == ["Q2"]
