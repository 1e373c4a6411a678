"""The draw coach widget: what it syncs to the browser, and how it answers the learner's taps.

A fake comm records everything the widget would send to the front end (the opening state, every
state update and custom message), so the tests can prove that only the learner's own five cards
and computed numbers ever leave Python.
"""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest

from pokerlab import parse_cards
from pokerlab.coach.advice import advise
from pokerlab.coach.exact import draw_odds
from pokerlab.widgets.coach import Coach
from tests.widgets.recording import payload_text, record

CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs])(?![A-Za-z0-9])")


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    return record(monkeypatch)


def _text(log: list[Any]) -> str:
    return payload_text(log)


def _tap(coach: Coach, content: dict[str, Any]) -> None:
    """What the browser's ``model.send(content)`` triggers in the kernel."""
    coach._handle_custom_msg(content, [])


def test_the_coach_sends_only_the_learners_own_cards_and_numbers(sent: list[Any]) -> None:
    hand = "Kh Kd As 4c 2d"
    known = parse_cards("Qs 3c 9h Jd")  # the learner's earlier discards: known, but never sent
    coach = Coach(hand, known=known, opponents=[None, 2])
    coach.wait()
    for index in (2, 3, 4, 2):
        _tap(coach, {"type": "toggle", "index": index})
    _tap(coach, {"type": "opponents", "count": 3})
    coach.wait()
    _tap(coach, {"type": "best"})
    text = _text(sent)
    assert sent, "the fake comm recorded nothing"
    assert set(CARD_CODE.findall(text)) <= set(hand.split())
    for card in known:
        assert card.pretty not in text and card.name not in text
    assert f'"unseen_count": {52 - 5 - len(known)}' in text


def test_nothing_of_the_coachs_choice_is_sent_before_the_learner_chooses_or_asks(sent: list[Any]) -> None:
    coach = Coach("Kh Kd As 4c 2d", opponents=4)
    coach.wait()
    assert coach.advice is not None  # computed, but kept in Python
    assert (coach.marked, coach.tried, coach.best, coach.chart, coach.revealed) == ([], {}, {}, [], False)
    text = _text(sent)
    assert '"win"' not in text and "keep K" not in text and "draw 3" not in text
    _tap(coach, {"type": "best"})
    assert coach.revealed and coach.marked == [2, 3, 4] and coach.best["label"] == "keep K♥ K♦, draw 3"


def test_the_win_chances_are_computed_off_the_message_handler_with_progress(sent: list[Any]) -> None:
    coach = Coach("Kh Kd As 4c 2d", opponents=2)
    handler_thread = threading.current_thread()
    assert coach._worker is not None and coach._worker is not handler_thread
    _tap(coach, {"type": "try", "discard": ["As", "4c", "2d"]})  # answered at once with the exact odds
    assert coach.tried["counts"][2] == 2_592
    coach.wait()
    assert not coach.busy and coach.progress == 1.0
    assert "win" in coach.tried and 0 < coach.tried["win"] < 1
    progress = [state.get("state", state).get("progress") for state in _states(sent)]
    assert any(value is not None and 0 < value < 1 for value in progress)


def test_the_synced_numbers_are_the_exact_odds_and_the_advice(sent: list[Any]) -> None:
    coach = Coach("Kh Kd As 4c 2d", opponents=4, background=False)
    _tap(coach, {"type": "try", "discard": ["As", "4c", "2d"]})
    exact = draw_odds("Kh Kd As 4c 2d").choice("As 4c 2d")
    advice = advise("Kh Kd As 4c 2d", opponents=4)
    assert coach.tried["counts"] == list(exact.counts)
    assert coach.tried["counts"][2] == 2_592 and coach.tried["total"] == 16_215
    assert coach.tried["win"] == pytest.approx(advice.choice("As 4c 2d").win)
    assert coach.tried["is_best"] and coach.tried["rank"] == 1
    state = _text(sent[-5:])
    assert "2592" in state and "16215" in state


def test_every_figure_the_panel_shows_comes_written_from_python() -> None:
    """coach.js draws bars from the fractions; each figure beside them arrives as its text (issue 31)."""
    coach = Coach("Kh Kd As 4c 2d", opponents=4, background=False)
    coach.try_discard("As 4c 2d")
    tried = coach.tried
    assert (tried["count_texts"][2], tried["total_text"]) == ("2,592", "16,215")
    assert tried["shares"][2] == f"{2592 / 16215 * 100:.1f}%" and tried["shares"][0] == "0%"
    assert tried["win_text"] == f"{tried['win'] * 100:.1f}% ± {tried['margin'] * 100:.1f}"
    assert coach.summary == (f"Keep K♥ K♦, draw 3: wins {tried['win_text']} of the pot, chance to improve "
                             f"{tried['improve_text']}. As good as the best.")
    assert coach.detail_title == "What you end with (16,215 possible draws)"
    assert coach.chart_title == "The best choices against 4 players"
    assert coach.opponent_choices == ["1 player", "2 players", "3 players", "4 players", "5 players"]
    coach.try_discard("Kh Kd 2d")  # a worse choice (breaking the kings): its rank among them all
    assert coach.tried["rank"] > 1
    assert coach.summary.endswith(f"Ranks {coach.tried['rank']} of {coach.tried['choice_count']}.")
    coach.set_opponents(1)
    assert coach.chart_title == "The best choices against 1 player"


