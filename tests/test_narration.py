"""Golden sentences: every event kind, every refusal and every pot reason, rendered for the player it is
about ("you") and for somebody else, in chips and in dollars, against sentences written out by hand."""

from __future__ import annotations

import subprocess
import sys

import pytest

import pokerlab.draw
import pokerlab.hands
from pokerlab import english, narration
from pokerlab.cards import parse_cards
from pokerlab.draw import Action, ActionKind, HandState, LegalAction, five_card_draw
from pokerlab.draw.errors import REFUSAL_CODES, IllegalActionError
from pokerlab.draw.events import KINDS, Event
from pokerlab.narration import (
    Voice,
    action_label,
    award_reason,
    cap_text,
    event_sentence,
    fold_warning,
    refusal_sentence,
)
from pokerlab.narration import hands as hand_words

NAMES = ("Ann", "Bo", "Cy")
ME = Voice(viewer=1, names=NAMES)                      # Bo reads: Bo is "you"
OTHER = Voice(viewer=0, names=NAMES)                   # Ann reads about Bo
ME_DOLLARS = Voice(viewer=1, names=NAMES, dollars=True)
OTHER_DOLLARS = Voice(viewer=0, names=NAMES, dollars=True)
C = parse_cards

# (event, for Bo in chips, for Ann in chips, for Bo in dollars, for Ann in dollars)
EVENTS = [
    (Event("button", 1),
     "You are the dealer", "Bo is the dealer", "You are the dealer", "Bo is the dealer"),
    (Event("ante", 1, 5),
     "You post an ante of 5", "Bo posts an ante of 5", "You post an ante of $5", "Bo posts an ante of $5"),
    (Event("ante", 1, 3, all_in=True),
     "You post an ante of 3 and are all-in", "Bo posts an ante of 3 and is all-in",
     "You post an ante of $3 and are all-in", "Bo posts an ante of $3 and is all-in"),
    (Event("small_blind", 1, 5, to=5),
     "You post the small blind of 5", "Bo posts the small blind of 5",
     "You post the small blind of $5", "Bo posts the small blind of $5"),
    (Event("big_blind", 1, 10, to=10),
     "You post the big blind of 10", "Bo posts the big blind of 10",
     "You post the big blind of $10", "Bo posts the big blind of $10"),
    (Event("deal", 1, cards=tuple(C("As Kd 7h 4c 2s"))),
     "You are dealt As Kd 7h 4c 2s", "Bo is dealt As Kd 7h 4c 2s",
     "You are dealt As Kd 7h 4c 2s", "Bo is dealt As Kd 7h 4c 2s"),
    (Event("fold", 1), "You fold", "Bo folds", "You fold", "Bo folds"),
    (Event("check", 1), "You check", "Bo checks", "You check", "Bo checks"),
    (Event("call", 1, 10, to=20, owed=10),
     "You call 10", "Bo calls 10", "You call $10", "Bo calls $10"),
    (Event("call", 1, 7, to=17, owed=7, all_in=True),
     "You call 7 and are all-in", "Bo calls 7 and is all-in", "You call $7 and are all-in", "Bo calls $7 and is all-in"),
    (Event("call", 1, 10, to=10, owed=10, reason="automatic"),
     "You call 10 automatically: nobody else with chips is left to bet against",
     "Bo calls 10 automatically: nobody else with chips is left to bet against",
     "You call $10 automatically: nobody else with chips is left to bet against",
     "Bo calls $10 automatically: nobody else with chips is left to bet against"),
    (Event("bet", 1, 10, to=10),
     "You bet 10", "Bo bets 10", "You bet $10", "Bo bets $10"),
    (Event("raise", 1, 15, to=25, owed=10),
     "You raise to 25", "Bo raises to 25", "You raise to $25", "Bo raises to $25"),
    (Event("raise", 1, 30, to=40, owed=10, all_in=True),
     "You raise to 40 and are all-in", "Bo raises to 40 and is all-in",
     "You raise to $40 and are all-in", "Bo raises to $40 and is all-in"),
    (Event("all_in", 1, 7, to=17, owed=10, all_in=True, all_in_as="call"),
     "You go all-in for 7 to call", "Bo goes all-in for 7 to call",
     "You go all-in for $7 to call", "Bo goes all-in for $7 to call"),
    (Event("all_in", 1, 15, to=25, owed=10, all_in=True, all_in_as="raise"),
     "You go all-in for 15, raising to 25", "Bo goes all-in for 15, raising to 25",
     "You go all-in for $15, raising to $25", "Bo goes all-in for $15, raising to $25"),
    (Event("draw_begins"), "The draw", "The draw", "The draw", "The draw"),
    (Event("draw", 1, count=0), "You stand pat", "Bo stands pat", "You stand pat", "Bo stands pat"),
    (Event("draw", 1, count=1, cards=tuple(C("2s")), received=tuple(C("Kh"))),
     "You draw 1 card (throwing 2s, getting Kh)", "Bo draws 1 card (throwing 2s, getting Kh)",
     "You draw 1 card (throwing 2s, getting Kh)", "Bo draws 1 card (throwing 2s, getting Kh)"),
    (Event("draw", 1, count=3),
     "You draw 3 cards", "Bo draws 3 cards", "You draw 3 cards", "Bo draws 3 cards"),
    (Event("ace_shown", 1, cards=tuple(C("Ah"))),
     "You keep an ace and show it: Ah", "Bo keeps an ace and shows it: Ah",
     "You keep an ace and show it: Ah", "Bo keeps an ace and shows it: Ah"),
    (Event("reshuffle", count=1),
     "The stock is short: 1 earlier discard or folded card is shuffled into a new stock",
     "The stock is short: 1 earlier discard or folded card is shuffled into a new stock",
     "The stock is short: 1 earlier discard or folded card is shuffled into a new stock",
     "The stock is short: 1 earlier discard or folded card is shuffled into a new stock"),
    (Event("reshuffle", count=11),
     "The stock is short: 11 earlier discards and folded cards are shuffled into a new stock",
     "The stock is short: 11 earlier discards and folded cards are shuffled into a new stock",
     "The stock is short: 11 earlier discards and folded cards are shuffled into a new stock",
     "The stock is short: 11 earlier discards and folded cards are shuffled into a new stock"),
    (Event("second_round_begins"),
     "Second betting round", "Second betting round", "Second betting round", "Second betting round"),
    (Event("betting_skipped"),
     "Betting is skipped: at most one player still has chips", "Betting is skipped: at most one player still has chips",
     "Betting is skipped: at most one player still has chips", "Betting is skipped: at most one player still has chips"),
    (Event("showdown", 1, cards=tuple(C("Kh Kd 7s 4c 2d"))),
     "You show Kh Kd 7s 4c 2d (pair of kings, seven kicker)", "Bo shows Kh Kd 7s 4c 2d (pair of kings, seven kicker)",
     "You show Kh Kd 7s 4c 2d (pair of kings, seven kicker)", "Bo shows Kh Kd 7s 4c 2d (pair of kings, seven kicker)"),
    (Event("win", 1, 1, count=0, reason="folds"),
     "You win 1 chip from the main pot: everyone else folded", "Bo wins 1 chip from the main pot: everyone else folded",
     "You win $1 from the main pot: everyone else folded", "Bo wins $1 from the main pot: everyone else folded"),
    (Event("win", 1, 1200, count=2, reason="forfeit"),
     "You win 1,200 chips from side pot 2: You were the last player left in this pot: everyone who put chips in "
     "it folded, and an all-in player wins from each opponent only what they put in.",
     "Bo wins 1,200 chips from side pot 2: Bo was the last player left in this pot: everyone who put chips in "
     "it folded, and an all-in player wins from each opponent only what they put in.",
     "You win $1,200 from side pot 2: You were the last player left in this pot: everyone who put chips in "
     "it folded, and an all-in player wins from each opponent only what they put in.",
     "Bo wins $1,200 from side pot 2: Bo was the last player left in this pot: everyone who put chips in "
     "it folded, and an all-in player wins from each opponent only what they put in."),
    (Event("win", 1, 40, count=1, reason="only_player"),
     "You win 40 chips from side pot 1: You are the only player in this pot.",
     "Bo wins 40 chips from side pot 1: Bo is the only player in this pot.",
     "You win $40 from side pot 1: You are the only player in this pot.",
     "Bo wins $40 from side pot 1: Bo is the only player in this pot."),
]


