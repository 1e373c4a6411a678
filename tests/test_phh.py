"""PHH out and in (issue 29): random legal Five-Card Draw hands written as PHH, replayed in pokerkit through
a small game definition, and read back into pokerlab unchanged.

The game definition below is pokerkit's own fixed-limit draw machinery (``Draw`` with two streets, the
small bet then the big bet, a bet and three raises, the standard high hand): what a PHH reader needs to
know the code ``F5CD`` that :mod:`pokerlab.phh` writes.
"""

from __future__ import annotations

import tomllib
import warnings
from collections import Counter
from dataclasses import dataclass

import numpy as np
import pytest

from pokerlab.draw import Action, ActionKind, HandState, five_card_draw, random_legal_action, saloon_draw
from pokerlab.phh import VARIANT, PhhError, from_phh, to_phh

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import Automation, Deck, HandHistory, Opening, StandardHighHand, Street  # noqa: E402
from pokerkit.games import Draw, FixedLimitPokerMixin  # noqa: E402
from pokerkit.utilities import divmod as kit_divmod  # noqa: E402
from pokerkit.utilities import rake as kit_rake  # noqa: E402


class FixedLimitFiveCardDraw(FixedLimitPokerMixin, Draw):
    """Fixed-limit five-card draw for the high hand, as pokerkit defines its draw games (``FB``, ``F2L3D``)."""

    deck = Deck.STANDARD
    hand_types = (StandardHighHand,)
    hole_dealing_count = 5
    cap: int | None = 4

    def __init__(self, automations, ante_trimming_status, raw_antes, raw_blinds_or_straddles, small_bet, big_bet,
                 *, mode, starting_board_count=1, divmod=kit_divmod, rake=kit_rake):  # noqa: ANN001
        streets = (Street(False, (False,) * 5, 0, False, Opening.POSITION, small_bet, self.cap),
                   Street(True, (), 0, True, Opening.POSITION, big_bet, self.cap))
        super().__init__(automations, streets, ante_trimming_status, raw_antes, raw_blinds_or_straddles, 0,
                         mode=mode, starting_board_count=starting_board_count, divmod=divmod, rake=rake)


class UncappedFiveCardDraw(FixedLimitFiveCardDraw):
    """The same game with pokerkit's count of bets switched off (pokerlab has already enforced the cap)."""

    cap = None


def reader(game: type) -> type[HandHistory]:
    """pokerkit's PHH reader taught the code ``F5CD`` (the fields are those of fixed-limit badugi)."""
    return type("Reader", (HandHistory,), {
        "game_types": {**HandHistory.game_types, VARIANT: game},
        "required_field_names": {**HandHistory.required_field_names, VARIANT: HandHistory.required_field_names["FB"]},
    })


READER, UNCAPPED_READER = reader(FixedLimitFiveCardDraw), reader(UncappedFiveCardDraw)


def random_hand(master: np.random.Generator, short: bool) -> HandState:
    """A random legal hand on a random table: 2-8 seats, antes or blinds, ace draw on or off; short stacks
    are 1 to 89 chips (all-ins on the forced bet, near the cap of 40 before the draw, after it). Folds
    during the draw are not played (PHH cannot hold them; a test below checks the refusal)."""
    count = int(master.integers(2, 9))
    rules = five_card_draw(player_count=count, forced_bet=("antes", "blinds")[int(master.integers(2))],
                           ace_draw=bool(master.integers(2)))
    stacks = [int(master.integers(1, 90)) if short else 500 for _ in range(count)]
    rng = np.random.default_rng(int(master.integers(1 << 32)))
    state = HandState(rules, stacks, int(master.integers(count)), rng)
    while not state.is_over:
        action = random_legal_action(state, rng)
        if state.phase.value == "draw" and action.kind is ActionKind.FOLD:
            continue
        state.apply(action)
    return state


