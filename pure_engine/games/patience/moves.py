"""The move record every patience tool shares: typed locations, text, JSON and FreeCell notation.

A :class:`Move` names a source and a destination :class:`Location` and how
many cards move.  A location is a :class:`Place` (its kind) and, for the
numbered places, a 0-based index; text names it as the tools always have:
``"t1"``..``"tN"`` tableau piles, ``"c1"``..``"cN"`` cells, ``"f"`` the
foundations (the suit decides which; ``"f1"``..``"f4"`` -- clubs, diamonds,
hearts, spades -- name one when a card leaves a removable foundation),
``"h"`` the hole, ``"s"`` the stock, ``"w"`` the waste and ``"r1"``..``"rN"``
reserve piles.  Text is parsed once, at the boundary (:func:`parse_location`,
:func:`parse_move`, :func:`moves_from_json`); the solver, the transition and
the verifier then read ``move.src.kind`` and ``move.src.index`` and never
parse a name again.  The locations every variant uses are built once
(:data:`PILES`, :data:`CELLS`, :data:`FOUNDATIONS`, ...), so making a move
allocates no location.

>>> moves = moves_from_json([{"from": "t3", "to": "c1", "count": 1}, {"from": "c1", "to": "f"}])
>>> moves
(Move.from_str('t3-c1'), Move.from_str('c1-f'))
>>> moves[0].src.kind, moves[0].src.index, moves[0].src is PILES[2]
(<Place.PILE: 't'>, 2, True)
>>> moves_to_json(moves)[1]
{'from': 'c1', 'to': 'f', 'count': 1}
>>> [fc_notation(m) for m in moves]
['3a', 'ah']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from typing import Final

from pure_engine.core.frozen import Frozen
from pure_engine.errors import ParseError

__all__ = [
    "CELLS",
    "FOUNDATIONS",
    "FOUNDATION_PILES",
    "HOLE",
    "NO_INDEX",
    "PILES",
    "RESERVES",
    "STOCK",
    "WASTE",
    "Location",
    "Move",
    "Place",
    "Places",
    "fc_notation",
    "move_str",
    "moves_from_json",
    "moves_to_json",
    "parse_fc_notation",
    "parse_location",
    "parse_move",
]

_LOCATION = re.compile(r"^(?:([tcrf])([1-9][0-9]*)|([fhsw]))$")
_CELL_LETTERS = "abcdefgklmnopqrstuvwxyz"  # as fc-solve: no h (home), i or j

NO_INDEX = -1
"""The index of a place that is not numbered (``"f"``, ``"h"``, ``"s"``, ``"w"``)."""


class Place(StrEnum):
    """The kinds of location; each value is the letter that starts the location's name."""

    PILE = "t"
    """A tableau pile (numbered)."""
    CELL = "c"
    """A free cell (numbered)."""
    FOUNDATION = "f"
    """The foundations: unnumbered as a destination (the suit decides), numbered
    (one per suit, clubs to spades) as the source of a card coming back."""
    HOLE = "h"
    """The hole (Black Hole, Golf)."""
    STOCK = "s"
    """The stock."""
    WASTE = "w"
    """The waste."""
    RESERVE = "r"
    """A reserve pile (numbered)."""


class Places:
    """The :class:`Place` members as plain class attributes, for ``match`` on hot paths.

    On Python 3.11 reading a member off an enum class (``Place.PILE``) goes
    through the slow attribute hook ``EnumType.__getattr__`` installs: about four
    times a plain class attribute's cost (measured on this machine: 0.58 against
    0.13 us per read under load).  A ``case`` value pattern reads its name every
    time it is tried, so the transition and the solver write ``case Places.PILE:``;
    mypy gives each alias its member's literal type, so ``assert_never`` still
    proves such a ``match`` exhaustive.

    >>> Places.PILE is Place.PILE
    True
    """

    PILE: Final = Place.PILE
    CELL: Final = Place.CELL
    FOUNDATION: Final = Place.FOUNDATION
    HOLE: Final = Place.HOLE
    STOCK: Final = Place.STOCK
    WASTE: Final = Place.WASTE
    RESERVE: Final = Place.RESERVE


