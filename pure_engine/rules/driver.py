"""The driver: applies rule lists and collects instantiations, with either engine.

One driver serves both engines.  For each rule it asks for the instantiations
of the condition — from the compiled matcher, or from the interpreter when the
rule is traced, when the call is ``interpreted``, or to locate an error the
compiled code raised — and then runs the action for each of them in order.

Semantics fixed here (docs/rules.md):

* a rule finds all its instantiations on the state as it is when the rule
  starts (``first``: only the first), then runs its action once per
  instantiation, in order, each on the state the previous one left;
* ``repeat: n`` does that up to *n* times, stopping early at a pass without an
  instantiation (another pass would find the same nothing);
* a rule without an action only answers queries; ``query`` descends into
  actions that are rule lists, with the bindings of the instantiation;
* every rule attempt and every firing counts one step; more than
  ``max_steps`` is a :class:`~pure_engine.rules.errors.StepLimitError`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.compiler.rules import CompiledRule
from pure_engine.rules.errors import RuleError, RuleRuntimeError, StepLimitError
from pure_engine.rules.interpreter import Env, RuleScope, act, format_path, match_rule
from pure_engine.rules.trace import TraceKind, Tracer
from pure_engine.rules.tree import MISSING, child

__all__ = ["Call"]


def _ancestors(state: Any, base: tuple[Any, ...]) -> tuple[Any, tuple[Any, ...]]:
    """The node at *base* and the nodes above it (root first)."""
    chain = []
    node = state
    for key in base:
        chain.append(node)
        node = child(node, key)
        if node is MISSING:
            return MISSING, ()
    return node, tuple(chain)


def _show_env(env: Env, given: Env) -> str:
    shown = [f"${name} = {value!r}" for name, value in env.items() if name not in given]
    return ", ".join(shown) or "(no new bindings)"


class Call:
    """One ``apply`` or ``query`` call: the engine choice, the step budget, the trace."""

    __slots__ = (
        "compiled",
        "functions",
        "inner_logs",
        "max_steps",
        "sink",
        "steps",
        "types",
    )

    def __init__(
        self,
        *,
        functions: Mapping[str, Callable[..., Any]],
        types: Mapping[str, Callable[[Any], bool]],
        compiled: Mapping[str, CompiledRule] | None,
        inner_logs: frozenset[str],
        max_steps: int,
        tracing: bool,
    ) -> None:
        self.functions = functions
        self.types = types
        self.compiled = compiled
        self.inner_logs = inner_logs
        self.max_steps = max_steps
        self.steps = 0
        self.sink = Tracer() if tracing else None

    def count(self, rule: m.Rule) -> None:
        self.steps += 1
        if self.steps > self.max_steps:
            raise StepLimitError(
                f"more than {self.max_steps} steps (rule attempts and firings); "
                f"stopped in rule {rule.name!r}",
                source=rule.source,
                path=rule.path,
            )

    # --- matching ----------------------------------------------------------------------------

    def matches(
        self, rule: m.Rule, state: Any, base: tuple[Any, ...], env: Env, *, logging: bool
    ) -> list[Env]:
        node, ancestors = _ancestors(state, base)
        if node is MISSING:
            return []
        compiled = None if self.compiled is None else self.compiled.get(rule.path)
        traced = self.sink is not None and (logging or rule.path in self.inner_logs)
        if compiled is None or traced:
            scope = RuleScope(self.functions, self.types, state, rule, self.sink, logging=logging)
            found = match_rule(rule, node, ancestors, env, scope)
            if rule.first:
                first = next(found, None)
                found.close()
                return [] if first is None else [first]
            return list(found)
        try:
            rows = compiled.match(node, ancestors, state, env)
            if rule.first:
                first_row = next(rows, None)
                rows.close()
                values = [] if first_row is None else [first_row]
            else:
                values = list(rows)
        except RuleError:
            raise
        except Exception as exc:
            scope = RuleScope(self.functions, self.types, state, rule, None, logging=False)
            for _ in match_rule(rule, node, ancestors, env, scope):
                if rule.first:
                    break
            raise RuleRuntimeError(
                f"{type(exc).__name__}: {exc} (rule {rule.name!r})",
                source=rule.source,
                path=rule.path,
            ) from exc
        names = compiled.names
        if not names:
            return [env] * len(values)
        return [{**env, **dict(zip(names, row, strict=True))} for row in values]

    # --- apply -------------------------------------------------------------------------------

    def apply_list(
        self, rules: m.RuleList, state: Any, base: tuple[Any, ...], env: Env, *, logging: bool
    ) -> Any:
        for rule in rules.rules:
            state = self.apply_rule(rule, state, base, env, logging=logging)
        return state

    def apply_rule(
        self, rule: m.Rule, state: Any, base: tuple[Any, ...], env: Env, *, logging: bool
    ) -> Any:
        if rule.action is None:
            return state
        if rule.log is not None:
            logging = rule.log
        tracer = self.sink if logging else None
        for attempt in range(rule.repeat):
            self.count(rule)
            depth = 0
            if tracer is not None:
                where = f" at {format_path(base)}" if base else ""
                again = f", pass {attempt + 1} of {rule.repeat}" if rule.repeat > 1 else ""
                depth = tracer.open(
                    TraceKind.RULE,
                    f"rule {rule.name!r} ({rule.source or '-'} {rule.path}){where}{again}",
                )
            try:
                found = self.matches(rule, state, base, env, logging=logging)
                if tracer is not None:
                    for instance in found:
                        tracer.add(TraceKind.MATCH, f"instantiation: {_show_env(instance, env)}")
                    if not found:
                        tracer.add(TraceKind.NOTE, "no instantiation: the rule does not fire")
                for instance in found:
                    self.count(rule)
                    state = self._fire(rule, state, base, instance, env, tracer, logging)
            finally:
                if tracer is not None:
                    tracer.close(depth)
            if not found:
                break
        return state

    def _fire(
        self,
        rule: m.Rule,
        state: Any,
        base: tuple[Any, ...],
        instance: Env,
        given: Env,
        tracer: Tracer | None,
        logging: bool,
    ) -> Any:
        depth = tracer.open(TraceKind.FIRE, f"fire: {_show_env(instance, given)}") if tracer else 0
        try:
            action = rule.action
            if isinstance(action, m.RuleList):
                return self.apply_list(action, state, base, instance, logging=logging)
            return self._act(rule, action, state, base, instance, logging=logging)
        finally:
            if tracer is not None:
                tracer.close(depth)

    def _act(
        self,
        rule: m.Rule,
        action: m.ActionTemplate,
        state: Any,
        base: tuple[Any, ...],
        env: Env,
        *,
        logging: bool,
    ) -> Any:
        def apply_rules(
            rules: m.RuleList, at_state: Any, at: tuple[Any, ...], with_env: Env
        ) -> Any:
            return self.apply_list(rules, at_state, at, with_env, logging=logging)

        compiled = None if self.compiled is None else self.compiled.get(rule.path)
        if compiled is None or compiled.act is None or (self.sink is not None and logging):
            scope = RuleScope(self.functions, self.types, state, rule, self.sink, logging=logging)
            return act(action, state, base, env, scope, apply_rules)
        try:
            return compiled.act(state, base, env, apply_rules)
        except RuleError:
            raise
        except Exception as exc:
            scope = RuleScope(self.functions, self.types, state, rule, None, logging=False)
            act(action, state, base, env, scope, apply_rules)
            raise RuleRuntimeError(
                f"{type(exc).__name__}: {exc} (rule {rule.name!r})",
                source=rule.source,
                path=rule.path,
            ) from exc

    # --- query -------------------------------------------------------------------------------

    def query_list(
        self,
        rules: m.RuleList,
        state: Any,
        base: tuple[Any, ...],
        env: Env,
        out: list[tuple[m.Rule, Env]],
        *,
        logging: bool,
    ) -> None:
        for rule in rules.rules:
            rule_logging = logging if rule.log is None else rule.log
            tracer = self.sink if rule_logging else None
            self.count(rule)
            depth = (
                tracer.open(
                    TraceKind.RULE, f"rule {rule.name!r} ({rule.source or '-'} {rule.path})"
                )
                if tracer
                else 0
            )
            try:
                found = self.matches(rule, state, base, env, logging=rule_logging)
                for instance in found:
                    if tracer is not None:
                        tracer.add(TraceKind.MATCH, f"instantiation: {_show_env(instance, env)}")
                    if isinstance(rule.action, m.RuleList):
                        self.query_list(
                            rule.action, state, base, instance, out, logging=rule_logging
                        )
                    else:
                        out.append((rule, instance))
                if tracer is not None and not found:
                    tracer.add(TraceKind.NOTE, "no instantiation")
            finally:
                if tracer is not None:
                    tracer.close(depth)