@dataclass
class Replay:
    stacks: list[int] | None
    shown: dict[int, set[str]]
    error: str = ""


def replay_in_pokerkit(text: str, reader_class: type[HandHistory] = READER) -> Replay:
    # hands are killed (cleared) by the reader's loop, not inside the state, so the shown cards can be read
    automations = tuple(a for a in HandHistory.automations if a is not Automation.HAND_KILLING)
    history = reader_class.loads(text, automations=automations)
    shown: dict[int, set[str]] = {}
    state = None
    try:
        with warnings.catch_warnings():
            # pokerkit warns where rule book 002 allows a fold while checking is free (decision 7)
            warnings.filterwarnings("ignore", "There is no reason for this player to fold")
            for state, action in history.state_actions:
                if action and " sm " in action:
                    player = int(action.split()[0][1:]) - 1
                    shown[player] = {repr(card) for card in state.hole_cards[player]}
    except ValueError:
        # pokerkit's reader says only "Unable to repair the hand history": ask its state why
        return Replay(None, shown, why_pokerkit_stops(reader_class, text))
    return Replay(list(state.stacks), shown)


def why_pokerkit_stops(reader_class: type[HandHistory], text: str) -> str:
    """pokerkit's own message for the first action of the file that its state refuses."""
    from pokerkit.notation import parse_action

    history = reader_class.loads(text)
    done, last = 0, None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for last, action in history.state_actions:
                done += bool(action)
    except ValueError:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                parse_action(last, history.actions[done])
        except ValueError as error:
            return f"{history.actions[done]}: {error}"
    return "replayed"


def pokerlab_result(state: HandState) -> tuple[list[int], dict[int, set[str]]]:
    """The final stacks and the shown hands in PHH's order of players (from the dealer's left)."""
    n = state.player_count
    order = [(state.dealer + 1 + k) % n for k in range(n) if state.starting_stacks[(state.dealer + 1 + k) % n]]
    shown = {index: {str(card) for card in state.results.shown[seat]}
             for index, seat in enumerate(order) if seat in state.results.shown}
    return [state.stacks[seat] for seat in order], shown


def table(state: HandState) -> dict:
    """The rules that play: the forced bet the table does not use is not written in PHH."""
    rules = state.rules.to_dict()
    unused = ("small_blind", "big_blind") if rules["forced_bet"] == "antes" else ("ante",)
    return {key: value for key, value in rules.items() if key not in unused}


def same_hand(a: HandState, b: HandState) -> bool:
    return (table(a) == table(b) and a.starting_stacks == b.starting_stacks and a.dealer == b.dealer
            and a.events == b.events and a.stacks == b.stacks and a.results.shown == b.results.shown
            and a.results.net == b.results.net)


def round_trip(hand_count: int, short: bool, seed: int) -> Counter:
    master = np.random.default_rng(seed)
    tally: Counter = Counter()
    for _ in range(hand_count):
        state = random_hand(master, short)
        try:
            text = to_phh(state)
        except PhhError as error:
            assert "short big blind" in str(error), error
            tally["refused: short big blind"] += 1
            continue
        assert same_hand(from_phh(text), state), text
        stacks, shown = pokerlab_result(state)
        replay = replay_in_pokerkit(text)
        if replay.stacks is not None:
            assert (replay.stacks, replay.shown) == (stacks, shown), text
            tally["replayed"] += 1
            continue
        # pokerkit stopped at a raise that rule book 002 allows: with its count of bets off, the same
        # file replays to the same stacks, or pokerkit refuses a raise that no other player could call
        # in full (rule book 002 allows it while another player has chips)
        uncapped = replay_in_pokerkit(text, UNCAPPED_READER)
        if uncapped.stacks is not None:
            assert (uncapped.stacks, uncapped.shown) == (stacks, shown), text
            tally["pokerkit counts a short all-in toward the cap"] += 1
        else:
            assert " cbr " in uncapped.error, uncapped.error  # it stopped at a raise
            tally["pokerkit refuses a raise over short stacks"] += 1
    return tally


