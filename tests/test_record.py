"""Records: construction, replace, equality traps, immutability, pickling."""

from __future__ import annotations

import pickle

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
