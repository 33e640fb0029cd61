"""The interpreter's actions: an action template merged into the state, entry by entry,
each write copying the nodes along its path (the input state is never touched).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import immutables

from pure_engine.rules import model as m
from pure_engine.rules.interpreter.scope import Env, RuleScope, format_path, show
from pure_engine.rules.trace import TraceKind
from pure_engine.rules.tree import MISSING, TreeError, get_in, remove_in, set_in

__all__ = ["ApplyRules", "act", "build"]

ApplyRules = Callable[[m.RuleList, Any, tuple[Any, ...], Env], Any]
"""``apply_rules(rule_list, state, base_path, env) -> state``: the driver's entry point."""


def act(
    action: m.ActionTemplate,
    state: Any,
    base: tuple[Any, ...],
    env: Env,
    scope: RuleScope,
    apply_rules: ApplyRules,
) -> Any:
    """Run an action template at *base* with the bindings *env*; return the new state."""
    return _merge(action, state, base, env, scope, apply_rules, ("action",))


def _merge(
    template: m.ActionTemplate,
    state: Any,
    path: tuple[Any, ...],
    env: Env,
    scope: RuleScope,
    apply_rules: ApplyRules,
    where: tuple[Any, ...],
) -> Any:
    for entry in template.entries:
        match entry:
            case m.SetEntry(key=key, name=name, value=value):
                state = _write(value, state, (*path, name), env, scope, apply_rules, (*where, key))
            case m.VarEntry(key=key, name=name, value=value):
                state = _write(
                    value, state, (*path, env[name]), env, scope, apply_rules, (*where, key)
                )
            case m.ParentEntry(key=key, value=value):
                if not path:
                    raise scope.error("@parent climbs above the root of the state", (*where, key))
                state = _merge(value, state, path[:-1], env, scope, apply_rules, (*where, key))
            case m.PathEntry(key=key, text=text, steps=steps, value=value):
                target = tuple(
                    step.name if isinstance(step, m.PathKey) else env[step.name] for step in steps
                )
                state = _write(value, state, target, env, scope, apply_rules, (*where, key, text))
            case m.RulesEntry(key=key, rules=rules):
                if get_in(state, path) is MISSING:
                    raise scope.error(f"@rules: no node at {format_path(path)}", (*where, key))
                state = apply_rules(rules, state, path, env)
            case _:
                raise AssertionError(f"not an action entry: {entry!r}")
    return state


def build(value: Any, env: Env, scope: RuleScope, where: tuple[Any, ...]) -> Any:
    """The value of a literal action value (inside arrays): tuples and maps."""
    match value:
        case m.Const(value=constant):
            return constant
        case m.SetValue(expr=expr):
            return scope.eval(expr, env, MISSING, where)
        case m.ArrayValue(items=items):
            return tuple(build(item, env, scope, (*where, i)) for i, item in enumerate(items))
        case m.MapValue(items=items):
            return immutables.Map(
                {key: build(item, env, scope, (*where, key)) for key, item in items}
            )
    raise AssertionError(f"not a value: {value!r}")


def _write(
    value: Any,
    state: Any,
    path: tuple[Any, ...],
    env: Env,
    scope: RuleScope,
    apply_rules: ApplyRules,
    where: tuple[Any, ...],
) -> Any:
    tracer = scope.tracer
    try:
        match value:
            case m.ActionTemplate():
                if get_in(state, path) is MISSING:
                    state = set_in(state, path, immutables.Map())
                    if tracer is not None:
                        tracer.add(TraceKind.EDIT, f"create {format_path(path)}")
                return _merge(value, state, path, env, scope, apply_rules, where)
            case m.Remove():
                old = get_in(state, path)
                if old is MISSING:
                    return state
                if tracer is not None:
                    tracer.add(TraceKind.EDIT, f"remove {format_path(path)} (was {show(old)})")
                return remove_in(state, path)
            case m.SetValue(expr=expr):
                old = get_in(state, path)
                new = scope.eval(expr, env, old, where)
            case m.ArrayValue() | m.MapValue():  # a value built: charged by its size
                old = get_in(state, path)
                new = scope.built(build(value, env, scope, where), where)
            case _:
                old = get_in(state, path)
                new = build(value, env, scope, where)
        if tracer is not None:
            before = "(new)" if old is MISSING else show(old)
            tracer.add(TraceKind.EDIT, f"set {format_path(path)}: {before} -> {show(new)}")
        return set_in(state, path, new)
    except TreeError as exc:
        raise scope.error(f"cannot write {format_path(path)}: {exc}", where) from None