def test_deep_stacks_round_trip_through_pokerkit() -> None:
    """1,000 hands with 500-chip stacks: every one replays in pokerkit to the same stacks and shown hands."""
    tally = round_trip(1000, short=False, seed=29)
    assert tally == Counter(replayed=1000)


def test_short_stacks_round_trip_and_where_pokerkit_differs() -> None:
    """2,000 hands with 1-89 chips: every exported hand reads back into pokerlab unchanged, and pokerkit
    replays it to the same stacks unless it stops at a raise that rule book 002 allows.

    The prototype's 397 of 400 (issue 29). Two things went wrong, one on each side of pokerlab:

    * **the exporter**: PHH readers put every ante in the main pot unless ``ante_trimming_status`` is
      true, so an all-in on a short ante won chips from players who had put in more (rule book 002: "An
      all-in player wins from each opponent only up to what they put in"). :mod:`pokerlab.phh` writes
      ``ante_trimming_status = true``; before that, 46 of 833 short-stack hands ended with other stacks.
    * **pokerkit** (0.7.7), where a short all-in meets the cap: it counts an all-in raise smaller than a
      full raise as one of the four bets, so it refuses the last raise (rule book 002: "An all-in that
      is smaller than a full bet or raise does not count toward the cap"). Evidence: every such hand
      replays to pokerlab's stacks once the count is switched off (``UncappedFiveCardDraw``). It also
      refuses a raise when no other player could call the whole bet, which rule book 002 allows while
      another player has chips ("Raise when a bet is live, you have not yet answered it, and the cap is
      open"; only when "at most one player who still has chips is left" is betting skipped).

    pokerlab is right on both counts by the rule book; the file is written as played and pokerkit stops
    with an error rather than replaying something else. A short big blind is refused by the exporter
    (pokerkit takes the chips posted as the bet to match; rule book 002 opens at the full big blind).
    """
    tally = round_trip(2000, short=True, seed=397)
    assert tally["replayed"] > 1700
    assert set(tally) <= {"replayed", "refused: short big blind", "pokerkit counts a short all-in toward the cap",
                          "pokerkit refuses a raise over short stacks"}
    assert tally["pokerkit counts a short all-in toward the cap"] > 0  # the case is met, and explained


def test_short_all_ins_near_the_cap_replay_once_pokerkit_stops_counting_them() -> None:
    """Stacks of 30-89 chips: all-ins near the cap (40 before the draw), never on a forced bet; the
    prototype's case. Each hand pokerkit stops replaying replays with its count of bets off, or stops
    at a raise over players who cannot call it in full."""
    tally = Counter()
    master = np.random.default_rng(400)
    for _ in range(600):
        rules = random_hand(master, short=False).rules  # a random table
        stacks = [int(master.integers(30, 90)) for _ in range(rules.player_count)]
        rng = np.random.default_rng(int(master.integers(1 << 32)))
        state = HandState(rules, stacks, 0, rng)
        while not state.is_over:
            action = random_legal_action(state, rng)
            if not (state.phase.value == "draw" and action.kind is ActionKind.FOLD):
                state.apply(action)
        text = to_phh(state)
        assert same_hand(from_phh(text), state)
        if replay_in_pokerkit(text).stacks is not None:
            tally["replayed"] += 1
            continue
        uncapped = replay_in_pokerkit(text, UNCAPPED_READER)
        if uncapped.stacks is not None:
            assert uncapped.stacks == pokerlab_result(state)[0]
            tally["short all-in counted toward the cap"] += 1
        else:
            assert " cbr " in uncapped.error
            tally["raise over short stacks"] += 1
    assert tally["short all-in counted toward the cap"] > 10 and tally["replayed"] > 550, tally


