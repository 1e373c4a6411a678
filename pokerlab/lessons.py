"""Engine-side helpers for the betting lesson (notebook 03): scripted hands, step-by-step replays and
quiz questions whose answers come from the draw engine.

A :class:`ScriptedHand` is a hand with prearranged cards and a list of actions written as text. It is
played by the real engine (:class:`pokerlab.draw.HandState`), so every step a learner sees is what
the rules produce, not a story told beside them::

    >>> hand = cap_hand()
    >>> state = hand.play(4)            # a bet and three raises
    >>> cap_text(state.cap)
    'bet 4 of 4, capped: no more raises this round'
    >>> [item.label for item in state.legal_actions()]
    ['Fold', 'Call 30']

:func:`hand_steps` turns any replayable hand into a list of :class:`Step` values (what happened, the
table for a spectator, the cap and the pots), which the hand stepper widget shows one at a time.

The question generators (:func:`may_raise_question`, :func:`side_pot_question`,
:func:`first_after_draw_question`, mixed by :func:`betting_question`) deal a random table, play it
with a lively random policy and ask about the state reached. Their answers are read from the engine:
``legal_actions()`` for "may this seat raise?", ``pots`` for "how much is the side pot?", and the
actor after the draw for "who acts first?".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from pokerlab.cards import ALL_CARDS, Card, as_rng, parse_cards
from pokerlab.draw import (
    Action, ActionKind, Event, HandState, IllegalActionError, Phase, Pot, Rules, five_card_draw, pot_name,
    saloon_draw,
)
from pokerlab.draw.events import seat_name
from pokerlab.errors import PokerlabError
from pokerlab.narration import award_reason, cap_text, describe
from pokerlab.quizzes import LEVELS, Question, QuizError, check_level
from pokerlab.text import listing

__all__ = [
    "LEVELS", "ScriptError", "ScriptedHand", "Step", "arranged_deck", "ask_first_after_draw", "ask_may_raise",
    "ask_side_pot", "betting_question", "big_blind_cap_hand", "cap_hand",
    "first_after_draw_question", "hand_steps", "heads_up_hand", "may_raise_question", "parse_action",
    "pot_slices", "raises_this_round", "saloon_hand", "short_all_in_hand", "short_stock_hand", "side_pot_hand",
    "side_pot_question",
]

class ScriptError(PokerlabError):
    """A scripted action that cannot be read, or that the engine refuses (the message says which)."""


# --- scripted hands --------------------------------------------------------------------------------


def arranged_deck(hands: dict[int, str], dealer: int, player_count: int, then: str = "") -> list[Card]:
    """A full deck (first card dealt first) that deals ``hands`` (seat -> five cards) one card at a time
    clockwise from the dealer's left, then ``then`` on top of the stock, then every unused card.

    >>> deck = arranged_deck({0: "As Ks Qs Js Ts", 1: "2c 3c 4c 5c 7d"}, dealer=1, player_count=2)
    >>> " ".join(map(str, deck[:4])), len(deck)
    ('As 2c Ks 3c', 52)
    """
    order = sorted(hands, key=lambda seat: (seat - dealer - 1) % player_count)
    parsed = {seat: parse_cards(hands[seat]) for seat in order}
    top = [parsed[seat][round_] for round_ in range(5) for seat in order] + parse_cards(then)
    if len(set(top)) != len(top):
        raise ScriptError("A scripted deck uses a card twice.")
    used = set(top)
    return top + [card for card in ALL_CARDS if card not in used]


_WORDS: Final = {
    "fold": Action.fold, "check": Action.check, "call": Action.call, "all-in": Action.all_in,
    "pat": Action.stand_pat, "stand pat": Action.stand_pat,
}


def parse_action(text: str) -> Action:
    """An action from text: ``fold``, ``check``, ``call``, ``bet 10``, ``raise 30`` (raise *to* 30),
    ``all-in``, ``pat`` (stand pat) or ``draw 7c 2d``.

    >>> parse_action("raise 30"), parse_action("draw 7c 2d")
    (Action(kind=<ActionKind.RAISE: 'raise'>, amount=30, discards=()), Action(kind=<ActionKind.DRAW: 'draw'>, amount=None, discards=(Card('7c'), Card('2d'))))
    """
    words = text.strip().lower()
    if words in _WORDS:
        return _WORDS[words]()
    head, _, rest = words.partition(" ")
    if head in ("bet", "raise") and rest.isdigit():
        return Action.bet(int(rest)) if head == "bet" else Action.raise_to(int(rest))
    if head == "draw" and rest:
        return Action.draw(text.strip()[5:])
    raise ScriptError(
        f"Cannot read the action {text!r}: write fold, check, call, bet N, raise N, all-in, pat or draw CARDS."
    )


@dataclass(frozen=True)
class ScriptedHand:
    """A hand with prearranged cards and scripted actions, played by the engine.

    ``hands`` gives each live seat's five cards; ``then`` the cards on top of the stock after the deal
    (what the draw hands out); ``script`` the actions in order, as text for :func:`parse_action`.
    """

    title: str
    rules: Rules
    stacks: tuple[int, ...]
    dealer: int
    hands: dict[int, str]
    script: tuple[str, ...]
    then: str = ""
    seed: int = 0
    notes: dict[int, str] = field(default_factory=dict)
    """Teaching notes by step number (step 0 is the table after the deal)."""

    @property
    def deck(self) -> list[Card]:
        return arranged_deck(self.hands, self.dealer, self.rules.player_count, self.then)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(parse_action(text) for text in self.script)

    def start(self) -> HandState:
        """The hand after the forced bets and the deal, before anyone acts."""
        return HandState(self.rules, list(self.stacks), self.dealer, self.seed, deck=self.deck)

    def play(self, count: int | None = None) -> HandState:
        """The hand after the first ``count`` scripted actions (all of them by default)."""
        state = self.start()
        for number, action in enumerate(self.actions[:count], start=1):
            try:
                state.apply(action)
            except IllegalActionError as error:
                raise ScriptError(f"{self.title}, action {number} ({self.script[number - 1]!r}): {error}") from None
        return state

    def steps(self, seat: int | None = None) -> list[Step]:
        """Every step of the script as seen by ``seat`` (None: a spectator)."""
        return hand_steps(self.rules, self.stacks, self.dealer, self.seed, self.actions, self.deck, seat, self.notes)


# --- stepping through a hand -----------------------------------------------------------------------


def raises_this_round(state: HandState) -> int:
    """Full bets and raises made in the current betting round, counted from the public event log.
    A short all-in is logged as ``all_in`` and so does not count, exactly as in the engine's cap."""
    count = 0
    for event in reversed(state.events):
        if event.kind in ("second_round_begins", "draw_begins"):
            break
        if event.kind in ("bet", "raise"):
            count += 1
    return count


