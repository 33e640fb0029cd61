"""Exact seen-state caches: bucket by a cheap hash, compare fully on a hit.

Seed 003 (Advent of Code 2020 day 22) shows the trick and its flaw: storing
only a cheap "hash" of a position (the top cards and a length) made the loop
200x faster but was unsound — two different positions can share it.  The sound
version keeps the full keys in buckets addressed by the cheap hash: a miss is
decided by the cheap hash alone, a hit is confirmed by a full comparison.  Full
keys are free to keep because states are immutable: the old deck *is* the key.

Two kinds live here:

* :class:`ScopedSeen` — persistent (immutable), for seen-sets that are part of
  a game's *rules* and so live inside states (Recursive Combat's per-game rule);
* :class:`SeenCache` and :class:`TranspositionTable` — mutable, kept *outside*
  states by a search, with hit and collision counters.

>>> cache = SeenCache(cheap_hash=len)            # a deliberately weak hash
>>> cache.add((1, 2)), cache.add((3, 4)), cache.add((1, 2))
(True, True, False)
>>> cache.stats()
SeenStats(lookups=3, hits=1, collisions=1, size=2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

import immutables

from pure_engine.core.struct import Struct

__all__ = ["ScopedSeen", "SeenCache", "SeenStats", "TableStats", "TranspositionTable"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SeenStats(Struct):
    """Counters of a seen cache.

    ``hits``: lookups that found the key; ``collisions``: lookups whose cheap
    hash matched a stored key that compared unequal (the cases the unsound
    trick would have got wrong).
    """

    lookups: int
    hits: int
    collisions: int
    size: int


class SeenCache(Generic[K]):
    """A mutable, exact seen-set addressed by a cheap hash; lives outside states.

    *cheap_hash* must be a function of the key (equal keys, equal hashes); it
    may be as weak as you like — correctness never depends on it, only speed.
    The default is Python's ``hash``, which is fine in-process.

    >>> seen = SeenCache(cheap_hash=lambda deck: deck[0])
    >>> seen.add((5, 1)), seen.add((5, 2)), (5, 2) in seen, (6, 0) in seen
    (True, True, True, False)
    >>> seen.collisions
    1
    """

    __slots__ = ("_buckets", "_cheap_hash", "collisions", "hits", "lookups", "size")

    def __init__(self, cheap_hash: Callable[[K], int] = hash) -> None:
        # one key per bucket while there is no collision; a list once there is
        self._buckets: dict[int, K | list[K]] = {}
        self._cheap_hash = cheap_hash
        self.lookups = 0
        self.hits = 0
        self.collisions = 0
        self.size = 0

    def _find(self, bucket: K | list[K], key: K) -> bool:
        if type(bucket) is list:
            for stored in bucket:
                if stored == key:
                    return True
            self.collisions += 1
            return False
        if bucket == key:
            return True
        self.collisions += 1
        return False

    def add(self, key: K) -> bool:
        """Insert *key*; return True if it was new, False if it had been seen."""
        self.lookups += 1
        h = self._cheap_hash(key)
        bucket = self._buckets.get(h)
        if bucket is None:
            self._buckets[h] = key
        elif self._find(bucket, key):
            self.hits += 1
            return False
        elif type(bucket) is list:
            bucket.append(key)
        else:
            self._buckets[h] = [bucket, key]  # type: ignore[list-item]  # bucket is a K here
        self.size += 1
        return True

    def __contains__(self, key: K) -> bool:
        self.lookups += 1
        bucket = self._buckets.get(self._cheap_hash(key))
        if bucket is not None and self._find(bucket, key):
            self.hits += 1
            return True
        return False

    def __len__(self) -> int:
        return self.size

    def stats(self) -> SeenStats:
        """A snapshot of the counters."""
        return SeenStats(self.lookups, self.hits, self.collisions, self.size)


class TableStats(Struct):
    """Counters of a transposition table."""

    probes: int
    hits: int
    stores: int
    evictions: int
    size: int


class TranspositionTable(Generic[K, V]):
    """A bounded map from state keys to search results, kept outside states.

    Python's ``dict`` already buckets by hash and compares fully on a hit, so
    lookups are exact; the table adds a capacity (oldest quarter evicted when
    full) and counters.  Keys are whatever ``game.key`` returns.

    >>> tt: TranspositionTable[str, int] = TranspositionTable(capacity=4)
    >>> tt.put("a", 1); tt.get("a"), tt.get("b")
    (1, None)
    >>> for k in "bcde": tt.put(k, 0)
    >>> "a" in tt, len(tt), tt.stats().evictions
    (False, 4, 1)
    """

    __slots__ = ("_data", "capacity", "evictions", "hits", "probes", "stores")

    def __init__(self, capacity: int = 1_000_000) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be >= 1, found {capacity}")
        self._data: dict[K, V] = {}
        self.capacity = capacity
        self.probes = 0
        self.hits = 0
        self.stores = 0
        self.evictions = 0

    def get(self, key: K) -> V | None:
        """The stored value for *key*, or None."""
        self.probes += 1
        value = self._data.get(key)
        if value is not None:
            self.hits += 1
        return value

    def put(self, key: K, value: V) -> None:
        """Store *value* under *key* (replacing any older entry)."""
        data = self._data
        if key not in data and len(data) >= self.capacity:
            drop = max(1, self.capacity // 4)
            for old in list(_take(iter(data), drop)):
                del data[old]
            self.evictions += drop
        data[key] = value
        self.stores += 1

    def __contains__(self, key: K) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        """Forget every entry (the counters are kept)."""
        self._data.clear()

    def stats(self) -> TableStats:
        """A snapshot of the counters."""
        return TableStats(self.probes, self.hits, self.stores, self.evictions, len(self._data))


def _take(items: Iterator[K], n: int) -> Iterator[K]:
    for _, item in zip(range(n), items, strict=False):
        yield item


class ScopedSeen(Struct):
    """A persistent exact seen-set, for seen rules that are part of a game's semantics.

    Buckets live in an ``immutables.Map`` (a C HAMT: O(log n) insert sharing
    structure) from a cheap hash to the tuple of full keys that share it.  The
    cheap hash is stored *inside states*, so it must be stable across
    processes: ints and tuples of ints hash the same everywhere; for keys with
    strings pass a hash built on :func:`pure_engine.core.digest.digest`.

    >>> s0 = ScopedSeen()
    >>> s1, found = s0.add((9, 2), cheap=9)
    >>> s2, found_again = s1.add((9, 2), cheap=9)
    >>> found, found_again, s0.size, s1.size
    (False, True, 0, 1)
    """

    buckets: immutables.Map[int, tuple[Hashable, ...]] = immutables.Map()
    size: int = 0

    def add(self, key: Hashable, *, cheap: int) -> tuple[ScopedSeen, bool]:
        """Return ``(seen_with_key, was_already_there)``; *self* is unchanged."""
        bucket = self.buckets.get(cheap)
        if bucket is None:
            return ScopedSeen(self.buckets.set(cheap, (key,)), self.size + 1), False
        if key in bucket:
            return self, True
        return ScopedSeen(self.buckets.set(cheap, (*bucket, key)), self.size + 1), False

    def contains(self, key: Hashable, *, cheap: int) -> bool:
        """True if *key* was added (under the same cheap hash)."""
        bucket = self.buckets.get(cheap)
        return bucket is not None and key in bucket
