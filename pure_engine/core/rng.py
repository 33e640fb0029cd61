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

from collections.abc import Sequence
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

    >>> deck = (1, 2, 3, 4, 5)
    >>> out, _ = shuffled(Rng(7), deck)
    >>> sorted(out) == list(deck), deck
    (True, (1, 2, 3, 4, 5))
    """
    work = list(items)
    # randbelow(rng, i + 1) for each i, inlined (the same draws, without a record per draw):
    # seed * G + counter * G is (seed + counter) * G, one addition of G a draw; the rejection
    # limits of the small ranges are sliced from _LIMITS, paired with their range sizes, and
    # the constants are locals (a LOAD_FAST, not a LOAD_GLOBAL, per use in the loop)
    seed, counter = rng.seed, rng.counter
    golden, mask = _GOLDEN, _MASK
    acc = (seed + counter) * golden
    size = len(work)
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
    return tuple(work), Rng(seed, acc // _GOLDEN - seed)


_SMALL = 256
_LIMITS: tuple[int, ...] = (0, *((1 << 64) - ((1 << 64) % n) for n in range(1, _SMALL)))
"""``randbelow``'s rejection limit for each range size below 256 (shuffles of decks and hands)."""


def seed_from(text: str) -> int:
    """Derive a 63-bit seed from text, stably across processes (not Python's ``hash``).

    >>> seed_from("table 7") == seed_from("table 7")
    True
    """
    from pure_engine.core.digest import digest

    return digest(text) >> 1
