"""The interpreter: matches templates and runs actions by walking the loaded rules.

It is the reference the compiled code is tested against, the engine behind
``@log`` (it writes the trace), the locator of runtime errors (it knows the
JSON path of every line) and the ``interpreted`` side of the benchmark.

Matching is depth-first: the lines of a template object are tried in order,
a ``$X`` key tries the children in key order, and when a later line fails the
search backs up to the next candidate of the latest choice.  Bindings are
plain dicts copied on every bind.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping
from typing import Any

import immutables

from pure_engine.rules import model as m
from pure_engine.rules.errors import RuleRuntimeError
from pure_engine.rules.evaluate import compare, evaluate
from pure_engine.rules.expr import THIS, variables_in
from pure_engine.rules.reading import json_path
from pure_engine.rules.trace import TraceKind, Tracer
from pure_engine.rules.tree import (
    MISSING,
    TreeError,
    child,
    children,
    get_in,
    is_sequence,
    remove_in,
    set_in,
)

__all__ = ["Frame", "act", "format_path", "match_rule", "same"]

Env = dict[str, Any]


def same(a: Any, b: Any) -> bool:
    """Literal equality of a template: Python's ``==``, except that booleans only equal
    booleans and ``null`` only ``None``.

    >>> same(1, 1.0), same(True, 1), same(None, 0), same(False, False)
    (True, False, False, True)
    """
    if a is None or b is None:
        return a is b
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    return bool(a == b)


def format_path(path: tuple[Any, ...]) -> str:
    """A state path for traces and errors: ``$.player.a.gold``, ``$.hands[2]``."""
    parts = tuple(
        p if isinstance(p, str | int) and not isinstance(p, bool) else repr(p) for p in path
    )
    return json_path(parts)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


class Frame:
    """What one rule's matching or action needs: the functions and types, the state root
    for ``@path``, the tracer (or None) and where the rule is (for errors)."""

    __slots__ = ("functions", "root", "rule", "sink", "tracer", "types")

    def __init__(
        self,
        functions: Mapping[str, Callable[..., Any]],
        types: Mapping[str, Callable[[Any], bool]],
        root: Any,
        rule: m.Rule,
        sink: Tracer | None,
        *,
        logging: bool,
    ) -> None:
        self.functions = functions
        self.types = types
        self.root = root
        self.rule = rule
        self.sink = sink
        """Where trace lines go when logging is on (None: the run is not traced)."""
        self.tracer = sink if logging else None
        """The sink while logging is on here, else None."""

    def error(self, message: str, where: tuple[Any, ...]) -> RuleRuntimeError:
        path = self.rule.path + json_path(where)[1:]
        return RuleRuntimeError(
            f"{message} (rule {self.rule.name!r})", source=self.rule.source, path=path
        )

    def eval(self, expr: Any, env: Env, this: Any, where: tuple[Any, ...]) -> Any:
        if this is MISSING and THIS in variables_in(expr):
            raise self.error("$this has no value: there is no node here", where)
        try:
            return evaluate(expr, env, this, self.functions)
        except RuleRuntimeError:
            raise
        except Exception as exc:  # noqa: BLE001 - any failure of a user expression is located
            raise self.error(f"{type(exc).__name__}: {exc}", where) from None

    def typed(self, name: str, type_: str | None, value: Any) -> bool:
        return type_ is None or bool(self.types[type_](value))

    def fail(self, where: tuple[Any, ...], text: str) -> None:
        if self.tracer is not None:
            self.tracer.add(TraceKind.FAIL, f"{_where(where)}: {text}")


def _where(where: tuple[Any, ...]) -> str:
    return json_path(where)[1:].lstrip(".") or "(root)"


def _values(expr: Any, env: Env, this: Any) -> str:
    shown = []
    for name in variables_in(expr):
        value = this if name == THIS else env.get(name, MISSING)
        shown.append(f"${name} = {_show(value)}")
    return f" ({', '.join(shown)})" if shown else ""


# --- matching ------------------------------------------------------------------------------


def match_rule(
    rule: m.Rule, node: Any, ancestors: tuple[Any, ...], env: Env, frame: Frame
) -> Generator[Env, None, None]:
    """Every instantiation of the rule's condition at *node* (*env*: bindings given)."""
    if rule.condition is None:
        yield env
        return
    yield from _template(rule.condition, node, ancestors, env, frame, ("condition",))


