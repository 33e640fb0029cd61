"""The value of an expression tree, as the interpreter computes it (the reference the
compiled code agrees with).  Trees come from
:func:`~pure_engine.rules.expressions.parse.parse_expression`.

Arithmetic goes through the checked operators of
:mod:`pure_engine.rules.expressions.operators`, which charge what they build to the
call's budget.

>>> tree = parse_expression("$X * 10 + len($H)")
>>> evaluate(tree, {"X": 3, "H": (1, 2)}, None, {"len": len}, Budget(100, 100))
32
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

from pure_engine.rules.expressions.operators import add, mod, mul
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
from pure_engine.rules.limits import Budget
from pure_engine.rules.tree import MISSING, brief, child, is_sequence

__all__ = ["compare", "evaluate", "index_value"]

_ARITH: dict[str, Callable[[Any, Any], Any]] = {
    "-": operator.sub,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": mod,
}
_COMPARE_FN: dict[str, Callable[[Any, Any], Any]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
    "in": lambda a, b: a in b,
    "not in": lambda a, b: a not in b,
}


def compare(op: str, left: Any, right: Any) -> bool:
    """``left op right`` for one of ``< <= > >= == != in, not in``.

    >>> compare("<=", 2, 3), compare("not in", 1, (1, 2))
    (True, False)
    """
    return bool(_COMPARE_FN[op](left, right))


def index_value(target: Any, key: Any) -> Any:
    """``target[key]`` over the tree model (struct fields by name); a missing key is an error.

    >>> index_value((5, 6), 1), index_value({"a": 1}, "a")
    (6, 1)
    >>> index_value((5, 6), 2)
    Traceback (most recent call last):
    ...
    KeyError: 'no element 2 in (5, 6)'
    """
    found = child(target, key)
    if found is MISSING:
        if is_sequence(target) and type(key) is int and -len(target) <= key < 0:
            return target[key]
        raise KeyError(f"no element {brief(key)} in {brief(target)}")
    return found


def evaluate(
    tree: Any,
    env: Mapping[str, Any],
    this: Any,
    functions: Mapping[str, Callable[..., Any]],
    budget: Budget,
) -> Any:
    """The value of *tree* with the variables of *env* and ``$this`` = *this* (interpreted);
    values it builds are charged to *budget*.

    >>> evaluate(parse_expression("$this * 2 in [4, 6]"), {}, 3, {}, Budget(100, 100))
    True
    """

    def value(node: Any) -> Any:
        return evaluate(node, env, this, functions, budget)

    match tree:
        case Lit(value=constant):
            return constant
        case Var(name=name):
            return this if name == THIS else env[name]
        case Unary(op="-", operand=operand):
            return -value(operand)
        case Unary(op="not", operand=operand):
            return not value(operand)
        case Binary(op="and", left=left, right=right):
            return value(left) and value(right)
        case Binary(op="or", left=left, right=right):
            return value(left) or value(right)
        case Binary(op="+", left=left, right=right):
            return add(value(left), value(right), budget)
        case Binary(op="*", left=left, right=right):
            return mul(value(left), value(right), budget)
        case Binary(op=op, left=left, right=right):
            return _ARITH[op](value(left), value(right))
        case Compare(ops=ops, operands=operands):
            left_value = value(operands[0])
            for op, right in zip(ops, operands[1:], strict=True):
                right_value = value(right)
                if not _COMPARE_FN[op](left_value, right_value):
                    return False
                left_value = right_value
            return True
        case Call(name=name, args=args):
            return functions[name](*(value(arg) for arg in args))
        case Index(target=target, key=key):
            return index_value(value(target), value(key))
        case ListOf(items=items):
            return budget.built(tuple(value(item) for item in items))
    raise AssertionError(f"not an expression node: {tree!r}")
