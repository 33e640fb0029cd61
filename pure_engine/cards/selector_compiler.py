"""Selectors compiled: each selector turned once into one function ``(table, ctx) -> ids``.

A selector made of zones, sides, types and entity predicates compiles to a *filter*: the zones
it can match (worked out per controller, so ``ENEMY + Zone("board")`` reads one zone tuple, not
the whole table), the types an entity there must have and the tests it must pass.  Only picks,
slices and ``ADJACENT`` need the general path (evaluate both sides, merge in table order).
(:mod:`pure_engine.cards.selectors` holds the selectors themselves.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pure_engine.cards.runtime.entity import Ctx
from pure_engine.cards.runtime.table import Entity, EntityId, Layout, Table
from pure_engine.cards.selectors import (
    _ENEMY,
    _FRIENDLY,
    _SHARED,
    SELF,
    TARGET,
    Compiled,
    Complement,
    EntityTest,
    Pick,
    Pred,
    Selector,
    SetOp,
    Slice,
    Zone,
    _Adjacent,
    _Side,
    _Typed,
)
from pure_engine.core.zones import ZoneId

__all__ = ["compile_selector"]

Domain = frozenset[tuple[str, int]]
"""(zone kind, side relative to the controller) pairs a filter can match."""


@dataclass(frozen=True, slots=True)
class _Filter:
    """The zones a selector can match, the tests an entity there must all pass (side by
    side: compiled, a function calling both was one boxed call more per entity) and the types
    it must have (asked in the scan: compiled, a test is a boxed call, ~225 instructions, a
    type ~80: magic_lite 145.2 M -> 144.1 M instructions, cachegrind, compiled)."""

    domain: Domain
    tests: tuple[EntityTest, ...]
    types: tuple[str, ...] = ()


def compile_selector(selector: Selector, layout: Layout) -> Compiled:
    """Turn *selector* into one function ``(table, ctx) -> ids`` (do it once, at definition time).

    >>> from pure_engine.core.zones import Visibility as V
    >>> from pure_engine.cards.runtime.table import Layout, new_table
    >>> from pure_engine.cards.selectors import FRIENDLY
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
    tests, types = flt.tests, flt.types

    if not tests and not types:

        def unfiltered(table: Table, ctx: Ctx) -> tuple[EntityId, ...]:
            zone_map = table.zones
            out: tuple[EntityId, ...] = ()
            for place in per_controller[ctx.controller]:
                out += zone_map.at(place)
            return out

        return unfiltered

    def filtered(table: Table, ctx: Ctx) -> tuple[EntityId, ...]:
        zone_map, entities = table.zones, table.entities
        # (locals: compiled, a variable of the enclosing function is read from its environment
        # object at each use)
        needs, checks = types, tests
        out = []
        for place in per_controller[ctx.controller]:
            for entity_id in zone_map.at(place):
                entity = entities[entity_id]
                if needs and not _has_types(entity, needs):
                    continue
                for test in checks:
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
        case _Typed(name):
            return _Filter(universe, (), (name,))
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
        return _Filter(da & db, a.tests + b.tests, a.types + b.types)
    fa, fb = _all(a), _all(b)
    if op == "|":
        if fa is _always and fb is _always:
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


def _has_types(e: Entity, types: tuple[str, ...]) -> bool:
    return all(name in e.types for name in types)


def _all(flt: _Filter) -> EntityTest:
    """One test passed when an entity passes every test of *flt* and has its types."""
    types = flt.types
    tests = flt.tests if not types else ((lambda e, ctx: _has_types(e, types)), *flt.tests)
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
