"""Read a rule set from decoded JSON into :mod:`pure_engine.rules.model`, strictly.

Everything is checked at load time and reported with the file and the JSON
path: unknown keywords, expressions that do not parse, a variable read before
any line binds it (naming the rule), unknown types and functions, calls with
the wrong number of arguments, ``repeat`` that is not a positive integer.

This module reads rules, rule lists and actions (a template written into the
state, or a list of rules); conditions are read by
:mod:`pure_engine.rules.parsing.conditions`, on the shared base of
:mod:`pure_engine.rules.parsing.reading`.  In an action a string is a value: ``$...``
or a call is an expression, ``= ...`` too, ``"@remove"`` deletes, anything
else is a literal (a leading ``\\`` makes any string literal).

>>> rules = parse_rules([{"condition": {"player": {"$X": {"gold": "<20"}}},
...                       "action": {"player": {"$X": {"gold": "$this + $Y"}}}}])
Traceback (most recent call last):
...
pure_engine.rules.errors.RuleSyntaxError: $[0].action.player.$X.gold: variable $Y is read ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.errors import RuleSyntaxError
from pure_engine.rules.expressions.parse import THIS, parse_binding, parse_variable
from pure_engine.rules.library import BUILTINS, Library, is_rule_name
from pure_engine.rules.limits import DEFAULT_LIMITS, Limits
from pure_engine.rules.parsing.conditions import ConditionReader
from pure_engine.rules.parsing.reading import (
    ACTION_KEYWORDS,
    CONDITION_KEYWORDS,
    Scope,
    check_depth,
    json_path,
    split_key,
)
from pure_engine.rules.tree import index_key

__all__ = ["RULE_KEYS", "parse_rules"]

RULE_KEYS = ("name", "comment", "@log", "condition", "action", "repeat", "first")
"""The keys a rule object may have."""


class _Reader(ConditionReader):
    """One load: conditions (inherited), actions and rules."""

    def action(self, value: Any, path: tuple[Any, ...], scope: Scope) -> Any:
        if isinstance(value, list):
            return self.rule_list(value, path, scope, allow_single=False)
        if isinstance(value, dict):
            return self.action_template(value, path, scope)
        raise self.error(
            f"an action is an object template or an array of rules, found "
            f"{self.shown(value, path)}",
            path,
        )

    def action_template(
        self, value: dict[str, Any], path: tuple[Any, ...], scope: Scope
    ) -> m.ActionTemplate:
        entries: list[Any] = []
        for key, sub in value.items():
            here = (*path, key)
            kind, name = split_key(key)
            if kind == "keyword":
                if name not in ACTION_KEYWORDS:
                    hint = " (it belongs in conditions)" if name in CONDITION_KEYWORDS else ""
                    raise self.error(f"unknown keyword {name!r} in an action{hint}", here)
                if name == "@rules":
                    entries.append(m.RulesEntry(key, self.rule_list(sub, here, scope.copy())))
                elif name == "@parent":
                    if not isinstance(sub, dict):
                        raise self.error(
                            f"@parent in an action expects an object, found "
                            f"{self.shown(sub, here)}",
                            here,
                        )
                    entries.append(m.ParentEntry(key, self.action_template(sub, here, scope)))
                else:
                    if not isinstance(sub, dict) or not sub:
                        raise self.error(
                            f'@path expects an object like {{"/players/$P": ...}}, found '
                            f"{self.shown(sub, here)}",
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
        self, value: Any, path: tuple[Any, ...], scope: Scope, *, nested: bool = False
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
                raise self.error(
                    f"unknown keyword {self.shown(value, path)} as an action value", path
                )
            if first in ("<", ">", "!"):
                raise self.error(
                    f"an action writes values; "
                    f"{self.shown(value, path)} is a test (tests belong in conditions)",
                    path,
                )
            if first == "=":
                return m.SetValue(self.expression(stripped[1:], path, scope, this=not nested))
            if first == "$" or self.is_call(value):
                if parse_binding(value) is not None:
                    raise self.error(
                        f"an action writes values; {self.shown(value, path)} binds a variable "
                        "(bindings belong in conditions)",
                        path,
                    )
                return m.SetValue(self.expression(value, path, scope, this=not nested))
            return m.Const(value)
        if value is None or isinstance(value, bool | int | float):
            return m.Const(self.number(value, path))
        raise self.error(f"expected a JSON value, found {self.shown(value, path)}", path)

    # --- rules -----------------------------------------------------------------------------

    def rule_list(
        self, value: Any, path: tuple[Any, ...], scope: Scope, *, allow_single: bool = True
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
            f"expected an array of rules or an object of named rules, found "
            f"{self.shown(value, path)}",
            path,
        )

    def rule(self, value: Any, path: tuple[Any, ...], outer: Scope, name: str | None) -> m.Rule:
        if not isinstance(value, dict):
            raise self.error(
                f'expected a rule {{"condition": ..., "action": ...}}, found '
                f"{self.shown(value, path)}",
                path,
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
                f"a rule name is a non-empty string, found {self.shown(explicit, path)}",
                (*path, "name"),
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
                    f"a condition is an object template, found {self.shown(condition, path)}",
                    (*path, "condition"),
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
                    f"repeat expects a positive integer, found {self.shown(repeat, path)}",
                    (*path, "repeat"),
                )
            first = value.get("first", False)
            log = value.get("@log")
            comment = value.get("comment")
            if comment is not None and not isinstance(comment, str):
                raise self.error(
                    f"a comment is a string, found {self.shown(comment, path)}", (*path, "comment")
                )
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


def _literal_key(key: str) -> str:
    return key[1:] if key.startswith("\\") else key


def parse_rules(
    document: Any,
    *,
    library: Library = BUILTINS,
    source: str = "",
    origin: Callable[[tuple[Any, ...]], str] | None = None,
    bound: tuple[str, ...] = (),
    limits: Limits = DEFAULT_LIMITS,
    included: frozenset[str] = frozenset(),
) -> m.RuleList:
    """The :class:`~pure_engine.rules.model.RuleList` of a decoded JSON document.

    *document* is an array of rules, an object of named rules, or one rule.
    *origin* maps a JSON path to the file it came from (overlays), else every
    path is in *source*; errors about parts from the *included* files never
    quote them.  *bound* names variables given from outside (``query`` with
    initial bindings).  *limits* bounds the nesting, expressions and numbers.

    >>> parse_rules({"r": {"condition": {"x": "<=$Y"}}})
    Traceback (most recent call last):
    ...
    pure_engine.rules.errors.RuleSyntaxError: $.r.condition.x: variable $Y is read before any ...
    >>> len(parse_rules([{"condition": {"x": "$Y", "y": "<=$Y"}}]).rules)
    1
    >>> parse_rules([], bound=("x=open('f');y",))
    Traceback (most recent call last):
    ...
    pure_engine.rules.errors.RuleSyntaxError: a given variable is a name like X or hand_2, ...
    """
    where = origin or (lambda path: source)
    for name in bound:
        if not is_rule_name(name) or name == THIS:
            raise RuleSyntaxError(
                f"a given variable is a name like X or hand_2, found {name!r}", source=source
            )
    check_depth(document, limits.max_depth, where)
    reader = _Reader(library, where, limits, included)
    return reader.rule_list(document, (), Scope(list(bound)))
