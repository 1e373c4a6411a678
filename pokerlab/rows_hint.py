"""Players for Four Rows: a random placer, a greedy rule player, and the hint bot.

All three see only a :class:`~pokerlab.rows.RowsView`: the top card, the rows, the chips, the open
types and the *composition* of the deck. The order of the deck is hidden from them as from a learner.

The hint bot values each row by simulation: it deals many random completions of the row from the
unseen cards (all of them in one numpy batch through :func:`pokerlab.hands.evaluate_many`, with the
same random deals for every row so that comparisons are not blurred by luck), scores each completion
as the engine would with the types still open, and averages. A move is then chosen by what it does to
those values: where the top card adds most, whether a chip's multiplier is worth more now than a chip
kept for later, and whether a short row is worth less than starting again. Same view and seed, same
hint.

>>> from pokerlab.rows import FourRows, ManualClock
>>> game = FourRows(seed=3, clock=ManualClock())
>>> HintBot(seed=0).choose(game.view()) == HintBot(seed=0).choose(game.view())
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

import numpy as np

from pokerlab.cards import Card, as_rng
from pokerlab.hand_values import evaluate
from pokerlab.hands import category_of, evaluate_many
from pokerlab.rows import (
    CONTAINS,
    EXAMPLE_HANDS,
    MAX_FOLD_SIZE,
    MULTIPLIER_TENTHS,
    NOTHING_POINTS,
    ROW_SIZE,
    Action,
    FourRows,
    ManualClock,
    RowsView,
    ScoringType,
    best_open_type,
    hand_class,
)

ROYAL_STRENGTH: Final = evaluate(EXAMPLE_HANDS[ScoringType.ROYAL_FLUSH]).strength
"""Every royal flush has this strength (suits never change a strength)."""


class Player(Protocol):
    """Anything that picks a Four Rows move from the public view."""

    def choose(self, view: RowsView) -> Action: ...


def class_points(open_types: frozenset[ScoringType]) -> np.ndarray:
    """Points (without chip) for each hand class 0..9 given the open types: the engine's rule as a table."""
    table = np.full(10, NOTHING_POINTS, dtype=np.int64)
    for class_number in CONTAINS:
        chosen = best_open_type(class_number, open_types)
        if chosen is not None:
            table[class_number] = chosen.points
    return table


def classes_of(strengths: np.ndarray) -> np.ndarray:
    """Hand class 0..9 (9 = royal flush) of each strength: :func:`pokerlab.rows.hand_class` for a batch."""
    classes = category_of(strengths).astype(np.int64)
    classes[strengths == ROYAL_STRENGTH] = 9
    return classes


class RandomPlacer:
    """Puts each card in a random row; never raises or folds. The floor to beat."""

    def __init__(self, seed: int | np.random.Generator = 0) -> None:
        self.rng = as_rng(seed)

    def choose(self, view: RowsView) -> Action:
        places = [a for a in view.legal_actions if a.kind == "place"]
        return places[int(self.rng.integers(len(places)))]


def _shape_points(cards: list[Card]) -> float:
    """Greedy's rough worth of a partial row: matched ranks, one suit, cards that fit one straight."""
    if not cards:
        return 0.0
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    pairs = sum(c * c for c in counts.values()) - len(cards)  # 0, 2 for a pair, 6 for trips, 4 for two pair
    one_suit = len({card.suit for card in cards}) == 1
    ranks = sorted(counts)
    straightish = len(ranks) == len(cards) and (ranks[-1] - ranks[0] <= 4 or set(ranks) <= {14, 2, 3, 4, 5})
    return 30.0 * pairs + (12.0 * len(cards) if one_suit else 0) + (8.0 * len(cards) if straightish else 0)


class GreedyPlayer:
    """A rule player: match ranks, then suits, then sequences; a sure fifth card gets a 1.2x chip;
    a three-card row with nothing going for it is folded."""

    def choose(self, view: RowsView) -> Action:
        legal = set(view.legal_actions)
        card = view.top_card
        assert card is not None
        points = class_points(view.open_types)
        for number, (cards, chip) in enumerate(view.rows, start=1):
            if len(cards) == 4 and chip is None and Action("raise", number) in legal:
                if points[hand_class([*cards, card])] > 0:
                    return Action("raise", number)
            if len(cards) == MAX_FOLD_SIZE and _shape_points(list(cards)) == 0 and Action("fold", number) in legal:
                return Action("fold", number)
        best, best_gain = 1, -1e9
        for number, (cards, _chip) in enumerate(view.rows, start=1):
            after = [*cards, card]
            if len(after) == ROW_SIZE:
                gain = float(points[hand_class(after)])
            else:
                gain = _shape_points(after) - _shape_points(list(cards)) - 2.0 * len(cards)
            if gain > best_gain:
                best, best_gain = number, gain
        return Action("place", best)


