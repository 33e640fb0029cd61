"""Frozen records that the compiled build reads as C fields: the hot states' form.

A :class:`~pure_engine.core.struct.Struct` is a tuple made by Python code, so a compiled
module reads its fields through Python's generic attribute lookup and builds it through an
interpreted constructor.  A :class:`Frozen` subclass is a plain class with an ``__init__``
that sets ``Final`` attributes: mypyc compiles it to a C struct, so compiled code reads a
field as one pointer load and builds the record with one C call (measured on a 3-field
record in a compiled loop of read-read-read-build: about 8x fewer cycles than the same
``Struct``).  It keeps a struct's behaviour:

- equality: same class and equal fields (never equal to another class or to a tuple);
- ordering: by the fields, in order, between records of the same class;
- hashing: of the class and the fields (for sets and dicts in one process; anything
  stored uses :func:`~pure_engine.core.digest.digest`, which encodes a ``Frozen`` exactly
  as the ``Struct`` of the same name and fields);
- ``replace``, ``values()``, a ``repr`` of the fields, pickling and ``copy`` (the record
  itself);
- no field can be set after ``__init__``, in either build.

A subclass lists its fields, in ``__init__``'s order, in ``__match_args__`` (which also
makes class patterns match by position) and sets each as a ``Final`` attribute:

>>> class Point(Frozen):
...     __match_args__ = ("x", "y")
...
...     def __init__(self, x: int, y: int = 0) -> None:
...         self.x: Final = x
...         self.y: Final = y
>>> p = Point(1, 2)
>>> p.replace(y=5), p, p == Point(1, 2), p < Point(1, 3)
(Point(x=1, y=5), Point(x=1, y=2), True, True)
>>> p.x = 3
Traceback (most recent call last):
...
AttributeError: attribute 'x' of 'Point' objects is not writable

Use it for the records compiled code reads and builds in its inner loop (a state, a memoised
node); :class:`~pure_engine.core.struct.Struct` stays the concise default elsewhere.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, ClassVar, Final, Self

from mypy_extensions import mypyc_attr

__all__ = ["KEEP", "Frozen", "Keep", "guard_writes"]


class Keep(enum.Enum):
    """The one value :data:`KEEP`."""

    KEEP = "keep"


KEEP: Final = Keep.KEEP
"""The default of a ``replace`` parameter that names a field which may hold ``None`` (there,
``None`` is a value to set): the field keeps its value.  A field that never holds ``None``
defaults to ``None`` instead, as in ``Entity.replace``."""


@mypyc_attr(allow_interpreted_subclasses=True)  # games, tests and doctests subclass it
class Frozen:
    """Base class of the frozen native records (see the module's docstring)."""

    __match_args__: ClassVar[tuple[str, ...]] = ()

    def values(self) -> tuple[Any, ...]:
        """The field values in ``__match_args__`` order.

        >>> class P(Frozen):
        ...     __match_args__ = ("a", "b")
        ...     def __init__(self, a: int, b: int) -> None:
        ...         self.a: Final = a
        ...         self.b: Final = b
        >>> P(1, 2).values()
        (1, 2)
        """
        return tuple([getattr(self, name) for name in self.__match_args__])

    def replace(self, **changes: Any) -> Self:
        """A copy with the named fields changed (the record itself is untouched)."""
        fields = dict(zip(self.__match_args__, self.values(), strict=True))
        unknown = [name for name in changes if name not in fields]
        if unknown:
            raise TypeError(f"{type(self).__name__}.replace() got unexpected fields {unknown}")
        fields.update(changes)
        return type(self)(**fields)

    def with_first(self, names: tuple[str, ...], values: tuple[Any, ...]) -> Self:
        """This record with its first fields, *names*, set to *values*: how a base class's
        ``replace`` that names its own fields builds the record for any subclass (one that
        adds fields keeps them; one that adds none is built directly).

        >>> class P(Frozen):
        ...     __match_args__ = ("a",)
        ...     def __init__(self, a: int) -> None:
        ...         self.a: Final = a
        >>> class Q(P):
        ...     __match_args__ = ("a", "b")
        ...     def __init__(self, a: int, b: int = 0) -> None:
        ...         super().__init__(a)
        ...         self.b: Final = b
        >>> Q(1, 2).with_first(("a",), (5,))
        Q(a=5, b=2)
        """
        if type(self).__match_args__ == names:
            return type(self)(*values)
        return Frozen.replace(self, **dict(zip(names, values, strict=True)))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return False
        assert isinstance(other, Frozen)
        return self.values() == other.values()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self), *self.values()))

    def _order(self, other: object, op: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        if type(other) is not type(self):
            raise TypeError(
                f"{op!r} not supported between instances of {type(self).__name__!r} "
                f"and {type(other).__name__!r}"
            )
        assert isinstance(other, Frozen)
        return self.values(), other.values()

    def __lt__(self, other: object) -> bool:
        mine, theirs = self._order(other, "<")
        return mine < theirs

    def __le__(self, other: object) -> bool:
        mine, theirs = self._order(other, "<=")
        return mine <= theirs

    def __gt__(self, other: object) -> bool:
        mine, theirs = self._order(other, ">")
        return mine > theirs

    def __ge__(self, other: object) -> bool:
        mine, theirs = self._order(other, ">=")
        return mine >= theirs

    def __repr__(self) -> str:
        inner = ", ".join(
            f"{n}={v!r}" for n, v in zip(self.__match_args__, self.values(), strict=True)
        )
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:  # pickle rebuilds through __init__
        return (type(self), self.values())

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # a class compiled with mypyc (its ``__mypyc_attrs__`` lists its C fields) refuses the
        # write itself: a ``Final`` attribute has no C setter; a Python class (every subclass
        # in the pure build, a test's own subclass in the compiled one) refuses it here
        super().__init_subclass__(**kwargs)
        guard_writes(cls)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


_object_setattr: Final = object.__setattr__
"""Bound once: in the pure build, looking it up on ``object`` at each write cost about 330
instructions of the ~2 400 a guarded write takes (cachegrind)."""


def _set_once_method() -> Callable[[object, str, object], None]:
    # a nested function, so that it binds as a method compiled too (a compiled module-level
    # function is a builtin, which does not)
    def set_once(self: object, name: str, value: object) -> None:
        # set already: in the instance's own dict (a class attribute of the same name is no
        # field); hasattr first, so that a first write never reads self.__dict__, which would
        # make the instance keep a dict for ever (Leduc's pure playouts: 15 % more instructions)
        if hasattr(self, name) and name in self.__dict__:
            kind = type(self).__name__
            raise AttributeError(f"attribute {name!r} of {kind!r} objects is not writable")
        _object_setattr(self, name, value)

    return set_once


_SET_ONCE: Final = _set_once_method()
"""A guarded Python class's ``__setattr__`` (:func:`guard_writes`): a field is set by
``__init__`` and never again."""


def guard_writes(cls: type) -> None:
    """Make a Python class's instances refuse a second write of a field, as a compiled class
    with ``Final`` fields does (it has no setter for them): what every :class:`Frozen`
    subclass gets, for an immutable class that cannot be one.  A class compiled with mypyc
    (its ``__mypyc_attrs__`` lists its C fields) is left as it is.

    >>> class Box:
    ...     def __init__(self, item: int) -> None:
    ...         self.item: Final = item
    >>> guard_writes(Box)
    >>> box = Box(1)
    >>> box.item = 2
    Traceback (most recent call last):
    ...
    AttributeError: attribute 'item' of 'Box' objects is not writable
    """
    if "__mypyc_attrs__" not in vars(cls):
        setattr(cls, "__setattr__", _SET_ONCE)  # noqa: B010 - mypyc must not see a __setattr__
