"""A live table as pure state (issue 25): learners and computer opponents at one match, timeouts,
leaving and coming back, and the views each caller gets."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerlab.dealer.table_settings import TableError, TableSettings, normalize_code
from pokerlab.dealer.tables import ENDED, PAUSED, LiveTable
from pokerlab.dealer.words import ENGLISH, Said
from pokerlab.draw import Action, ActionKind
from tests.widgets.test_hidden_information import secret_cards

ANN, BO, CY = 1, 2, 3


def table(seats: int = 3, **options: object) -> LiveTable:
    return LiveTable("K7Q2MX", TableSettings(seats=seats, bot_level=1, **options), seed=7, created_by="Ann",
                     bot_seconds=1.0, next_hand_seconds=5.0)


def run_until_person(live: LiveTable, now: float) -> float:
    """Let time pass until a person is to act (or nothing is due); the time then."""
    while True:
        while live.advance(now):
            pass
        due = live.due_at()
        if due is None or (live.turn is not None and live.turn.person):
            return now
        now = max(now, due)


def finish_hand(live: LiveTable, now: float, people: dict[int, int], fold: bool = False) -> float:
    """Play the hand in progress to its end (people check, call or stand pat, or ``fold``) without
    dealing the next; ``people`` maps seats to learners. The time then."""
    hand = live.match.hand
    while not hand.is_over:
        turn = live.turn
        now = max(now, turn.at) if not turn.person or turn.seat not in people else now
        if turn.person and turn.seat in people:
            learner = people[turn.seat]
            live.act(learner, Action(ActionKind.FOLD) if fold else choose(live, learner), now=now)
        else:
            live.advance(now)
    return now


def choose(live: LiveTable, learner: int) -> Action:
    """Check, call or stand pat: a quiet legal choice."""
    offers = {offer.kind: offer for offer in live.match.hand.legal_actions()}
    for kind in (ActionKind.CHECK, ActionKind.CALL):
        if kind in offers:
            return Action(kind)
    if ActionKind.DRAW in offers:
        return Action(ActionKind.DRAW, discards=())
    return Action(ActionKind.FOLD)


def test_settings_are_checked_and_a_code_is_six_clear_characters() -> None:
    with pytest.raises(TableError, match="2 to 8 seats"):
        TableSettings(seats=9)
    with pytest.raises(TableError, match="time to act is one of 15, 30, 60, 120"):
        TableSettings(time_to_act=5)
    with pytest.raises(TableError, match="Saloon Draw's ante and limits"):
        TableSettings(game="saloon-draw", ante=7)
    assert TableSettings.from_json({"game": "saloon-draw", "round_one": "25-50", "seats": "4"}).round_one == (25, 50)
    assert normalize_code(" k7q2mx ") == "K7Q2MX"
    with pytest.raises(TableError, match="6 letters and digits") as refused:
        normalize_code("K7Q2M0")
    assert refused.value.said == Said("table_code", {"given": "'K7Q2M0'"}) and refused.value.status == 400


def test_computer_opponents_fill_the_seats_no_learner_takes_and_act_on_the_dealers_clock() -> None:
    live = table(seats=4)
    assert live.advance(0.0) is False  # nobody there: a table of bots alone does not run
    live.sit(ANN, "Ann", now=0.0)
    live.sit(BO, "Bo", seat=2, now=0.0)
    assert live.advance(0.0) and live.match.humans == {0, 2} and set(live.match.bots) == {1, 3}
    now = run_until_person(live, 0.0)
    assert live.turn.seat in (0, 2) and live.turn.at == now + 30
    with pytest.raises(TableError, match="not yours") as out_of_turn:
        live.act(ANN if live.turn.seat == 2 else BO, Action(ActionKind.FOLD), now=now)
    assert out_of_turn.value.said == Said("not_your_turn", {"name": live.match.names[live.turn.seat]})


def test_a_player_whose_time_runs_out_checks_when_that_is_free_else_folds() -> None:
    live = table(seats=2)
    live.sit(ANN, "Ann", now=0.0)
    live.sit(BO, "Bo", now=0.0)
    now = run_until_person(live, 0.0)
    seat = live.turn.seat
    free = ActionKind.CHECK in {offer.kind for offer in live.match.hand.legal_actions()}
    assert live.advance(now + 29.9) is False  # not yet
    assert live.advance(now + 30.0)
    last = [event for event in live.match.hand.events if event.seat == seat][-1]
    assert last.kind == ("check" if free else "fold")
    name = live.sitters[seat].name
    assert live.notice == Said("timeout_checks" if free else "timeout_folds", {"name": name})
    assert str(live.notice) == f"{name} ran out of time and {'checks' if free else 'folds'}."
    assert live.public_info(now)["notice_said"] == live.notice.to_json()


def test_a_player_who_leaves_is_sat_out_keeps_chips_and_gets_the_same_seat_back() -> None:
    live = table(seats=3)
    live.sit(ANN, "Ann", now=0.0)
    live.sit(BO, "Bo", now=0.0)
    now = run_until_person(live, 0.0)
    leaver = ANN if live.turn.seat == 0 else BO
    seat = live.seat_of(leaver)
    live.leave(leaver, now=now)
    assert live.advance(now)  # their turn is taken for them at once: the hand goes on
    stayer = BO if leaver == ANN else ANN
    now = finish_hand(live, now, {live.seat_of(stayer): stayer})
    chips = live.match.stacks[seat]
    now = run_until_person(live, now + 10)  # the next hand is dealt without the one who left
    assert live.match.hand.starting_stacks[seat] == 0 and live.match.stacks[seat] == chips
    assert live.view_for(leaver, now)["table"]["seats"][seat]["present"] is False
    assert live.sit(leaver, "Ann" if leaver == ANN else "Bo", now=now) == seat  # back: the same seat
    assert live.match.stacks[seat] == chips


def test_a_learner_who_sits_down_during_a_hand_takes_the_seat_from_the_next_deal() -> None:
    live = table(seats=3)
    live.sit(ANN, "Ann", now=0.0)
    now = run_until_person(live, 0.0)
    seat = live.sit(CY, "Cy", now=now)
    bot_cards = {str(card) for card in live.match.hand.cards(seat)}
    view = json.dumps(live.view_for(CY, now))
    assert seat not in live.match.humans and not any(card in view for card in bot_cards)  # not Cy's cards
    now = finish_hand(live, now, {0: ANN})
    run_until_person(live, now + 10)
    assert seat in live.match.humans and live.match.hand.starting_stacks[seat] > 0


def test_views_hold_only_what_each_caller_may_know_and_open_hands_show_all_at_the_end() -> None:
    live = table(seats=3, open_hands=True)
    live.sit(ANN, "Ann", now=0.0)
    live.sit(BO, "Bo", now=0.0)
    now = run_until_person(live, 0.0)
    hand = live.match.hand
    for learner, seat in ((ANN, live.seat_of(ANN)), (BO, live.seat_of(BO))):
        text = json.dumps(live.view_for(learner, now))
        assert not any(card in text for card in secret_cards(hand, seat))
    watcher = json.dumps(live.view_for(None, now))
    assert not any(str(card) in watcher for seat in range(3) for card in hand.cards(seat))
    now = finish_hand(live, now, {live.seat_of(ANN): ANN, live.seat_of(BO): BO}, fold=True)
    shown = live.view_for(None, now)["table"]["open_hands"]
    assert {seat: cards for seat, cards in shown.items()} == {
        str(seat): [str(card) for card in hand.cards(seat)] for seat in range(3)}


def test_a_table_kept_mid_hand_goes_on_exactly_and_a_person_gets_full_time_again() -> None:
    live = table(seats=3)
    live.sit(ANN, "Ann", now=0.0)
    live.sit(BO, "Bo", now=0.0)
    now = run_until_person(live, 0.0)
    kept = json.loads(json.dumps(live.to_json(now)))
    again = LiveTable.from_json(kept, now=now + 500, bot_seconds=1.0, next_hand_seconds=5.0)
    assert again.match.hand.actions == live.match.hand.actions
    assert [again.match.hand.cards(s) for s in range(3)] == [live.match.hand.cards(s) for s in range(3)]
    assert again.turn.seat == live.turn.seat and again.turn.at == now + 500 + 30
    assert again.match.hand.stacks == live.match.hand.stacks and again.match.stacks == live.match.stacks


def test_a_hand_that_cannot_be_replayed_is_called_off_with_every_chip_back() -> None:
    live = table(seats=3)
    live.sit(ANN, "Ann", now=0.0)
    live.sit(BO, "Bo", now=0.0)
    now = run_until_person(live, 0.0)
    before = list(live.match.stacks)
    kept = live.to_json(now)
    kept["match"]["hand"]["actions"] = [{"kind": "raise", "amount": 999_999}]  # cannot be replayed
    again = LiveTable.from_json(kept, now=now)
    assert again.match.hand is None and again.match.stacks == before
    assert again.notice == Said("hand_called_off") and "every chip went back" in str(again.notice)


def test_a_table_an_older_dealer_stored_with_an_english_notice_goes_on_with_its_code() -> None:
    """Before codes the dealer kept its notice in English (live_tables.state): read back into a code and
    values, so a page says it in its own language; English it never wrote stays as it is."""
    live = table(seats=3)
    live.sit(ANN, "Ann", now=0.0)
    live.sit(BO, "Bo", now=0.0)
    now = run_until_person(live, 0.0)
    live.sit(BO, "Bo", now=now)  # here already: "Bo is back."
    kept = json.loads(json.dumps(live.to_json(now)))
    assert kept["notice"] == {"code": "back", "values": {"name": "Bo"}}
    for english, said in (("Bo sits down in seat 2.", Said("sat_down", {"name": "Bo", "seat": 2})),
                          ("Ann ran out of time and stands pat.", Said("timeout_stands_pat", {"name": "Ann"})),
                          ("The match is over: Bo (computer) has all the chips.",
                           Said("match_won", {"name": "Bo (computer)"})),
                          ("The teacher has paused the table.", Said("paused")),
                          ("Something a dealer never said.", Said(ENGLISH, {"text": "Something a dealer never said."})),
                          ("", None)):
        again = LiveTable.from_json({**kept, "notice": english}, now=now)
        assert again.notice == said, english
        assert str(again.notice or "") == english
        assert again.match.hand.actions == live.match.hand.actions  # the rest of the table as it was
    assert LiveTable.from_json(kept, now=now).notice == live.notice
    assert Said("sat_down", {"name": "Bo", "seat": 2}).text("es") == "Bo se sienta en el asiento 2."


def test_the_teacher_pauses_and_ends_a_table() -> None:
    live = table(seats=2)
    live.sit(ANN, "Ann", now=0.0)
    live.sit(BO, "Bo", now=0.0)
    now = run_until_person(live, 0.0)
    live.pause(now)
    assert live.status == PAUSED and live.due_at() is None and live.advance(now + 1_000) is False
    live.resume(now + 1_000)
    assert live.turn.at == now + 1_000 + 30
    live.end(now + 1_000)
    assert live.status == ENDED
    with pytest.raises(TableError, match="closed"):
        live.sit(CY, "Cy", now=now)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.sampled_from(["act", "fold", "leave", "back", "wait", "sit"]), st.integers(0, 2),
                          st.floats(0, 40)), max_size=40),
       st.integers(0, 2**31))
def test_any_mix_of_intents_and_time_keeps_chips_and_cards_whole(moves: list[tuple[str, int, float]], seed: int) -> None:
    """Chips are conserved in every hand and no card is in two places, whatever people do and when."""
    live = LiveTable("K7Q2MX", TableSettings(seats=4, bot_level=2), seed=seed, bot_seconds=1.0, next_hand_seconds=5.0)
    people = [(ANN, "Ann"), (BO, "Bo"), (CY, "Cy")]
    live.sit(ANN, "Ann", now=0.0)
    now = 0.0
    for kind, who, pause in moves:
        learner, name = people[who]
        now += pause
        try:
            if kind == "sit" or kind == "back":
                live.sit(learner, name, now=now)
            elif kind == "leave":
                live.leave(learner, now=now)
            elif kind in ("act", "fold") and live.turn is not None and live.turn.person:
                actor = next((l for l, _ in people if live.seat_of(l) == live.turn.seat), None)
                if actor is not None:
                    live.act(actor, Action(ActionKind.FOLD) if kind == "fold" else choose(live, actor), now=now)
        except TableError:
            pass
        while live.advance(now):
            pass
        hand = live.match.hand
        if hand is not None:
            paid_in = 0 if hand.is_over else sum(hand.contributions)  # the pots, until they are paid out
            assert sum(hand.stacks) + paid_in == sum(hand.starting_stacks)
            held = [card for seat in range(4) for card in hand.cards(seat)]
            assert len(held) == len(set(held))
