"""Betting questions whose answers come from the draw engine: may this seat raise, how much is in
the side pot, who acts first after the draw (lessons 03 and 03a).

The generators (:func:`may_raise_question`, :func:`side_pot_question`,
:func:`first_after_draw_question`, mixed by :func:`betting_question`) deal a random table, play it
with a lively random policy and ask about the state reached. Their answers are read from the engine:
``legal_actions()`` for "may this seat raise?", ``pots`` for "how much is the side pot?", and the
actor after the draw for "who acts first?". Each wrong choice names the mistake that leads to it.

A question is read from the state once, as data (a frozen value per kind of question), and worded from
that data in any language: English is what is graded and kept, :meth:`Question.in_language` shows it in
the page's language with the same choices in the same order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from pokerlab import language as lang
from pokerlab.cards import as_rng
from pokerlab.draw import Action, ActionKind, HandState, IllegalActionError, LegalAction, Phase, Pot
from pokerlab.language import N_
from pokerlab.narration import Voice, action_label, cap_text, pot_name, refusal_sentence
from pokerlab.quizzes.core import Question, QuizError, check_level
from pokerlab.quizzes.hand_basics import hand_basics_question
from pokerlab.quizzes.tables import SAMPLE_TRIES, TableSeen, amount, play, random_table
from pokerlab.tally import pot_slices, raises_this_round
from pokerlab.text import listing

__all__ = [
    "ask_first_after_draw", "ask_may_raise", "ask_side_pot", "betting_question", "cap_and_order_question",
    "first_after_draw_question", "hand_basics_question", "may_raise_question", "side_pot_question",
]


def _choices(labels: list[str], language: str) -> str:
    """What a player may do, as a sentence continues after "may": "fold, call 10 or raise to 20"."""
    return listing([label.lower() for label in labels], last=lang.gettext(language, "or"))


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

    for _ in range(SAMPLE_TRIES):
        table = random_table(generator, variants, (3, 5), short)
        played = play(table, generator, lambda s: not s.is_over and generator.random() < 0.5 and interesting(s))
        if played is None or played[0].is_over:
            continue
        return ask_may_raise(played[0], level)
    raise QuizError(f"Could not deal a {level} raising question; try another seed.")


def ask_may_raise(state: HandState, level: str = "") -> Question:
    """"May the seat to act raise now?" for this state; the answer is whether ``legal_actions()``
    holds a raise, and a "no" quotes the engine's refusal (trying it changes nothing)."""
    seat = state.actor
    assert seat is not None
    legal = state.legal_actions()
    refusal = None
    if not any(item.kind is ActionKind.RAISE for item in legal):
        try:
            state.apply(Action.raise_to(state.current_bet + state.rules.limits[0][0]))
        except IllegalActionError as error:
            refusal = error
        else:  # pragma: no cover - legal_actions and apply share one rule function
            raise QuizError("The engine accepted a raise that legal_actions() did not offer.")
    return _MayRaise(TableSeen.of(state), seat, legal, dict(state.cap), refusal,
                     raises_this_round(state) >= state.rules.bet_cap, _acted_since_full_raise(state, seat),
                     state.bets[seat] == state.current_bet, state.bets[seat], state.stacks[seat]).question(level)


