"""Card zones on a persistent map: typed zone ids, who may see each zone, and the common moves.

Zones are a persistent map from a :data:`ZoneId` to a tuple of cards, bottom
to top (the last card is the top): a :class:`ZoneMap`, whose zones sit in one
tuple in the order of their sorted names, each at its *place* (its index in that
order, :meth:`ZoneMap.place`).  Maps made from one another (:meth:`ZoneMap.set`,
:meth:`ZoneMap.mutate`) share the dict from name to place; a read names a zone
(``table[name]``: a dict lookup, then an index) or, where code reads a zone at
every step, its place (``table.at(place)``: one index).  A game names a dozen
zones, so a move between two zones copies that tuple of tuples once.  The
card-game kit (:mod:`pure_engine.cards`) keeps its entity ids in zones like these.

Each zone also has a :class:`ZoneSpec`: its owner and its :class:`Visibility`
(public, owner-only, hidden), from which observations and resampling are
derived generically (:func:`can_see`).

>>> deck, hand = ZoneId("deck"), ZoneId("hand")
>>> z0 = zones({deck: ("2S", "9H", "KS"), hand: ()})
>>> z1 = move_top(z0, deck, hand)
>>> z1[deck], z1[hand], z0[hand]          # z0 is unchanged
(('2S', '9H'), ('KS',), ())

Misuse is a programming error, not a player's illegal move: an unknown zone
raises ``KeyError``, moving more cards than a zone holds raises ``ValueError``.

>>> move_top(z0, deck, ZoneId("moon"))
Traceback (most recent call last):
...
KeyError: "no zone named 'moon'; zones: deck, hand"
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Generic, NewType, TypeVar, assert_never

from pure_engine.core.frozen import guard_writes
from pure_engine.core.rng import Rng, shuffled
from pure_engine.core.struct import Struct

__all__ = [
    "Visibility",
    "ZoneId",
    "ZoneMap",
    "ZoneMapMutation",
    "ZoneSpec",
    "Zones",
    "can_see",
    "deal",
    "draw",
    "move_card",
    "move_top",
    "shuffle_zone",
    "zones",
]

ZoneId = NewType("ZoneId", str)
"""The name of a zone (``ZoneId("hand0")``): a distinct type, so mypy catches a card passed
where a zone was meant."""

C = TypeVar("C")


def _places_of(names: Iterable[ZoneId]) -> dict[ZoneId, int]:
    """Each zone's place in a :class:`ZoneMap` of these zones: its index in sorted order."""
    return {name: place for place, name in enumerate(sorted(set(names)))}


