"""Selectors: pure, composable descriptions of sets of entities, compiled once into functions.

After Fireplace's selectors (seed 000): host-language objects closed under
``+`` (intersection), ``|`` (union), ``-`` (difference) and ``~`` (complement),
whose results keep the table's order (the :class:`~pure_engine.cards.runtime.table.Layout`
order, then position) and never repeat an entity.  Unlike Fireplace, a
selector is *data* until :func:`~pure_engine.cards.selector_compiler.compile_selector`
turns it into one function ``(table, ctx) -> tuple[EntityId, ...]``; evaluating it never
changes a state.

>>> from pure_engine.core.zones import Visibility as V
>>> from pure_engine.cards.runtime.table import Layout, create, new_table
>>> from pure_engine.cards.selector_compiler import compile_selector
>>> layout = Layout.build([("board", 0, V.PUBLIC), ("board", 1, V.PUBLIC)])
>>> t = new_table(layout)
>>> for owner, atk in ((0, 1), (1, 4), (1, 2), (1, 5)):
...     t, _ = create(t, layout.zone("board", owner), card="x", owner=owner, attack=atk)
>>> strong_enemies = compile_selector(Zone("board") + ENEMY + (ATK >= 3), layout)
>>> strong_enemies(t, Ctx(source=None, controller=0))
(1, 3)
>>> compile_selector(HIGHEST(ATK, Zone("board")), layout)(t, Ctx(None, 1))
(3,)
>>> compile_selector(~ENEMY, layout)(t, Ctx(None, 1))        # complement: everything else
(1, 2, 3)
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from pure_engine.cards.runtime.entity import Ctx
from pure_engine.cards.runtime.table import Entity, EntityId, Table

__all__ = [
    "ADJACENT",
    "ALL",
    "ATK",
    "COST",
    "CURRENT_HEALTH",
    "DAMAGE",
    "ENEMY",
    "FRIENDLY",
    "HEALTH",
    "HIGHEST",
    "LOWEST",
    "OTHER",
    "RANDOM",
    "SELF",
    "TARGET",
    "TARGET_ADJACENT",
    "Attr",
    "CardIs",
    "Compiled",
    "Ctx",
    "HasStatus",
    "HasTag",
    "HasType",
    "Pick",
    "Pred",
    "RandomPick",
    "Selector",
    "Zone",
]


Compiled = Callable[[Table, Ctx], tuple[EntityId, ...]]
"""A compiled selector."""

EntityTest = Callable[[Entity, Ctx], bool]

_FRIENDLY, _ENEMY, _SHARED = 0, 1, 2


class Selector:
    """Base of every selector: the set operators and slicing build new selectors."""

    __slots__ = ()

    def __add__(self, other: Selector) -> Selector:
        return SetOp("+", self, other)

    def __or__(self, other: Selector) -> Selector:
        return SetOp("|", self, other)

    def __sub__(self, other: Selector) -> Selector:
        return SetOp("-", self, other)

    def __invert__(self) -> Selector:
        return Complement(self)

    def __getitem__(self, index: int | slice) -> Selector:
        if isinstance(index, slice):
            return Slice(self, index.start, index.stop, index.step)
        return Slice(self, index, index + 1 or None)


@dataclass(frozen=True, slots=True)
class Zone(Selector):
    """Every entity in the zones of one kind (``Zone("board")``), any owner."""

    kind: str


@dataclass(frozen=True, slots=True)
class _Side(Selector):
    side: int
    name: str

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Pred(Selector):
    """Entities passing a test ``(entity, ctx) -> bool``; ``name`` is for reading."""

    test: EntityTest
    name: str

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class _Typed(Selector):
    type: str

    def __repr__(self) -> str:
        return self.type.upper()


@dataclass(frozen=True, slots=True)
class SetOp(Selector):
    op: str
    left: Selector
    right: Selector


@dataclass(frozen=True, slots=True)
class Complement(Selector):
    inner: Selector


@dataclass(frozen=True, slots=True)
class Slice(Selector):
    """``inner[start:stop:step]`` (the bounds of a slice, not a ``slice``: a compiled dataclass
    cannot carry a field of that type)."""

    inner: Selector
    start: int | None
    stop: int | None
    step: int | None = None


@dataclass(frozen=True, slots=True)
class Pick(Selector):
    """The entities of *inner* with the highest (or lowest) value of *attr*; ties all kept."""

    attr: Attr
    inner: Selector
    highest: bool = True


@dataclass(frozen=True, slots=True)
class _Adjacent(Selector):
    of_target: bool = False

    def __repr__(self) -> str:
        return "TARGET_ADJACENT" if self.of_target else "ADJACENT"


@dataclass(frozen=True, slots=True)
class Attr:
    """A numeric attribute; comparing it with an int gives a selector (``ATK >= 3``)."""

    name: str
    read: Callable[[Entity], int]

    def _compare(self, op: Callable[[int, int], bool], sym: str, value: int) -> Selector:
        read = self.read
        return Pred(lambda e, ctx: op(read(e), value), f"{self.name} {sym} {value}")

    def __ge__(self, value: int) -> Selector:
        return self._compare(operator.ge, ">=", value)

    def __gt__(self, value: int) -> Selector:
        return self._compare(operator.gt, ">", value)

    def __le__(self, value: int) -> Selector:
        return self._compare(operator.le, "<=", value)

    def __lt__(self, value: int) -> Selector:
        return self._compare(operator.lt, "<", value)

    def eq(self, value: int) -> Selector:
        """Entities whose attribute equals *value*."""
        return self._compare(operator.eq, "==", value)


@dataclass(frozen=True, slots=True)
class RandomPick:
    """``RANDOM(sel) * n``: *n* distinct entities of *sel* drawn uniformly — a chance node.

    Not a selector (it is not a function of the state): effects that take it
    compile a chance instruction whose outcomes carry exact probabilities.
    """

    inner: Selector
    count: int = 1

    def __mul__(self, count: int) -> RandomPick:
        if count < 1:
            raise ValueError(f"RANDOM(...) * n needs n >= 1, found {count}")
        return RandomPick(self.inner, count)


def RANDOM(selector: Selector) -> RandomPick:  # noqa: N802 - reads as the DSL keyword it is
    """One entity of *selector* at random (``RANDOM(ENEMY_MINIONS) * 2`` for two)."""
    return RandomPick(selector, 1)


def HIGHEST(attr: Attr, selector: Selector) -> Selector:  # noqa: N802 - DSL keyword
    """The entities of *selector* with the highest *attr* (``HIGHEST(ATK, ENEMY_MINIONS)``)."""
    return Pick(attr, selector, True)


def LOWEST(attr: Attr, selector: Selector) -> Selector:  # noqa: N802 - DSL keyword
    """The entities of *selector* with the lowest *attr*."""
    return Pick(attr, selector, False)


def HasTag(bits: int, name: str = "") -> Selector:  # noqa: N802 - a selector constructor
    """Entities with every keyword bit of *bits* (``HasTag(TAUNT)``)."""
    return Pred(lambda e, ctx: e.tags & bits == bits, name or f"tag {bits:#x}")


def HasStatus(bits: int, name: str = "") -> Selector:  # noqa: N802 - a selector constructor
    """Entities with every status bit of *bits*."""
    return Pred(lambda e, ctx: e.status & bits == bits, name or f"status {bits:#x}")


def HasType(name: str) -> Selector:  # noqa: N802 - a selector constructor
    """Entities whose card has type *name* ("minion", "beast", "secret"...)."""
    return _Typed(name)


def CardIs(card: str) -> Selector:  # noqa: N802 - a selector constructor
    """Entities of one card."""
    return Pred(lambda e, ctx: e.card == card, f"CardIs({card!r})")


ALL: Final[Selector] = Pred(lambda e, ctx: True, "ALL")
FRIENDLY: Final[Selector] = _Side(_FRIENDLY, "FRIENDLY")
"""Entities whose owner is the evaluating controller (zones owned by them)."""
ENEMY: Final[Selector] = _Side(_ENEMY, "ENEMY")
"""Entities in zones owned by another player."""
SELF: Final[Selector] = Pred(lambda e, ctx: e.id == ctx.source, "SELF")
OTHER: Final[Selector] = Pred(lambda e, ctx: e.id != ctx.source, "OTHER")
TARGET: Final[Selector] = Pred(lambda e, ctx: e.id == ctx.target, "TARGET")
ADJACENT: Final[Selector] = _Adjacent()
"""The entities left and right of the source in its zone."""
TARGET_ADJACENT: Final[Selector] = _Adjacent(of_target=True)
"""The entities left and right of the chosen target in its zone (Cone of Cold)."""
ATK: Final = Attr("ATK", lambda e: e.attack)
HEALTH: Final = Attr("HEALTH", lambda e: e.health)
CURRENT_HEALTH: Final = Attr("CURRENT_HEALTH", lambda e: e.health - e.damage)
DAMAGE: Final = Attr("DAMAGE", lambda e: e.damage)
COST: Final = Attr("COST", lambda e: e.cost)
