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
from typing import Final, TypeVar

from mypy_extensions import i64

from pure_engine.core.struct import Struct

__all__ = ["Rng", "bits64", "randbelow", "seed_from", "shuffled"]

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng(Struct):
    """An immutable generator: a seed and how many draws have been made."""

    seed: int
    counter: int = 0


# SplitMix64 works on 64-bit words modulo 2**64.  Here a word is a pair of its 32-bit halves
# (high, low), machine integers (``i64``) in the compiled build: no step below makes a value of
# 2**49 or more, so the halves are the same numbers compiled and pure, and a draw costs no
# big-integer arithmetic (a shuffle of 40 cards: ~9 000 instructions compiled, where one big
# integer holding every draw in a lane of 128 bits took ~100 000).
_M32: Final[i64] = 0xFFFFFFFF
_M16: Final[i64] = 0xFFFF
_GOLDEN_HI: Final[i64] = 0x9E3779B9
_GOLDEN_LO: Final[i64] = 0x7F4A7C15
_MIX1_HI: Final[i64] = 0xBF58476D  # 0xBF58476D1CE4E5B9
_MIX1_LO: Final[i64] = 0x1CE4E5B9
_MIX2_HI: Final[i64] = 0x94D049BB  # 0x94D049BB133111EB
_MIX2_LO: Final[i64] = 0x133111EB


def _halves(word: int) -> tuple[i64, i64]:
    """The 32-bit halves of *word* modulo 2**64."""
    word &= _MASK
    return word >> 32, word & 0xFFFFFFFF


def _next(hi: i64, lo: i64) -> tuple[i64, i64]:
    """The word plus the golden ratio (the next draw's input), modulo 2**64."""
    lo += _GOLDEN_LO
    return (hi + _GOLDEN_HI + (lo >> 32)) & _M32, lo & _M32


def _times(hi: i64, lo: i64, c_hi: i64, c_lo: i64) -> tuple[i64, i64]:
    """The word times the constant ``(c_hi, c_lo)``, modulo 2**64: the low halves' product in
    full (the low half in 16-bit halves, so that no product reaches 2**48), the cross products
    modulo 2**32 (the product of the high halves is all above 2**64)."""
    low = (lo & _M16) * c_lo
    mid = (lo >> 16) * c_lo
    low += (mid & _M16) << 16
    carry = (low >> 32) + (mid >> 16)
    return (carry + _low_product(hi, c_lo) + _low_product(lo, c_hi)) & _M32, low & _M32


def _low_product(a: i64, b: i64) -> i64:
    """``a * b`` modulo 2**32 for halves *a* and *b* (below 2**48 on the way)."""
    return ((a & _M16) * b + ((((a >> 16) * b) & _M16) << 16)) & _M32


def _mix(hi: i64, lo: i64) -> tuple[i64, i64]:
    """SplitMix64's finalizer: ``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27;
    z *= 0x94D049BB133111EB; z ^= z >> 31`` (modulo 2**64)."""
    hi, lo = hi ^ (hi >> 30), lo ^ (((hi << 2) & _M32) | (lo >> 30))
    hi, lo = _times(hi, lo, _MIX1_HI, _MIX1_LO)
    hi, lo = hi ^ (hi >> 27), lo ^ (((hi << 5) & _M32) | (lo >> 27))
    hi, lo = _times(hi, lo, _MIX2_HI, _MIX2_LO)
    return hi ^ (hi >> 31), lo ^ (((hi << 1) & _M32) | (lo >> 31))


def bits64(rng: Rng) -> tuple[int, Rng]:
    """Return 64 random bits and the advanced generator: SplitMix64's finalizer of ``(seed +
    counter + 1)`` times the golden ratio.

    >>> bits64(Rng(0))[0]
    16294208416658607535
    """
    seed, counter = rng.seed, rng.counter
    hi, lo = _halves((seed + counter + 1) * _GOLDEN)
    hi, lo = _mix(hi, lo)
    return int(hi) << 32 | int(lo), Rng(seed, counter + 1)


def randbelow(rng: Rng, n: int) -> tuple[int, Rng]:
    """Return a uniform integer in ``range(n)`` (unbiased, by rejection) and the next generator.

    >>> sorted({randbelow(Rng(s), 3)[0] for s in range(50)})
    [0, 1, 2]
    """
    if not 1 <= n <= 1 << 64:  # (above 2**64 the rejection would refuse every draw)
        raise ValueError(f"randbelow needs 1 <= n <= 2**64, found {n}")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, rng = bits64(rng)
        if value < limit:
            return value % n, rng


def shuffled(rng: Rng, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
    """Return *items* shuffled (Fisher-Yates) as a tuple, and the next generator.

    The draws are :func:`randbelow`'s, ``randbelow(rng, n)`` for ``n`` from ``len(items)``
    down to 2, made here in halves (fewer than 2**31 items).

    >>> deck = (1, 2, 3, 4, 5)
    >>> out, _ = shuffled(Rng(7), deck)
    >>> sorted(out) == list(deck), deck
    (True, (1, 2, 3, 4, 5))
    """
    work = list(items)
    if len(work) >= 1 << 31:
        raise ValueError(f"shuffled takes fewer than 2**31 items, found {len(work)}")
    seed, counter = rng.seed, rng.counter
    hi, lo = _halves((seed + counter) * _GOLDEN)
    n: i64 = len(work)
    while n > 1:
        hi, lo = _next(hi, lo)
        counter += 1
        value_hi, value_lo = _mix(hi, lo)
        # randbelow's rejection: a draw at or above 2**64 - 2**64 % n is drawn again
        wrap = (1 << 32) % n
        remainder = wrap * wrap % n  # 2**64 % n
        if value_hi == _M32 and value_lo + remainder > _M32:
            continue
        j = ((value_hi % n) << 32 | value_lo) % n
        i = n - 1
        work[i], work[j] = work[j], work[i]
        n -= 1
    return tuple(work), Rng(seed, counter)


def seed_from(text: str) -> int:
    """Derive a 63-bit seed from text, stably across processes (not Python's ``hash``).

    >>> seed_from("table 7") == seed_from("table 7")
    True
    """
    from pure_engine.core.digest import digest

    return digest(text) >> 1