class ZoneMap(Generic[C]):
    """An immutable map from zone ids to tuples of cards, kept as one tuple of zones.

    Each zone sits at its place in ``cards``: its index in the sorted order of the names, so
    two maps of the same items have equal tuples, and a place found for a zone name
    (:meth:`place`) holds in every map of the same zones.  The dict from name to place is
    shared by the maps made from one another and never written once built (it is private: a
    state is immutable all the way down; :attr:`index` is a read-only view of it).  Why
    (compiled, the ``skirmish`` workload: about 40 000 zone reads in its 10 games): the
    ``immutables.Map`` HAMT this replaced answered a read in ~150 instructions; a read by name
    here is a dict lookup and an index (~180), a read by place (:meth:`at`) one index (~20),
    and the card kit and skirmish read the zones they scan at every step by place:
    ``skirmish`` 71.35 M -> 66.37 M instructions, ``magic`` 175.29 M -> 173.37 M (cachegrind,
    compiled).

    >>> z = ZoneMap.from_items([(ZoneId("hand"), ("AS",)), (ZoneId("deck"), ())])
    >>> z["hand"], z.set(ZoneId("hand"), ())["hand"], z["hand"], len(z), sorted(z)
    (('AS',), (), ('AS',), 2, ['deck', 'hand'])
    >>> z.place(ZoneId("hand")), z.at(1), z == ZoneMap.from_items(z.items())
    (1, ('AS',), True)
    >>> z["moon"]
    Traceback (most recent call last):
    ...
    KeyError: 'moon'
    >>> z.index[ZoneId("hand")] = 0
    Traceback (most recent call last):
    ...
    TypeError: 'mappingproxy' object does not support item assignment
    """

    def __init__(self, places: dict[ZoneId, int], cards: tuple[tuple[C, ...], ...]) -> None:
        if len(places) != len(cards):
            raise ValueError(f"a zone map of {len(places)} zones holds {len(cards)} tuples")
        self._places: Final = places
        self.cards: Final = cards

    @staticmethod
    def from_items(items: Iterable[tuple[ZoneId, tuple[C, ...]]]) -> ZoneMap[C]:
        """A map of *items* (later pairs win)."""
        content = dict(items)
        places = _places_of(content)
        return ZoneMap(places, tuple(content[name] for name in places))

    @property
    def index(self) -> Mapping[ZoneId, int]:
        """Each zone id's place (a read-only view)."""
        return MappingProxyType(self._places)

    def place(self, name: ZoneId) -> int:
        """The place of zone *name* (``KeyError`` when the map has no such zone)."""
        return self._places[name]

    def at(self, place: int) -> tuple[C, ...]:
        """The cards of the zone at *place* (:meth:`place`, or the layout's place)."""
        return self.cards[place]

    def __getitem__(self, name: ZoneId) -> tuple[C, ...]:
        return self.cards[self._places[name]]

    def get(self, name: ZoneId, default: tuple[C, ...] | None = None) -> tuple[C, ...] | None:
        """The cards of zone *name*, or *default*."""
        place = self._places.get(name)
        return default if place is None else self.cards[place]

    def __contains__(self, name: object) -> bool:
        return name in self._places

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[ZoneId]:
        return iter(self._places)

    def keys(self) -> list[ZoneId]:
        """The zone ids, sorted."""
        return list(self._places)

    def values(self) -> list[tuple[C, ...]]:
        """The zones' cards, by sorted zone id."""
        return list(self.cards)

    def items(self) -> list[tuple[ZoneId, tuple[C, ...]]]:
        """The ``(zone id, cards)`` pairs, by sorted zone id."""
        return list(zip(self._places, self.cards, strict=True))

    def set(self, name: ZoneId, cards: tuple[C, ...]) -> ZoneMap[C]:
        """A copy with zone *name* holding *cards* (a new name is added)."""
        place = self._places.get(name)
        if place is None:
            return ZoneMap.from_items([*self.items(), (name, cards)])
        changed = list(self.cards)
        changed[place] = cards
        return ZoneMap(self._places, tuple(changed))

    def mutate(self) -> ZoneMapMutation[C]:
        """A builder that copies the zones once for many writes."""
        return ZoneMapMutation(self._places, list(self.cards))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ZoneMap):
            return False
        return (self._places is other._places or self._places == other._places) and (
            self.cards == other.cards
        )

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.cards)

    def __repr__(self) -> str:
        return f"ZoneMap({dict(self.items())!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (ZoneMap.from_items, (self.items(),))

    def __copy__(self) -> ZoneMap[C]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ZoneMap[C]:
        return self


Mapping.register(ZoneMap)


# (not a ``Frozen``: its ``values`` would be the map's, not the record's fields)
guard_writes(ZoneMap)


class ZoneMapMutation(Generic[C]):
    """The builder of :meth:`ZoneMap.mutate`: set zones, then :meth:`finish`.

    >>> b = ZoneMap.from_items([(ZoneId("a"), (1,)), (ZoneId("b"), ())]).mutate()
    >>> b[ZoneId("b")] = b[ZoneId("a")] + (2,)
    >>> b.finish()
    ZoneMap({'a': (1,), 'b': (1, 2)})
    """

    def __init__(self, places: dict[ZoneId, int], cards: list[tuple[C, ...]]) -> None:
        self._places = places  # (never written: a new zone makes a new dict)
        self._cards = cards

    def __getitem__(self, name: ZoneId) -> tuple[C, ...]:
        return self._cards[self._places[name]]

    def get(self, name: ZoneId, default: tuple[C, ...] | None = None) -> tuple[C, ...] | None:
        """The cards of zone *name* so far, or *default*."""
        place = self._places.get(name)
        return default if place is None else self._cards[place]

    def __setitem__(self, name: ZoneId, cards: tuple[C, ...]) -> None:
        place = self._places.get(name)
        if place is None:  # a new zone: a new dict of places
            built = ZoneMap.from_items(
                [*zip(self._places, self._cards, strict=True), (name, cards)]
            )
            self._places, self._cards = built._places, list(built.cards)
        else:
            self._cards[place] = cards

    def finish(self) -> ZoneMap[C]:
        """The map built (the builder may go on)."""
        return ZoneMap(self._places, tuple(self._cards))


