"""Compiled selectors agree with a naive set-based reference on random tables and expressions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine.cards import (
    ADJACENT,
    ATK,
    ENEMY,
    FRIENDLY,
    HIGHEST,
    LOWEST,
    OTHER,
    SELF,
    TARGET,
    Ctx,
    HasTag,
    HasType,
    Selector,
    Zone,
)
from pure_engine.cards.runtime import create, new_table
from pure_engine.cards.runtime.table import EntityId, Table
from pure_engine.cards.selector_compiler import compile_selector
from pure_engine.cards.selectors import (
    Complement,
    Pick,
    Pred,
    SetOp,
    Slice,
    _Adjacent,
    _Side,
    _Typed,
)
from tests.cards_toy import LAYOUT

KINDS = ("hero", "board", "hand", "deck", "graveyard")
TYPES: tuple[frozenset[str], ...] = (
    frozenset(),
    frozenset({"minion"}),
    frozenset({"minion", "beast"}),
)
ATOMS: tuple[Selector, ...] = (
    Zone("board"),
    Zone("hand"),
    Zone("hero"),
    FRIENDLY,
    ENEMY,
    SELF,
    OTHER,
    TARGET,
    ATK >= 3,
    ATK < 2,
    HasTag(1),
    HasType("beast"),
    HasType("minion"),
    ADJACENT,
)


def selectors() -> st.SearchStrategy[Selector]:
    def extend(inner: st.SearchStrategy[Selector]) -> st.SearchStrategy[Selector]:
        return st.one_of(
            st.tuples(inner, inner).map(lambda ab: ab[0] + ab[1]),
            st.tuples(inner, inner).map(lambda ab: ab[0] | ab[1]),
            st.tuples(inner, inner).map(lambda ab: ab[0] - ab[1]),
            inner.map(lambda a: ~a),
            st.tuples(inner, st.integers(-3, 3)).map(lambda ai: ai[0][ai[1] :]),
            inner.map(lambda a: HIGHEST(ATK, a)),
            inner.map(lambda a: LOWEST(ATK, a)),
        )

    return st.recursive(st.sampled_from(ATOMS), extend, max_leaves=6)


@st.composite
def tables(draw: st.DrawFn) -> tuple[Table, Ctx]:
    table = new_table(LAYOUT)
    for zone in LAYOUT.zones:
        for _ in range(draw(st.integers(0, 3))):
            table, _ = create(
                table,
                zone.id,
                card="x",
                owner=zone.spec.owner or 0,
                attack=draw(st.integers(0, 5)),
                tags=draw(st.integers(0, 1)),
                types=draw(st.sampled_from(TYPES)),
            )
    ids = list(table.entities)
    source = draw(st.sampled_from([None, *ids]))
    target = draw(st.sampled_from([None, *ids]))
    return table, Ctx(source, draw(st.integers(0, 1)), target)


def reference(sel: Selector, table: Table, ctx: Ctx) -> list[EntityId]:
    """Evaluate *sel* naively: Python sets over the whole table, ordered by the layout."""
    order = [i for zone in LAYOUT.zones for i in table.zones[zone.id]]
    owner = {i: LAYOUT.info[table.entities[i].zone].spec.owner for i in order}
    kind = {i: LAYOUT.info[table.entities[i].zone].kind for i in order}
    match sel:
        case Zone(k):
            chosen = {i for i in order if kind[i] == k}
        case _Side(side):
            chosen = {i for i in order if (owner[i] == ctx.controller) == (side == 0)}
        case Pred(test):
            chosen = {i for i in order if test(table.entities[i], ctx)}
        case _Typed(name):
            chosen = {i for i in order if name in table.entities[i].types}
        case SetOp(op, left, right):
            a, b = set(reference(left, table, ctx)), set(reference(right, table, ctx))
            chosen = {"+": a & b, "|": a | b, "-": a - b}[op]
        case Complement(inner):
            chosen = set(order) - set(reference(inner, table, ctx))
        case Slice(inner, start, stop, step):
            return reference(inner, table, ctx)[start:stop:step]
        case Pick(attr, inner, highest):
            got = reference(inner, table, ctx)
            if not got:
                return got
            values = [attr.read(table.entities[i]) for i in got]
            best = max(values) if highest else min(values)
            return [i for i, v in zip(got, values, strict=True) if v == best]
        case _Adjacent():
            if ctx.source is None:
                return []
            row = table.zones[table.entities[ctx.source].zone]
            at = row.index(ctx.source)
            chosen = set(row[max(at - 1, 0) : at] + row[at + 1 : at + 2])
        case _:
            raise AssertionError(sel)
    return [i for i in order if i in chosen]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(selectors(), tables())
def test_compiled_selector_matches_the_reference(sel: Selector, where: tuple[Table, Ctx]) -> None:
    table, ctx = where
    assert list(compile_selector(sel, LAYOUT)(table, ctx)) == reference(sel, table, ctx)


def test_a_filter_reads_only_the_zones_it_can_match() -> None:
    table = new_table(LAYOUT)
    for kind in KINDS:
        for owner in (0, 1):
            table, _ = create(table, LAYOUT.zone(kind, owner), card=kind, owner=owner, attack=3)
    enemy_board = compile_selector(ENEMY + Zone("board") + (ATK >= 3), LAYOUT)
    assert [table.entities[i].zone for i in enemy_board(table, Ctx(None, 0))] == ["board1"]


def test_unknown_zone_kind_is_a_definition_error() -> None:
    import pytest

    with pytest.raises(ValueError, match="no such zone"):
        compile_selector(Zone("battlefield"), LAYOUT)


def _name(function: object) -> str:
    return str(getattr(function, "__name__", type(function).__name__))


def test_target_and_self_alone_look_up_the_one_entity_as_the_scan_finds_it() -> None:
    # compile_selector(TARGET) and (SELF) find the entity the context names where its zone
    # field says it is, not by testing every entity of every zone: the same answers as the
    # generic scan (the same test written as another predicate), for every id, none, an id the
    # table does not hold, and an entity whose zone field names the wrong zone (the fallback)
    from pure_engine.cards.runtime import put

    table = new_table(LAYOUT)
    for kind in KINDS:
        for owner in (0, 1):
            for _ in range(2):
                table, _ = create(table, LAYOUT.zone(kind, owner), card=kind, owner=owner)
    first = next(iter(table.entities))
    moved = table.entities[first]
    astray = put(table, moved.replace(zone=LAYOUT.zone("graveyard", 1)))
    scans = {
        TARGET: compile_selector(Pred(lambda e, ctx: e.id == ctx.target, "scan"), LAYOUT),
        SELF: compile_selector(Pred(lambda e, ctx: e.id == ctx.source, "scan"), LAYOUT),
    }
    for selector, scan in scans.items():
        fast = compile_selector(selector, LAYOUT)
        # the lookup, not the scan (a compiled closure is an object of a class named after it)
        assert _name(fast) != _name(scan)
        for t in (table, astray):
            for i in (None, *t.entities, EntityId(999)):
                for ctx in (Ctx(i, 0, None), Ctx(None, 1, i), Ctx(i, 1, i)):
                    assert fast(t, ctx) == scan(t, ctx)
