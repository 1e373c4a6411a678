"""My hands' replay (issue 29): at each of the learner's decisions in a kept hand, the coach's odds are
the coach's for the same situation (the review of the full hand, same trials and seed), what they chose,
and one line naming the decision that cost the most; PHH of one hand or many, as the learner saw it."""

from __future__ import annotations

import tomllib

import numpy as np
import pytest

from pokerlab.apps.my_hands import phh_of, replay
from pokerlab.coach.draw_review import DrawReview
from pokerlab.coach.seat_review import review_hand
from pokerlab.coach.words import coach_words, played_words
from pokerlab.draw import HandState, five_card_draw, random_legal_action, saloon_draw
from pokerlab.storage.kept_hands import KeptHand, hand_record

TRIALS = 300


def played_hand(seed: int, player_count: int = 3, rules=None) -> HandState:  # type: ignore[no-untyped-def]
    rules = rules or five_card_draw(player_count=player_count)
    rng = np.random.default_rng(seed)
    while True:
        state = HandState(rules, [500] * rules.player_count, dealer=seed % rules.player_count, rng=seed)
        while not state.is_over:
            legal = state.legal_actions()
            # the learner (seat 0) never folds, so the hand has decisions to replay
            if state.actor == 0 and any(item.kind.value != "fold" for item in legal):
                action = random_legal_action(state, rng)
                while action.kind.value == "fold":
                    action = random_legal_action(state, rng)
            else:
                action = random_legal_action(state, rng)
            state.apply(action)
        return state


def kept(state: HandState, seed: int, game: str = "five-card-draw") -> KeptHand:
    record = hand_record(state, 0, game, f"{game}:g:{seed}", review_trials=TRIALS, review_seed=seed)
    return KeptHand(1, record.hand_key, game, "2026-12-01T18:00:00.000000+00:00", 0, record.pot, record.net,
                    record.hand, record.phh, TRIALS, seed, None, None)


def test_the_replays_odds_at_each_decision_are_the_coachs_for_the_same_situation() -> None:
    checked, draws = 0, 0
    for seed in range(1, 40):
        state = played_hand(seed)
        rules = state.rules
        coach = review_hand(list(state.events), 0, rules.max_discards, rules.ace_draw, big_bet=rules.limits[1][1],
                            trials=TRIALS, rng=seed, bet_sizes=(rules.limits[0][0], rules.limits[1][0]),
                            bet_cap=rules.bet_cap)
        shown = replay(kept(state, seed))
        assert len(shown.steps) == len(coach.decisions)
        checked += bool(coach.decisions)
        for step, decision in zip(shown.steps, coach.decisions):
            finding = decision.finding
            if isinstance(finding, DrawReview):
                draws += 1
                assert finding.advice is not None
                assert [item["win"] for item in step.chances] == [round(c.win, 4) for c in finding.advice.choices]
            else:
                assert step.win == round(finding.equity.equity, 4)
                assert [item["value"] for item in step.chances] == [round(value, 2) for _, value in finding.values]
            assert step.chose == played_words(decision) and step.coach == coach_words(decision) and step.cost == decision.chips
            assert sum(item["chosen"] for item in step.chances) == 1
            assert set(step.cards) == {str(card) for card in decision.cards}
    assert checked >= 10 and draws >= 5


def test_one_line_names_the_decision_that_cost_the_most() -> None:
    for seed in range(5, 40):
        shown = replay(kept(played_hand(seed), seed))
        costs = [step.cost or 0.0 for step in shown.steps]
        if max(costs, default=0) > 1:
            worst = shown.steps[costs.index(max(costs))]
            assert shown.costliest.startswith("The decision that cost the most: ")
            assert worst.stage in shown.costliest and worst.chose in shown.costliest
            return
    pytest.fail("no hand with a costly decision among the seeds tried")


def test_what_the_learner_knew_at_a_decision_is_only_what_had_happened_before_it() -> None:
    state = played_hand(1)
    shown = replay(kept(state, 1))
    lengths = [len(step.knew) for step in shown.steps]
    assert len(lengths) >= 2 and lengths == sorted(lengths) and lengths[-1] < len(shown.story)


