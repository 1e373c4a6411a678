""""May this seat raise now?" (lessons 03 and 03a): the answer is whether the engine's
``legal_actions()`` holds a raise, and a "no" quotes the engine's own refusal.

One of the betting questions :func:`pokerlab.quizzes.betting.betting_question` mixes; each kind is a
module of its own because each reads a different part of the state (here the offers, the cap and who
acted since the last full raise) and has its own mistakes to name.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerlab import language as lang
from pokerlab.cards import as_rng
from pokerlab.draw import Action, ActionKind, HandState, IllegalActionError, LegalAction, Phase
from pokerlab.english_phrases import listing
from pokerlab.narration import Voice, action_label, cap_text, refusal_sentence
from pokerlab.quizzes.core import Question, QuizError, check_level
from pokerlab.quizzes.tables import SAMPLE_TRIES, TableSeen, amount, play, random_table
from pokerlab.tally import raises_this_round

__all__ = ["ask_may_raise", "may_raise_question"]


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
