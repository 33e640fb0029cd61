"""What generated code calls at run time: reading children (with inline caches of struct
field positions), walking up, and writing a new state.  :data:`HELPERS` is the namespace
every generated module starts from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import immutables
from pyrsistent import PVector

from pure_engine.core.struct import Struct
from pure_engine.rules.errors import OutOfStepsError, RuleRuntimeError
from pure_engine.rules.expressions.evaluate import index_value
from pure_engine.rules.expressions.operators import add, mod, mul
from pure_engine.rules.tree import (
    MISSING,
    child,
    children,
    get_in,
    is_sequence,
    remove_in,
    set_in,
)

__all__ = ["HELPERS", "lit"]

_Map = immutables.Map


def lit(node: Any, name: str, index: int | None) -> Any:
    """The child under a literal key (the fast path of :func:`~pure_engine.rules.tree.child`)."""
    if isinstance(node, Struct):
        return getattr(node, name) if name in node._fields else MISSING
    if type(node) is _Map:
        found = node.get(name, MISSING)
        if found is MISSING and index is not None:
            return node.get(index, MISSING)
        return found
    if type(node) is tuple:
        if index is not None and 0 <= index < len(node):
            return node[index]
        return MISSING
    return child(node, name)


def _lit_cached(node: Any, name: str, index: int | None, cache: dict[type, int]) -> Any:
    """:func:`lit`, remembering in *cache* (one per key in the generated code) the tuple
    position of the field *name* for each struct class met, so that the generated code reads
    the next struct of that class with one dict lookup and one index, without a call."""
    if isinstance(node, Struct) and name in node._fields:
        cache[type(node)] = node._fields.index(name) + 1  # element 0 is the class
    return lit(node, name, index)


def _kids(node: Any) -> Iterable[tuple[Any, Any]]:
    if type(node) is tuple:
        return enumerate(node)
    return children(node)


def _up(ancestors: tuple[Any, ...], levels: int) -> Any:
    if levels > len(ancestors):
        raise RuleRuntimeError("@parent climbs above the root of the state")
    return ancestors[-levels]


def _above_root() -> Any:
    raise RuleRuntimeError("@parent climbs above the root of the state")


def _this(state: Any, path: tuple[Any, ...]) -> Any:
    found = get_in(state, path)
    if found is MISSING:
        raise RuleRuntimeError("$this has no value: there is no node here")
    return found


def _ensure(state: Any, path: tuple[Any, ...]) -> Any:
    return set_in(state, path, _Map()) if get_in(state, path) is MISSING else state


def _parent_path(path: tuple[Any, ...]) -> tuple[Any, ...]:
    if not path:
        raise RuleRuntimeError("@parent climbs above the root of the state")
    return path[:-1]


def _rules_at(state: Any, path: tuple[Any, ...]) -> None:
    if get_in(state, path) is MISSING:
        raise RuleRuntimeError("@rules: no node here")


def _width(node: Any) -> int:
    """How many children *node* may have, at least as many as it has (a struct counts its
    class), without listing them; 0 for a leaf."""
    if isinstance(node, tuple | list | PVector | frozenset | Mapping | _Map):
        return len(node)
    return 0


def _is_seq_of(node: Any, size: int) -> bool:
    return is_sequence(node) and len(node) == size


HELPERS: dict[str, Any] = {
    "_M": MISSING,
    "_lit": lit,
    "_lc": _lit_cached,
    "_kid": child,
    "_kids": _kids,
    "_width": _width,
    "_up": _up,
    "_above_root": _above_root,
    "_index": index_value,
    "_this": _this,
    "_ensure": _ensure,
    "_parent_path": _parent_path,
    "_rules_at": _rules_at,
    "_set": set_in,
    "_remove": remove_in,
    "_seq": _is_seq_of,
    "_Map": _Map,
    "_PVector": PVector,
    "_OutOfSteps": OutOfStepsError,
    "_add": add,
    "_mul": mul,
    "_mod": mod,
}