def test_every_event_kind_has_golden_sentences() -> None:
    covered = {event.kind for event, *_ in EVENTS}
    assert covered | {"win"} == set(KINDS)  # the showdown win is in the next test: it needs the shown hands


@pytest.mark.parametrize(("event", "mine", "other", "mine_dollars", "other_dollars"), EVENTS,
                         ids=[f"{e.kind}-{i}" for i, (e, *_) in enumerate(EVENTS)])
def test_event_sentences_for_the_actor_and_another_seat_in_chips_and_dollars(
    event: Event, mine: str, other: str, mine_dollars: str, other_dollars: str
) -> None:
    assert event_sentence(event, ME) == mine
    assert event_sentence(event, OTHER) == other
    assert event_sentence(event, ME_DOLLARS) == mine_dollars
    assert event_sentence(event, OTHER_DOLLARS) == other_dollars


SHOWDOWN_RESULT = {
    "net": [-20, 20, 0], "payouts": [0, 40, 0], "won_by_fold": False,
    "shown": {"0": ["Qs", "Qd", "9h", "8c", "3d"], "1": ["Kh", "Kd", "7s", "4c", "2d"]},
    "hand_names": {}, "pots": [{"pot": 0, "amount": 40, "eligible": [0, 1], "winners": [1], "shares": {"1": 40},
                                "reason": "showdown", "compared": [1, 0]}],
}