class Location(Frozen):
    """A place on the table: its *kind* and, for numbered places, a 0-based *index*.

    Built once per name and shared (:data:`PILES`, ...): compare them with ``==``.

    >>> parse_location("t10") == Location(Place.PILE, 9), str(Location(Place.HOLE))
    (True, 'h')
    """

    __match_args__ = ("kind", "index")

    def __init__(self, kind: Place, index: int = NO_INDEX) -> None:
        self.kind: Final = kind
        self.index: Final = index

    def __str__(self) -> str:
        return self.kind.value if self.index < 0 else f"{self.kind.value}{self.index + 1}"

    def __repr__(self) -> str:
        return f"Location.from_str({str(self)!r})"

    @classmethod
    def from_str(cls, text: str) -> Location:
        """The location *text* names (``"t3"``, ``"f"``, ...): :func:`parse_location`."""
        return parse_location(text)


# Final: compiled code reads these (and position.EMPTY) as C statics, not from the module's
# dict (FreeCell deals 2-31: 1642 M instructions against 1726 M)
PILES: Final = tuple(Location(Place.PILE, i) for i in range(64))
"""``PILES[i]`` is tableau pile ``t{i+1}``."""
CELLS: Final = tuple(Location(Place.CELL, i) for i in range(64))
"""``CELLS[j]`` is cell ``c{j+1}``."""
RESERVES: Final = tuple(Location(Place.RESERVE, i) for i in range(104))
"""``RESERVES[j]`` is reserve pile ``r{j+1}``."""
FOUNDATION_PILES: Final = tuple(Location(Place.FOUNDATION, s) for s in range(4))
"""``FOUNDATION_PILES[s]`` is suit *s*'s foundation as a source, ``f{s+1}``."""
FOUNDATIONS: Final = Location(Place.FOUNDATION)
"""``"f"``: the foundations, as a destination (the card's suit picks the pile)."""
HOLE: Final = Location(Place.HOLE)
STOCK: Final = Location(Place.STOCK)
WASTE: Final = Location(Place.WASTE)

_BUILT = {
    str(location): location
    for location in (*PILES, *CELLS, *RESERVES, *FOUNDATION_PILES, FOUNDATIONS, HOLE, STOCK, WASTE)
}


def parse_location(text: object, *, where: str = "location") -> Location:
    """The :class:`Location` a name like ``"t3"``, ``"c1"``, ``"f"``, ``"f2"``, ``"r1"`` gives.

    >>> parse_location("c2") is CELLS[1], parse_location("t100")
    (True, Location.from_str('t100'))
    >>> parse_location("c0")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: location: expected a location like 't3', 'c1', 'f', 'h', \
's', 'w' or 'r1', found 'c0'
    """
    if isinstance(text, str):
        built = _BUILT.get(text)
        if built is not None:
            return built
        found = _LOCATION.match(text)
        if found is not None:
            letter, number, single = found.groups()
            if single:
                return Location(Place(single))
            return Location(Place(letter), int(number) - 1)
    raise ParseError(
        f"expected a location like 't3', 'c1', 'f', 'h', 's', 'w' or 'r1', found {text!r}",
        where=where,
    )


class Move(Frozen):
    """Move *count* cards from location *src* to location *dst*.

    ``str(move)`` is the text notation ``"t3-c1"`` (``"t3-t8x3"`` for three
    cards), which :meth:`from_str` reads back.

    Like :class:`Location` and the state, a native record
    (:class:`~pure_engine.core.frozen.Frozen`): the solver makes about ten a position.

    >>> move = Move(PILES[0], FOUNDATIONS)
    >>> move, str(move), Move.from_str("t3-t8x3").count
    (Move.from_str('t1-f'), 't1-f', 3)
    """

    __match_args__ = ("src", "dst", "count")

    def __init__(self, src: Location, dst: Location, count: int = 1) -> None:
        self.src: Final = src
        self.dst: Final = dst
        self.count: Final = count

    def __str__(self) -> str:
        text = f"{self.src}-{self.dst}"
        return text if self.count == 1 else f"{text}x{self.count}"

    def __repr__(self) -> str:
        return f"Move.from_str({str(self)!r})"

    @classmethod
    def from_str(cls, text: str) -> Move:
        """The move ``"t3-c1"`` / ``"t3-t8x3"`` names: :func:`parse_move`."""
        return parse_move(text)


