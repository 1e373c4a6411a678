"""Rule book 002 and 003 match rules, and the Match interface the apps use."""

from __future__ import annotations

import json

import pytest

from pokerlab.bots import make_bot
from pokerlab.draw import Action, IllegalActionError, five_card_draw, saloon_draw
from pokerlab.match import Match, MatchError, five_card_draw_match, saloon_match
from tests.match.helpers import Folder, play_out, step


def test_the_button_starts_on_a_random_live_seat_chosen_from_the_seed():
    starts = [five_card_draw_match(player_count=6, seed=seed).deal().dealer for seed in range(30)]
    assert len(set(starts)) > 3
    assert starts == [five_card_draw_match(player_count=6, seed=seed).deal().dealer for seed in range(30)]


def test_the_button_starts_only_on_a_live_seat():
    for seed in range(20):
        match = five_card_draw_match(player_count=4, seed=seed)
        match.out = {1, 3}
        match.stacks[1] = match.stacks[3] = 0
        assert match.deal().dealer in (0, 2)


def test_the_button_moves_clockwise_skipping_anyone_out():
    match = five_card_draw_match(player_count=5, seed=3)
    match.dealer = 0
    match.out = {1, 2}
    match.stacks[1] = match.stacks[2] = 0
    assert match.deal().dealer == 3
    play_hand(match)
    assert match.deal().dealer == 4
    play_hand(match)
    assert match.deal().dealer == 0


def play_hand(match: Match) -> None:
    learner = make_bot(2, 1)
    while not match.hand.is_over:
        step(match, learner)


def test_five_card_draw_everyone_starts_with_500_and_the_last_player_with_chips_wins():
    match = five_card_draw_match(player_count=3, opponent_level=1, seed=11)
    assert match.stacks == [500, 500, 500]

    def check(m: Match) -> None:
        assert sum(m.stacks) == 1500
        assert m.out == {seat for seat, chips in enumerate(m.stacks) if chips == 0}

    play_out(match, learner_level=3, on_hand_end=check)
    assert len(match.live_seats) == 1
    assert match.winner == match.live_seats[0]
    assert match.stacks[match.winner] == 1500


def test_a_player_with_no_chips_when_a_hand_ends_is_out_and_is_not_dealt_in():
    match = five_card_draw_match(player_count=3, opponent_level=1, seed=5)
    seen_out = []

    def check(m: Match) -> None:
        for seat in m.out:
            seen_out.append(seat)
            assert m.stacks[seat] == 0

    play_out(match, on_hand_end=check)
    assert seen_out
    # a seat that is out is dealt no cards
    match2 = five_card_draw_match(player_count=3, seed=5)
    match2.out, match2.stacks = {2}, [750, 750, 0]
    hand = match2.deal()
    assert hand.cards(2) == () and hand.statuses[2] == "out"


def saloon_table(stacks: list[int]) -> Match:
    rules = saloon_draw(player_count=len(stacks))
    match = Match(rules, ["You", "A", "B", "C", "D"][: len(stacks)], 0, {s: Folder() for s in range(1, len(stacks))},
                  seed=1, out_below=50, ends_when_learner_out=True)
    match.stacks = list(stacks)
    return match


def finish_hand_with_learner(match: Match, kind: str) -> None:
    while not match.hand.is_over:
        if match.is_bot_turn():
            match.bot_step()
            continue
        legal = {item.kind.value: item for item in match.hand.legal_actions()}
        if kind == "fold" and "fold" in legal and "draw" not in legal:
            match.act(Action.fold())
        elif "draw" in legal:
            match.act(Action.stand_pat())
        elif "bet" in legal:
            match.act(Action.bet(legal["bet"].min_to))
        else:
            match.act(Action.check())


def test_saloon_a_player_who_ends_a_hand_under_50_is_out_though_they_have_chips():
    match = saloon_table([500, 54, 55, 500, 500])
    match.deal()
    finish_hand_with_learner(match, "bet")
    assert match.stacks[1] == 49 and match.stacks[2] == 50
    assert 1 in match.out and 2 not in match.out
    assert not match.is_over