def test_a_showdown_win_says_which_step_decided_for_each_viewer() -> None:
    win = Event("win", 1, 40, count=0, reason="showdown")
    assert event_sentence(win, ME, SHOWDOWN_RESULT) == (
        "You win 40 chips from the main pot: both have one pair, and a pair of kings beats a pair of queens.")
    assert event_sentence(win, OTHER_DOLLARS, SHOWDOWN_RESULT) == (
        "Bo wins $40 from the main pot: both have one pair, and a pair of kings beats a pair of queens.")
    assert award_reason(SHOWDOWN_RESULT["pots"][0], SHOWDOWN_RESULT, Voice(viewer=2, names=NAMES)) == (
        "Bo wins: both have one pair, and a pair of kings beats a pair of queens.")


BET = LegalAction(ActionKind.BET, 10, 10, 10)
OFFERS = (LegalAction(ActionKind.FOLD), LegalAction(ActionKind.CALL, call_amount=10),
          LegalAction(ActionKind.RAISE, 20, 40, 5, call_amount=10))
DRAWS = (LegalAction(ActionKind.FOLD), LegalAction(ActionKind.DRAW, max_discards=4, ace_extra=True))

# (code, attempted action, legal, details, for the player who tried (Bo) in chips, for Ann in dollars)
REFUSALS = [
    ("hand_over", Action.fold(), (), {}, "The hand is over; no action is possible.",
     "The hand is over; no action is possible."),
    ("takes_no_amount", Action(ActionKind.CALL, 10), OFFERS, {},
     "Call takes no amount or cards; you can fold, call 10 or raise to 20–40.",
     "Call takes no amount or cards; Bo can fold, call $10 or raise to $20–$40."),
    ("wrong_amount", Action.raise_to(50), OFFERS, {"min_to": 20, "max_to": 40, "step": 5},
     "Raise must be to 20–40 in steps of 5 here; you can fold, call 10 or raise to 20–40.",
     "Raise must be to $20–$40 in steps of $5 here; Bo can fold, call $10 or raise to $20–$40."),
    ("wrong_amount", Action.bet(20), (LegalAction(ActionKind.CHECK), BET), {"min_to": 10, "max_to": 10, "step": 10},
     "Bet must be to 10 here; you can check or bet 10.",
     "Bet must be to $10 here; Bo can check or bet $10."),
    ("draw_in_betting", Action.stand_pat(), OFFERS, {},
     "You cannot draw: it is a betting round; the draw comes after the first round; you can fold, call 10 or raise to 20–40.",
     "Bo cannot draw: it is a betting round; the draw comes after the first round; Bo can fold, call $10 or raise to $20–$40."),
    ("betting_in_draw", Action.call(), DRAWS, {},
     "You cannot call: it is the draw, not a betting round; you can fold or draw up to 3 (4 keeping an ace) or stand pat.",
     "Bo cannot call: it is the draw, not a betting round; Bo can fold or draw up to 3 (4 keeping an ace) or stand pat."),
    ("check_owed", Action.check(), OFFERS, {"owed": 10},
     "You cannot check: 10 is owed to stay in; you can fold, call 10 or raise to 20–40.",
     "Bo cannot check: $10 is owed to stay in; Bo can fold, call $10 or raise to $20–$40."),
    ("call_nothing_owed", Action.call(), (LegalAction(ActionKind.CHECK), BET), {},
     "You cannot call: nothing is owed; you can check or bet 10.",
     "Bo cannot call: nothing is owed; Bo can check or bet $10."),
    ("call_cannot_cover", Action.call(), (LegalAction(ActionKind.FOLD),), {"owed": 30, "variant": "Saloon Draw"},
     "You cannot call: you cannot cover 30 and all-in is not allowed in Saloon Draw; you can fold.",
     "Bo cannot call: they cannot cover $30 and all-in is not allowed in Saloon Draw; Bo can fold."),
    ("bet_live", Action.bet(20), OFFERS, {},
     "You cannot bet: a bet is already live, so raise instead; you can fold, call 10 or raise to 20–40.",
     "Bo cannot bet: a bet is already live, so raise instead; Bo can fold, call $10 or raise to $20–$40."),
    ("raise_nothing_bet", Action.raise_to(20), (LegalAction(ActionKind.CHECK), BET), {},
     "You cannot raise: nothing has been bet this round, so bet instead; you can check or bet 10.",
     "Bo cannot raise: nothing has been bet this round, so bet instead; Bo can check or bet $10."),
    ("no_all_in", Action.all_in(), OFFERS, {"variant": "Saloon Draw"},
     "You cannot all-in: Saloon Draw has no all-in; you can fold, call 10 or raise to 20–40.",
     "Bo cannot all-in: Saloon Draw has no all-in; Bo can fold, call $10 or raise to $20–$40."),
    ("all_in_can_cover", Action.all_in(), OFFERS, {},
     "You cannot all-in: you can cover the full amount; you can fold, call 10 or raise to 20–40.",
     "Bo cannot all-in: they can cover the full amount; Bo can fold, call $10 or raise to $20–$40."),
    ("cap_reached", Action.raise_to(50), OFFERS[:2], {"cap": 4},
     "You cannot raise: the cap of 4 bets and raises this round is reached; you can fold or call 10.",
     "Bo cannot raise: the cap of 4 bets and raises this round is reached; Bo can fold or call $10."),
    ("already_acted", Action.raise_to(50), OFFERS[:2], {},
     "You cannot raise: you already acted and no full bet or raise has been made since, so you may only call or "
     "fold; you can fold or call 10.",
     "Bo cannot raise: they already acted and no full bet or raise has been made since, so they may only call or "
     "fold; Bo can fold or call $10."),
    ("nobody_to_answer", Action.raise_to(50), OFFERS[:2], {},
     "You cannot raise: nobody else has chips left to answer a bet; you can fold or call 10.",
     "Bo cannot raise: nobody else has chips left to answer a bet; Bo can fold or call $10."),
    ("cannot_cover_raise", Action.raise_to(50), OFFERS[:2], {},
     "You cannot raise: you do not have enough chips to cover it; you can fold or call 10.",
     "Bo cannot raise: they do not have enough chips to cover it; Bo can fold or call $10."),
    ("duplicate_discard", Action(ActionKind.DRAW, None, tuple(C("2s")) * 2), DRAWS, {},
     "You marked the same card twice; you can fold or draw up to 3 (4 keeping an ace) or stand pat.",
     "Bo marked the same card twice; Bo can fold or draw up to 3 (4 keeping an ace) or stand pat."),
    ("not_in_hand", Action.draw("Qh Jh"), DRAWS, {"cards": C("Qh Jh")},
     "Qh Jh are not in your hand; you can fold or draw up to 3 (4 keeping an ace) or stand pat.",
     "Qh Jh are not in their hand; Bo can fold or draw up to 3 (4 keeping an ace) or stand pat."),
    ("not_in_hand", Action.draw("Qh"), DRAWS, {"cards": C("Qh")},
     "Qh is not in your hand; you can fold or draw up to 3 (4 keeping an ace) or stand pat.",
     "Qh is not in their hand; Bo can fold or draw up to 3 (4 keeping an ace) or stand pat."),
    ("too_many_discards", Action.draw("2s 3s 4s 5s"), DRAWS, {"most": 3},
     "You may discard at most 3 cards; you can fold or draw up to 3 (4 keeping an ace) or stand pat.",
     "Bo may discard at most 3 cards; Bo can fold or draw up to 3 (4 keeping an ace) or stand pat."),
    ("ace_needed", Action.draw("As 3s 4s 5s"), DRAWS, {"most": 3},
     "A 4th discard is allowed only while you keep an ace; you can fold or draw up to 3 (4 keeping an ace) or stand pat.",
     "A 4th discard is allowed only while they keep an ace; Bo can fold or draw up to 3 (4 keeping an ace) or stand pat."),
]


