""""Who acts first after the draw?" (lesson 03): the answer is the engine's actor once every player
has drawn, and each wrong seat is named with the rule a learner may have misapplied (the big blind's
seat, the dealer, the first round's opener outside Saloon Draw).

One of the betting questions :func:`pokerlab.quizzes.betting.betting_question` mixes; apart because it
replays the hand past the draw and reasons about seats, not amounts.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerlab import language as lang
from pokerlab.cards import as_rng
from pokerlab.draw import Action, HandState, Phase
from pokerlab.narration import Voice
from pokerlab.quizzes.core import Question, QuizError, check_level
from pokerlab.quizzes.tables import SAMPLE_TRIES, TableSeen, play, random_table

__all__ = ["ask_first_after_draw", "first_after_draw_question"]


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

