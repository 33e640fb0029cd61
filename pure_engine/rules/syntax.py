"""Read a rule set from decoded JSON into :mod:`pure_engine.rules.model`, strictly.

Everything is checked at load time and reported with the file and the JSON
path: unknown keywords, expressions that do not parse, a variable read before
any line binds it (naming the rule), unknown types and functions, calls with
the wrong number of arguments, ``repeat`` that is not a positive integer.

The meaning of a string in a condition is decided by its first character:
``$`` starts an expression or a variable, and so does a call of a
function (``"abs($this) < 3"``); ``< > = !`` a comparison with the node's
value (``"<20"``), ``@`` a keyword; anything else is a literal string (a
leading ``\\`` makes any string literal).

>>> rules = parse_rules([{"condition": {"player": {"$X": {"gold": "<20"}}},
...                       "action": {"player": {"$X": {"gold": "$this + $Y"}}}}])
Traceback (most recent call last):
...
pure_engine.rules.errors.RuleSyntaxError: $[0].action.player.$X.gold: variable $Y is read ...
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.errors import RuleSyntaxError
from pure_engine.rules.expr import (
    THIS,
    Call,
    ExpressionError,
    functions_in,
    is_boolean,
    parse_binding,
    parse_expression,
    parse_variable,
    variables_in,
    walk,
)
from pure_engine.rules.library import BUILTINS, Library, check_arity
from pure_engine.rules.tree import index_key

__all__ = ["RULE_KEYS", "json_path", "parse_rules"]

RULE_KEYS = ("name", "comment", "@log", "condition", "action", "repeat", "first")
"""The keys a rule object may have."""

_CONDITION_KEYWORDS = ("@parent", "@path", "@not", "@log")
_ACTION_KEYWORDS = ("@parent", "@path", "@rules")
_COMPARE_PREFIX = re.compile(r"\s*(<=|>=|==|!=|<|>|=)")
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_$@:]+")
_CALL = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(")


def json_path(parts: tuple[Any, ...]) -> str:
    """``$.a[0].b`` from path parts (keys and indices).

    >>> json_path(("follow", "condition", "$X", 0, "two words"))
    '$.follow.condition.$X[0]["two words"]'
    """
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _PLAIN_KEY.fullmatch(part):
            out += f".{part}"
        else:
            out += '["' + part.replace("\\", "\\\\").replace('"', '\\"') + '"]'
    return out


@dataclass
class _Scope:
    """The variables bound so far (in matching order) and their declared types."""

    bound: list[str] = field(default_factory=list)
    types: dict[str, str] = field(default_factory=dict)

    def copy(self) -> _Scope:
        return _Scope(list(self.bound), dict(self.types))


@dataclass
class _Reader:
    """One load: the library to check names against and where each JSON path came from."""

    library: Library
    origin: Callable[[tuple[Any, ...]], str]
    rule_name: str = ""

    def error(self, message: str, path: tuple[Any, ...]) -> RuleSyntaxError:
        suffix = f" (rule {self.rule_name!r})" if self.rule_name and "rule " not in message else ""
        return RuleSyntaxError(message + suffix, source=self.origin(path), path=json_path(path))

    # --- expressions -----------------------------------------------------------------------

    def expression(self, text: str, path: tuple[Any, ...], scope: _Scope, *, this: bool) -> Any:
        try:
            tree = parse_expression(text)
        except ExpressionError as exc:
            raise self.error(str(exc), path) from None
        self.check_expression(tree, path, scope, this=this)
        return tree

    def check_expression(
        self, tree: Any, path: tuple[Any, ...], scope: _Scope, *, this: bool
    ) -> None:
        for name in variables_in(tree):
            if name == THIS:
                if not this:
                    raise self.error("$this has no node to refer to here", path)
            elif name not in scope.bound:
                raise self.error(
                    f"variable ${name} is read before any line binds it "
                    f"(a variable is bound by its first mention as a key, a value or $X = ...)",
                    path,
                )
        for name in functions_in(tree):
            function = self.library.functions.get(name)
            if function is None:
                known = ", ".join(sorted(self.library.functions))
                raise self.error(f"unknown function {name!r}; known: {known}", path)
        self._check_calls(tree, path)

    def _check_calls(self, tree: Any, path: tuple[Any, ...]) -> None:
        for node in walk(tree):
            if isinstance(node, Call):
                problem = check_arity(self.library.functions[node.name], len(node.args))
                if problem:
                    raise self.error(
                        f"function {node.name!r} {problem}, found {len(node.args)}", path
                    )

    def bind(self, name: str, type_: str | None, path: tuple[Any, ...], scope: _Scope) -> bool:
        """Record a mention of ``$name``; True when it binds (first mention)."""
        if name == THIS:
            raise self.error("$this is the value at the current node; it cannot be bound", path)
        if type_ is not None:
            if type_ not in self.library.types:
                known = ", ".join(sorted(self.library.types))
                raise self.error(f"unknown type {type_!r} for ${name}; known: {known}", path)
            declared = scope.types.get(name)
            if declared is not None and declared != type_:
                raise self.error(
                    f"${name} is declared {declared!r} and {type_!r} in the same rule", path
                )
            scope.types[name] = type_
        if name in scope.bound:
            return False
        scope.bound.append(name)
        return True

    def is_call(self, text: str) -> bool:
        """True when *text* starts with a call (``abs($this) < 3``): an expression, even when
        the function is unknown (that is an error, not a literal string)."""
        return _CALL.match(text) is not None

    # --- conditions ------------------------------------------------------------------------

    def template(self, value: Any, path: tuple[Any, ...], scope: _Scope) -> Any:
        if isinstance(value, dict):
            return self.object_template(value, path, scope)
        if isinstance(value, list):
            items = tuple(self.template(item, (*path, i), scope) for i, item in enumerate(value))
            return m.ArrayTemplate(items)
        if isinstance(value, str):
            return self.leaf(value, path, scope)
        if value is None or isinstance(value, bool | int | float):
            return m.Literal(value)
        raise self.error(f"expected a JSON value, found {value!r}", path)

    def object_template(
        self, value: dict[str, Any], path: tuple[Any, ...], scope: _Scope
    ) -> m.ObjectTemplate:
        lines: list[Any] = []
        log: bool | None = None
        for key, sub in value.items():
            here = (*path, key)
            kind, name = _split_key(key)
            if kind == "keyword":
                if name not in _CONDITION_KEYWORDS:
                    hint = " (it belongs in actions)" if name in ("@rules", "@remove") else ""
                    raise self.error(f"unknown keyword {name!r} in a condition{hint}", here)
                if name == "@log":
                    log = self.boolean(sub, here)
                elif name == "@parent":
                    lines.append(m.ParentLine(key, self.template(sub, here, scope)))
                elif name == "@not":
                    if not isinstance(sub, dict):
                        raise self.error(f"@not expects an object template, found {sub!r}", here)
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
        self, key: str, value: Any, path: tuple[Any, ...], scope: _Scope
    ) -> list[m.PathLine]:
        if not isinstance(value, dict) or not value:
            raise self.error(
                f'@path expects an object like {{"/players/$P/hand": ...}}, found {value!r}', path
            )
        lines = []
        for text, sub in value.items():
            here = (*path, text)
            steps = self.path_steps(text, here, scope, writing=False)
            lines.append(m.PathLine(key, text, steps, self.template(sub, here, scope)))
        return lines

    def path_steps(
        self, text: str, path: tuple[Any, ...], scope: _Scope, *, writing: bool
    ) -> tuple[Any, ...]:
        if not text.startswith("/") or text == "/":
            raise self.error(f"expected a path like '/players/$P', found {text!r}", path)
        steps: list[Any] = []
        for part in text[1:].split("/"):
            if not part:
                raise self.error(f"empty step in the path {text!r}", path)
            if part.startswith("$"):
                var = parse_variable(part)
                if var is None:
                    raise self.error(f"expected a variable step like $X, found {part!r}", path)
                if writing and var[0] not in scope.bound:
                    raise self.error(f"variable ${var[0]} is read before any line binds it", path)
                binds = False if writing else self.bind(var[0], var[1], path, scope)
                steps.append(m.PathVar(var[0], var[1], binds))
            else:
                literal = part[1:] if part.startswith("\\") else part
                steps.append(m.PathKey(literal, index_key(literal)))
        return tuple(steps)

    def calc_line(self, key: str, value: Any, path: tuple[Any, ...], scope: _Scope) -> m.CalcLine:
        if not isinstance(value, str):
            raise self.error(f"a '_' line expects an expression string, found {value!r}", path)
        binding = parse_binding(value)
        if binding is not None:
            name, type_, rest = binding
            expr = self.expression(rest, path, scope, this=True)
            binds = self.bind(name, type_, path, scope)
            return m.CalcLine(key, name, type_, binds, expr)
        return m.CalcLine(key, None, None, False, self.expression(value, path, scope, this=True))

    def leaf(self, text: str, path: tuple[Any, ...], scope: _Scope) -> Any:
        stripped = text.lstrip()
        first = stripped[:1]
        if first == "\\":
            return m.Literal(stripped[1:])
        if first == "@":
            hint = " (it belongs in actions)" if stripped == "@remove" else ""
            raise self.error(
                f"unknown keyword {text!r} as a condition value{hint}; "
                "write '\\\\@...' for a literal string",
                path,
            )
        if first in ("<", ">", "=", "!"):
            found = _COMPARE_PREFIX.match(text)
            if found is None:
                raise self.error(
                    f"expected a comparison like '<20' or '!= $X', found {text!r}", path
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

    def boolean(self, value: Any, path: tuple[Any, ...]) -> bool:
        if not isinstance(value, bool):
            raise self.error(f"expected true or false, found {value!r}", path)
        return value

    # --- actions ---------------------------------------------------------------------------

    def action(self, value: Any, path: tuple[Any, ...], scope: _Scope) -> Any:
        if isinstance(value, list):
            return self.rule_list(value, path, scope, allow_single=False)
        if isinstance(value, dict):
            return self.action_template(value, path, scope)
        raise self.error(
            f"an action is an object template or an array of rules, found {value!r}", path
        )

    def action_template(
        self, value: dict[str, Any], path: tuple[Any, ...], scope: _Scope
    ) -> m.ActionTemplate:
        entries: list[Any] = []
        for key, sub in value.items():
            here = (*path, key)
            kind, name = _split_key(key)
            if kind == "keyword":
                if name not in _ACTION_KEYWORDS:
                    hint = " (it belongs in conditions)" if name in _CONDITION_KEYWORDS else ""
                    raise self.error(f"unknown keyword {name!r} in an action{hint}", here)
                if name == "@rules":
                    entries.append(m.RulesEntry(key, self.rule_list(sub, here, scope.copy())))
                elif name == "@parent":
                    if not isinstance(sub, dict):
                        raise self.error(
                            f"@parent in an action expects an object, found {sub!r}", here
                        )
                    entries.append(m.ParentEntry(key, self.action_template(sub, here, scope)))
                else:
                    if not isinstance(sub, dict) or not sub:
                        raise self.error(
                            f'@path expects an object like {{"/players/$P": ...}}, found {sub!r}',
                            here,
                        )
                    for text, item in sub.items():
                        there = (*here, text)
                        steps = self.path_steps(text, there, scope, writing=True)
                        entries.append(
                            m.PathEntry(key, text, steps, self.value(item, there, scope))
                        )
            elif kind == "calc":
                raise self.error("'_' lines belong in conditions, not in actions", here)
            elif kind == "var":
                var = parse_variable(name)
                if var is None or var[1] is not None:
                    raise self.error(f"expected a bound variable like $X, found {key!r}", here)
                if var[0] not in scope.bound:
                    raise self.error(f"variable ${var[0]} is read before any line binds it", here)
                entries.append(m.VarEntry(key, var[0], self.value(sub, here, scope)))
            else:
                entries.append(m.SetEntry(key, name, index_key(name), self.value(sub, here, scope)))
        return m.ActionTemplate(tuple(entries))

    def value(
        self, value: Any, path: tuple[Any, ...], scope: _Scope, *, nested: bool = False
    ) -> Any:
        if isinstance(value, dict):
            if nested:
                items = tuple(
                    (_literal_key(key), self.value(item, (*path, key), scope, nested=True))
                    for key, item in value.items()
                )
                return m.MapValue(items)
            return self.action_template(value, path, scope)
        if isinstance(value, list):
            return m.ArrayValue(
                tuple(
                    self.value(item, (*path, i), scope, nested=True) for i, item in enumerate(value)
                )
            )
        if isinstance(value, str):
            stripped = value.lstrip()
            first = stripped[:1]
            if stripped == "@remove" and not nested:
                return m.Remove()
            if first == "\\":
                return m.Const(stripped[1:])
            if first == "@":
                raise self.error(f"unknown keyword {value!r} as an action value", path)
            if first in ("<", ">", "!"):
                raise self.error(
                    f"an action writes values; {value!r} is a test (tests belong in conditions)",
                    path,
                )
            if first == "=":
                return m.SetValue(self.expression(stripped[1:], path, scope, this=not nested))
            if first == "$" or self.is_call(value):
                if parse_binding(value) is not None:
                    raise self.error(
                        f"an action writes values; {value!r} binds a variable "
                        "(bindings belong in conditions)",
                        path,
                    )
                return m.SetValue(self.expression(value, path, scope, this=not nested))
            return m.Const(value)
        if value is None or isinstance(value, bool | int | float):
            return m.Const(value)
        raise self.error(f"expected a JSON value, found {value!r}", path)

    # --- rules -----------------------------------------------------------------------------

    def rule_list(
        self, value: Any, path: tuple[Any, ...], scope: _Scope, *, allow_single: bool = True
    ) -> m.RuleList:
        if isinstance(value, list):
            rules = [self.rule(item, (*path, i), scope, None) for i, item in enumerate(value)]
            return m.RuleList(tuple(rules), named=False)
        if isinstance(value, dict):
            if allow_single and ("condition" in value or "action" in value):
                return m.RuleList((self.rule(value, path, scope, None),), named=False)
            rules = []
            for key, item in value.items():
                if key.startswith("@"):
                    raise self.error(f"unknown keyword {key!r} in a rule collection", (*path, key))
                rules.append(self.rule(item, (*path, key), scope, key))
            return m.RuleList(tuple(rules), named=True)
        raise self.error(
            f"expected an array of rules or an object of named rules, found {value!r}", path
        )

    def rule(self, value: Any, path: tuple[Any, ...], outer: _Scope, name: str | None) -> m.Rule:
        if not isinstance(value, dict):
            raise self.error(
                f'expected a rule {{"condition": ..., "action": ...}}, found {value!r}', path
            )
        for key in value:
            if key not in RULE_KEYS:
                raise self.error(
                    f"unknown rule keyword {key!r}; a rule has {', '.join(RULE_KEYS)}",
                    (*path, key),
                )
        explicit = value.get("name")
        if explicit is not None and (not isinstance(explicit, str) or not explicit):
            raise self.error(
                f"a rule name is a non-empty string, found {explicit!r}", (*path, "name")
            )
        if explicit is not None and name is not None:
            raise self.error("a named rule (an object key) takes no 'name'", (*path, "name"))
        rule_name = name or explicit or json_path(path)
        saved, self.rule_name = self.rule_name, rule_name
        try:
            scope = outer.copy()
            condition = value.get("condition")
            if condition is not None and not isinstance(condition, dict):
                raise self.error(
                    f"a condition is an object template, found {condition!r}", (*path, "condition")
                )
            parsed = (
                None
                if condition is None
                else self.object_template(condition, (*path, "condition"), scope)
            )
            action = (
                None
                if "action" not in value
                else self.action(value["action"], (*path, "action"), scope)
            )
            repeat = value.get("repeat", 1)
            if isinstance(repeat, bool) or not isinstance(repeat, int) or repeat < 1:
                raise self.error(
                    f"repeat expects a positive integer, found {repeat!r}", (*path, "repeat")
                )
            first = value.get("first", False)
            log = value.get("@log")
            comment = value.get("comment")
            if comment is not None and not isinstance(comment, str):
                raise self.error(f"a comment is a string, found {comment!r}", (*path, "comment"))
            return m.Rule(
                name=rule_name,
                source=self.origin(path),
                path=json_path(path),
                condition=parsed,
                action=action,
                repeat=repeat,
                first=self.boolean(first, (*path, "first")),
                log=None if log is None else self.boolean(log, (*path, "@log")),
                comment=comment,
                explicit_name=explicit is not None,
                given=tuple(outer.bound),
            )
        finally:
            self.rule_name = saved


def _split_key(key: str) -> tuple[str, str]:
    """``(kind, name)`` of a template key: kind is keyword, calc, var or literal; the
    re-entry suffix (``@...`` not at the start) is dropped from *name*."""
    if key.startswith("\\"):
        return "literal", key[1:]
    if key.startswith("@"):
        head, _, _ = key[1:].partition("@")
        return "keyword", "@" + head
    head, _, _ = key.partition("@")
    if head == "_":
        return "calc", head
    if head.startswith("$"):
        return "var", head
    return "literal", head


def _literal_key(key: str) -> str:
    return key[1:] if key.startswith("\\") else key


def parse_rules(
    document: Any,
    *,
    library: Library = BUILTINS,
    source: str = "",
    origin: Callable[[tuple[Any, ...]], str] | None = None,
    bound: tuple[str, ...] = (),
) -> m.RuleList:
    """The :class:`~pure_engine.rules.model.RuleList` of a decoded JSON document.

    *document* is an array of rules, an object of named rules, or one rule.
    *origin* maps a JSON path to the file it came from (overlays), else every
    path is in *source*.  *bound* names variables given from outside (``query``
    with initial bindings).

    >>> parse_rules({"r": {"condition": {"x": "<=$Y"}}})
    Traceback (most recent call last):
    ...
    pure_engine.rules.errors.RuleSyntaxError: $.r.condition.x: variable $Y is read before any ...
    >>> len(parse_rules([{"condition": {"x": "$Y", "y": "<=$Y"}}]).rules)
    1
    """
    reader = _Reader(library, origin or (lambda path: source))
    return reader.rule_list(document, (), _Scope(list(bound)))
