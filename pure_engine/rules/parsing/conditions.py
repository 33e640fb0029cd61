"""Read condition templates (seed 001, items 3-6 and 12-16) into :mod:`pure_engine.rules.model`.

The meaning of a string in a condition is decided by its first character:
``$`` starts an expression or a variable, and so does a call of a
function (``"abs($this) < 3"``); ``< > = !`` a comparison with the node's
value (``"<20"``), ``@`` a keyword; anything else is a literal string (a
leading ``\\`` makes any string literal).  A key is a literal child name, a
``$variable`` enumerating the children, a ``_`` arithmetic line or a keyword
(``@parent``, ``@path``, ``@not``, ``@log``); ``name@suffix`` re-enters a node.

>>> from pure_engine.rules.library import BUILTINS
>>> reader = ConditionReader(BUILTINS, lambda path: "")
>>> template = reader.object_template({"gold": "<20", "gold@n": "$N"}, (), Scope())
>>> [type(line.sub).__name__ for line in template.lines]
['LeafCompare', 'LeafVar']
"""

from __future__ import annotations

import re
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.expressions.parse import THIS, is_boolean, parse_binding, parse_variable
from pure_engine.rules.parsing.reading import CONDITION_KEYWORDS, Reader, Scope, split_key
from pure_engine.rules.tree import index_key

__all__ = ["ConditionReader"]

_COMPARE_PREFIX = re.compile(r"\s*(<=|>=|==|!=|<|>|=)")


class ConditionReader(Reader):
    """Reads condition templates; the rule reader (:mod:`pure_engine.rules.parsing.rules`) adds
    rules and actions."""

    def template(self, value: Any, path: tuple[Any, ...], scope: Scope) -> Any:
        if isinstance(value, dict):
            return self.object_template(value, path, scope)
        if isinstance(value, list):
            items = tuple(self.template(item, (*path, i), scope) for i, item in enumerate(value))
            return m.ArrayTemplate(items)
        if isinstance(value, str):
            return self.leaf(value, path, scope)
        if value is None or isinstance(value, bool | int | float):
            return m.Literal(self.number(value, path))
        raise self.error(f"expected a JSON value, found {self.shown(value, path)}", path)

    def object_template(
        self, value: dict[str, Any], path: tuple[Any, ...], scope: Scope
    ) -> m.ObjectTemplate:
        lines: list[Any] = []
        log: bool | None = None
        for key, sub in value.items():
            here = (*path, key)
            kind, name = split_key(key)
            if kind == "keyword":
                if name not in CONDITION_KEYWORDS:
                    hint = " (it belongs in actions)" if name in ("@rules", "@remove") else ""
                    raise self.error(f"unknown keyword {name!r} in a condition{hint}", here)
                if name == "@log":
                    log = self.boolean(sub, here)
                elif name == "@parent":
                    lines.append(m.ParentLine(key, self.template(sub, here, scope)))
                elif name == "@not":
                    if not isinstance(sub, dict):
                        raise self.error(
                            f"@not expects an object template, found {self.shown(sub, here)}", here
                        )
                    lines.append(m.NotLine(key, self.object_template(sub, here, scope.copy())))
                else:
                    lines.extend(self.path_lines(key, sub, here, scope))
            elif kind == "calc":
                lines.append(self.calc_line(key, sub, here, scope))
            elif kind == "var":
                var = parse_variable(name)
                if var is None:
                    raise self.error(f"expected a variable like $X or $X:int, found {key!r}", here)
                binds = self.bind(var[0], var[1], here, scope)
                lines.append(m.VarLine(key, var[0], var[1], binds, self.template(sub, here, scope)))
            else:
                lines.append(m.KeyLine(key, name, index_key(name), self.template(sub, here, scope)))
        return m.ObjectTemplate(tuple(lines), log)

    def path_lines(
        self, key: str, value: Any, path: tuple[Any, ...], scope: Scope
    ) -> list[m.PathLine]:
        if not isinstance(value, dict) or not value:
            raise self.error(
                f'@path expects an object like {{"/players/$P/hand": ...}}, found '
                f"{self.shown(value, path)}",
                path,
            )
        lines = []
        for text, sub in value.items():
            here = (*path, text)
            steps = self.path_steps(text, here, scope, writing=False)
            lines.append(m.PathLine(key, text, steps, self.template(sub, here, scope)))
        return lines

    def calc_line(self, key: str, value: Any, path: tuple[Any, ...], scope: Scope) -> m.CalcLine:
        if not isinstance(value, str):
            raise self.error(
                f"a '_' line expects an expression string, found {self.shown(value, path)}", path
            )
        binding = parse_binding(value)
        if binding is not None:
            name, type_, rest = binding
            expr = self.expression(rest, path, scope, this=True)
            binds = self.bind(name, type_, path, scope)
            return m.CalcLine(key, name, type_, binds, expr)
        return m.CalcLine(key, None, None, False, self.expression(value, path, scope, this=True))

    def leaf(self, text: str, path: tuple[Any, ...], scope: Scope) -> Any:
        stripped = text.lstrip()
        first = stripped[:1]
        if first == "\\":
            return m.Literal(stripped[1:])
        if first == "@":
            hint = " (it belongs in actions)" if stripped == "@remove" else ""
            raise self.error(
                f"unknown keyword {self.shown(text, path)} as a condition value{hint}; "
                "write '\\\\@...' for a literal string",
                path,
            )
        if first in ("<", ">", "=", "!"):
            found = _COMPARE_PREFIX.match(text)
            if found is None:
                raise self.error(
                    f"expected a comparison like '<20' or '!= $X', found {self.shown(text, path)}",
                    path,
                )
            op = "==" if found.group(1) == "=" else found.group(1)
            return m.LeafCompare(op, self.expression(text[found.end() :], path, scope, this=True))
        if first == "$" or self.is_call(text):
            var = parse_variable(text)
            if var is not None and var[0] != THIS:
                return m.LeafVar(var[0], var[1], self.bind(var[0], var[1], path, scope))
            binding = parse_binding(text)
            if binding is not None:
                name, type_, rest = binding
                expr = self.expression(rest, path, scope, this=True)
                return m.LeafAssign(name, type_, expr, self.bind(name, type_, path, scope))
            expr = self.expression(text, path, scope, this=True)
            return m.LeafTest(expr) if is_boolean(expr) else m.LeafEqual(expr)
        return m.Literal(text)
