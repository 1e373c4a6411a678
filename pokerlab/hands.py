"""Five-card hand values: evaluate one hand, name it, explain a comparison, and evaluate millions.

A hand's ``strength`` packs its category and its tie-break ranks into one int::

    strength = category << 20 | r0 << 16 | r1 << 12 | r2 << 8 | r3 << 4 | r4

``r0..`` are the ranks that decide ties, most important first (for a full house: the trips then the
pair; for a straight only its top card, 5 for the wheel; unused places are 0). Comparing strengths is
comparing hands, and ``strength >> 20`` is the category. There are exactly 7,462 different values.

>>> from pokerlab import evaluate, parse_cards
>>> evaluate(parse_cards("Kh Kd 7s 7c Qd")).name
'Two pair, kings and sevens, with a queen'
>>> evaluate(parse_cards("6c 5d 4h 3s 2c")) > evaluate(parse_cards("Ah 2d 3h 4s 5c"))
True
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from enum import IntEnum
from functools import lru_cache
from math import comb
from typing import Final

import numpy as np

from pokerlab import english
from pokerlab.cards import RANK_NAMES, RANK_PLURALS, RANK_PRIMES, RANKS, Card, format_cards, parse_cards
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidCardError
from pokerlab.shared_tables import shared_array
from pokerlab.text import listing


class HandCategory(IntEnum):
    """The nine kinds of poker hand, weakest first (a royal flush is the ace-high straight flush)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """``'Three of a kind'``: the category as a learner reads it."""
        return _CATEGORY_LABELS[self]

    @property
    def in_a_sentence(self) -> str:
        """``'a straight'``, ``'two pair'``: the category as it reads inside a sentence."""
        return _ARTICLE_LABELS[self]


_CATEGORY_LABELS: Final = {
    HandCategory.HIGH_CARD: "High card",
    HandCategory.PAIR: "One pair",
    HandCategory.TWO_PAIR: "Two pair",
    HandCategory.THREE_OF_A_KIND: "Three of a kind",
    HandCategory.STRAIGHT: "Straight",
    HandCategory.FLUSH: "Flush",
    HandCategory.FULL_HOUSE: "Full house",
    HandCategory.FOUR_OF_A_KIND: "Four of a kind",
    HandCategory.STRAIGHT_FLUSH: "Straight flush",
}
_ARTICLE_LABELS: Final = {
    HandCategory.HIGH_CARD: "high card",
    HandCategory.PAIR: "one pair",
    HandCategory.TWO_PAIR: "two pair",
    HandCategory.THREE_OF_A_KIND: "three of a kind",
    HandCategory.STRAIGHT: "a straight",
    HandCategory.FLUSH: "a flush",
    HandCategory.FULL_HOUSE: "a full house",
    HandCategory.FOUR_OF_A_KIND: "four of a kind",
    HandCategory.STRAIGHT_FLUSH: "a straight flush",
}
CATEGORY_SHIFT: Final = 20
"""``strength >> CATEGORY_SHIFT`` is the hand's category."""
RANK_PLACE_SHIFTS: Final = (16, 12, 8, 4, 0)
"""Where each tie-break rank sits in a strength, most important first: ``(strength >> shift) & RANK_MASK``."""
RANK_MASK: Final = 0xF
"""One tie-break rank (2..14, or 0 for an unused place) fills four bits."""
HAND_COUNT: Final = 2_598_960


def _pack(category: int, ranks: Sequence[int]) -> int:
    strength = category << CATEGORY_SHIFT
    for place, rank in enumerate(ranks):
        strength |= rank << (16 - 4 * place)
    return strength


