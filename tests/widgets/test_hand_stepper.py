"""The hand stepper: previous / next over a replayed hand; only public information is synced."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from pokerlab.draw import HandState, five_card_draw, random_legal_action
from pokerlab.lessons import cap_hand, side_pot_hand
from pokerlab.widgets.hand_stepper import HandStepper


def send(stepper: HandStepper, content: object) -> None:
    stepper._on_message(stepper, content, [])


def test_next_and_previous_move_one_action_and_stop_at_the_ends() -> None:
    stepper = HandStepper(cap_hand())
    send(stepper, {"type": "previous"})
    assert stepper.index == 0 and stepper.step["action"] == "The deal"
    send(stepper, {"type": "next"})
    assert stepper.index == 1 and stepper.step["action"] == "Seat 2: bet 10"
    assert stepper.step["happened"] == ["Seat 2 bets 10"]
    send(stepper, {"type": "go", "index": 99})
    assert stepper.index == stepper.count - 1 == 16
    send(stepper, {"type": "next"})
    assert stepper.index == 16 and stepper.step["options"] == [] and stepper.step["result"] is not None
    send(stepper, {"type": "go", "index": "3"})  # not a number: ignored
    assert stepper.index == 16


def test_each_step_shows_the_cap_meter_and_the_actors_legal_actions() -> None:
    stepper = HandStepper(cap_hand(), start=3)
    cap = stepper.step["cap"]
    assert (cap["used"], cap["cap"], cap["text"]) == (3, 4, "bet 3 of 4, 1 raise left")
    assert stepper.step["actor_name"] == "Seat 1" and stepper.step["options"] == ["Fold", "Call 30", "Raise to 40"]
    stepper.next()
    assert stepper.step["cap"]["used"] == 4 and stepper.step["note"].startswith("That was the third raise")


def test_the_pot_picture_follows_the_step() -> None:
    stepper = HandStepper(side_pot_hand())
    assert "Side pot" not in stepper.step["diagram"]
    stepper.go(6)
    assert "Side pot 1: 60, Seats 1, 3 and 4 can win it" in stepper.step["diagram"]
    assert [pot["amount"] for pot in stepper.step["pots"]] == [100, 60]


def test_no_hidden_card_is_synced_before_the_showdown() -> None:
    hand = side_pot_hand()
    stepper = HandStepper(hand)
    secrets = [card for cards in hand.hands.values() for card in cards.split()]
    for index in range(stepper.count - 1):
        stepper.go(index)
        synced = json.dumps(stepper.get_state(), default=str)
        assert not any(f'"{card}"' in synced for card in secrets), index
    stepper.go(stepper.count - 1)
    assert '"9c"' in json.dumps(stepper.get_state(), default=str)  # shown at the showdown


def test_a_hand_played_elsewhere_can_be_stepped_through() -> None:
    rng = np.random.default_rng(5)
    state = HandState(five_card_draw(player_count=4), [500, 40, 500, 500], dealer=2, rng=9)
    while not state.is_over:
        state.apply(random_legal_action(state, rng))
    stepper = HandStepper.from_state(state, title="Replay")
    assert stepper.count == len(state.actions) + 1 and stepper.title == "Replay"
    stepper.go(stepper.count - 1)
    assert [p["stack"] for p in stepper.step["players"]] == list(state.stacks)


@pytest.mark.parametrize("name", ["big_blind_cap_hand", "cap_hand", "heads_up_hand", "saloon_hand", "short_all_in_hand",
                                  "short_stock_hand", "side_pot_hand", "whole_hand"])
def test_no_card_a_spectator_may_not_know_is_synced_at_any_step_of_any_scripted_hand(name: str) -> None:
    """Issue 28: the stepper wrote "Seat 1 draws 3 cards (throwing 8c 5s 2c, getting Qh 9d 4s)" to the
    browser. A discard is never public, and a card in a hand only once the showdown turns it up (or
    it is an ace shown for a fourth discard). Checked at every step of every scripted hand, draws and
    folds included, against the engine's own hand replayed beside the stepper."""
    import pokerlab.lessons as lessons

    hand = getattr(lessons, name)()
    stepper = HandStepper(hand, predict=True)
    state = HandState(hand.rules, list(hand.stacks), hand.dealer, hand.seed, deck=hand.deck)
    every_card = {card for cards in hand.hands.values() for card in cards.split()} | set(hand.then.split())
    for index, step in enumerate(stepper.steps):
        if index:
            state.apply(hand.actions[index - 1])
        stepper.go(index)
        synced = [json.dumps({key: value for key, value in stepper.step.items() if key != "note"}, default=str)]
        send(stepper, {"type": "next"})  # predicting: the question about the next step, then its answer
        if stepper.question:
            synced.append(json.dumps(stepper.question))
            send(stepper, {"type": "answer", "choice": 0})
            synced.append(json.dumps(stepper.question))
            # The questions name no card at all, not even one the table has seen.
            assert not {card for card in every_card if card in " ".join(synced[1:])}, (name, index)
        shown = {card for player in step.view["players"] for card in player["cards"] if card}
        known = {str(card) for seat in range(state.player_count) for card in state.cards(seat)}
        known |= {str(card) for event in state.events if event.kind == "draw" for card in (*event.cards, *event.received)}
        text = " ".join(synced)
        leaked = {card for card in known - shown if re.search(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])", text)}
        assert not leaked, f"{name}, step {index}: {sorted(leaked)} reached the browser"


