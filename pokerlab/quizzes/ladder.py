"""Tournament Ladder questions: does the learner advance, and what is in the wallet afterwards?

Who advances, and what the wallet holds afterwards, are decided by :class:`pokerlab.ladder.LadderRun`
itself (strictly more chips than each of the four opponents; the entry cost paid at the start, the
award at the finish) on a :class:`~pokerlab.ladder.MemoryAccount`. Each
wrong choice names the mistake behind it.

easy: does this finish advance? medium: the wallet after a level, won or lost; hard: both kinds, with
ties for the lead. As with the betting questions, each question is kept as data and worded from it in any
language; the English is what is graded and kept.

>>> question = ladder_question("easy", rng=2)
>>> question.choices
('Yes, you advance', 'No, you do not advance')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np

from pokerlab import language as lang
from pokerlab.cards import as_rng
from pokerlab.ladder import LEVELS, STARTING_CHIPS, LadderRun, MemoryAccount
from pokerlab.language import N_
from pokerlab.quizzes.core import Question, check_level

__all__ = ["advance_question", "finish_advances", "ladder_question", "wallet_after", "wallet_question"]

_OPPONENTS: Final = (N_("Seat 2"), N_("Seat 3"), N_("Seat 4"), N_("Seat 5"))


@dataclass(frozen=True)
class _FinishedTable:
    """What :attr:`LadderRun.advanced` reads from a finished match: the chips and the learner's seat."""

    stacks: tuple[int, ...]
    learner_seat: int = 0
    is_over: bool = True


def finish_advances(level_number: int, stacks: tuple[int, ...]) -> bool:
    """The ladder's own verdict for a level finished with these stacks (the learner in seat 0)."""
    return LadderRun(level_number, MemoryAccount(), _FinishedTable(stacks)).advanced  # type: ignore[arg-type]


def wallet_after(level_number: int, wallet: int, advanced: bool) -> int:
    """The points left after entering level ``level_number`` with ``wallet`` points and finishing it,
    ahead of everyone (``advanced``) or not: the ladder's own start (which pays the entry cost) and
    finish (which pays the award)."""
    account = MemoryAccount(points=wallet, reached=len(LEVELS))
    LadderRun.start(level_number, account, seed=0)
    stacks = (700, 500, 500, 400, 400) if advanced else (400, 700, 500, 500, 400)
    LadderRun(level_number, account, _FinishedTable(stacks)).finish()  # type: ignore[arg-type]
    return account.balance()


