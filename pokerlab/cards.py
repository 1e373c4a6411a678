"""Cards, their text forms, and a seeded deck.

There are exactly 52 :class:`Card` objects; ``Card(14, 3)`` always returns the same object as
``parse_cards("As")[0]``. That makes cards cheap to compare and hash (identity), which the hand
evaluator relies on for speed.

A card's ``index`` is ``4 * (rank - 2) + suit`` with ranks 2..14 (ace high) and suits in the order
clubs, diamonds, hearts, spades, so indices run 0 (2♣) to 51 (A♠).

>>> parse_cards("As Kd 10h 9c 2s")
[Card('As'), Card('Kd'), Card('Th'), Card('9c'), Card('2s')]
>>> str(Card.from_index(51)), Card.from_index(51).pretty, Card.from_index(51).name
('As', 'A♠', 'ace of spades')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np

from pokerlab.errors import DeckError, DuplicateCardError, InvalidCardError

RANKS: Final = tuple(range(2, 15))
"""Ranks from two to ace; the ace is 14 (it also plays low in the wheel A-2-3-4-5)."""
SUITS: Final = (0, 1, 2, 3)
"""Clubs, diamonds, hearts, spades. Suits never rank: the order only fixes card indices."""

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES: Final = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}
RANK_PLURALS: Final = {rank: ("sixes" if rank == 6 else name + "s") for rank, name in RANK_NAMES.items()}

# Primes per rank: the product of five ranks identifies the rank multiset regardless of order.
RANK_PRIMES: Final = {rank: prime for rank, prime in zip(RANKS, (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41))}

_SUIT_FROM_TEXT: Final = {
    **{c: i for i, c in enumerate(SUIT_CHARS)},
    **{c.upper(): i for i, c in enumerate(SUIT_CHARS)},
    **{c: i for i, c in enumerate(SUIT_SYMBOLS)},
    **{c: i for i, c in enumerate("♧♢♡♤")},
}
_RANK_FROM_TEXT: Final = {
    **{c: RANKS[i] for i, c in enumerate(RANK_CHARS)},
    **{c.lower(): RANKS[i] for i, c in enumerate(RANK_CHARS) if c.isalpha()},
    "10": 10,
}
_CARD_RE: Final = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS♣♦♥♠♧♢♡♤])")
_SEPARATORS: Final = re.compile(r"[\s,;]+")


class Card:
    """One of the 52 cards. Immutable; compare and hash by identity (there is one object per card)."""

    __slots__ = ("rank", "suit", "index", "prime", "bit")
    rank: int
    suit: int
    index: int
    prime: int
    bit: int

    def __new__(cls, rank: int, suit: int) -> Card:
        if rank not in RANK_NAMES or suit not in SUITS:
            raise InvalidCardError(
                f"No card has rank {rank!r} and suit {suit!r}: ranks are 2..14 and suits 0..3 "
                "(clubs, diamonds, hearts, spades)."
            )
        return _DECK_ORDER[4 * (rank - 2) + suit]

    @classmethod
    def _make(cls, rank: int, suit: int) -> Card:
        card = object.__new__(cls)
        for name, value in (
            ("rank", rank), ("suit", suit), ("index", 4 * (rank - 2) + suit),
            ("prime", RANK_PRIMES[rank]), ("bit", 1 << (4 * (rank - 2) + suit)),
        ):
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this index (0 = 2♣ … 51 = A♠); the inverse of ``Card.index``."""
        if not isinstance(index, (int, np.integer)) or not 0 <= index < 52:
            raise InvalidCardError(f"Card index {index!r} is out of range: indices run from 0 to 51.")
        return _DECK_ORDER[int(index)]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Cards are immutable.")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 2] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def pretty(self) -> str:
        """``'A♠'`` style, with ``10`` written out as on a printed card."""
        rank_text = "10" if self.rank == 10 else RANK_CHARS[self.rank - 2]
        return rank_text + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """``'ace of spades'``: the words a screen reader should say."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)


_DECK_ORDER: Final[tuple[Card, ...]] = tuple(Card._make(rank, suit) for rank in RANKS for suit in SUITS)
ALL_CARDS: Final = _DECK_ORDER
"""All 52 cards in index order."""


def parse_card(text: str) -> Card:
    """One card from text such as ``'As'``, ``'10h'``, ``'T♥'``."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise InvalidCardError(f"Expected one card, got {len(cards)} in {text!r}.")
    return cards[0]


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Cards from text: ``"As Kd 10h 9c 2s"``, ``"AsKdTh9c2s"``, ``"A♠ K♦"`` (commas allowed).

    Also accepts an iterable of card strings or cards. Unknown text and repeated cards raise an
    error whose message names the offending token.

    >>> parse_cards("A♠K♦, 10h")
    [Card('As'), Card('Kd'), Card('Th')]
    """
    if isinstance(text, str):
        tokens = [token for token in _SEPARATORS.split(text.strip()) if token]
    else:
        tokens = list(text)
    cards: list[Card] = []
    for token in tokens:
        if isinstance(token, Card):
            cards.append(token)
            continue
        if not isinstance(token, str):
            raise InvalidCardError(f"{token!r} is not a card; give card text such as 'As' or 'Td'.")
        position = 0
        while position < len(token):
            match = _CARD_RE.match(token, position)
            if match is None:
                bad = token[position:position + 3] if position else token
                raise InvalidCardError(
                    f"Unknown card {bad!r} in {token!r}: a card is a rank (2-9, T or 10, J, Q, K, A) "
                    "followed by a suit (c, d, h, s or ♣ ♦ ♥ ♠), e.g. 'As' or '10♥'."
                )
            rank_text, suit_text = match.groups()
            cards.append(_DECK_ORDER[4 * (_RANK_FROM_TEXT[rank_text] - 2) + _SUIT_FROM_TEXT[suit_text]])
            position = match.end()
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCardError(f"Duplicate card {str(card)!r}: there is only one {card.name} in a deck.")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card], pretty: bool = False) -> str:
    """``'As Kd Th'`` (or ``'A♠ K♦ 10♥'`` with ``pretty=True``)."""
    return " ".join(card.pretty if pretty else str(card) for card in cards)


def as_rng(rng: np.random.Generator | int) -> np.random.Generator:
    """A numpy Generator from a generator (returned as is) or an integer seed."""
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
        return np.random.default_rng(int(rng))
    raise TypeError(f"Expected a numpy Generator or an integer seed, got {type(rng).__name__}.")


class Deck:
    """A stock of cards, shuffled by the caller's generator; deals from the top.

    The generator is kept (not copied): the game that owns it also owns reproducibility.

    >>> deck = Deck(7)
    >>> len(deck), len(deck.deal(5)), len(deck)
    (52, 5, 47)
    """

    __slots__ = ("_rng", "_cards")

    def __init__(self, rng: np.random.Generator | int, cards: Iterable[Card] | None = None) -> None:
        self._rng = as_rng(rng)
        self._cards: list[Card] = []
        self.add_and_shuffle(ALL_CARDS if cards is None else cards)

    @classmethod
    def stacked(cls, cards: Sequence[Card], rng: np.random.Generator | int = 0) -> Deck:
        """A deck whose stock is exactly ``cards`` in this order (first is dealt first): for tests,
        lessons and restoring saved games."""
        deck = cls(rng, cards=())
        deck._cards = list(reversed(parse_cards(list(cards))))
        return deck

    def __len__(self) -> int:
        return len(self._cards)

    @property
    def rng(self) -> np.random.Generator:
        return self._rng

    def deal(self, count: int = 1) -> list[Card]:
        """The top ``count`` cards, removed from the stock."""
        if count < 0 or count > len(self._cards):
            raise DeckError(f"Cannot deal {count} card(s): the stock holds {len(self._cards)}.")
        if count == 0:
            return []
        dealt = self._cards[-count:]
        del self._cards[-count:]
        dealt.reverse()
        return dealt

    def peek(self) -> Card:
        """The top card, left in place (Four Rows shows it face up)."""
        if not self._cards:
            raise DeckError("The stock is empty.")
        return self._cards[-1]

    def remaining(self) -> list[Card]:
        """The cards left, in the order they will be dealt. Hidden information in most games."""
        return list(reversed(self._cards))

    def add_and_shuffle(self, cards: Iterable[Card]) -> None:
        """Put cards back into the stock and shuffle the whole stock (rule book 002: when the stock
        runs short, earlier discards and folded hands become a new stock)."""
        incoming = parse_cards(list(cards))
        overlap = set(incoming) & set(self._cards)
        if overlap:
            raise DeckError(f"{format_cards(sorted(overlap))} already in the stock.")
        pool = self._cards + incoming
        order = self._rng.permutation(len(pool))
        self._cards = [pool[i] for i in order]
