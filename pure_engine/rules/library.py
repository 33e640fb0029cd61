"""What a rule set may call and which types its variables may name: a :class:`Library`.

Rules call **registered pure functions** by name, never arbitrary methods
(seed 001, item 17), and ``$X:int`` / ``$C:card`` check a bound value with a
**registered type predicate** (item 13).  A library is a value: the engine
knows no game, so a game builds its own library (cards, suits, points) on top
of :data:`BUILTINS` and loads its rule sets with it.

>>> library = BUILTINS.extend(functions={"double": lambda x: 2 * x},
...                           types={"even": lambda v: isinstance(v, int) and v % 2 == 0})
>>> library.functions["double"](4), library.types["even"](3)
(8, False)
>>> sorted(BUILTINS.types)
['any', 'bool', 'float', 'int', 'list', 'map', 'null', 'number', 'str']
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import immutables

from pure_engine.core.struct import Struct
from pure_engine.rules.expressions.operators import RULE_FUNCTIONS
from pure_engine.rules.tree import is_number, is_sequence

__all__ = ["BUILTINS", "Library", "check_arity", "is_rule_name"]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_map(value: object) -> bool:
    return isinstance(value, immutables.Map | Mapping | Struct)


_BUILTIN_TYPES: dict[str, Callable[[Any], bool]] = {
    "any": lambda value: True,
    "bool": lambda value: isinstance(value, bool),
    "float": lambda value: isinstance(value, float),
    "int": _is_int,
    "list": is_sequence,
    "map": _is_map,
    "null": lambda value: value is None,
    "number": is_number,
    "str": lambda value: isinstance(value, str),
}

_BUILTIN_FUNCTIONS: dict[str, Callable[..., Any]] = dict(RULE_FUNCTIONS)


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def is_rule_name(name: object) -> bool:
    """True for a name the rule language can spell: ASCII letters, digits and ``_``, not
    starting with a digit (the compiled code writes it after a fixed prefix, so it can never
    be anything but a plain name).

    >>> is_rule_name("power"), is_rule_name("x=open('f');y"), is_rule_name("ﬁ")
    (True, False, False)
    """
    return isinstance(name, str) and _NAME.fullmatch(name) is not None


@dataclass(frozen=True)
class Library:
    """Named pure functions and type predicates a rule set may use (read-only mappings).
    Every name is checked when the library is made (:func:`is_rule_name`)."""

    functions: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    types: Mapping[str, Callable[[Any], bool]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for kind, names in (("function", self.functions), ("type", self.types)):
            for name, value in names.items():
                if not is_rule_name(name):
                    raise ValueError(f"a {kind} name must be an identifier, found {name!r}")
                if not callable(value):
                    raise ValueError(f"the {kind} {name!r} must be callable, found {value!r}")

    def extend(
        self,
        *,
        functions: Mapping[str, Callable[..., Any]] | None = None,
        types: Mapping[str, Callable[[Any], bool]] | None = None,
    ) -> Library:
        """A new library with these functions and types added (or replaced); *self* is unchanged.

        >>> BUILTINS.extend(functions={"min": max}).functions["min"](1, 2), min(1, 2)
        (2, 1)
        >>> BUILTINS.extend(functions={"bad name": len})
        Traceback (most recent call last):
        ...
        ValueError: a function name must be an identifier, found 'bad name'
        """
        new_functions = dict(self.functions)
        new_types = dict(self.types)
        new_functions.update(functions or {})
        new_types.update(types or {})
        return Library(functions=immutables.Map(new_functions), types=immutables.Map(new_types))


BUILTINS = Library(
    functions=immutables.Map(_BUILTIN_FUNCTIONS), types=immutables.Map(_BUILTIN_TYPES)
)
"""``min max abs len sum`` and the types ``any bool float int list map null number str``."""


def check_arity(function: Callable[..., Any], count: int) -> str | None:
    """Why *function* cannot take *count* positional arguments, or None (or when unknown).

    >>> check_arity(lambda a, b=1: a, 3)
    'takes at most 2 arguments'
    >>> check_arity(max, 5) is None
    True
    """
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # builtins without a signature: checked when called
        return None
    try:
        signature.bind(*range(count))
    except TypeError:
        positional = [
            p
            for p in signature.parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        required = [p for p in positional if p.default is p.empty]
        if count < len(required):
            return f"takes at least {len(required)} arguments"
        return f"takes at most {len(positional)} arguments"
    return None
