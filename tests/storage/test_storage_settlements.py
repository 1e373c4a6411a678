"""Settled once (issue 24): the entry cost and the kept game, and the award, unlock, high score and
clearing of the kept game, each commit together or not at all, and settling twice is a no-op.

Faults are injected at every SQL statement of a settlement, in this process (an error) and in a
separate process (``kill -9``); pages of one learner race each other in separate processes. After
each: no award twice, no fee without a game, no game lost, the wallet equal to its ledger. Run on
SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy

from pokerlab.ladder import Award, LadderRun
from pokerlab.storage import HighScores, Learner, Wallet, ladder_level, open_store, unlock_level
from pokerlab.storage.hold import GameHold, Step
from pokerlab.storage.learners import learner_id_in
from pokerlab.storage.schema import kept_games, settlements
from pokerlab.storage.slots import GameTakenError
from tests.storage import settlement_worker
from tests.storage.racing import Finished, race


class Boom(Exception):
    """The failure injected between two statements of a settlement."""


def learner(store: object, name: str) -> Learner:
    return open_store(store).write(lambda c: Learner(learner_id_in(c, name, create=True), name, "legacy"))  # type: ignore[arg-type]


@dataclass(frozen=True)
class Books:
    balance: int
    ledger: int
    entries: tuple[str, ...]
    awards: tuple[str, ...]
    kept: str | None
    reached: int
    scores: tuple[int, ...]


def books(store: object, who: Learner) -> Books:
    target = open_store(store)
    wallet = Wallet(target)
    rows = target.read(lambda c: c.execute(sqlalchemy.select(settlements.c.game_id, settlements.c.step).where(
        settlements.c.learner_id == who.id).order_by(settlements.c.id)).all())
    kept = target.read(lambda c: c.scalar(sqlalchemy.select(kept_games.c.game_id).where(kept_games.c.learner_id == who.id)))
    return Books(
        wallet.balance(who), sum(line.amount for line in wallet.history(who)),
        tuple(game for game, step in rows if step == "entry"), tuple(game for game, step in rows if step == "award"),
        kept, ladder_level(target, who),
        tuple(entry.score for entry in HighScores(target).top(50) if entry.learner_id == who.id),
    )


def assert_honest(now: Books) -> None:
    assert now.balance == now.ledger  # the wallet is its ledger
    assert len(set(now.awards)) == len(now.awards)  # no award twice
    for game in now.entries:  # no fee without a game: each paid game is still kept, or was settled
        assert game == now.kept or game in now.awards
    assert now.kept is None or now.kept in now.entries  # no game without its fee


@contextmanager
def failing_at(store: object, statement: int) -> Iterator[list[int]]:
    """Raise :class:`Boom` just before SQL statement number ``statement`` (from 1) of what runs inside."""
    engine = open_store(store).engine
    seen: list[int] = []

    def count(*_args: object) -> None:
        seen.append(1)
        if len(seen) == statement:
            raise Boom(f"failure before statement {statement}")

    sqlalchemy.event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        sqlalchemy.event.remove(engine, "before_cursor_execute", count)


def enter_level(store: object, who: Learner, level: int = 1) -> tuple[GameHold, LadderRun]:
    run = LadderRun.new(level, seed=3)
    hold = GameHold(who, "ladder", holder="page-1", store=store)
    hold.start({"run": run.to_json()}, f"level {level}", entry=run.entry())
    return hold, run


def level_six_award(run: LadderRun) -> Award:
    return Award(run.game_id, "ladder", 6, 30_000, "Ladder level 6 award", unlock_to=6, score=140)


def test_the_entry_cost_and_the_kept_game_commit_together_or_not_at_all(target: str) -> None:
    dry, ann = learner(target, "Dry"), learner(target, "Ann")
    books(target, dry)  # opens the wallet, as for Ann below
    with failing_at(target, 10**6) as counted:  # a run that does not fail, to count its statements
        enter_level(target, dry)
    before = books(target, ann)
    for statement in range(1, len(counted) + 1):
        run = LadderRun.new(1, seed=3)
        with failing_at(target, statement), pytest.raises(Boom):
            GameHold(ann, "ladder", store=target).start({"run": run.to_json()}, "level 1", entry=run.entry())
        assert books(target, ann) == before  # nothing paid, nothing kept
    hold, run = enter_level(target, ann)
    after = books(target, ann)
    assert_honest(after)
    assert (after.balance, after.entries, after.kept) == (before.balance - 150, (run.game_id,), run.game_id)


def test_award_unlock_score_and_clearing_commit_together_and_settle_once(target: str) -> None:
    ann = learner(target, "Ann")
    Wallet(target).deposit(10_000, "test", ann)
    unlock_level(target, ann, 6)
    dry_hold, dry_run = enter_level(target, learner(target, "Dry"), 1)
    with failing_at(target, 10**6) as counted:
        dry_hold.step(lambda: Step(None, award=Award(dry_run.game_id, "ladder", 1, 450, "award", unlock_to=2, score=7)))
    hold, run = enter_level(target, ann, 6)
    before = books(target, ann)
    for statement in range(1, len(counted) + 1):
        with failing_at(target, statement), pytest.raises(Boom):
            hold.step(lambda: Step(None, award=level_six_award(run)))
        assert books(target, ann) == before  # award, unlock, score and the kept game: all as they were
        assert hold.holding and hold.kept == {"run": run.to_json()}  # the page can try again
    hold.step(lambda: Step(None, award=level_six_award(run)))
    after = books(target, ann)
    assert_honest(after)
    assert (after.balance, after.awards, after.kept, after.scores) == (before.balance + 30_000, (run.game_id,), None, (140,))
    with pytest.raises(GameTakenError):  # the finished game is gone: no page can settle it again
        hold.step(lambda: Step(None, award=level_six_award(run)))
    other = GameHold(ann, "ladder", store=target)
    assert other.take_over() is None
    assert books(target, ann) == after


def run_workers(work: Callable[..., dict[str, object]], store: str, who: Learner, tmp_path: Path, count: int,
                *more: object) -> list[Finished]:
    """``count`` pages of ``who`` doing ``work`` at the same moment, each a process of its own."""
    return race(work, [(store, who.id, *more)] * count, tmp_path)


@pytest.mark.timeout(300)
def test_a_page_killed_at_any_statement_of_a_settlement_leaves_honest_books(target: str, tmp_path: Path) -> None:
    dry = learner(target, "Dry")
    enter_level(target, dry)
    [counted] = run_workers(settlement_worker.kill, target, dry, tmp_path, 1, 0)
    assert counted.exitcode == 0, counted.error
    statements = counted.result["statements"]
    assert statements >= 5
    for statement in range(1, statements + 1):
        ann = learner(target, f"Ann {statement}")
        enter_level(target, ann)
        before = books(target, ann)
        [killed] = run_workers(settlement_worker.kill, target, ann, tmp_path, 1, statement)
        assert killed.exitcode == -9, killed.error
        assert books(target, ann) == before  # killed mid-settlement: nothing of it was stored
        page = GameHold(ann, "ladder", store=target)  # the learner reloads: the game is there to finish
        kept = page.take_over()
        assert kept is not None
        page.step(lambda: Step(None, award=Award(kept.game_id, "ladder", 1, 450, "Ladder level 1 award", unlock_to=2)))
        after = books(target, ann)
        assert_honest(after)
        assert (after.balance, after.reached, after.kept) == (before.balance + 450, 2, None)


@pytest.mark.timeout(180)
def test_five_pages_pressing_fresh_start_at_once_add_the_points_once(target: str, tmp_path: Path) -> None:
    """Issue 24: five pages took a wallet of 100 to 4,600 when the check and the deposit were two steps."""
    ann = learner(target, "Ann")
    Wallet(target).pay(900, "levels lost", ann)
    results = [done.result for done in run_workers(settlement_worker.fresh, target, ann, tmp_path, 5)]
    assert sorted("added" in result for result in results) == [False] * 4 + [True]
    assert [result["added"] for result in results if "added" in result] == [900]
    now = books(target, ann)
    assert now.balance == 1000 == now.ledger


@pytest.mark.timeout(180)
def test_five_pages_entering_a_level_at_once_pay_once_for_the_one_game_kept(target: str, tmp_path: Path) -> None:
    ann = learner(target, "Ann")
    results = [done.result for done in run_workers(settlement_worker.enter, target, ann, tmp_path, 5)]
    started = [result for result in results if "game_id" in result]
    assert len(started) == 1 and sum(1 for result in results if result.get("refused")) == 4
    now = books(target, ann)
    assert_honest(now)
    assert (now.balance, now.entries, now.kept) == (850, (started[0]["game_id"],), started[0]["game_id"])


def test_a_lost_commit_reply_of_an_award_is_answered_by_its_settlement_row(
    backend: str, target: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    if backend != "postgresql":
        pytest.skip("a COMMIT reply is lost on a network connection: PostgreSQL")
    from tests.storage.test_storage_reconnect import lose_the_commit_reply

    ann = learner(target, "Ann")
    hold, run = enter_level(target, ann)
    before = books(target, ann)
    lose_the_commit_reply(open_store(target), monkeypatch, stored=True)
    award = Award(run.game_id, "ladder", 1, 450, "Ladder level 1 award", unlock_to=2)
    assert hold.step(lambda: Step(None, award=award)).award == award  # told it is settled, as it is
    after = books(target, ann)
    assert (after.balance, after.awards, after.kept) == (before.balance + 450, (run.game_id,), None)