def test_every_refusal_code_has_golden_sentences() -> None:
    assert {code for code, *_ in REFUSALS} == set(REFUSAL_CODES)


@pytest.mark.parametrize(("code", "action", "legal", "details", "mine", "other_dollars"), REFUSALS,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(REFUSALS)])
def test_refusal_sentences_for_the_player_and_another_seat(
    code: str, action: Action, legal: tuple, details: dict, mine: str, other_dollars: str
) -> None:
    seat = None if code == "hand_over" else 1
    error = IllegalActionError(code, seat, action, legal, details)
    assert str(error) == mine  # the engine's own message is for the player who tried
    assert refusal_sentence(error, Voice(viewer=seat, names=NAMES)) == mine
    assert refusal_sentence(error, OTHER_DOLLARS) == other_dollars


def test_an_unknown_refusal_code_is_refused_itself() -> None:
    with pytest.raises(ValueError, match="Unknown refusal code 'nope'"):
        IllegalActionError("nope", 1, Action.fold())


@pytest.mark.parametrize(("offer", "chips", "dollars"), [
    (LegalAction(ActionKind.FOLD), "Fold", "Fold"),
    (LegalAction(ActionKind.CHECK), "Check", "Check"),
    (LegalAction(ActionKind.CALL, call_amount=1500), "Call 1,500", "Call $1,500"),
    (BET, "Bet 10", "Bet $10"),
    (LegalAction(ActionKind.BET, 5, 15, 5), "Bet 5–15", "Bet $5–$15"),
    (LegalAction(ActionKind.RAISE, 20, 20, 10, call_amount=10), "Raise to 20", "Raise to $20"),
    (LegalAction(ActionKind.ALL_IN, 17, 17, chips=12, all_in_as="call"), "All-in for 12", "All-in for $12"),
    (LegalAction(ActionKind.DRAW, max_discards=3), "Draw up to 3 or stand pat", "Draw up to 3 or stand pat"),
    (DRAWS[1], "Draw up to 3 (4 keeping an ace) or stand pat", "Draw up to 3 (4 keeping an ace) or stand pat"),
])
def test_button_labels_in_chips_and_dollars(offer: LegalAction, chips: str, dollars: str) -> None:
    assert action_label(offer, Voice(0)) == chips and action_label(offer, Voice(0, dollars=True)) == dollars