def test_predicting_asks_before_the_step_answers_once_then_shows_the_step() -> None:
    """Issue 28, predict then see: "next" first asks (the answer stays in Python), an answer gets the
    verdict and the reason, "next" again shows the step; the switch turns the questions off."""
    stepper = HandStepper(cap_hand(), predict=True, start=3)
    send(stepper, {"type": "next"})
    assert stepper.index == 3 and stepper.question["prompt"] == "Next: Seat 1 raises to 40. What may Seat 2 do then?"
    assert set(stepper.question) == {"step", "kind", "prompt", "choices"}  # no answer before the pick
    wrong = next(number for number, text in enumerate(stepper.question["choices"]) if text != "Fold · Call 30")
    send(stepper, {"type": "answer", "choice": 99})  # not a choice: ignored
    assert "feedback" not in stepper.question
    send(stepper, {"type": "answer", "choice": wrong})
    feedback = stepper.question["feedback"]
    assert not feedback["right"] and feedback["text"].startswith("Not quite: it is Fold · Call 30.")
    send(stepper, {"type": "answer", "choice": feedback["answer"]})  # a second pick changes nothing
    assert stepper.question["feedback"] == feedback
    send(stepper, {"type": "next"})
    assert stepper.index == 4 and stepper.question == {} and stepper.step["options"] == ["Fold", "Call 30"]
    send(stepper, {"type": "predict", "on": False})
    send(stepper, {"type": "next"})
    assert stepper.index == 5 and stepper.question == {}


def test_previous_closes_an_open_question_and_a_stepper_without_predicting_never_asks() -> None:
    stepper = HandStepper(cap_hand(), predict=True)
    send(stepper, {"type": "next"})
    assert stepper.question and stepper.index == 0
    send(stepper, {"type": "previous"})
    assert stepper.question == {} and stepper.index == 0
    plain = HandStepper(cap_hand())
    for _ in range(plain.count):
        send(plain, {"type": "next"})
        assert plain.question == {}
    assert plain.index == plain.count - 1


def test_the_page_cannot_set_the_question_or_the_step_itself() -> None:
    stepper = HandStepper(cap_hand(), predict=True)
    stepper.set_state({"question": {"step": 3, "choices": ["x"]}, "index": 9})
    assert stepper.question == {} and stepper.index == 0
