"""Code generation pieces: the emitter, the runtime helpers generated code calls, and the
code of action templates (straight-line writes into a new state).

:mod:`pure_engine.rules.compile` generates the matchers and drives the whole.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

import immutables
from pyrsistent import PVector

from pure_engine.core.struct import Struct
from pure_engine.rules import model as m
from pure_engine.rules.errors import RuleRuntimeError
from pure_engine.rules.evaluate import index_value, to_python
from pure_engine.rules.expr import THIS, variables_in
from pure_engine.rules.interpret import same
from pure_engine.rules.library import Library
from pure_engine.rules.tree import (
    MISSING,
    child,
    children,
    get_in,
    is_sequence,
    remove_in,
    set_in,
)

__all__ = ["HELPERS", "Emitter", "action_names", "lit", "merge"]

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


def _is_seq_of(node: Any, size: int) -> bool:
    return is_sequence(node) and len(node) == size


HELPERS: dict[str, Any] = {
    "_M": MISSING,
    "_lit": lit,
    "_lc": _lit_cached,
    "_kid": child,
    "_kids": _kids,
    "_up": _up,
    "_above_root": _above_root,
    "_same": same,
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
}


class Emitter:
    """Generated source for one rule, and the constants and helpers it needs."""

    def __init__(self, tag: str, library: Library) -> None:
        self.tag = tag
        self.library = library
        self.lines: list[str] = []
        self.helpers: list[list[str]] = []
        self.constants: dict[str, Any] = {}
        self.counter = itertools.count(1)  # n0 is the matcher's argument
        self.helper_depth = 0
        """How many helper functions (``@not``) the code being emitted is nested in."""

    def key_read(self, node: str, name: str, number: int | None) -> str:
        """An expression reading the child *name* of *node* (MISSING when absent), with an
        inline cache of struct field positions."""
        cache = f"k{self.tag}_{len(self.constants)}"
        self.constants[cache] = {}  # positions are >= 1 (element 0 is the class): truthy
        return (
            f"{node}[_p] if (_p := {cache}.get(type({node}))) "
            f"else _lc({node}, {name!r}, {number!r}, {cache})"
        )

    def fresh(self, prefix: str) -> str:
        return f"{prefix}{next(self.counter)}"

    def constant(self, value: Any) -> str:
        if (
            value is None
            or isinstance(value, bool | str)
            or (isinstance(value, int) and not isinstance(value, bool))
        ):
            return repr(value)
        name = f"k_{self.tag}_{len(self.constants)}"
        self.constants[name] = value
        return name

    def expr(self, tree: Any, names: dict[str, str], this: str | None) -> str:
        scope = dict(names)
        if this is not None:
            scope[THIS] = this
        return to_python(tree, scope)


# --- actions ---------------------------------------------------------------------------------


def _value(em: Emitter, value: Any, names: dict[str, str]) -> str:
    match value:
        case m.Const(value=constant):
            return em.constant(constant)
        case m.SetValue(expr=expr):
            return em.expr(expr, names, None)
        case m.ArrayValue(items=items):
            inner = ", ".join(_value(em, item, names) for item in items)
            return f"({inner}{',' if len(items) == 1 else ''})"
        case m.MapValue(items=items):
            pairs = ", ".join(f"{key!r}: {_value(em, item, names)}" for key, item in items)
            return f"_Map({{{pairs}}})"
    raise AssertionError(f"not a value: {value!r}")


def _write(
    em: Emitter,
    value: Any,
    path: str,
    names: dict[str, str],
    out: list[str],
    rule_lists: dict[str, m.RuleList],
) -> None:
    match value:
        case m.ActionTemplate():
            out.append(f"    state = _ensure(state, {path})")
            merge(em, value, path, names, out, rule_lists)
        case m.Remove():
            out.append(f"    state = _remove(state, {path})")
        case m.SetValue(expr=expr) if THIS in variables_in(expr):
            this = em.fresh("this")
            out.append(f"    {this} = _this(state, {path})")
            out.append(f"    state = _set(state, {path}, {em.expr(expr, names, this)})")
        case _:
            out.append(f"    state = _set(state, {path}, {_value(em, value, names)})")


def merge(
    em: Emitter,
    template: m.ActionTemplate,
    path: str,
    names: dict[str, str],
    out: list[str],
    rule_lists: dict[str, m.RuleList],
) -> None:
    for entry in template.entries:
        here = em.fresh("p")
        match entry:
            case m.SetEntry(name=name, value=value):
                out.append(f"    {here} = {path} + ({name!r},)")
                _write(em, value, here, names, out, rule_lists)
            case m.VarEntry(name=name, value=value):
                out.append(f"    {here} = {path} + ({names[name]},)")
                _write(em, value, here, names, out, rule_lists)
            case m.ParentEntry(value=value):
                out.append(f"    {here} = _parent_path({path})")
                merge(em, value, here, names, out, rule_lists)
            case m.PathEntry(steps=steps, value=value):
                keys = [
                    repr(step.name) if isinstance(step, m.PathKey) else names[step.name]
                    for step in steps
                ]
                out.append(f"    {here} = ({', '.join(keys)},)")
                _write(em, value, here, names, out, rule_lists)
            case m.RulesEntry(rules=rules):
                handle = f"r_{em.tag}_{len(rule_lists)}"
                rule_lists[handle] = rules
                out.append(f"    _rules_at(state, {path})")
                out.append(f"    state = apply_rules({handle}, state, {path}, env)")
            case _:
                raise AssertionError(f"not an action entry: {entry!r}")


def action_names(action: Any) -> list[str]:
    """Variables an action template reads (its own, not those of nested rules)."""
    names: list[str] = []

    def value(item: Any) -> None:
        match item:
            case m.SetValue(expr=expr):
                names.extend(v for v in variables_in(expr) if v != THIS)
            case m.ArrayValue(items=items):
                for sub in items:
                    value(sub)
            case m.MapValue(items=items):
                for _, sub in items:
                    value(sub)
            case m.ActionTemplate(entries=entries):
                for entry in entries:
                    match entry:
                        case m.VarEntry(name=name, value=sub):
                            names.append(name)
                            value(sub)
                        case m.PathEntry(steps=steps, value=sub):
                            names.extend(s.name for s in steps if isinstance(s, m.PathVar))
                            value(sub)
                        case m.SetEntry(value=sub) | m.ParentEntry(value=sub):
                            value(sub)
                        case m.RulesEntry():
                            pass

    if isinstance(action, m.ActionTemplate):
        value(action)
    return names