def parse_move(text: str, *, where: str = "move") -> Move:
    """Parse the text notation ``"t3-c1"`` (one card) or ``"t3-t8x3"`` (three cards).

    >>> parse_move("t3-t8x3") == Move(PILES[2], PILES[7], 3)
    True
    >>> parse_move("t3-t8x0")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: move: expected a card count >= 1 after 'x', found 't3-t8x0'
    """
    src, dash, rest = text.strip().lower().partition("-")
    if not dash:
        raise ParseError(f"expected a move like 't3-c1' or 't3-t8x2', found {text!r}", where=where)
    dst, x, count = rest.partition("x")
    if x and not (count.isdigit() and int(count) > 0):
        raise ParseError(f"expected a card count >= 1 after 'x', found {text!r}", where=where)
    return Move(
        parse_location(src, where=where),
        parse_location(dst, where=where),
        int(count) if x else 1,
    )


def move_str(move: Move) -> str:
    """Short text ``src->dst xN`` used in messages.

    >>> move_str(parse_move("t3-c1"))
    't3->c1 x1'
    """
    return f"{move.src}->{move.dst} x{move.count}"


def moves_to_json(moves: Iterable[Move]) -> list[dict[str, object]]:
    """``[{"from": ..., "to": ..., "count": ...}, ...]``.

    >>> moves_to_json([parse_move("t1-t2x3")])
    [{'from': 't1', 'to': 't2', 'count': 3}]
    """
    return [{"from": str(m.src), "to": str(m.dst), "count": m.count} for m in moves]


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
        src = parse_location(item["from"], where=f'{at}["from"]')
        dst = parse_location(item["to"], where=f'{at}["to"]')
        count = item.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ParseError(f"expected a count >= 1, found {count!r}", where=f'{at}["count"]')
        out.append(Move(src, dst, count))
    return tuple(out)


def _fc_place(location: Location) -> str:
    kind, index = location.kind, location.index
    if kind is Place.PILE:
        return str(index + 1)
    if kind is Place.CELL and index < len(_CELL_LETTERS):
        return _CELL_LETTERS[index]
    if location == FOUNDATIONS:
        return "h"
    raise ValueError(f"no FreeCell notation for location {str(location)!r}")


def fc_notation(move: Move, variant: object = None) -> str:
    """Standard FreeCell notation, as fc-solve writes it: piles by number (``10`` for
    the tenth), cells ``a``-``g`` then ``k``, ``l``, ... (``h`` is taken by "home", the
    foundation).  The card count is left implicit, as players write it.

    *variant* is accepted for symmetry with other notations and not needed.

    >>> [fc_notation(parse_move(m)) for m in ["t3-c1", "t3-t8x3", "c1-t8", "t4-f"]]
    ['3a', '38', 'a8', '4h']
    >>> fc_notation(parse_move("t10-c8")), fc_notation(parse_move("c8-t1"))
    ('10k', 'k1')
    """
    return _fc_place(move.src) + _fc_place(move.dst)


def parse_fc_notation(text: str, *, where: str = "move") -> Move:
    """Parse ``"3a"``, ``"38"``, ``"a8"``, ``"4h"``, ``"10k"`` (count 1).

    A leading ``10`` is the tenth pile (``"101"`` is pile 10 to pile 1), as fc-solve
    reads it.

    >>> parse_fc_notation("a8"), parse_fc_notation("4h")
    (Move.from_str('c1-t8'), Move.from_str('t4-f'))
    >>> parse_fc_notation("110"), parse_fc_notation("101")
    (Move.from_str('t1-t10'), Move.from_str('t10-t1'))
    """
    cleaned = text.strip().lower()
    split = 2 if cleaned.startswith("10") and len(cleaned) > 2 else 1
    first, second = cleaned[:split], cleaned[split:]
    return Move(_from_fc(first, text, where), _from_fc(second, text, where), 1)


def _from_fc(part: str, text: str, where: str) -> Location:
    if part in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10"):
        return PILES[int(part) - 1]
    if part == "h":
        return FOUNDATIONS
    if len(part) == 1 and part in _CELL_LETTERS:
        return CELLS[_CELL_LETTERS.index(part)]
    raise ParseError(f"expected a FreeCell move like '3a' or '4h', found {text!r}", where=where)
