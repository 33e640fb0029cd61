"""The loaded form of a rule set: immutable structs, and their export back to JSON.

:mod:`pure_engine.rules.syntax` builds these from JSON (validating as it goes);
:func:`export_rules` writes them back.  Every node keeps the JSON key it was
written under, so an export reproduces the document (expressions in their
canonical spelling) and importing the export gives an equal structure.

Whether a variable mention binds or tests is decided at load time (the first
mention in matching order binds) and recorded in ``binds``.
"""

from __future__ import annotations

import re
from typing import Any

from pure_engine.core.struct import Struct
from pure_engine.rules.evaluate import unparse

__all__ = [
    "ActionTemplate",
    "ArrayTemplate",
    "ArrayValue",
    "CalcLine",
    "Const",
    "KeyLine",
    "LeafAssign",
    "LeafCompare",
    "LeafEqual",
    "LeafTest",
    "LeafVar",
    "Literal",
    "MapValue",
    "NotLine",
    "ParentEntry",
    "ParentLine",
    "PathEntry",
    "PathKey",
    "PathLine",
    "PathVar",
    "Remove",
    "Rule",
    "RuleList",
    "RulesEntry",
    "SetEntry",
    "SetValue",
    "VarEntry",
    "VarLine",
    "export_rules",
]


# --- condition templates ---------------------------------------------------------------------


class Literal(Struct):
    """A leaf that must equal *value* (``true``/``false`` never match ``1``/``0``)."""

    value: Any


class LeafCompare(Struct):
    """``"<20"``, ``">= $X * 10"``: ``$this op expr``."""

    op: str
    expr: Any


class LeafVar(Struct):
    """``"$NAME"`` or ``"$NAME:type"``: binds the node's value, or tests equality if bound."""

    name: str
    type: str | None
    binds: bool


class LeafAssign(Struct):
    """``"$X = 3 + $this"``: binds ``$X`` to the value, or tests equality if bound."""

    name: str
    type: str | None
    expr: Any
    binds: bool


class LeafTest(Struct):
    """``"$this > 3 and $this < 9"``: a boolean expression that must hold."""

    expr: Any


class LeafEqual(Struct):
    """``"$A + 1"``: the node's value must equal the expression's."""

    expr: Any


class ArrayTemplate(Struct):
    """A JSON array in a condition: a sequence of exactly this length, element by element."""

    items: tuple[Any, ...]


class ObjectTemplate(Struct):
    """A JSON object in a condition: its lines, tried in order, with backtracking."""

    lines: tuple[Any, ...]
    log: bool | None = None


class KeyLine(Struct):
    """``"gold": ...`` (or ``"gold@cnt"``, re-entering ``gold``): the child must exist."""

    key: str
    name: str
    number: int | None
    sub: Any


class VarLine(Struct):
    """``"$X": ...``: every child (binding ``$X`` to its key), or the child at ``$X`` if bound."""

    key: str
    name: str
    type: str | None
    binds: bool
    sub: Any


class CalcLine(Struct):
    """``"_": "$SUM = $A + $B"`` or ``"_@check": "$SUM < 20"``: arithmetic on no node."""

    key: str
    name: str | None
    type: str | None
    binds: bool
    expr: Any


class ParentLine(Struct):
    """``"@parent": ...``: the template is matched against the parent node."""

    key: str
    sub: Any


class PathKey(Struct):
    """A literal step of an ``@path``."""

    name: str
    number: int | None


class PathVar(Struct):
    """A ``$VAR`` step of an ``@path``: every child if unbound, the child at its value if bound."""

    name: str
    type: str | None
    binds: bool


class PathLine(Struct):
    """``"@path": {"/players/$P/hand": ...}``: a template matched at a path from the root."""

    key: str
    text: str
    steps: tuple[Any, ...]
    sub: Any


class NotLine(Struct):
    """``"@not": {...}``: holds when the template has no instantiation; binds nothing."""

    key: str
    sub: Any


# --- actions -------------------------------------------------------------------------------


class Const(Struct):
    """A literal value an action writes."""

    value: Any


class SetValue(Struct):
    """An expression whose value an action writes (``$this`` is the value being replaced)."""

    expr: Any


class Remove(Struct):
    """``"@remove"``: delete the node."""


class ArrayValue(Struct):
    """A JSON array in an action: a tuple of the values."""

    items: tuple[Any, ...]


class MapValue(Struct):
    """A JSON object inside an array value: a new map."""

    items: tuple[tuple[str, Any], ...]


class ActionTemplate(Struct):
    """A JSON object in an action: merged into the node, entry by entry, in order."""

    entries: tuple[Any, ...]


class SetEntry(Struct):
    """``"gold": value``: set (or merge into, or remove) the child; created when missing."""

    key: str
    name: str
    number: int | None
    value: Any


class VarEntry(Struct):
    """``"$X": value``: the child whose key is the value of ``$X``."""

    key: str
    name: str
    value: Any


class ParentEntry(Struct):
    """``"@parent": {...}``: merge into the parent node."""

    key: str
    value: Any


class PathEntry(Struct):
    """``"@path": {"/a/$X": value}``: write at a path from the root (variables bound)."""

    key: str
    text: str
    steps: tuple[Any, ...]
    value: Any


class RulesEntry(Struct):
    """``"@rules": [...]``: child rules applied with this node as their root."""

    key: str
    rules: Any