def test_learners_view_holds_no_card_the_learner_did_not_see() -> None:
    """Rule book 002: only you see your cards; discards are not public; a showdown and an ace-draw ace are."""
    master = np.random.default_rng(2)
    for _ in range(300):
        state = random_hand(master, short=bool(master.integers(2)))
        learner = next(s for s in range(state.player_count) if state.starting_stacks[s])
        try:
            text = to_phh(state, seat=learner)
        except PhhError:
            continue
        seen = {str(card) for card in state.cards(learner)}
        for event in state.events:
            if event.seat == learner and event.kind in ("deal", "draw"):
                seen |= {str(card) for card in event.cards + event.received}
        for cards in state.results.shown.values():
            seen |= {str(card) for card in cards}
        seen |= {str(ace) for ace in state.shown_aces if ace is not None}
        data = tomllib.loads(text)
        written = set()
        for line in data["actions"]:
            words = line.split()
            if words[-1] not in ("sd", "f", "cc") and not words[-1].isdigit():
                cards = words[-1]
                written |= {cards[i:i + 2] for i in range(0, len(cards), 2)} - {"??"}
        written |= set(data.get("_shown_aces", [])) - {""}
        assert written <= seen, (written - seen, text)
        replay = replay_in_pokerkit(text)  # unknown cards replay too
        assert replay.stacks is None or replay.stacks == pokerlab_result(state)[0]


def test_ace_draw_is_written_in_extension_fields() -> None:
    master = np.random.default_rng(5)
    while True:
        state = random_hand(master, short=False)
        if any(state.shown_aces):
            break
    data = tomllib.loads(to_phh(state))
    assert data["_ace_draw"] is True
    assert [ace for ace in data["_shown_aces"] if ace] == [str(a) for a in state.shown_aces if a is not None] or \
        sorted(ace for ace in data["_shown_aces"] if ace) == sorted(str(a) for a in state.shown_aces if a)


def test_a_fold_during_the_draw_is_refused() -> None:
    state = HandState(five_card_draw(player_count=3), [500] * 3, dealer=0, rng=1)
    for action in (Action.check(), Action.check(), Action.check(), Action.fold()):
        state.apply(action)
    while not state.is_over:
        state.apply(Action.stand_pat() if state.phase.value == "draw" else Action.check())
    with pytest.raises(PhhError, match="folded during the draw"):
        to_phh(state)


def test_saloon_draw_and_unfinished_hands_are_refused() -> None:
    state = HandState(saloon_draw(), [500] * 5, dealer=0, rng=1)
    with pytest.raises(PhhError, match="finished hand"):
        to_phh(state)
    while not state.is_over:
        state.apply(random_legal_action(state, np.random.default_rng(0)))
    with pytest.raises(PhhError, match="spread limits"):
        to_phh(state)


@pytest.mark.parametrize(("text", "message"), [
    ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\n"
     "actions = []\n", "variant is 'NT'"),
    ("this is not toml", "not valid TOML"),
    ("variant = 'F5CD'\nantes = [5, 5]\n", "no 'blinds_or_straddles'"),
    ("variant = 'F5CD'\nantes = [5, 5]\nblinds_or_straddles = [0, 0]\nsmall_bet = 10\nbig_bet = 20\n"
     "starting_stacks = [500, 500]\nactions = ['d dh p1 ??????????', 'd dh p2 AsKsQsJsTs']\n", "hides cards"),
    ("variant = 'F5CD'\nantes = [5, 5]\nblinds_or_straddles = [0, 0]\nsmall_bet = 10\nbig_bet = 20\n"
     "starting_stacks = [500, 500]\nactions = ['d dh p1 2c3c4c5c6c', 'd dh p2 AsKsQsJsTs', 'p1 cbr 15']\n",
     "breaks rule book 002"),
])
def test_import_refuses_other_variants_and_malformed_files(text: str, message: str) -> None:
    with pytest.raises(PhhError, match=message):
        from_phh(text)
