"""Games with a chosen deck order, for tests that need particular cards in particular rows."""

from __future__ import annotations

from pokerlab.cards import ALL_CARDS, Deck, parse_cards
from pokerlab.rows.clocks import ManualClock
from pokerlab.rows.game import FourRows


def game_with(top_cards: str, clock: ManualClock | None = None) -> FourRows:
    """A game whose deck deals ``top_cards`` first, then the other cards in index order."""
    first = parse_cards(top_cards)
    rest = [card for card in ALL_CARDS if card not in first]
    return FourRows(0, clock or ManualClock(), deck=Deck.stacked(first + rest))


def state_of(game: FourRows) -> tuple:
    """Everything a move could change, for comparing before and after a refused move."""
    return (
        [(list(row.cards), row.chip_tenths) for row in game.rows], game.chips_left, set(game.scored_types),
        list(game.score_sheet), list(game.folded), list(game.moves), list(game.events), game.end_reason,
        game.time_bonus, game.deck_count, game.top_card, game.warned,
    )