def _strength_of_ranks(ranks: Sequence[int], flush: bool) -> int:
    """The strength of five ranks (any order), flush or not. The single source of truth for ranking."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    # Groups ordered by size, then rank: (pair of 8s, A, K, 3) -> [8, 14, 13, 3].
    groups = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if len(counts) == 5:
        top = groups[0]
        if groups == [14, 5, 4, 3, 2]:
            straight_top = 5  # the wheel: the ace plays low
        elif top - groups[4] == 4:
            straight_top = top
        else:
            straight_top = 0
        if straight_top:
            category = HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
            return _pack(category, [straight_top])
        return _pack(HandCategory.FLUSH if flush else HandCategory.HIGH_CARD, groups)
    category = {
        (2, 1, 1, 1): HandCategory.PAIR,
        (2, 2, 1): HandCategory.TWO_PAIR,
        (3, 1, 1): HandCategory.THREE_OF_A_KIND,
        (3, 2): HandCategory.FULL_HOUSE,
        (4, 1): HandCategory.FOUR_OF_A_KIND,
    }[tuple(shape)]
    return _pack(category, groups)


class HandValue:
    """What five cards are worth. Compare with ``<``, ``==``, ``>``; equal values split a pot.

    There is one object per distinct value (7,462 of them), shared by every hand that has it.
    """

    __slots__ = ("strength", "category", "ranks", "_name")
    strength: int
    category: HandCategory
    ranks: tuple[int, ...]

    def __init__(self, strength: int) -> None:
        ranks = tuple(r for r in ((strength >> shift) & 15 for shift in (16, 12, 8, 4, 0)) if r)
        object.__setattr__(self, "strength", strength)
        object.__setattr__(self, "category", HandCategory(strength >> CATEGORY_SHIFT))
        object.__setattr__(self, "ranks", ranks)
        object.__setattr__(self, "_name", None)

    @classmethod
    def from_strength(cls, strength: int) -> HandValue:
        """The shared value object for a strength (as returned by ``evaluate_many``)."""
        value = _VALUES.get(int(strength))
        if value is None:
            raise ValueError(f"{strength!r} is not the strength of any five-card hand.")
        return value

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("HandValues are immutable.")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (HandValue.from_strength, (self.strength,))

    def __hash__(self) -> int:
        return self.strength

    def __eq__(self, other: object) -> bool:
        return self.strength == other.strength if isinstance(other, HandValue) else NotImplemented

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < other.strength if isinstance(other, HandValue) else NotImplemented

    def __le__(self, other: HandValue) -> bool:
        return self.strength <= other.strength if isinstance(other, HandValue) else NotImplemented

    def __gt__(self, other: HandValue) -> bool:
        return self.strength > other.strength if isinstance(other, HandValue) else NotImplemented

    def __ge__(self, other: HandValue) -> bool:
        return self.strength >= other.strength if isinstance(other, HandValue) else NotImplemented

    def __repr__(self) -> str:
        return f"<HandValue {self.name} ({self.strength})>"

    @property
    def is_royal(self) -> bool:
        return self.category is HandCategory.STRAIGHT_FLUSH and self.ranks[0] == 14

    @property
    def name(self) -> str:
        """A dealer's name: ``'Pair of eights, ace kicker'``, ``'Six-high straight'``, ``'Royal flush'``."""
        if self._name is None:
            object.__setattr__(self, "_name", _name_of(self))
        return self._name  # type: ignore[return-value]


def _listing(ranks: Iterable[int]) -> str:
    return listing(RANK_NAMES[r] for r in ranks)


def _article(rank: int) -> str:
    return "an" if rank in (8, 14) else "a"


def _name_of(value: HandValue) -> str:
    c, r = value.category, value.ranks
    high = RANK_NAMES[r[0]].capitalize()
    if c is HandCategory.STRAIGHT_FLUSH:
        if r[0] == 14:
            return "Royal flush"
        return f"{high}-high straight flush" + (" (steel wheel)" if r[0] == 5 else "")
    if c is HandCategory.FOUR_OF_A_KIND:
        return f"Four {RANK_PLURALS[r[0]]}, {RANK_NAMES[r[1]]} kicker"
    if c is HandCategory.FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    if c is HandCategory.FLUSH:
        return f"{high}-high flush"
    if c is HandCategory.STRAIGHT:
        return f"{high}-high straight" + (" (the wheel)" if r[0] == 5 else "")
    if c is HandCategory.THREE_OF_A_KIND:
        return f"Three {RANK_PLURALS[r[0]]}"
    if c is HandCategory.TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}, with {_article(r[2])} {RANK_NAMES[r[2]]}"
    if c is HandCategory.PAIR:
        return f"Pair of {RANK_PLURALS[r[0]]}, {RANK_NAMES[r[1]]} kicker"
    return f"{high} high"


# --- the one-hand evaluator: a dict lookup keyed by the product of rank primes ---------------------

