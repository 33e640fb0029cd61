"""The interpreter's matching: every instantiation of a condition template, by walking it.

Matching is depth-first: the lines of a template object are tried in order,
a ``$X`` key tries the children in key order, and when a later line fails the
search backs up to the next candidate of the latest choice.  Bindings are
plain dicts copied on every bind.  When the scope has a tracer, every
candidate tried and every line that fails is written to the trace.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.expressions.evaluate import compare
from pure_engine.rules.interpreter.scope import (
    Env,
    RuleScope,
    same,
    show,
    show_values,
    show_where,
)
from pure_engine.rules.trace import TraceKind
from pure_engine.rules.tree import MISSING, child, children, is_sequence

__all__ = ["match_rule"]


def match_rule(
    rule: m.Rule, node: Any, ancestors: tuple[Any, ...], env: Env, scope: RuleScope
) -> Generator[Env, None, None]:
    """Every instantiation of the rule's condition at *node* (*env*: bindings given)."""
    if rule.condition is None:
        yield env
        return
    yield from _template(rule.condition, node, ancestors, env, scope, ("condition",))


def _template(
    template: Any,
    node: Any,
    ancestors: tuple[Any, ...],
    env: Env,
    scope: RuleScope,
    where: tuple[Any, ...],
) -> Iterator[Env]:
    if isinstance(template, m.ObjectTemplate):
        if template.log is None:
            yield from _lines(template.lines, 0, node, ancestors, env, scope, where)
            return
        outer, inner = scope.tracer, (scope.sink if template.log else None)
        scope.tracer = inner
        try:
            for bound in _lines(template.lines, 0, node, ancestors, env, scope, where):
                scope.tracer = outer  # the lines after this object log as before it
                yield bound
                scope.tracer = inner
        finally:
            scope.tracer = outer
    elif isinstance(template, m.ArrayTemplate):
        if not is_sequence(node) or len(node) != len(template.items):
            scope.fail(where, f"expected a sequence of {len(template.items)}, found {show(node)}")
            return
        lines = tuple(m.KeyLine(str(i), str(i), i, item) for i, item in enumerate(template.items))
        yield from _lines(lines, 0, node, ancestors, env, scope, where)
    else:
        found = _leaf(template, node, env, scope, where)
        if found is not None:
            yield found


def _leaf(
    template: Any, value: Any, env: Env, scope: RuleScope, where: tuple[Any, ...]
) -> Env | None:
    match template:
        case m.Literal(value=expected):
            if same(value, expected):
                return env
            scope.fail(where, f"expected {show(expected)}, found {show(value)}")
            return None
        case m.LeafVar(name=name, type=type_, binds=binds):
            return _bind(name, type_, binds, value, "found", env, scope, where)
        case m.LeafAssign(name=name, type=type_, expr=expr, binds=binds):
            result = scope.eval(expr, env, value, where)
            return _bind(name, type_, binds, result, "computed", env, scope, where)
        case m.LeafCompare(op=op, expr=expr):
            right = scope.eval(expr, env, value, where)
            try:
                holds = compare(op, value, right)
            except Exception as exc:  # noqa: BLE001 - a comparison of unlike values is located
                raise scope.error(f"{type(exc).__name__}: {exc}", where) from None
            if holds:
                return env
            scope.fail(
                where, f"{show(value)} {op} {show(right)} is false{show_values(expr, env, value)}"
            )
            return None
        case m.LeafTest(expr=expr):
            if scope.eval(expr, env, value, where):
                return env
            scope.fail(where, f"false{show_values(expr, env, value)}")
            return None
        case m.LeafEqual(expr=expr):
            expected = scope.eval(expr, env, value, where)
            if value == expected:
                return env
            scope.fail(where, f"expected {show(expected)}, found {show(value)}")
            return None
    raise AssertionError(f"not a template: {template!r}")


def _bind(
    name: str,
    type_: str | None,
    binds: bool,
    value: Any,
    verb: str,
    env: Env,
    scope: RuleScope,
    where: tuple[Any, ...],
) -> Env | None:
    """``$name`` at *value* (found at a leaf, or *verb* "computed" by an expression): *env*
    with it bound, or *env* when its binding equals *value*; None (the failure traced) when
    *value* is not of the type or differs from the binding."""
    if not scope.typed(name, type_, value):
        scope.fail(where, f"${name}: {show(value)} is not a {type_}")
        return None
    if binds:
        return {**env, name: value}
    if value == env[name]:
        return env
    scope.fail(where, f"${name} = {show(env[name])}, {verb} {show(value)}")
    return None