Zones = ZoneMap[C]
"""Zone id -> cards, bottom to top."""


class Visibility(enum.Enum):
    """Who may see what a zone holds (everyone may always see how many cards it holds)."""

    PUBLIC = "public"
    """Everyone sees every card and its order (a battlefield, a graveyard)."""
    OWNER = "owner"
    """The owner sees the cards; the others see how many (a hand)."""
    HIDDEN = "hidden"
    """Nobody sees the order; only cards revealed to a player are shown to them (a deck)."""


class ZoneSpec(Struct):
    """A zone's owner (``None``: shared) and visibility.

    >>> ZoneSpec(owner=0, visibility=Visibility.OWNER)
    ZoneSpec(owner=0, visibility=<Visibility.OWNER: 'owner'>)
    """

    owner: int | None
    visibility: Visibility


def can_see(spec: ZoneSpec, player: int) -> bool:
    """True when *player* sees the cards of a zone with this spec (not only their number).

    >>> hand = ZoneSpec(1, Visibility.OWNER)
    >>> can_see(hand, 1), can_see(hand, 0), can_see(ZoneSpec(None, Visibility.PUBLIC), 0)
    (True, False, True)
    """
    match spec.visibility:
        case Visibility.PUBLIC:
            return True
        case Visibility.OWNER:
            return spec.owner == player
        case Visibility.HIDDEN:
            return False
        case _:
            assert_never(spec.visibility)


def zones(content: Mapping[ZoneId, Iterable[C]]) -> Zones[C]:
    """Build zones from plain data (a boundary helper).

    >>> zones({ZoneId("a"): [1, 2]})[ZoneId("a")]
    (1, 2)
    """
    return ZoneMap.from_items((name, tuple(cards)) for name, cards in content.items())


def _zone(table: Zones[C], name: ZoneId) -> tuple[C, ...]:
    try:
        return table[name]
    except KeyError:
        raise _missing(table, name) from None


def _missing(table: Zones[C], name: ZoneId) -> KeyError:
    return KeyError(f"no zone named {name!r}; zones: {', '.join(sorted(table))}")


def _split_top(
    table: Zones[C], name: ZoneId, n: int, verb: str
) -> tuple[tuple[C, ...], tuple[C, ...]]:
    """Zone *name* cut below its top *n* cards: ``(the rest, the top n bottom first)``; a
    ValueError saying what could not *verb* when the zone holds fewer (or *n* < 1)."""
    source = _zone(table, name)
    if not 0 < n <= len(source):
        raise ValueError(f"cannot {verb} {n} card(s) from {name!r}: it holds {len(source)}")
    cut = len(source) - n
    return source[:cut], source[cut:]


def move_top(table: Zones[C], src: ZoneId, dst: ZoneId, n: int = 1) -> Zones[C]:
    """Move the top *n* cards of *src* onto *dst*, keeping their order (a built group).

    >>> a, b = ZoneId("a"), ZoneId("b")
    >>> move_top(zones({a: (1, 2, 3), b: ()}), a, b, 2)[b]
    (2, 3)
    """
    rest, top = _split_top(table, src, n, "move")
    target = _zone(table, dst)
    if src == dst:
        return table  # a group moved onto its own pile lands where it was
    m = table.mutate()  # local mutation of a fresh map; nobody else can see it
    m[src] = rest
    m[dst] = target + top
    return m.finish()