@pytest.mark.parametrize(("cap", "text"), [
    ({"phase": "draw", "bets_made": 0, "cap": 4, "raises_left": 4, "raising_open": False, "blinds_round": False},
     "no betting now"),
    ({"phase": "betting_one", "bets_made": 0, "cap": 4, "raises_left": 4, "raising_open": True, "blinds_round": False},
     "no bet yet, a bet and 3 raises allowed"),
    ({"phase": "betting_one", "bets_made": 3, "cap": 4, "raises_left": 1, "raising_open": True, "blinds_round": False},
     "bet 3 of 4, 1 raise left"),
    ({"phase": "betting_two", "bets_made": 4, "cap": 4, "raises_left": 0, "raising_open": False, "blinds_round": False},
     "bet 4 of 4, capped: no more raises this round"),
    ({"phase": "betting_two", "bets_made": 0, "cap": 4, "raises_left": 4, "raising_open": False, "blinds_round": False},
     "no bet yet, no more raises: nobody else can answer one"),
    ({"phase": "betting_one", "bets_made": 0, "cap": 4, "raises_left": 4, "raising_open": True, "blinds_round": True},
     "big blind, 4 raises left"),
    ({"phase": "betting_one", "bets_made": 2, "cap": 4, "raises_left": 2, "raising_open": True, "blinds_round": True},
     "big blind, then raise 2 of 4, 2 raises left"),
])
def test_the_cap_in_words(cap: dict, text: str) -> None:
    assert cap_text(cap) == text


