"""Several kernels writing at once lose nothing: real separate processes, started together,
on SQLite and on PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerlab.storage import HighScores, Wallet, all_learners, load_game
from tests.storage.racing import race
from tests.storage.storage_worker import claims_worker, saves_worker, scores_worker, wallet_worker

WORKER_COUNT = 4


def run_workers(mode: str, target: Path | str, tmp_path: Path) -> list[dict[str, int]]:
    """Start the workers, let them all go at the same moment, and collect their summaries."""
    work = {"wallet": wallet_worker, "scores": scores_worker, "saves": saves_worker, "claims": claims_worker}[mode]
    finished = race(work, [(str(target), worker) for worker in range(WORKER_COUNT)], tmp_path)
    for done in finished:
        assert done.exitcode == 0, done.error
    return [done.result for done in finished]


@pytest.mark.timeout(180)
def test_parallel_deposits_and_payments_lose_nothing_and_never_go_negative(target: str, tmp_path: Path) -> None:
    database = target
    results = run_workers("wallet", database, tmp_path)
    deposits = sum(result["deposits"] for result in results)
    payments = sum(result["payments"] for result in results)
    assert deposits == WORKER_COUNT * 50
    assert payments + sum(result["refused"] for result in results) == WORKER_COUNT * 25

    wallet = Wallet(database)
    assert wallet.balance() == 20 + deposits - 3 * payments
    history = wallet.history()
    assert len(history) == 1 + deposits + payments
    running = 0
    for entry in history:  # every step starts from the balance the previous one left
        running += entry.amount
        assert entry.balance_after == running >= 0
    assert running == wallet.balance()


@pytest.mark.timeout(180)
def test_parallel_high_score_writers_keep_every_row(target: str, tmp_path: Path) -> None:
    database = target
    run_workers("scores", database, tmp_path)
    names = {entry.name for entry in HighScores(database).top(1000)}
    assert names == {f"p{worker}-{index}" for worker in range(WORKER_COUNT) for index in range(25)}


@pytest.mark.timeout(180)
def test_parallel_claims_give_each_name_to_exactly_one_browser(target: str, tmp_path: Path) -> None:
    results = run_workers("claims", target, tmp_path)
    for shared in ("Ann", "Bo"):
        assert sum(shared in result["won"] for result in results) == 1
    for worker, result in enumerate(results):
        assert f"Worker {worker}" in result["won"]
    learners = {learner.name: learner for learner in all_learners(target)}
    assert sorted(learners) == sorted(["Ann", "Bo", *(f"Worker {w}" for w in range(WORKER_COUNT))])
    wallet = Wallet(target)
    for worker, result in enumerate(results):  # each paid only from the wallets of the names it won
        for name in result["won"]:
            assert wallet.balance(learners[name]) == 1000 - 10 * (worker + 1)


@pytest.mark.timeout(180)
def test_parallel_save_writers_to_one_name_never_leave_a_corrupt_file(tmp_path: Path) -> None:
    target = tmp_path / "race.json"
    results = run_workers("saves", target, tmp_path)
    assert all(result["loads"] == 20 for result in results)
    payload = load_game(target, "saloon-draw")
    assert payload["writer"] in range(WORKER_COUNT) and payload["index"] in range(20)
    assert sorted(path.name for path in tmp_path.iterdir() if "race" in path.name) == ["race.bak", "race.json"]