def draw(table: Zones[C], deck: ZoneId, hand: ZoneId, n: int = 1) -> Zones[C]:
    """Draw *n* cards one at a time from the top of *deck* into *hand* (order reverses).

    >>> deck, hand = ZoneId("deck"), ZoneId("hand")
    >>> draw(zones({deck: (1, 2, 3), hand: ()}), deck, hand, 2)[hand]
    (3, 2)
    """
    rest, top = _split_top(table, deck, n, "draw")
    drawn = top[::-1]
    if hand == deck:
        return table.set(deck, rest + drawn)
    m = table.mutate()
    m[deck] = rest
    m[hand] = _zone(table, hand) + drawn
    return m.finish()


def move_card(
    table: Zones[C], card: C, src: ZoneId, dst: ZoneId, *, at: int | None = None
) -> Zones[C]:
    """Move one named *card* from anywhere in *src* to *dst*: on top, or at index *at*.

    >>> hand, play = ZoneId("hand"), ZoneId("play")
    >>> move_card(zones({hand: ("AS", "KD"), play: ()}), "AS", hand, play)[play]
    ('AS',)
    >>> move_card(zones({hand: ("AS",), play: ("2C", "3C")}), "AS", hand, play, at=1)[play]
    ('2C', 'AS', '3C')
    """
    # each zone's place found once (a missing zone goes through _zone for its error)
    places = table._places  # (this module's own map: its places read once each)
    try:
        src_at, dst_at = places[src], places[dst]
    except KeyError:
        raise _missing(table, dst if src in places else src) from None
    source = table.cards[src_at]
    # looked for from the top down: a card is most often moved from the top of its zone (a draw
    # takes the last card of the deck, the one ``tuple.index`` reached last: move_card took
    # 3.6 M -> 2.5 M of the ``skirmish`` workload's 74.3 M instructions, callgrind, compiled)
    where = len(source) - 1
    while where >= 0 and source[where] != card:
        where -= 1
    if where < 0:
        raise ValueError(f"card {card!r} is not in {src!r}")
    # (a card at the top or the bottom, as a spell alone on the stack: one slice)
    if where == len(source) - 1:
        rest = source[:where]
    else:
        rest = source[:where] + source[where + 1 :] if where else source[1:]
    target = rest if src_at == dst_at else table.cards[dst_at]
    # (on top: a tuple joined by ``+``, no list built for a starred display)
    placed = target + (card,) if at is None else (*target[:at], card, *target[at:])  # noqa: RUF005
    changed = list(table.cards)
    changed[src_at] = rest
    changed[dst_at] = placed
    return ZoneMap(places, tuple(changed))


def deal(table: Zones[C], deck: ZoneId, hands: Sequence[ZoneId], n: int) -> Zones[C]:
    """Deal *n* cards to each hand in turn from the top of *deck*, as a dealer does.

    >>> d, n_, s = ZoneId("deck"), ZoneId("n"), ZoneId("s")
    >>> z = deal(zones({d: tuple(range(6)), n_: (), s: ()}), d, [n_, s], 2)
    >>> z[n_], z[s], z[d]
    ((5, 3), (4, 2), (0, 1))
    """
    source = _zone(table, deck)
    need = n * len(hands)
    if need > len(source):
        raise ValueError(f"cannot deal {need} card(s) from {deck!r}: it holds {len(source)}")
    if deck in hands:
        raise ValueError(f"cannot deal from {deck!r} to itself")
    top_first = source[::-1]
    m = table.mutate()
    for seat, hand in enumerate(hands):
        dealt = m.get(hand)
        if dealt is None:
            dealt = _zone(table, hand)  # (it raises, naming the zones)
        m[hand] = dealt + top_first[seat : need : len(hands)]
    m[deck] = source[: len(source) - need]
    return m.finish()


def shuffle_zone(table: Zones[C], name: ZoneId, rng: Rng) -> tuple[Zones[C], Rng]:
    """Shuffle one zone with the state's counter RNG; return the zones and the next RNG.

    >>> deck = ZoneId("deck")
    >>> z, rng = shuffle_zone(zones({deck: range(10)}), deck, Rng(3))
    >>> sorted(z[deck]) == list(range(10)), rng.counter > 0
    (True, True)
    """
    cards, rng = shuffled(rng, _zone(table, name))
    return table.set(name, cards), rng
