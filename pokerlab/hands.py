"""Five-card hand values in bulk: every hand at once, and millions evaluated in one call.

:func:`evaluate_many` values an (N, 5) array of card indices with numpy; :func:`all_hands`,
:func:`strength_table` and :func:`hands_by_category` are shared tables over all 2,598,960 hands,
memory-mapped so that every process on the machine shares one copy. One hand's value, its category and
its name are :mod:`pokerlab.hand_values` (re-exported here, the old home of everything about hands:
notebooks and teachers import ``from pokerlab.hands import evaluate``)::

    >>> from pokerlab.hands import evaluate, evaluate_many
    >>> import numpy as np
    >>> int(evaluate_many(np.array([[0, 4, 8, 12, 48]]))[0]) == evaluate("2c 3c 4c 5c Ac").strength
    True
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from math import comb
from typing import Final

import numpy as np

from pokerlab import english
from pokerlab.cards import RANK_PRIMES, Card
from pokerlab.errors import DuplicateCardError, HandSizeError, InvalidCardError
from pokerlab.hand_values import (  # noqa: F401 (re-exported: the old home of one hand's values)
    CATEGORY_SHIFT,
    FLUSH_VALUES_BY_PRIMES,
    HAND_COUNT,
    RANK_MASK,
    RANK_PLACE_SHIFTS,
    VALUES_BY_PRIMES,
    HandCategory,
    HandValue,
    dealt_value,
    evaluate,
)
from pokerlab.shared_arrays import shared_array

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
        plain[slot] = VALUES_BY_PRIMES[key].strength
        if len(set(ranks)) == 5:
            flush[slot] = FLUSH_VALUES_BY_PRIMES[key].strength
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

    Read-only and memory-mapped from the user's cache folder (see :mod:`pokerlab.shared_arrays`):
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
