""""How many chips are in the side pot?" (lesson 03a): the amount comes from the engine's ``pots``, and
each wrong choice is another sum a learner might make (all the pots, the main pot, one player's share...).

One of the betting questions :func:`pokerlab.quizzes.betting.betting_question` mixes; apart because it
reads the pots and their layers (:func:`pokerlab.tally.pot_slices`), which no other kind needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from pokerlab import language as lang
from pokerlab.cards import as_rng
from pokerlab.draw import HandState, Phase, Pot
from pokerlab.language import N_
from pokerlab.narration import Voice, pot_name
from pokerlab.quizzes.core import Question, QuizError, check_level
from pokerlab.quizzes.tables import SAMPLE_TRIES, TableSeen, amount, play, random_table
from pokerlab.tally import pot_slices

__all__ = ["ask_side_pot", "side_pot_question"]


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

