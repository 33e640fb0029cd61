"""Records: construction, replace, equality traps, immutability, pickling."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.core.struct import Struct, fields_of


class Point(Struct):
    x: int
    y: int = 0


class Other(Struct):
    x: int
    y: int = 0


def test_replace_returns_new_record_and_leaves_input() -> None:
    p = Point(1, 2)
    q = p.replace(y=9)
    assert (p.x, p.y, q.x, q.y) == (1, 2, 1, 9)


def test_records_of_different_types_never_compare_equal() -> None:
    assert Point(1, 2) != Other(1, 2)  # type: ignore[comparison-overlap]  # the trap under test
    assert Point(1, 2) != (1, 2)
    assert len({Point(1, 2), Other(1, 2)}) == 2


def test_records_are_frozen() -> None:
    p = Point(1)
    with pytest.raises(AttributeError):
        p.x = 5  # type: ignore[misc]  # the point: assignment must fail
    with pytest.raises(AttributeError):
        p.z = 5  # type: ignore[attr-defined]  # no __dict__ to grow


def test_unknown_field_in_replace_is_refused() -> None:
    with pytest.raises(TypeError):
        Point(1).replace(z=3)  # the point: unknown field


def test_field_without_default_after_default_is_refused() -> None:
    with pytest.raises(TypeError, match="follows one with a default"):

        class Bad(Struct):
            a: int = 0
            b: int  # type: ignore[misc]  # the error under test


def test_subclass_inherits_fields() -> None:
    class Point3(Point):
        z: int = 7

    assert fields_of(Point3(1, 2)) == {"x": 1, "y": 2, "z": 7}


@given(st.integers(), st.integers())
def test_pickle_round_trip(x: int, y: int) -> None:
    p = Point(x, y)
    assert pickle.loads(pickle.dumps(p)) == p


def test_match_by_field() -> None:
    match Point(3, 4):
        case Point(x, y):
            assert (x, y) == (3, 4)


_WIDE_FIELDS = [f"f{k}" for k in range(24)]
Wide = type("Wide", (Struct,), {"__annotations__": dict.fromkeys(_WIDE_FIELDS, "int")})
"""A struct wide enough for the slot-copying ``replace`` (20 fields or more)."""


class WideChild(Wide):  # type: ignore[misc,valid-type]  # built dynamically above
    extra: int = 5


@given(
    st.lists(st.integers(), min_size=24, max_size=24),
    st.dictionaries(st.sampled_from(_WIDE_FIELDS), st.integers(), max_size=5),
)
def test_wide_replace_changes_exactly_the_named_fields(
    values: list[int], changes: dict[str, int]
) -> None:
    w = Wide(*values)
    r = w.replace(**changes)
    expected = {**dict(zip(_WIDE_FIELDS, values, strict=True)), **changes}
    assert fields_of(r) == expected and type(r) is Wide
    assert fields_of(w) == dict(zip(_WIDE_FIELDS, values, strict=True))  # the input is untouched
    assert r == Wide(**expected) and hash(r) == hash(Wide(**expected))


def test_wide_replace_refuses_unknown_fields_and_keeps_subclasses() -> None:
    w = Wide(*range(24))
    with pytest.raises(TypeError, match=r"Wide.replace\(\) got unexpected fields \['nope'\]"):
        w.replace(f1=0, nope=3)
    child = WideChild(*range(24))
    changed = child.replace(extra=9, f0=-1)
    assert type(changed) is WideChild and (changed.extra, changed.f0, changed.f1) == (9, -1, 1)


_NARROW_FIELDS = ["a", "b", "c"]
Narrow = type("Narrow", (Struct,), {"__annotations__": dict.fromkeys(_NARROW_FIELDS, "int")})


@pytest.mark.parametrize(("cls", "names"), [(Wide, _WIDE_FIELDS), (Narrow, _NARROW_FIELDS)])
@given(data=st.data())
def test_a_setter_is_replace_of_its_fields(cls: Any, names: list[str], data: st.DataObject) -> None:
    values = data.draw(st.lists(st.integers(), min_size=len(names), max_size=len(names)))
    chosen = data.draw(st.lists(st.sampled_from(names), min_size=1, unique=True))
    new = data.draw(st.lists(st.integers(), min_size=len(chosen), max_size=len(chosen)))
    s = cls(*values)
    out = cls.setter(*chosen)(s, *new)
    assert out == s.replace(**dict(zip(chosen, new, strict=True))) and type(out) is cls
    assert s == cls(*values)  # the input is untouched


def test_a_setter_refuses_unknown_repeated_or_no_fields_and_keeps_subclasses() -> None:
    wide: Any = Wide
    for bad in (("f0", "nope"), ("f1", "f1"), ()):
        with pytest.raises(TypeError, match=r"Wide.setter\(\) got"):
            wide.setter(*bad)
    changed = wide.setter("f0")(WideChild(*range(24)), -1)
    assert type(changed) is WideChild and (changed.extra, changed.f0) == (5, -1)
    narrow: Any = Narrow
    child = type("NarrowChild", (Narrow,), {"__annotations__": {"d": "int"}, "d": 4})(1, 2, 3)
    assert narrow.setter("b")(child, 9) == child.replace(b=9)  # the child's own field is kept


def test_fields_read_their_items_as_slots() -> None:
    """On CPython a field is a read-only member descriptor at its tuple item's offset (a slot
    read the interpreter specialises); it reads exactly the item, on subclasses too."""
    import platform

    from pure_engine.core.struct import FAST_FIELDS

    assert (platform.python_implementation() == "CPython") is FAST_FIELDS

    class Point3(Point):
        z: tuple[int, ...] = (7,)

    p = Point3(1, 2, (3, 4))
    for _ in range(3):  # past the interpreter's specialisation of the reads
        assert (p.x, p.y, p.z) == (p[1], p[2], p[3]) == (1, 2, (3, 4))
    assert Point(5).x == 5 and Point3.z.__doc__ == "field 'z'"
    with pytest.raises(AttributeError):
        p.z = (0,)  # type: ignore[misc]  # the point: a field cannot be set


@given(st.lists(st.integers() | st.text() | st.none(), min_size=1, max_size=30))
def test_wide_struct_fields_read_every_item(values: list[Any]) -> None:
    names = [f"f{i}" for i in range(len(values))]
    wide = type("Wide", (Struct,), {"__annotations__": dict.fromkeys(names, "Any")})
    w = wide(*values)
    assert [getattr(w, n) for n in names] == values == list(w[1:])
