"""Immutable structs: the building block of every game state.

("Record" is kept for game logs — :mod:`pure_engine.core.gamerecord`; the
state base class was called ``Record`` before, and ``pure_engine.Record``
remains as a deprecated alias.)

A :class:`Struct` is a tuple underneath, so building one, comparing two and
hashing one all run at C speed, and a field read is a slot read (on CPython a
read-only member descriptor at the field's tuple item, which the interpreter
specialises: ~57 instructions against ~200 for ``collections.namedtuple``'s
descriptor on Python 3.11; see ``_member_fields``).  Element 0 of the tuple is
the struct's own class, which fixes the trap of ``typing.NamedTuple``: two
struct types with equal fields never compare equal, and a struct never equals a
plain tuple.

Build structs through their constructor, ``replace`` or a ``setter``: they
make the tuple exactly as long as the fields.  A hot path that calls
``tuple.__new__(cls, items)`` itself must pass the class and every field: a slot
read does not check the tuple's length, so a short tuple would be read past its
end.

>>> class Point(Struct):
...     x: int
...     y: int = 0
>>> p = Point(1, 2)
>>> p.x, p.y
(1, 2)
>>> q = p.replace(y=5)
>>> q, p                      # p is unchanged
(Point(x=1, y=5), Point(x=1, y=2))
>>> p == (1, 2), p == Point(1, 2)
(False, True)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from operator import itemgetter

try:  # the C field descriptor behind collections.namedtuple: the fallback of _slot_field
    from _collections import _tuplegetter  # type: ignore[import-not-found]  # no stub
except ImportError:  # pragma: no cover - other Pythons: the pure-Python equivalent

    def _tuplegetter(index: int, doc: str) -> Any:
        return property(itemgetter(index), doc=doc)


from typing import Any, ClassVar, Final, Self, dataclass_transform

from pure_engine.core.frozen import Frozen
from pure_engine.core.struct_replace import wide_replace

__all__ = ["Struct", "fields_of", "named_fields"]


# --- field reads as slot reads -------------------------------------------------------------------
#
# Python 3.11 specialises an attribute read (``LOAD_ATTR``) for instance dictionaries, modules and
# ``__slots__`` members, not for other descriptors: a ``_tuplegetter`` field costs a generic
# lookup (~200 instructions a read, measured with cachegrind) where a slot costs ~57.  A slot is a
# C member descriptor (``PyMemberDef``: a name, a type, a byte offset in the object): its read is
# "the object pointer at this offset", which is exactly where a tuple keeps its item *i*
# (``ob_item[i]``, at ``tuple.__basicsize__ + i * tuple.__itemsize__``).  So each field is made a
# read-only member descriptor at its item's offset (``PyDescr_NewMember`` through ctypes): the
# interpreter specialises it like a slot, and the struct stays a tuple (C hashing, equality,
# pickling; setting a field still raises ``AttributeError``).  CPython only; anywhere else, or
# if the self-test below fails, fields are ``_tuplegetter`` descriptors as before.


def _member_fields() -> Callable[[type, str, int, str], Any] | None:
    """A factory of read-only member descriptors at tuple item offsets, or ``None`` when this
    interpreter cannot make them (then :func:`_field` falls back to ``_tuplegetter``)."""
    import platform

    if platform.python_implementation() != "CPython":  # pragma: no cover - CPython here
        return None
    try:
        import ctypes
    except ImportError:  # pragma: no cover - CPython without ctypes
        return None

    class MemberDef(ctypes.Structure):  # Include/descrobject.h: struct PyMemberDef
        _fields_ = [
            ("name", ctypes.c_char_p),
            ("type", ctypes.c_int),
            ("offset", ctypes.c_ssize_t),
            ("flags", ctypes.c_int),
            ("doc", ctypes.c_char_p),
        ]

    object_ex, readonly = 16, 1  # T_OBJECT_EX (raises AttributeError on NULL), READONLY
    items, item = tuple.__basicsize__, tuple.__itemsize__  # where ob_item[0] is, and its step
    if item != ctypes.sizeof(ctypes.c_void_p):  # pragma: no cover - an unexpected tuple layout
        return None
    try:
        new_member = ctypes.pythonapi.PyDescr_NewMember
    except AttributeError:  # pragma: no cover - a CPython without the C API exported
        return None
    new_member.restype = ctypes.py_object
    new_member.argtypes = [ctypes.py_object, ctypes.c_void_p]
    definitions: list[Any] = []  # the descriptors point into these for ever: never freed

    def member(owner: type, name: str, index: int, doc: str) -> Any:
        offset = items + item * index
        definition = MemberDef(name.encode(), object_ex, offset, readonly, doc.encode())
        definitions.append(definition)
        return new_member(owner, ctypes.addressof(definition))

    class Probe(tuple[Any, ...]):
        __slots__ = ()

    try:  # the self-test: every item read back, and no field can be set
        for index, name in enumerate(("a", "b", "c")):
            setattr(Probe, name, member(Probe, name, index, name))
        probe = tuple.__new__(Probe, ("x", 1, (2,)))
        if (probe.a, probe.b, probe.c) != ("x", 1, (2,)):  # type: ignore[attr-defined]
            return None  # pragma: no cover - a layout this code does not know
        try:
            probe.a = 0  # type: ignore[attr-defined]
        except AttributeError:
            return member
        return None  # pragma: no cover
    except (OSError, TypeError, ValueError):  # pragma: no cover - the portable descriptors
        return None


_member: Final = _member_fields()
FAST_FIELDS: Final = _member is not None
"""True when struct fields are read as slots (CPython); else through ``_tuplegetter``."""


def _field(owner: type, name: str, index: int, doc: str) -> Any:
    """The descriptor of field *name*, item *index* of *owner*'s tuple."""
    if _member is not None:
        return _member(owner, name, index, doc)
    return _tuplegetter(index, doc)  # pragma: no cover - other Pythons


