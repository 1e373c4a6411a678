"""My hands (issue 29): every finished hand a learner plays is kept once, under their name, as they saw it.

Many seeded hands are played through the apps exactly as the browser plays them (Five-Card Draw at
every table size, with antes or blinds and ace draw, Saloon Draw, the Ladder); each kept hand is then
compared with the full deal, which the test alone saw: no kept hand holds a card its learner did not
see (an opponent's hidden card, a discard that was not shown). On SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
import sqlalchemy

from pokerlab.coach.hand_review import review_seed
from pokerlab.draw.state import HandState
from pokerlab.storage import open_store
from pokerlab.storage.kept_hands import HandRecord, KeptHand, keep_hand_in, kept_hand, kept_hands, set_flags
from pokerlab.storage.learners import Learner, learner_id_in
from pokerlab.storage.schema import kept_hands as kept_hands_table
from pokerlab.storage.schema import settlements
from pokerlab.storage.urls import URL_ENV_VAR
from tests.widgets.playing import finish_hand

CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")


@pytest.fixture
def database(target: str, backend: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The apps' own database is the test's (the data folder's SQLite file, or the PostgreSQL schema)."""
    monkeypatch.setenv("POKERLAB_TEST_MODE", "1")
    monkeypatch.delenv("POKERLAB_SEED", raising=False)
    if backend == "postgresql":
        monkeypatch.setenv(URL_ENV_VAR, target)
        return target
    return str(open_store(None).url.database)


def cards_in(item: Any) -> Iterator[str]:
    """Every card code held anywhere in a JSON value (strings that are exactly one card)."""
    if isinstance(item, str):
        if CARD.fullmatch(item):
            yield item
    elif isinstance(item, dict):
        for value in item.values():
            yield from cards_in(value)
    elif isinstance(item, list):
        for value in item:
            yield from cards_in(value)


def cards_in_phh(text: str) -> set[str]:
    actions = tomllib.loads(text)["actions"]
    found: set[str] = set()
    for action in actions:
        words = action.split()
        if len(words) >= 3 and words[-2] in ("dh", "sd", "sm"):
            found.update(CARD.findall(words[-1]))
    return found


def seen_by(state: HandState, seat: int) -> set[str]:
    """The cards ``seat`` saw in the full hand: its own, the aces shown, the hands shown at the showdown."""
    seen: set[str] = set()
    for event in state.events:
        if event.seat == seat and event.kind in ("deal", "draw"):
            seen.update(str(card) for card in event.cards + event.received)
        elif event.kind == "ace_shown":
            seen.update(str(card) for card in event.cards)
    assert state.results is not None
    for cards in state.results.shown.values():
        seen.update(str(card) for card in cards)
    return seen


def every_card_of(state: HandState) -> set[str]:
    found: set[str] = set()
    for event in state.events:
        found.update(str(card) for card in event.cards + event.received)
    return found


def choose(payload: dict[str, Any], rng: np.random.Generator) -> dict[str, Any]:
    """A random legal choice of the learner, as the browser sends it."""
    legal = payload["legal"]
    item = legal[int(rng.integers(len(legal)))]
    kind = item["kind"]
    if kind == "draw":
        me = payload["players"][payload["learner_seat"]]
        count = int(rng.integers(0, 4))
        return {"type": "act", "kind": "draw", "discards": me["cards"][:count]}
    if kind in ("bet", "raise", "all_in"):
        return {"type": "act", "kind": kind, "amount": item["min_to"]}
    return {"type": "act", "kind": kind}


def play_out(app: Any, rng: np.random.Generator, hands: int, full: dict[str, HandState],
             deals: dict[str, tuple[int, int]] | None = None) -> int:
    """Play up to ``hands`` hands of ``app``'s match, noting each finished hand's full deal (and in
    ``deals``, its match's seed and hand number) by its key."""
    table = app.table

    def learner(payload: dict[str, Any]) -> None:
        before = len(table.match.hand.actions)
        table._handle_custom_msg(choose(payload, rng), [])
        if len(table.match.hand.actions) == before:  # refused (an illegal discard count): fold instead
            kinds = [item["kind"] for item in payload["legal"]]
            table._handle_custom_msg({"type": "act", "kind": "draw" if "draw" in kinds else "fold", "discards": []}, [])

    played = 0
    while table.screen == "table" and played < hands:
        finish_hand(table, learner)
        assert table.match.hand.is_over
        newest = kept_hands(None, app.learner, limit=1)[0]  # kept by the step that finished it
        assert newest.hand_key not in full
        full[newest.hand_key] = table.match.hand
        if deals is not None:
            deals[newest.hand_key] = (table.match.seed, table.match.hand_number)
        played += 1
        table._handle_custom_msg({"type": "next"}, [])
    return played