def _template(
    template: Any,
    node: Any,
    ancestors: tuple[Any, ...],
    env: Env,
    frame: Frame,
    where: tuple[Any, ...],
) -> Iterator[Env]:
    if isinstance(template, m.ObjectTemplate):
        if template.log is None:
            yield from _lines(template.lines, 0, node, ancestors, env, frame, where)
            return
        outer, inner = frame.tracer, (frame.sink if template.log else None)
        frame.tracer = inner
        try:
            for bound in _lines(template.lines, 0, node, ancestors, env, frame, where):
                frame.tracer = outer  # the lines after this object log as before it
                yield bound
                frame.tracer = inner
        finally:
            frame.tracer = outer
    elif isinstance(template, m.ArrayTemplate):
        if not is_sequence(node) or len(node) != len(template.items):
            frame.fail(where, f"expected a sequence of {len(template.items)}, found {_show(node)}")
            return
        lines = tuple(m.KeyLine(str(i), str(i), i, item) for i, item in enumerate(template.items))
        yield from _lines(lines, 0, node, ancestors, env, frame, where)
    else:
        found = _leaf(template, node, env, frame, where)
        if found is not None:
            yield found


def _leaf(template: Any, value: Any, env: Env, frame: Frame, where: tuple[Any, ...]) -> Env | None:
    match template:
        case m.Literal(value=expected):
            if same(value, expected):
                return env
            frame.fail(where, f"expected {_show(expected)}, found {_show(value)}")
            return None
        case m.LeafVar(name=name, type=type_, binds=binds):
            return _bind(name, type_, binds, value, "found", env, frame, where)
        case m.LeafAssign(name=name, type=type_, expr=expr, binds=binds):
            result = frame.eval(expr, env, value, where)
            return _bind(name, type_, binds, result, "computed", env, frame, where)
        case m.LeafCompare(op=op, expr=expr):
            right = frame.eval(expr, env, value, where)
            try:
                holds = compare(op, value, right)
            except Exception as exc:  # noqa: BLE001 - a comparison of unlike values is located
                raise frame.error(f"{type(exc).__name__}: {exc}", where) from None
            if holds:
                return env
            frame.fail(
                where, f"{_show(value)} {op} {_show(right)} is false{_values(expr, env, value)}"
            )
            return None
        case m.LeafTest(expr=expr):
            if frame.eval(expr, env, value, where):
                return env
            frame.fail(where, f"false{_values(expr, env, value)}")
            return None
        case m.LeafEqual(expr=expr):
            expected = frame.eval(expr, env, value, where)
            if value == expected:
                return env
            frame.fail(where, f"expected {_show(expected)}, found {_show(value)}")
            return None
    raise AssertionError(f"not a template: {template!r}")


def _bind(
    name: str,
    type_: str | None,
    binds: bool,
    value: Any,
    verb: str,
    env: Env,
    frame: Frame,
    where: tuple[Any, ...],
) -> Env | None:
    """``$name`` at *value* (found at a leaf, or *verb* "computed" by an expression): *env*
    with it bound, or *env* when its binding equals *value*; None (the failure traced) when
    *value* is not of the type or differs from the binding."""
    if not frame.typed(name, type_, value):
        frame.fail(where, f"${name}: {_show(value)} is not a {type_}")
        return None
    if binds:
        return {**env, name: value}
    if value == env[name]:
        return env
    frame.fail(where, f"${name} = {_show(env[name])}, {verb} {_show(value)}")
    return None


