"""Drafts: a private, mutable copy of a :class:`~pure_engine.core.struct.Struct`, written in place
inside one transition and frozen once at its end.

A transition that writes a wide state several times (a decision, then the steps and automatic
actions it leads to) builds a new tuple at every write.  A draft is the struct's fields as the
slots of a small mutable object: the transition thaws the state once (:meth:`Drafting.thaw`),
its writes change the slots (:meth:`Drafting.writer`, the draft's ``replace``), and the result
is frozen once (:meth:`Drafting.freeze`).  A draft reads like the struct (the same field names),
so the rules read it unchanged.  It is the "local mutation nobody else can see" of STYLE.md
(pyrsistent's evolvers, Clojure's transients): it must never leave the transition that thawed
it, and a rule must not read a value it has already overwritten through the draft (the aliasing
a draft makes possible, which a test should rule out by playing with drafts and without).

>>> from pure_engine.core.struct import Struct, _compile  # the struct's compiler of setters
>>> class P(Struct):
...     x: int
...     y: int = 0
>>> class PDraft(Draft):
...     __slots__ = P._fields
>>> drafting = Drafting(P, PDraft)
>>> move = drafting.writer("x")
>>> move(P(1, 2), 5)  # on the struct itself: a new struct, as ``P.setter("x")``
P(x=5, y=2)
>>> d = drafting.thaw(P(1, 2))
>>> move(d, 7) is d, d.replace(y=3) is d, drafting.freeze(d)
(True, True, P(x=7, y=3))
>>> drafting.thaw_into(d, P(4)) is d, drafting.freeze(d)  # the same draft, written over
(True, P(x=4, y=0))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from pure_engine.core.struct import Struct, _compile  # the struct's compiler of setters

__all__ = ["Draft", "Drafting"]

S = TypeVar("S", bound=Struct)


class Draft:
    """The base of a struct's draft type: a subclass sets ``__slots__`` to the struct's
    ``_fields`` (and may declare the types of fields it writes by name, for mypy)."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # mutable: never a key

    def replace(self, **changes: object) -> Any:
        """Change the named fields in place (the struct's ``replace`` signature); the draft."""
        for name in changes:
            setattr(self, name, changes[name])
        return self

    def __repr__(self) -> str:
        names: tuple[str, ...] = tuple(type(self).__slots__)
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{type(self).__name__}({fields})"


class Drafting(Generic[S]):
    """The draft functions of one struct class *struct* and its draft type *draft*: ``thaw``,
    ``freeze`` and ``writer``, compiled from the fields.  ``thaw`` and ``freeze`` are typed on
    the struct: a draft stands for the struct inside the transition that holds it."""

    def __init__(self, struct: type[S], draft: type[Draft]) -> None:
        if tuple(draft.__slots__) != struct._fields:
            raise TypeError(f"{draft.__name__}.__slots__ must be {struct.__name__}._fields")
        self.struct, self.draft = struct, draft
        slots = ", ".join(f"d.{name}" for name in struct._fields)
        self.thaw: Callable[[S], S] = _compile(
            "thaw",
            f"def thaw(state):\n    d = _new(_D)\n    {slots} = state[1:]\n    return d\n",
            {"_new": object.__new__, "_D": draft},
        )
        """A draft of *state* (one slice and a slot store a field)."""
        self.thaw_into: Callable[[Draft, S], S] = _compile(
            "thaw_into",
            f"def thaw_into(d, state):\n    {slots} = state[1:]\n    return d\n",
            {},
        )
        """``thaw`` into a draft the caller holds already (*d*, every slot written over): a
        transition that thaws at every call and never lets its draft out may keep one draft
        and spare the allocation and release of a new one each time."""
        self.freeze: Callable[[S], S] = _compile(
            "freeze",
            f"def freeze(d):\n    return _tn(_S, (_S, {slots}))\n",
            {"_tn": tuple.__new__, "_S": struct},
        )
        """The struct a draft holds (one new tuple)."""

    def writer(self, *names: str) -> Callable[..., S]:
        """``struct.setter(*names)`` that writes a draft in place (and returns it)."""
        immutable = self.struct.setter(*names)  # checks the names
        values = ", ".join(f"v{k}" for k in range(len(names)))
        stores = "".join(f"        self.{name} = v{k}\n" for k, name in enumerate(names))
        source = (
            f"def write(self, {values}):\n"
            f"    if self.__class__ is _D:\n{stores}        return self\n"
            f"    return _immutable(self, {values})\n"
        )
        function = _compile("write", source, {"_D": self.draft, "_immutable": immutable})
        function.__qualname__ = f"writer({', '.join(map(repr, names))})"
        return cast(Callable[..., S], function)
