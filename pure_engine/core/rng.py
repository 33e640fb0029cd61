"""A counter-based random number generator that lives inside a state.

``Rng(seed, counter)`` is an immutable record: drawing a number returns the
number *and* the advanced generator, so a seeded simulation replays
identically in any process, under any PYTHONHASHSEED, and a snapshot taken
mid-game carries its exact future.  Draws are SplitMix64 of (seed, counter).

>>> rng = Rng(42)
>>> value, rng2 = randbelow(rng, 6)
>>> value, rng2.counter, rng.counter
(2, 1, 0)
>>> randbelow(rng, 6)[0] == value          # same generator, same draw
True
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from operator import mod
from typing import TypeVar

from pure_engine.core.struct import Struct

__all__ = ["Rng", "bits64", "randbelow", "seed_from", "shuffled"]

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng(Struct):
    """An immutable generator: a seed and how many draws have been made."""

    seed: int
    counter: int = 0


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def bits64(rng: Rng) -> tuple[int, Rng]:
    """Return 64 random bits and the advanced generator.

    >>> bits64(Rng(0))[0]
    16294208416658607535
    """
    seed, counter = rng.seed, rng.counter
    return _mix((seed * _GOLDEN + (counter + 1) * _GOLDEN) & _MASK), Rng(seed, counter + 1)


def randbelow(rng: Rng, n: int) -> tuple[int, Rng]:
    """Return a uniform integer in ``range(n)`` (unbiased, by rejection) and the next generator.

    >>> sorted({randbelow(Rng(s), 3)[0] for s in range(50)})
    [0, 1, 2]
    """
    if n <= 0:
        raise ValueError(f"randbelow needs n >= 1, found {n}")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, rng = bits64(rng)
        if value < limit:
            return value % n, rng


def shuffled(rng: Rng, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
    """Return *items* shuffled (Fisher-Yates) as a tuple, and the next generator.

    The draws are :func:`randbelow`'s, ``randbelow(rng, n)`` for ``n`` from ``len(items)``
    down to 2: below 256 items they are made all at once (:func:`_draws`), and one by one only
    from a draw the rejection refuses (one in ~2**64 / n), as :func:`_one_by_one` makes them.

    >>> deck = (1, 2, 3, 4, 5)
    >>> out, _ = shuffled(Rng(7), deck)
    >>> sorted(out) == list(deck), deck
    (True, (1, 2, 3, 4, 5))
    """
    return _shuffled(rng, items, _draws if _PACKED else None)


def _shuffled(
    rng: Rng, items: Sequence[T], draws: Callable[[int, int], Iterable[int] | None] | None
) -> tuple[tuple[T, ...], Rng]:
    """:func:`shuffled` with *draws* making the draws at once (``None``: one by one)."""
    work = list(items)
    size = len(work)
    seed, counter = rng.seed, rng.counter
    if draws is not None and 1 < size < _SMALL:
        values = draws(seed + counter, size)
        if values is not None:  # (else a draw was refused: they are made again, one by one)
            i = size - 1
            for j in map(mod, values, range(size, 1, -1)):  # (a C loop: j = value % n)
                work[i], work[j] = work[j], work[i]
                i -= 1
            return tuple(work), Rng(seed, counter + size - 1)
    counter = _one_by_one(work, size, seed, counter)
    return tuple(work), Rng(seed, counter)


def _one_by_one(work: list[T], size: int, seed: int, counter: int) -> int:
    """Shuffle *work* in place with ``randbelow(Rng(seed, counter), n)`` for ``n`` from *size*
    down to 2 (Fisher-Yates, the draws one by one); return the generator's counter after
    them."""
    # randbelow(rng, i + 1) for each i, inlined (the same draws, without a record per draw):
    # seed * G + counter * G is (seed + counter) * G, one addition of G a draw; the rejection
    # limits of the small ranges are sliced from _LIMITS, paired with their range sizes, and
    # the constants are locals (a LOAD_FAST, not a LOAD_GLOBAL, per use in the loop)
    golden, mask = _GOLDEN, _MASK
    acc = (seed + counter) * golden
    sizes = range(size, 1, -1)
    if size < _SMALL:
        bounds: Sequence[int] = _LIMITS[size:1:-1]
    else:
        bounds = [(1 << 64) - ((1 << 64) % n) for n in sizes]
    for n, limit in zip(sizes, bounds, strict=True):
        while True:
            acc += golden
            z = acc & mask
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            value = z ^ (z >> 31)
            if value < limit:
                break
        j = value % n
        i = n - 1
        work[i], work[j] = work[j], work[i]
    return acc // golden - seed


def _draws(start: int, size: int) -> Iterable[int] | None:
    """The 64-bit draws of a shuffle of *size* items (2 to 255) by a generator ``Rng(seed,
    counter)`` with ``seed + counter == start``: :func:`bits64` of its next ``size - 1``
    draws, in order, made at once — or ``None`` when ``randbelow``'s rejection refuses one of
    them (``randbelow(rng, n)`` for ``n`` from *size* down to 2: then the draws after it are
    not these; one shuffle in ~2**64 / 40 of 40 cards).

    The draws are SplitMix64 of consecutive multiples of the golden ratio: each 64-bit step of
    the mix (a shift, an exclusive or, a product by a 64-bit constant, the low 64 bits) is one
    operation on one big integer holding every draw in a lane of 128 bits (a product of two
    64-bit numbers fits in a lane; the bits a right shift brings from the lane above are masked
    off before a product): ~15 operations on ~5 000 bits, not ~15 on 64 bits a draw.  Lane *i*
    holds the draw for ``n = i + 2`` (the last draw first), so that the rejection limits are
    lanes of one constant too: a draw is refused when it carries out of its lane once the
    remainder ``2**64 % n`` is added to it.

    >>> rng, values = Rng(-3, 8), []
    >>> for _ in range(4):
    ...     value, rng = bits64(rng)
    ...     values.append(value)
    >>> list(_draws(-3 + 8, 5)) == values
    True
    """
    low = (1 << ((size - 1) << 7)) - 1  # the lanes of n = 2 ... size
    lanes = _LANE_MASKS & low
    mask = _MASK
    # lane i: the multiple of the golden ratio of draw size - 1 - i (from 1)
    z = ((((start + size - 1) * _GOLDEN) & mask) * (_LANE_ONES & low) + (_LANE_STEPS & low)) & lanes
    z = (((z ^ (z >> 30)) & lanes) * 0xBF58476D1CE4E5B9) & lanes
    z = (((z ^ (z >> 27)) & lanes) * 0x94D049BB133111EB) & lanes
    z = (z ^ (z >> 31)) & lanes
    if (z + (_LANE_REMAINDERS & low)) & _LANE_CARRIES:  # a draw refused
        return None
    return memoryview(z.to_bytes((size - 1) << 4, "little")).cast("Q")[-2::-2]


_SMALL = 256
_LIMITS: tuple[int, ...] = (0, *((1 << 64) - ((1 << 64) % n) for n in range(1, _SMALL)))
"""``randbelow``'s rejection limit for each range size below 256 (shuffles of decks and hands)."""
_LANE_ONES = sum(1 << (i << 7) for i in range(_SMALL - 2))
"""1 in each of :func:`_draws`' 254 lanes of 128 bits."""
_LANE_STEPS = sum(((-i * _GOLDEN) & _MASK) << (i << 7) for i in range(_SMALL - 2))
"""Minus *i* times the golden ratio (modulo 2**64) in lane *i*."""
_LANE_MASKS = _LANE_ONES * _MASK
"""The low 64 bits of every lane."""
_LANE_REMAINDERS = sum(((1 << 64) % (i + 2)) << (i << 7) for i in range(_SMALL - 2))
"""``2**64 % n`` in lane ``n - 2``: a draw below ``2**64 - 2**64 % n`` (the rejection limit)
stays in its 64 bits when it is added."""
_LANE_CARRIES = _LANE_ONES << 64
"""The bit above the low 64 bits of every lane."""
_PACKED = sys.byteorder == "little" and memoryview(b"\0" * 8).cast("Q").itemsize == 8
"""Whether :func:`_draws` reads its lanes as native 64-bit words (little-endian machines)."""


def seed_from(text: str) -> int:
    """Derive a 63-bit seed from text, stably across processes (not Python's ``hash``).

    >>> seed_from("table 7") == seed_from("table 7")
    True
    """
    from pure_engine.core.digest import digest

    return digest(text) >> 1
