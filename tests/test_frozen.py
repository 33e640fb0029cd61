"""Frozen records behave as the Struct of the same fields: equality, order, hash, digest, pickle."""

from __future__ import annotations

import copy
import pickle
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.core.digest import digest
from pure_engine.core.frozen import Frozen
from pure_engine.core.struct import Struct, fields_of, named_fields
from pure_engine.testing.check_state import find_mutable
from pure_engine.testing.golden import stable_repr


class PairStruct(Struct):
    a: int
    b: tuple[int, ...] = ()


class Pair(Frozen):
    __match_args__ = ("a", "b")

    def __init__(self, a: int, b: tuple[int, ...] = ()) -> None:
        self.a: Final = a
        self.b: Final = b


class Other(Frozen):
    __match_args__ = ("a", "b")

    def __init__(self, a: int, b: tuple[int, ...] = ()) -> None:
        self.a: Final = a
        self.b: Final = b


class Wider(Pair):
    __match_args__ = ("a", "b", "c")

    def __init__(self, a: int, b: tuple[int, ...] = (), c: str = "") -> None:
        super().__init__(a, b)
        self.c: Final = c


PairStruct.__qualname__ = PairStruct.__name__ = "Pair"  # the same name: the same digest

pairs = st.tuples(st.integers(-3, 3), st.tuples(*[st.integers(0, 2)] * 2))


@given(pairs, pairs)
def test_equality_order_and_hash_are_the_structs(x: tuple[Any, ...], y: tuple[Any, ...]) -> None:
    fx, fy, sx, sy = Pair(*x), Pair(*y), PairStruct(*x), PairStruct(*y)
    assert (fx == fy) == (sx == sy) and (fx != fy) == (sx != sy)
    assert (fx < fy, fx <= fy, fx > fy, fx >= fy) == (sx < sy, sx <= sy, sx > sy, sx >= sy)
    assert fx != fy or hash(fx) == hash(fy)
    assert digest(fx) == digest(sx) and (digest(fx) == digest(fy)) == (fx == fy)
    assert stable_repr(fx) == stable_repr(sx) and repr(fx) == repr(sx)
    assert fx.values() == sx.values() and fields_of(fx) == fields_of(sx)


def test_a_record_equals_only_its_own_class() -> None:
    assert Pair(1) != Other(1) and Pair(1) != (1, ()) and Pair(1) != Wider(1)
    assert len({Pair(1), Pair(1), Other(1)}) == 2
    with pytest.raises(TypeError, match="not supported"):
        assert Pair(1) < Other(2)


def test_no_field_can_be_set() -> None:
    for record, name in ((Pair(1), "a"), (Wider(1), "a"), (Wider(1), "c")):
        with pytest.raises(AttributeError, match="not writable"):
            setattr(record, name, 2)
        assert getattr(record, name) == getattr(type(record)(1), name)


def test_replace_pickle_copy_and_patterns() -> None:
    w = Wider(1, (2,), "x")
    assert w.replace(c="y") == Wider(1, (2,), "y") and w.c == "x"
    with pytest.raises(TypeError, match=r"unexpected fields \['d'\]"):
        w.replace(d=1)
    assert pickle.loads(pickle.dumps(w)) == w
    assert copy.copy(w) is w and copy.deepcopy(w) is w
    match w:
        case Wider(a, b, c):
            assert (a, b, c) == (1, (2,), "x")
    assert list(named_fields(w)) == [("a", 1), ("b", (2,)), ("c", "x")]


def test_the_state_check_walks_a_record() -> None:
    assert find_mutable(Pair(1, (2,))) is None
    found = find_mutable(Pair(1, [2]))  # type: ignore[arg-type]  # a list: what the check finds
    assert found is not None and ".b" in str(found)