def test_phh_of_several_hands_is_one_file_pokerlab_and_toml_can_read_and_unplayable_games_are_named() -> None:
    five = [hand for hand in (kept(played_hand(seed), seed) for seed in range(1, 40)) if hand.phh is not None][:2]
    saloon = kept(played_hand(9, rules=saloon_draw(player_count=3)), 9, game="saloon-draw")
    assert saloon.phh is None
    text, skipped = phh_of([*five, saloon])
    tables = tomllib.loads(text)
    assert sorted(tables) == ["1", "2"] and all(table["variant"] == "F5CD" for table in tables.values())
    assert all("_viewer" in table for table in tables.values())
    assert len(skipped) == 1 and skipped[0].startswith("Saloon Draw hand")


def test_an_imported_phh_file_replays_as_its_kept_hand_does() -> None:
    """Export a kept hand's PHH (as the learner saw it), import it: the same decisions, cards, what the
    learner knew and the same hand told; with the same review seed, the same odds."""
    from pokerlab.apps.my_hands import imported_hand

    compared = 0
    for seed in range(1, 20):
        hand = kept(played_hand(seed), seed)
        if hand.phh is None:
            continue
        imported = imported_hand(hand.phh)
        assert imported.seat == hand.seat and imported.hand["view"] == hand.hand["view"]
        assert imported.hand["events"] == hand.hand["events"]
        same_seed = KeptHand(**{**imported.__dict__, "review_trials": TRIALS, "review_seed": seed})
        ours, theirs = replay(hand), replay(same_seed)
        assert [step.to_json() for step in theirs.steps] == [step.to_json() for step in ours.steps]
        assert theirs.story == ours.story and theirs.costliest == ours.costliest
        compared += 1
    assert compared >= 5


def test_an_import_that_cannot_be_read_says_what_was_wrong() -> None:
    from pokerlab.apps.my_hands import imported_hand
    from pokerlab.phh import PhhError

    for text, words in (("", "Paste or upload"), ("variant = 'NLHE'", "variant is 'NLHE'"), ("[x", "not valid TOML")):
        with pytest.raises(PhhError, match=words):
            imported_hand(text)


def test_a_session_of_hands_as_one_phhs_file_loads_hand_by_hand_in_pokerkit() -> None:
    """The list's download (a session, or any filtered list): pokerkit's multi-hand reader reads every hand
    of the .phhs text, and each replays to the hand's final stacks."""
    from tests.test_phh import READER, pokerlab_result, quietly

    states = [played_hand(seed, player_count=2 + seed % 5) for seed in range(1, 30)]
    hands = [kept(state, seed) for seed, state in enumerate(states, start=1)]
    text, skipped = phh_of(hands)
    with_phh = [state for state, hand in zip(states, hands) if hand.phh is not None]
    assert len(with_phh) >= 8 and len(skipped) == len(hands) - len(with_phh)
    loaded = list(READER.loads_all(text))
    assert len(loaded) == len(with_phh)
    context = quietly()
    try:
        for history, state in zip(loaded, with_phh):
            *_, (final, _) = history.state_actions
            assert list(final.stacks) == pokerlab_result(state)[0]
    finally:
        context.__exit__(None, None, None)


def test_the_latest_visit_is_the_newest_hands_without_a_gap_of_8_hours() -> None:
    from dataclasses import replace

    from pokerlab.widgets.my_hands_widget import latest_visit

    hand = kept(played_hand(1), 1)
    times = ["2026-12-02T09:00", "2026-12-02T08:10", "2026-12-02T01:11", "2026-12-02T01:09", "2026-12-01T17:09"]
    hands = [replace(hand, id=number, played_at=f"{moment}:00.000000+00:00") for number, moment in enumerate(times)]
    assert [item.id for item in latest_visit(hands)] == [0, 1, 2, 3]  # 50 min, 6 h 59 min, 2 min; then 8 h exactly
    assert [item.id for item in latest_visit(hands[3:])] == [3]
    assert latest_visit([]) == []
