"""Deep immutability: find any mutable value reachable from a state.

A state is immutable *all the way down* when every value reachable from it
is a known immutable leaf (numbers, strings, bytes, enums, classes) or a
known immutable container (tuple and :class:`~pure_engine.core.struct.Struct`,
frozenset, pyrsistent and ``immutables`` containers, frozen dataclasses)
whose parts are immutable too.

>>> from pure_engine.core.struct import Struct
>>> class Hand(Struct):
...     cards: object
>>> find_mutable(Hand((1, 2))) is None
True
>>> find_mutable(Hand((1, [2])))
'state.cards[1] is a list'
"""

from __future__ import annotations

import dataclasses
import enum
import types
from collections.abc import Iterable, Iterator
from decimal import Decimal
from fractions import Fraction
from typing import Any

import immutables
from pyrsistent import PBag, PDeque, PList, PMap, PSet, PVector

from pure_engine.core.digest import digest
from pure_engine.core.struct import Struct

__all__ = ["IMMUTABLE_LEAVES", "find_mutable", "fingerprint"]

IMMUTABLE_LEAVES: tuple[type, ...] = (
    type(None),
    bool,
    int,
    float,
    complex,
    str,
    bytes,
    Fraction,
    Decimal,
    range,
    enum.Enum,
    type,
    types.BuiltinFunctionType,
    types.FunctionType,
)
"""Types accepted as immutable leaves (functions and classes are treated as constants)."""


def _children(value: Any, path: str) -> Iterator[tuple[Any, str]] | None:
    """The parts of an immutable container, or None when *value* is not one."""
    if isinstance(value, Struct):
        return ((v, f"{path}.{n}") for n, v in zip(value._fields, value[1:], strict=True))
    if isinstance(value, tuple):
        return ((v, f"{path}[{i}]") for i, v in enumerate(value))
    if isinstance(value, PVector | PList | PDeque):
        return ((v, f"{path}[{i}]") for i, v in enumerate(value))
    if isinstance(value, frozenset | PSet | PBag):
        return ((v, f"{path}{{…}}") for v in value)
    if isinstance(value, immutables.Map | PMap):
        return _map_items(value.items(), path)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]  # set by @dataclass
            return None
        return ((getattr(value, f.name), f"{path}.{f.name}") for f in dataclasses.fields(value))
    return None


def _map_items(items: Iterable[tuple[Any, Any]], path: str) -> Iterator[tuple[Any, str]]:
    for k, v in items:
        yield k, f"{path}<key {k!r:.30}>"
        yield v, f"{path}[{k!r:.30}]"


def find_mutable(
    value: object, *, path: str = "state", allowed: tuple[type, ...] = ()
) -> str | None:
    """Return where the first mutable value reachable from *value* sits, or None.

    *allowed* adds types the caller vouches for (treated as immutable leaves).

    >>> find_mutable((1, frozenset({"a"}), b"x")) is None
    True
    >>> find_mutable({"a": 1}, path="s")
    's is a dict'
    >>> value = (1, 2)
    >>> _ = find_mutable(value); value          # the input is only read
    (1, 2)
    """
    leaves = IMMUTABLE_LEAVES + allowed
    stack: list[tuple[Any, str]] = [(value, path)]
    seen: set[int] = set()
    while stack:
        item, where = stack.pop()
        if isinstance(item, leaves):
            continue
        if id(item) in seen:
            continue
        seen.add(id(item))
        parts = _children(item, where)
        if parts is None:
            return f"{where} is a {type(item).__name__}"
        stack.extend(reversed(list(parts)))
    return None


def fingerprint(value: object) -> object:
    """A value that changes when *value* is mutated: its stable digest, or its repr.

    >>> fingerprint((1, "a")) == fingerprint((1, "a"))
    True
    """
    try:
        return digest(value)
    except TypeError:
        return repr(value)