def pot_slices(contributions: Sequence[int], pots: Sequence[Pot]) -> list[dict[int, int]] | None:
    """How many chips each seat put into each pot, found by cutting every contribution at the level
    where the engine's pot amounts add up (main pot first). None if the pots are not such layers.

    >>> from pokerlab.draw import build_pots
    >>> contributions = [45, 25, 45, 45]
    >>> pot_slices(contributions, build_pots(contributions, [False] * 4))
    [{0: 25, 1: 25, 2: 25, 3: 25}, {0: 20, 2: 20, 3: 20}]
    """
    levels = sorted({c for c in contributions if c > 0})
    slices: list[dict[int, int]] = []
    previous = 0
    for pot in pots:
        for level in (lv for lv in levels if lv > previous):
            layer = {seat: min(c, level) - previous for seat, c in enumerate(contributions) if c > previous}
            if sum(layer.values()) == pot.amount:
                slices.append(layer)
                previous = level
                break
        else:
            return None
    return slices


@dataclass(frozen=True)
class Step:
    """One moment of a replayed hand: ``number`` 0 is the table after the deal; later steps follow
    one action each. ``happened`` holds the log lines that action added; ``view`` is the engine's
    view for the chosen seat; ``cap_used``/``bet_cap`` fill the cap meter."""

    number: int
    action: str
    happened: tuple[str, ...]
    view: dict[str, Any]
    cap_used: int
    bet_cap: int
    over_big_blind: bool
    slices: list[dict[int, int]] | None
    options: tuple[str, ...] = ()
    """The actor's legal actions during a betting round (public: they depend only on chips and bets;
    during the draw they are left out, as ace draw's limit would tell whether the actor holds an ace)."""
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        """What the stepper widget shows: public information only (the view is already filtered)."""
        view = self.view
        betting = view["phase"] in ("betting_one", "betting_two")
        actor = view["actor"]
        return {
            "number": self.number,
            "action": self.action,
            "happened": list(self.happened),
            "note": self.note,
            "phase": view["phase"],
            "actor": actor,
            "actor_name": None if actor is None else seat_name(actor),
            "options": list(self.options),
            "players": view["players"],
            "dealer": view["dealer"],
            "blinds": view["blinds"],
            "pots": view["pots"],
            "pot_total": view["pot_total"],
            "current_bet": view["current_bet"],
            "round_limits": view["round_limits"],
            "cap": {"used": self.cap_used, "cap": self.bet_cap, "text": cap_text(view["cap"]),
                    "over_big_blind": self.over_big_blind, "open": betting},
            "result": _result_in_words(view["result"]),
        }


