"""No opponent's unrevealed card, no discard and no stock card ever reaches the browser.

A recording fake comm (the pattern of ipywidgets' ``widgets/tests/utils.py``) stands in for the
kernel's comm, so every opening state, state update and custom message the apps send is checked
*at the moment it is sent* against the engine's ground truth: the cards the learner may not know
then are every card except their own (dealt, discarded, received) and the cards the rules have
revealed (an ace shown by ace draw, hands shown at a showdown). Seeded full hands of all three apps,
with passive and aggressive learners, ace draw and blinds.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from pokerlab.cards import ALL_CARDS
from pokerlab.draw import HandState
from pokerlab.widgets.apps import DrawApp, FiveCardDrawApp, LadderApp, SaloonApp
from tests.widgets.recording import install, without_source
from tests.widgets.test_apps import aggressive, passive, play_hand, send

CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs])(?![A-Za-z0-9])")
ALL_CODES = {str(card) for card in ALL_CARDS}


def secret_cards(hand: HandState, learner: int) -> set[str]:
    """Every card the learner may not know right now, from the engine's own records."""
    known = set(hand.cards(learner))
    for event in hand.events:
        if event.seat == learner and event.kind in ("deal", "draw"):
            known |= set(event.cards) | set(event.received)
    known |= {ace for ace in hand.shown_aces if ace is not None}
    if hand.results is not None:
        for cards in hand.results.shown.values():
            known |= set(cards)
    return ALL_CODES - {str(card) for card in known}


class Checker:
    """Checks every payload against the secret cards of the hand being played when it is sent."""

    def __init__(self) -> None:
        self.app: DrawApp | None = None
        self.sent = 0
        self.checked_during_hands = 0

    def __call__(self, data: Any) -> None:
        self.sent += 1
        text = json.dumps(without_source(data), default=str)
        assert "_stock" not in text and "_hands" not in text and "_muck" not in text
        match = None if self.app is None else self.app.table.match
        if match is None or match.hand is None:
            return
        secret = secret_cards(match.hand, match.learner_seat)
        leaked = secret & set(CARD_CODE.findall(text))
        assert not leaked, f"hidden cards {sorted(leaked)} were sent to the browser: {text[:400]}"
        if not match.hand.is_over:
            self.checked_during_hands += 1


@pytest.fixture
def checker(monkeypatch: pytest.MonkeyPatch, tmp_path) -> Checker:  # noqa: ANN001
    monkeypatch.setenv("POKERLAB_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("POKERLAB_TEST_MODE", "1")
    check = Checker()
    install(monkeypatch, check)
    return check


def _play(app: DrawApp, checker: Checker, hands: int, policy: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    checker.app = app
    for _ in range(hands):
        if app.table.screen != "table":
            break
        play_hand(app.table, policy)
        send(app.table, {"type": "next"})
    assert checker.checked_during_hands > 10


@pytest.mark.parametrize(
    ("seed", "fields", "policy"),
    [
        (1, {"players": "6", "forced_bet": "antes", "ace_draw": "off", "level": "3"}, passive),
        (2, {"players": "4", "forced_bet": "blinds", "ace_draw": "on", "level": "1"}, aggressive),
        (3, {"players": "8", "forced_bet": "antes", "ace_draw": "on", "level": "5"}, aggressive),
        (4, {"players": "2", "forced_bet": "blinds", "ace_draw": "off", "level": "2"}, passive),
    ],
)
def test_five_card_draw_never_sends_a_hidden_card(checker: Checker, seed: int, fields: dict[str, str], policy) -> None:  # noqa: ANN001
    app = FiveCardDrawApp(seed=seed)
    checker.app = app
    send(app.table, {"type": "start", "fields": fields})
    send(app.table, {"type": "coach"})  # the coach is part of the page too
    _play(app, checker, 6, policy)


def test_saloon_draw_never_sends_a_hidden_card_even_across_save_and_restore(checker: Checker) -> None:
    app = SaloonApp(seed=5, learner="Ada")
    checker.app = app
    send(app.table, {"type": "start", "fields": {"ante": "25", "round_one": "5-25", "round_two": "25-100"}})
    _play(app, checker, 3, aggressive)
    send(app.table, {"type": "app", "id": "save", "fields": {"save_name": "check"}})
    send(app.table, {"type": "app", "id": "restore", "value": "check"})
    _play(app, checker, 3, passive)


def test_tournament_ladder_never_sends_a_hidden_card(checker: Checker) -> None:
    app = LadderApp(seed=6, learner="Ada")
    checker.app = app
    send(app.table, {"type": "app", "id": "level", "value": 1})
    _play(app, checker, 5, aggressive)
    assert app.table.screen == "end"


def test_the_checker_catches_a_leak(checker: Checker) -> None:
    """The check above can fail: an opponent's card put in a synced trait is caught."""
    app = FiveCardDrawApp(seed=7)
    checker.app = app
    send(app.table, {"type": "start", "fields": {"players": "3"}})
    hand = app.table.match.hand
    with pytest.raises(AssertionError, match="hidden cards"):
        app.table.message = f"Ada holds {hand.cards(1)[0]}"
