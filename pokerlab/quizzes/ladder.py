"""Tournament Ladder questions: does the learner advance, and what is in the wallet afterwards?

Who advances, and what the wallet holds afterwards, are decided by :class:`pokerlab.ladder.LadderRun`
itself (strictly more chips than each of the four opponents; the entry cost paid at the start, the
award at the finish) on a :class:`~pokerlab.ladder.MemoryAccount`. Each
wrong choice names the mistake behind it.

easy: does this finish advance? medium: the wallet after a level, won or lost; hard: both kinds, with
ties for the lead.

>>> question = ladder_question("easy", rng=2)
>>> question.choices
('Yes, you advance', 'No, you do not advance')
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerlab.cards import as_rng
from pokerlab.ladder import LEVELS, STARTING_CHIPS, LadderRun, MemoryAccount
from pokerlab.quizzes.core import Question, check_level

__all__ = ["advance_question", "finish_advances", "ladder_question", "wallet_after", "wallet_question"]

_OPPONENTS = ("Seat 2", "Seat 3", "Seat 4", "Seat 5")


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


def advance_question(level: str, rng: np.random.Generator | int) -> Question:
    """"After the level's hands, do you advance?" for a random finish."""
    generator = as_rng(rng)
    check_level(level)
    stacks = _finish(generator, tie=level == "hard" and bool(generator.integers(2)))
    number = int(generator.integers(1, len(LEVELS)))  # level 6 is the last: it records a score instead
    advances = finish_advances(number, stacks)
    me, others = stacks[0], stacks[1:]
    top = max(others)
    leader = _OPPONENTS[others.index(top)]
    if advances:
        why = f"Yes: your {me:,} chips are more than each opponent's (the most any of them has is {top:,})."
        mistakes = ("", "You need strictly more chips than each of the four opponents, and you have them; how many you "
                        "won does not matter.")
    elif top == me:
        why = f"No: {leader} also has {me:,} chips. A tie for the lead is not enough; you need strictly more."
        mistakes = ("A tie for the lead is not enough: you need strictly more chips than every opponent.", "")
    else:
        why = f"No: {leader} has {top:,} chips, more than your {me:,}."
        mistakes = (f"{leader} has more chips than you ({top:,} against {me:,}): you must beat every opponent, not most of "
                    "them or the chips you started with.", "")
    return Question(
        prompt=f"Level {number} is over. Do you advance to the next level?",
        choices=("Yes, you advance", "No, you do not advance"),
        answer=0 if advances else 1,
        explanation=why,
        details=(f"You (Seat 1): {me:,} chips.", *(f"{name}: {chips:,} chips." for name, chips in zip(_OPPONENTS, others))),
        level=level,
        topic="advance",
        mistakes=mistakes,
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
        options += [(wallet + chosen.award, "You forgot the entry cost: it was paid from the wallet when you entered."),
                    (wallet - chosen.cost, "You advanced, so the level's award was paid into the wallet."),
                    (wallet + chosen.award - 2 * chosen.cost, "The entry cost is paid once, when you enter.")]
    else:
        options += [(wallet, "The entry cost is paid when you enter, and it is not given back when you lose."),
                    (wallet - chosen.cost + chosen.award, "The award is paid only to a player who advances."),
                    (wallet - 2 * chosen.cost, "Losing costs nothing more than the entry cost you already paid.")]
    seen: list[tuple[int, str]] = []
    for value, mistake in options:
        if value >= 0 and value not in (v for v, _ in seen):
            seen.append((value, mistake))
    order = generator.permutation(len(seen)).tolist()
    shuffled = [seen[i] for i in order]
    outcome = "advance" if won else "do not advance"
    why = (f"Entering level {chosen.number} costs {chosen.cost:,}: {wallet:,} - {chosen.cost:,} = {wallet - chosen.cost:,}. "
           + (f"Advancing pays the award of {chosen.award:,}: {after:,} points." if won
              else f"You did not advance, so no award: {after:,} points."))
    return Question(
        prompt=(f"Your wallet holds {wallet:,} points. You enter level {chosen.number} and {outcome}. "
                "How many points are in your wallet now?"),
        choices=tuple(f"{value:,} points" for value, _ in shuffled),
        answer=[value for value, _ in shuffled].index(after),
        explanation=why,
        details=(f"Level {chosen.number}: {chosen.hand_count} hands, entry cost {chosen.cost:,}, award {chosen.award:,}.",),
        level=level,
        topic="wallet",
        mistakes=tuple(mistake for _, mistake in shuffled),
    )


def ladder_question(level: str, rng: np.random.Generator | int) -> Question:
    """easy: who advances; medium: the wallet; hard: either, with ties and losing finishes."""
    generator = as_rng(rng)
    check_level(level)
    if level == "easy":
        return advance_question(level, generator)
    if level == "medium":
        return wallet_question(level, generator)
    return (advance_question if generator.integers(2) else wallet_question)(level, generator)