def test_tapping_a_card_marks_it_and_shows_that_choice(sent: list[Any]) -> None:
    coach = Coach("4c 4h 9h 7h 2h", opponents=1, background=False)
    assert coach.marked == []
    _tap(coach, {"type": "toggle", "index": 0})  # throw a four: the flush draw
    assert coach.marked == [0] and coach.tried["discard"] == ["4c"]
    assert "less than the coach's choice" in coach.explanation
    assert "Against one player you only have to beat one hand" in coach.explanation


def test_the_advice_changes_with_the_number_of_opponents(sent: list[Any]) -> None:
    coach = Coach("4c 4h 9h 7h 2h", opponents=1, background=False)
    _tap(coach, {"type": "best"})
    assert coach.best["keep"] == ["4c", "4h"]
    _tap(coach, {"type": "opponents", "count": 4})
    coach.wait()
    _tap(coach, {"type": "best"})
    assert coach.best["keep"] == ["4h", "9h", "7h", "2h"] and coach.marked == [0]
    assert "beats everyone" in coach.explanation


def test_choices_within_the_margin_are_about_the_same_and_nothing_is_starred(sent: list[Any]) -> None:
    coach = Coach("9h 9d 9s 9c 2d", opponents=2, background=False)  # the fifth card never decides
    coach.try_discard("2d")
    close = [item for item in coach.chart if item["about_same"]]
    assert len(close) >= 2 and not any(item["is_best"] for item in coach.chart)
    assert "About the same" in coach.explanation


def test_an_illegal_tap_shows_the_rule_and_changes_nothing(sent: list[Any]) -> None:
    coach = Coach("Kh Kd 7s 4c 2d", background=False)
    _tap(coach, {"type": "try", "discard": ["Kh", "Kd", "7s"]})
    before = (list(coach.marked), dict(coach.tried))
    _tap(coach, {"type": "toggle", "index": 3})  # a fourth card without ace draw
    assert "up to three cards" in coach.message
    assert "Traceback" not in coach.message
    assert (coach.marked, coach.tried) == before
    _tap(coach, {"type": "toggle", "index": 2})  # unmarking a card is always allowed
    assert coach.message == ""
    assert coach.marked == [0, 1]


def test_ace_draw_lets_the_learner_throw_four_to_an_ace(sent: list[Any]) -> None:
    coach = Coach("As 9d 7c 4h 2s", ace_draw=True, background=False)
    _tap(coach, {"type": "try", "discard": ["9d", "7c", "4h", "2s"]})
    assert coach.message == ""
    assert coach.tried["total"] == 178_365
    assert "ace" in coach.rules_text


def test_update_shows_a_new_hand_with_its_known_cards(sent: list[Any]) -> None:
    coach = Coach("Kh Kd 7s 4c 2d", background=False)
    coach.try_discard("7s 4c 2d")
    coach.update("9h 8d 7c 6d Kc", known="5s 5c")
    assert coach.hand == ["9h", "8d", "7c", "6d", "Kc"] and not coach.revealed and coach.tried == {}
    assert coach.unseen_count == 45
    coach.try_discard("Kc")
    assert coach.tried["counts"][4] == 6  # two of the eight straight cards are known to be gone
    assert "5s" not in _text(sent) and "5c" not in _text(sent)


def test_the_chart_marks_the_best_choice_and_includes_the_learners_choice(sent: list[Any]) -> None:
    coach = Coach("Kh Kd As 4c 2d", opponents=4, background=False)
    coach.try_discard("Kh Kd")  # a poor choice, far down the ranking
    assert coach.chart[0]["is_best"]
    assert coach.chart[-1]["is_tried"] and coach.chart[-1]["discard"] == ["Kh", "Kd"]
    assert coach.tried["rank"] > 6


def test_an_unknown_message_is_answered_in_words(sent: list[Any]) -> None:
    coach = Coach("Kh Kd 7s 4c 2d", background=False)
    _tap(coach, {"type": "shuffle"})
    assert "did not understand" in coach.message
    _tap(coach, {"type": "opponents", "count": 9})
    assert "1 to 5 opponents" in coach.message
    coach._on_message(coach, ["not", "a", "dict"], [])
    assert "did not understand" in coach.message


def _states(log: list[Any]) -> list[dict[str, Any]]:
    return [entry for entry in log if isinstance(entry, dict)]
