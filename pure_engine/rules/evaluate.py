"""What an expression tree becomes: a value (interpreted), Python source (compiled), or its
canonical text (exported).  Trees come from :func:`~pure_engine.rules.expr.parse_expression`.

>>> tree = parse_expression("$X * 10 + len($H)")
>>> evaluate(tree, {"X": 3, "H": (1, 2)}, None, {"len": len})
32
>>> unparse(tree), to_python(tree, {"X": "v_X", "H": "v_H"})
('$X * 10 + len($H)', '((v_X * 10) + f_len(v_H))')
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

from pure_engine.rules.expr import (  # parse_expression: for the doctests
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
from pure_engine.rules.tree import MISSING, child, is_number, is_sequence

__all__ = ["compare", "evaluate", "index_value", "to_python", "unparse"]

_ARITH: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "%": operator.mod,
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
        raise KeyError(f"no element {key!r} in {target!r}")
    return found


def evaluate(
    tree: Any, env: Mapping[str, Any], this: Any, functions: Mapping[str, Callable[..., Any]]
) -> Any:
    """The value of *tree* with the variables of *env* and ``$this`` = *this* (interpreted).

    >>> evaluate(parse_expression("$this * 2 in [4, 6]"), {}, 3, {})
    True
    """
    match tree:
        case Lit(value=value):
            return value
        case Var(name=name):
            return this if name == THIS else env[name]
        case Unary(op="-", operand=operand):
            return -evaluate(operand, env, this, functions)
        case Unary(op="not", operand=operand):
            return not evaluate(operand, env, this, functions)
        case Binary(op="and", left=left, right=right):
            return evaluate(left, env, this, functions) and evaluate(right, env, this, functions)
        case Binary(op="or", left=left, right=right):
            return evaluate(left, env, this, functions) or evaluate(right, env, this, functions)
        case Binary(op=op, left=left, right=right):
            return _ARITH[op](
                evaluate(left, env, this, functions), evaluate(right, env, this, functions)
            )
        case Compare(ops=ops, operands=operands):
            left_value = evaluate(operands[0], env, this, functions)
            for op, right in zip(ops, operands[1:], strict=True):
                right_value = evaluate(right, env, this, functions)
                if not _COMPARE_FN[op](left_value, right_value):
                    return False
                left_value = right_value
            return True
        case Call(name=name, args=args):
            return functions[name](*(evaluate(arg, env, this, functions) for arg in args))
        case Index(target=target, key=key):
            return index_value(
                evaluate(target, env, this, functions), evaluate(key, env, this, functions)
            )
        case ListOf(items=items):
            return tuple(evaluate(item, env, this, functions) for item in items)
    raise AssertionError(f"not an expression node: {tree!r}")


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


_PRECEDENCE = {"or": 1, "and": 2, "not": 3, "compare": 4, "+": 5, "-": 5}
_PRECEDENCE |= {"*": 6, "/": 6, "//": 6, "%": 6, "neg": 7, "atom": 9}


def _precedence(tree: Any) -> int:
    match tree:
        case Binary(op=op):
            return _PRECEDENCE[op]
        case Unary(op="not"):
            return _PRECEDENCE["not"]
        case Unary(op="-"):
            return _PRECEDENCE["neg"]
        case Compare():
            return _PRECEDENCE["compare"]
        case Lit(value=value) if is_number(value) and value < 0:
            return _PRECEDENCE["neg"]
    return _PRECEDENCE["atom"]


def _literal_text(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"
    return repr(value)


def unparse(tree: Any) -> str:
    """Canonical text of an expression: parsing it gives the same tree back.

    >>> unparse(parse_expression("($A+$B)*-$C")), unparse(parse_expression("not ($X in $H)"))
    ('($A + $B) * -$C', 'not $X in $H')
    """

    def wrap(node: Any, minimum: int) -> str:
        text = unparse(node)
        return f"({text})" if _precedence(node) < minimum else text

    match tree:
        case Lit(value=value):
            return _literal_text(value)
        case Var(name=name):
            return f"${name}"
        case Unary(op="-", operand=operand):
            return f"-{wrap(operand, _PRECEDENCE['neg'])}"
        case Unary(op="not", operand=operand):
            return f"not {wrap(operand, _PRECEDENCE['not'])}"
        case Binary(op=op, left=left, right=right):
            level = _PRECEDENCE[op]
            return f"{wrap(left, level)} {op} {wrap(right, level + 1)}"
        case Compare(ops=ops, operands=operands):
            level = _PRECEDENCE["compare"] + 1
            parts = [wrap(operands[0], level)]
            for op, right in zip(ops, operands[1:], strict=True):
                parts += [op, wrap(right, level)]
            return " ".join(parts)
        case Call(name=name, args=args):
            return f"{name}({', '.join(unparse(arg) for arg in args)})"
        case Index(target=target, key=key):
            return f"{wrap(target, _PRECEDENCE['atom'])}[{unparse(key)}]"
        case ListOf(items=items):
            return f"[{', '.join(unparse(item) for item in items)}]"
    raise AssertionError(f"not an expression node: {tree!r}")
