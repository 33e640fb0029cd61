"""The move record every patience tool shares, its JSON form and FreeCell notation.

A :class:`Move` names a source and a destination location and how many cards
move.  Locations: ``"t1"``..``"tN"`` tableau piles, ``"c1"``..``"cN"`` cells,
``"f"`` the foundations (the suit decides which; ``"f1"``..``"f4"`` --
clubs, diamonds, hearts, spades -- name one when a card leaves a removable
foundation), ``"h"`` the hole, ``"s"``
the stock, ``"w"`` the waste and ``"r1"``..``"rN"`` reserve piles.  The solver
writes these moves and the verifier reads them back.

>>> moves = moves_from_json([{"from": "t3", "to": "c1", "count": 1}, {"from": "c1", "to": "f"}])
>>> moves
(Move(src='t3', dst='c1', count=1), Move(src='c1', dst='f', count=1))
>>> moves_to_json(moves)[1]
{'from': 'c1', 'to': 'f', 'count': 1}
>>> [fc_notation(m) for m in moves]
['3a', 'ah']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError

__all__ = [
    "Move",
    "fc_notation",
    "is_location",
    "move_str",
    "moves_from_json",
    "moves_to_json",
    "parse_fc_notation",
]

_LOCATION = re.compile(r"^(?:[tcrf][1-9][0-9]*|[fhsw])$")
_CELL_LETTERS = "abcdefgklmnopqrstuvwxyz"  # as fc-solve: no h (home), i or j


class Move(Struct):
    """Move *count* cards from location *src* to location *dst*.

    >>> Move("t1", "f")
    Move(src='t1', dst='f', count=1)
    """

    src: str
    dst: str
    count: int = 1  # type: ignore[assignment]  # the shared format names it; shadows tuple.count


def is_location(text: str) -> bool:
    """True for a well-formed location name (``t3``, ``c1``, ``f``, ``h``, ``s``, ``w``, ``r2``).

    >>> is_location("t10"), is_location("c0"), is_location("x")
    (True, False, False)
    """
    return isinstance(text, str) and _LOCATION.match(text) is not None


def move_str(move: Move) -> str:
    """Short text ``src->dst xN`` used in messages.

    >>> move_str(Move("t3", "c1"))
    't3->c1 x1'
    """
    return f"{move.src}->{move.dst} x{move.count}"


def moves_to_json(moves: Iterable[Move]) -> list[dict[str, object]]:
    """``[{"from": ..., "to": ..., "count": ...}, ...]``.

    >>> moves_to_json([Move("t1", "t2", 3)])
    [{'from': 't1', 'to': 't2', 'count': 3}]
    """
    return [{"from": m.src, "to": m.dst, "count": m.count} for m in moves]


def moves_from_json(obj: object, where: str = "moves") -> tuple[Move, ...]:
    """Parse a JSON move list strictly; ``count`` defaults to 1.

    >>> moves_from_json([{"from": "t1", "to": "q"}], "sol.json")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: sol.json: $[0]["to"]: expected a location like 't3', 'c1', \
'f', 'h', 's', 'w' or 'r1', found 'q'
    """
    if not isinstance(obj, list):
        raise ParseError(f"expected a list of moves, found {type(obj).__name__}", where=where)
    out = []
    for index, item in enumerate(obj):
        at = f"{where}: $[{index}]"
        if not isinstance(item, dict):
            raise ParseError(f"expected a move object, found {item!r}", where=at)
        unknown = sorted(set(item) - {"from", "to", "count"})
        if unknown:
            raise ParseError(f"unknown key {unknown[0]!r}; expected from, to, count", where=at)
        for key in ("from", "to"):
            if key not in item:
                raise ParseError(f"missing key {key!r}", where=at)
            if not is_location(item[key]):
                raise ParseError(
                    "expected a location like 't3', 'c1', 'f', 'h', 's', 'w' or 'r1', "
                    f"found {item[key]!r}",
                    where=f'{at}["{key}"]',
                )
        count = item.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ParseError(f"expected a count >= 1, found {count!r}", where=f'{at}["count"]')
        out.append(Move(item["from"], item["to"], count))
    return tuple(out)


def _fc_place(location: str) -> str:
    kind, number = location[0], location[1:]
    if kind == "t":
        return number
    if kind == "c" and int(number) <= len(_CELL_LETTERS):
        return _CELL_LETTERS[int(number) - 1]
    if location == "f":
        return "h"
    raise ValueError(f"no FreeCell notation for location {location!r}")


def fc_notation(move: Move, variant: object = None) -> str:
    """Standard FreeCell notation, as fc-solve writes it: piles by number (``10`` for
    the tenth), cells ``a``-``g`` then ``k``, ``l``, ... (``h`` is taken by "home", the
    foundation).  The card count is left implicit, as players write it.

    *variant* is accepted for symmetry with other notations and not needed.

    >>> [fc_notation(Move(*m)) for m in [("t3", "c1"), ("t3", "t8", 3), ("c1", "t8"), ("t4", "f")]]
    ['3a', '38', 'a8', '4h']
    >>> fc_notation(Move("t10", "c8")), fc_notation(Move("c8", "t1"))
    ('10k', 'k1')
    """
    return _fc_place(move.src) + _fc_place(move.dst)


def parse_fc_notation(text: str, *, where: str = "move") -> Move:
    """Parse ``"3a"``, ``"38"``, ``"a8"``, ``"4h"``, ``"10k"`` (count 1).

    A leading ``10`` is the tenth pile (``"101"`` is pile 10 to pile 1), as fc-solve
    reads it.

    >>> parse_fc_notation("a8"), parse_fc_notation("4h")
    (Move(src='c1', dst='t8', count=1), Move(src='t4', dst='f', count=1))
    >>> parse_fc_notation("110"), parse_fc_notation("101")
    (Move(src='t1', dst='t10', count=1), Move(src='t10', dst='t1', count=1))
    """
    cleaned = text.strip().lower()
    split = 2 if cleaned.startswith("10") and len(cleaned) > 2 else 1
    first, second = cleaned[:split], cleaned[split:]
    return Move(_from_fc(first, text, where), _from_fc(second, text, where), 1)


def _from_fc(part: str, text: str, where: str) -> str:
    if part in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10"):
        return f"t{part}"
    if part == "h":
        return "f"
    if len(part) == 1 and part in _CELL_LETTERS:
        return f"c{_CELL_LETTERS.index(part) + 1}"
    raise ParseError(f"expected a FreeCell move like '3a' or '4h', found {text!r}", where=where)
