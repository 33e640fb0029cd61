"""An immutable map from dense ids (0, 1, 2, ...) to values: a tuple indexed by id.

Where keys are ids handed out by a counter (a card table's entities), a hash map is more
than the keys need: a :class:`DenseMap` keeps the values in one tuple, the value of id ``i``
at index ``i`` (``None`` where no value is: an id taken but never filled, or deleted), so
reading a value is one tuple index (a C index in the compiled build).  Writing copies the
tuple, so it costs in proportion to the number of ids; :meth:`DenseMap.mutate` copies it
once for many writes.

Why a flat tuple (measured on a card table of 60-90 entities, the compiled build, instructions
of ``benchmarks/instructions.py``): a read costs ~36 instructions where the ``immutables.Map``
it replaced cost ~150 (``map_tp_subscript``), and a write ~2 000 (the copy, then freeing the
old tuple) against ~1 400; the games read about 20-40 times as often as they write, so the
``skirmish`` workload went from 98.8 M to 92.6 M instructions (-6.3 %) and ``magic`` from
223.5 M to 201.5 M (-9.8 %).  Chunks of 16 or 32 ids (two indexes a read, a write copying a
chunk and the tuple of chunks) measured worse: 96.4 M / 94.4 M and 207.7 M / 208.5 M, since
a read costs twice as much and a write no less (its allocations, not its copying, dominate).

It reads as a mapping (``m[k]``, ``get``, ``in``, ``len``, iteration over the keys in
ascending order, ``keys``/``values``/``items``), is registered as a
:class:`collections.abc.Mapping`, and :func:`~pure_engine.core.digest.digest` encodes it
exactly as an ``immutables.Map`` of the same items.  Values are never ``None``.

>>> m = DenseMap().set(0, "wisp").set(2, "yeti")
>>> m[2], m.get(1), 1 in m, len(m), m.items()
('yeti', None, False, 2, [(0, 'wisp'), (2, 'yeti')])
>>> m.set(0, "ogre")[0], m[0]          # m is unchanged
('ogre', 'wisp')
>>> m[1]
Traceback (most recent call last):
...
KeyError: 1
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final, Generic, TypeVar

from pure_engine.core.frozen import guard_writes

__all__ = ["DenseMap", "DenseMapMutation"]

K = TypeVar("K", bound=int)
V = TypeVar("V")


class DenseMap(Generic[K, V]):
    """An immutable map from ids ``0 <= k`` to values (never ``None``), kept as a tuple.

    ``by_id[k]`` is the value of ``k`` or ``None``; the tuple never ends with ``None``, so
    equal maps have equal tuples.
    """

    def __init__(self, by_id: tuple[V | None, ...] = ()) -> None:
        if by_id and by_id[-1] is None:
            raise ValueError("a dense map's tuple ends with a value, found None")
        self.by_id: Final = by_id

    @staticmethod
    def from_items(items: Iterable[tuple[K, V]]) -> DenseMap[K, V]:
        """A map of *items* (later pairs win).

        >>> DenseMap.from_items([(1, "b"), (0, "a")])
        DenseMap({0: 'a', 1: 'b'})
        """
        builder: DenseMapMutation[K, V] = DenseMap().mutate()
        for key, value in items:
            builder[key] = value
        return builder.finish()

    def __getitem__(self, key: K) -> V:
        # one index in a try: the pure build runs it in fewer bytecodes than a test of each
        # bound (timeit: ~60 ns a read against ~90)
        if key >= 0:
            try:
                value = self.by_id[key]
            except IndexError:
                pass
            else:
                if value is not None:
                    return value
        raise KeyError(key)

    def get(self, key: K, default: V | None = None) -> V | None:
        """The value of *key*, or *default*."""
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return isinstance(key, int) and self.get(key) is not None  # type: ignore[arg-type]  # an int key

    def __len__(self) -> int:
        return len(self.by_id) - self.by_id.count(None)

    def __iter__(self) -> Iterator[K]:
        return iter(self.keys())

    def keys(self) -> list[K]:
        """The keys, ascending."""
        return [key for key, _ in self.items()]

    def values(self) -> list[V]:
        """The values, by ascending key."""
        return [value for value in self.by_id if value is not None]

    def items(self) -> list[tuple[K, V]]:
        """The ``(key, value)`` pairs, by ascending key."""
        return [(key, value) for key, value in enumerate(self.by_id) if value is not None]  # type: ignore[misc]  # an id is a K

    def set(self, key: K, value: V) -> DenseMap[K, V]:
        """A copy with *key* set to *value* (a new key may leave ids without a value below it)."""
        if value is None:
            raise ValueError(f"a dense map's values are never None, found None for key {key}")
        by_id = self.by_id
        if 0 <= key < len(by_id):
            changed = list(by_id)
            changed[key] = value
            return DenseMap(tuple(changed))
        if key == len(by_id):
            return DenseMap((*by_id, value))
        builder = self.mutate()
        builder[key] = value
        return builder.finish()

    def delete(self, key: K) -> DenseMap[K, V]:
        """A copy without *key* (``KeyError`` when it has no value)."""
        builder = self.mutate()
        del builder[key]
        return builder.finish()

    def mutate(self) -> DenseMapMutation[K, V]:
        """A builder that copies the tuple once for many writes (as ``immutables.Map.mutate``)."""
        return DenseMapMutation(list(self.by_id))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DenseMap) and self.by_id == other.by_id

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.by_id)

    def __repr__(self) -> str:
        return f"DenseMap({dict(self.items())!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (DenseMap, (self.by_id,))

    def __copy__(self) -> DenseMap[K, V]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> DenseMap[K, V]:
        return self


Mapping.register(DenseMap)


# (not a ``Frozen``: its ``values`` would be the map's, not the record's fields)
guard_writes(DenseMap)


class DenseMapMutation(Generic[K, V]):
    """The builder of :meth:`DenseMap.mutate`: set and delete keys, then :meth:`finish`.

    >>> b = DenseMap.from_items([(0, "a"), (1, "b")]).mutate()
    >>> b[3] = "d"; del b[1]
    >>> b.finish()
    DenseMap({0: 'a', 3: 'd'})
    """

    def __init__(self, by_id: list[V | None]) -> None:
        self.by_id = by_id

    def __getitem__(self, key: K) -> V:
        by_id = self.by_id
        value = by_id[key] if 0 <= key < len(by_id) else None
        if value is None:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        by_id = self.by_id
        return isinstance(key, int) and 0 <= key < len(by_id) and by_id[key] is not None

    def __setitem__(self, key: K, value: V) -> None:
        by_id = self.by_id
        if value is None:
            raise ValueError(f"a dense map's values are never None, found None for key {key}")
        if key < 0:
            raise KeyError(f"a dense map's keys are ids from 0 up, found {key}")
        if key < len(by_id):
            by_id[key] = value
        else:
            by_id.extend([None] * (key - len(by_id)))
            by_id.append(value)

    def __delitem__(self, key: K) -> None:
        by_id = self.by_id
        if not (0 <= key < len(by_id) and by_id[key] is not None):
            raise KeyError(key)
        by_id[key] = None
        while by_id and by_id[-1] is None:
            by_id.pop()

    def finish(self) -> DenseMap[K, V]:
        """The map built (the builder may go on)."""
        return DenseMap(tuple(self.by_id))
