"""Longer pieces of the lessons' code, kept here so a notebook cell reads as one short call: the button
moving round a match, a short stock in the draw, the opponents' betting habits, Four Rows games that
start with chosen cards, and how often each kind of hand turns up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np

from pokerlab.cards import ALL_CARDS, Card, Deck, parse_cards
from pokerlab.draw import Action, ActionKind
from pokerlab.hand_values import HAND_COUNT, HandCategory
from pokerlab.hands import all_hands, category_of, evaluate_many
from pokerlab.lessons.scripted import ScriptedHand
from pokerlab.match import Match, saloon_match
from pokerlab.rows.clocks import ManualClock
from pokerlab.rows.game import FourRows
from pokerlab.rows.hint import play_game

__all__ = [
    "STRATEGY_MEANS", "ShortStock", "betting_habits", "category_tally", "dealers_of", "four_rows_starting_with", "mean_four_rows_score",
    "short_stock",
]


def category_tally() -> dict[HandCategory, int]:
    """How many of the 2,598,960 five-card hands fall in each kind, counted by evaluating every one."""
    counts = np.bincount(category_of(evaluate_many(all_hands())), minlength=len(HandCategory))
    assert int(counts.sum()) == HAND_COUNT
    return {category: int(counts[category]) for category in HandCategory}


def _play_out(match: Match, learner: Callable[[Match], Action]) -> None:
    while not match.hand.is_over:
        if match.is_bot_turn():
            match.bot_step()
        else:
            match.act(learner(match))


def dealers_of(match: Match, hand_count: int) -> list[int]:
    """Deal ``hand_count`` hands of ``match`` (the learner in Seat 1 folds at once, the computer plays the
    others) and return who dealt each (engine seat numbers)."""
    dealers = []
    for _ in range(hand_count):
        match.deal()
        dealers.append(match.dealer)
        _play_out(match, lambda _: Action.fold())
    return dealers


@dataclass(frozen=True)
class ShortStock:
    """What happened when the stock ran short in a scripted hand (engine seat numbers)."""

    stock: tuple[Card, ...]
    """The cards left after the deal, top first."""
    draws: tuple[tuple[int, int], ...]
    """(seat, cards drawn) in the order the players drew."""
    last_card: Card
    """The one card left when the short player drew: they get it first."""
    new_stock_size: int
    """Cards shuffled into the new stock: earlier discards and folded hands."""
    from_new_stock: tuple[Card, ...]
    own_discards: tuple[Card, ...]
    """The short player's own discards, kept out of the new stock."""


def short_stock(hand: ScriptedHand, actions: int) -> ShortStock:
    """Play ``hand`` for ``actions`` actions (up to the draw that runs short) and read the events."""
    start = hand.start()
    deal_count = 5 * start.player_count
    stock = tuple(hand.deck[deal_count:])
    state = hand.play(actions)
    draws = [event for event in state.events if event.kind == "draw"]
    reshuffle = next(event for event in state.events if event.kind == "reshuffle")
    short_draw = draws[-1]
    return ShortStock(
        stock=stock,
        draws=tuple((event.seat, event.count) for event in draws),  # type: ignore[misc]
        last_card=short_draw.received[0],
        new_stock_size=reshuffle.count or 0,
        from_new_stock=tuple(short_draw.received[1:]),
        own_discards=tuple(short_draw.cards),
    )


def betting_habits(level: int, hand_count: int = 20, seed: int = 1) -> Counter[str]:
    """How four Saloon Draw opponents of one level bet over some hands, counted from what everyone at
    the table sees. The learner (Seat 1) only checks, stands pat or folds, so the betting is theirs."""
    match = saloon_match(opponent_level=level, seed=seed)
    habits: Counter[str] = Counter()

    def passive(match: Match) -> Action:
        kinds = {item.kind for item in match.hand.legal_actions()}
        if ActionKind.CHECK in kinds:
            return Action.check()
        return Action.stand_pat() if ActionKind.DRAW in kinds else Action.fold()

    while match.hand_number < hand_count and not match.is_over:
        match.deal()
        _play_out(match, passive)
        habits.update(event.kind for event in match.hand.events if event.seat != 0)
    return habits


def four_rows_starting_with(text: str) -> FourRows:
    """A Four Rows game (clock stopped) whose deck deals these cards first, the rest in a fixed order."""
    first = parse_cards(text)
    rest = [card for card in ALL_CARDS if card not in first]
    return FourRows(0, ManualClock(), deck=Deck.stacked(first + rest))


def mean_four_rows_score(make_player: Callable[[int], object], game_count: int = 8) -> float:
    """The average points a player's rows score over the same seeded games, with the clock switched
    off. The time bonus is left out: with the clock off every game that reaches the end of the deck
    would collect the whole 1,200 points, which no game played against the clock can."""
    return sum(play_game(seed, make_player(seed)).row_points for seed in range(game_count)) / game_count  # type: ignore[arg-type]


STRATEGY_MEANS: Final = {"Random placer": -175.0, "Greedy rules": 1125.0, "Hint bot": 1633.75}
"""Average Four Rows row points over seeded games 0-7 with the clock off (:func:`mean_four_rows_score`
with :class:`~pokerlab.rows.hint.RandomPlacer`, ``GreedyPlayer()`` and ``HintBot(seed, samples=200)``).
Lesson 07 shows these instead of playing 24 games at every page open; tests/test_lessons.py recomputes them."""
