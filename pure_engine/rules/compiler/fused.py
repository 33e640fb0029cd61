"""The fast path of ``query_values``: a whole rule set fused into one generated function.

A legality query ("which cards may be played?") runs every rule of a set, and
the rule lists in their actions, and keeps the values one variable takes.
The per-rule matchers of :mod:`pure_engine.rules.compiler.rules` are generators
called through an ``env`` dict; here the same template code is emitted
*inline*, rule after rule, in one function:

* no generator per rule and no tuple per instantiation: the innermost line of
  a rule stores the variable's value straight into the answer;
* the rules of an action's rule list are nested inside the loops of their
  parent, the parent's variables staying plain locals (no ``env`` dict built
  per instantiation);
* each literal key of the root is read once per call, at the top, however
  many rules read it (states are immutable: a read is a pure function);
* the step budget is a local integer.

A rule marked ``"first": true`` stops after its first instantiation, which a
``break`` cannot express from inside nested loops: that rule runs through its
compiled matcher, as before.  The answers and their order are those of the
driver (:mod:`pure_engine.rules.driver`); the test suite checks the two agree on
random rule sets and states.

>>> from pure_engine.rules import load_rules
>>> rules = load_rules([{"condition": {"hand": {"$I": "$C"}, "led": "$S",
...                                    "_": "$C // 10 == $S"}}])
>>> print(fused_source(rules.rules, rules.compiled, "C", (), rules.library))
def q(state, env, out, bud):
    n0 = root = state
    anc = ()
    steps = bud.left
    _get = kq_0.get(type(n0))
    if _get is None:
        _get = _root_reader(n0, ('hand', 'led'), (None, None), kq_0)
    r0, r1 = _get(n0)
    steps -= 1
    if steps < 0:
        raise _OutOfSteps
    n1 = r0
    if n1 is not _M:
        steps -= (len(n1) if type(n1) is tuple else _width(n1)) * 14
        for v_I, n2 in (enumerate(n1) if type(n1) is tuple else _kids(n1)):
            v_C = n2
            n3 = r1
            if n3 is not _M:
                v_S = n3
                if ((v_C // 10) == v_S):
                    out[v_C] = None
    if steps < 0:
        raise _OutOfSteps
    return None
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import itemgetter
from typing import Any

from pure_engine.core.struct import Struct
from pure_engine.rules import model as m
from pure_engine.rules.compiler.conditions import compile_template
from pure_engine.rules.compiler.emitter import Emitter
from pure_engine.rules.compiler.rules import (
    CompiledRule,
    compile_source,
    given_names,
    too_deep,
)
from pure_engine.rules.compiler.runtime import HELPERS, lit
from pure_engine.rules.library import Library
from pure_engine.rules.limits import DEFAULT_LIMITS, Budget, Limits
from pure_engine.rules.weights import condition_weight

__all__ = ["ValuesQuery", "compile_values_query", "fused_source"]

ValuesQuery = Callable[[Any, Mapping[str, Any], dict[Any, None], Budget], None]
"""``query(state, env, out, budget)``: collects the values of one variable into *out*
(a dict used as an ordered set); raises :class:`~pure_engine.rules.errors.OutOfStepsError`
when the budget runs out."""

_ROOT = "n0"


def _root_reader(
    node: Any, names: tuple[str, ...], numbers: tuple[int | None, ...], cache: dict[type, Any]
) -> Callable[[Any], tuple[Any, ...]]:
    """A function reading the children *names* of *node* (MISSING when absent) in one go.
    For a struct holding them all it is an ``itemgetter`` of their positions, remembered in
    *cache* for the struct's class: the next call reads every field in one C call."""
    if isinstance(node, Struct) and all(name in node._fields for name in names):
        getter: Callable[[Any], tuple[Any, ...]] = itemgetter(
            *(node._fields.index(name) + 1 for name in names)  # element 0 is the class
        )
        cache[type(node)] = getter
        return getter
    pairs = tuple(zip(names, numbers, strict=True))
    return lambda found: tuple(lit(found, name, number) for name, number in pairs)


