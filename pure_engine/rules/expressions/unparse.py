"""The canonical text of an expression tree (what an export writes): parsing it gives the
same tree back.

>>> unparse(parse_expression("($A+$B)*-$C"))
'($A + $B) * -$C'
"""

from __future__ import annotations

from typing import Any

from pure_engine.rules.expressions.parse import (  # parse_expression: for the doctests
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
from pure_engine.rules.tree import is_number

__all__ = ["unparse"]

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
