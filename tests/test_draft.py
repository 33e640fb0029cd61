"""core.draft: a draft thaws a struct, is written in place, and freezes to the struct it holds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.core.draft import Draft, Drafting
from pure_engine.core.struct import Struct


class Point(Struct):
    x: int
    y: int = 0
    z: int = 0


class PointDraft(Draft):
    __slots__ = Point._fields


DRAFTING = Drafting(Point, PointDraft)


@given(st.integers(), st.integers(), st.integers(), st.integers(), st.integers())
def test_writes_on_a_draft_freeze_to_the_writes_on_the_struct(
    x: int, y: int, z: int, new_x: int, new_z: int
) -> None:
    point = Point(x, y, z)
    write = DRAFTING.writer("x", "z")
    draft = DRAFTING.thaw(point)
    assert write(draft, new_x, new_z) is draft  # in place
    assert DRAFTING.freeze(draft) == write(point, new_x, new_z) == point.replace(x=new_x, z=new_z)
    assert point == Point(x, y, z)  # the struct thawed is untouched
    assert type(DRAFTING.freeze(draft)) is Point


def test_a_draft_is_never_a_key() -> None:
    with pytest.raises(TypeError):
        hash(DRAFTING.thaw(Point(1)))


def test_a_draft_type_must_hold_the_structs_fields() -> None:
    class Wrong(Draft):
        __slots__ = ("x", "y")

    with pytest.raises(TypeError, match=r"Wrong\.__slots__ must be Point\._fields"):
        Drafting(Point, Wrong)
    with pytest.raises(TypeError, match="unknown fields"):
        DRAFTING.writer("w")
