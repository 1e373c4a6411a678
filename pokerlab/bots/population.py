"""What a population of players tends to do, measured by self-play and kept with the package.

A ladder match is 16 hands at most: too few for a bot to learn from nothing how each opponent plays.
So level 6 (:mod:`pokerlab.bots.shark`) starts every match from the habits of a population of
players of every skill: self-play with a bot of a random level 1 to 6 in every seat, in matches of
ladder length, each level a *style* of play. For each style and situation the habits say how likely
a player is to check or bet, and to fold, call or raise a bet, *given the hand it holds*. That is
what a hand's choices tell about it: a bet after the draw from a player who drew three comes mostly
from its best hands and rarely from its worst; a call from a player who calls everything tells next
to nothing. Every style is taken to be as common as the others until the shark has seen an
opponent play.

**The situations.** A choice is filed by the betting round (before or after the draw), whether a bet
is owed (one bet, or a raise: two or more), and the hand's *class and rank*:

* before the draw, the class is the number of cards the one opponent model
  (:func:`pokerlab.coach.policy.opponent_discards`) draws from the hand (0 to 3), and the rank is the
  share of the hands of that class that are weaker (so a pair of aces is near the top of the hands
  that draw three, and a four-card flush near the bottom of those that draw one);
* after the draw, the class is the number of cards the player drew (public: four counted as three),
  and the rank the share of the hands players of that class end the draw with that are weaker
  (:func:`pokerlab.bots.multiway.share_below`).

Ranks are counted in :data:`BINS` equal steps. The table is built by
:func:`pokerlab.selfplay.population.build` from whole ladder matches of self-play (every player,
wrapped in a :class:`Recorder`, records only its own cards and its own choices) and written to
``population.json`` beside this module; ``python -m pokerlab.bots`` rebuilds it (from self-play of
the bots as they are, level 6 reading the file as it was).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from pokerlab.bots.estimate import deal_pool
from pokerlab.bots.multiway import final_strengths
from pokerlab.bots.seat_view import FIRST_ROUND, SECOND_ROUND, Table, facing
from pokerlab.coach.policy import MOST_DRAWN, opponent_discards
from pokerlab.draw import Action, ActionKind, LegalAction
from pokerlab.hands import evaluate_many

BINS = 10
"""Steps of a hand's rank within its class."""
CLASSES = MOST_DRAWN + 1


@lru_cache(maxsize=1)
def before_strengths() -> tuple[np.ndarray, ...]:
    """For classes 0 to 3: the sorted strengths before the draw of the shared deal pool's hands that
    the opponent model draws that many cards from."""
    pool = deal_pool()
    return tuple(np.sort(pool.strength[rows]) for rows in pool.by_count)


