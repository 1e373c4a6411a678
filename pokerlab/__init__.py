"""pokerlab: learn poker by playing it.

The engine (cards, hands, odds, the draw-poker and Four Rows rule machines, bots) is pure Python and
numpy; widgets and notebooks sit on top of it and never hold rules of their own. Importing pokerlab
imports :mod:`pokerlab.narration`, which gives the engine's values their English readings
(:mod:`pokerlab.english`).
"""

from pokerlab.cards import ALL_CARDS, Card, Deck, format_cards, parse_card, parse_cards
from pokerlab.errors import (
    CardError,
    DeckError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerlabError,
)
from pokerlab.hand_values import HandCategory, HandValue, evaluate
from pokerlab.narration.hands import Comparison, explain

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS", "Card", "CardError", "Comparison", "Deck", "DeckError", "DuplicateCardError",
    "HandCategory", "HandSizeError", "HandValue", "InvalidCardError", "PokerlabError", "evaluate",
    "explain", "format_cards", "parse_card", "parse_cards",
]
