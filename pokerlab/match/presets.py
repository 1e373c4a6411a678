"""Matches set up for the apps and lessons: seat names, a match from a seat plan, Five-Card Draw
and Saloon Draw matches against computer opponents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerlab.draw import Rules, five_card_draw, saloon_draw
from pokerlab.draw.rules import ForcedBet
from pokerlab.match.state import Match, MatchError, seat_bots

OPPONENT_NAMES = ("Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")


def seat_names(count: int, learner: str = "You") -> list[str]:
    """The learner's name for seat 0, then the first ``count - 1`` opponent names."""
    return [learner, *OPPONENT_NAMES[: count - 1]]


SeatPlan = Sequence["str | int"]
"""A table's seats in order: a person's name, or a computer opponent's level (1 to 6)."""


def planned_match(rules: Rules, plan: SeatPlan, seed: int = 0, starting_stack: int = 500, **options: Any) -> Match:
    """A match from a seat plan: ``["Ann", 3, "Bo", 5]`` seats Ann and Bo with a level-3 and a
    level-5 opponent (named for their seat, "Bo (computer)"...). The first person's seat is the
    match's ``learner_seat``; ``options`` as for :class:`Match`.

    >>> match = planned_match(five_card_draw(player_count=3), ["Ann", 2, "Cy"], seed=1)
    >>> match.humans, sorted(match.bots), match.names
    ({0, 2}, [1], ['Ann', 'Bo (computer)', 'Cy'])
    """
    if len(plan) != rules.player_count:
        raise MatchError(f"{rules.name} here has {rules.player_count} seats; the plan names {len(plan)}.")
    people = [seat for seat, who in enumerate(plan) if isinstance(who, str)]
    levels = {seat: int(who) for seat, who in enumerate(plan) if not isinstance(who, str)}
    names = [who if isinstance(who, str) else f"{OPPONENT_NAMES[seat]} (computer)" for seat, who in enumerate(plan)]
    return Match(rules, names, people[0] if people else 0, seat_bots(levels, seed), seed, starting_stack,
                 humans=people, **options)


def five_card_draw_match(
    player_count: int = 6,
    forced_bet: ForcedBet = "antes",
    ace_draw: bool = False,
    opponent_level: int = 3,
    seed: int = 0,
) -> Match:
    """Rule book 002: everyone starts with 500; no chips at the end of a hand means out; the last
    player with chips wins. The learner sits in seat 0."""
    rules = five_card_draw(player_count=player_count, forced_bet=forced_bet, ace_draw=ace_draw)
    bots = seat_bots(dict.fromkeys(range(1, player_count), opponent_level), seed)
    return Match(rules, seat_names(player_count), 0, bots, seed, 500)


SALOON_OUT_BELOW = 50


def saloon_match(
    ante: int = 5,
    round_one: tuple[int, int] = (5, 15),
    round_two: tuple[int, int] = (5, 25),
    opponents: int = 4,
    opponent_level: int = 3,
    seed: int = 0,
) -> Match:
    """Rule book 003: $500 each; ending a hand under $50 means out; the game ends when the learner is
    out or is the only one left."""
    count = opponents + 1
    rules = saloon_draw(player_count=count, ante=ante, round_one=round_one, round_two=round_two)
    return Match(
        rules, seat_names(count), 0, seat_bots(dict.fromkeys(range(1, count), opponent_level), seed), seed, 500,
        out_below=SALOON_OUT_BELOW, ends_when_learner_out=True,
    )


__all__ = ["OPPONENT_NAMES", "SALOON_OUT_BELOW", "SeatPlan", "five_card_draw_match", "planned_match", "saloon_match",
           "seat_names"]
