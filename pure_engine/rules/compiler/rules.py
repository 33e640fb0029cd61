"""The compiler: each rule becomes plain Python functions, generated once at load time.

A condition becomes a generator of nested loops and ``if``s — one loop per
``$X`` key, one test per line, variables as local variables — that yields the
values of the variables it binds; an action template becomes straight-line
code that writes the new state.  Expressions are compiled to Python
expressions over those locals, calls go straight to the library's functions.
The generated code has no trace calls: a traced rule runs in the interpreter.

The semantics are the interpreter's (:mod:`pure_engine.rules.interpreter`), and
the test suite checks the two agree on random rule sets and states.

>>> from pure_engine.rules.parsing.rules import parse_rules
>>> from pure_engine.rules.library import BUILTINS
>>> rules = parse_rules([{"condition": {"player": {"$X": {"gold": "<20"}}}}])
>>> print(rule_source(rules.rules[0], BUILTINS)[0])
def m_0(n0, anc, root, env, bud):
    n1 = n0[_p] if (_p := k0_0.get(type(n0))) else _lc(n0, 'player', None, k0_0)
    if n1 is not _M:
        c3 = n1 if type(n1) is tuple else _kids(n1)
        bud.left -= len(c3) * 9
        if bud.left < 0:
            raise _OutOfSteps
        for v_X, n2 in (enumerate(c3) if c3 is n1 else c3):
            n4 = n2[_p] if (_p := k0_1.get(type(n2))) else _lc(n2, 'gold', None, k0_1)
            if n4 is not _M:
                if n4 < 20:
                    yield (v_X,)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Generator
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.compiler.actions import action_names, merge
from pure_engine.rules.compiler.conditions import compile_template
from pure_engine.rules.compiler.emitter import Emitter
from pure_engine.rules.compiler.runtime import HELPERS
from pure_engine.rules.errors import RuleSyntaxError
from pure_engine.rules.expressions.parse import THIS, variables_in
from pure_engine.rules.library import Library
from pure_engine.rules.limits import DEFAULT_LIMITS, Limits
from pure_engine.rules.weights import condition_weight, lines_in

__all__ = [
    "CompiledRule",
    "compile_rules",
    "compile_source",
    "given_names",
    "nesting",
    "rule_source",
    "too_deep",
]

Env = dict[str, Any]


class CompiledRule:
    """The plain functions one rule compiles to (see :func:`compile_rules`)."""

    __slots__ = ("act", "match", "names")

    def __init__(
        self,
        match: Callable[..., Generator[tuple[Any, ...], None, None]],
        names: tuple[str, ...],
        act: Callable[..., Any] | None,
    ) -> None:
        self.match = match
        """``match(node, ancestors, root, env, budget)`` yields the values of *names* per
        instantiation."""
        self.names = names
        """The variables the condition binds, in binding order."""
        self.act = act
        """``act(state, base, env, apply_rules, budget) -> state`` for an action template,
        else None."""


def _mentions(template: Any) -> list[tuple[str, bool]]:
    """``(name, binds)`` for every variable mention of a condition, in order (for the names a
    matcher reads from its given bindings and the names it yields)."""
    found: list[tuple[str, bool]] = []

    def visit(node: Any, inside_not: bool) -> None:
        match node:
            case m.ObjectTemplate(lines=lines):
                for line in lines:
                    visit(line, inside_not)
            case m.ArrayTemplate(items=items):
                for item in items:
                    visit(item, inside_not)
            case m.KeyLine(sub=sub) | m.ParentLine(sub=sub):
                visit(sub, inside_not)
            case m.VarLine(name=name, binds=binds, sub=sub):
                found.append((name, binds and not inside_not))
                visit(sub, inside_not)
            case m.PathLine(steps=steps, sub=sub):
                for step in steps:
                    if isinstance(step, m.PathVar):
                        found.append((step.name, step.binds and not inside_not))
                visit(sub, inside_not)
            case m.NotLine(sub=sub):
                visit(sub, True)
            case m.LeafVar(name=name, binds=binds):
                found.append((name, binds and not inside_not))
            case (
                m.LeafAssign(name=name, binds=binds, expr=expr)
                | m.CalcLine(name=str() as name, binds=binds, expr=expr)
            ):
                found.extend((var, False) for var in variables_in(expr) if var != THIS)
                found.append((name, binds and not inside_not))
            case (
                m.CalcLine(expr=expr)
                | m.LeafCompare(expr=expr)
                | m.LeafTest(expr=expr)
                | m.LeafEqual(expr=expr)
            ):
                found.extend((var, False) for var in variables_in(expr) if var != THIS)
            case m.Literal():
                pass
            case _:
                raise AssertionError(f"not a template node: {node!r}")

    visit(template, False)
    return found


def given_names(rule: m.Rule) -> list[str]:
    """The variables a rule reads from the bindings it is given (bound outside it)."""
    mentioned = [name for name, _ in _mentions(rule.condition)] if rule.condition else []
    mentioned += action_names(rule.action)
    return [name for name in rule.given if name in mentioned]


def rule_source(
    rule: m.Rule, library: Library, tag: str = "0"
) -> tuple[str, dict[str, Any], dict[str, m.RuleList], tuple[str, ...]]:
    """The generated Python source of one rule, its namespace additions, the rule lists its
    ``@rules`` entries run, and the names its matcher yields."""
    em = Emitter(tag, library)
    em.weight = condition_weight(rule.condition)
    given = given_names(rule)
    names = {name: f"v_{name}" for name in given}
    out = [f"def m_{tag}(n0, anc, root, env, bud):"]
    for name in given:
        out.append(f"    v_{name} = env[{name!r}]")
    yielded: list[tuple[str, ...]] = []

    def emit_yield(out2: list[str], ind: str, names2: dict[str, str]) -> None:
        new = tuple(name for name in names2 if name not in names)
        yielded.append(new)
        values = ", ".join(names2[name] for name in new)
        out2.append(f"{ind}yield ({values}{',' if len(new) == 1 else ''})")

    if rule.condition is None:
        out.append("    yield ()")
        yielded.append(())
    else:
        compile_template(em, rule.condition, "n0", names, out, "    ", emit_yield)
    if len(set(yielded)) > 1:
        raise AssertionError(f"branches of {rule.path} bind different variables: {yielded}")
    new_names = yielded[0] if yielded else ()
    if len(out) == 1 + len(given):  # a condition that can never yield still needs a body
        out.append("    return")
        out.append("    yield ()")
    rule_lists: dict[str, m.RuleList] = {}
    if isinstance(rule.action, m.ActionTemplate):
        scope = {name: f"v_{name}" for name in (*given, *new_names)}
        act = [f"def a_{tag}(state, base, env, apply_rules, bud):"]
        act.extend(f"    v_{name} = env[{name!r}]" for name in scope)
        merge(em, rule.action, "base", scope, act, rule_lists)
        act.append("    return state")
        out.extend(act)
    for helper in em.helpers:
        out.extend(helper)
    return "\n".join(out), em.constants, rule_lists, new_names


def nesting(source: str) -> tuple[int, int]:
    """``(tests, loops)``: the deepest indentation of generated *source* (in levels below its
    functions) and the most ``for`` loops open at once, which Python caps (100 levels of
    indentation, 20 nested blocks).

    >>> lines = ["def f(x):", "    for a in x:", "        for b in a:", "            if b:"]
    >>> nesting("\\n".join([*lines, "                yield b"]))
    (4, 2)
    """
    deepest = most_loops = 0
    open_: list[tuple[int, bool]] = []
    for line in source.split("\n"):
        stripped = line.lstrip(" ")
        level = (len(line) - len(stripped)) // 4
        while open_ and open_[-1][0] >= level:
            open_.pop()
        deepest = max(deepest, level)
        if stripped.startswith(("for ", "if ", "def ")):
            open_.append((level, stripped.startswith("for ")))
            most_loops = max(most_loops, sum(loop for _, loop in open_))
    return deepest, most_loops


def too_deep(source: str, limits: Limits) -> str | None:
    """Why the compiler would refuse *source* (too many nested tests or loops), or None."""
    tests, loops = nesting(source)
    if loops > limits.max_loops:
        return f"{loops} nested $variable loops; at most {limits.max_loops} (Limits.max_loops)"
    if tests > limits.max_code_depth:
        return (
            f"{tests} nested tests and loops; at most {limits.max_code_depth} "
            "(Limits.max_code_depth)"
        )
    return None


def compile_source(source: str, filename: str) -> Any:
    """``compile`` of generated source; None when Python cannot take it (too deep, too big)."""
    try:
        return compile(source, filename, "exec")
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return None


def _refuse(rule: m.Rule, why: str) -> RuleSyntaxError:
    return RuleSyntaxError(
        f"too deep for the compiler: {why} (rule {rule.name!r})",
        source=rule.source,
        path=rule.path,
    )


def _compiled_rule(
    rule: m.Rule, library: Library, limits: Limits, tag: str
) -> tuple[str, dict[str, Any], dict[str, m.RuleList], tuple[str, ...], Any]:
    """:func:`rule_source` and its code, or a located refusal when Python could not take it."""
    lines = lines_in(rule.condition) if rule.condition is not None else 0
    if lines > limits.max_code_depth:
        raise _refuse(rule, f"{lines} lines in the condition; at most {limits.max_code_depth} "
                            "(Limits.max_code_depth)")  # fmt: skip
    try:
        source, constants, rule_lists, new_names = rule_source(rule, library, tag)
    except RecursionError:
        raise _refuse(rule, "nested too deep to generate its code") from None
    why = too_deep(source, limits)
    if why is not None:
        raise _refuse(rule, why)
    code = compile_source(source, f"<rules {rule.source or '-'} {rule.path}>")
    if code is None:
        raise _refuse(rule, "Python could not compile its code")
    return source, constants, rule_lists, new_names, code


def compile_rules(
    rules: m.RuleList, library: Library, limits: Limits = DEFAULT_LIMITS
) -> dict[str, CompiledRule]:
    """Compile every rule of *rules* (nested ones too) into plain functions, keyed by the
    rule's JSON path; a rule too deep for Python is a located :class:`RuleSyntaxError`."""
    compiled: dict[str, CompiledRule] = {}
    namespace: dict[str, Any] = dict(HELPERS)
    for name, function in library.functions.items():
        namespace[f"f_{name}"] = function
    counter = itertools.count()

    def visit(rule_list: m.RuleList) -> None:
        for rule in rule_list.rules:
            tag = str(next(counter))
            _, constants, rule_lists, new_names, code = _compiled_rule(rule, library, limits, tag)
            namespace.update(constants)
            namespace.update(rule_lists)
            exec(code, namespace)  # noqa: S102 - generated from the validated rule structures
            act = namespace.get(f"a_{tag}")
            compiled[rule.path] = CompiledRule(namespace[f"m_{tag}"], new_names, act)
            if isinstance(rule.action, m.RuleList):
                visit(rule.action)
            for nested in rule_lists.values():
                visit(nested)

    visit(rules)
    return compiled
