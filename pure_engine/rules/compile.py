"""The compiler: each rule becomes plain Python functions, generated once at load time.

A condition becomes a generator of nested loops and ``if``s — one loop per
``$X`` key, one test per line, variables as local variables — that yields the
values of the variables it binds; an action template becomes straight-line
code that writes the new state.  Expressions are compiled to Python
expressions over those locals, calls go straight to the library's functions.
The generated code has no trace calls: a traced rule runs in the interpreter.

The semantics are the interpreter's (:mod:`pure_engine.rules.interpret`), and
the test suite checks the two agree on random rule sets and states.

>>> from pure_engine.rules.syntax import parse_rules
>>> from pure_engine.rules.library import BUILTINS
>>> rules = parse_rules([{"condition": {"player": {"$X": {"gold": "<20"}}}}])
>>> print(rule_source(rules.rules[0], BUILTINS)[0])
def m_0(n0, anc, root, env):
    n1 = n0[_p] if (_p := k0_0.get(type(n0))) else _lc(n0, 'player', None, k0_0)
    if n1 is not _M:
        for v_X, n2 in (enumerate(n1) if type(n1) is tuple else _kids(n1)):
            n3 = n2[_p] if (_p := k0_1.get(type(n2))) else _lc(n2, 'gold', None, k0_1)
            if n3 is not _M:
                if n3 < 20:
                    yield (v_X,)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.codegen import HELPERS, Emitter, action_names, merge
from pure_engine.rules.expr import THIS, variables_in
from pure_engine.rules.library import Library
from pure_engine.rules.run import CompiledRule

__all__ = ["compile_rules", "compile_template", "given_names", "rule_source"]

# --- conditions ------------------------------------------------------------------------------

# A chain says how to reach the ancestors of a node: (levels above the rule's base that the
# runtime ``anc`` tuple must supply, or None under an @path (nothing above the root), the
# local names of the ancestors inside the template, root first).
Chain = tuple[int | None, tuple[str, ...]]
Cont = Callable[[list[str], str, dict[str, str]], None]


def _template(
    em: Emitter,
    template: Any,
    node: str,
    chain: Chain,
    names: dict[str, str],
    out: list[str],
    ind: str,
    cont: Cont,
) -> None:
    if isinstance(template, m.ObjectTemplate):
        _lines(em, template.lines, 0, node, chain, names, out, ind, cont)
    elif isinstance(template, m.ArrayTemplate):
        out.append(f"{ind}if _seq({node}, {len(template.items)}):")
        lines = tuple(m.KeyLine(str(i), str(i), i, item) for i, item in enumerate(template.items))
        _lines(em, lines, 0, node, chain, names, out, ind + "    ", cont)
    else:
        _leaf(em, template, node, names, out, ind, cont)


def _type_test(em: Emitter, type_: str | None, value: str) -> str | None:
    """The test of a typed variable: a call of the type's predicate, or ``value in S`` when
    the predicate is the ``__contains__`` of a frozenset (the same test, without a call)."""
    if type_ is None:
        return None
    predicate = em.library.types[type_]
    members = getattr(predicate, "__self__", None)
    if type(members) is frozenset and getattr(predicate, "__name__", "") == "__contains__":
        name = f"s_{type_}"
        em.constants[name] = members
        return f"{value} in {name}"
    name = f"t_{type_}"
    em.constants[name] = predicate
    return f"{name}({value})"


def _children(node: str) -> str:
    """The ``(key, child)`` pairs of *node*: a tuple's inline, without a helper call."""
    return f"(enumerate({node}) if type({node}) is tuple else _kids({node}))"


def _assign(
    em: Emitter,
    name: str,
    type_: str | None,
    binds: bool,
    value: str,
    names: dict[str, str],
    out: list[str],
    ind: str,
    cont: Cont,
) -> None:
    """``$name = value`` (the leaf ``"=expr"`` and the line ``"$N = expr"``): bind ``v_name``
    and test its type, or, when ``$name`` is bound already, test it equals *value*."""
    inner = ind + "    "
    if binds:
        out.append(f"{ind}v_{name} = {value}")
        test = _type_test(em, type_, f"v_{name}")
        if test:
            out.append(f"{ind}if {test}:")
            ind = inner
        cont(out, ind, {**names, name: f"v_{name}"})
    else:
        test = _type_test(em, type_, names[name])
        out.append(f"{ind}if {value} == {names[name]}" + (f" and {test}:" if test else ":"))
        cont(out, inner, names)


