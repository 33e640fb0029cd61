"""What one step of a rule may cost, measured on the loaded form: the size of its condition
(what one candidate of a ``$variable`` loop can do at most) and of its action (what one
firing does).  The interpreter and the compiled code charge the same sizes, so a call runs
out of steps at the same point in both (see :mod:`pure_engine.rules.limits`).

>>> from pure_engine.rules.parsing import parse_rules
>>> rule = parse_rules([{"condition": {"x": "$X", "hand": {"$C": "<$X + 1"}},
...                      "action": {"n": "$this + 1"}}]).rules[0]
>>> condition_weight(rule.condition), action_weight(rule.action)
(11, 7)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.expressions.parse import measure

__all__ = ["action_weight", "condition_weight", "lines_in"]


def _expression_nodes(expr: Any) -> int:
    return measure(expr)[0]


def _condition_nodes(template: Any) -> Iterator[tuple[Any, int]]:
    """Every node of a condition template, with the template lines it stands for (a line,
    an array item, a ``@path`` step: each at least one nested test in the compiled code)."""
    stack = [template]
    while stack:
        node = stack.pop()
        match node:
            case m.ObjectTemplate(lines=items):
                yield node, 0
                stack.extend(items)
            case m.ArrayTemplate(items=items):
                yield node, 1 + len(items)
                stack.extend(items)
            case (
                m.KeyLine(sub=sub) | m.VarLine(sub=sub) | m.ParentLine(sub=sub) | m.NotLine(sub=sub)
            ):
                yield node, 1
                stack.append(sub)
            case m.PathLine(steps=steps, sub=sub):
                yield node, 1 + len(steps)
                stack.append(sub)
            case m.CalcLine():
                yield node, 1
            case _:
                yield node, 0


def condition_weight(template: Any) -> int:
    """1 + the template lines, leaves and expression nodes of a condition (None: 1)."""
    total = 1
    for node, lines in _condition_nodes(template):
        expr = getattr(node, "expr", None)
        total += max(lines, 1) + (0 if expr is None else _expression_nodes(expr))
    return total


def action_weight(action: Any) -> int:
    """1 + the entries, values and expression nodes of an action template (a rule list or
    no action: 1; the rules it runs count their own steps)."""
    total = 1
    stack = [action] if isinstance(action, m.ActionTemplate) else []
    while stack:
        node = stack.pop()
        total += 1
        match node:
            case m.ActionTemplate(entries=entries):
                stack.extend(entries)
            case (
                m.SetEntry(value=value)
                | m.VarEntry(value=value)
                | m.ParentEntry(value=value)
                | m.PathEntry(value=value)
            ):
                stack.append(value)
            case m.ArrayValue(items=items):
                stack.extend(items)
            case m.MapValue(items=pairs):
                stack.extend(item for _, item in pairs)
            case m.SetValue(expr=expr):
                total += _expression_nodes(expr)
            case m.Const() | m.Remove() | m.RulesEntry():
                pass
            case _:
                raise AssertionError(f"not an action node: {node!r}")
    return total


def lines_in(template: Any) -> int:
    """The template lines of a condition, ``@not`` and ``@path`` steps included: each is at
    least one nested test in the compiled code."""
    return sum(lines for _, lines in _condition_nodes(template))
