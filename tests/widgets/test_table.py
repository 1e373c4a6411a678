"""The table's payload: what the browser draws, built from the learner's view alone."""

from __future__ import annotations

import numpy as np

from pokerlab.draw import Action, HandState, five_card_draw, random_legal_action
from pokerlab.narration import action_label, cap_text
from pokerlab.widgets.table import DrawTable, table_payload

NAMES = ["You", "Ada", "Bo"]


def view_of(state: HandState, seat: int = 0) -> dict:
    return {**state.view(seat), "names": NAMES}


def test_seats_are_called_by_name_and_you_get_your_own_verbs() -> None:
    state = HandState(five_card_draw(player_count=3), [500, 500, 500], dealer=2, rng=1)
    log = table_payload(view_of(state))["log"]
    cards = " ".join(str(card) for card in state.cards(0))
    assert log == ["Bo is the dealer", "You post an ante of 5", "Ada posts an ante of 5", "Bo posts an ante of 5",
                   f"You are dealt {cards}"]


def test_the_table_shows_seats_stacks_button_blinds_bets_pots_turn_and_cap() -> None:
    state = HandState(five_card_draw(player_count=3, forced_bet="blinds"), [500, 500, 500], dealer=0, rng=1)
    payload = table_payload(view_of(state), version=4)
    players = payload["players"]
    assert [p["name"] for p in players] == NAMES and payload["version"] == 4
    assert [p["is_dealer"] for p in players] == [True, False, False]
    assert [p["blind"] for p in players] == ["", "small blind", "big blind"]
    assert [p["bet"] for p in players] == [0, 5, 10]
    assert [p["stack"] for p in players] == [500, 495, 490]
    assert payload["pots"] == [{"label": "Main pot", "amount": 15, "amount_text": "15", "eligible": NAMES}]
    assert [p["bet_text"] for p in players] == ["0", "5", "10"] and payload["round_limits_text"] == ["10", "10"]
    assert payload["cap_meter"] == cap_text(state.cap) and "raise" in payload["cap_meter"]
    assert payload["is_my_turn"] and not payload["bot_turn"] and payload["actor_name"] == "You"
    assert [item["label"] for item in payload["legal"]] == [action_label(item) for item in state.legal_actions()]
    assert players[0]["cards"] == [str(card) for card in state.cards(0)]
    assert players[1]["cards"] == [None] * 5


def test_side_pots_are_labelled_with_who_can_win_them() -> None:
    state = HandState(five_card_draw(player_count=3), [500, 3, 500], dealer=0, rng=2)
    pots = table_payload(view_of(state))["pots"]
    assert [(pot["label"], pot["amount"]) for pot in pots] == [("Main pot", 9), ("Side pot 1", 4)]
    assert pots[1]["eligible"] == ["You", "Bo"]


def test_public_draw_counts_and_a_shown_ace_reach_the_table() -> None:
    rules = five_card_draw(player_count=3, ace_draw=True)
    for seed in range(200):
        state = HandState(rules, [500] * 3, dealer=2, rng=seed)
        while state.phase.value != "draw" and not state.is_over:
            state.apply(Action.call() if any(a.kind.value == "call" for a in state.legal_actions()) else Action.check())
        if state.is_over or state.actor != 0:
            continue
        hand = state.cards(0)
        aces = [card for card in hand if card.rank == 14]
        if not aces:
            continue
        state.apply(Action.draw([card for card in hand if card is not aces[0]]))
        payload = table_payload(view_of(state, seat=1))
        assert payload["players"][0]["draw_text"] == "drew 4"
        assert payload["players"][0]["shown_ace"] == str(aces[0])
        assert payload["players"][0]["shown_ace_name"] == aces[0].name
        assert payload["players"][0]["cards"].count(str(aces[0])) == 1
        assert payload["players"][0]["cards"].count(None) == 4
        return
    raise AssertionError("no seed gave seat 0 an ace at the draw")


def test_a_finished_hand_names_hands_and_explains_each_pot() -> None:
    rng = np.random.default_rng(5)
    for seed in range(50):
        state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=1, rng=seed)
        while not state.is_over:
            legal = {a.kind.value for a in state.legal_actions()}
            if "fold" in legal and len(legal) > 1 and state.phase.value != "draw":
                legal_actions = [a for a in state.legal_actions() if a.kind.value != "fold"]
                state.apply(Action(legal_actions[0].kind, legal_actions[0].min_to))
            else:
                state.apply(random_legal_action(state, rng))
        result = table_payload(view_of(state))["result"]
        if result["won_by_fold"]:
            continue
        assert set(result["hand_names"]) == {NAMES[seat] for seat in state.results.shown}
        for pot, award in zip(result["pots"], state.results.awards, strict=True):
            assert "Seat " not in pot["reason"]
            if award.reason == "showdown" and len(award.winners) == 1:
                winner = award.winners[0]
                assert pot["reason"].startswith("You win: " if winner == 0 else f"{NAMES[winner]} wins: ")
        return
    raise AssertionError("no showdown in 50 seeds")