def _split(rng: np.random.Generator, total: int, parts: int, below: int) -> list[int] | None:
    """``parts`` multiples of 5 adding up to ``total``, each under ``below`` (None if this try fails)."""
    cuts = np.sort(rng.integers(0, total // 5 + 1, size=parts - 1)) * 5
    pieces = [int(x) for x in np.diff(np.concatenate(([0], cuts, [total])))]
    return pieces if max(pieces) < below else None


def _finish(rng: np.random.Generator, tie: bool) -> tuple[int, ...]:
    """Five stacks that add up to the 2,500 chips dealt (the learner first). With ``tie`` the learner
    shares the lead with one opponent."""
    total = STARTING_CHIPS * 5
    while True:
        if tie:
            lead = 5 * int(rng.integers(102, 181))  # 510 to 900: more than a fair share, so a tie can lead
            rest = _split(rng, total - 2 * lead, 3, lead)
            if rest is None:
                continue
            others = [lead, *rest]
            rng.shuffle(others)
            return (lead, *others)
        stacks = _split(rng, total, 5, total + 1)
        assert stacks is not None
        if len(set(stacks)) == 5:  # no tie anywhere, so the answer is plain
            rng.shuffle(stacks)
            return tuple(stacks)


def _words(language: str) -> tuple[Callable[[str], str], Callable[[int], str]]:
    """A message and a number as ``language`` says them."""
    return (lambda message: lang.gettext(language, message)), (lambda value: lang.format_number(value, language))


_YES: Final = N_("Yes, you advance")
_NO: Final = N_("No, you do not advance")
_ADVANCE_PROMPT: Final = N_("Level {number} is over. Do you advance to the next level?")
_YOU_HAVE: Final = N_("You (Seat 1): {chips} chips.")
_THEY_HAVE: Final = N_("{seat}: {chips} chips.")
_WHY_YES: Final = N_("Yes: your {me} chips are more than each opponent's (the most any of them has is {top}).")
_YES_MISTAKE: Final = N_("You need strictly more chips than each of the four opponents, and you have them; how many "
                         "you won does not matter.")
_WHY_TIE: Final = N_("No: {seat} also has {me} chips. A tie for the lead is not enough; you need strictly more.")
_TIE_MISTAKE: Final = N_("A tie for the lead is not enough: you need strictly more chips than every opponent.")
_WHY_BEHIND: Final = N_("No: {seat} has {top} chips, more than your {me}.")
_BEHIND_MISTAKE: Final = N_("{seat} has more chips than you ({top} against {me}): you must beat every opponent, not "
                            "most of them or the chips you started with.")


@dataclass(frozen=True)
class _Advance:
    """An advance question as data (the level number and the five stacks, the learner first), worded in
    any language; the ladder's own verdict is the answer."""

    number: int
    stacks: tuple[int, ...]
    level: str

    def question(self, language: str = lang.DEFAULT) -> Question:
        _, count = _words(language)
        advances = finish_advances(self.number, self.stacks)
        me, others = self.stacks[0], self.stacks[1:]
        top = max(others)
        leader = _(_OPPONENTS[others.index(top)])
        places = {"me": count(me), "top": count(top), "seat": leader}
        if advances:
            why, mistakes = _(_WHY_YES).format(**places), ("", _(_YES_MISTAKE))
        elif top == me:
            why, mistakes = _(_WHY_TIE).format(**places), (_(_TIE_MISTAKE), "")
        else:
            why, mistakes = _(_WHY_BEHIND).format(**places), (_(_BEHIND_MISTAKE).format(**places), "")
        return Question(
            prompt=_(_ADVANCE_PROMPT).format(number=self.number),
            choices=(_(_YES), _(_NO)),
            answer=0 if advances else 1,
            explanation=why,
            details=(_(_YOU_HAVE).format(chips=count(me)),
                     *(_(_THEY_HAVE).format(seat=_(name), chips=count(chips)) for name, chips in zip(_OPPONENTS, others))),
            level=self.level,
            topic="advance",
            mistakes=mistakes,
            worded=self.question,
        )


def advance_question(level: str, rng: np.random.Generator | int) -> Question:
    """"After the level's hands, do you advance?" for a random finish."""
    generator = as_rng(rng)
    check_level(level)
    stacks = _finish(generator, tie=level == "hard" and bool(generator.integers(2)))
    number = int(generator.integers(1, len(LEVELS)))  # level 6 is the last: it records a score instead
    return _Advance(number, stacks, level).question()


_FORGOT_COST: Final = N_("You forgot the entry cost: it was paid from the wallet when you entered.")
_AWARD_PAID: Final = N_("You advanced, so the level's award was paid into the wallet.")
_COST_ONCE: Final = N_("The entry cost is paid once, when you enter.")
_COST_KEPT: Final = N_("The entry cost is paid when you enter, and it is not given back when you lose.")
_AWARD_TO_WINNERS: Final = N_("The award is paid only to a player who advances.")
_NOTHING_MORE: Final = N_("Losing costs nothing more than the entry cost you already paid.")
_WALLET_PROMPT_WON: Final = N_("Your wallet holds {wallet} points. You enter level {number} and advance. How many "
                               "points are in your wallet now?")
_WALLET_PROMPT_LOST: Final = N_("Your wallet holds {wallet} points. You enter level {number} and do not advance. How "
                                "many points are in your wallet now?")
_POINTS: Final = N_("{points} points")
_ENTRY_SUM: Final = N_("Entering level {number} costs {cost}: {wallet} - {cost} = {left}.")
_AWARD_SUM: Final = N_("Advancing pays the award of {award}: {after} points.")
_NO_AWARD: Final = N_("You did not advance, so no award: {after} points.")
_LEVEL_FACTS: Final = N_("Level {number}: {hands} hands, entry cost {cost}, award {award}.")


@dataclass(frozen=True)
class _Wallet:
    """A wallet question as data: the level entered, the wallet before, won or not, and the choices
    (points, the mistake's message) in the order shown; the ladder's own wallet is the answer."""

    number: int
    wallet: int
    won: bool
    after: int
    shown: tuple[tuple[int, str], ...]
    level: str

    def question(self, language: str = lang.DEFAULT) -> Question:
        _, count = _words(language)
        chosen = LEVELS[self.number - 1]
        why = (_(_ENTRY_SUM).format(number=chosen.number, cost=count(chosen.cost), wallet=count(self.wallet),
                                    left=count(self.wallet - chosen.cost))
               + " " + (_(_AWARD_SUM).format(award=count(chosen.award), after=count(self.after)) if self.won
                  else _(_NO_AWARD).format(after=count(self.after))))
        return Question(
            prompt=_(_WALLET_PROMPT_WON if self.won else _WALLET_PROMPT_LOST).format(
                wallet=count(self.wallet), number=chosen.number),
            choices=tuple(_(_POINTS).format(points=count(value)) for value, _m in self.shown),
            answer=[value for value, _m in self.shown].index(self.after),
            explanation=why,
            details=(_(_LEVEL_FACTS).format(number=chosen.number, hands=chosen.hand_count, cost=count(chosen.cost),
                                            award=count(chosen.award)),),
            level=self.level,
            topic="wallet",
            mistakes=tuple(_(mistake) if mistake else "" for _v, mistake in self.shown),
            worded=self.question,
        )


def wallet_question(level: str, rng: np.random.Generator | int) -> Question:
    """"How many points are in your wallet now?" after entering a level and winning or losing it."""
    generator = as_rng(rng)
    check_level(level)
    chosen = LEVELS[int(generator.integers(3 if level == "medium" else len(LEVELS)))]
    wallet = chosen.cost + 50 * int(generator.integers(0, 60))
    won = bool(generator.integers(2))
    after = wallet_after(chosen.number, wallet, won)
    options = [(after, "")]
    if won:
        options += [(wallet + chosen.award, _FORGOT_COST), (wallet - chosen.cost, _AWARD_PAID),
                    (wallet + chosen.award - 2 * chosen.cost, _COST_ONCE)]
    else:
        options += [(wallet, _COST_KEPT), (wallet - chosen.cost + chosen.award, _AWARD_TO_WINNERS),
                    (wallet - 2 * chosen.cost, _NOTHING_MORE)]
    seen: list[tuple[int, str]] = []
    for value, mistake in options:
        if value >= 0 and value not in (v for v, _ in seen):
            seen.append((value, mistake))
    order = generator.permutation(len(seen)).tolist()
    return _Wallet(chosen.number, wallet, won, after, tuple(seen[i] for i in order), level).question()


def ladder_question(level: str, rng: np.random.Generator | int) -> Question:
    """easy: who advances; medium: the wallet; hard: either, with ties and losing finishes."""
    generator = as_rng(rng)
    check_level(level)
    if level == "easy":
        return advance_question(level, generator)
    if level == "medium":
        return wallet_question(level, generator)
    return (advance_question if generator.integers(2) else wallet_question)(level, generator)