def _lines(
    lines: tuple[Any, ...],
    index: int,
    node: Any,
    ancestors: tuple[Any, ...],
    env: Env,
    scope: RuleScope,
    where: tuple[Any, ...],
) -> Iterator[Env]:
    if index == len(lines):
        yield env
        return
    line = lines[index]
    rest = index + 1
    match line:
        case m.KeyLine(key=key, name=name, sub=sub):
            below = child(node, name)
            if below is MISSING:
                scope.fail((*where, key), "no such child")
                return
            for bound in _template(sub, below, (*ancestors, node), env, scope, (*where, key)):
                yield from _lines(lines, rest, node, ancestors, bound, scope, where)
        case m.VarLine(key=key, name=name, type=type_, binds=True, sub=sub):
            tracer = scope.tracer
            pairs = children(node)
            scope.charge(len(pairs))
            for child_key, below in pairs:
                if not scope.typed(name, type_, child_key):
                    continue
                depth = tracer.open(TraceKind.TRY, f"${name} = {show(child_key)}") if tracer else 0
                try:
                    bound_env = {**env, name: child_key}
                    for bound in _template(
                        sub, below, (*ancestors, node), bound_env, scope, (*where, key)
                    ):
                        yield from _lines(lines, rest, node, ancestors, bound, scope, where)
                finally:
                    if tracer is not None:
                        tracer.close(depth)
        case m.VarLine(key=key, name=name, type=type_, sub=sub):
            value = env[name]
            below = child(node, value)
            if below is MISSING or not scope.typed(name, type_, value):
                scope.fail((*where, key), f"no child ${name} = {show(value)}")
                return
            for bound in _template(sub, below, (*ancestors, node), env, scope, (*where, key)):
                yield from _lines(lines, rest, node, ancestors, bound, scope, where)
        case m.CalcLine(key=key, name=None, expr=expr):
            if scope.eval(expr, env, node, (*where, key)):
                yield from _lines(lines, rest, node, ancestors, env, scope, where)
            else:
                scope.fail((*where, key), f"false{show_values(expr, env, node)}")
        case m.CalcLine(key=key, name=str() as name, type=type_, binds=binds, expr=expr):
            value = scope.eval(expr, env, node, (*where, key))
            found = _bind(name, type_, binds, value, "computed", env, scope, (*where, key))
            if found is not None:
                yield from _lines(lines, rest, node, ancestors, found, scope, where)
        case m.ParentLine(key=key, sub=sub):
            if not ancestors:
                raise scope.error("@parent climbs above the root of the state", (*where, key))
            for bound in _template(sub, ancestors[-1], ancestors[:-1], env, scope, (*where, key)):
                yield from _lines(lines, rest, node, ancestors, bound, scope, where)
        case m.PathLine(key=key, text=text, steps=steps, sub=sub):
            here = (*where, key, text)
            for target, chain, bound_env in _walk_path(steps, scope.root, (), env, scope, here):
                for bound in _template(sub, target, chain, bound_env, scope, here):
                    yield from _lines(lines, rest, node, ancestors, bound, scope, where)
        case m.NotLine(key=key, sub=sub):
            if _holds_not(sub, node, ancestors, env, scope, (*where, key)):
                yield from _lines(lines, rest, node, ancestors, env, scope, where)
        case _:
            raise AssertionError(f"not a template line: {line!r}")


def _holds_not(
    sub: Any,
    node: Any,
    ancestors: tuple[Any, ...],
    env: Env,
    scope: RuleScope,
    where: tuple[Any, ...],
) -> bool:
    """True when the ``@not`` template *sub* has no instantiation at *node* (traced)."""
    tracer = scope.tracer
    depth = tracer.open(TraceKind.NOT, f"{show_where(where)}: must not match") if tracer else 0
    try:
        found = next(_template(sub, node, ancestors, env, scope, where), None)
    finally:
        if tracer is not None:
            tracer.close(depth)
    if found is None:
        return True
    shown = ", ".join(f"${k} = {show(v)}" for k, v in found.items() if k not in env)
    scope.fail(where, f"@not failed: it matched {shown or 'as it is'}")
    return False


def _walk_path(
    steps: tuple[Any, ...],
    node: Any,
    chain: tuple[Any, ...],
    env: Env,
    scope: RuleScope,
    where: tuple[Any, ...],
) -> Iterator[tuple[Any, tuple[Any, ...], Env]]:
    if not steps:
        yield node, chain, env
        return
    step, rest = steps[0], steps[1:]
    match step:
        case m.PathKey(name=name):
            below = child(node, name)
            if below is MISSING:
                scope.fail(where, f"no child {name!r} on the path")
                return
            yield from _walk_path(rest, below, (*chain, node), env, scope, where)
        case m.PathVar(name=name, type=type_, binds=True):
            pairs = children(node)
            scope.charge(len(pairs))
            for key, below in pairs:
                if scope.typed(name, type_, key):
                    yield from _walk_path(
                        rest, below, (*chain, node), {**env, name: key}, scope, where
                    )
        case m.PathVar(name=name, type=type_):
            below = child(node, env[name])
            if below is MISSING or not scope.typed(name, type_, env[name]):
                scope.fail(where, f"no child ${name} = {show(env[name])} on the path")
                return
            yield from _walk_path(rest, below, (*chain, node), env, scope, where)
