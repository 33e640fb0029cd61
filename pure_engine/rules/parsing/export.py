"""Export: a loaded rule set written back as JSON (the inverse of parsing).

Expressions come out in their canonical spelling
(:func:`~pure_engine.rules.expressions.unparse.unparse`); loading the export gives an
equal structure (a property test).
"""

from __future__ import annotations

import re
from typing import Any

from pure_engine.rules.expressions.unparse import unparse
from pure_engine.rules.model import (
    ActionTemplate,
    ArrayTemplate,
    ArrayValue,
    CalcLine,
    Const,
    KeyLine,
    LeafAssign,
    LeafCompare,
    LeafEqual,
    LeafTest,
    LeafVar,
    Literal,
    MapValue,
    NotLine,
    ObjectTemplate,
    ParentEntry,
    ParentLine,
    PathEntry,
    PathLine,
    Remove,
    Rule,
    RuleList,
    RulesEntry,
    SetEntry,
    SetValue,
    VarEntry,
    VarLine,
)

__all__ = ["export_rule", "export_rules", "export_template", "export_value"]


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

    >>> from pure_engine.rules.parsing.rules import parse_rules
    >>> doc = {"grow": {"condition": {"gold": "<20"}, "action": {"gold": "$this+1"}}}
    >>> export_rules(parse_rules(doc))
    {'grow': {'condition': {'gold': '< 20'}, 'action': {'gold': '$this + 1'}}}
    """
    if rules.named:
        return {rule.name: export_rule(rule, with_name=False) for rule in rules.rules}
    return [export_rule(rule, with_name=rule.explicit_name) for rule in rules.rules]