_MISSING: Any = type("_Missing", (), {"__repr__": lambda self: "<missing>"})()
_tuple_new = tuple.__new__


def _compile(name: str, source: str, namespace: dict[str, Any]) -> Any:
    exec(source, namespace)  # noqa: S102 - generated from validated identifiers only
    return namespace[name]


_WIDE = 12
"""From this many fields on, ``replace`` copies the tuple into a list and sets the changed slots
(cost: the changes) instead of choosing every field (cost: the width); measured on magic_lite's
26-field state, a one-field ``replace`` takes about half the time, and on the card kit's
17-field ``Entity`` about 25 % less (below ~10 fields the generated code wins).  That
``replace`` is compiled: :func:`~pure_engine.core.struct_replace.wide_replace`."""


class _StructMeta(type):
    """Gives every struct class empty ``__slots__`` so no instance grows a ``__dict__``."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kw: Any
    ) -> _StructMeta:
        ns.setdefault("__slots__", ())
        return super().__new__(mcls, name, bases, ns, **kw)


@dataclass_transform(frozen_default=True, eq_default=True)
class Struct(tuple[Any, ...], metaclass=_StructMeta):
    """Base class of immutable, tuple-backed structs; subclass with annotated fields.

    Subclasses get a positional/keyword constructor, ``replace(**changes)``, a
    readable ``repr``, value equality and hashing (through the tuple), ordering
    between structs of the same class, and pickling.  Structs are frozen: no
    attribute can be set after construction.

    >>> class Card(Struct):
    ...     rank: int
    ...     suit: str
    >>> Card(rank=12, suit="S").replace(suit="H")
    Card(rank=12, suit='H')
    >>> Card(1, "S").rank = 3
    Traceback (most recent call last):
    ...
    AttributeError: readonly attribute
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [n for n in inspect.get_annotations(cls) if not n.startswith("_")]
        inherited = list(cls._fields)
        names = inherited + [n for n in own if n not in inherited]
        defaults: dict[str, Any] = {}
        for base in reversed(cls.__mro__[1:]):
            defaults.update(getattr(base, "_defaults", {}))
        for n in own:
            if n in cls.__dict__ and not isinstance(cls.__dict__[n], property):
                defaults[n] = cls.__dict__[n]
        seen_default = False
        for n in names:
            if n in defaults:
                seen_default = True
            elif seen_default:
                raise TypeError(
                    f"{cls.__name__}: field {n!r} without a default follows one with a default"
                )
        for i, n in enumerate(names, start=1):
            setattr(cls, n, _field(cls, n, i, f"field {n!r}"))
        cls._fields = tuple(names)
        cls._defaults = defaults  # type: ignore[attr-defined]  # set per class, read above
        type.__setattr__(cls, "__match_args__", tuple(names))  # class patterns match by field
        ns: dict[str, Any] = {"_tn": _tuple_new, "_M": _MISSING}
        params = []
        for n in names:
            if n in defaults:
                ns[f"_d_{n}"] = defaults[n]
                params.append(f"{n}=_d_{n}")
            else:
                params.append(n)
        values = ", ".join(names)
        trailing = "," if len(names) == 1 else ""
        src_new = (
            f"def __new__(cls, {', '.join(params)}):\n"
            f"    return _tn(cls, (cls, {values}{trailing}))\n"
        )
        cls.__new__ = staticmethod(_compile("__new__", src_new, dict(ns)))  # type: ignore[method-assign]
        if len(names) >= _WIDE:
            cls.replace = wide_replace(cls, names)  # type: ignore[method-assign]
        elif names:
            kw = ", ".join(f"{n}=_M" for n in names)
            picks = ", ".join(f"self.{n} if {n} is _M else {n}" for n in names)
            src_rep = (
                f"def replace(self, *, {kw}):\n"
                f"    _c = self.__class__\n"
                f"    return _tn(_c, (_c, {picks}{trailing}))\n"
            )
            cls.replace = _compile("replace", src_rep, dict(ns))  # type: ignore[method-assign]

    def replace(self, **changes: Any) -> Self:
        """Return a copy with the named fields changed (the input is untouched)."""
        if changes:
            raise TypeError(f"{type(self).__name__} has no fields {sorted(changes)}")
        return self

    @classmethod
    def setter(cls, *names: str) -> Callable[..., Self]:
        """A compiled function ``(struct, value, ...) -> struct`` setting the fields *names*, in
        that order: what ``replace`` does for the same fields, without building keyword
        arguments or looking the names up at every call (about half its cost on a wide struct).
        For the hot transitions of a game; ``replace`` stays the readable default.  It works on
        the subclasses too (their own fields come after, and are kept).

        >>> class P(Struct):
        ...     x: int
        ...     y: int = 0
        ...     z: int = 0
        >>> move = P.setter("x", "z")
        >>> move(P(1, 2, 3), 7, 9), P.setter("y")(P(1), 5) == P(1).replace(y=5)
        (P(x=7, y=2, z=9), True)
        >>> P.setter("w")
        Traceback (most recent call last):
        ...
        TypeError: P.setter() got unknown fields ['w']
        """
        unknown = [n for n in names if n not in cls._fields]
        if unknown or not names or len(set(names)) != len(names):
            what = f"unknown fields {unknown}" if unknown else f"fields {list(names)}"
            raise TypeError(f"{cls.__name__}.setter() got {what}")
        params = ", ".join(f"v{k}" for k in range(len(names)))
        # choose every field, each read as a slot (``_member_fields``): one exact tuple is built
        # and copied into the struct (a list copy of a wide struct costs more: measured on
        # magic_lite's 26-field state, ~4 100 instructions a write against ~4 700); a subclass
        # keeps its own fields, which come after
        picks = ", ".join(f"v{names.index(n)}" if n in names else f"self.{n}" for n in cls._fields)
        src = (
            f"def setter(self, {params}):\n"
            f"    _c = self.__class__\n"
            f"    if _c is _cls:\n"
            f"        return _tn(_c, (_c, {picks}))\n"
            f"    return _tn(_c, (_c, {picks}, *self[{len(cls._fields) + 1}:]))\n"
        )
        function: Callable[..., Self] = _compile("setter", src, {"_tn": _tuple_new, "_cls": cls})
        function.__qualname__ = f"{cls.__name__}.setter({', '.join(map(repr, names))})"
        return function

    @classmethod
    def maker(cls) -> Callable[..., Self]:
        """A compiled constructor ``(value, ...) -> struct`` taking every field positionally, in
        order: what calling the class does, without the class call's machinery (``type.__call__``,
        the ``__new__`` lookup, ``__init__``) — about 900 instructions less a struct on Python
        3.11.  For the hot constructors of a game, as :meth:`setter` is for its writes; calling
        the class stays the readable default.

        >>> class P(Struct):
        ...     x: int
        ...     y: int = 0
        >>> make = P.maker()
        >>> make(1, 2), make(1, 0) == P(1)
        (P(x=1, y=2), True)
        """
        params = ", ".join(f"v{k}" for k in range(len(cls._fields)))
        src = f"def make({params}):\n    return _tn(_cls, (_cls, {params}))\n"
        function: Callable[..., Self] = _compile("make", src, {"_tn": _tuple_new, "_cls": cls})
        function.__qualname__ = f"{cls.__name__}.maker()"
        return function

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={v!r}" for n, v in zip(self._fields, self[1:], strict=True))
        return f"{type(self).__name__}({inner})"

    def __getnewargs__(self) -> tuple[Any, ...]:  # pickle rebuilds from the fields
        return tuple(self[1:])

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    def values(self) -> tuple[Any, ...]:
        """The field values in declaration order (without the class tag).

        >>> class P(Struct):
        ...     a: int
        ...     b: int
        >>> P(1, 2).values()
        (1, 2)
        """
        return tuple(self[1:])


def fields_of(value: Struct | Frozen) -> dict[str, Any]:
    """Return the fields of a struct or a :class:`~pure_engine.core.frozen.Frozen` record as a
    fresh ``dict`` (a boundary helper, e.g. for JSON).

    >>> class P(Struct):
    ...     a: int
    >>> fields_of(P(3))
    {'a': 3}
    """
    return dict(named_fields(value))


def named_fields(value: Struct | Frozen) -> Iterator[tuple[str, Any]]:
    """The ``(name, value)`` pairs of a struct or a ``Frozen`` record, in field order: what the
    generic walkers (digests, the state checks, stable reprs) read of either form.

    >>> class P(Struct):
    ...     a: int
    ...     b: str = "x"
    >>> list(named_fields(P(3)))
    [('a', 3), ('b', 'x')]
    """
    if isinstance(value, Struct):
        return zip(value._fields, value[1:], strict=True)
    return zip(value.__match_args__, value.values(), strict=True)
