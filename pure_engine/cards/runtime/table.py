"""The entity table: every card of a game as an immutable entity record with a stable, typed id.

A :class:`Table` holds two persistent maps: ``entities`` (:data:`EntityId` ->
:class:`Entity`), a :class:`~pure_engine.core.dense.DenseMap` (ids are handed out by the
table's counter, so the entities sit in one tuple indexed by id: a read is one index), and
``zones`` (:data:`~pure_engine.core.zones.ZoneId` -> the entity ids in that zone, bottom to
top / left to right), a :class:`~pure_engine.core.zones.ZoneMap` (the zones in one tuple, each
at the place its layout gives it: :meth:`Layout.place`).  Changing one entity copies the
entity tuple (a game's table holds 60-90 entities: the reads it makes cheap are 20-40 times
as many as its writes, see :mod:`~pure_engine.core.dense`); moving it also sets two keys of
the zone map (``python -m benchmarks cards`` measures 60, 600 and 6000 entities).

Where zones are, who owns them and who may see them is static: a
:class:`Layout`, built once by the game, lists its zones in the *table order*
(the order selectors return entities in).

>>> layout = Layout.build([("hand", 0, Visibility.OWNER), ("board", 0, Visibility.PUBLIC)])
>>> t0 = new_table(layout)
>>> t1, wisp = create(t0, layout.zone("hand", 0), card="wisp", owner=0, attack=1, health=1)
>>> t2 = move(t1, wisp, layout.zone("board", 0))
>>> t2.entities[wisp].zone, t2.zones[layout.zone("board", 0)], t1.entities[wisp].zone
('board0', (0,), 'hand0')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from pure_engine.cards.runtime.entity import (
    IDENTITY_FIELDS,
    Enchantment,
    Entity,
    EntityId,
    entity_identity,
)
from pure_engine.core.dense import DenseMap
from pure_engine.core.frozen import Frozen
from pure_engine.core.struct import Struct
from pure_engine.core.zones import Visibility, ZoneId, ZoneMap, ZoneSpec, move_card

__all__ = [
    "DOOMED",
    "ENCHANTMENT",
    "EXHAUSTED",
    "FIRST_GAME_STATUS",
    "FROZEN",
    "IDENTITY_FIELDS",
    "SILENCED",
    "Enchantment",
    "Entity",
    "EntityId",
    "Kinds",
    "Layout",
    "Table",
    "ZoneInfo",
    "add_entity",
    "create",
    "entities_in",
    "entity_identity",
    "is_alive",
    "move",
    "move_all",
    "new_table",
    "put",
    "put_all",
    "take_number",
    "update",
]

# Status bits the kit itself reads or sets; a game numbers its own from FIRST_GAME_STATUS up.
SILENCED: Final = 1 << 0
"""Silenced: no triggers, deathrattle or aura; keywords and buffs were removed."""
FROZEN: Final = 1 << 1
"""Frozen (set by the ``Freeze`` effect; what it forbids is the game's rule)."""
EXHAUSTED: Final = 1 << 2
"""Cannot act this turn (summoning sickness, tapped): the game's rule."""
DOOMED: Final = 1 << 3
"""Destroyed: leaves play at the next death phase."""
FIRST_GAME_STATUS: Final = 1 << 8
"""The first status bit free for a game's own use."""

ENCHANTMENT: Final = "enchantment"
"""The type of a card never played but given: a buff whose ``source`` names it grants the entity
it is on the card's triggers and deathrattle ("Give a minion 'Deathrattle: ...'"); silence,
which removes the buff, takes them away (:func:`~pure_engine.cards.runtime.events.emit`)."""


class Table(Frozen):
    """Entities by id (a :class:`~pure_engine.core.dense.DenseMap`), and the ids in each zone
    (bottom to top / left to right); ``next_id`` is the counter new ids (and
    :func:`take_number`'s numbers) come from.  A native record, as
    :class:`Entity` is: a table is built at every change of an entity or a zone."""

    __match_args__ = ("entities", "zones", "next_id")

    def __init__(
        self,
        entities: DenseMap[EntityId, Entity],
        zones: ZoneMap[EntityId],
        next_id: int = 0,
    ) -> None:
        self.entities: Final = entities
        self.zones: Final = zones
        self.next_id: Final = next_id

    def replace(  # type: ignore[override]  # named fields: see Entity.replace
        self,
        *,
        entities: DenseMap[EntityId, Entity] | None = None,
        zones: ZoneMap[EntityId] | None = None,
        next_id: int | None = None,
    ) -> Table:
        """A copy with the named fields changed (the table itself is untouched)."""
        return Table(
            self.entities if entities is None else entities,
            self.zones if zones is None else zones,
            self.next_id if next_id is None else next_id,
        )


class ZoneInfo(Struct):
    """A zone of the layout: id, kind ("hand", "board"...), owner and visibility."""

    id: ZoneId
    kind: str
    spec: ZoneSpec


@dataclass(frozen=True, slots=True)
class Layout:
    """The zones of a game in table order, with their owners and visibility (static data), and
    ``empty_zones``, the zone map of a table without cards (every table made by
    :func:`new_table` starts from it, so each zone's :meth:`place` holds in all of them)."""

    zones: tuple[ZoneInfo, ...]
    by_kind: Mapping[tuple[str, int | None], ZoneId]
    info: Mapping[ZoneId, ZoneInfo]
    empty_zones: ZoneMap[EntityId]

    @staticmethod
    def build(zones: Iterable[tuple[str, int | None, Visibility]]) -> Layout:
        """A layout from ``(kind, owner, visibility)`` triples in table order.

        A zone's id is its kind followed by its owner (``hand0``), or the kind
        alone for a shared zone.

        >>> Layout.build([("deck", 1, Visibility.HIDDEN)]).zone("deck", 1)
        'deck1'
        """
        infos = tuple(
            ZoneInfo(
                ZoneId(kind if owner is None else f"{kind}{owner}"), kind, ZoneSpec(owner, vis)
            )
            for kind, owner, vis in zones
        )
        ids = [z.id for z in infos]
        if len(set(ids)) != len(ids):
            raise ValueError(f"a layout names a zone twice: {ids}")
        return Layout(
            zones=infos,
            by_kind={(z.kind, z.spec.owner): z.id for z in infos},
            info={z.id: z for z in infos},
            empty_zones=ZoneMap.from_items((i, ()) for i in ids),
        )

    def zone(self, kind: str, owner: int | None = None) -> ZoneId:
        """The id of the zone of this kind and owner (``KeyError`` when there is none)."""
        try:
            return self.by_kind[kind, owner]
        except KeyError:
            raise KeyError(f"no zone of kind {kind!r} for owner {owner!r}") from None

    def place(self, kind: str, owner: int | None = None) -> int:
        """The place of the zone of this kind and owner in a table's zone map: what code that
        reads a zone at every step names it by (``table.zones.at(place)``, one index, where a
        read by name looks the name up first).

        >>> layout = Layout.build([("hand", 0, Visibility.OWNER), ("deck", 0, Visibility.HIDDEN)])
        >>> t, card = create(new_table(layout), layout.zone("hand", 0), card="wisp", owner=0)
        >>> t.zones.at(layout.place("hand", 0)), layout.place("deck", 0)
        ((0,), 0)
        """
        return self.empty_zones.place(self.zone(kind, owner))

    def zones_of(self, kind: str) -> tuple[ZoneId, ...]:
        """Every zone of one kind, in table order."""
        return tuple(z.id for z in self.zones if z.kind == kind)


@dataclass(frozen=True, slots=True)
class Kinds:
    """The zone kinds the kit's generic effects use (a game may name its zones otherwise)."""

    hand: str = "hand"
    deck: str = "deck"
    graveyard: str = "graveyard"
    board: str = "board"
    hero: str = "hero"
    mortal: tuple[str, ...] = ("board",)
    """Zone kinds whose entities die at 0 health (the death phase looks there)."""
    auras: tuple[str, ...] = ("board",)
    """Zone kinds whose entities give and receive auras."""


def new_table(layout: Layout) -> Table:
    """An empty table with every zone of *layout*."""
    return Table(DenseMap(), layout.empty_zones, 0)


def create(
    table: Table, zone: ZoneId, *, card: str, owner: int, at: int | None = None, **stats: Any
) -> tuple[Table, EntityId]:
    """Create an entity of *card* in *zone* (on top, or at index *at*); return the table and its id.

    *stats* are :class:`Entity` fields (``attack=3, health=2, types=...``).

    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> t, e = create(new_table(layout), ZoneId("board0"), card="yeti", owner=0, attack=4)
    >>> t.entities[e].attack, e
    (4, 0)
    """
    return add_entity(table, Entity(EntityId(table.next_id), card, owner, zone, **stats), at)


def add_entity(table: Table, entity: Entity, at: int | None = None) -> tuple[Table, EntityId]:
    """Add *entity*, made with the table's next id, to its zone (on top, or at index *at*);
    return the table and its id (:func:`create` for a caller that builds the entity itself,
    which the compiled build does with one C call where ``create``'s ``**stats`` is a keyword
    call parsed at run time).

    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> t = new_table(layout)
    >>> t, e = add_entity(t, Entity(EntityId(t.next_id), "yeti", 0, ZoneId("board0"), attack=4))
    >>> t.entities[e].attack, e, t.next_id
    (4, 0, 1)
    >>> add_entity(t, Entity(EntityId(0), "wisp", 0, ZoneId("board0")))
    Traceback (most recent call last):
    ...
    ValueError: a new entity takes the table's next id 1, found 0
    """
    new_id = entity.id
    if new_id != table.next_id:
        raise ValueError(f"a new entity takes the table's next id {table.next_id}, found {new_id}")
    ids = table.zones[entity.zone]
    placed = (*ids, new_id) if at is None else (*ids[:at], new_id, *ids[at:])
    return (
        Table(table.entities.set(new_id, entity), table.zones.set(entity.zone, placed), new_id + 1),
        new_id,
    )


def take_number(table: Table) -> tuple[Table, int]:
    """The table with its id counter advanced, and the number taken, which names no entity:
    what a card takes when it comes into play after it was made (played from the hand), so
    that it ranks after every entity made or played before it (the order of play,
    ``CardRules.play_order``).

    >>> layout = Layout.build([("hand", 0, Visibility.OWNER)])
    >>> t, card = create(new_table(layout), layout.zone("hand", 0), card="wisp", owner=0)
    >>> t2, number = take_number(t)
    >>> number, create(t2, layout.zone("hand", 0), card="yeti", owner=0)[1], t.next_id
    (1, 2, 1)
    """
    number = table.next_id
    return Table(table.entities, table.zones, number + 1), number


def put(table: Table, entity: Entity) -> Table:
    """Replace one entity (same id, same zone): one write of the entity map.

    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> t, e = create(new_table(layout), ZoneId("board0"), card="yeti", owner=0, health=5)
    >>> put(t, t.entities[e].replace(damage=2)).entities[e].damage, t.entities[e].damage
    (2, 0)
    """
    return Table(table.entities.set(entity.id, entity), table.zones, table.next_id)


def put_all(table: Table, entities: Iterable[Entity]) -> Table:
    """Replace several entities (each keeps its id and zone) in one map mutation (one copy of
    the entity tuple): cheaper than a :func:`put` per entity when a rule changes many at once
    (untapping a battlefield).

    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> t, a = create(new_table(layout), ZoneId("board0"), card="yeti", owner=0)
    >>> t, b = create(t, ZoneId("board0"), card="wisp", owner=0)
    >>> t = put_all(t, [e.replace(damage=1) for e in entities_in(t, ZoneId("board0"))])
    >>> [e.damage for e in entities_in(t, ZoneId("board0"))], put_all(t, []) is t
    ([1, 1], True)
    """
    changes = None
    for entity in entities:
        if changes is None:
            changes = table.entities.mutate()
        changes[entity.id] = entity
    if changes is None:
        return table
    return Table(changes.finish(), table.zones, table.next_id)


def update(table: Table, entity_id: EntityId, **changes: Any) -> Table:
    """Replace fields of one entity (a convenience over :func:`put`)."""
    return put(table, table.entities[entity_id].replace(**changes))


def move(
    table: Table,
    entity_id: EntityId,
    dst: ZoneId,
    *,
    at: int | None = None,
    arriving: Entity | None = None,
) -> Table:
    """Move one entity to *dst* (on top, or at index *at*) and record its new zone.

    *arriving* is the entity as it arrives, when it changes on the way (same id: a minion
    played comes into play exhausted): written in the same write of the entity map, not in a
    second one (each copies the entity tuple; with skirmish's start of turn set in one write:
    76.3 M -> 75.4 M instructions on the ``skirmish`` workload, -1.2 %, cachegrind, compiled).

    >>> layout = Layout.build([("hand", 0, Visibility.OWNER), ("board", 0, Visibility.PUBLIC)])
    >>> t, e = create(new_table(layout), layout.zone("hand", 0), card="yeti", owner=0)
    >>> tired = move(t, e, layout.zone("board", 0), arriving=t.entities[e].replace(status=4))
    >>> tired.entities[e].zone, tired.entities[e].status, t.entities[e].status
    ('board0', 4, 0)
    """
    entity = table.entities[entity_id]
    zone_map = move_card(table.zones, entity_id, entity.zone, dst, at=at)
    moved = (entity if arriving is None else arriving).replace(zone=dst)
    return Table(table.entities.set(entity_id, moved), zone_map, table.next_id)


def move_all(table: Table, moves: Iterable[tuple[EntityId, ZoneId]]) -> Table:
    """Move several entities, one after the other, each on top of its destination: what a
    :func:`move` per entity does, with one mutation of the zone map and one of the entity map
    (the death phase moves its dead at once: a table, a zone map and an entity map fewer per
    extra dead).

    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC), ("grave", 0, Visibility.PUBLIC)])
    >>> t, a = create(new_table(layout), ZoneId("board0"), card="yeti", owner=0)
    >>> t, b = create(t, ZoneId("board0"), card="wisp", owner=0)
    >>> moves = [(b, ZoneId("grave0")), (a, ZoneId("grave0"))]
    >>> once = move_all(t, moves)
    >>> once == move(move(t, b, ZoneId("grave0")), a, ZoneId("grave0")), once.zones["grave0"]
    (True, (1, 0))
    >>> move_all(t, []) is t
    True
    """
    zones = entities = None
    for entity_id, dst in moves:
        if zones is None or entities is None:
            zones, entities = table.zones.mutate(), table.entities.mutate()
        entity = entities[entity_id]
        src = entity.zone
        source = zones[src]
        # (looked for by a loop, not ``source.index``: compiled, a tuple's ``index`` is a Python
        # method call, ~840 instructions, where the loop compares native ints)
        where = len(source) - 1
        while where >= 0 and source[where] != entity_id:
            where -= 1
        if where < 0:
            raise ValueError(f"card {entity_id!r} is not in {src!r}")
        zones[src] = source[:where] + source[where + 1 :]
        zones[dst] = zones[dst] + (entity_id,)
        entities[entity_id] = entity.replace(zone=dst)
    if zones is None or entities is None:
        return table
    return Table(entities.finish(), zones.finish(), table.next_id)


def entities_in(table: Table, zone: ZoneId) -> Iterator[Entity]:
    """The entities of one zone, bottom to top / left to right."""
    entities = table.entities
    return (entities[i] for i in table.zones[zone])


def is_alive(entity: Entity) -> bool:
    """False once an entity is destroyed or has taken damage up to its health (cards without
    health, like spells, are always alive).

    >>> is_alive(Entity(EntityId(0), "x", 0, ZoneId("b"), health=2, damage=2))
    False
    """
    return not entity.status & DOOMED and (entity.damage < entity.health or entity.health <= 0)
