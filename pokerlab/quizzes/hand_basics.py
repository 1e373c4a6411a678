"""Lesson 02a's check for understanding: who speaks first, what the antes put in, what the player to act
may do and what a call costs, on a Five-Card Draw table with antes, answered by the draw engine.

As with the betting questions (:mod:`pokerlab.quizzes.betting`), each question is read from the state once
as data and worded from it in any language; the English is what is graded and kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from pokerlab import language as lang
from pokerlab.cards import as_rng
from pokerlab.draw import ActionKind, HandState, LegalAction, Phase
from pokerlab.english_phrases import listing
from pokerlab.language import N_
from pokerlab.narration import Voice, action_label
from pokerlab.quizzes.core import Question, QuizError, check_level
from pokerlab.quizzes.tables import SAMPLE_TRIES, TableSeen, amount, play, random_table

__all__ = ["hand_basics_question"]


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
        state = random_table(generator, ("antes",), (3, 6), False).start()
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

    for _ in range(SAMPLE_TRIES):
        played = play(random_table(generator, ("antes",), (3, 6), False), generator, moment)
        if played is not None:
            state = played[0]
            return _ask_call_cost(state, level, generator) if ask_cost else _ask_choices_now(state, level)
    raise QuizError(f"Could not deal a {level} question about a hand; try another seed.")


_NOTHING_OWED: Final = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.BET})
_BET_LIVE: Final = frozenset({ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE})


def _order(count: int, rng: np.random.Generator) -> tuple[int, ...]:
    """The order ``count`` choices are shown in (the right one, given first, lands anywhere)."""
    return tuple(rng.permutation(count).tolist())


@dataclass(frozen=True)
class _Choices:
    """A question's choices as (shown value, the mistake's message and its places), the right one first
    (its message empty), and the ``order`` they are shown in."""

    items: tuple[tuple[object, str, dict[str, object]], ...]
    order: tuple[int, ...]

    def said(self, voice: Voice) -> tuple[tuple[str, ...], int, tuple[str, ...]]:
        """(choices, index of the right one, mistakes) in the order shown, in ``voice``'s language."""
        def text(value: object) -> str:
            if isinstance(value, _Seat):
                return voice.name(value.seat)
            return amount(value, voice.language)  # type: ignore[arg-type]

        shown = [self.items[i] for i in self.order]
        mistakes = tuple(voice.gettext(message).format(**{key: text(value) for key, value in places.items()})
                         if message else "" for _value, message, places in shown)
        return tuple(text(value) for value, _m, _p in shown), self.order.index(0), mistakes


@dataclass(frozen=True)
class _Seat:
    """A seat among a question's values (said as "Seat 3" in the reader's language)."""

    seat: int


_DEALER_SPEAKS_LAST: Final = N_("{seat} is the dealer, who speaks last in the round: play starts on the dealer's left.")
_RIGHT_OF_DEALER: Final = N_("{seat} sits on the dealer's right; play goes clockwise, starting on the dealer's left, "
                             "so it speaks last but one.")
_COMES_AFTER: Final = N_("{seat} comes after {first}: count clockwise from the dealer and the first seat you reach "
                         "speaks first.")


def _ask_speaks_first(state: HandState, level: str, rng: np.random.Generator) -> Question:
    first = state.actor
    assert first is not None
    count, dealer = state.player_count, state.dealer
    right_of_dealer = (dealer - 1) % count
    items: list[tuple[object, str, dict[str, object]]] = [(_Seat(first), "", {})]
    items.append((_Seat(dealer), _DEALER_SPEAKS_LAST, {"seat": _Seat(dealer)}))
    if right_of_dealer not in (first, dealer):
        items.append((_Seat(right_of_dealer), _RIGHT_OF_DEALER, {"seat": _Seat(right_of_dealer)}))
    after = (first + 1) % count
    if after not in (dealer, right_of_dealer):
        items.append((_Seat(after), _COMES_AFTER, {"seat": _Seat(after), "first": _Seat(first)}))
    return _SpeaksFirst(TableSeen.of(state), first, _Choices(tuple(items), _order(len(items), rng))).question(level)


@dataclass(frozen=True)
class _SpeaksFirst:
    seen: TableSeen
    first: int
    choices: _Choices

    def question(self, level: str, language: str = lang.DEFAULT) -> Question:
        voice = Voice(language=language)
        shown, answer, mistakes = self.choices.said(voice)
        explanation = voice.gettext(
            "{dealer} deals, and everything starts on the dealer's left, going clockwise: the first card and the first "
            "player to speak, {first}. The antes are not a bet, so {first} may check.").format(
            dealer=voice.name(self.seen.dealer), first=voice.name(self.first))
        return Question(
            prompt=voice.gettext("The antes are in and the cards are dealt. Who speaks first?"),
            choices=shown, answer=answer, explanation=explanation, details=(self.seen.table_line(language),),
            level=level, topic="who speaks first", mistakes=mistakes, worded=lambda other: self.question(level, other),
        )


_ONE_ANTE: Final = N_("That is one player's ante: every player at the table puts one in.")
_DEALER_ANTES: Final = N_("You left someone out: the dealer antes too, like everyone else.")
_ANTE_IS_NOT_A_BET: Final = N_("{small_bet} is a bet before the draw; an ante is smaller, {ante} from each player.")


def _ask_pot_after_antes(state: HandState, level: str, rng: np.random.Generator) -> Question:
    pot, ante, count = sum(state.contributions), state.rules.ante, state.player_count
    small_bet = state.rules.limits[0][0]
    wrong = [(ante, _ONE_ANTE), ((count - 1) * ante, _DEALER_ANTES), (count * small_bet, _ANTE_IS_NOT_A_BET)]
    places: dict[str, object] = {"small_bet": small_bet, "ante": ante}
    items: list[tuple[object, str, dict[str, object]]] = [(pot, "", {})]
    items += [(value, mistake, places) for value, mistake in wrong if value != pot]
    return _PotAfterAntes(TableSeen.of(state), pot, ante, count,
                          _Choices(tuple(items), _order(len(items), rng))).question(level)