def _build_lookups() -> tuple[dict[int, HandValue], dict[int, HandValue], dict[int, HandValue]]:
    values: dict[int, HandValue] = {}
    plain: dict[int, HandValue] = {}
    flush: dict[int, HandValue] = {}
    for ranks in itertools.combinations_with_replacement(RANKS, 5):
        if len(set(ranks)) == 1:
            continue  # five of a kind does not exist in one deck
        key = 1
        for rank in ranks:
            key *= RANK_PRIMES[rank]
        strength = _strength_of_ranks(ranks, flush=False)
        plain[key] = values.setdefault(strength, HandValue(strength))
        if len(set(ranks)) == 5:
            strength = _strength_of_ranks(ranks, flush=True)
            flush[key] = values.setdefault(strength, HandValue(strength))
    return values, plain, flush


_VALUES, _PLAIN, _FLUSH = _build_lookups()


def evaluate(cards: Sequence[Card] | str) -> HandValue:
    """The value of exactly five cards (``Card`` objects, or card text such as ``"As Kd Th 9c 2s"``).

    >>> evaluate("Ts Js Qs Ks As").name
    'Royal flush'
    """
    # The fast path first: five distinct Card objects. Text and every mistake go the slow way.
    try:
        a, b, c, d, e = cards
        if (a.bit | b.bit | c.bit | d.bit | e.bit).bit_count() == 5:
            key = a.prime * b.prime * c.prime * d.prime * e.prime
            if a.suit == b.suit == c.suit == d.suit == e.suit:
                return _FLUSH[key]
            return _PLAIN[key]
    except (ValueError, TypeError, AttributeError):
        pass
    if isinstance(cards, str):
        return evaluate(parse_cards(cards))
    raise _explain_bad_hand(cards)


def dealt_value(cards: Sequence[Card]) -> HandValue:
    """The value of five different :class:`Card` objects, as :func:`evaluate` gives it without its checks.

    For the draw engine's showdown: every hand it deals and draws to is five different cards, so the
    checks (and their cost at every showdown) would only repeat what the deal guarantees. Anything else
    should call :func:`evaluate`, which refuses a bad hand with a reason.

    >>> dealt_value(parse_cards("Ts Js Qs Ks As")) is evaluate("Ts Js Qs Ks As")
    True
    """
    a, b, c, d, e = cards
    key = a.prime * b.prime * c.prime * d.prime * e.prime
    if a.suit == b.suit == c.suit == d.suit == e.suit:
        return _FLUSH[key]
    return _PLAIN[key]


def _explain_bad_hand(cards: object) -> Exception:
    try:
        items = list(cards)  # type: ignore[call-overload]
    except TypeError:
        return InvalidCardError(f"{cards!r} is not a list of cards.")
    for item in items:
        if not isinstance(item, Card):
            return InvalidCardError(f"{item!r} is not a card; use parse_cards('As Kd ...') to make cards.")
    seen: set[Card] = set()
    for card in items:
        if card in seen:
            return DuplicateCardError(f"Duplicate card {str(card)!r}: a hand cannot hold the {card.name} twice.")
        seen.add(card)
    given = f": {format_cards(items)}" if items else ""
    return HandSizeError(f"A poker hand is exactly five cards; got {len(items)}{given}.")


# --- batch evaluation: one table over all C(52, 5) hands ------------------------------------------

_CHUNK_ROWS: Final = 65_536
"""Rows per slice in batch work: small enough that the temporaries stay in the CPU's caches."""
_CORES: Final = max(1, min(os.cpu_count() or 1, 4))

_ALL_HANDS_CRC32: Final = 0x7DE795CC
_STRENGTH_TABLE_CRC32: Final = 0x8769996B
_CATEGORY_ORDER_CRC32: Final = 0xFB312019
"""CRC-32s of the shared tables' bytes: a cached file that does not match is rebuilt (and a
build that does not match is an error: tests/test_hands.py builds both and checks)."""

_BINOMIALS: Final = np.array([[comb(n, k) for n in range(53)] for k in range(6)], dtype=np.int64)
"""``_BINOMIALS[k, n]`` is C(n, k) (0 when k > n): the colex number of a k-subset {c1 < ... < ck} is
the sum of C(ci, i)."""
_BINOMIAL_COLUMNS: Final = tuple(_BINOMIALS[k + 1, :52].astype(np.int32) for k in range(5))
"""C(n, k + 1) for n in 0..51, one int32 column per place k of a sorted hand (for ``np.take``)."""


def all_hands() -> np.ndarray:
    """Every five-card hand as sorted card indices, shape (2,598,960, 5), in colex order: row ``i``
    is the hand whose combinatorial number is ``i``. Shared and read-only (copy it to change it):
    memory-mapped from the user's cache folder, so every process on the machine shares one copy."""
    return _all_hands()


