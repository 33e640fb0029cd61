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
* a rule attempt is a step, a firing costs the size of the action, and the
  loops of a condition charge their candidates (:mod:`pure_engine.rules.limits`);
  more than ``max_steps`` is a :class:`~pure_engine.rules.errors.StepLimitError`;
* a traced ``apply`` shows the rules without an action too (whether each holds),
  so that a trace shows every rule considered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.compiler.rules import CompiledRule
from pure_engine.rules.errors import (
    OutOfStepsError,
    RuleError,
    RuleRuntimeError,
    StepLimitError,
)
from pure_engine.rules.interpreter import Env, RuleScope, act, format_path, match_rule
from pure_engine.rules.limits import Budget
from pure_engine.rules.trace import TraceKind, Tracer
from pure_engine.rules.tree import MISSING, brief, child

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


def _rule_line(rule: m.Rule) -> str:
    return f"rule {rule.name!r} ({rule.source or '-'} {rule.path})"


def _show_env(env: Env, given: Env) -> str:
    shown = [f"${name} = {brief(value)}" for name, value in env.items() if name not in given]
    return ", ".join(shown) or "(no new bindings)"


@dataclass(slots=True, eq=False)
class Call:
    """One ``apply`` or ``query`` call: the engine choice, the work budget, the trace."""

    functions: Mapping[str, Callable[..., Any]]
    types: Mapping[str, Callable[[Any], bool]]
    compiled: Mapping[str, CompiledRule] | None
    """The rules' compiled code, or None: the interpreter runs them."""
    inner_logs: frozenset[str]
    weights: Mapping[str, tuple[int, int]]
    """``(condition, action)`` weights of every rule, by its JSON path."""
    max_steps: int
    budget: Budget
    """The steps the call has left (shared with every rule's scope and the compiled code)."""
    sink: Tracer | None
    """Where trace lines go (None: the call is not traced)."""

    def count(self, rule: m.Rule, cost: int = 1) -> None:
        """Spend *cost* steps in *rule* (an attempt: 1; a firing: the action's weight)."""
        budget = self.budget
        budget.left -= cost
        if budget.left < 0:
            raise StepLimitError.at(self.max_steps, rule.name, rule.source, rule.path)

    def scope(
        self, rule: m.Rule, state: Any, sink: Tracer | None, *, logging: bool, fresh: bool = False
    ) -> RuleScope:
        """The interpreter's scope for *rule*; *fresh*: with a budget of its own (to locate
        an error the compiled code raised, whatever that code spent)."""
        budget = Budget(self.max_steps, self.budget.max_value) if fresh else self.budget
        return RuleScope(
            functions=self.functions,
            types=self.types,
            root=state,
            rule=rule,
            sink=sink,
            tracer=sink if logging else None,
            budget=budget,
            max_steps=self.max_steps,
            weight=self.weights[rule.path][0],
        )

    def failed(
        self, rule: m.Rule, state: Any, exc: Exception, rerun: Callable[[RuleScope], object]
    ) -> RuleError:
        """The error to raise for *exc*, raised by *rule*'s compiled code: out of steps, or
        located by running the rule again in the interpreter (*rerun*), which raises the
        same failure with its JSON path."""
        if isinstance(exc, OutOfStepsError):
            return StepLimitError.at(self.max_steps, rule.name, rule.source, rule.path)
        rerun(self.scope(rule, state, None, logging=False, fresh=True))
        return RuleRuntimeError(
            f"{type(exc).__name__}: {exc} (rule {rule.name!r})",
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
            scope = self.scope(rule, state, self.sink, logging=logging)
            found = match_rule(rule, node, ancestors, env, scope)
            if rule.first:
                first = next(found, None)
                found.close()
                return [] if first is None else [first]
            return list(found)
        try:
            rows = compiled.match(node, ancestors, state, env, self.budget)
            if rule.first:
                first_row = next(rows, None)
                rows.close()
                values = [] if first_row is None else [first_row]
            else:
                values = list(rows)
        except RuleError:
            raise
        except Exception as exc:

            def rerun(scope: RuleScope) -> None:
                for _ in match_rule(rule, node, ancestors, env, scope):
                    if rule.first:
                        break

            raise self.failed(rule, state, exc, rerun) from exc
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
        if rule.log is not None:
            logging = rule.log
        tracer = self.sink if logging else None
        if rule.action is None:
            if tracer is not None:  # nothing to fire, but a trace shows whether it holds
                self._trace_query_rule(rule, state, base, env, tracer)
            return state
        for attempt in range(rule.repeat):
            self.count(rule)
            depth = 0
            if tracer is not None:
                where = f" at {format_path(base)}" if base else ""
                again = f", pass {attempt + 1} of {rule.repeat}" if rule.repeat > 1 else ""
                depth = tracer.open(TraceKind.RULE, f"{_rule_line(rule)}{where}{again}")
            try:
                found = self.matches(rule, state, base, env, logging=logging)
                if tracer is not None:
                    for instance in found:
                        tracer.add(TraceKind.MATCH, f"instantiation: {_show_env(instance, env)}")
                    if not found:
                        tracer.add(TraceKind.NOTE, "no instantiation: the rule does not fire")
                for instance in found:
                    self.count(rule, self.weights[rule.path][1])
                    state = self._fire(rule, state, base, instance, env, tracer, logging)
            finally:
                if tracer is not None:
                    tracer.close(depth)
            if not found:
                break
        return state

    def _trace_query_rule(
        self, rule: m.Rule, state: Any, base: tuple[Any, ...], env: Env, tracer: Tracer
    ) -> None:
        """Trace a rule without an action (a rule that answers queries): whether it holds,
        and for which instantiations.  A look only: the untraced run skips such a rule, so
        this costs no steps and a failure is reported in the trace, not raised."""
        depth = tracer.open(TraceKind.RULE, f"{_rule_line(rule)}: no action (a query rule)")
        left = self.budget.left
        try:
            found = self.matches(rule, state, base, env, logging=True)
        except RuleRuntimeError as exc:
            tracer.add(TraceKind.NOTE, f"cannot tell whether it holds: {exc.message}")
        else:
            for instance in found:
                tracer.add(TraceKind.MATCH, f"instantiation: {_show_env(instance, env)}")
            count = len(found)
            tracer.add(
                TraceKind.NOTE,
                f"holds: {count} instantiation{'s' if count != 1 else ''}, nothing to fire"
                if found
                else "no instantiation: the rule does not hold",
            )
        finally:
            self.budget.left = left
            tracer.close(depth)

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
            scope = self.scope(rule, state, self.sink, logging=logging)
            return act(action, state, base, env, scope, apply_rules)
        try:
            return compiled.act(state, base, env, apply_rules, self.budget)
        except RuleError:
            raise
        except Exception as exc:

            def rerun(scope: RuleScope) -> None:
                act(action, state, base, env, scope, apply_rules)

            raise self.failed(rule, state, exc, rerun) from exc

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
            depth = tracer.open(TraceKind.RULE, _rule_line(rule)) if tracer else 0
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