class _FusedEmitter(Emitter):
    """An emitter that reads the literal keys of the root once, at the top of the function."""

    def __init__(self, library: Library) -> None:
        super().__init__("q", library)
        self.hoisted: dict[str, tuple[str, int | None]] = {}

    def key_read(self, node: str, name: str, number: int | None) -> str:
        if node != _ROOT or self.helper_depth:  # a helper function cannot see our locals
            return super().key_read(node, name, number)
        if name not in self.hoisted:
            self.hoisted[name] = (f"r{len(self.hoisted)}", number)
        return self.hoisted[name][0]

    def hoisted_reads(self) -> list[str]:
        """The lines reading the hoisted keys of the root (two or more: one getter call)."""
        if len(self.hoisted) < 2:
            return [
                f"    {local} = {super(_FusedEmitter, self).key_read(_ROOT, name, number)}"
                for name, (local, number) in self.hoisted.items()
            ]
        cache = f"kq_{len(self.constants)}"
        self.constants[cache] = {}
        names = tuple(self.hoisted)
        numbers = tuple(number for _, number in self.hoisted.values())
        locals_ = ", ".join(local for local, _ in self.hoisted.values())
        return [
            f"    _get = {cache}.get(type({_ROOT}))",
            "    if _get is None:",
            f"        _get = _root_reader({_ROOT}, {names!r}, {numbers!r}, {cache})",
            f"    {locals_} = _get({_ROOT})",
        ]


def fused_source(
    rules: m.RuleList,
    compiled: Mapping[str, CompiledRule],
    name: str,
    given: tuple[str, ...],
    library: Library,
    namespace: dict[str, Any] | None = None,
) -> str:
    """The source of the fused query collecting ``$name`` (constants go into *namespace*).
    A rule that cannot bind ``$name`` raises ``KeyError(name)``."""
    em = _FusedEmitter(library)
    em.local_steps = True
    body: list[str] = []
    counter = iter(range(1 << 30))
    space = namespace if namespace is not None else {}

    def emit(rule_list: m.RuleList, names: dict[str, str], out: list[str], ind: str) -> None:
        for rule in rule_list.rules:
            out.append(f"{ind}steps -= 1")
            out.append(f"{ind}if steps < 0:")
            out.append(f"{ind}    raise _OutOfSteps")

            def found(
                out2: list[str], ind2: str, names2: dict[str, str], rule: m.Rule = rule
            ) -> None:
                if isinstance(rule.action, m.RuleList):
                    out2.append(f"{ind2}steps -= 1")
                    weight = em.weight
                    emit(rule.action, names2, out2, ind2)
                    em.weight = weight
                elif name in names2:
                    out2.append(f"{ind2}out[{names2[name]}] = None")
                else:
                    raise KeyError(name)

            if rule.condition is None:
                found(out, ind, names)
            elif rule.first:
                code = compiled[rule.path]
                match = f"c_{next(counter)}"
                space[match] = code.match
                pairs = ", ".join(f"{var!r}: {names[var]}" for var in given_names(rule))
                out.append(f"{ind}bud.left = steps")  # the matcher counts in the budget
                out.append(f"{ind}for row in {match}(n0, (), root, {{{pairs}}}, bud):")
                inner = ind + "    "
                out.append(f"{inner}steps = bud.left")
                bound = dict(names)
                for index, var in enumerate(code.names):
                    out.append(f"{inner}v_{var} = row[{index}]")
                    bound[var] = f"v_{var}"
                found(out, inner, bound)
                out.append(f"{inner}bud.left = steps")
                out.append(f"{inner}break")
                out.append(f"{ind}steps = bud.left")
            else:
                em.weight = condition_weight(rule.condition)
                compile_template(em, rule.condition, _ROOT, names, out, ind, found)

    names = {var: f"v_{var}" for var in given}
    emit(rules, names, body, "    ")
    head = ["def q(state, env, out, bud):", f"    {_ROOT} = root = state", "    anc = ()"]
    head.append("    steps = bud.left")
    head += [f"    v_{var} = env[{var!r}]" for var in given]
    tail = ["    if steps < 0:", "        raise _OutOfSteps", "    return None"]
    source = [*head, *em.hoisted_reads(), *body, *tail]
    for helper in em.helpers:
        source.extend(helper)
    space.update(em.constants)
    return "\n".join(source)


def compile_values_query(
    rules: m.RuleList,
    compiled: Mapping[str, CompiledRule],
    name: str,
    given: tuple[str, ...],
    library: Library,
    limits: Limits = DEFAULT_LIMITS,
) -> ValuesQuery | None:
    """The fused query collecting ``$name`` over *rules* (see the module docstring), or None
    when there is none: a rule cannot bind ``$name`` (the driver then says which), or the
    rules nested in one another are too deep for one Python function (the driver runs them
    rule by rule)."""
    namespace: dict[str, Any] = dict(HELPERS)
    namespace["_root_reader"] = _root_reader
    for function_name, function in library.functions.items():
        namespace[f"f_{function_name}"] = function
    try:
        source = fused_source(rules, compiled, name, given, library, namespace)
    except (KeyError, RecursionError):
        return None
    code = None if too_deep(source, limits) else compile_source(source, "<rules values query>")
    if code is None:
        return None
    exec(code, namespace)  # noqa: S102 - generated from the validated rule structures
    query: ValuesQuery = namespace["q"]
    return query
