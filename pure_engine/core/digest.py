"""A stable 64-bit digest of immutable values, identical in every process.

Python's ``hash()`` of ``str``/``bytes`` is salted per process (PYTHONHASHSEED),
so nothing stored or compared across processes may depend on it.  ``digest``
walks a value and feeds a canonical byte encoding to BLAKE2b instead.

>>> digest((1, "a", frozenset({2, 3}))) == digest((1, "a", frozenset({3, 2})))
True
>>> hex_digest(("x",))
'bec8295468dba662'
"""

from __future__ import annotations

import enum
import hashlib
import struct
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import immutables
from pyrsistent import PVector, pvector

from pure_engine.core.dense import DenseMap
from pure_engine.core.frozen import Frozen
from pure_engine.core.struct import Struct

__all__ = ["digest", "encode", "hex_digest"]

_pack_q = struct.Struct(">q").pack


def _int(value: int, out: list[bytes]) -> None:
    if -(2**63) <= value < 2**63:
        out.append(b"i")
        out.append(_pack_q(value))
    else:
        raw = str(value).encode()
        out.append(b"I" + _pack_q(len(raw)) + raw)


def _encode(value: Any, out: list[bytes]) -> None:
    # exact-type dispatch first (the common case); subclasses take the general path
    fast = _BY_TYPE.get(type(value))
    if fast is not None:
        fast(value, out)
    else:
        _encode_general(value, out)


def _none(value: None, out: list[bytes]) -> None:
    out.append(b"N")


def _bool(value: bool, out: list[bytes]) -> None:
    out.append(b"T" if value else b"F")


def _str(value: str, out: list[bytes]) -> None:
    raw = value.encode()
    out.append(b"s" + _pack_q(len(raw)) + raw)


def _bytes(value: bytes, out: list[bytes]) -> None:
    out.append(b"b" + _pack_q(len(value)) + value)


def _sequence(value: tuple[Any, ...] | PVector[Any], out: list[bytes]) -> None:
    out.append(b"(" + _pack_q(len(value)))
    for item in value:
        _encode(item, out)


def _frozenset(value: frozenset[Any], out: list[bytes]) -> None:
    out.append(b"{" + _pack_q(len(value)))
    out.extend(sorted(encode(item) for item in value))


def _mapping(value: Mapping[Any, Any], out: list[bytes]) -> None:
    out.append(b"M" + _pack_q(len(value)))
    out.extend(sorted(encode(k) + encode(v) for k, v in value.items()))


def _dense(value: DenseMap[Any, Any], out: list[bytes]) -> None:
    # exactly _mapping's bytes: the keys are ids from 0 up, whose encodings (b"i" and eight
    # big-endian bytes) sort as the ids do, so ascending ids need no sort
    out.append(b"M" + _pack_q(len(value)))
    for key, item in value.items():
        _int(key, out)
        _encode(item, out)


def _fraction(value: Fraction, out: list[bytes]) -> None:
    out.append(b"/")
    _int(value.numerator, out)
    _int(value.denominator, out)


def _float(value: float, out: list[bytes]) -> None:
    out.append(b"f" + struct.pack(">d", value))


def _record_encoder(cls: type[Struct | Frozen]) -> Any:
    # a Frozen record encodes exactly as the Struct of the same name and fields
    name = cls.__qualname__.encode()
    fields = cls._fields if issubclass(cls, Struct) else cls.__match_args__
    header = b"R" + _pack_q(len(name)) + name + _pack_q(len(fields))

    def encode_record(value: Struct | Frozen, out: list[bytes]) -> None:
        out.append(header)
        for item in value[1:] if isinstance(value, Struct) else value.values():
            _encode(item, out)

    return encode_record


_BY_TYPE: dict[type, Any] = {
    type(None): _none,
    bool: _bool,
    int: _int,
    str: _str,
    bytes: _bytes,
    tuple: _sequence,
    frozenset: _frozenset,
    Fraction: _fraction,
    float: _float,
    immutables.Map: _mapping,
    DenseMap: _dense,
    type(pvector()): _sequence,
}
"""Encoders by exact type; record classes are added the first time one is seen
(a pure function of the class, so the table never changes an answer)."""


def _encode_general(value: Any, out: list[bytes]) -> None:
    # bool before int (bool is an int subclass); enums by class and name
    if isinstance(value, enum.Enum):
        name = f"{type(value).__qualname__}.{value.name}".encode()
        out.append(b"E" + _pack_q(len(name)) + name)
    elif isinstance(value, Struct | Frozen):
        encoder = _BY_TYPE[type(value)] = _record_encoder(type(value))
        encoder(value, out)
    elif isinstance(value, bool):
        _bool(value, out)
    elif isinstance(value, int):
        _int(value, out)
    elif isinstance(value, str):
        _str(value, out)
    elif isinstance(value, bytes):
        _bytes(value, out)
    elif isinstance(value, tuple | PVector):
        _sequence(value, out)
    elif isinstance(value, frozenset):
        _frozenset(value, out)
    elif isinstance(value, immutables.Map | Mapping) and not isinstance(value, dict):
        _mapping(value, out)
    elif isinstance(value, Fraction):
        _fraction(value, out)
    elif isinstance(value, float):
        _float(value, out)
    else:
        raise TypeError(f"cannot digest a value of type {type(value).__name__}: {value!r:.60}")


def encode(value: Any) -> bytes:
    """Return the canonical byte encoding that :func:`digest` hashes.

    Equal values encode equally; sets and maps are encoded independently of
    insertion order.  Mutable containers (list, dict, set) are refused.

    >>> encode((1,)) == encode((1,))
    True
    >>> encode([1])
    Traceback (most recent call last):
    ...
    TypeError: cannot digest a value of type list: [1]
    """
    out: list[bytes] = []
    _encode(value, out)
    return b"".join(out)


def digest(value: Any) -> int:
    """Return a 64-bit unsigned digest of *value* that is the same in every process.

    >>> digest(0) == digest(0) and digest(0) != digest(False)
    True
    """
    return int.from_bytes(hashlib.blake2b(encode(value), digest_size=8).digest(), "big")


def hex_digest(value: Any) -> str:
    """Return :func:`digest` as 16 lower-case hex digits (the form records store)."""
    return f"{digest(value):016x}"
