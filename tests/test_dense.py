"""The dense id map behaves as the ``immutables.Map`` it replaced: reads, writes, digest."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Mapping
from typing import Any

import immutables
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.cards.runtime.table import (
    Entity,
    EntityId,
    Layout,
    create,
    move,
    new_table,
    put,
)
from pure_engine.core.dense import DenseMap
from pure_engine.core.digest import digest, encode
from pure_engine.core.zones import Visibility, ZoneId
from pure_engine.testing.check_state import find_mutable
from pure_engine.testing.golden import stable_repr

Op = tuple[str, int, Any]

_IDS = st.integers(0, 90)
_VALUES = st.one_of(st.integers(), st.text(max_size=3), st.tuples(st.integers(), st.booleans()))
_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("set"), _IDS, _VALUES),
        st.tuples(st.just("delete"), _IDS, st.none()),
        st.tuples(st.just("mutate"), _IDS, _VALUES),
    ),
    max_size=40,
)


def _apply(ops: list[Op]) -> tuple[DenseMap[int, Any], immutables.Map[int, Any]]:
    """The same writes on a dense map and on an ``immutables.Map``."""
    dense: DenseMap[int, Any] = DenseMap()
    hamt: immutables.Map[int, Any] = immutables.Map()
    for verb, key, value in ops:
        if verb == "set":
            dense, hamt = dense.set(key, value), hamt.set(key, value)
        elif verb == "delete":
            if key in hamt:
                dense, hamt = dense.delete(key), hamt.delete(key)
            else:
                with pytest.raises(KeyError):
                    dense.delete(key)
        else:
            builder, changes = dense.mutate(), hamt.mutate()
            builder[key], changes[key] = value, value
            if key - 1 in changes:
                del builder[key - 1]
                del changes[key - 1]
            dense, hamt = builder.finish(), changes.finish()
    return dense, hamt


def differences(dense: DenseMap[int, Any], hamt: Mapping[int, Any]) -> list[str]:
    """How *dense* reads, digests or prints otherwise than the map *hamt* (none: ``[]``)."""
    found = []
    probes = range(-2, max([*hamt, 0]) + 3)
    if [dense.get(k) for k in probes] != [hamt.get(k) for k in probes]:
        found.append("get")
    if [k in dense for k in probes] != [k in hamt for k in probes]:
        found.append("in")
    if any(dense[k] != hamt[k] for k in hamt):
        found.append("[]")
    if len(dense) != len(hamt) or list(dense) != sorted(hamt):
        found.append("len or keys")
    if dense.items() != sorted(hamt.items()) or dense.values() != [v for _, v in dense.items()]:
        found.append("items or values")
    if encode(dense) != encode(hamt) or digest(dense) != digest(hamt):
        found.append("digest")
    if stable_repr(dense) != stable_repr(hamt):
        found.append("stable_repr")
    return found


@given(_OPS)
def test_dense_map_reads_writes_and_digests_as_the_hamt_did(ops: list[Op]) -> None:
    dense, hamt = _apply(ops)
    assert differences(dense, hamt) == []
    assert dense == DenseMap(dense.by_id)  # the canonical form, checked by the constructor
    assert dense == DenseMap.from_items(sorted(hamt.items(), reverse=True))


@given(_OPS, _OPS)
def test_equal_dense_maps_are_the_equal_maps_and_hash_alike(a: list[Op], b: list[Op]) -> None:
    (dense_a, hamt_a), (dense_b, hamt_b) = _apply(a), _apply(b)
    assert (dense_a == dense_b) is (hamt_a == hamt_b)
    if dense_a == dense_b:
        assert hash(dense_a) == hash(dense_b) and digest(dense_a) == digest(dense_b)


def test_the_comparison_finds_a_dense_map_that_differs() -> None:
    hamt = immutables.Map({0: "a", 2: "c"})
    assert differences(DenseMap(("a", None, "c")), hamt) == []
    assert differences(DenseMap(("a", "b", "c")), hamt) == [
        "get",
        "in",
        "len or keys",
        "items or values",
        "digest",
        "stable_repr",
    ]
    assert differences(DenseMap(("a", None, "d")), hamt) == [
        "get",
        "[]",
        "items or values",
        "digest",
        "stable_repr",
    ]


def test_a_write_leaves_the_map_unchanged_and_a_field_cannot_be_set() -> None:
    m = DenseMap.from_items([(0, "a"), (1, "b")])
    assert (m.set(1, "x")[1], m.set(5, "y").by_id, m[1]) == (
        "x",
        ("a", "b", None, None, None, "y"),
        "b",
    )
    with pytest.raises(AttributeError, match="not writable"):
        m.by_id = ()  # type: ignore[misc]  # the point: a Final field refuses the write
    assert pickle.loads(pickle.dumps(m)) == m and copy.deepcopy(m) is m


def test_bad_keys_and_a_non_canonical_tuple_are_refused() -> None:
    m: DenseMap[int, str] = DenseMap(("a",))
    for bad in (-1, 1, 7):
        with pytest.raises(KeyError):
            m[bad]
    with pytest.raises(KeyError, match="from 0 up"):
        m.set(-1, "b")
    with pytest.raises(KeyError, match="from 0 up"):
        m.mutate()[-1] = "b"
    with pytest.raises(ValueError, match="ends with a value"):
        DenseMap(("a", None))
    # None is not a value (it marks an id without one): setting it is refused, not a delete
    for key in (0, 1, 5):
        with pytest.raises(ValueError, match="never None"):
            m.set(key, None)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="never None"):
            m.mutate()[key] = None  # type: ignore[assignment]
    assert "a" not in m and m != immutables.Map({0: "a"})


def test_the_immutability_check_walks_into_a_dense_map() -> None:
    assert find_mutable(DenseMap(((1, 2),))) is None
    assert find_mutable(DenseMap(((1, [2]),))) == "state[0][1] is a list"


def test_a_table_keeps_its_entities_dense_and_digests_as_with_a_hamt() -> None:
    layout = Layout.build([("hand", 0, Visibility.OWNER), ("board", 0, Visibility.PUBLIC)])
    table, a = create(new_table(layout), ZoneId("hand0"), card="wisp", owner=0, health=1)
    table, b = create(table, ZoneId("hand0"), card="yeti", owner=0, health=5)
    table = put(move(table, a, ZoneId("board0")), table.entities[b].replace(damage=2))
    as_hamt = immutables.Map(table.entities.items())
    assert table.entities.by_id == (table.entities[a], table.entities[b])
    assert encode(table.entities) == encode(as_hamt)
    assert isinstance(table.entities[b], Entity) and table.entities[EntityId(b)].damage == 2
