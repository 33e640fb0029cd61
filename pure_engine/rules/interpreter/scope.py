"""What the interpreter's matching and actions share: the :class:`RuleScope` of one rule (its
functions, types, state root, tracer and location) and how values and paths are shown in
traces and errors.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.errors import RuleRuntimeError, StepLimitError
from pure_engine.rules.expressions.evaluate import evaluate
from pure_engine.rules.expressions.parse import THIS, variables_in
from pure_engine.rules.limits import Budget, ValueLimitError
from pure_engine.rules.parsing.reading import json_path
from pure_engine.rules.trace import TraceKind, Tracer
from pure_engine.rules.tree import MISSING, brief

__all__ = ["Env", "RuleScope", "format_path", "same", "show", "show_values", "show_where"]

Env = dict[str, Any]
"""The bindings of one instantiation: variable name -> value."""


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


def show(value: Any) -> str:
    """*value* as a trace shows it: its repr, cut at 80 characters."""
    return brief(value)


@dataclass(slots=True, eq=False)
class RuleScope:
    """What one rule's matching or action needs: the functions and types, the state root
    for ``@path``, the tracer (or None) and where the rule is (for errors)."""

    functions: Mapping[str, Callable[..., Any]]
    types: Mapping[str, Callable[[Any], bool]]
    root: Any
    rule: m.Rule
    sink: Tracer | None
    """Where trace lines go when logging is on (None: the run is not traced)."""
    tracer: Tracer | None
    """The sink while logging is on here, else None."""
    budget: Budget
    """The steps the call has left (shared with the driver and the compiled code)."""
    max_steps: int
    weight: int
    """Steps one candidate of a ``$variable`` loop costs (the condition's size)."""

    def charge(self, candidates: int) -> None:
        """Charge a loop's *candidates* at once; past the budget, a located
        :class:`~pure_engine.rules.errors.StepLimitError`."""
        budget = self.budget
        budget.left -= candidates * self.weight
        if budget.left < 0:
            rule = self.rule
            raise StepLimitError.at(self.max_steps, rule.name, rule.source, rule.path)

    def built(self, value: Any, where: tuple[Any, ...]) -> Any:
        """*value*, a value an action built, charged by its size (refused when too large)."""
        try:
            return self.budget.built(value)
        except ValueLimitError as exc:
            raise self.error(str(exc), where) from None

    def error(self, message: str, where: tuple[Any, ...]) -> RuleRuntimeError:
        path = self.rule.path + json_path(where)[1:]
        return RuleRuntimeError(
            f"{message} (rule {self.rule.name!r})", source=self.rule.source, path=path
        )

    def eval(self, expr: Any, env: Env, this: Any, where: tuple[Any, ...]) -> Any:
        if this is MISSING and THIS in variables_in(expr):
            raise self.error("$this has no value: there is no node here", where)
        try:
            return evaluate(expr, env, this, self.functions, self.budget)
        except RuleRuntimeError:
            raise
        except ValueLimitError as exc:
            raise self.error(str(exc), where) from None
        except Exception as exc:  # noqa: BLE001 - any failure of a user expression is located
            raise self.error(f"{type(exc).__name__}: {exc}", where) from None

    def typed(self, name: str, type_: str | None, value: Any) -> bool:
        return type_ is None or bool(self.types[type_](value))

    def fail(self, where: tuple[Any, ...], text: str) -> None:
        if self.tracer is not None:
            self.tracer.add(TraceKind.FAIL, f"{show_where(where)}: {text}")


def show_where(where: tuple[Any, ...]) -> str:
    """A JSON path inside a rule as a trace line starts: ``condition.player.$X``."""
    return json_path(where)[1:].lstrip(".") or "(root)"


def show_values(expr: Any, env: Env, this: Any) -> str:
    """The values of the variables *expr* reads, for a trace line: `` ($X = 3, $this = 5)``."""
    shown = []
    for name in variables_in(expr):
        value = this if name == THIS else env.get(name, MISSING)
        shown.append(f"${name} = {show(value)}")
    return f" ({', '.join(shown)})" if shown else ""