def test_the_engines_english_readings_are_narrations_words() -> None:
    """``str(error)``, ``label``, ``warning``, ``explanation``, ``cap_meter`` and the old import paths read
    what narration writes (registered in :mod:`pokerlab.english`): the engine has no words of its own."""
    state = HandState(five_card_draw(player_count=3), stacks=[500, 500, 12], dealer=0, rng=4)
    offers = state.legal_actions()
    assert [item.label for item in offers] == [action_label(item) for item in offers] == ["Fold", "Check", "Bet 10"]
    assert [item.warning for item in offers] == [fold_warning(item) for item in offers]
    assert offers[0].warning == "Checking is free: you can stay in without paying."
    assert state.cap_meter == cap_text(state.cap) == "no bet yet, a bet and 3 raises allowed"
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Action.call())
    assert str(refused.value) == refusal_sentence(refused.value) == (
        "You cannot call: nothing is owed; you can fold, check or bet 10.")
    state.apply(Action.bet(10))
    while not state.is_over:  # the short stack goes all-in for less: a main pot and a side pot
        kinds = {item.kind for item in state.legal_actions()}
        state.apply(Action.stand_pat() if ActionKind.DRAW in kinds else Action.call() if ActionKind.CALL in kinds
                    else Action.all_in() if ActionKind.ALL_IN in kinds else Action.check())
    result = state.results
    assert result.explanation == "\n".join(award_reason(award, result) for award in result.awards)
    assert len(result.explanation.splitlines()) == len(result.awards) == 2
    assert pokerlab.hands.explain is hand_words.explain and pokerlab.hands.Comparison is hand_words.Comparison
    assert pokerlab.draw.describe is narration.describe


def test_the_english_comes_with_the_engine_in_a_fresh_interpreter() -> None:
    """Importing only the engine still brings narration's English: pokerlab's ``__init__`` imports it."""
    code = ("from pokerlab.draw import Action, HandState, ladder, IllegalActionError\n"
            "state = HandState(ladder(), stacks=[500] * 5, dealer=0, rng=1)\n"
            "try:\n    state.apply(Action.raise_to(3))\nexcept IllegalActionError as error:\n    print(error)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "You cannot raise: nothing has been bet this round, so bet instead; you can fold, check or bet 10."


def test_a_reading_nobody_registered_says_so() -> None:
    with pytest.raises(LookupError, match=r"No English is registered for 'LegalAction\.colour'; pokerlab\.narration registers"):
        english.writer("LegalAction.colour")
