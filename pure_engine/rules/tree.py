"""The state seen as a tree: read a child, list the children, write a new tree.

Nodes are structs (children are the fields, by name), maps (``immutables.Map``
or ``dict``: children are the entries), sequences (tuples, pyrsistent vectors
and lists: children are the elements, by index) and frozensets (children are
the members, each with the value ``True``).  Everything else is a leaf.

A key written in JSON is a string; it names a struct field or a map key as
it is, and an index (or an integer map key when no string key matches) when
it is a decimal integer.  Children are listed in a deterministic order that
does not depend on ``PYTHONHASHSEED``: struct fields in declaration order,
sequence elements by index, map keys and set members sorted.

Writes never touch their input: :func:`set_in` and :func:`remove_in` copy the
nodes along the path and share everything else.

>>> from immutables import Map
>>> state = Map(player=Map(a=Map(gold=5)))
>>> later = set_in(state, ("player", "a", "gold"), 25)
>>> get_in(later, ("player", "a", "gold")), get_in(state, ("player", "a", "gold"))
(25, 5)
>>> [key for key, _ in children(Map(b=1, a=2))]
['a', 'b']
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import immutables
from pyrsistent import PVector

from pure_engine.core.struct import Struct

__all__ = [
    "MISSING",
    "TreeError",
    "brief",
    "child",
    "children",
    "from_json",
    "get_in",
    "index_key",
    "is_number",
    "is_sequence",
    "remove_in",
    "set_in",
    "to_json",
]


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Any = _Missing()
"""What :func:`child` returns when there is no such child (``None`` is a value)."""

_Map = immutables.Map
_SEQUENCES = (tuple, PVector, list)


class TreeError(ValueError):
    """A write the tree cannot take (a field a struct does not have, a key under a leaf ...)."""


def index_key(text: str) -> int | None:
    """The integer a JSON key spells, or ``None`` (``'3'`` -> 3; ``'03'``, ``'x'`` -> None).

    >>> index_key("3"), index_key("-1"), index_key("03"), index_key("x")
    (3, -1, None, None)
    """
    body = text[1:] if text[:1] == "-" else text
    if body.isdigit() and body.isascii() and (body == "0" or body[0] != "0"):
        return int(text)
    return None


def is_number(value: object) -> bool:
    """True for an int or a float, not a bool (JSON's numbers, as the rules see them).

    >>> is_number(3), is_number(2.5), is_number(True), is_number("3")
    (True, True, False, False)
    """
    return isinstance(value, int | float) and not isinstance(value, bool)


def is_sequence(node: object) -> bool:
    """True for the nodes whose children are indexed (tuples, vectors, lists; not structs).

    >>> class P(Struct):
    ...     x: int
    >>> is_sequence((1, 2)), is_sequence(P(1)), is_sequence("ab")
    (True, False, False)
    """
    return isinstance(node, _SEQUENCES) and not isinstance(node, Struct)


def child(node: Any, key: Any) -> Any:
    """The child of *node* under *key*, or :data:`MISSING`.

    A string key that spells an integer also finds a sequence element or an
    integer map key (when the map has no such string key).

    >>> child((10, 20), "1"), child((10, 20), 1), child((10, 20), 5)
    (20, 20, MISSING)
    >>> child(immutables.Map({3: "x"}), "3")
    'x'
    """
    if isinstance(node, Struct):
        if isinstance(key, str) and key in node._fields:
            return getattr(node, key)
        return MISSING
    kind = type(node)
    if kind is _Map or isinstance(node, Mapping):
        found = node.get(key, MISSING)
        if found is MISSING and isinstance(key, str):
            number = index_key(key)
            if number is not None:
                return node.get(number, MISSING)
        return found
    if kind is tuple or isinstance(node, _SEQUENCES):
        if isinstance(key, str):
            key = index_key(key)
        if type(key) is int and 0 <= key < len(node):
            return node[key]
        return MISSING
    if isinstance(node, frozenset):
        if key in node:
            return True
        if isinstance(key, str):
            number = index_key(key)
            if number is not None and number in node:
                return True
        return MISSING
    return MISSING


def _sort_key(key: Any) -> tuple[str, Any]:
    return (type(key).__name__, key)


def _sorted_keys(keys: Any) -> list[Any]:
    try:
        return sorted(keys, key=_sort_key)
    except TypeError:  # keys of one type that do not order (structs of different classes ...)
        return sorted(keys, key=lambda key: (type(key).__name__, repr(key)))


def children(node: Any) -> list[tuple[Any, Any]]:
    """``(key, child)`` pairs of *node* in the documented deterministic order (none for a leaf).

    >>> class P(Struct):
    ...     y: int
    ...     x: int
    >>> children(P(1, 2)), children(("a", "b")), children(frozenset({3, 1}))
    ([('y', 1), ('x', 2)], [(0, 'a'), (1, 'b')], [(1, True), (3, True)])
    """
    if isinstance(node, Struct):
        return list(zip(node._fields, node[1:], strict=True))
    if type(node) is tuple or isinstance(node, _SEQUENCES):
        return list(enumerate(node))
    if isinstance(node, _Map | Mapping):
        return [(key, node[key]) for key in _sorted_keys(node.keys())]
    if isinstance(node, frozenset):
        return [(key, True) for key in _sorted_keys(node)]
    return []


def get_in(root: Any, path: Sequence[Any]) -> Any:
    """The node at *path* (a sequence of keys) below *root*, or :data:`MISSING`.

    >>> get_in({"a": [1, {"b": 2}]}, ("a", 1, "b")), get_in({"a": 1}, ("a", "b"))
    (2, MISSING)
    """
    node = root
    for key in path:
        node = child(node, key)
        if node is MISSING:
            return MISSING
    return node


def _write_key(node: Any, key: Any) -> Any:
    """The key a write under *node* uses: the same resolution as :func:`child`."""
    if isinstance(key, str):
        if is_sequence(node):
            number = index_key(key)
            return key if number is None else number
        if isinstance(node, _Map | Mapping) and key not in node:
            number = index_key(key)
            if number is not None and number in node:
                return number
        if isinstance(node, frozenset) and key not in node:
            number = index_key(key)
            if number is not None and number in node:
                return number
    return key


def _kind(node: Any) -> str:
    return type(node).__name__


def _replace_child(node: Any, key: Any, value: Any) -> Any:
    """A copy of *node* whose child *key* is *value* (created when missing, where possible)."""
    if isinstance(node, Struct):
        if not (isinstance(key, str) and key in node._fields):
            fields = ", ".join(node._fields)
            raise TreeError(f"{_kind(node)} has no field {key!r} (fields: {fields})")
        return node.replace(**{key: value})
    if type(node) is _Map:
        return node.set(key, value)
    if isinstance(node, Mapping):
        return {**node, key: value}
    if is_sequence(node):
        if type(key) is not int or not -len(node) <= key <= len(node):
            raise TreeError(
                f"expected an index 0..{len(node)} of a {len(node)}-element {_kind(node)}, "
                f"found {key!r}"
            )
        if key == len(node):  # one past the end appends
            return node.append(value) if isinstance(node, PVector) else type(node)([*node, value])
        if isinstance(node, PVector):
            return node.set(key, value)
        items = list(node)
        items[key] = value
        return items if isinstance(node, list) else tuple(items)
    if isinstance(node, frozenset):
        if value is not True:
            raise TreeError(f"a set member can only be set to true, found {value!r}")
        return node | {key}
    raise TreeError(f"cannot set the child {key!r} of the leaf {node!r}")


def _without_child(node: Any, key: Any) -> Any:
    """A copy of *node* without the child *key* (itself when there is none)."""
    if isinstance(node, Struct):
        raise TreeError(f"cannot remove the field {key!r} of a {_kind(node)}")
    if type(node) is _Map:
        return node.delete(key) if key in node else node
    if isinstance(node, Mapping):
        return {k: v for k, v in node.items() if k != key} if key in node else node
    if is_sequence(node):
        if type(key) is not int or not 0 <= key < len(node):
            return node
        if isinstance(node, PVector):
            return node.delete(key)
        items = [*node[:key], *node[key + 1 :]]
        return items if isinstance(node, list) else tuple(items)
    if isinstance(node, frozenset):
        return node - {key}
    raise TreeError(f"cannot remove the child {key!r} of the leaf {node!r}")


def _update(root: Any, path: Sequence[Any], change: Callable[[Any, Any], Any]) -> Any:
    """Copy the nodes along *path*, creating missing ones as empty maps, applying *change*
    ``(parent, key) -> new parent`` at the end."""
    if not path:
        raise TreeError("cannot replace the root itself")
    key = _write_key(root, path[0])
    if len(path) == 1:
        return change(root, key)
    below = child(root, key)
    if below is MISSING:
        below = _Map()
    return _replace_child(root, key, _update(below, path[1:], change))


def set_in(root: Any, path: Sequence[Any], value: Any) -> Any:
    """A new tree whose node at *path* is *value*; missing nodes on the way become maps.

    >>> set_in({"a": 1}, ("b", "c"), 2)
    {'a': 1, 'b': immutables.Map({'c': 2})}
    >>> set_in((1, 2), ("2",), 3)                 # one past the end appends
    (1, 2, 3)
    """
    return _update(root, path, lambda parent, key: _replace_child(parent, key, value))


def remove_in(root: Any, path: Sequence[Any]) -> Any:
    """A new tree without the node at *path* (the same tree when there is none).

    >>> remove_in({"a": 1, "b": 2}, ("a",)), remove_in((1, 2, 3), ("1",))
    ({'b': 2}, (1, 3))
    """
    if get_in(root, path) is MISSING:
        return root
    return _update(root, path, _without_child)


def from_json(value: Any) -> Any:
    """An immutable tree from decoded JSON: objects become maps, arrays tuples.

    >>> tree = from_json({"hand": [1, 2], "name": "N"})
    >>> type(tree).__name__, sorted(tree.items())
    ('Map', [('hand', (1, 2)), ('name', 'N')])
    """
    if isinstance(value, dict):
        return _Map({key: from_json(item) for key, item in value.items()})
    if isinstance(value, list):
        return tuple(from_json(item) for item in value)
    return value


def to_json(node: Any) -> Any:
    """Decoded JSON from a tree: structs and maps become objects, sequences arrays,
    sets sorted arrays, enums their values; other leaves stay as they are.

    >>> to_json(from_json({"b": [1, {"c": None}], "a": True}))
    {'a': True, 'b': [1, {'c': None}]}
    """
    if isinstance(node, Struct):
        return {name: to_json(value) for name, value in children(node)}
    if isinstance(node, _Map | Mapping):
        return {_json_key(key): to_json(value) for key, value in children(node)}
    if is_sequence(node):
        return [to_json(item) for item in node]
    if isinstance(node, frozenset):
        return [to_json(key) for key, _ in children(node)]
    value = getattr(node, "value", node) if hasattr(node, "_value_") else node
    return value


def _json_key(key: Any) -> str:
    value = getattr(key, "value", key) if hasattr(key, "_value_") else key
    return value if isinstance(value, str) else str(to_json(value))


def freeze_value(value: Any) -> Any:
    """A value an action writes: lists become tuples (dicts are maps already)."""
    if isinstance(value, list):
        return tuple(freeze_value(item) for item in value)
    return value


def _brief_repr() -> reprlib.Repr:
    shortened = reprlib.Repr()
    shortened.maxlevel = 3
    shortened.maxstring = shortened.maxother = 60
    shortened.maxtuple = shortened.maxlist = shortened.maxdict = shortened.maxset = 8
    shortened.maxfrozenset = 8
    return shortened


_BRIEF = _brief_repr()


def brief(value: Any, width: int = 80) -> str:
    """*value* as traces and errors show it: a repr cut short (nesting, lengths, width),
    so that no value makes a line long.

    >>> brief(tuple(range(100)))
    '(0, 1, 2, 3, 4, 5, 6, 7, ...)'
    >>> brief("x" * 500)[-6:]
    "xxxxx'"
    """
    if type(value) is int and value.bit_length() > 4000:  # beyond what int() may print
        return f"<an integer of {value.bit_length()} bits>"
    text = _BRIEF.repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."
