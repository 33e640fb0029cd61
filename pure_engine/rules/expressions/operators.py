"""The operators and built-in functions of the rule language, checked: the interpreter and the
compiled code call these same functions, so both refuse the same things.

Values a rule sees are data: a struct is a record of fields, never a tuple whose
first element is its class, so ``+``, ``*``, ``sum``, ``min`` and ``max`` refuse
it and ``len`` counts its fields.  ``%`` is the remainder of two numbers (never
string formatting).  A value these build is charged to the call's
:class:`~pure_engine.rules.limits.Budget` by its size and refused beyond
``Limits.max_value_size``.

>>> budget = Budget(100, 10)
>>> add((1, 2), (3,), budget), budget.left
((1, 2, 3), 96)
>>> mul("ab", 10, budget)
Traceback (most recent call last):
...
pure_engine.rules.limits.ValueLimitError: 'ab' * 10 would build a value larger than 10 ...
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.struct import Struct
from pure_engine.rules.limits import Budget, ValueLimitError
from pure_engine.rules.tree import is_number

__all__ = [
    "RULE_FUNCTIONS",
    "add",
    "mod",
    "mul",
    "rules_len",
    "rules_max",
    "rules_min",
    "rules_sum",
]

_SEQUENCES = (str, tuple, list)


def _no_struct(op: str, *values: Any) -> None:
    for value in values:
        if isinstance(value, Struct):
            raise ValueLimitError(
                f"{op} does not apply to a struct ({type(value).__name__}): "
                "a struct is a record of fields, not a list"
            )


def add(left: Any, right: Any, budget: Budget) -> Any:
    """``left + right``: numbers add, strings and lists concatenate (charged by size)."""
    if type(left) is int and type(right) is int:
        return left + right  # grows by one bit at most
    _no_struct("+", left, right)
    result = left + right
    if isinstance(result, _SEQUENCES):
        return budget.built(result)
    return result


def mul(left: Any, right: Any, budget: Budget) -> Any:
    """``left * right``: numbers multiply, a string or list repeats; refused before it is
    built when the result would be larger than the budget's ``max_value``."""
    if isinstance(left, int) and isinstance(right, int):
        if left.bit_length() + right.bit_length() > 64 * budget.max_value:
            raise ValueLimitError(
                f"a product of {left.bit_length()}-bit and {right.bit_length()}-bit integers "
                f"would be larger than {budget.max_value} (Limits.max_value_size)"
            )
        return left * right
    _no_struct("*", left, right)
    for sequence, count in ((left, right), (right, left)):
        if isinstance(sequence, _SEQUENCES) and isinstance(count, int):
            if len(sequence) * count > budget.max_value:
                shown = repr(sequence) if len(sequence) <= 20 else f"a {len(sequence)}-long value"
                raise ValueLimitError(
                    f"{shown} * {count} would build a value larger than {budget.max_value} "
                    "(Limits.max_value_size)"
                )
            return budget.built(sequence * count)
    return left * right


def mod(left: Any, right: Any) -> Any:
    """``left % right``: the remainder of two numbers (a string on the left is not formatted).

    >>> mod(7, 3)
    1
    >>> mod("%d", 3)
    Traceback (most recent call last):
    ...
    pure_engine.rules.limits.ValueLimitError: % is the remainder of two numbers, found a str ...
    """
    if not is_number(left) and not isinstance(left, bool):
        raise ValueLimitError(
            f"% is the remainder of two numbers, found a {type(left).__name__} on its left"
        )
    return left % right


def rules_len(value: Any) -> int:
    """``len``: the number of elements, entries, characters, or a struct's fields."""
    if isinstance(value, Struct):
        return len(value._fields)
    return len(value)


def rules_sum(items: Any, start: Any = 0) -> Any:
    """``sum``: the sum of numbers (never a concatenation)."""
    _no_struct("sum", items)
    values = list(items)
    for value in (*values, start):
        if not is_number(value) and not isinstance(value, bool):
            raise ValueLimitError(f"sum adds numbers, found a {type(value).__name__}")
    return sum(values, start)


def _extreme(name: str, choose: Any, args: tuple[Any, ...]) -> Any:
    if len(args) == 1:
        _no_struct(name, args[0])
    return choose(*args)


def rules_min(*args: Any) -> Any:
    """``min``: the least of the arguments, or of the one list given."""
    return _extreme("min", min, args)


def rules_max(*args: Any) -> Any:
    """``max``: the greatest of the arguments, or of the one list given."""
    return _extreme("max", max, args)


RULE_FUNCTIONS = {
    "abs": abs,
    "len": rules_len,
    "max": rules_max,
    "min": rules_min,
    "sum": rules_sum,
}
"""The built-in functions every rule set may call."""
