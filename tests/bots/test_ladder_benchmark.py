"""bench_bots measures the ladder as it is played: matches of each level's length, opponents built
fresh for every match, the same deals at every level, the player in every seat."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

from pokerlab.bots import make_bot
from pokerlab.selfplay.matches import play_match

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import bench_bots  # noqa: E402


class Watched:
    """A bot that notes every hand number it is asked about, and the seats it is asked from."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.level = bot.level
        self.hands: list[int] = []
        self.seats: set[int] = set()

    def decide(self, view, legal):
        self.hands.append(view["hand_number"])
        self.seats.add(view["seat"])
        return self.bot.decide(view, legal)


BUILT: list[Watched] = []


def watched_bot(level: int, seed: int) -> Watched:
    bot = Watched(make_bot(level, seed))
    BUILT.append(bot)
    return bot


ROWS = [bench_bots.Row("a", (1, 1, 1, 2), 2), bench_bots.Row("b", (1, 2, 2, 3), 3)]


@pytest.fixture(scope="module")
def small_run() -> list[bench_bots.RowResult]:
    BUILT.clear()
    return list(bench_bots.ladder_rows(ROWS, player=3, matches=3, seed=11, make=watched_bot))


def test_every_match_is_played_from_every_seat_for_the_levels_number_of_hands(small_run):
    for result, row in zip(small_run, ROWS):
        assert result.row == row and len(result.matches) == 3
        for match in result.matches:
            assert match.hands == (row.hands,) * 5  # five plays: the player in each seat
            assert all(len(deals) == row.hands for deals in match.deals)


def test_the_opponents_are_built_fresh_for_every_match_and_seat(small_run):
    plays = 2 * 3 * 5  # rows x matches x seats
    assert len(BUILT) == plays * 5  # the player and four opponents, new for each play
    assert len({id(bot) for bot in BUILT}) == len(BUILT)
    for bot in BUILT:  # nobody was asked about a hand before the match's first, or after its last
        if bot.hands:
            assert bot.hands[0] == 1 and bot.hands == sorted(bot.hands) and bot.hands[-1] <= 3


def test_the_player_sits_in_each_seat_in_turn(small_run):
    first_row = BUILT[: 3 * 5 * 5]  # matches x seats x bots; its opponents (1112) include no level 3
    players = [bot for bot in first_row if bot.level == 3]
    assert len(players) == 3 * 5 and all(len(bot.seats) == 1 for bot in players)
    for match in range(3):  # the five plays of a match put the player in seats 0 to 4 in turn
        assert [seat for bot in players[5 * match: 5 * match + 5] for seat in bot.seats] == [0, 1, 2, 3, 4]


def test_every_level_plays_the_same_deals_and_every_seat_the_same_match(small_run):
    short, long = small_run
    for first, second in zip(short.matches, long.matches):
        assert len(set(first.deals)) == 1 and len(set(second.deals)) == 1  # the same in every seat
        assert second.deals[0][: len(first.deals[0])] == first.deals[0]  # the longer match starts with the same hands
    assert len({match.deals[0] for match in short.matches}) == 3  # but each match deals its own


def test_a_levels_figure_is_the_players_winnings_per_100_of_the_levels_hands(small_run):
    result = small_run[1]
    expected = [statistics.fmean(match.net) * 100 / (3 * 20) for match in result.matches]
    assert result.figures.per_deal == pytest.approx(expected)
    assert result.advanced == sum(sum(match.advanced) for match in result.matches) / 15


def test_a_match_carries_the_chips_from_hand_to_hand_as_the_ladder_does():
    player, opponents = make_bot(3, 1), [make_bot(2, seed) for seed in range(4)]
    match, deals = play_match(player, opponents, 2, 6, seed=5)
    assert match.hand_number == len(deals) == len(match.history) == 6
    assert match.stacks[2] == 500 + sum(net[2] for net in match.history)
    assert sum(match.stacks) == 2500 and match.learner_seat == 2


def test_candidate_tables_are_checked_on_other_deals_than_the_ladder():
    defaults = bench_bots.parser().parse_args([])
    assert defaults.mix_seed != defaults.seed
    assert [row.hands for row in defaults.mixes] == [12, 16, 16]
    with pytest.raises(SystemExit):
        bench_bots.parser().parse_args(["--mixes", "5:2575"])