# --- rules ---------------------------------------------------------------------------------


class Rule(Struct):
    """One rule: a condition template, an action (template or rule list) and its options."""

    name: str
    source: str
    path: str
    condition: Any
    action: Any
    repeat: int = 1
    first: bool = False
    log: bool | None = None
    comment: str | None = None
    explicit_name: bool = False
    given: tuple[str, ...] = ()
    """The variables bound outside the rule (by the rules whose action holds it)."""


class RuleList(Struct):
    """Rules applied in order; ``named`` when written as an object ``{"name": rule, ...}``."""

    rules: tuple[Rule, ...]
    named: bool = False


# --- export ----------------------------------------------------------------------------------


_CALL = re.compile(r"\s*[A-Za-z_][A-Za-z0-9_]*\s*\(")


def _typed(name: str, type_: str | None) -> str:
    return f"${name}" if type_ is None else f"${name}:{type_}"


def _escape(text: str) -> str:
    """A literal string that would be read as something else gets a ``\\`` in front."""
    stripped = text.lstrip()
    if stripped[:1] in ("$", "<", ">", "=", "!", "@", "\\") or _CALL.match(text):
        return "\\" + text
    return text


def export_template(template: Any) -> Any:
    """The JSON of a condition template."""
    match template:
        case Literal(value=str() as text):
            return _escape(text)
        case Literal(value=value):
            return value
        case LeafCompare(op=op, expr=expr):
            return f"{op} {unparse(expr)}"
        case LeafVar(name=name, type=type_):
            return _typed(name, type_)
        case LeafAssign(name=name, type=type_, expr=expr):
            return f"{_typed(name, type_)} = {unparse(expr)}"
        case LeafTest(expr=expr) | LeafEqual(expr=expr):
            return unparse(expr)
        case ArrayTemplate(items=items):
            return [export_template(item) for item in items]
        case ObjectTemplate(lines=lines, log=log):
            out: dict[str, Any] = {} if log is None else {"@log": log}
            for line in lines:
                _export_line(line, out)
            return out
    raise AssertionError(f"not a template: {template!r}")


def _export_line(line: Any, out: dict[str, Any]) -> None:
    match line:
        case KeyLine(key=key, sub=sub) | VarLine(key=key, sub=sub) | ParentLine(key=key, sub=sub):
            out[key] = export_template(sub)
        case NotLine(key=key, sub=sub):
            out[key] = export_template(sub)
        case CalcLine(key=key, name=None, expr=expr):
            out[key] = unparse(expr)
        case CalcLine(key=key, name=str() as name, type=type_, expr=expr):
            out[key] = f"{_typed(name, type_)} = {unparse(expr)}"
        case PathLine(key=key, text=text, sub=sub):
            out.setdefault(key, {})[text] = export_template(sub)
        case _:
            raise AssertionError(f"not a template line: {line!r}")


def export_value(value: Any) -> Any:
    """The JSON of an action value."""
    match value:
        case Const(value=str() as text):
            return _escape(text)
        case Const(value=constant):
            return constant
        case SetValue(expr=expr):
            text = unparse(expr)
            return text if text.startswith("$") else f"= {text}"
        case Remove():
            return "@remove"
        case ArrayValue(items=items):
            return [export_value(item) for item in items]
        case MapValue(items=items):
            return {key: export_value(item) for key, item in items}
        case ActionTemplate(entries=entries):
            out: dict[str, Any] = {}
            for entry in entries:
                match entry:
                    case SetEntry(key=key, value=item) | VarEntry(key=key, value=item):
                        out[key] = export_value(item)
                    case ParentEntry(key=key, value=item):
                        out[key] = export_value(item)
                    case PathEntry(key=key, text=text, value=item):
                        out.setdefault(key, {})[text] = export_value(item)
                    case RulesEntry(key=key, rules=rules):
                        out[key] = export_rules(rules)
                    case _:
                        raise AssertionError(f"not an action entry: {entry!r}")
            return out
    raise AssertionError(f"not an action value: {value!r}")


def export_rule(rule: Rule, *, with_name: bool) -> dict[str, Any]:
    """The JSON object of one rule."""
    out: dict[str, Any] = {}
    if with_name:
        out["name"] = rule.name
    if rule.comment is not None:
        out["comment"] = rule.comment
    if rule.log is not None:
        out["@log"] = rule.log
    if rule.condition is not None:
        out["condition"] = export_template(rule.condition)
    if isinstance(rule.action, RuleList):
        out["action"] = [export_rule(r, with_name=r.explicit_name) for r in rule.action.rules]
    elif rule.action is not None:
        out["action"] = export_value(rule.action)
    if rule.repeat != 1:
        out["repeat"] = rule.repeat
    if rule.first:
        out["first"] = True
    return out


def export_rules(rules: RuleList) -> Any:
    """The JSON of a rule list: an object of named rules, or an array.

    >>> from pure_engine.rules.syntax import parse_rules
    >>> doc = {"grow": {"condition": {"gold": "<20"}, "action": {"gold": "$this+1"}}}
    >>> export_rules(parse_rules(doc))
    {'grow': {'condition': {'gold': '< 20'}, 'action': {'gold': '$this + 1'}}}
    """
    if rules.named:
        return {rule.name: export_rule(rule, with_name=False) for rule in rules.rules}
    return [export_rule(rule, with_name=rule.explicit_name) for rule in rules.rules]
