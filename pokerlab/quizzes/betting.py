"""Betting questions whose answers come from the draw engine: may this seat raise, how much is in
the side pot, who acts first after the draw.

The generators (:func:`may_raise_question`, :func:`side_pot_question`,
:func:`first_after_draw_question`, mixed by :func:`betting_question`) deal a random table, play it
with a lively random policy and ask about the state reached. Their answers are read from the engine:
``legal_actions()`` for "may this seat raise?", ``pots`` for "how much is the side pot?", and the
actor after the draw for "who acts first?". Each wrong choice names the mistake that leads to it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from pokerlab.cards import as_rng
from pokerlab.draw import Action, ActionKind, HandState, IllegalActionError, Phase, Rules, five_card_draw, saloon_draw
from pokerlab.draw.events import seat_name
from pokerlab.narration import action_label, cap_text, describe, pot_name
from pokerlab.quizzes.core import Question, QuizError, check_level
from pokerlab.tally import pot_slices, raises_this_round
from pokerlab.text import listing

__all__ = [
    "ask_first_after_draw", "ask_may_raise", "ask_side_pot", "betting_question", "cap_and_order_question", "first_after_draw_question",
    "hand_basics_question", "may_raise_question", "side_pot_question",
]


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
    capped = raises_this_round(state) >= state.rules.bet_cap
    if any(item.kind is ActionKind.RAISE for item in legal):
        answer = 0
        mistakes = ("", f"You said no, but the cap is still open and {name} has not had a say since the last full "
                        "bet or raise, so a raise is allowed.")
        labels = [action_label(item).lower() for item in legal]
        if state.bets[seat] == state.current_bet:  # nobody raised the big blind: its option
            why = (f"Nobody has raised {name}'s big blind, and the big blind has the last say on its own bet (its "
                   "option)")
        else:
            why = f"A bet is live, {name} has not answered it since the last full bet or raise"
        explanation = (f"Yes. {why}, and the cap is still open ({cap_text(state.cap)}). "
                       f"{name} may {listing(labels, last='or')}.")
    else:
        answer = 1
        try:
            state.apply(Action.raise_to(state.current_bet + state.rules.limits[0][0]))
        except IllegalActionError as error:
            reason = str(error)
        else:  # pragma: no cover - legal_actions and apply share one rule function
            raise QuizError("The engine accepted a raise that legal_actions() did not offer.")
        explanation = f"No. The engine refuses a raise from {name}: “{reason}” ({cap_text(state.cap)})."
        if capped:
            missed = ("You missed the cap: a bet and three raises (four raises over a big blind) are already made "
                      "this round, so everyone may only call or fold.")
        elif _acted_since_full_raise(state, seat):
            missed = (f"{name} already acted, and since then only a short all-in came: a short all-in does not reopen "
                      "the raising for a player who already acted.")
        else:
            missed = f"You said yes, but the engine refuses the raise: {reason}"
        mistakes = (missed, "")
    return Question(
        prompt=f"May {name} raise now?",
        choices=(f"Yes, {name} may raise", f"No, {name} may not raise"),
        answer=answer,
        explanation=explanation,
        details=(_table_line(state), "This round so far: " + "; ".join(_round_log(state)) + ".",
                 f"{name} is to act, with {state.bets[seat]} in front this round and {state.stacks[seat]} left."),
        level=level,
        topic="may raise",
        mistakes=mistakes,
    )


def _acted_since_full_raise(state: HandState, seat: int) -> bool:
    """Whether ``seat`` acted in this round after the last full bet or raise (so only short all-ins
    came since), read from the public events."""
    for event in reversed(state.events):
        if event.seat == seat and event.kind in ("check", "call", "bet", "raise"):
            return True
        if event.kind in ("bet", "raise", "second_round_begins", "draw_begins"):
            return False
    return False


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
    slices = pot_slices(state.contributions, pots)
    wrong: list[tuple[int, str]] = [
        (total, "You added all the pots together: an all-in player cannot win the chips above their all-in, so "
                "they go to a separate pot."),
        (pots[0].amount, "That is the main pot, the layer every player still in can win; the question asks for "
                         "the side pot above it."),
    ]
    if asked > 1:
        wrong.append((total - pots[0].amount, "You added every side pot together: each all-in level starts a new "
                                              "side pot, and the question asks for one of them."))
    if slices is not None:
        share = max(slices[asked].values())
        wrong.append((share, "That is what one player put into this pot; the pot holds that much from every "
                             "player who reached this level."))
        below = sum(slices[asked - 1].values()) if asked > 1 else 0
        if asked > 1:
            wrong.append((below, "That is the pot below it: cut the chips at each all-in level, one layer per pot."))
    wrong.append((amount * 2, "You counted this pot's chips twice."))
    choices = [(amount, "")]
    for value, mistake in wrong:
        if value > 0 and value not in (v for v, _ in choices) and len(choices) < 4:
            choices.append((value, mistake))
    order = rng.permutation(len(choices)).tolist()
    shuffled = [choices[i][0] for i in order]
    mistakes = tuple(choices[i][1] for i in order)
    name = "the side pot" if asked == 1 else f"side pot {asked}"
    when = "The hand is at the showdown" if state.is_over else "The first betting round is over"
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
        mistakes=mistakes,
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
    mistakes = tuple("" if seat == first else _first_seat_mistake(state, seat, opener) for seat in candidates)
    return Question(
        prompt="The draw is about to begin. Who acts first in the betting after the draw?",
        choices=tuple(seat_name(seat) for seat in candidates),
        answer=candidates.index(first),
        explanation=reason,
        details=(_table_line(state), "The first round: " + "; ".join(_round_log(state)) + "."),
        level=level,
        topic="first after the draw",
        mistakes=mistakes,
    )


def _first_seat_mistake(state: HandState, seat: int, opener: int | None) -> str:
    """Why a learner might name ``seat`` (who does not act first after the draw), in words."""
    rules = state.rules
    name = seat_name(seat)
    heads_up_blinds = state.player_count == 2 and rules.forced_bet == "blinds"
    if heads_up_blinds and seat == state.dealer:
        return (f"{name} is the dealer: heads-up with blinds the dealer acts first only before the draw; after it "
                "the other player starts.")
    if rules.forced_bet == "blinds" and state.player_count > 2 \
            and seat == _next_seat(state, state.big_blind_seat):  # type: ignore[arg-type]
        return (f"{name} sits left of the big blind, which is who starts the first round with blinds; after the "
                "draw the first player still betting left of the dealer starts.")
    if seat == state.dealer and not heads_up_blinds and rules.second_round_opener != "first_round_opener":
        return (f"{name} is the dealer, who speaks last; the first player still betting to the dealer's left "
                "starts the betting after the draw.")
    if rules.second_round_opener != "first_round_opener" and seat == opener:
        return (f"{name} opened the first round, but only in Saloon Draw does the opener start the second; here "
                "the first player still betting left of the dealer does.")
    if rules.second_round_opener == "first_round_opener" and opener is not None:
        return (f"In Saloon Draw the player who opened the first round ({seat_name(opener)}) starts the second, "
                f"or the next player still betting after them; that is not {name}.")
    return (f"Count clockwise from the dealer's left ({seat_name(state.dealer)} deals) and skip anyone who folded or "
            f"is all-in: the first player still betting is not {name}.")


def _next_seat(state: HandState, seat: int) -> int:
    return (seat + 1) % state.player_count


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


_CAP_AND_ORDER: Final = (may_raise_question, first_after_draw_question)


def cap_and_order_question(level: str, rng: np.random.Generator | int) -> Question:
    """May this seat raise, or who acts first after the draw (no side pots): lesson 03's quiz.

    >>> cap_and_order_question("easy", rng=2).topic in ("may raise", "first after the draw")
    True
    """
    generator = as_rng(rng)
    check_level(level)
    return _CAP_AND_ORDER[int(generator.integers(len(_CAP_AND_ORDER)))](level, generator)


# --- lesson 02a: the first things about a hand ---------------------------------------------------


def hand_basics_question(level: str, rng: np.random.Generator | int) -> Question:
    """Lesson 02a's check for understanding, on a Five-Card Draw table with antes, answered by the engine.

    easy: who speaks first (the actor when the hand starts), or how much the antes put in the pot (the
    engine's contributions); medium: what the player to act may do now (``legal_actions()``: check, bet or
    fold when nothing is owed, call, raise or fold when a bet is live); hard: that, or how many chips a call
    costs a player who already has chips in front this round (the engine's call amount).

    >>> hand_basics_question("easy", rng=3).topic in ("who speaks first", "pot after the antes")
    True
    """
    generator = as_rng(rng)
    check_level(level)
    if level == "easy":
        state = _random_table(generator, ("antes",), (3, 6), False).start()
        return (_ask_speaks_first if generator.integers(2) else _ask_pot_after_antes)(state, level, generator)
    ask_cost = level == "hard" and bool(generator.integers(2))
    want_bet_live = bool(generator.integers(2))

    def moment(state: HandState) -> bool:
        if state.is_over or state.phase is Phase.DRAW or state.actor is None:
            return False
        if ask_cost:
            seat = state.actor
            return 0 < state.bets[seat] < state.current_bet and ActionKind.CALL in {i.kind for i in state.legal_actions()}
        kinds = {item.kind for item in state.legal_actions()}
        return kinds in (_NOTHING_OWED, _BET_LIVE) and (kinds == _BET_LIVE) == want_bet_live and generator.random() < 0.5

    for _ in range(_SAMPLE_TRIES):
        played = _play(_random_table(generator, ("antes",), (3, 6), False), generator, moment)
        if played is not None:
            state = played[0]
            return _ask_call_cost(state, level, generator) if ask_cost else _ask_choices_now(state, level)
    raise QuizError(f"Could not deal a {level} question about a hand; try another seed.")


_NOTHING_OWED: Final = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET})
_BET_LIVE: Final = frozenset({ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE})


def _shuffled(choices: list[tuple[str, str]], rng: np.random.Generator) -> tuple[tuple[str, ...], int, tuple[str, ...]]:
    """(choices, index of the right one, mistakes) in a random order; the right choice is given first."""
    order = rng.permutation(len(choices)).tolist()
    return tuple(choices[i][0] for i in order), order.index(0), tuple(choices[i][1] for i in order)


def _round_so_far(state: HandState) -> str:
    when = "Before the draw" if state.phase is Phase.BETTING_ONE else "After the draw"
    moves = [line for line in _round_log(state) if "ante" not in line]
    return f"{when}, this round so far: " + ("; ".join(moves) if moves else "nobody has acted yet") + "."


def _ask_speaks_first(state: HandState, level: str, rng: np.random.Generator) -> Question:
    first = state.actor
    assert first is not None
    count, dealer = state.player_count, state.dealer
    right_of_dealer = (dealer - 1) % count
    choices = [(seat_name(first), "")]
    choices.append((seat_name(dealer), f"{seat_name(dealer)} is the dealer, who speaks last in the round: play starts on "
                                       "the dealer's left."))
    if right_of_dealer not in (first, dealer):
        choices.append((seat_name(right_of_dealer), f"{seat_name(right_of_dealer)} sits on the dealer's right; play goes "
                                                    "clockwise, starting on the dealer's left, so it speaks last but one."))
    after = (first + 1) % count
    if after not in (dealer, right_of_dealer):
        choices.append((seat_name(after), f"{seat_name(after)} comes after {seat_name(first)}: count clockwise from the "
                                          "dealer and the first seat you reach speaks first."))
    shown, answer, mistakes = _shuffled(choices, rng)
    return Question(
        prompt="The antes are in and the cards are dealt. Who speaks first?",
        choices=shown, answer=answer,
        explanation=(f"{seat_name(dealer)} deals, and everything starts on the dealer's left, going clockwise: the "
                     f"first card and the first player to speak, {seat_name(first)}. The antes are not a bet, so "
                     f"{seat_name(first)} may check."),
        details=(_table_line(state),), level=level, topic="who speaks first", mistakes=mistakes,
    )


def _ask_pot_after_antes(state: HandState, level: str, rng: np.random.Generator) -> Question:
    pot, ante, count = sum(state.contributions), state.rules.ante, state.player_count
    small_bet = state.rules.limits[0][0]
    wrong = [(ante, "That is one player's ante: every player at the table puts one in."),
             ((count - 1) * ante, "You left someone out: the dealer antes too, like everyone else."),
             (count * small_bet, f"{small_bet} is a bet before the draw; an ante is smaller, {ante} from each player.")]
    choices = [(str(pot), "")] + [(str(value), mistake) for value, mistake in wrong if value != pot]
    shown, answer, mistakes = _shuffled(choices, rng)
    return Question(
        prompt="Nobody has looked at their cards yet. How many chips are in the pot?",
        choices=shown, answer=answer,
        explanation=f"Every one of the {count} players puts in an ante of {ante}: {count} × {ante} = {pot} chips.",
        details=(_table_line(state),), level=level, topic="pot after the antes", mistakes=mistakes,
    )


def _ask_choices_now(state: HandState, level: str) -> Question:
    seat = state.actor
    assert seat is not None
    name = seat_name(seat)
    live = {item.kind for item in state.legal_actions()} == _BET_LIVE
    labels = listing([action_label(item).lower() for item in state.legal_actions()], last="or")
    if live:
        answer, why = 1, f"Someone has bet this round and {name} has not matched it yet, so {name} may {labels}."
        mistakes = (f"Checking needs nothing to be owed, but a bet is live: {name} must put chips in to stay (call) "
                    "or give up (fold).", "", "Folding is always allowed on your turn: giving up the hand is a choice.")
    else:
        answer, why = 0, f"Nobody has bet in this round yet (antes are not bets), so {name} may {labels}."
        mistakes = ("", f"There is no bet to call or raise: nobody has bet this round yet, so {name} may check or bet.",
                    "Folding is always allowed on your turn, even when checking would be free.")
    return Question(
        prompt=f"It is {name}'s turn. What may {name} do?",
        choices=("Check, bet or fold", "Call, raise or fold", "Bet or raise, but not fold"),
        answer=answer, explanation=why,
        details=(_table_line(state), _round_so_far(state), f"{name} has {state.bets[seat]} in front this round."),
        level=level, topic="what may they do", mistakes=mistakes,
    )


def _ask_call_cost(state: HandState, level: str, rng: np.random.Generator) -> Question:
    seat = state.actor
    assert seat is not None
    name = seat_name(seat)
    call = next(item for item in state.legal_actions() if item.kind is ActionKind.CALL)
    cost, already, bet = call.call_amount, state.bets[seat], state.current_bet
    size = state.rules.limits[0 if state.phase is Phase.BETTING_ONE else 1][0]
    wrong = [(bet, f"{bet} is the whole bet this round, but {name} already has {already} in front: a call only makes up "
                   "the difference."),
             (size, f"{size} is one bet or raise; {name} must match everything put in above the {already} already in front."),
             (bet + already, f"You added what {name} has in front to the bet; {name} needs only the difference to match it.")]
    choices = [(str(cost), "")]
    for value, mistake in wrong:
        if value != cost and str(value) not in (text for text, _ in choices):
            choices.append((str(value), mistake))
    shown, answer, mistakes = _shuffled(choices, rng)
    return Question(
        prompt=f"It is {name}'s turn. How many more chips must {name} put in to call?",
        choices=shown, answer=answer,
        explanation=(f"The bet to match this round is {bet}; {name} already has {already} in front, so a call costs "
                     f"{bet} − {already} = {cost} chips."),
        details=(_table_line(state), _round_so_far(state)),
        level=level, topic="cost of a call", mistakes=mistakes,
    )