def test_every_hand_is_kept_once_and_holds_no_card_its_learner_did_not_see(database: str) -> None:
    from pokerlab.widgets.apps import FiveCardDrawApp, LadderApp, SaloonApp

    rng = np.random.default_rng(29)
    full: dict[str, HandState] = {}
    deals: dict[str, tuple[int, int]] = {}
    played = 0
    ada = None
    for number, (players, forced, ace) in enumerate([(2, "blinds", "off"), (3, "antes", "on"), (6, "antes", "off"),
                                                     (8, "blinds", "on"), (4, "blinds", "off")]):
        app = FiveCardDrawApp(seed=100 + number, learner="Ada")
        ada = app.learner
        app.start({"players": str(players), "forced_bet": forced, "ace_draw": ace})
        played += play_out(app, rng, 6, full, deals)
        app.hold.give_up()
    saloon = SaloonApp(seed=7, learner="Ada")
    saloon.start({})
    played += play_out(saloon, rng, 5, full, deals)
    saloon.hold.give_up()
    ladder = LadderApp(seed=3, learner="Ada")
    ladder.table._handle_custom_msg({"type": "app", "id": "level", "value": 1}, [])
    played += play_out(ladder, rng, 5, full, deals)
    assert ada is not None

    kept = kept_hands(None, ada)
    assert len(kept) == played == len(full) >= 30
    assert {hand.hand_key for hand in kept} == set(full)
    assert {hand.game for hand in kept} == {"five-card-draw", "saloon-draw", "ladder"}
    unseen_total = 0
    for hand in kept:
        state = full[hand.hand_key]
        seat = hand.seat
        seen = seen_by(state, seat)
        unseen = every_card_of(state) - seen
        unseen_total += len(unseen)
        held = set(cards_in(hand.hand))
        if hand.phh is not None:
            held |= cards_in_phh(hand.phh)
        assert held <= seen, f"{hand.hand_key} keeps {sorted(held - seen)}, which its learner never saw"
        own_deal = next(e for e in state.events if e.kind == "deal" and e.seat == seat)
        assert {str(card) for card in own_deal.cards} <= held  # the learner's own cards are kept
        assert hand.net == state.results.net[seat]
        assert hand.pot == sum(state.contributions)
        assert "seed" not in json.dumps(hand.hand)
        match_seed, number = deals[hand.hand_key]  # the review's seed is kept, and tells nothing of the deals
        assert hand.review_seed == review_seed(match_seed, number)
        assert match_seed not in (hand.review_seed, hand.review_seed // 1_000)
    assert unseen_total > 100  # the hands had plenty to hide
    assert any(hand.phh is not None for hand in kept) and any(hand.phh is None for hand in kept)

    # the ladder's last hand was kept in the transaction that settled the level
    store = open_store(None)
    ladder_keys = [key for key in full if key.startswith("ladder:")]
    assert len(ladder_keys) == 5
    assert store.read(lambda c: c.scalar(sqlalchemy.select(sqlalchemy.func.count()).select_from(settlements).where(
        settlements.c.step == "award"))) == 1


def learner(name: str) -> Learner:
    return open_store(None).write(lambda c: Learner(learner_id_in(c, name, create=True), name, "legacy"))


def record(key: str, game: str = "five-card-draw", pot: int = 40, net: int = -10) -> HandRecord:
    return HandRecord(key, game, 0, pot, net, {"view": {"events": []}})


def test_the_list_is_the_learners_own_newest_first_and_filters_by_game_result_pot_and_flags(target: str) -> None:
    store = open_store(target)
    ada, bo = (store.write(lambda c, n=n: Learner(learner_id_in(c, n, create=True), n, "legacy")) for n in ("Ada", "Bo"))
    rows = [record("a", pot=20, net=10), record("b", "saloon-draw", pot=200, net=-50), record("c", pot=60, net=0),
            record("d", "class-3", pot=90, net=30)]
    for row in rows:
        assert store.write(lambda c, row=row: keep_hand_in(c, ada, row))
    assert store.write(lambda c: keep_hand_in(c, bo, record("a", pot=999)))
    assert not store.write(lambda c: keep_hand_in(c, ada, record("a", pot=5)))  # kept once
    assert [h.hand_key for h in kept_hands(store, ada)] == ["d", "c", "b", "a"]
    assert [h.hand_key for h in kept_hands(store, bo)] == ["a"]
    assert [h.hand_key for h in kept_hands(store, ada, game="five-card-draw")] == ["c", "a"]
    assert [h.hand_key for h in kept_hands(store, ada, game="class-")] == ["d"]
    assert [h.hand_key for h in kept_hands(store, ada, outcome="won")] == ["d", "a"]
    assert [h.hand_key for h in kept_hands(store, ada, outcome="lost")] == ["b"]
    assert [h.hand_key for h in kept_hands(store, ada, min_pot=50, max_pot=100)] == ["d", "c"]
    assert kept_hands(store, ada, flagged=True) == [] and kept_hands(store, ada, flagged=False) == []
    assert set_flags(store, ada, "b", [{"decision": 0, "chips": 12.5}]) and set_flags(store, ada, "c", [])
    assert not set_flags(store, ada, "zz", [])
    assert [h.hand_key for h in kept_hands(store, ada, flagged=True)] == ["b"]
    assert [h.hand_key for h in kept_hands(store, ada, flagged=False)] == ["c"]
    first: KeptHand = kept_hands(store, ada, flagged=True)[0]
    assert first.flags == [{"decision": 0, "chips": 12.5}] and first.flagged is True
    assert kept_hand(store, ada, first.id) == first
    assert kept_hand(store, bo, first.id) is None  # another learner's hand is not theirs to open
    assert store.read(lambda c: c.scalar(sqlalchemy.select(sqlalchemy.func.count()).select_from(kept_hands_table))) == 5