@lru_cache(maxsize=1)
def _all_hands() -> np.ndarray:
    return shared_array("all-hands-v1", _build_all_hands, _ALL_HANDS_CRC32)


def _build_all_hands() -> np.ndarray:
    combos = np.arange(52, dtype=np.int8)[:, None]  # all 1-card hands, colex order
    for size in range(2, 6):
        blocks = []
        for top in range(size - 1, 52):
            head = combos[: _BINOMIALS[size - 1, top]]  # every (size-1)-subset of 0..top-1
            blocks.append(np.hstack([head, np.full((len(head), 1), top, dtype=np.int8)]))
        combos = np.vstack(blocks)
    return combos


def _multiset_index(ranks: Sequence[int]) -> int:
    """Dense number (0..6187) of five ascending rank offsets 0..12, repeats allowed (colex order of
    combinations with replacement)."""
    return sum(int(_BINOMIALS[k + 1, ranks[k] + k]) for k in range(5))


_PATTERNS: Final = int(_BINOMIALS[5, 17])
"""Multisets of five ranks (repeats allowed, 0..12 offsets): 6,188, numbered by :func:`_multiset_index`."""


def _rank_pattern_strengths() -> tuple[np.ndarray, np.ndarray]:
    """Strength of every rank pattern (by :func:`_multiset_index`) without and with a flush (0 where
    the pattern cannot be: five of a kind, or a flush with a repeated rank)."""
    plain = np.zeros(_PATTERNS, dtype=np.int32)
    flush = np.zeros_like(plain)
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if ranks[0] == ranks[4]:
            continue
        key = 1
        for offset in ranks:
            key *= RANK_PRIMES[offset + 2]
        slot = _multiset_index(ranks)
        plain[slot] = _PLAIN[key].strength
        if len(set(ranks)) == 5:
            flush[slot] = _FLUSH[key].strength
    return plain, flush


@lru_cache(maxsize=1)
def _pattern_tables() -> tuple[np.ndarray, np.ndarray]:
    """What :func:`evaluate_many` reads, small enough to stay in a core's cache (105 KB in all):

    - strengths by rank pattern, then by the same patterns as flushes (int32, 2 x 6,188 entries);
    - for the four highest of five ascending rank offsets ``r1 <= r2 <= r3 <= r4``, their part of the
      pattern's number, indexed by ``r1 * 13**3 + r2 * 13**2 + r3 * 13 + r4`` (int16, 13**4 entries);
      the lowest offset adds itself (C(r0, 1) = r0)."""
    plain, flush = _rank_pattern_strengths()
    offsets = np.arange(13)
    parts = [_BINOMIALS[k + 1, offsets + k] for k in range(1, 5)]
    r1, r2, r3, r4 = np.indices((13, 13, 13, 13)).reshape(4, -1)
    upper = (parts[0][r1] + parts[1][r2] + parts[2][r3] + parts[3][r4]).astype(np.int16)
    strengths = np.concatenate([plain, flush])
    for table in (strengths, upper):
        table.setflags(write=False)
    return strengths, upper


@lru_cache(maxsize=1)
def strength_table() -> np.ndarray:
    """Strength of every hand, indexed by combinatorial number (int32, 2,598,960 entries).

    Read-only and memory-mapped from the user's cache folder (see :mod:`pokerlab.shared_tables`):
    the first process builds it (a fraction of a second) and every kernel after shares its pages.
    """
    return shared_array("strength-table-v1", _build_strength_table, _STRENGTH_TABLE_CRC32)


def _build_strength_table() -> np.ndarray:
    plain, flush = _rank_pattern_strengths()
    hands = _all_hands()  # rows ascending, so their ranks are ascending too
    binomials = _BINOMIAL_COLUMNS  # the same numbers as _multiset_index, one column per place
    table = np.empty(len(hands), dtype=np.int32)
    for start in range(0, len(hands), _CHUNK_ROWS):  # cache-sized slices, as in evaluate_many
        part = hands[start:start + _CHUNK_ROWS]
        cols = [part[:, k] for k in range(5)]
        slots = np.take(binomials[0], cols[0] >> 2)
        for k in range(1, 5):
            slots += np.take(binomials[k], (cols[k] >> 2) + k)
        suit = cols[0] & 3
        is_flush = ((cols[1] & 3) == suit) & ((cols[2] & 3) == suit) & ((cols[3] & 3) == suit) & ((cols[4] & 3) == suit)
        np.copyto(table[start:start + _CHUNK_ROWS], np.where(is_flush, np.take(flush, slots), np.take(plain, slots)))
    return table