def ranks_before(hands: np.ndarray, strengths: np.ndarray, drawn: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Class and rank bin before the draw of hands (N, 5) with strengths (N,); ``drawn`` (N,) gives
    each hand's model draw when it is known already."""
    if drawn is None:
        drawn = opponent_discards(hands, strengths).sum(axis=1)
    return _classes_and_bins(strengths, drawn, before_strengths())


def ranks_after(strengths: np.ndarray, drew: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Class and rank bin after the draw of final strengths (N,) of players who drew ``drew`` (N,)."""
    return _classes_and_bins(strengths, drew, final_strengths())


def _classes_and_bins(strengths: np.ndarray, drawn: np.ndarray,
                      tables: tuple[np.ndarray, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Each hand's class (the cards it draws, at most MOST_DRAWN) and its rank bin: where its strength
    falls in its class's sorted ``tables`` entry, in BINS equal parts."""
    drawn = np.minimum(drawn, MOST_DRAWN)
    bins = np.zeros(len(strengths), dtype=np.intp)
    for count in range(CLASSES):
        chosen = drawn == count
        if chosen.any():
            table = tables[count]
            bins[chosen] = np.searchsorted(table, strengths[chosen], side="left") * BINS // len(table)
    return drawn.astype(np.intp), np.minimum(bins, BINS - 1)


# ----- the habits -----------------------------------------------------------------------------------

SECTION_INDEX = {FIRST_ROUND: 0, SECOND_ROUND: 1}
SITUATIONS = 4
"""What a choice answers: see :func:`pokerlab.bots.seat_view.facing`."""
CHOICES = ("check", "bet", "fold", "call", "raise")
CHECK, BET, FOLD, CALL, RAISE = range(len(CHOICES))
SMOOTHING = 4.0
"""A rank bin's rate is pulled towards its class's rate as if this many more choices had been seen;
a class's towards the style's rate in that situation, and that towards every style's."""


@dataclass(frozen=True)
class Habits:
    """How likely each choice is in each situation, for a hand of each class and rank, in each of
    the population's styles of play.

    ``chances[style, section, facing, choice, class, bin]``: section 0 before the draw and 1 after
    it, ``facing`` what the choice answers (:func:`pokerlab.bots.seat_view.facing`), choices in
    :data:`CHOICES` order (check and bet with nothing owed; fold, call and raise otherwise; the
    others are 0). ``share[style]``: how much of the population plays each style."""

    styles: tuple[str, ...]
    share: np.ndarray
    chances: np.ndarray

    def chances_of(self, section: int, facing: int, choice: str, classes: np.ndarray, bins: np.ndarray) -> np.ndarray:
        """The chance of ``choice`` in this situation for each style (rows) and hand (its class and
        rank bin; columns)."""
        return self.chances[:, SECTION_INDEX[section], facing, CHOICES.index(choice)][:, classes, bins]

    def to_json(self) -> dict[str, Any]:
        """Plain data, in thousandths: per style and section the chance of a bet with nothing owed,
        and of a fold and of a raise when facing each of the other situations (check and call are
        what is left)."""
        rounded = np.rint(self.chances * 1000).astype(int)
        return {
            "bins": BINS, "classes": CLASSES, "styles": list(self.styles),
            "share": np.round(self.share, 4).tolist(),
            "bet": rounded[:, :, 0, BET].tolist(),
            "fold": rounded[:, :, 1:, FOLD].tolist(),
            "raise": rounded[:, :, 1:, RAISE].tolist(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Habits:
        if data.get("bins") != BINS or data.get("classes") != CLASSES:
            raise ValueError("population.json was built for other rank bins or classes; rebuild it with "
                             "python -m pokerlab.bots")
        bet = np.array(data["bet"], dtype=float) / 1000
        fold, raises = np.array(data["fold"], dtype=float) / 1000, np.array(data["raise"], dtype=float) / 1000
        chances = np.zeros((len(data["styles"]), 2, SITUATIONS, len(CHOICES), CLASSES, BINS))
        chances[:, :, 0, BET], chances[:, :, 0, CHECK] = bet, 1.0 - bet
        chances[:, :, 1:, FOLD], chances[:, :, 1:, RAISE] = fold, raises
        chances[:, :, 1:, CALL] = np.clip(1.0 - fold - raises, 0.0, 1.0)  # not below 0 after rounding
        share = np.array(data["share"], dtype=float)
        return cls(tuple(data["styles"]), share / share.sum(), chances)


def habits_from(records: Sequence[tuple[Any, ...]]) -> Habits:
    """The habits of recorded choices ``(style, section, facing, opponents, choice, class, bin)``:
    per style, each rank bin's share of every choice, smoothed (:data:`SMOOTHING`) towards its
    class's shares, those towards the style's in that situation, and those towards every style's.
    Every style is taken to be as common as the others (the self-play seats each equally often)."""
    styles = sorted({record[0] for record in records})
    counts = np.zeros((len(styles), 2, SITUATIONS, len(CHOICES), CLASSES, BINS))
    for style, section, answered, _, choice, count, rank in records:
        counts[styles.index(style), SECTION_INDEX[section], answered, CHOICES.index(choice), count, rank] += 1

    def smoothed(counts: np.ndarray, towards: np.ndarray) -> np.ndarray:
        return (counts + SMOOTHING * towards) / (counts.sum(axis=3, keepdims=True) + SMOOTHING)

    everyone = counts.sum(axis=(0, 4, 5))  # (section, facing, choice)
    everyone = everyone / np.maximum(everyone.sum(axis=2, keepdims=True), 1)
    style = smoothed(counts.sum(axis=(4, 5))[..., None, None], everyone[None, ..., None, None])
    per_class = smoothed(counts.sum(axis=5)[..., None], style)
    chances = smoothed(counts, per_class)
    return Habits(tuple(str(name) for name in styles), np.full(len(styles), 1.0 / len(styles)), chances)


DATA_FILE = "population.json"


@lru_cache(maxsize=1)
def population() -> Habits:
    """The habits kept with the package (read once per process)."""
    text = resources.files("pokerlab.bots").joinpath(DATA_FILE).read_text(encoding="utf-8")
    return Habits.from_json(json.loads(text))


def warm_up_reading() -> None:
    """Read the habits and build the rank tables once per process, so no decision waits for them."""
    population()
    before_strengths()
    final_strengths()


# ----- recording self-play -------------------------------------------------------------------------

def choice_of(action: Action, owed: int) -> str:
    """The choice an action is filed as: check or bet with nothing owed, fold, call or raise
    otherwise (an all-in counts as the call or raise it makes)."""
    if action.kind is ActionKind.FOLD:
        return "fold"
    if not owed:
        return "check" if action.kind is ActionKind.CHECK else "bet"
    return "raise" if action.kind in (ActionKind.BET, ActionKind.RAISE) else "call"


class Recorder:
    """Wraps a bot and writes down each of its betting choices with its own hand's class and rank
    (only what its own seat sees)."""

    def __init__(self, bot: Any, records: list[tuple[Any, ...]]) -> None:
        self.bot = bot
        self.records = records

    def decide(self, view: dict[str, Any], legal: Sequence[LegalAction]) -> Action:
        action = self.bot.decide(view, legal)
        table = Table(view, legal)
        if table.phase == "draw" or len(table.cards) != 5:
            return action
        indices = np.array([[card.index for card in table.cards]])
        strength = evaluate_many(indices)
        if table.before_draw:
            count, rank = ranks_before(indices, strength)
        else:
            drew = next(player["draw_count"] for player in view["players"] if player["seat"] == table.seat)
            count, rank = ranks_after(strength, np.array([drew]))
        bet_already = any(earlier.seat == table.seat and earlier.aggressive for earlier in table.round_actions)
        self.records.append((getattr(self.bot, "level", 0), table.section,
                             facing(table.owed, table.bet_size, bet_already), table.opponent_count,
                             choice_of(action, table.owed), int(count[0]), int(rank[0])))
        return action

    def observe(self, view: dict[str, Any]) -> None:
        observe = getattr(self.bot, "observe", None)
        if observe is not None:
            observe(view)
