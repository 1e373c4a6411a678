"""Level 6, *the shark*: level 4's exact draws and quick simulation, with every choice at the table
read as the hands it usually comes from, and it learns who plays which way.

**From the first hand.** A ladder match is 16 hands at most, too few to learn from nothing how each
opponent plays, so the shark starts every match from the habits of a population of players of every
skill, measured by self-play and kept with the package (:mod:`pokerlab.bots.population`). For each
opponent still in, it weighs the hands that opponent may hold by that opponent's choices in this
hand (:mod:`pokerlab.bots.reader`): a bet after drawing three from its better hands, a check from
its weaker ones, a call from a player who calls everything from almost anything.

**Sharpening as the match goes.** When each hand ends it asks, for every opponent who made a choice,
how likely those choices were in each of the population's styles: the hands the opponent may have
held (only hands that draw what it drew) weighed by each style's chances of them, or, when it
showed its cards, the very hand it held. Multiplied over the hands, that tells the styles apart
within a few hands: a player who calls bet after bet is read as one who calls everything (not
bluffed, bet into with middling hands), one who folds to most bets as one who folds (bluffed), one
seen betting only strong hands as one whose bets are respected. A share of :data:`OPEN_MIND` stays
with the whole population, so a player unlike any style is never read with certainty.

**Choosing.** It compares, in chips, folding, checking or calling, and betting or raising: a bet
wins the pot when everyone folds and is played out against the hands that call
(:func:`pokerlab.bots.multiway.betting_value`), so it bluffs where the folds pay and bets for value
where the callers hold worse, against one opponent or four.
"""

from __future__ import annotations

import math
from math import prod
from typing import Any

import numpy as np

from pokerlab.bots.draw_aware import DrawAware
from pokerlab.bots.multiway import betting_value
from pokerlab.bots.population import population, ranks_after, warm_up_reading
from pokerlab.bots.reader import Read, read_opponent, weigh
from pokerlab.bots.seat_view import NOTHING, SECOND_ROUND, Table, facing
from pokerlab.cards import parse_cards
from pokerlab.coach.equity import simulate_deals
from pokerlab.draw import Action
from pokerlab.hands import evaluate_many

OPEN_MIND = 0.05
"""The share of the population's own mix kept in every read of an opponent's style."""
OBSERVED_TRIALS = 300
"""Simulated hands per opponent when weighing its choices at the end of a hand."""