def _sorted_columns(indices: np.ndarray) -> list[np.ndarray]:
    """The five columns of ``indices`` sorted within each row (a 9-comparator sorting network,
    which numpy runs as 18 whole-column min/max operations)."""
    cols = [indices[:, i] for i in range(5)]
    for i, j in ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2)):
        cols[i], cols[j] = np.minimum(cols[i], cols[j]), np.maximum(cols[i], cols[j])
    return cols


def _index_of_sorted(cols: list[np.ndarray]) -> np.ndarray:
    # np.take with the small int8 indices is about twice as fast as fancy indexing, which first
    # converts them to intp.
    b = _BINOMIAL_COLUMNS
    index = np.take(b[0], cols[0])
    for k in range(1, 5):
        index += np.take(b[k], cols[k])
    return index


def _ascending_columns(array: np.ndarray) -> list[np.ndarray] | None:
    """The columns as they are when every row is strictly ascending (as from :func:`all_hands`),
    else ``None``. Strictly ascending rows need no sorting and cannot repeat a card; one look at
    the first row sends unsorted batches straight to the sorting network."""
    cols = [array[:, i] for i in range(5)]
    if not all(cols[i][0] < cols[i + 1][0] for i in range(4)):
        return None
    ascending = (cols[0] < cols[1]) & (cols[1] < cols[2]) & (cols[2] < cols[3]) & (cols[3] < cols[4])
    return cols if ascending.all() else None


def evaluate_many(indices: np.ndarray | Sequence[Sequence[int]]) -> np.ndarray:
    """Strengths of many hands at once: ``indices`` has shape (N, 5) of ``Card.index`` values.

    Each result equals ``evaluate`` of the same cards. Rows must hold five different cards in 0..51.

    >>> import numpy as np
    >>> int(evaluate_many(np.array([[48, 49, 50, 51, 44]]))[0]) == evaluate("Ac Ad Ah As Kc").strength
    True
    """
    try:
        array = np.asarray(indices)
    except ValueError:  # ragged rows
        raise HandSizeError("evaluate_many needs rows of exactly five card indices; the rows differ in length.") from None
    if array.ndim != 2 or array.shape[1] != 5:
        raise HandSizeError(f"evaluate_many needs an array of shape (N, 5); got shape {array.shape}.")
    if not np.issubdtype(array.dtype, np.integer):
        raise InvalidCardError(f"Card indices must be integers; got dtype {array.dtype}.")
    result = np.empty(len(array), dtype=np.int32)
    _pattern_tables()  # build them once here, not in two threads at once
    ranges = _work_ranges(len(array))
    if len(ranges) == 1:
        _evaluate_rows(array, result, *ranges[0])
    else:
        # numpy lets go of the GIL inside each slice's operations, so the cores share the work.
        # Errors surface in row order, as they would one slice at a time.
        for job in [_thread_pool().submit(_evaluate_rows, array, result, *bounds) for bounds in ranges]:
            job.result()
    return result


