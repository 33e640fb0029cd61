"""Selectors: pure, composable descriptions of sets of entities, compiled once into functions.

After Fireplace's selectors (seed 000): host-language objects closed under
``+`` (intersection), ``|`` (union), ``-`` (difference) and ``~`` (complement),
whose results keep the table's order (the :class:`~pure_engine.cards.runtime.table.Layout`
order, then position) and never repeat an entity.  Unlike Fireplace, a
selector is *data* until :func:`compile_selector` turns it into one function
``(table, ctx) -> tuple[EntityId, ...]``; evaluating it never changes a state.

Compilation keeps selectors cheap: a selector made of zones, sides and
entity predicates compiles to a *filter* — the zones it can match (worked out
per controller, so ``ENEMY + Zone("board")`` reads one zone tuple, not the
whole table) and one predicate.  Only picks, slices and ``ADJACENT`` need the
general path (evaluate both sides, merge in table order).

>>> from pure_engine.core.zones import Visibility as V
>>> from pure_engine.cards.runtime.table import Layout, create, new_table
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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from pure_engine.cards.runtime.entity import Ctx
from pure_engine.cards.runtime.table import Entity, EntityId, Layout, Table
from pure_engine.core.zones import ZoneId

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
    "compile_selector",
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
    return Pred(lambda e, ctx: name in e.types, name.upper())


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


# --- compilation ---------------------------------------------------------------------------

Domain = frozenset[tuple[str, int]]
"""(zone kind, side relative to the controller) pairs a filter can match."""


@dataclass(frozen=True, slots=True)
class _Filter:
    """The zones a selector can match and the tests an entity there must all pass (side by
    side: compiled, a function calling both was one boxed call more per entity)."""

    domain: Domain
    tests: tuple[EntityTest, ...]


def compile_selector(selector: Selector, layout: Layout) -> Compiled:
    """Turn *selector* into one function ``(table, ctx) -> ids`` (do it once, at definition time).

    >>> from pure_engine.core.zones import Visibility as V
    >>> from pure_engine.cards.runtime.table import Layout, new_table
    >>> layout = Layout.build([("board", 0, V.PUBLIC)])
    >>> compile_selector(FRIENDLY + Zone("board"), layout)(new_table(layout), Ctx(None, 0))
    ()
    """
    kinds = {z.kind for z in layout.zones}
    universe: Domain = frozenset((k, side) for k in kinds for side in (_FRIENDLY, _ENEMY, _SHARED))
    players = sorted({z.spec.owner for z in layout.zones if z.spec.owner is not None}) or [0]
    compiled = _compile(selector, layout, universe, players)
    if isinstance(compiled, _Filter):
        scan = _filter_function(compiled, layout, players)
        if selector is TARGET:
            return _the_target(scan)
        if selector is SELF:
            return _the_source(scan)
        return scan
    return compiled


# TARGET and SELF alone (an effect's target, a trigger's "this"): the one entity the context
# names, found where its zone field says it is (a table keeps every id in the one zone tuple its
# entity names), not by a test of every entity of every zone; when it is not there, the
# generic scan answers, so the result is the scan's in every case.


def _the_target(scan: Compiled) -> Compiled:
    def the_target(table: Table, ctx: Ctx) -> tuple[EntityId, ...]:
        return _the_one(table, ctx.target, scan, ctx)

    return the_target


def _the_source(scan: Compiled) -> Compiled:
    def the_source(table: Table, ctx: Ctx) -> tuple[EntityId, ...]:
        return _the_one(table, ctx.source, scan, ctx)

    return the_source


def _the_one(table: Table, i: EntityId | None, scan: Compiled, ctx: Ctx) -> tuple[EntityId, ...]:
    """*i* alone when the zone its entity names holds it, else the scan's answer (or ``()``)."""
    if i is None:
        return ()
    e = table.entities.get(i)
    if e is not None:
        ids = table.zones.get(e.zone)
        if ids is not None and i in ids:
            return (i,)
    return scan(table, ctx)


def _side_of(owner: int | None, controller: int) -> int:
    if owner is None:
        return _SHARED
    return _FRIENDLY if owner == controller else _ENEMY


def _filter_function(flt: _Filter, layout: Layout, players: list[int]) -> Compiled:
    zones, place, domain = layout.zones, layout.empty_zones.place, flt.domain
    per_controller: dict[int, tuple[int, ...]] = {  # by place: a read of a zone is one index
        c: tuple(place(z.id) for z in zones if (z.kind, _side_of(z.spec.owner, c)) in domain)
        for c in players
    }
    tests = flt.tests

    if not tests:

        def unfiltered(table: Table, ctx: Ctx) -> tuple[EntityId, ...]:
            zone_map = table.zones
            out: tuple[EntityId, ...] = ()
            for place in per_controller[ctx.controller]:
                out += zone_map.at(place)
            return out

        return unfiltered

    def filtered(table: Table, ctx: Ctx) -> tuple[EntityId, ...]:
        zone_map, entities = table.zones, table.entities
        out = []
        for place in per_controller[ctx.controller]:
            for entity_id in zone_map.at(place):
                entity = entities[entity_id]
                for test in tests:
                    if not test(entity, ctx):
                        break
                else:
                    out.append(entity_id)
        return tuple(out)

    return filtered


