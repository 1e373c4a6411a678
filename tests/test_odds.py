"""Exact draw odds and simulated equity (pokerlab/odds.py), checked against public results and brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab import ALL_CARDS, HandCategory, evaluate, parse_cards
from pokerlab.coach.equity import SimulationError, simulate_equity
from pokerlab.coach.exact import CATEGORY_POINTS, IllegalDiscardError, draw_odds, legal_discards, unseen_cards
from pokerlab.coach.policy import opponent_discards

H = HandCategory


def test_drawing_three_to_a_pair_gives_the_published_counts() -> None:
    choice = draw_odds("Kh Kd 7s 4c 2d").choice("7s 4c 2d")
    assert choice.total == comb(47, 3) == 16_215
    assert choice.count(H.TWO_PAIR) == 2_592
    assert f"{float(choice.probability(H.TWO_PAIR)):.2%}" == "15.99%"
    assert f"{float(choice.probability(H.THREE_OF_A_KIND)):.2%}" == "11.43%"
    assert f"{float(choice.probability(H.FULL_HOUSE)):.2%}" == "1.02%"
    assert f"{float(choice.probability(H.FOUR_OF_A_KIND)):.2%}" == "0.28%"


def test_one_card_to_a_four_flush_completes_nine_times_in_47() -> None:
    choice = draw_odds("Ah Kh 7h 2h 9c").choice("9c")
    assert (choice.count(H.FLUSH), choice.total) == (9, 47)
    assert choice.probability(H.FLUSH) == Fraction(9, 47)


def test_one_card_to_an_open_ended_straight_completes_eight_times_in_47() -> None:
    choice = draw_odds("9h 8d 7c 6d Kc").choice("Kc")
    assert choice.probability(H.STRAIGHT) == Fraction(8, 47)


def test_an_open_ended_straight_flush_draw_counts_each_outcome_once() -> None:
    choice = draw_odds("9h 8h 7h 6h Kc").choice("Kc")
    assert choice.count(H.STRAIGHT_FLUSH) == 2  # 5h and 10h
    assert choice.count(H.FLUSH) == 7  # the other hearts
    assert choice.count(H.STRAIGHT) == 6  # the other fives and tens


def test_counts_sum_to_the_number_of_possible_replacements_and_probabilities_to_one() -> None:
    odds = draw_odds("Qs Jd 9c 4h 4s", discard_limit=4)
    for choice in odds.choices:
        assert sum(choice.counts) == choice.total == comb(47, choice.drawn)
        assert sum(choice.probabilities) == 1


def test_known_cards_are_removed_from_the_unseen_cards() -> None:
    odds = draw_odds("9h 8d 7c 6d Kc", known="5s 5c Th 2s")
    assert odds.unseen_count == 43
    choice = odds.choice("Kc")
    assert choice.total == 43
    assert choice.count(H.STRAIGHT) == 5  # two fives and one ten are known to be gone


def test_a_known_card_of_the_flush_suit_removes_one_out() -> None:
    choice = draw_odds("Ah Kh 7h 2h 9c", known="3h").choice("9c")
    assert choice.probability(H.FLUSH) == Fraction(8, 46)


def test_a_known_card_in_the_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="Kh"):
        draw_odds("Kh Kd 7s 4c 2d", known="Kh")


def test_a_player_discards_up_to_three_cards_or_stands_pat() -> None:
    hand = parse_cards("As 9d 7c 4h 2s")
    choices = legal_discards(hand)
    assert len(choices) == 1 + 5 + 10 + 10
    assert () in choices
    assert max(len(c) for c in choices) == 3


def test_with_ace_draw_a_fourth_discard_is_legal_only_while_an_ace_stays() -> None:
    hand = parse_cards("As 9d 7c 4h 2s")
    four_card = [c for c in legal_discards(hand, ace_draw=True) if len(c) == 4]
    assert four_card == [tuple(parse_cards("9d 7c 4h 2s"))]
    assert not [c for c in legal_discards(parse_cards("Ks 9d 7c 4h 2s"), ace_draw=True) if len(c) == 4]
    odds = draw_odds(hand, ace_draw=True)
    assert odds.choice("9d 7c 4h 2s").total == comb(47, 4)
    with pytest.raises(IllegalDiscardError, match="four when the card you keep is an ace"):
        odds.choice("As 7c 4h 2s")


def test_the_ladder_allows_any_four_discards() -> None:
    odds = draw_odds("Ks 9d 7c 4h 2s", discard_limit=4)
    assert len(odds.choices) == 31
    assert odds.choice("9d 7c 4h 2s").total == 178_365


def test_an_illegal_discard_says_what_is_legal() -> None:
    odds = draw_odds("Kh Kd 7s 4c 2d")
    with pytest.raises(IllegalDiscardError, match="up to three cards") as error:
        odds.choice("Kh Kd 7s 4c")
    assert "stand pat" in str(error.value)
    with pytest.raises(IllegalDiscardError, match="As is not in your hand"):
        odds.choice("As")
    with pytest.raises(IllegalDiscardError, match="3 or 4"):
        draw_odds("Kh Kd 7s 4c 2d", discard_limit=5)


def test_improving_means_finishing_in_a_better_category_than_the_hand_before_the_draw() -> None:
    odds = draw_odds("Kh Kd 7s 4c 2d")
    assert odds.current.category == H.PAIR
    pair = odds.choice("7s 4c 2d")
    assert pair.improve_count == sum(pair.counts[H.TWO_PAIR:])
    assert odds.choice(()).improve_count == 0
    # Breaking the pair: ending with another pair is not an improvement.
    broken = odds.choice("Kh Kd 2d")
    assert broken.improve_count == sum(broken.counts[H.TWO_PAIR:])


def test_average_points_use_the_documented_scale() -> None:
    choice = draw_odds("Kh Kd 7s 4c 2d").choice("7s 4c 2d")
    expected = Fraction(sum(n * p for n, p in zip(choice.counts, CATEGORY_POINTS)), choice.total)
    assert choice.average_points == expected


def test_the_coach_keeps_a_pair_and_draws_three_rather_than_keep_a_kicker() -> None:
    odds = draw_odds("Kh Kd As 4c 2d")
    assert odds.best("average").discard == tuple(parse_cards("As 4c 2d"))
    assert odds.best("improve").discard == tuple(parse_cards("As 4c 2d"))


def test_ranking_criteria_can_disagree_on_a_made_hand() -> None:
    odds = draw_odds("9h 8d 7c 6d 5s")  # a made straight
    assert odds.best("average").discard == ()
    assert odds.best("improve").discard != ()  # chasing a better category means breaking it
    assert odds.best(H.STRAIGHT).discard == ()
    with pytest.raises(ValueError, match="'average', 'improve'"):
        odds.best("luck")  # type: ignore[arg-type]


def test_ranked_puts_the_best_choice_first_and_keeps_every_choice() -> None:
    odds = draw_odds("Ah Kh 7h 2h 9c")
    ranked = odds.ranked(H.FLUSH)
    assert ranked[0] == odds.best(H.FLUSH)
    assert ranked[0].discard == tuple(parse_cards("9c"))
    assert sorted(map(id, ranked)) == sorted(map(id, odds.choices))


def _brute_force_counts(keep: list, pool: list, drawn: int) -> list[int]:
    counts = [0] * 9
    for extra in itertools.combinations(pool, drawn):
        counts[evaluate(list(keep) + list(extra)).category] += 1
    return counts


@settings(max_examples=25)
@given(
    deck_order=st.permutations(range(52)),
    unseen_count=st.integers(min_value=6, max_value=14),
    discard_mask=st.lists(st.booleans(), min_size=5, max_size=5).filter(lambda m: sum(m) <= 3),
)
def test_exact_odds_agree_with_brute_force_enumeration(deck_order: list[int], unseen_count: int, discard_mask: list[bool]) -> None:
    cards = [ALL_CARDS[i] for i in deck_order]
    hand, unseen, known = cards[:5], cards[5:5 + unseen_count], cards[5 + unseen_count:]
    assert set(unseen_cards(hand, known)) == set(unseen)
    discard = [card for card, thrown in zip(hand, discard_mask) if thrown]
    keep = [card for card in hand if card not in discard]
    choice = draw_odds(hand, known=known).choice(discard)
    assert list(choice.counts) == _brute_force_counts(keep, unseen, len(discard))


def test_the_simulated_final_hands_match_the_exact_odds_within_four_standard_errors() -> None:
    exact = draw_odds("Kh Kd 7s 4c 2d", known="9c").choice("7s 4c 2d")
    trials = 40_000
    result = simulate_equity("Kh Kd 7s 4c 2d", "7s 4c 2d", known="9c", opponent_count=2, trials=trials, rng=11)
    for category in H:
        p = float(exact.probability(category))
        error = np.sqrt(p * (1 - p) / trials)
        assert abs(result.category_frequencies[category] - p) <= 4 * error + 1e-12, category


def test_an_unbeatable_hand_wins_every_showdown() -> None:
    result = simulate_equity("Ts Js Qs Ks As", opponent_count=3, trials=3_000, rng=2)
    assert result.equity == 1.0
    assert result.standard_error == 0.0


def test_a_tie_counts_as_a_share_of_the_pot() -> None:
    # Only eight cards are unseen, and none of them pair or suit up: the opponent either makes the
    # same broadway straight (a split) or loses.
    hand = parse_cards("Ad Kc Qs Jh Th")
    unseen = parse_cards("As Kh Qd Jc Tc 2c 3d 4h")
    known = [card for card in ALL_CARDS if card not in hand and card not in unseen]
    result = simulate_equity(hand, known=known, opponent_count=1, trials=2_000, rng=3)
    assert result.tie_rate > 0
    assert result.equity == pytest.approx(1 - result.tie_rate / 2)


def test_the_same_seed_gives_the_same_equity_with_or_without_a_progress_callback(capsys: pytest.CaptureFixture[str]) -> None:
    reports: list[tuple[int, int]] = []
    shown = simulate_equity("Kh Kd 7s 4c 2d", "7s 4c 2d", opponent_count=1, trials=60_000, rng=5,
                            progress=lambda done, total: reports.append((done, total)))
    hidden = simulate_equity("Kh Kd 7s 4c 2d", "7s 4c 2d", opponent_count=1, trials=60_000, rng=5)
    assert reports == [(50_000, 60_000), (60_000, 60_000)]
    assert capsys.readouterr().err == ""  # the engine draws no bar of its own
    assert shown == hidden
    assert 0 < shown.standard_error < 0.01


def test_a_simulation_that_cannot_be_dealt_says_how_many_opponents_fit() -> None:
    with pytest.raises(SimulationError, match="choose 0 to 5 opponents"):
        simulate_equity("Kh Kd 7s 4c 2d", "7s 4c 2d", opponent_count=6)
    with pytest.raises(IllegalDiscardError, match="up to three"):
        simulate_equity("Kh Kd 7s 4c 2d", "Kh Kd 7s 4c")


@pytest.mark.parametrize(
    ("hand", "thrown"),
    [
        ("9h 8d 7c 6d 5s", ""),  # straight: pat
        ("Kh Kd Ks 7c 7d", ""),  # full house: pat
        ("4h 4d 4s 4c Kd", ""),  # four of a kind: pat
        ("Qh Qd Qs 7c 2d", "7c 2d"),  # trips: draw two
        ("Qh Qd 7s 7c 2d", "2d"),  # two pair: draw one
        ("Ah Kh 7h 2h 9c", "9c"),  # four-flush: draw one
        ("Jh Td 9c 8d 2s", "2s"),  # open-ended straight draw: draw one
        ("5h 5d 6c 7d 8s", "5d"),  # a pair inside an open-ended draw: the straight draw wins
        ("Ah Kd Qc Jd 3s", "Qc Jd 3s"),  # one-ended (A-K-Q-J): keep the two highest
        ("8h 8d Ac Kd 3s", "Ac Kd 3s"),  # a pair: draw three
        ("Ah Qd 9c 6d 3s", "9c 6d 3s"),  # nothing: keep the two highest
    ],
)
def test_simulated_opponents_draw_by_the_documented_policy(hand: str, thrown: str) -> None:
    cards = parse_cards(hand)
    mask = opponent_discards(np.array([[card.index for card in cards]]))[0]
    assert {card for card, out in zip(cards, mask) if out} == set(parse_cards(thrown))


def test_the_old_import_paths_still_give_the_coachs_own_objects() -> None:
    """pokerlab.odds and pokerlab.review are kept for teachers' notebooks: every name they list is there,
    and each that now lives in the coach is the coach's object itself, not a copy."""
    import importlib

    import pokerlab.odds
    import pokerlab.review

    for old in (pokerlab.odds, pokerlab.review):
        for name in old.__all__:
            value = getattr(old, name)
            home = getattr(value, "__module__", old.__name__)
            if home.startswith("pokerlab.coach"):
                assert getattr(importlib.import_module(home), name) is value, (old.__name__, name)
