"""The emitter: generated source for one rule (or one fused query), the constants it
needs, and expressions compiled to Python over local variables.

Every value from a rule file reaches the source through ``repr()`` of a
constant, a checked variable or function name under a fixed prefix (``v_``,
``f_``), or a fixed operator token.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from pure_engine.rules.expressions.parse import (  # parse_expression: for the doctests
    THIS,
    Binary,
    Call,
    Compare,
    Index,
    ListOf,
    Lit,
    Unary,
    Var,
    parse_expression,  # noqa: F401
)
from pure_engine.rules.library import Library

__all__ = ["Emitter", "to_python"]


def to_python(tree: Any, names: Mapping[str, str]) -> str:
    """Python source for *tree*; *names* maps each variable (and ``this``) to a local name.

    Calls become ``f_<name>(...)``, indexing ``_index(...)``: the compiler binds both.

    >>> to_python(parse_expression("$X * 10 < len($H)"), {"X": "v_X", "H": "v_H"})
    '((v_X * 10) < f_len(v_H))'
    """
    match tree:
        case Lit(value=value):
            return repr(value)
        case Var(name=name):
            return names[name]
        case Unary(op="-", operand=operand):
            return f"(-{to_python(operand, names)})"
        case Unary(op="not", operand=operand):
            return f"(not {to_python(operand, names)})"
        case Binary(op=op, left=left, right=right):
            return f"({to_python(left, names)} {op} {to_python(right, names)})"
        case Compare(ops=ops, operands=operands):
            parts = [to_python(operands[0], names)]
            for op, right in zip(ops, operands[1:], strict=True):
                parts += [op, to_python(right, names)]  # the language's comparisons are Python's
            return f"({' '.join(parts)})"
        case Call(name=name, args=args):
            return f"f_{name}({', '.join(to_python(arg, names) for arg in args)})"
        case Index(target=target, key=key):
            return f"_index({to_python(target, names)}, {to_python(key, names)})"
        case ListOf(items=items):
            inner = ", ".join(to_python(item, names) for item in items)
            return f"({inner}{',' if len(items) == 1 else ''})"
    raise AssertionError(f"not an expression node: {tree!r}")


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
