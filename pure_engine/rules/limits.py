"""The bounds a rule set from someone else is held to: what loading reads, how deep a rule
may nest, and how much work one call may do.

A rule file is data people share and receive, so loading and running one must
be as safe as reading any data file.  :class:`Limits` names every bound, with
defaults far above what a hand-written rule set needs (Belote's come nowhere
near); a caller who trusts a bigger rule set raises them:
``load_rule_files(path, limits=Limits(max_file_bytes=8 << 20))``.

Work is counted in **steps**: a rule attempt is one step, a firing is the size
of the action, and every candidate a ``$variable`` loop tries is the size of
the rule's condition (the most a candidate can cost), charged when the loop
starts; a value an expression builds (a list, a concatenation, a product)
costs its size.  The interpreter and the compiled code count alike.

>>> Limits().max_steps
100000
>>> size_of((1, "ab", (2, 3)), 100)
7
>>> budget = Budget(10, 100)
>>> budget.charge(4); budget.left
6
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from pure_engine.core.struct import Struct
from pure_engine.errors import PureEngineError

__all__ = ["DEFAULT_LIMITS", "Budget", "Limits", "ValueLimitError", "size_of"]


@dataclass(frozen=True, slots=True)
class Limits:
    """Every bound of loading and running a rule set (keyword arguments, all raisable)."""

    max_file_bytes: int = 1 << 20
    """Bytes one rule file may hold (the files named and those they ``@include``)."""
    max_total_bytes: int = 8 << 20
    """Bytes read in one load, every file and every repeat of an include counted."""
    max_files: int = 64
    """Files read in one load (an include read twice counts twice)."""
    max_depth: int = 40
    """How deep objects and arrays may nest in a rule document."""
    max_loops: int = 16
    """``$variable`` loops nested in one rule, those of the rules around it included
    (the compiled code nests them; Python allows 20 nested blocks)."""
    max_code_depth: int = 90
    """Nested tests and loops in the code of one rule (Python allows 100)."""
    max_expression_nodes: int = 200
    """Operators, values and calls in one expression."""
    max_expression_depth: int = 32
    """How deep one expression may nest (parentheses, operators, calls, lists)."""
    max_expression_chars: int = 2000
    """Characters of one expression's text."""
    max_number_digits: int = 40
    """Decimal digits of an integer written in a rule (a float may be any double)."""
    max_steps: int = 100_000
    """Work one ``apply``/``query`` call may do, in steps (see the module docstring)."""
    max_value_size: int = 100_000
    """Size of one value an expression builds: characters of a string, elements of a list
    (counted all the way down), 64-bit words of an integer."""

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"Limits.{field.name} expects a positive integer, found {value!r}")


DEFAULT_LIMITS = Limits()
"""The bounds used when a caller names none."""


class ValueLimitError(PureEngineError, ValueError):
    """An expression would build a value larger than ``Limits.max_value_size``, or use an
    operator on values it does not apply to (a struct in ``+``, a string in ``%``)."""


def size_of(value: Any, cap: int) -> int:
    """The size of *value* (1 for a number or ``None``, the length of a string, 64-bit words
    of an integer, containers counted all the way down), or something above *cap* as soon
    as it is known to be larger; it never walks more than *cap* nodes.

    >>> size_of("abc", 10), size_of(2**200, 10), size_of(((1, 2),) * 3, 100)
    (3, 4, 10)
    >>> size_of(tuple(range(50)), 10) > 10
    True
    """
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is int:
            total += item.bit_length() // 64 + 1
        elif kind is str:
            total += len(item) or 1
        elif isinstance(item, Struct):
            total += 1
            stack.extend(item[1:])
        elif isinstance(item, tuple | list | frozenset | set):
            total += 1
            stack.extend(item)
        elif isinstance(item, Mapping):
            total += 1
            for key, below in item.items():
                stack.append(key)
                stack.append(below)
        else:
            total += 1
        if total > cap:
            return total
    return total


class Budget:
    """The steps one call has left, and the largest value it may build (local mutable
    state of one call, shared by the driver, the interpreter and the compiled code)."""

    __slots__ = ("left", "max_value")

    def __init__(self, steps: int, max_value: int) -> None:
        self.left = steps
        self.max_value = max_value

    def charge(self, steps: int) -> None:
        """Spend *steps*; the caller checks ``left < 0`` (it knows where it is)."""
        self.left -= steps

    def built(self, value: Any) -> Any:
        """Charge for *value*, a value an expression just built, and return it; a value
        larger than ``max_value`` is a :class:`ValueLimitError`."""
        size = size_of(value, self.max_value)
        if size > self.max_value:
            raise ValueLimitError(
                f"a value larger than {self.max_value} (Limits.max_value_size) was built"
            )
        self.left -= size
        return value
