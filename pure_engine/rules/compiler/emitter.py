"""The emitter: generated source for one rule (or one fused query), the constants it
needs, and expressions compiled to Python over local variables.

Every value from a rule file reaches the source through ``repr()`` of a
constant, a checked variable or function name under a fixed prefix (``v_``,
``f_``), or a fixed operator token.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
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

_WORD = 1 << 63


def to_python(tree: Any, names: Mapping[str, str], constant: Callable[[Any], str] = repr) -> str:
    """Python source for *tree*; *names* maps each variable (and ``this``) to a local name,
    *constant* writes a literal (a name bound in the namespace, for a value ``repr`` cannot
    write as a literal).

    Calls become ``f_<name>(...)``, indexing ``_index(...)``; ``+``, ``*``, ``%`` and lists
    go through the checked operators (``_add``, ``_mul``, ``_mod``, ``bud.built``), which
    charge what they build to the call's budget ``bud``: the compiler binds them all.

    >>> to_python(parse_expression("$X * 10 < len($H)"), {"X": "v_X", "H": "v_H"})
    '(_mul(v_X, 10, bud) < f_len(v_H))'
    """

    def py(node: Any) -> str:
        return to_python(node, names, constant)

    match tree:
        case Lit(value=value):
            return constant(value)
        case Var(name=name):
            return names[name]
        case Unary(op="-", operand=operand):
            return f"(-{py(operand)})"
        case Unary(op="not", operand=operand):
            return f"(not {py(operand)})"
        case Binary(op="+" | "*" as op, left=left, right=right):
            return f"{_CHECKED[op]}({py(left)}, {py(right)}, bud)"
        case Binary(op="%", left=left, right=right):
            return f"_mod({py(left)}, {py(right)})"
        case Binary(op=op, left=left, right=right):
            return f"({py(left)} {op} {py(right)})"
        case Compare(ops=ops, operands=operands):
            parts = [py(operands[0])]
            for op, right in zip(ops, operands[1:], strict=True):
                parts += [op, py(right)]  # the language's comparisons are Python's
            return f"({' '.join(parts)})"
        case Call(name=name, args=args):
            return f"f_{name}({', '.join(py(arg) for arg in args)})"
        case Index(target=target, key=key):
            return f"_index({py(target)}, {py(key)})"
        case ListOf(items=items):
            inner = ", ".join(py(item) for item in items)
            return f"bud.built(({inner}{',' if len(items) == 1 else ''}))"
    raise AssertionError(f"not an expression node: {tree!r}")


_CHECKED = {"+": "_add", "*": "_mul"}


class Emitter:
    """Generated source for one rule, and the constants and helpers it needs."""

    def __init__(self, tag: str, library: Library) -> None:
        self.tag = tag
        self.library = library
        self.weight = 1
        """Steps each candidate of a ``$variable`` loop costs (the size of the condition)."""
        self.loops = 0
        """How many ``for`` loops enclose the code being emitted, in its function."""
        self.local_steps = False
        """True when the function being emitted keeps its steps in the local ``steps``."""
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

    @property
    def steps(self) -> str:
        """Where the code being emitted counts its steps: the budget, or a local."""
        return "steps" if self.local_steps and not self.helper_depth else "bud.left"

    def fresh(self, prefix: str) -> str:
        return f"{prefix}{next(self.counter)}"

    def constant(self, value: Any) -> str:
        """*value* in the source: ``None``, a bool, a string or a machine-sized integer as
        its repr; anything else (a float, ``inf``, a big integer) as a name bound to it."""
        if (
            value is None
            or isinstance(value, bool | str)
            or (type(value) is int and -_WORD <= value < _WORD)
        ):
            return repr(value)
        name = f"k_{self.tag}_{len(self.constants)}"
        self.constants[name] = value
        return name

    def expr(self, tree: Any, names: dict[str, str], this: str | None) -> str:
        scope = dict(names)
        if this is not None:
            scope[THIS] = this
        return to_python(tree, scope, self.constant)