def _var_child(
    em: Emitter,
    name: str,
    type_: str | None,
    binds: bool,
    node: str,
    below: str,
    names: dict[str, str],
    out: list[str],
    ind: str,
) -> tuple[str, dict[str, str]]:
    """Descend from *node* into *below* by the key ``$name`` (a template line or a path
    step): a loop over every child binding ``v_name``, or, when ``$name`` is bound, the
    one child it names.  Returns the indentation and the names of the code below."""
    inner = ind + "    "
    if binds:
        out.append(f"{ind}for v_{name}, {below} in {_children(node)}:")
        test = _type_test(em, type_, f"v_{name}")
        if test:
            out.append(f"{inner}if {test}:")
            inner += "    "
        return inner, {**names, name: f"v_{name}"}
    out.append(f"{ind}{below} = _kid({node}, {names[name]})")
    test = _type_test(em, type_, names[name])
    out.append(f"{ind}if {below} is not _M" + (f" and {test}:" if test else ":"))
    return inner, names


def _leaf(
    em: Emitter,
    template: Any,
    node: str,
    names: dict[str, str],
    out: list[str],
    ind: str,
    cont: Cont,
) -> None:
    inner = ind + "    "
    match template:
        case m.Literal(value=value):
            if value is None or isinstance(value, bool):
                out.append(f"{ind}if {node} is {value!r}:")
            elif isinstance(value, str):
                out.append(f"{ind}if {node} == {em.constant(value)}:")
            else:
                literal = em.constant(value)  # a number: == but never a bool
                out.append(f"{ind}if {node} == {literal} and type({node}) is not bool:")
            cont(out, inner, names)
        case m.LeafVar(name=name, type=type_, binds=binds):
            test = _type_test(em, type_, node)
            if binds:
                if test:
                    out.append(f"{ind}if {test}:")
                    ind = inner
                out.append(f"{ind}v_{name} = {node}")
                cont(out, ind, {**names, name: f"v_{name}"})
            else:
                cond = f"{node} == {names[name]}" + (f" and {test}" if test else "")
                out.append(f"{ind}if {cond}:")
                cont(out, inner, names)
        case m.LeafAssign(name=name, type=type_, expr=expr, binds=binds):
            _assign(em, name, type_, binds, em.expr(expr, names, node), names, out, ind, cont)
        case m.LeafCompare(op=op, expr=expr):
            out.append(f"{ind}if {node} {op} {em.expr(expr, names, node)}:")
            cont(out, inner, names)
        case m.LeafTest(expr=expr):
            out.append(f"{ind}if {em.expr(expr, names, node)}:")
            cont(out, inner, names)
        case m.LeafEqual(expr=expr):
            out.append(f"{ind}if {node} == {em.expr(expr, names, node)}:")
            cont(out, inner, names)
        case _:
            raise AssertionError(f"not a template: {template!r}")


def _below(chain: Chain, node: str) -> Chain:
    return (chain[0], (*chain[1], node))


def _lines(
    em: Emitter,
    lines: tuple[Any, ...],
    index: int,
    node: str,
    chain: Chain,
    names: dict[str, str],
    out: list[str],
    ind: str,
    cont: Cont,
) -> None:
    if index == len(lines):
        cont(out, ind, names)
        return
    line = lines[index]
    inner = ind + "    "

    def rest(out2: list[str], ind2: str, names2: dict[str, str]) -> None:
        _lines(em, lines, index + 1, node, chain, names2, out2, ind2, cont)

    match line:
        case m.KeyLine(name=name, number=key_index, sub=sub):
            below = em.fresh("n")
            out.append(f"{ind}{below} = {em.key_read(node, name, key_index)}")
            out.append(f"{ind}if {below} is not _M:")
            _template(em, sub, below, _below(chain, node), names, out, inner, rest)
        case m.VarLine(name=name, type=type_, binds=binds, sub=sub):
            below = em.fresh("n")
            body, bound = _var_child(em, name, type_, binds, node, below, names, out, ind)
            _template(em, sub, below, _below(chain, node), bound, out, body, rest)
        case m.CalcLine(name=None, expr=expr):
            out.append(f"{ind}if {em.expr(expr, names, node)}:")
            rest(out, inner, names)
        case m.CalcLine(name=str() as name, type=type_, binds=binds, expr=expr):
            _assign(em, name, type_, binds, em.expr(expr, names, node), names, out, ind, rest)
        case m.ParentLine(sub=sub):
            above, local = chain
            parent = em.fresh("n")
            if local:
                out.append(f"{ind}{parent} = {local[-1]}")
                up: Chain = (above, local[:-1])
            elif above is None:
                out.append(f"{ind}{parent} = _above_root()")
                up = (None, ())
            else:
                out.append(f"{ind}{parent} = _up(anc, {above + 1})")
                up = (above + 1, ())
            _template(em, sub, parent, up, names, out, ind, rest)
        case m.PathLine(steps=steps, sub=sub):
            _path(em, steps, "root", (None, ()), names, out, ind, sub, rest)
        case m.NotLine(sub=sub):
            helper = _not_helper(em, sub, node, chain, names)
            args = ", ".join([node, *chain[1], *names.values()])
            out.append(f"{ind}if not {helper}({args}, anc, root):")
            rest(out, inner, names)
        case _:
            raise AssertionError(f"not a template line: {line!r}")


