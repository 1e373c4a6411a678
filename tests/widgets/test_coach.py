"""The draw coach widget: what it syncs to the browser, and how it answers the learner's taps.

A fake comm records everything the widget would send to the front end (the opening state, every
state update and custom message), so the tests can prove that only the learner's own five cards
and computed numbers ever leave Python.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pokerlab import parse_cards
from pokerlab.odds import draw_odds
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
    coach = Coach(hand, known=known)
    for index in (2, 3, 4, 2):
        _tap(coach, {"type": "toggle", "index": index})
    _tap(coach, {"type": "criterion", "criterion": "improve"})
    _tap(coach, {"type": "best"})
    text = _text(sent)
    assert sent, "the fake comm recorded nothing"
    assert set(CARD_CODE.findall(text)) <= set(hand.split())
    for card in known:
        assert card.pretty not in text and card.name not in text
    assert f'"unseen_count": {52 - 5 - len(known)}' in text


def test_the_synced_numbers_are_the_exact_odds(sent: list[Any]) -> None:
    coach = Coach("Kh Kd As 4c 2d")
    _tap(coach, {"type": "try", "discard": ["As", "4c", "2d"]})
    exact = draw_odds("Kh Kd As 4c 2d").choice("As 4c 2d")
    assert coach.tried["counts"] == list(exact.counts)
    assert coach.tried["counts"][2] == 2_592 and coach.tried["total"] == 16_215
    assert coach.tried["is_best"]
    state = _text(sent[-5:])
    assert "2592" in state and "16215" in state


def test_tapping_a_card_marks_it_and_shows_that_choice(sent: list[Any]) -> None:
    coach = Coach("Ah Kh 7h 2h 9c")
    assert coach.marked == [4]  # the coach starts on its own choice: throw the nine
    _tap(coach, {"type": "toggle", "index": 4})
    assert coach.marked == [] and coach.tried["label"] == "stand pat"
    _tap(coach, {"type": "toggle", "index": 3})
    assert coach.marked == [3]
    assert coach.tried["discard"] == ["2h"]
    assert "give up" in coach.explanation


def test_an_illegal_tap_shows_the_rule_and_changes_nothing(sent: list[Any]) -> None:
    coach = Coach("Kh Kd 7s 4c 2d")
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
    coach = Coach("As 9d 7c 4h 2s", ace_draw=True)
    _tap(coach, {"type": "try", "discard": ["9d", "7c", "4h", "2s"]})
    assert coach.message == ""
    assert coach.tried["total"] == 178_365
    assert "ace" in coach.rules_text


def test_update_shows_a_new_hand_with_its_known_cards(sent: list[Any]) -> None:
    coach = Coach("Kh Kd 7s 4c 2d")
    coach.update("9h 8d 7c 6d Kc", known="5s 5c")
    assert coach.hand == ["9h", "8d", "7c", "6d", "Kc"]
    assert coach.unseen_count == 45
    coach.try_discard("Kc")
    assert coach.tried["counts"][4] == 6  # two of the eight straight cards are known to be gone
    assert "5s" not in _text(sent) and "5c" not in _text(sent)


def test_the_chart_marks_the_best_choice_and_includes_the_learners_choice(sent: list[Any]) -> None:
    coach = Coach("Kh Kd As 4c 2d")
    coach.try_discard("Kh Kd")  # a poor choice, far down the ranking
    assert coach.chart[0]["is_best"]
    assert coach.chart[-1]["is_tried"] and coach.chart[-1]["discard"] == ["Kh", "Kd"]
    assert coach.tried["rank"] > 6


def test_an_unknown_message_is_answered_in_words(sent: list[Any]) -> None:
    coach = Coach("Kh Kd 7s 4c 2d")
    _tap(coach, {"type": "shuffle"})
    assert "did not understand" in coach.message
    _tap(coach, {"type": "criterion", "criterion": "luck"})
    assert "average" in coach.message