def _result_in_words(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A finished hand's result with each pot's reason as a sentence (seats called "Seat N")."""
    if result is None:
        return None
    return {**result, "pots": [{**pot, "reason": award_reason(pot, result)} for pot in result["pots"]]}


def _step(state: HandState, number: int, action: str, seen: int, seat: int | None, note: str) -> Step:
    events: Iterable[Event] = state.events[seen:]
    happened = tuple(describe(event, seat) for event in events if event.kind != "deal" or event.seat == seat)
    over_big_blind = state.rules.forced_bet == "blinds" and state.phase is Phase.BETTING_ONE
    cap_used = raises_this_round(state)
    view = state.view(seat)
    view_pots = [Pot(pot["amount"], tuple(pot["eligible"])) for pot in view["pots"]]
    slices = pot_slices([player["contributed"] for player in view["players"]], view_pots)
    betting = state.phase in (Phase.BETTING_ONE, Phase.BETTING_TWO)
    options = tuple(item.label for item in state.legal_actions()) if betting else ()
    return Step(number, action, happened, view, cap_used, state.rules.bet_cap, over_big_blind, slices, options, note)


def hand_steps(
    rules: Rules,
    stacks: Sequence[int],
    dealer: int,
    seed: int | dict[str, Any],
    actions: Sequence[Action],
    deck: Sequence[Card] | None = None,
    seat: int | None = None,
    notes: dict[int, str] | None = None,
) -> list[Step]:
    """Replay a hand action by action (as :meth:`HandState.replay` does) and keep each moment.

    >>> steps = side_pot_hand().steps()
    >>> [pot["amount"] for pot in steps[-1].view["pots"]]
    [100, 60, 30]
    """
    notes = notes or {}
    state = HandState(rules, list(stacks), dealer, seed, deck=deck)
    steps = [_step(state, 0, "The deal", 0, seat, notes.get(0, ""))]
    for number, action in enumerate(actions, start=1):
        actor = state.actor
        seen = len(state.events)
        state.apply(action)
        label = f"{seat_name(actor)}: {action}" if actor is not None else str(action)
        steps.append(_step(state, number, label, seen, seat, notes.get(number, "")))
    return steps


# --- the lesson's example hands --------------------------------------------------------------------


def cap_hand() -> ScriptedHand:
    """Fixed limit with antes, four players: a bet and three raises reach the cap; small bets of 10
    before the draw, big bets of 20 after."""
    return ScriptedHand(
        title="The cap: a bet and three raises",
        rules=five_card_draw(player_count=4),
        stacks=(500, 500, 500, 500),
        dealer=0,
        hands={0: "Kc Kd 7h 4s 2c", 1: "Qc Qh 9d 8s 3c", 2: "Ac Jd Th 6s 5c", 3: "9c 9h 6d 4h 2d"},
        script=("bet 10", "raise 20", "raise 30", "raise 40", "call", "call", "call",
                "pat", "pat", "pat", "pat",
                "bet 20", "raise 40", "fold", "call", "call"),
        notes={
            4: "That was the third raise: four bets in all. The cap is reached, so everyone else may only call or fold.",
            12: "After the draw the limit is the big bet: every bet or raise is exactly 20.",
        },
    )


def big_blind_cap_hand() -> ScriptedHand:
    """Blinds, three players: the big blind is the opening bet and does not count toward the cap, so
    four raises follow it."""
    return ScriptedHand(
        title="Four raises over a big blind",
        rules=five_card_draw(player_count=3, forced_bet="blinds"),
        stacks=(500, 500, 500),
        dealer=0,
        hands={0: "Ac Ad 9h 6s 2c", 1: "Kc Kd Jh 5s 3c", 2: "Qc Qd 8h 7s 4c"},
        script=("raise 20", "raise 30", "raise 40", "raise 50", "call", "call"),
        notes={0: "Seat 2 posted the small blind (5) and Seat 3 the big blind (10). The big blind is the opening bet.",
               4: "Four raises over the big blind: the cap. Nobody may raise again this round."},
    )


def short_all_in_hand() -> ScriptedHand:
    """A short all-in: Seat 4 goes all-in for less than a full raise. Seat 1, who has not acted yet,
    may still raise; Seat 2, who already acted, may only call the extra or fold."""
    return ScriptedHand(
        title="A short all-in does not reopen the raising",
        rules=five_card_draw(player_count=4),
        stacks=(500, 500, 500, 22),
        dealer=0,
        hands={0: "Jc Jd 8h 5s 2c", 1: "Tc Td 7h 4s 3c", 2: "Ac Kd Qh 9s 6c", 3: "8c 8d 6h 4d 2d"},
        script=("bet 10", "call", "all-in", "call", "call", "call"),
        notes={3: "Seat 4 had only 17 after the ante: all-in to 17 is 7 more than the bet, short of a full raise (10 more).",
               4: "Seat 1 had not acted yet, so it could have raised; it called.",
               5: "Seat 2 already acted and no full raise came since: it may only call the extra 7 or fold."},
    )


def side_pot_hand() -> ScriptedHand:
    """Two all-ins in the first round and a short all-in bet in the second build a main pot and two
    side pots, each won by a different player."""
    return ScriptedHand(
        title="Side pots, step by step",
        rules=five_card_draw(player_count=4),
        stacks=(60, 25, 500, 45),
        dealer=3,
        hands={0: "Qc Qd Jh 4d 3h", 1: "9c 9d 9h 4s 2c", 2: "Ah As 8d 7c 6h", 3: "Kc Kd 5h 5s 3c"},
        script=("bet 10", "raise 20", "raise 30", "raise 40", "call", "call",
                "pat", "pat", "pat", "pat", "all-in"),
        notes={2: "Seat 2 raised with its last 20 chips: a full raise, so it counts toward the cap, and Seat 2 is all-in.",
               4: "Seat 4's raise to 40 is the cap and uses its last chip.",
               6: "The round is over. Seat 2 put in 25 in all, so the main pot takes 25 from each player; the rest is a side pot.",
               11: "Seat 1 has only 15 left, less than the big bet: it bets them all-in. Seat 3, the only player "
                   "with chips left, calls automatically. Three pots now: each is won on its own at the showdown."},
    )


def heads_up_hand() -> ScriptedHand:
    """Heads-up with blinds: the dealer posts the small blind and acts first before the draw; the
    other player acts first after it."""
    return ScriptedHand(
        title="Heads-up order",
        rules=five_card_draw(player_count=2, forced_bet="blinds"),
        stacks=(500, 500),
        dealer=1,
        hands={0: "Ac Ah 7d 5s 2c", 1: "Kc Qd Jh 8s 4c"},
        then="Kd 9c",
        script=("call", "check", "pat", "draw 8s 4c", "bet 20", "fold"),
        notes={0: "Seat 2 is the dealer: heads-up the dealer posts the small blind and acts first before the draw.",
               5: "After the draw the player who is not the dealer, Seat 1, acts first."},
    )


def saloon_hand() -> ScriptedHand:
    """Saloon Draw: bets anywhere from $5 to $15 in $5 steps, three raises a round, no all-in (a
    player who cannot cover a call must fold), and the first round's opener starts the second."""
    return ScriptedHand(
        title="Saloon Draw: spread limit and no all-in",
        rules=saloon_draw(player_count=4),
        stacks=(500, 500, 500, 40),
        dealer=0,
        hands={0: "Jc Jd 9h 6s 3c", 1: "Tc 8d 7h 4s 2c", 2: "Ac Ad Kh 6d 5c", 3: "Qc Qd 8h 7s 4c"},
        script=("check", "bet 10", "raise 25", "raise 40", "call", "call", "fold",
                "draw 7h 4s 2c", "pat", "draw 9h 6s 3c", "bet 25", "raise 50", "fold", "call"),
        notes={3: "Seat 4 raised by the most the round allows, $15, on top of the $10 bet.",
               7: "Seat 4 owes $15 but has only $10: there is no all-in in Saloon Draw, so it must fold.",
               11: "Seat 3 opened the first round, so Seat 3 starts the second. Round two allows $5 to $25."},
    )


def short_stock_hand() -> ScriptedHand:
    """Eight players use 40 of the 52 cards, so only 12 are left for the draw. Seat 1 folds; Seats
    2 to 5 draw 3, 3, 3 and 2, leaving one card. Seat 6 wants three: it takes that last card, then
    Seat 1's folded hand and the 11 earlier discards (not Seat 6's own three) are shuffled into a new
    stock for the other two."""
    return ScriptedHand(
        title="A short stock",
        rules=five_card_draw(player_count=8),
        stacks=(500,) * 8,
        dealer=7,
        hands={0: "2c 7d 9h Js 4c", 1: "Kc Kd 8h 5s 3c", 2: "Qc Qd 9s 6h 2d", 3: "Jc Jd 7s 4h 3d",
               4: "Tc Td Ts 5h 2h", 5: "Ac 8d 6s 4d 2s", 6: "9c 8c 7c 6c 5c", 7: "Ah Kh Qh Jh 3h"},
        then="3s 4s 5d 6d 7h 8s 9d Th Qs Ks Ad As",
        script=("fold", *["check"] * 7,
                "draw 8h 5s 3c", "draw 9s 6h 2d", "draw 7s 4h 3d", "draw 5h 2h", "draw 6s 4d 2s", "pat", "draw 3h",
                *["check"] * 7),
        notes={8: "The first betting round is over: the draw starts left of the dealer, skipping Seat 1, who folded.",
               9: "Seat 2's three new cards come off the stock at once, before Seat 3 chooses.",
               13: "Seat 6 wants three cards but one is left: it takes it, and a new stock is shuffled for the rest."},
    )


# --- quiz questions ----------------------------------------------------------------------------------


_SAMPLE_TRIES: Final = 200


def _lively_action(state: HandState, rng: np.random.Generator) -> Action:
    """A random legal action that keeps hands going: rarely a fold, often a bet or raise."""
    if state.phase is Phase.DRAW:
        return Action.stand_pat()
    legal = {item.kind: item for item in state.legal_actions()}
    weights = {ActionKind.FOLD: 0.08, ActionKind.CHECK: 0.45, ActionKind.CALL: 0.45, ActionKind.BET: 0.45,
               ActionKind.RAISE: 0.4, ActionKind.ALL_IN: 0.6}
    kinds = list(legal)
    chances = np.array([weights[kind] for kind in kinds])
    kind = kinds[int(rng.choice(len(kinds), p=chances / chances.sum()))]
    item = legal[kind]
    if kind in (ActionKind.BET, ActionKind.RAISE):
        steps = (item.max_to - item.min_to) // item.step  # type: ignore[operator]
        return Action(kind, item.min_to + item.step * int(rng.integers(steps + 1)))  # type: ignore[operator]
    if kind is ActionKind.ALL_IN:
        return Action.all_in()
    return Action(kind)


@dataclass(frozen=True)
class _Table:
    rules: Rules
    stacks: tuple[int, ...]
    dealer: int
    seed: int

    def start(self) -> HandState:
        return HandState(self.rules, list(self.stacks), self.dealer, self.seed)


def _random_table(rng: np.random.Generator, variants: Sequence[str], seats: tuple[int, int], short: bool) -> _Table:
    """A random table. ``variants`` from ``antes``, ``blinds``, ``heads-up``, ``saloon``; ``short``
    gives some seats short stacks so that all-ins happen."""
    variant = variants[int(rng.integers(len(variants)))]
    count = 2 if variant == "heads-up" else int(rng.integers(seats[0], seats[1] + 1))
    if variant == "saloon":
        rules = saloon_draw(player_count=count)
    else:
        rules = five_card_draw(player_count=count, forced_bet="antes" if variant == "antes" else "blinds")
    stacks = [500] * count
    if short:
        for seat in rng.choice(count, size=max(1, count // 2), replace=False).tolist():
            stacks[seat] = int(rng.integers(8, 70))
    dealer = int(rng.integers(count))
    return _Table(rules, tuple(stacks), dealer, int(rng.integers(2**31)))


def _play(table: _Table, rng: np.random.Generator, stop: Callable[[HandState], bool]) -> tuple[HandState, list[Action]] | None:
    """Play ``table`` with the lively policy until ``stop(state)``; None if the hand ends first."""
    state = table.start()
    actions: list[Action] = []
    while not state.is_over:
        if stop(state):
            return state, actions
        action = _lively_action(state, rng)
        state.apply(action)
        actions.append(action)
    return (state, actions) if stop(state) else None


def _round_log(state: HandState) -> list[str]:
    """The public log lines of the current betting round (with the forced bets in round one)."""
    lines: list[str] = []
    betting = True
    for event in state.events:
        if event.kind == "draw_begins":
            betting = False
        elif event.kind == "second_round_begins":
            lines, betting = [], True
        elif betting and event.kind not in ("deal", "button"):
            lines.append(describe(event))
    return lines


def _table_line(state: HandState) -> str:
    rules = state.rules
    forced = "antes" if rules.forced_bet == "antes" else "blinds"
    before, after = (f"{low}" if low == high else f"${low}-${high}" for low, high in rules.limits)
    return (f"{rules.name}, {state.player_count} seats, {forced}, bets of {before} before the draw and {after} "
            f"after. {seat_name(state.dealer)} is the dealer.")


def _seat_lines(state: HandState) -> list[str]:
    lines = []
    for seat, status in enumerate(state.statuses):
        if status == "out":
            continue
        put_in = state.contributions[seat]
        text = f"{seat_name(seat)}: {put_in} in the pot, {state.starting_stacks[seat] - put_in} left"
        lines.append(text + ("" if status == "active" else f", {status}"))
    return lines


def may_raise_question(level: str, rng: np.random.Generator | int) -> Question:
    """"May Seat N raise now?" at a moment when a bet is live. The answer is whether the engine's
    ``legal_actions()`` holds a raise; a "no" is explained by the engine's own refusal.

    easy: antes, deep stacks (the cap is what stops a raise); medium: blinds and heads-up too (the
    big blind's option, four raises over it); hard: short stacks, so short all-ins happen.
    """
    generator = as_rng(rng)
    variants, short = {"easy": (("antes",), False), "medium": (("blinds", "heads-up", "antes"), False),
                       "hard": (("antes", "blinds"), True)}[check_level(level)]
    want_yes = bool(generator.integers(2))

    def interesting(state: HandState) -> bool:
        if state.phase is Phase.DRAW or state.current_bet == 0:
            return False
        kinds = {item.kind for item in state.legal_actions()}
        if ActionKind.ALL_IN in kinds or (ActionKind.RAISE in kinds) != want_yes:
            return False
        if level == "hard":
            return any(e.kind == "all_in" for e in state.events[-6:])
        if level == "medium":
            return state.rules.forced_bet == "blinds" and state.phase is Phase.BETTING_ONE
        return want_yes or raises_this_round(state) == state.rules.bet_cap

    for _ in range(_SAMPLE_TRIES):
        table = _random_table(generator, variants, (3, 5), short)
        played = _play(table, generator, lambda s: not s.is_over and generator.random() < 0.5 and interesting(s))
        if played is None or played[0].is_over:
            continue
        return ask_may_raise(played[0], level)
    raise QuizError(f"Could not deal a {level} raising question; try another seed.")


def ask_may_raise(state: HandState, level: str = "") -> Question:
    """"May the seat to act raise now?" for this state; the answer is whether ``legal_actions()``
    holds a raise, and a "no" quotes the engine's refusal (trying it changes nothing)."""
    seat = state.actor
    assert seat is not None
    name = seat_name(seat)
    legal = state.legal_actions()
    if any(item.kind is ActionKind.RAISE for item in legal):
        answer = 0
        labels = [item.label.lower() for item in legal]
        explanation = (f"Yes. A bet is live, {name} has not answered it since the last full bet or raise, and the "
                       f"cap is still open ({state.cap_meter}). {name} may {listing(labels, last='or')}.")
    else:
        answer = 1
        try:
            state.apply(Action.raise_to(state.current_bet + state.rules.limits[0][0]))
        except IllegalActionError as error:
            reason = str(error)
        else:  # pragma: no cover - legal_actions and apply share one rule function
            raise QuizError("The engine accepted a raise that legal_actions() did not offer.")
        explanation = f"No. The engine refuses a raise from {name}: “{reason}” ({state.cap_meter})."
    return Question(
        prompt=f"May {name} raise now?",
        choices=(f"Yes, {name} may raise", f"No, {name} may not raise"),
        answer=answer,
        explanation=explanation,
        details=(_table_line(state), "This round so far: " + "; ".join(_round_log(state)) + ".",
                 f"{name} is to act, with {state.bets[seat]} in front this round and {state.stacks[seat]} left."),
        level=level,
        topic="may raise",
    )


def side_pot_question(level: str, rng: np.random.Generator | int) -> Question:
    """"How much is in the side pot?" after the first betting round (or at the showdown). The amount
    comes from the engine's ``pots``; the wrong choices are other sums a learner might make.

    easy: one side pot; medium: the side pot after the first round with folds; hard: two or more
    side pots, asking for the last one.
    """
    generator = as_rng(rng)
    check_level(level)
    wanted = 3 if level == "hard" else 2

    def settled(state: HandState) -> bool:
        if not (state.phase is Phase.DRAW and state.actor is not None and state.draw_counts == (None,) * state.player_count) \
                and not (state.is_over and not state.results.won_by_fold):  # type: ignore[union-attr]
            return False
        pots = state.pots
        if len(pots) < wanted or (level == "easy" and len(pots) != 2) or any(len(p.eligible) < 2 for p in pots):
            return False
        return level != "medium" or "folded" in state.statuses

    for _ in range(_SAMPLE_TRIES):
        table = _random_table(generator, ("antes",), (3, 6), True)
        played = _play(table, generator, settled)
        if played is None:
            continue
        return ask_side_pot(played[0], level, generator)
    raise QuizError(f"Could not deal a {level} side pot question; try another seed.")


def ask_side_pot(state: HandState, level: str = "", rng: np.random.Generator | int = 0) -> Question:
    """"How many chips are in the last side pot?" for this state (which needs a side pot)."""
    rng = as_rng(rng)
    pots = state.pots
    if len(pots) < 2:
        raise QuizError("There is no side pot to ask about in this hand.")
    asked = len(pots) - 1
    amount = pots[asked].amount
    total = sum(pot.amount for pot in pots)
    wrong = [total, pots[0].amount, total - pots[0].amount, amount + 5 * len(pots[asked].eligible),
             abs(amount - 5 * len(pots[asked].eligible)), amount * 2]
    choices = [amount]
    for value in wrong:
        if value > 0 and value not in choices and len(choices) < 4:
            choices.append(value)
    order = rng.permutation(len(choices)).tolist()
    shuffled = [choices[i] for i in order]
    name = "the side pot" if asked == 1 else f"side pot {asked}"
    when = "The hand is at the showdown" if state.is_over else "The first betting round is over"
    slices = pot_slices(state.contributions, pots)
    parts = []
    for number, pot in enumerate(pots):
        title = pot_name(number)
        who = ", ".join(seat_name(seat) for seat in pot.eligible)
        sum_text = ""
        if slices is not None:
            sum_text = " = " + " + ".join(str(slices[number][seat]) for seat in sorted(slices[number]))
        parts.append(f"{title}: {pot.amount}{sum_text} chips, which {who} can win.")
    explanation = (f"{name[0].upper()}{name[1:]} holds {amount} chips. An all-in player can win from each "
                   "opponent only what they put in themselves, so each all-in cuts the chips into layers: "
                   + " ".join(parts))
    return Question(
        prompt=f"{when}. How many chips are in {name}?",
        choices=tuple(str(value) for value in shuffled),
        answer=shuffled.index(amount),
        explanation=explanation,
        details=(_table_line(state), *_seat_lines(state)),
        level=level,
        topic="side pot",
    )


def first_after_draw_question(level: str, rng: np.random.Generator | int) -> Question:
    """"Who acts first after the draw?" asked when the draw begins. The answer is the engine's actor
    once every player has drawn.

    easy: antes; medium: blinds, heads-up included; hard: heads-up, Saloon Draw (the first round's
    opener starts the second) and tables where the seat left of the dealer has folded.
    """
    generator = as_rng(rng)
    variants = {"easy": ("antes",), "medium": ("blinds", "heads-up", "blinds"),
                "hard": ("heads-up", "saloon", "saloon", "antes")}[check_level(level)]

    def at_draw(state: HandState) -> bool:
        return state.phase is Phase.DRAW and state.draw_counts == (None,) * state.player_count

    for _ in range(_SAMPLE_TRIES):
        table = _random_table(generator, variants, (3, 6), False)
        played = _play(table, generator, at_draw)
        if played is None:
            continue
        state = played[0]
        if _first_after_draw(state) is None:
            continue
        hard_enough = level != "hard" or state.player_count == 2 or state.rules.name == "Saloon Draw" \
            or state.statuses[(state.dealer + 1) % state.player_count] == "folded"
        if hard_enough:
            return ask_first_after_draw(state, level)
    raise QuizError(f"Could not deal a {level} question on who acts first; try another seed.")


def _first_after_draw(state: HandState) -> int | None:
    """Who the engine lets act first after the draw (everyone standing pat on a replayed copy);
    None when there will be no betting after the draw."""
    after = HandState.replay(state.rules, state.starting_stacks, state.dealer, state.seed, state.actions,
                             deck=state.deck_order)
    while after.phase is Phase.DRAW:
        after.apply(Action.stand_pat())
    return after.actor if after.phase is Phase.BETTING_TWO else None


def ask_first_after_draw(state: HandState, level: str = "") -> Question:
    """"Who acts first after the draw?" for a state at (or in) the draw; the answer is the engine's."""
    first = _first_after_draw(state) if state.phase is Phase.DRAW else None
    if first is None:
        raise QuizError("Ask who acts first after the draw while the draw is on and betting will follow.")
    candidates = [seat for seat, status in enumerate(state.statuses) if status == "active"]
    name = seat_name(first)
    rules = state.rules
    opener = next((e.seat for e in state.events if e.kind == "bet"), None)
    if rules.second_round_opener == "first_round_opener" and opener is not None:
        reason = (f"In Saloon Draw the player who opened the first round starts the second: {seat_name(opener)} opened"
                  + ("." if opener == first else f" but is no longer betting, so the next player still betting, {name}, starts."))
    elif state.player_count == 2 and rules.forced_bet == "blinds":
        reason = (f"Heads-up the dealer ({seat_name(state.dealer)}) posts the small blind and acts first before the "
                  f"draw; after the draw the other player, {name}, acts first.")
    else:
        reason = (f"After the draw the first player still betting left of the dealer ({seat_name(state.dealer)}) "
                  f"acts first, whichever forced bet the table uses: that is {name}.")
        if rules.second_round_opener == "first_round_opener":
            reason = "Nobody opened the first round, so " + reason[0].lower() + reason[1:]
    skipped = [seat_name(s) for s, status in enumerate(state.statuses) if status in ("folded", "all-in")]
    if skipped:
        reason += f" Folded and all-in players do not bet: {', '.join(skipped)}."
    return Question(
        prompt="The draw is about to begin. Who acts first in the betting after the draw?",
        choices=tuple(seat_name(seat) for seat in candidates),
        answer=candidates.index(first),
        explanation=reason,
        details=(_table_line(state), "The first round: " + "; ".join(_round_log(state)) + "."),
        level=level,
        topic="first after the draw",
    )


_KINDS: Final = (may_raise_question, side_pot_question, first_after_draw_question)


def betting_question(level: str, rng: np.random.Generator | int) -> Question:
    """A question of a random kind: may this seat raise, how much is the side pot, who acts first.

    >>> question = betting_question("easy", rng=5)
    >>> question.topic in ("may raise", "side pot", "first after the draw")
    True
    """
    generator = as_rng(rng)
    check_level(level)
    return _KINDS[int(generator.integers(len(_KINDS)))](level, generator)