def _compile(
    sel: Selector, layout: Layout, universe: Domain, players: list[int]
) -> _Filter | Compiled:
    kinds = {z.id: z.kind for z in layout.zones}
    match sel:
        case Zone(kind):
            if kind not in {k for k, _ in universe}:
                raise ValueError(f"selector names zone kind {kind!r}; the layout has no such zone")
            return _Filter(frozenset(d for d in universe if d[0] == kind), ())
        case _Side(side):
            return _Filter(frozenset(d for d in universe if d[1] == side), ())
        case Pred(test):
            return _Filter(universe, (test,))
        case SetOp(op, left, right):
            a = _compile(left, layout, universe, players)
            b = _compile(right, layout, universe, players)
            if isinstance(a, _Filter) and isinstance(b, _Filter):
                return _combine(op, a, b, kinds)
            everything = _filter_function(_Filter(universe, ()), layout, players)
            fa, fb = _as_function(a, layout, players), _as_function(b, layout, players)
            return _merge(op, fa, fb, everything)
        case Complement(inner):
            a = _compile(inner, layout, universe, players)
            if isinstance(a, _Filter):
                return _combine("-", _Filter(universe, ()), a, kinds)
            everything = _filter_function(_Filter(universe, ()), layout, players)
            return _merge("-", everything, a, everything)
        case Slice(inner, start, stop, step):
            fn = _as_function(_compile(inner, layout, universe, players), layout, players)
            index = slice(start, stop, step)
            return lambda table, ctx: fn(table, ctx)[index]
        case Pick(attr, inner, highest):
            fn = _as_function(_compile(inner, layout, universe, players), layout, players)
            return _pick(fn, attr.read, highest)
        case _Adjacent(of_target):
            return lambda table, ctx: _adjacent(table, ctx.target if of_target else ctx.source)
        case _:
            raise TypeError(f"not a selector: {sel!r}")


def _combine(op: str, a: _Filter, b: _Filter, kinds: Mapping[ZoneId, str]) -> _Filter:
    da, db = a.domain, b.domain
    if op == "+":
        return _Filter(da & db, a.tests + b.tests)
    fa, fb = _all(a.tests), _all(b.tests)
    if op == "|":
        if not a.tests and not b.tests:
            return _Filter(da | db, ())
        if da == db:
            return _Filter(da, (lambda e, ctx: fa(e, ctx) or fb(e, ctx),))

        def either(e: Entity, ctx: Ctx) -> bool:
            where = (kinds[e.zone], _FRIENDLY if e.owner == ctx.controller else _ENEMY)
            return (where in da and fa(e, ctx)) or (where in db and fb(e, ctx))

        return _Filter(da | db, (either,))
    # "-": matched by a and not by b
    if da <= db:
        return _Filter(da, (lambda e, ctx: fa(e, ctx) and not fb(e, ctx),))

    def minus(e: Entity, ctx: Ctx) -> bool:
        where = (kinds[e.zone], _FRIENDLY if e.owner == ctx.controller else _ENEMY)
        return fa(e, ctx) and not (where in db and fb(e, ctx))

    return _Filter(da, (minus,))


def _always(e: Entity, ctx: Ctx) -> bool:
    return True


def _all(tests: tuple[EntityTest, ...]) -> EntityTest:
    """One test passed when every one of *tests* is."""
    if not tests:
        return _always
    if len(tests) == 1:
        return tests[0]
    return lambda e, ctx: all(test(e, ctx) for test in tests)


def _as_function(c: _Filter | Compiled, layout: Layout, players: list[int]) -> Compiled:
    return _filter_function(c, layout, players) if isinstance(c, _Filter) else c


def _merge(op: str, fa: Compiled, fb: Compiled, everything: Compiled) -> Compiled:
    keep: Callable[[bool, bool], bool] = {
        "+": lambda x, y: x and y,
        "|": lambda x, y: x or y,
        "-": lambda x, y: x and not y,
    }[op]

    def merged(table: Table, ctx: Ctx) -> tuple[EntityId, ...]:
        left, right = set(fa(table, ctx)), set(fb(table, ctx))
        return tuple(i for i in everything(table, ctx) if keep(i in left, i in right))

    return merged


def _pick(fn: Compiled, read: Callable[[Entity], int], highest: bool) -> Compiled:
    def picked(table: Table, ctx: Ctx) -> tuple[EntityId, ...]:
        ids = fn(table, ctx)
        if not ids:
            return ids
        entities = table.entities
        values = [read(entities[i]) for i in ids]
        best = max(values) if highest else min(values)
        return tuple(i for i, v in zip(ids, values, strict=True) if v == best)

    return picked


def _adjacent(table: Table, middle: EntityId | None) -> tuple[EntityId, ...]:
    """The entities left and right of *middle* in its zone."""
    if middle is None:
        return ()
    row = table.zones[table.entities[middle].zone]
    at = row.index(middle)
    return row[max(at - 1, 0) : at] + row[at + 1 : at + 2]