class Shark(DrawAware):
    level = 6
    trials = 600
    call_margin = 0.02
    """Call only when calling is worth this share of the pot more than folding."""
    early_margin = 0.1
    """Before the draw, bet or raise only when that is worth this share of the pot more than the
    passive choice, and call only when that is worth it more than the call margin: the values count
    only the pot and this round's bets, and the bigger bets of the second round go mostly to the
    better hand, which a marginal bet or call before the draw seldom holds."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        warm_up_reading()

    # ----- learning who plays which way -------------------------------------------------------

    def observe(self, view: dict[str, Any]) -> None:
        """At the end of each hand: how likely each opponent's choices were in each style."""
        if view.get("result") is None:
            return
        table = Table(view, ())
        habits = population()
        logs: dict[str, list[float]] = self.memory.setdefault("styles", {})
        seen = tuple(table.cards) + tuple(table.known)
        for player in view["players"]:
            seat = player["seat"]
            choices = self.choices_of(table, seat)
            if seat == table.seat or not choices:
                continue
            drew = player["draw_count"]
            deals = simulate_deals(seen, [drew], OBSERVED_TRIALS, self.rng, learner_draw=0)
            hands, final = deals.opponents[:, 0], deals.final[:, 0]
            cards = player["cards"]
            shown = drew is not None and len(cards) == 5 and None not in cards
            after = deals.strength[:, 0] if drew is not None and not shown else None
            weights, _ = weigh(habits, np.ones(len(habits.styles)), choices, hands, deals.strength_before[:, 0],
                               (hands != final).sum(axis=1), after)
            likelihood = weights.mean(axis=1)
            if shown:  # the hand it ended with is known: its choices after the draw are weighed on it
                strength = evaluate_many(np.array([[card.index for card in parse_cards(cards)]]))
                rank = ranks_after(strength, np.array([drew]))
                for section, answered, choice in choices:
                    if section == SECOND_ROUND:
                        likelihood = likelihood * habits.chances_of(section, answered, choice, *rank)[:, 0]
            row = logs.setdefault(str(seat), [0.0] * len(habits.styles))
            row[:] = [old + math.log(max(float(new), 1e-12)) for old, new in zip(row, likelihood)]

    def styles_of(self, seat: int) -> np.ndarray:
        """How likely ``seat`` is to play each of the population's styles: the population's mix,
        moved by what this opponent's choices said in the hands seen so far."""
        share = population().share
        logs = self.memory.get("styles", {}).get(str(seat))
        if not logs:
            return share
        weights = share * np.exp(np.array(logs) - max(logs))
        return (1.0 - OPEN_MIND) * weights / weights.sum() + OPEN_MIND * share

    # ----- reading this hand ------------------------------------------------------------------

    def choices_of(self, table: Table, seat: int) -> list[tuple[int, int, str]]:
        """``seat``'s betting choices in this hand: (section, what it faced, choice)."""
        return [(action.section, action.facing, action.choice) for action in table.actions
                if action.seat == seat and action.kind != "draw"]

    def reads(self, table: Table) -> list[Read]:
        """A :class:`~pokerlab.bots.reader.Read` of every opponent still in, as if the bot bet or
        raised now."""
        before = table.before_draw
        if before:
            discard = self.best_draw(table, table.view["draw_rules"]["max_discards"]).discard
            keep = [card for card in table.cards if card not in discard]
            drawing = len(discard)
        else:
            keep, drawing = table.cards, 0
        raised_to = table.view["current_bet"] + table.bet_size
        out = []
        for player in table.opponents:
            self.work += self.trials
            seat = player["seat"]
            answering = NOTHING if player["status"] == "all-in" else facing(
                raised_to - player["bet"], table.bet_size, seat in table.aggressors())
            out.append(read_opponent(
                keep, drawing, table.known, None if before else player["draw_count"],
                self.choices_of(table, seat), population(), self.styles_of(seat), answering,
                self.rng, self.trials, not before,
            ))
        return out

    def fold_chance(self, table: Table, opponent: dict[str, Any]) -> float:
        """How likely ``opponent`` is to fold to a bet now, given the hands its choices point to."""
        return self.reads(table)[table.opponents.index(opponent)].folds

    def win_chance(self, table: Table) -> float:
        return prod(read.win for read in self.reads(table))

    def bet(self, table: Table) -> Action:
        """Compare in chips: with nothing owed, checking (the pot times the chance to win it) with
        betting; with a bet to answer, folding (nothing more), calling (the chance to win the pot
        with the call in it, less the call; a player yet to answer the bet may fold) and raising."""
        reads = self.reads(table)
        pot, bet, owed = table.pot, table.bet_size, table.owed
        fair = 1.0 / (table.opponent_count + 1)
        folds, beats = [read.folds for read in reads], [read.win_called for read in reads]
        early = self.early_margin if table.before_draw else 0.0
        if not owed:
            chance = prod(read.win for read in reads)
            if betting_value(pot, bet, folds, beats) > chance * pot + early * pot:
                return table.aggressive(min(max((chance - fair) * 3, 0.0), 1.0))
            return table.passive()
        answered = [player["bet"] >= table.view["current_bet"] for player in table.opponents]
        chance = prod(read.win if done else read.folds + (1 - read.folds) * read.win_called
                      for read, done in zip(reads, answered))
        calling = chance * (pot + owed) - owed
        raising = betting_value(pot + owed, bet, folds, beats) - owed if table.can_raise() else float("-inf")
        if raising > max(calling, 0.0) + early * pot:
            return table.aggressive(min(max((chance - fair) * 3, 0.0), 1.0))
        if calling > (self.call_margin + early) * pot:
            return table.passive()
        return table.give_up()