def test_widget_starts_in_the_lobby_without_a_match() -> None:
    table = DrawTable()
    assert table.screen == "lobby" and table.table == {} and table.match is None
    table._handle_custom_msg({"type": "skip"}, [])
    table._handle_custom_msg({"type": "act", "kind": "fold"}, [])
    assert table.message == ""


def test_saloon_action_labels_are_dollars_and_the_draw_label_is_not() -> None:
    from pokerlab.draw import saloon_draw

    state = HandState(saloon_draw(player_count=3), [500, 500, 500], dealer=2, rng=1)
    labels = [item["label"] for item in table_payload(view_of(state, state.actor), dollars=True)["legal"]]
    assert "Bet $5–$15" in labels and all("$" not in label for label in labels if label.startswith(("Fold", "Check")))
    while state.phase.value != "draw":
        state.apply(Action.check())
    draw = table_payload(view_of(state, state.actor), dollars=True)["legal"]
    assert [item["label"] for item in draw if item["kind"] == "draw"] == ["Draw up to 3 or stand pat"]


def test_every_amount_the_table_shows_comes_said_from_python() -> None:
    """The browser works no amount out: a spread-limit bet's every stop, its quick picks (half way on a
    step) and the step are said here, in dollars, and in Spanish with its thousands mark."""
    from pokerlab.draw import saloon_draw

    state = HandState(saloon_draw(player_count=3), [500, 500, 500], dealer=2, rng=1)
    payload = table_payload(view_of(state, state.actor), dollars=True)
    bet = next(item for item in payload["legal"] if item["kind"] == "bet")
    assert (bet["min_to"], bet["max_to"], bet["step"]) == (5, 15, 5)
    assert bet["amount_texts"] == {"5": "$5", "10": "$10", "15": "$15"} and bet["step_text"] == "$5"
    assert bet["quick"] == [5, 10, 15] and payload["round_limits_text"] == ["$5", "$15"]
    assert all("amount_texts" not in item for item in payload["legal"] if item["kind"] != "bet")
    rich = {**view_of(state, state.actor), "standings": [{"name": "Ada", "stack": 1500, "net": -40, "out": False}]}
    assert table_payload(rich, dollars=True)["standings"][0] == {
        "name": "Ada", "stack": 1500, "net": -40, "out": False, "stack_text": "$1500", "net_text": "−$40"}
    spanish = table_payload(rich, dollars=True, language="es")
    assert spanish["standings"][0]["stack_text"] == "1.500 $" and spanish["standings"][0]["net_text"] == "−40 $"


def test_a_hand_won_says_each_net_with_its_sign() -> None:
    state = HandState(five_card_draw(player_count=3), [500, 500, 500], dealer=0, rng=1)
    while not state.is_over:
        state.apply(Action.fold() if any(a.kind.value == "fold" for a in state.legal_actions()) else Action.check())
    payload = table_payload(view_of(state))
    nets = {player["net"]: player["net_text"] for player in payload["players"]}
    assert all(text == ("+" if net > 0 else "−" if net < 0 else "") + str(abs(net)) for net, text in nets.items())
    assert any(net > 0 for net in nets) and any(net < 0 for net in nets)
    assert [pot["amount_text"] for pot in payload["result"]["pots"]] == [str(pot["amount"]) for pot in payload["result"]["pots"]]


def test_every_card_comes_named_beside_it_in_the_tables_language() -> None:
    """The script composes no card name: each seat's cards (face down too) and a shown ace come named."""
    state = HandState(five_card_draw(player_count=3), [500, 500, 500], dealer=0, rng=1)
    english, spanish = (table_payload(view_of(state), language=language)["players"] for language in ("en", "es"))
    mine = state.cards(0)
    assert english[0]["card_names"] == [card.name for card in mine] and english[1]["card_names"] == ["face-down card"] * 5
    assert spanish[0]["card_names"][0].endswith((" de tréboles", " de diamantes", " de corazones", " de picas"))
    assert spanish[1]["card_names"] == [spanish[1]["card_names"][0]] * 5 != ["face-down card"] * 5
    assert all(player["shown_ace_name"] is None for player in english)