@dataclass(frozen=True)
class _PotAfterAntes:
    seen: TableSeen
    pot: int
    ante: int
    count: int
    choices: _Choices

    def question(self, level: str, language: str = lang.DEFAULT) -> Question:
        voice = Voice(language=language)
        shown, answer, mistakes = self.choices.said(voice)
        explanation = voice.gettext("Every one of the {count} players puts in an ante of {ante}: {count} × {ante} = "
                                    "{pot} chips.").format(count=amount(self.count, language),
                                                           ante=amount(self.ante, language),
                                                           pot=amount(self.pot, language))
        return Question(
            prompt=voice.gettext("Nobody has looked at their cards yet. How many chips are in the pot?"),
            choices=shown, answer=answer, explanation=explanation, details=(self.seen.table_line(language),),
            level=level, topic="pot after the antes", mistakes=mistakes,
            worded=lambda other: self.question(level, other),
        )


CHOICES_NOW: Final = (N_("Check, bet or fold"), N_("Call, raise or fold"), N_("Bet or raise, but not fold"))


def _ask_choices_now(state: HandState, level: str) -> Question:
    seat = state.actor
    assert seat is not None
    return _ChoicesNow(TableSeen.of(state), seat, state.legal_actions(), state.bets[seat]).question(level)


@dataclass(frozen=True)
class _ChoicesNow:
    seen: TableSeen
    seat: int
    legal: tuple[LegalAction, ...]
    in_front: int

    def question(self, level: str, language: str = lang.DEFAULT) -> Question:
        voice = Voice(language=language)
        _ = voice.gettext
        name = voice.name(self.seat)
        labels = listing([action_label(item, voice).lower() for item in self.legal], last=_("or"))
        if {item.kind for item in self.legal} == _BET_LIVE:
            answer = 1
            why = _("Someone has bet this round and {name} has not matched it yet, so {name} may {choices}.")
            mistakes = (_("Checking needs nothing to be owed, but a bet is live: {name} must put chips in to stay "
                          "(call) or give up (fold)."), "",
                        _("Folding is always allowed on your turn: giving up the hand is a choice."))
        else:
            answer = 0
            why = _("Nobody has bet in this round yet (antes are not bets), so {name} may {choices}.")
            mistakes = ("", _("There is no bet to call or raise: nobody has bet this round yet, so {name} may check "
                              "or bet."),
                        _("Folding is always allowed on your turn, even when checking would be free."))
        return Question(
            prompt=_("It is {name}'s turn. What may {name} do?").format(name=name),
            choices=tuple(_(choice) for choice in CHOICES_NOW),
            answer=answer, explanation=why.format(name=name, choices=labels),
            details=(self.seen.table_line(language), self.seen.round_so_far(language),
                     _("{name} has {in_front} in front this round.").format(
                         name=name, in_front=amount(self.in_front, language))),
            level=level, topic="what may they do", mistakes=tuple(m.format(name=name) for m in mistakes),
            worded=lambda other: self.question(level, other),
        )


_WHOLE_BET: Final = N_("{bet} is the whole bet this round, but {name} already has {already} in front: a call only "
                       "makes up the difference.")
_ONE_BET: Final = N_("{size} is one bet or raise; {name} must match everything put in above the {already} already "
                     "in front.")
_ADDED_IN_FRONT: Final = N_("You added what {name} has in front to the bet; {name} needs only the difference to "
                            "match it.")


def _ask_call_cost(state: HandState, level: str, rng: np.random.Generator) -> Question:
    seat = state.actor
    assert seat is not None
    call = next(item for item in state.legal_actions() if item.kind is ActionKind.CALL)
    cost, already, bet = call.call_amount, state.bets[seat], state.current_bet
    size = state.rules.limits[0 if state.phase is Phase.BETTING_ONE else 1][0]
    places: dict[str, object] = {"bet": bet, "name": _Seat(seat), "already": already, "size": size}
    wrong = [(bet, _WHOLE_BET), (size, _ONE_BET), (bet + already, _ADDED_IN_FRONT)]
    items: list[tuple[object, str, dict[str, object]]] = [(cost, "", {})]
    for value, mistake in wrong:
        if value != cost and value not in (shown for shown, _m, _p in items):
            items.append((value, mistake, places))
    return _CallCost(TableSeen.of(state), seat, cost, already, bet,
                     _Choices(tuple(items), _order(len(items), rng))).question(level)


@dataclass(frozen=True)
class _CallCost:
    seen: TableSeen
    seat: int
    cost: int
    already: int
    bet: int
    choices: _Choices

    def question(self, level: str, language: str = lang.DEFAULT) -> Question:
        voice = Voice(language=language)
        name = voice.name(self.seat)
        shown, answer, mistakes = self.choices.said(voice)
        explanation = voice.gettext(
            "The bet to match this round is {bet}; {name} already has {already} in front, so a call costs "
            "{bet} − {already} = {cost} chips.").format(bet=amount(self.bet, language), name=name,
                                                         already=amount(self.already, language),
                                                         cost=amount(self.cost, language))
        return Question(
            prompt=voice.gettext("It is {name}'s turn. How many more chips must {name} put in to call?").format(
                name=name),
            choices=shown, answer=answer, explanation=explanation,
            details=(self.seen.table_line(language), self.seen.round_so_far(language)),
            level=level, topic="cost of a call", mistakes=mistakes, worded=lambda other: self.question(level, other),
        )