def test_saloon_the_game_ends_when_the_learner_is_out():
    match = saloon_table([54, 500, 500, 500, 500])
    match.deal()
    finish_hand_with_learner(match, "fold")
    assert match.stacks[0] == 49
    assert match.out == {0} and match.is_over and match.winner is None
    with pytest.raises(MatchError, match="over"):
        match.deal()


def test_saloon_the_game_ends_when_the_learner_is_the_only_one_left():
    match = saloon_table([500, 54, 54, 54, 54])
    match.deal()
    finish_hand_with_learner(match, "bet")
    assert match.out == {1, 2, 3, 4}
    assert match.is_over and match.winner == 0


def test_saloon_match_preset_seats_the_learner_and_four_opponents_with_500_dollars():
    match = saloon_match(ante=25, round_one=(25, 50), round_two=(25, 100), seed=2)
    assert match.stacks == [500] * 5 and match.rules.ante == 25 and match.rules.limits == ((25, 50), (25, 100))
    assert match.out_below == 50 and match.ends_when_learner_out


def test_a_quick_saloon_match_runs_to_its_end():
    match = saloon_match(ante=50, round_one=(25, 50), round_two=(25, 100), opponent_level=2, seed=8)

    def check(m: Match) -> None:
        assert all(m.stacks[seat] < 50 for seat in m.out)
        assert all(m.stacks[seat] >= 50 for seat in m.live_seats)

    play_out(match, learner_level=1, on_hand_end=check)
    assert 0 in match.out or match.live_seats == [0]


def test_the_learners_illegal_action_raises_the_engines_error_unchanged():
    match = five_card_draw_match(player_count=3, seed=1)
    match.deal()
    while match.is_bot_turn():
        match.bot_step()
    before = json.dumps(match.learner_view(), sort_keys=True)
    with pytest.raises(IllegalActionError, match="you can"):
        match.act(Action.raise_to(9999))
    assert json.dumps(match.learner_view(), sort_keys=True) == before


def test_acting_out_of_turn_is_refused():
    match = five_card_draw_match(player_count=3, seed=1)
    with pytest.raises(MatchError):
        match.bot_step()
    match.deal()
    while match.is_bot_turn():
        match.bot_step()
    with pytest.raises(MatchError, match="yours"):
        match.bot_step()
    with pytest.raises(MatchError, match="still being played"):
        match.deal()


def test_learner_view_adds_names_hand_number_players_out_and_standings():
    match = five_card_draw_match(player_count=4, seed=2)
    match.deal()
    view = match.learner_view()
    assert view["names"] == match.names and view["hand_number"] == 1 and view["out"] == []
    assert [row["stack"] for row in view["standings"]] == sorted(match.hand.stacks, reverse=True)
    assert view["players"][1]["name"] == match.names[1]
    assert all(card is None for card in view["players"][1]["cards"])
    json.dumps(view)


def test_blinds_and_ace_draw_options_reach_the_table():
    match = five_card_draw_match(player_count=4, forced_bet="blinds", ace_draw=True, seed=3)
    assert match.rules == five_card_draw(player_count=4, forced_bet="blinds", ace_draw=True)
    assert match.deal().small_blind_seat is not None


def test_standings_show_the_chips_each_seat_shows_now_at_every_step_of_a_match():
    """Issue 16: the standings gave the chips at the start of the hand beside the seat's current figure."""
    match = saloon_match(seed=8, opponents=3)
    steps = 0
    while not match.is_over and steps < 400:
        if match.hand is None or match.hand.is_over:
            match.deal()
        elif match.is_bot_turn():
            match.bot_step()
        else:
            match.act(match.bots[1].decide(match.learner_view(), match.hand.legal_actions()))
        view = match.learner_view()
        shown = {player["seat"]: player["stack"] for player in view["players"]}
        assert {row["seat"]: row["stack"] for row in view["standings"]} == shown
        assert all(row["net"] == row["stack"] - 500 for row in view["standings"])
        steps += 1
    assert steps > 20
