"""The compiled code of condition templates: nested ``for`` loops and ``if``s over locals.

One loop per ``$X`` key, one test per line, variables as local variables
(``v_X``); the code run once per instantiation is emitted by a continuation
``cont(out, indent, names)`` at the innermost level, so the same template code
serves a rule's generator (:mod:`pure_engine.rules.compiler.rules`) and the
fused query (:mod:`pure_engine.rules.compiler.fused`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.compiler.emitter import Emitter

__all__ = ["Cont", "compile_template"]

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


def _children(node: str, pairs: str | None) -> str:
    """The ``(key, child)`` pairs of *node*: a tuple's inline, without a helper call; given
    *pairs* (*node* itself when it is a tuple, else what ``_kids`` listed), those."""
    if pairs is None:
        return f"(enumerate({node}) if type({node}) is tuple else _kids({node}))"
    return f"(enumerate({pairs}) if {pairs} is {node} else {pairs})"


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
        em.loops += 1
        if em.steps == "steps" and em.loops == 1:
            # The fused query's outermost loops: charged by their width, checked at the next rule
            # (and at the end): at least what the driver charges, so that running out here
            # falls back to the driver, which decides (the gain: 3 % of a Belote legality
            # query in instructions, measured with cachegrind).
            width = f"(len({node}) if type({node}) is tuple else _width({node}))"
            out.append(f"{ind}steps -= {width} * {em.weight}")
            out.append(f"{ind}for v_{name}, {below} in {_children(node, None)}:")
        else:
            pairs = em.fresh("c")
            out.append(f"{ind}{pairs} = {node} if type({node}) is tuple else _kids({node})")
            out.append(f"{ind}{em.steps} -= len({pairs}) * {em.weight}")  # every candidate
            out.append(f"{ind}if {em.steps} < 0:")
            out.append(f"{ind}    raise _OutOfSteps")
            out.append(f"{ind}for v_{name}, {below} in {_children(node, pairs)}:")
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
            em.loops -= binds
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
            helper, args = _not_helper(em, sub, node, chain, names)
            call = f"{helper}({args}anc, root, bud)"
            if em.steps == "bud.left":
                out.append(f"{ind}if not {call}:")
            else:  # the fused query keeps its steps in a local: hand them over and back
                held = em.fresh("h")
                out.append(f"{ind}bud.left = {em.steps}")
                out.append(f"{ind}{held} = {call}")
                out.append(f"{ind}{em.steps} = bud.left")
                out.append(f"{ind}if not {held}:")
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
            em.loops -= binds


def _not_helper(
    em: Emitter, sub: Any, node: str, chain: Chain, names: dict[str, str]
) -> tuple[str, str]:
    """A module-level function, True when *sub* has an instantiation, and the arguments
    (ending in ``, ``) that pass it the locals it reads (each once; ``anc`` and ``root``
    are its own parameters)."""
    helper = em.fresh(f"not_{em.tag}_")
    locals_ = list(dict.fromkeys([node, *chain[1], *names.values()]))
    params = "".join(f"{name}, " for name in locals_ if name not in ("anc", "root"))
    body = [f"def {helper}({params}anc, root, bud):"]

    def found(out: list[str], ind: str, names2: dict[str, str]) -> None:
        out.append(f"{ind}return True")

    em.helper_depth += 1
    loops, em.loops = em.loops, 0
    _template(em, sub, node, chain, names, body, "    ", found)
    em.helper_depth -= 1
    em.loops = loops
    body.append("    return False")
    em.helpers.append(body)
    return helper, params


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