def _evaluate_rows(array: np.ndarray, result: np.ndarray, start: int, stop: int) -> None:
    """Fill ``result[start:stop]`` slice by slice: each slice is small enough that every temporary
    stays in the CPU cache, about 1.5x faster than whole-array passes.

    Each slice is cast to int8 and copied once into a (5, rows) array, so every column the sorting
    network reads is contiguous (numpy's vector loops run about 4x faster on contiguous int8 than on
    strided columns; casting first and transposing the int8 is twice as fast as doing both at once).
    The sorted cards give the ranks in ascending order and the flush test; the strength is then
    looked up by rank pattern in a 48 KB table that stays in cache. ``bench_hands.py`` compares, in
    one thread on the same hands, the former key (the number of the card set into the table of all
    2,598,960 hands: 10 MB, a cache miss per hand), 1.5x the time, and a key that needs no sort
    (per-card values whose sums are unique per rank pattern, plus a suit sum for flushes), 1.3x."""
    strengths, upper = _pattern_tables()
    unsigned = array.dtype.str.replace("i", "u")  # same width and byte order; negatives become huge
    columns = np.empty((5, min(_CHUNK_ROWS, stop - start)), dtype=np.int8)
    flush_offset = np.int16(_PATTERNS)
    for first in range(start, stop, _CHUNK_ROWS):
        part = array[first:min(first + _CHUNK_ROWS, stop)]
        if len(part) and part.view(unsigned).max() > 51:
            bad = part[(part < 0) | (part > 51)][0]
            raise InvalidCardError(f"Card index {int(bad)} is out of range: indices run from 0 to 51.")
        small = columns[:, :len(part)]
        np.copyto(small, part.astype(np.int8).T)  # in range, so the cast to int8 is exact
        cols = _ascending_columns(small.T)
        if cols is None:
            cols = _sorted_columns(small.T)
            _refuse_repeats(cols, first)
        suit = cols[0] & 3
        flush = ((cols[1] & 3) == suit) & ((cols[2] & 3) == suit) & ((cols[3] & 3) == suit) & ((cols[4] & 3) == suit)
        r1, r2, r3, r4 = ((col >> 2).astype(np.int16) for col in cols[1:])
        key = r1 * np.int16(13 ** 3)
        key += r2 * np.int16(13 ** 2)
        key += r3 * np.int16(13)
        key += r4
        pattern = np.take(upper, key)
        pattern += cols[0] >> 2
        pattern += flush * flush_offset
        np.take(strengths, pattern, out=result[first:first + len(part)])


def _work_ranges(rows: int) -> list[tuple[int, int]]:
    """Contiguous row ranges, one per core for big batches (at least two slices each), else one."""
    workers = min(_CORES, rows // (2 * _CHUNK_ROWS))
    if workers <= 1:
        return [(0, rows)]
    cuts = [rows * i // workers // _CHUNK_ROWS * _CHUNK_ROWS for i in range(workers)] + [rows]
    return list(zip(cuts, cuts[1:]))


@lru_cache(maxsize=1)
def _thread_pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=_CORES, thread_name_prefix="pokerlab-evaluate")


def _refuse_repeats(cols: list[np.ndarray], first_row: int) -> None:
    """Raise if any sorted row holds a card twice (it would otherwise look up another hand)."""
    repeated = (cols[0] == cols[1]) | (cols[1] == cols[2]) | (cols[2] == cols[3]) | (cols[3] == cols[4])
    if repeated.any():
        row = int(np.flatnonzero(repeated)[0])
        values = [int(col[row]) for col in cols]
        card = Card.from_index(next(v for v, w in zip(values, values[1:]) if v == w))
        raise DuplicateCardError(f"Duplicate card {str(card)!r} in row {first_row + row} of the batch.")


def category_of(strengths: np.ndarray | int) -> np.ndarray:
    """The category (0 = high card … 8 = straight flush) of each strength."""
    return np.right_shift(np.asarray(strengths), CATEGORY_SHIFT)


def hands_by_category() -> tuple[np.ndarray, ...]:
    """Row numbers into :func:`all_hands` of every hand, one ascending int32 array per category
    (high card first). Read-only views of one memory-mapped table that every process shares."""
    order = _category_order()
    ends = np.cumsum(_category_count_list())
    return tuple(order[start:end] for start, end in zip([0, *ends[:-1]], ends))


@lru_cache(maxsize=1)
def _category_order() -> np.ndarray:
    return shared_array("hands-by-category-v1", _build_category_order, _CATEGORY_ORDER_CRC32)


def _build_category_order() -> np.ndarray:
    return np.argsort(category_of(strength_table()), kind="stable").astype(np.int32)


def category_counts() -> dict[HandCategory, int]:
    """How many of the 2,598,960 hands fall in each category, counted from the table."""
    return dict(zip(HandCategory, _category_count_list()))


@lru_cache(maxsize=1)
def _category_count_list() -> tuple[int, ...]:
    counts = np.bincount(category_of(strength_table()), minlength=9)
    return tuple(int(count) for count in counts)


def __getattr__(name: str) -> object:
    # explain() and Comparison write sentences, so they live in pokerlab.narration.hands; the names
    # stay importable from here (teachers' notebooks use ``from pokerlab.hands import explain``), as
    # narration registers them (see :mod:`pokerlab.english`).
    if name in ("explain", "Comparison"):
        return english.writer(f"pokerlab.hands.{name}")
    raise AttributeError(f"module 'pokerlab.hands' has no attribute {name!r}")