@dataclass(frozen=True)
class _MayRaise:
    """What "may this seat raise?" says, for any language: the table, the offers, the cap, the refusal."""

    seen: TableSeen
    seat: int
    legal: tuple[LegalAction, ...]
    cap: dict[str, object]
    refusal: IllegalActionError | None
    """The engine's refusal of a raise (None: a raise is offered)."""
    capped: bool
    acted: bool
    """The seat acted in this round after the last full bet or raise."""
    option: bool
    """Nobody raised the big blind, who is to act: its option."""
    in_front: int
    left: int

    def question(self, level: str, language: str = lang.DEFAULT) -> Question:
        _ = lang.catalogue(language).gettext
        name = Voice(language=language).name(self.seat)
        cap = cap_text(self.cap, language)
        if self.refusal is None:
            answer = 0
            mistakes = ("", _("You said no, but the cap is still open and {name} has not had a say since the last "
                              "full bet or raise, so a raise is allowed.").format(name=name))
            choices = _choices([action_label(item, Voice(language=language)) for item in self.legal], language)
            if self.option:
                explanation = _("Yes. Nobody has raised {name}'s big blind, and the big blind has the last say on its "
                                "own bet (its option), and the cap is still open ({cap}). {name} may {choices}.")
            else:
                explanation = _("Yes. A bet is live, {name} has not answered it since the last full bet or raise, "
                                "and the cap is still open ({cap}). {name} may {choices}.")
            explanation = explanation.format(name=name, cap=cap, choices=choices)
        else:
            answer = 1
            reason = refusal_sentence(self.refusal, Voice(viewer=self.seat, language=language))
            explanation = _("No. The engine refuses a raise from {name}: “{reason}” ({cap}).").format(
                name=name, reason=reason, cap=cap)
            if self.capped:
                missed = _("You missed the cap: a bet and three raises (four raises over a big blind) are already "
                           "made this round, so everyone may only call or fold.")
            elif self.acted:
                missed = _("{name} already acted, and since then only a short all-in came: a short all-in does not "
                           "reopen the raising for a player who already acted.").format(name=name)
            else:
                missed = _("You said yes, but the engine refuses the raise: {reason}").format(reason=reason)
            mistakes = (missed, "")
        return Question(
            prompt=_("May {name} raise now?").format(name=name),
            choices=(_("Yes, {name} may raise").format(name=name), _("No, {name} may not raise").format(name=name)),
            answer=answer,
            explanation=explanation,
            details=(self.seen.table_line(language), self.seen.round_line(language),
                     _("{name} is to act, with {in_front} in front this round and {left} left.").format(
                         name=name, in_front=amount(self.in_front, language), left=amount(self.left, language))),
            level=level,
            topic="may raise",
            mistakes=mistakes,
            worded=lambda other: self.question(level, other),
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

    for _ in range(SAMPLE_TRIES):
        table = random_table(generator, ("antes",), (3, 6), True)
        played = play(table, generator, settled)
        if played is None:
            continue
        return ask_side_pot(played[0], level, generator)
    raise QuizError(f"Could not deal a {level} side pot question; try another seed.")


_TOTAL: Final = N_("You added all the pots together: an all-in player cannot win the chips above their all-in, so "
                   "they go to a separate pot.")
_MAIN: Final = N_("That is the main pot, the layer every player still in can win; the question asks for the side "
                  "pot above it.")
_EVERY_SIDE: Final = N_("You added every side pot together: each all-in level starts a new side pot, and the "
                        "question asks for one of them.")
_SHARE: Final = N_("That is what one player put into this pot; the pot holds that much from every player who "
                   "reached this level.")
_BELOW: Final = N_("That is the pot below it: cut the chips at each all-in level, one layer per pot.")
_TWICE: Final = N_("You counted this pot's chips twice.")


def ask_side_pot(state: HandState, level: str = "", rng: np.random.Generator | int = 0) -> Question:
    """"How many chips are in the last side pot?" for this state (which needs a side pot)."""
    rng = as_rng(rng)
    pots = state.pots
    if len(pots) < 2:
        raise QuizError("There is no side pot to ask about in this hand.")
    asked = len(pots) - 1
    amount_asked = pots[asked].amount
    total = sum(pot.amount for pot in pots)
    slices = pot_slices(state.contributions, pots)
    wrong: list[tuple[int, str]] = [(total, _TOTAL), (pots[0].amount, _MAIN)]
    if asked > 1:
        wrong.append((total - pots[0].amount, _EVERY_SIDE))
    if slices is not None:
        wrong.append((max(slices[asked].values()), _SHARE))
        if asked > 1:
            wrong.append((sum(slices[asked - 1].values()), _BELOW))
    wrong.append((amount_asked * 2, _TWICE))
    choices = [(amount_asked, "")]
    for value, mistake in wrong:
        if value > 0 and value not in (v for v, _ in choices) and len(choices) < 4:
            choices.append((value, mistake))
    order = rng.permutation(len(choices)).tolist()
    return _SidePot(TableSeen.of(state), tuple(pots), None if slices is None else tuple(slices), state.is_over,
                    tuple(choices[i] for i in order)).question(level)


@dataclass(frozen=True)
class _SidePot:
    """What "how many chips are in the side pot?" says, for any language: the pots, their layers, the choices."""

    seen: TableSeen
    pots: tuple[Pot, ...]
    slices: tuple[dict[int, int], ...] | None
    over: bool
    choices: tuple[tuple[int, str], ...]
    """(amount, the mistake's message) in the order shown; the right amount's message is empty."""

    def question(self, level: str, language: str = lang.DEFAULT) -> Question:
        _ = lang.catalogue(language).gettext
        voice = Voice(language=language)
        asked = len(self.pots) - 1
        held = amount(self.pots[asked].amount, language)
        parts = []
        for number, pot in enumerate(self.pots):
            layers = ""
            if self.slices is not None:
                layer = self.slices[number]
                layers = " = " + " + ".join(amount(layer[seat], language) for seat in sorted(layer))
            parts.append(_("{pot}: {amount}{layers} chips, which {seats} can win.").format(
                pot=pot_name(number, language), amount=amount(pot.amount, language), layers=layers,
                seats=", ".join(voice.name(seat) for seat in pot.eligible)))
        if asked == 1:
            ask, holds = _("How many chips are in the side pot?"), _("The side pot holds {amount} chips.")
        else:
            ask, holds = _("How many chips are in side pot {number}?"), _("Side pot {number} holds {amount} chips.")
        when = _("The hand is at the showdown.") if self.over else _("The first betting round is over.")
        explanation = " ".join((holds.format(number=asked, amount=held), _(
            "An all-in player can win from each opponent only what they put in themselves, so each all-in cuts the "
            "chips into layers: {pots}").format(pots=" ".join(parts))))
        right = next(index for index, (_value, mistake) in enumerate(self.choices) if not mistake)
        return Question(
            prompt=f"{when} {ask.format(number=asked)}",
            choices=tuple(amount(value, language) for value, _mistake in self.choices),
            answer=right,
            explanation=explanation,
            details=(self.seen.table_line(language), *self.seen.seat_lines(language)),
            level=level,
            topic="side pot",
            mistakes=tuple(_(mistake) if mistake else "" for _value, mistake in self.choices),
            worded=lambda other: self.question(level, other),
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

    for _ in range(SAMPLE_TRIES):
        table = random_table(generator, variants, (3, 6), False)
        played = play(table, generator, at_draw)
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
    opener = next((e.seat for e in state.events if e.kind == "bet"), None)
    left_of_big_blind = None if state.big_blind_seat is None else (state.big_blind_seat + 1) % state.player_count
    return _FirstAfterDraw(TableSeen.of(state), first, opener, state.rules.second_round_opener == "first_round_opener",
                           state.player_count == 2 and state.rules.forced_bet == "blinds",
                           left_of_big_blind).question(level)


@dataclass(frozen=True)
class _FirstAfterDraw:
    """What "who acts first after the draw?" says, for any language: the seats, the opener, the rule."""

    seen: TableSeen
    first: int
    opener: int | None
    """Who opened the first round (its first bet), if anyone did."""
    saloon: bool
    """The first round's opener starts the second (Saloon Draw)."""
    heads_up_blinds: bool
    left_of_big_blind: int | None
    """The seat after the big blind, who starts the first round with blinds (more than two players)."""

    def question(self, level: str, language: str = lang.DEFAULT) -> Question:
        _ = lang.catalogue(language).gettext
        voice = Voice(language=language)
        name, dealer = voice.name(self.first), voice.name(self.seen.dealer)
        if self.saloon and self.opener is not None:
            reason = (_("In Saloon Draw the player who opened the first round starts the second: {opener} opened.")
                      if self.opener == self.first else
                      _("In Saloon Draw the player who opened the first round starts the second: {opener} opened but "
                        "is no longer betting, so the next player still betting, {name}, starts."))
        elif self.heads_up_blinds:
            reason = _("Heads-up the dealer ({dealer}) posts the small blind and acts first before the draw; after "
                       "the draw the other player, {name}, acts first.")
        elif self.saloon:
            reason = _("Nobody opened the first round, so after the draw the first player still betting left of the "
                       "dealer ({dealer}) acts first, whichever forced bet the table uses: that is {name}.")
        else:
            reason = _("After the draw the first player still betting left of the dealer ({dealer}) acts first, "
                       "whichever forced bet the table uses: that is {name}.")
        reason = reason.format(opener="" if self.opener is None else voice.name(self.opener), name=name, dealer=dealer)
        statuses = self.seen.statuses
        skipped = [voice.name(s) for s, status in enumerate(statuses) if status in ("folded", "all-in")]
        if skipped:
            reason += " " + _("Folded and all-in players do not bet: {seats}.").format(seats=", ".join(skipped))
        candidates = [seat for seat, status in enumerate(statuses) if status == "active"]
        return Question(
            prompt=_("The draw is about to begin. Who acts first in the betting after the draw?"),
            choices=tuple(voice.name(seat) for seat in candidates),
            answer=candidates.index(self.first),
            explanation=reason,
            details=(self.seen.table_line(language), self.seen.first_round_line(language)),
            level=level,
            topic="first after the draw",
            mistakes=tuple("" if seat == self.first else self._mistake(seat, voice) for seat in candidates),
            worded=lambda other: self.question(level, other),
        )

    def _mistake(self, seat: int, voice: Voice) -> str:
        """Why a learner might name ``seat`` (who does not act first after the draw), in words."""
        _ = voice.gettext
        dealer = self.seen.dealer
        places = {"name": voice.name(seat), "dealer": voice.name(dealer),
                  "opener": "" if self.opener is None else voice.name(self.opener)}
        if self.heads_up_blinds and seat == dealer:
            message = _("{name} is the dealer: heads-up with blinds the dealer acts first only before the draw; after "
                        "it the other player starts.")
        elif self.seen.forced_bet == "blinds" and self.seen.player_count > 2 and seat == self.left_of_big_blind:
            message = _("{name} sits left of the big blind, which is who starts the first round with blinds; after "
                        "the draw the first player still betting left of the dealer starts.")
        elif seat == dealer and not self.heads_up_blinds and not self.saloon:
            message = _("{name} is the dealer, who speaks last; the first player still betting to the dealer's left "
                        "starts the betting after the draw.")
        elif not self.saloon and seat == self.opener:
            message = _("{name} opened the first round, but only in Saloon Draw does the opener start the second; "
                        "here the first player still betting left of the dealer does.")
        elif self.saloon and self.opener is not None:
            message = _("In Saloon Draw the player who opened the first round ({opener}) starts the second, or the "
                        "next player still betting after them; that is not {name}.")
        else:
            message = _("Count clockwise from the dealer's left ({dealer} deals) and skip anyone who folded or is "
                        "all-in: the first player still betting is not {name}.")
        return message.format(**places)


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
