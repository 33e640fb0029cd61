"""What every part of a rule set's reader shares: JSON paths, the scope of bound variables,
expressions, variable mentions, key kinds, and located errors.

:mod:`pure_engine.rules.parsing.conditions` reads condition templates on this base and
:mod:`pure_engine.rules.parsing.rules` reads rules and their actions on top of that.
Every error names the file and the JSON path (and the rule, when inside one).

>>> json_path(("follow", "condition", "$X", 0))
'$.follow.condition.$X[0]'
>>> split_key("gold@cnt"), split_key("@not"), split_key("_@check"), split_key("$X")
(('literal', 'gold'), ('keyword', '@not'), ('calc', '_'), ('var', '$X'))
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.errors import RuleSyntaxError
from pure_engine.rules.expressions.parse import (
    THIS,
    Call,
    ExpressionError,
    functions_in,
    parse_expression,
    parse_variable,
    variables_in,
    walk,
)
from pure_engine.rules.library import BUILTINS, Library, check_arity  # noqa: F401 - BUILTINS: doctests
from pure_engine.rules.limits import DEFAULT_LIMITS, Limits
from pure_engine.rules.tree import index_key

__all__ = [
    "ACTION_KEYWORDS",
    "CONDITION_KEYWORDS",
    "Reader",
    "Scope",
    "check_depth",
    "json_path",
    "split_key",
]

CONDITION_KEYWORDS = ("@parent", "@path", "@not", "@log")
"""The keywords a condition template may hold as keys."""
ACTION_KEYWORDS = ("@parent", "@path", "@rules")
"""The keywords an action template may hold as keys."""
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_$@:]+")
_CALL = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(")
_SHOWN = 60


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
class Scope:
    """The variables bound so far (in matching order) and their declared types."""

    bound: list[str] = field(default_factory=list)
    types: dict[str, str] = field(default_factory=dict)

    def copy(self) -> Scope:
        return Scope(list(self.bound), dict(self.types))


@dataclass
class Reader:
    """One load: the library to check names against, where each JSON path came from, which
    of those files were included (their content is never quoted in an error) and the
    limits (the base of the condition reader and of the rule reader)."""

    library: Library
    origin: Callable[[tuple[Any, ...]], str]
    limits: Limits = DEFAULT_LIMITS
    included: frozenset[str] = frozenset()
    rule_name: str = ""

    def error(self, message: str, path: tuple[Any, ...]) -> RuleSyntaxError:
        suffix = f" (rule {self.rule_name!r})" if self.rule_name and "rule " not in message else ""
        return RuleSyntaxError(message + suffix, source=self.origin(path), path=json_path(path))

    def is_included(self, path: tuple[Any, ...]) -> bool:
        """True when the part at *path* came from a file another file included."""
        return bool(self.included) and self.origin(path) in self.included

    def shown(self, value: Any, path: tuple[Any, ...]) -> str:
        """*value* as an error quotes it: a short repr, or only its kind when it came from an
        included file (an error names that file and the JSON path, never its content).

        >>> Reader(BUILTINS, lambda path: "").shown("x" * 100, ())[-5:]
        'xx...'
        """
        if self.is_included(path):
            return f"{_kind(value)} (not shown: it comes from an included file)"
        text = repr(value)
        return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."

    def number(self, value: Any, path: tuple[Any, ...]) -> Any:
        """*value* (a JSON scalar), refused when it is an integer of too many digits."""
        if type(value) is int and abs(value) >= 10**self.limits.max_number_digits:
            raise self.error(
                f"an integer of more than {self.limits.max_number_digits} digits "
                "(Limits.max_number_digits)",
                path,
            )
        return value

    # --- expressions -----------------------------------------------------------------------

    def expression(self, text: str, path: tuple[Any, ...], scope: Scope, *, this: bool) -> Any:
        try:
            tree = parse_expression(text, limits=self.limits)
        except ExpressionError as exc:
            message = str(exc)
            if self.is_included(path):
                message = "malformed expression (not shown: it comes from an included file)"
            raise self.error(message, path) from None
        self.check_expression(tree, path, scope, this=this)
        return tree

    def check_expression(
        self, tree: Any, path: tuple[Any, ...], scope: Scope, *, this: bool
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

    def bind(self, name: str, type_: str | None, path: tuple[Any, ...], scope: Scope) -> bool:
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

    def boolean(self, value: Any, path: tuple[Any, ...]) -> bool:
        if not isinstance(value, bool):
            raise self.error(f"expected true or false, found {self.shown(value, path)}", path)
        return value

    def path_steps(
        self, text: str, path: tuple[Any, ...], scope: Scope, *, writing: bool
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


def split_key(key: str) -> tuple[str, str]:
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


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if value is None or isinstance(value, bool):
        return "a literal"
    return "a number"


def check_depth(document: Any, limit: int, origin: Callable[[tuple[Any, ...]], str]) -> None:
    """Refuse a document whose objects and arrays nest deeper than *limit* (or that holds
    itself), before anything recursive reads it; the error names the JSON path.

    >>> check_depth({"a": [[1]]}, 2, lambda path: "r.json")
    Traceback (most recent call last):
    ...
    pure_engine.rules.errors.RuleSyntaxError: r.json: $.a[0]: nested more than 2 levels deep ...
    """
    stack: list[tuple[Any, tuple[Any, ...]]] = [(document, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            items: Any = node.items()
        elif isinstance(node, list):
            items = enumerate(node)
        else:
            continue
        if len(path) >= limit:
            raise RuleSyntaxError(
                f"nested more than {limit} levels deep (Limits.max_depth)",
                source=origin(path),
                path=json_path(
                    tuple(part if isinstance(part, int) else str(part) for part in path)
                ),
            )
        stack.extend((below, (*path, key)) for key, below in items)
