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
from pyrsistent import PVector

from pure_engine.core.record import Record

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
    # bool before int (bool is an int subclass); enums by class and name
    if value is None:
        out.append(b"N")
    elif value is True or value is False:
        out.append(b"T" if value else b"F")
    elif isinstance(value, enum.Enum):
        name = f"{type(value).__qualname__}.{value.name}".encode()
        out.append(b"E" + _pack_q(len(name)) + name)
    elif isinstance(value, int):
        _int(value, out)
    elif isinstance(value, str):
        raw = value.encode()
        out.append(b"s" + _pack_q(len(raw)) + raw)
    elif isinstance(value, bytes):
        out.append(b"b" + _pack_q(len(value)) + value)
    elif isinstance(value, Record):
        name = type(value).__qualname__.encode()
        out.append(b"R" + _pack_q(len(name)) + name + _pack_q(tuple.__len__(value) - 1))
        for item in value[1:]:
            _encode(item, out)
    elif isinstance(value, tuple | PVector):
        out.append(b"(" + _pack_q(len(value)))
        for item in value:
            _encode(item, out)
    elif isinstance(value, frozenset):
        out.append(b"{" + _pack_q(len(value)))
        out.extend(sorted(encode(item) for item in value))
    elif isinstance(value, immutables.Map | Mapping) and not isinstance(value, dict):
        out.append(b"M" + _pack_q(len(value)))
        out.extend(sorted(encode(k) + encode(v) for k, v in value.items()))
    elif isinstance(value, Fraction):
        out.append(b"/")
        _int(value.numerator, out)
        _int(value.denominator, out)
    elif isinstance(value, float):
        out.append(b"f" + struct.pack(">d", value))
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
