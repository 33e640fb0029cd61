"""The compiled code of action templates: straight-line writes into a new state."""

from __future__ import annotations

from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.compiler.emitter import Emitter
from pure_engine.rules.expressions.parse import THIS, variables_in

__all__ = ["action_names", "merge"]


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
        case m.ArrayValue() | m.MapValue():  # a value built: charged by its size
            out.append(f"    state = _set(state, {path}, bud.built({_value(em, value, names)}))")
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
