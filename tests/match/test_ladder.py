"""Rule book 004: the Tournament Ladder's levels, wallet, advancing and high score."""

from __future__ import annotations

import pytest

from pokerlab.draw import ladder
from pokerlab.ladder import LEVELS, LadderError, LadderRun, MemoryAccount, can_fresh_start, fresh_start
from tests.match.helpers import play_out


def test_the_ladder_and_the_match_import_no_storage():
    """Issue 12: saving happens at the application's edge, never inside the engine's matches."""
    import ast
    import pathlib

    import pokerlab

    root = pathlib.Path(pokerlab.__file__).parent
    for path in [root / "ladder.py", *sorted((root / "match").glob("*.py"))]:
        tree = ast.parse(path.read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        assert not {module for module in imported if module and "storage" in module}, path.name


def test_the_six_levels_have_the_rule_books_hands_costs_and_awards():
    assert [(lv.number, lv.hand_count, lv.cost, lv.award) for lv in LEVELS] == [
        (1, 5, 150, 450), (2, 8, 500, 1500), (3, 10, 1000, 3000),
        (4, 12, 2500, 7500), (5, 16, 5000, 15000), (6, 16, 10000, 30000),
    ]
    assert [lv.records_high_score for lv in LEVELS] == [False] * 5 + [True]


def test_opponents_skill_rises_with_the_level():
    averages = [sum(lv.bot_levels) / 4 for lv in LEVELS]
    assert averages == sorted(averages) and averages[0] < averages[-1]
    assert all(len(lv.bot_levels) == 4 for lv in LEVELS)


def test_entry_is_paid_from_the_wallet():
    wallet = MemoryAccount(points=1000, reached=2)
    run = LadderRun.start(2, wallet, seed=1)
    assert wallet.balance() == 500 and wallet.history == [(-500, "ladder_level:2")]
    assert [bot.level for bot in run.match.bots.values()] == list(LEVELS[1].bot_levels)


def test_entry_is_refused_clearly_when_the_wallet_cannot_afford_it():
    wallet = MemoryAccount(points=400, reached=2)
    with pytest.raises(LadderError, match="500 points; your wallet holds 400. You need 100 more"):
        LadderRun.start(2, wallet, seed=1)
    assert wallet.balance() == 400 and wallet.history == []


@pytest.mark.parametrize("reached", [1, 2, 5])
def test_a_level_beyond_the_one_reached_is_refused_and_nothing_is_paid(reached):
    """Issue 12: LadderRun itself refuses a level the learner has not reached."""
    wallet = MemoryAccount(points=50_000, reached=reached)
    with pytest.raises(LadderError, match=f"Level {reached + 1} is locked: clear level {reached} to open it"):
        LadderRun.start(reached + 1, wallet, seed=1)
    assert wallet.balance() == 50_000
    assert LadderRun.start(reached, wallet, seed=1).level.number == reached


@pytest.mark.parametrize("number", [0, 7, -1])
def test_a_level_that_does_not_exist_is_refused(number):
    with pytest.raises(LadderError, match="levels run 1 to 6"):
        LadderRun.start(number, MemoryAccount(reached=6), seed=1)


def test_five_seats_fixed_limit_ante_5_bets_10_and_20():
    run = LadderRun.start(1, MemoryAccount(), seed=1)
    assert run.match.rules == ladder() and run.match.rules.player_count == 5
    assert (run.match.rules.ante, run.match.rules.limits) == (5, ((10, 10), (20, 20)))
    assert run.match.stacks == [500] * 5 and run.hands_left == 5


def test_the_button_moves_every_hand_and_standings_follow_each_hand():
    run = LadderRun.start(1, MemoryAccount(), seed=3)
    dealers, standings = [], []

    def record(match):
        dealers.append(match.dealer)
        standings.append([row["stack"] for row in match.standings()])

    play_out(run.match, learner_level=4, on_hand_end=record)
    assert run.finished
    assert all((b - a) % 5 in (1, 2, 3, 4) for a, b in zip(dealers, dealers[1:]))
    assert all(s == sorted(s, reverse=True) and sum(s) == 2500 for s in standings)


def finished_run(level: int, stacks: list[int], balance: int = 50_000) -> LadderRun:
    run = LadderRun.start(level, MemoryAccount(points=balance, reached=level), seed=1)
    run.match.stacks = list(stacks)
    run.match.hand_number = run.level.hand_count
    return run


def test_the_learner_advances_only_with_strictly_more_chips_than_each_opponent():
    assert finished_run(1, [700, 699, 400, 400, 301]).advanced
    assert not finished_run(1, [700, 700, 400, 400, 300]).advanced
    assert not finished_run(1, [600, 700, 400, 400, 400]).advanced


def test_an_unfinished_level_cannot_be_settled():
    run = LadderRun.start(1, MemoryAccount(), seed=1)
    assert not run.finished and not run.advanced
    with pytest.raises(LadderError, match="5 hands are left"):
        run.finish()


def test_advancing_pays_the_award_and_unlocks_the_next_level():
    run = finished_run(1, [900, 400, 400, 400, 400], balance=1000)
    assert run.account.reached_level() == 1
    assert run.finish() == 450
    assert run.account.balance() == 1000 - 150 + 450
    assert run.account.reached_level() == 2
    assert run.finish() == 0 and run.account.balance() == 1300  # paid once
    twin = LadderRun.from_json(run.to_json(), run.account)  # the same game, settled again from elsewhere
    assert twin.game_id == run.game_id and not twin.account.settle(twin.award())
    assert run.account.balance() == 1300 and run.account.reached_level() == 2


def test_not_advancing_pays_nothing():
    run = finished_run(1, [500, 600, 400, 500, 500], balance=1000)
    assert run.finish() == 0 and run.account.balance() == 850
    assert run.account.reached_level() == 1


def test_level_six_records_total_winnings_in_the_high_score_table():
    run = finished_run(6, [640, 500, 460, 450, 450], balance=20_000)
    run.finish()
    assert run.account.scores == [140]
    assert run.account.balance() == 20_000 - 10_000 + 30_000


def test_a_learner_with_no_chips_left_ends_the_level_early():
    run = finished_run(1, [0, 1000, 500, 500, 500])
    run.match.hand_number = 2
    run.match.out = {0}
    assert run.finished and not run.advanced and run.hands_left == 3


def test_a_whole_level_plays_to_its_end():
    run = LadderRun.start(3, MemoryAccount(points=5000, reached=3), seed=12)
    play_out(run.match, learner_level=5)
    assert run.finished and run.match.hand_number <= 10
    assert sum(run.match.stacks) == 2500
    run.finish()


def test_a_wallet_that_cannot_pay_for_level_1_can_take_a_fresh_start() -> None:
    wallet = MemoryAccount(points=1000, reached=3)
    with pytest.raises(LadderError, match="only for a wallet that cannot pay for level 1"):
        fresh_start(wallet)
    wallet.points = 100  # spent on levels that were lost
    assert wallet.balance() == 100 and can_fresh_start(wallet)
    assert fresh_start(wallet) == 900
    assert wallet.balance() == 1000 and not can_fresh_start(wallet)
    assert wallet.history[-1] == (900, "fresh_start") and wallet.reached_level() == 3


def test_a_level_in_progress_survives_a_round_trip_through_plain_data_without_paying_again() -> None:
    import json

    from pokerlab.bots import make_bot
    from tests.match.helpers import step

    wallet = MemoryAccount()
    run = LadderRun.start(1, wallet, seed=8)
    learner = make_bot(3, 5)
    for _ in range(17):
        step(run.match, learner)
    again = LadderRun.from_json(json.loads(json.dumps(run.to_json())), wallet)
    assert wallet.balance() == 850 and again.level.number == 1 and again.hands_left == run.hands_left
    assert again.match.learner_view() == run.match.learner_view()
    with pytest.raises(LadderError, match="not a ladder level pokerlab can continue"):
        LadderRun.from_json({"format": 1, "level": 9, "paid_out": False, "match": run.match.to_json()}, wallet)