def _path(
    em: Emitter,
    steps: tuple[Any, ...],
    node: str,
    chain: Chain,
    names: dict[str, str],
    out: list[str],
    ind: str,
    sub: Any,
    cont: Cont,
) -> None:
    if not steps:
        _template(em, sub, node, chain, names, out, ind, cont)
        return
    step, more = steps[0], steps[1:]
    below = em.fresh("n")
    inner = ind + "    "
    match step:
        case m.PathKey(name=name, number=key_index):
            out.append(f"{ind}{below} = {em.key_read(node, name, key_index)}")
            out.append(f"{ind}if {below} is not _M:")
            _path(em, more, below, _below(chain, node), names, out, inner, sub, cont)
        case m.PathVar(name=name, type=type_, binds=binds):
            body, bound = _var_child(em, name, type_, binds, node, below, names, out, ind)
            _path(em, more, below, _below(chain, node), bound, out, body, sub, cont)


def _not_helper(em: Emitter, sub: Any, node: str, chain: Chain, names: dict[str, str]) -> str:
    """A module-level function: True when *sub* has an instantiation (the locals as arguments)."""
    helper = em.fresh(f"not_{em.tag}_")
    params = ", ".join([node, *chain[1], *names.values()])
    body = [f"def {helper}({params}, anc, root):"]

    def found(out: list[str], ind: str, names2: dict[str, str]) -> None:
        out.append(f"{ind}return True")

    em.helper_depth += 1
    _template(em, sub, node, chain, names, body, "    ", found)
    em.helper_depth -= 1
    body.append("    return False")
    em.helpers.append(body)
    return helper


def compile_template(
    em: Emitter,
    template: Any,
    node: str,
    names: dict[str, str],
    out: list[str],
    ind: str,
    cont: Cont,
) -> None:
    """Append to *out* the code matching *template* (a rule's condition) at *node*, the rule's
    base: nested loops and tests over locals (*names* maps the variables bound already), with
    ``cont(out, indent, names)`` emitting the code run once per instantiation."""
    _template(em, template, node, (0, ()), names, out, ind, cont)


# --- rules -----------------------------------------------------------------------------------


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
    given = given_names(rule)
    names = {name: f"v_{name}" for name in given}
    out = [f"def m_{tag}(n0, anc, root, env):"]
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
        _template(em, rule.condition, "n0", (0, ()), names, out, "    ", emit_yield)
    if len(set(yielded)) > 1:
        raise AssertionError(f"branches of {rule.path} bind different variables: {yielded}")
    new_names = yielded[0] if yielded else ()
    if len(out) == 1 + len(given):  # a condition that can never yield still needs a body
        out.append("    return")
        out.append("    yield ()")
    rule_lists: dict[str, m.RuleList] = {}
    if isinstance(rule.action, m.ActionTemplate):
        scope = {name: f"v_{name}" for name in (*given, *new_names)}
        act = [f"def a_{tag}(state, base, env, apply_rules):"]
        act.extend(f"    v_{name} = env[{name!r}]" for name in scope)
        merge(em, rule.action, "base", scope, act, rule_lists)
        act.append("    return state")
        out.extend(act)
    for helper in em.helpers:
        out.extend(helper)
    return "\n".join(out), em.constants, rule_lists, new_names


def compile_rules(rules: m.RuleList, library: Library) -> dict[str, CompiledRule]:
    """Compile every rule of *rules* (nested ones too) into plain functions, keyed by the
    rule's JSON path."""
    compiled: dict[str, CompiledRule] = {}
    namespace: dict[str, Any] = dict(HELPERS)
    for name, function in library.functions.items():
        namespace[f"f_{name}"] = function
    counter = itertools.count()

    def visit(rule_list: m.RuleList) -> None:
        for rule in rule_list.rules:
            tag = str(next(counter))
            source, constants, rule_lists, new_names = rule_source(rule, library, tag)
            namespace.update(constants)
            namespace.update(rule_lists)
            code = compile(source, f"<rules {rule.source or '-'} {rule.path}>", "exec")
            exec(code, namespace)  # noqa: S102 - generated from the validated rule structures
            act = namespace.get(f"a_{tag}")
            compiled[rule.path] = CompiledRule(namespace[f"m_{tag}"], new_names, act)
            if isinstance(rule.action, m.RuleList):
                visit(rule.action)
            for nested in rule_lists.values():
                visit(nested)

    visit(rules)
    return compiled
