"""Deep immutability: find any mutable value reachable from a state.

A state is immutable *all the way down* when every value reachable from it
is a known immutable leaf (numbers, strings, bytes, enums, classes) or a
known immutable container (tuple and :class:`~pure_engine.core.struct.Struct`,
frozenset, pyrsistent and ``immutables`` containers, frozen dataclasses and
attrs classes, or a class of your own whose ``__setattr__`` refuses writes)
whose parts are immutable too.  Anything else — a ``list``, ``dict``, ``set``,
``bytearray``, or an instance whose attributes can be reassigned — is named by
its place in the state.

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

from pure_engine.core.dense import DenseMap
from pure_engine.core.digest import digest
from pure_engine.core.frozen import Frozen
from pure_engine.core.struct import Struct, named_fields
from pure_engine.core.zones import ZoneMap

__all__ = ["IMMUTABLE_LEAVES", "find_mutable", "fingerprint", "first_mutable", "mutable_hint"]

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
    if isinstance(value, Struct | Frozen):
        return ((v, f"{path}.{n}") for n, v in named_fields(value))
    if isinstance(value, tuple):
        return ((v, f"{path}[{i}]") for i, v in enumerate(value))
    if isinstance(value, PVector | PList | PDeque):
        return ((v, f"{path}[{i}]") for i, v in enumerate(value))
    if isinstance(value, frozenset | PSet | PBag):
        return ((v, f"{path}{{…}}") for v in value)
    if isinstance(value, immutables.Map | PMap | DenseMap | ZoneMap):
        return _map_items(value.items(), path)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]  # set by @dataclass
            return None
        return ((getattr(value, f.name), f"{path}.{f.name}") for f in dataclasses.fields(value))
    if _is_frozen_object(value):
        return ((getattr(value, n), f"{path}.{n}") for n in _attribute_names(type(value), value))
    return None


def _is_frozen_object(value: Any) -> bool:
    """An instance of a user class whose ``__setattr__`` refuses writes (attrs' frozen
    classes, hand-written immutable classes); plain builtin containers are not."""
    cls = type(value)
    writer: object = cls.__setattr__
    return (
        writer is not object.__setattr__
        and cls.__module__ != "builtins"
        and not isinstance(value, list | dict | set | bytearray)
    )


def _attribute_names(cls: type, value: Any) -> list[str]:
    """The attributes of an instance: attrs fields, else every ``__slots__`` and ``__dict__``."""
    fields = getattr(cls, "__attrs_attrs__", None)
    if fields is not None:
        return [field.name for field in fields]
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(value, name):
                names.append(name)
    names.extend(getattr(value, "__dict__", {}))
    return names


_HINTS: dict[type, str] = {
    list: "a tuple",
    dict: "an immutables.Map (or a tuple of pairs)",
    set: "a frozenset",
    bytearray: "bytes",
}


def mutable_hint(value: object) -> str:
    """What to use instead of the mutable *value*.

    >>> mutable_hint([1])
    'use a tuple'
    >>> class Box:
    ...     pass
    >>> mutable_hint(Box()).startswith("its attributes can be reassigned: make Box a Struct")
    True
    """
    for kind, instead in _HINTS.items():
        if isinstance(value, kind):
            return f"use {instead}"
    name = type(value).__name__
    return (
        f"its attributes can be reassigned: make {name} a Struct or a frozen dataclass, "
        f"or pass immutable_types=({name},) if you vouch for it"
    )


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
    found = first_mutable(value, path=path, allowed=allowed)
    return None if found is None else f"{found[0]} is a {type(found[1]).__name__}"


def first_mutable(
    value: object, *, path: str = "state", allowed: tuple[type, ...] = ()
) -> tuple[str, object] | None:
    """The place and the value of the first mutable value reachable from *value*, or None.

    >>> first_mutable(("a", ["b"]))
    ('state[1]', ['b'])
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
            return where, item
        stack.extend(reversed(list(parts)))
    return None


def fingerprint(value: object) -> object:
    """A value that changes when *value* is mutated: its stable digest, or (for values the
    digest refuses: mutable ones, user classes) a snapshot of its structure.

    >>> fingerprint((1, "a")) == fingerprint((1, "a"))
    True
    >>> box = ([1], {"a": 2})
    >>> before = fingerprint(box); box[0].append(3); fingerprint(box) == before
    False
    """
    try:
        return digest(value)
    except TypeError:
        return _snapshot(value, set())


def _snapshot(value: Any, active: set[int]) -> object:
    """A hashable, comparable copy of *value*'s structure (repr for what it cannot open).

    Unlike ``repr``, it never shows an object's address, so two equal user objects that
    print as ``<Foo object at 0x...>`` give equal snapshots."""
    if isinstance(value, IMMUTABLE_LEAVES):
        return value
    if id(value) in active:
        return ("<cycle>",)
    active.add(id(value))
    try:
        return _open(value, active)
    finally:
        active.discard(id(value))


def _open(value: Any, active: set[int]) -> object:
    name = type(value).__qualname__
    if isinstance(value, Struct | Frozen):
        return (name, tuple(_snapshot(v, active) for _, v in named_fields(value)))
    if isinstance(value, tuple | list | PVector | PList | PDeque):
        return (name, tuple(_snapshot(v, active) for v in value))
    if isinstance(value, dict | immutables.Map | PMap | DenseMap | ZoneMap):
        items = [(_snapshot(k, active), _snapshot(v, active)) for k, v in value.items()]
        return (name, tuple(sorted(items, key=repr)))
    if isinstance(value, set | frozenset | PSet | PBag):
        return (name, tuple(sorted((_snapshot(v, active) for v in value), key=repr)))
    if isinstance(value, bytearray):
        return (name, bytes(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = [(f.name, getattr(value, f.name)) for f in dataclasses.fields(value)]
    else:
        parts = [(n, getattr(value, n)) for n in _attribute_names(type(value), value)]
    printer: object = type(value).__repr__
    if not parts and printer is not object.__repr__:
        return (name, repr(value))
    return (name, tuple((n, _snapshot(v, active)) for n, v in parts))