class HintBot:
    """Chooses the move that most raises the simulated expected score of the rows.

    ``samples`` random completions per row; ``chip_reserve`` is the least gain (in points) a chip must
    bring now rather than be kept; ``seed`` makes every hint reproducible.
    """

    def __init__(self, seed: int = 0, samples: int = 400, chip_reserve: float = 40.0) -> None:
        self.seed = seed
        self.samples = samples
        self.chip_reserve = chip_reserve

    def row_values(self, view: RowsView, rows: list[list[Card]]) -> np.ndarray:
        """Expected points (no chip) of completing each partial row with random unseen cards.

        A row that cannot be completed before the deck runs out is worth 0 (incomplete rows score
        nothing). Rows are given as card lists so that "what if" rows can be valued too.
        """
        top = view.top_card
        unseen = np.array([c.index for c in view.deck_composition if c is not top], dtype=np.int8)
        rng = np.random.default_rng([self.seed, view.move_count, len(unseen)])
        values = np.zeros(len(rows))
        if len(unseen) == 0:
            return values
        draws = min(ROW_SIZE, len(unseen))
        order = np.argsort(rng.random((self.samples, len(unseen))), axis=1)[:, :draws]
        deals = unseen[order]
        points = class_points(view.open_types)
        batches, owners = [], []
        for i, cards in enumerate(rows):
            need = ROW_SIZE - len(cards)
            if need > len(unseen) or need == 0:
                continue
            known = np.tile(np.array([c.index for c in cards], dtype=np.int8), (self.samples, 1))
            batches.append(np.hstack([known, deals[:, :need]]))
            owners.append(i)
        if batches:
            strengths = evaluate_many(np.vstack(batches)).reshape(len(batches), self.samples)
            means = points[classes_of(strengths)].mean(axis=1)
            values[owners] = means
        return values

    def choose(self, view: RowsView) -> Action:
        """The hint: a raise, a fold, or where to place the top card."""
        card = view.top_card
        if card is None or view.is_over:
            raise ValueError("The game is over; there is nothing to hint.")
        legal = set(view.legal_actions)
        points = class_points(view.open_types)
        rows = [list(cards) for cards, _ in view.rows]
        chips = [(chip or 10) / 10 for _, chip in view.rows]
        now = self.row_values(view, [*rows, [], *[[*r, card] for r in rows if len(r) < ROW_SIZE - 1]])
        current, empty = now[:4], now[4]
        with_card = iter(now[5:])
        # Each row's value (no chip) once the top card is in it, and what a fresh row is worth after:
        # a row the card completes is its score, then starts again; any other row is still open.
        after: list[float] = []
        fresh: list[float] = []
        for cards in rows:
            completes = len(cards) == ROW_SIZE - 1
            after.append(float(points[hand_class([*cards, card])]) if completes else float(next(with_card)))
            fresh.append(empty if completes else 0.0)
        gains = [chips[i] * after[i] + fresh[i] - chips[i] * current[i] for i in range(len(rows))]
        best_row = int(np.argmax(gains))
        # A chip on the row the card is going to: worth it if the extra points beat keeping the chip.
        cards_in = len(rows[best_row])
        if Action("raise", best_row + 1) in legal:
            boost = (MULTIPLIER_TENTHS[cards_in] / 10 - 1) * after[best_row]
            reserve = self.chip_reserve if view.deck_count > 5 * view.chips_left else 0.0
            if boost > reserve:
                return Action("raise", best_row + 1)
        # Fold a short row that is worth less than starting it again.
        for i, cards in enumerate(rows):
            if Action("fold", i + 1) in legal and i != best_row and view.deck_count > ROW_SIZE:
                if chips[i] * current[i] < empty - 5.0 and current[i] < 0:
                    return Action("fold", i + 1)
        return Action("place", best_row + 1)


def play_game(seed: int, player: Player) -> FourRows:
    """A whole game on a clock that never moves (time is ignored: the bonus is the full 1,200)."""
    game = FourRows(seed, ManualClock())
    while not game.is_over:
        game.apply(player.choose(game.view()))
    return game


PLAYERS: Final[dict[str, Callable[[int], Player]]] = {
    "random": lambda seed: RandomPlacer(seed),
    "greedy": lambda seed: GreedyPlayer(),
    "hint": lambda seed: HintBot(seed),
}