def _lines(
    lines: tuple[Any, ...],
    index: int,
    node: Any,
    ancestors: tuple[Any, ...],
    env: Env,
    frame: Frame,
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
                frame.fail((*where, key), "no such child")
                return
            for bound in _template(sub, below, (*ancestors, node), env, frame, (*where, key)):
                yield from _lines(lines, rest, node, ancestors, bound, frame, where)
        case m.VarLine(key=key, name=name, type=type_, binds=True, sub=sub):
            tracer = frame.tracer
            for child_key, below in children(node):
                if not frame.typed(name, type_, child_key):
                    continue
                depth = tracer.open(TraceKind.TRY, f"${name} = {_show(child_key)}") if tracer else 0
                try:
                    bound_env = {**env, name: child_key}
                    for bound in _template(
                        sub, below, (*ancestors, node), bound_env, frame, (*where, key)
                    ):
                        yield from _lines(lines, rest, node, ancestors, bound, frame, where)
                finally:
                    if tracer is not None:
                        tracer.close(depth)
        case m.VarLine(key=key, name=name, type=type_, sub=sub):
            value = env[name]
            below = child(node, value)
            if below is MISSING or not frame.typed(name, type_, value):
                frame.fail((*where, key), f"no child ${name} = {_show(value)}")
                return
            for bound in _template(sub, below, (*ancestors, node), env, frame, (*where, key)):
                yield from _lines(lines, rest, node, ancestors, bound, frame, where)
        case m.CalcLine(key=key, name=None, expr=expr):
            if frame.eval(expr, env, node, (*where, key)):
                yield from _lines(lines, rest, node, ancestors, env, frame, where)
            else:
                frame.fail((*where, key), f"false{_values(expr, env, node)}")
        case m.CalcLine(key=key, name=str() as name, type=type_, binds=binds, expr=expr):
            value = frame.eval(expr, env, node, (*where, key))
            found = _bind(name, type_, binds, value, "computed", env, frame, (*where, key))
            if found is not None:
                yield from _lines(lines, rest, node, ancestors, found, frame, where)
        case m.ParentLine(key=key, sub=sub):
            if not ancestors:
                raise frame.error("@parent climbs above the root of the state", (*where, key))
            for bound in _template(sub, ancestors[-1], ancestors[:-1], env, frame, (*where, key)):
                yield from _lines(lines, rest, node, ancestors, bound, frame, where)
        case m.PathLine(key=key, text=text, steps=steps, sub=sub):
            here = (*where, key, text)
            for target, chain, bound_env in _walk_path(steps, frame.root, (), env, frame, here):
                for bound in _template(sub, target, chain, bound_env, frame, here):
                    yield from _lines(lines, rest, node, ancestors, bound, frame, where)
        case m.NotLine(key=key, sub=sub):
            tracer = frame.tracer
            depth = (
                tracer.open(TraceKind.NOT, f"{_where((*where, key))}: must not match")
                if tracer
                else 0
            )
            try:
                found = next(_template(sub, node, ancestors, env, frame, (*where, key)), None)
            finally:
                if tracer is not None:
                    tracer.close(depth)
            if found is None:
                yield from _lines(lines, rest, node, ancestors, env, frame, where)
            else:
                shown = ", ".join(f"${k} = {_show(v)}" for k, v in found.items() if k not in env)
                frame.fail((*where, key), f"@not failed: it matched {shown or 'as it is'}")
        case _:
            raise AssertionError(f"not a template line: {line!r}")


def _walk_path(
    steps: tuple[Any, ...],
    node: Any,
    chain: tuple[Any, ...],
    env: Env,
    frame: Frame,
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
                frame.fail(where, f"no child {name!r} on the path")
                return
            yield from _walk_path(rest, below, (*chain, node), env, frame, where)
        case m.PathVar(name=name, type=type_, binds=True):
            for key, below in children(node):
                if frame.typed(name, type_, key):
                    yield from _walk_path(
                        rest, below, (*chain, node), {**env, name: key}, frame, where
                    )
        case m.PathVar(name=name, type=type_):
            below = child(node, env[name])
            if below is MISSING or not frame.typed(name, type_, env[name]):
                frame.fail(where, f"no child ${name} = {_show(env[name])} on the path")
                return
            yield from _walk_path(rest, below, (*chain, node), env, frame, where)


# --- actions -------------------------------------------------------------------------------

ApplyRules = Callable[[m.RuleList, Any, tuple[Any, ...], Env], Any]
"""``apply_rules(rule_list, state, base_path, env) -> state``: the driver's entry point."""


def act(
    action: m.ActionTemplate,
    state: Any,
    base: tuple[Any, ...],
    env: Env,
    frame: Frame,
    apply_rules: ApplyRules,
) -> Any:
    """Run an action template at *base* with the bindings *env*; return the new state."""
    return _merge(action, state, base, env, frame, apply_rules, ("action",))


def _merge(
    template: m.ActionTemplate,
    state: Any,
    path: tuple[Any, ...],
    env: Env,
    frame: Frame,
    apply_rules: ApplyRules,
    where: tuple[Any, ...],
) -> Any:
    for entry in template.entries:
        match entry:
            case m.SetEntry(key=key, name=name, value=value):
                state = _write(value, state, (*path, name), env, frame, apply_rules, (*where, key))
            case m.VarEntry(key=key, name=name, value=value):
                state = _write(
                    value, state, (*path, env[name]), env, frame, apply_rules, (*where, key)
                )
            case m.ParentEntry(key=key, value=value):
                if not path:
                    raise frame.error("@parent climbs above the root of the state", (*where, key))
                state = _merge(value, state, path[:-1], env, frame, apply_rules, (*where, key))
            case m.PathEntry(key=key, text=text, steps=steps, value=value):
                target = tuple(
                    step.name if isinstance(step, m.PathKey) else env[step.name] for step in steps
                )
                state = _write(value, state, target, env, frame, apply_rules, (*where, key, text))
            case m.RulesEntry(key=key, rules=rules):
                if get_in(state, path) is MISSING:
                    raise frame.error(f"@rules: no node at {format_path(path)}", (*where, key))
                state = apply_rules(rules, state, path, env)
            case _:
                raise AssertionError(f"not an action entry: {entry!r}")
    return state


def build(value: Any, env: Env, frame: Frame, where: tuple[Any, ...]) -> Any:
    """The value of a literal action value (inside arrays): tuples and maps."""
    match value:
        case m.Const(value=constant):
            return constant
        case m.SetValue(expr=expr):
            return frame.eval(expr, env, MISSING, where)
        case m.ArrayValue(items=items):
            return tuple(build(item, env, frame, (*where, i)) for i, item in enumerate(items))
        case m.MapValue(items=items):
            return immutables.Map(
                {key: build(item, env, frame, (*where, key)) for key, item in items}
            )
    raise AssertionError(f"not a value: {value!r}")


def _write(
    value: Any,
    state: Any,
    path: tuple[Any, ...],
    env: Env,
    frame: Frame,
    apply_rules: ApplyRules,
    where: tuple[Any, ...],
) -> Any:
    tracer = frame.tracer
    try:
        match value:
            case m.ActionTemplate():
                if get_in(state, path) is MISSING:
                    state = set_in(state, path, immutables.Map())
                    if tracer is not None:
                        tracer.add(TraceKind.EDIT, f"create {format_path(path)}")
                return _merge(value, state, path, env, frame, apply_rules, where)
            case m.Remove():
                old = get_in(state, path)
                if old is MISSING:
                    return state
                if tracer is not None:
                    tracer.add(TraceKind.EDIT, f"remove {format_path(path)} (was {_show(old)})")
                return remove_in(state, path)
            case m.SetValue(expr=expr):
                old = get_in(state, path)
                new = frame.eval(expr, env, old, where)
            case _:
                old = get_in(state, path)
                new = build(value, env, frame, where)
        if tracer is not None:
            before = "(new)" if old is MISSING else _show(old)
            tracer.add(TraceKind.EDIT, f"set {format_path(path)}: {before} -> {_show(new)}")
        return set_in(state, path, new)
    except TreeError as exc:
        raise frame.error(f"cannot write {format_path(path)}: {exc}", where) from None
