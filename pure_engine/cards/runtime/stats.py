"""An entity's stats: printed (``fresh_entity``, ``spawn``, ``fresh_copy``), buffed
(``apply_buff``, ``remove_buffs``, ``without_buffs``, ``set_stats``) and silenced (``silence``).

These are table-level functions: the effect instructions of
:mod:`pure_engine.cards.effects` use them, and so do games (a summon hook spawns,
an end-of-turn pass removes one-turn buffs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from pure_engine.cards.runtime.pool import CardPool
from pure_engine.cards.runtime.table import (
    FROZEN,
    SILENCED,
    Enchantment,
    Entity,
    EntityId,
    Table,
    add_entity,
    put,
)
from pure_engine.core.zones import ZoneId

__all__ = [
    "AURA_KEYWORDS",
    "absorb",
    "apply_buff",
    "claim_keywords",
    "fresh_copy",
    "fresh_entity",
    "one_turn",
    "remove_buffs",
    "set_stats",
    "silence",
    "spawn",
    "spawn_all",
    "unenchant",
    "unenchanted",
    "with_aura_keywords",
    "without_buffs",
]

AURA_KEYWORDS: Final = "~aura"
"""The source of the one enchantment holding the keywords auras give an entity (those it did
not have otherwise): the aura pass updates it, silence removes it."""


def fresh_entity(
    pool: CardPool,
    card: str,
    entity_id: EntityId,
    owner: int,
    zone: ZoneId,
    *,
    status: int = 0,
    attacks: int = 0,
    known: int = 0,
) -> Entity:
    """A fresh copy of *card* (its printed stats: cost, attack, health, keywords, types) as the
    entity *entity_id* of *owner* in *zone*: what :func:`spawn` adds and :func:`fresh_copy`
    turns an entity into, and the one place that lists a card's printed stats.

    >>> from pure_engine.cards.runtime.pool import CardDef, build_pool
    >>> from pure_engine.cards.runtime.table import Layout
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> pool = build_pool([CardDef("yeti", "Yeti", frozenset({"minion"}), 4, 4, 5)], layout)
    >>> yeti = fresh_entity(pool, "yeti", EntityId(3), 0, layout.zone("board", 0))
    >>> yeti.id, yeti.cost, yeti.attack, yeti.health, sorted(yeti.types)
    (3, 4, 4, 5, ['minion'])
    """
    # the fields named, not spread from a dict: compiled, a ``**`` spread into create and
    # Entity was two keyword calls parsed at run time (a spawn: ~34 000 instructions, ~5 000
    # named; cachegrind)
    d = pool.card(card)
    return Entity(
        entity_id,
        card,
        owner,
        zone,
        cost=d.cost,
        attack=d.attack,
        health=d.health,
        tags=d.tags,
        status=status,
        attacks=attacks,
        known=known,
        types=d.types,
    )


def spawn(
    table: Table,
    pool: CardPool,
    zone: ZoneId,
    card: str,
    owner: int,
    *,
    at: int | None = None,
    status: int = 0,
) -> tuple[Table, EntityId]:
    """Create a fresh copy of *card* (its printed stats, and the status bits *status*) in *zone*
    (on top, or at index *at*); return the table and its id.

    >>> from pure_engine.cards.runtime.pool import CardDef, build_pool
    >>> from pure_engine.cards.runtime.table import Layout, new_table
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> pool = build_pool([CardDef("yeti", "Yeti", frozenset({"minion"}), 4, 4, 5)], layout)
    >>> t, e = spawn(new_table(layout), pool, layout.zone("board", 0), "yeti", 0)
    >>> t.entities[e].health
    5
    """
    new = fresh_entity(pool, card, EntityId(table.next_id), owner, zone, status=status)
    return add_entity(table, new, at)


def spawn_all(
    table: Table, pool: CardPool, zone: ZoneId, cards: Iterable[str], owner: int, *, status: int = 0
) -> Table:
    """Fresh copies of *cards*, in order, on top of *zone* (a deck dealt): the table a
    :func:`spawn` of each in turn gives, with one write of the entity map and of the zone
    (compiled, 60 spawns were 5 % of a skirmish game).

    >>> from pure_engine.cards.runtime.pool import CardDef, build_pool
    >>> from pure_engine.cards.runtime.table import Layout, new_table
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("deck", 0, Visibility.HIDDEN)])
    >>> pool = build_pool([CardDef("wisp", "Wisp", frozenset({"minion"}), 0, 1, 1)], layout)
    >>> deck = layout.zone("deck", 0)
    >>> t = spawn_all(new_table(layout), pool, deck, ["wisp", "wisp"], 0)
    >>> t == spawn(spawn(new_table(layout), pool, deck, "wisp", 0)[0], pool, deck, "wisp", 0)[0]
    True
    """
    entities = table.entities.mutate()
    ids = list(table.zones[zone])
    next_id = table.next_id
    for card in cards:
        entities[EntityId(next_id)] = fresh_entity(
            pool, card, EntityId(next_id), owner, zone, status=status
        )
        ids.append(EntityId(next_id))
        next_id += 1
    return Table(entities.finish(), table.zones.set(zone, tuple(ids)), next_id)


def apply_buff(table: Table, entity_id: EntityId, buff: Enchantment) -> Table:
    """Give one entity a buff: its stats and keywords change, and the buff is kept for undoing.

    >>> from pure_engine.cards.runtime.table import Layout, create, new_table
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> t, e = create(new_table(layout), layout.zone("board", 0), card="x", owner=0, attack=1)
    >>> apply_buff(t, e, Enchantment("blessing", attack=4, health=4)).entities[e].attack
    5
    """
    e = table.entities[entity_id]
    if buff.tags and e.buffs:
        e = claim_keywords(e, buff.tags)
    return put(
        table,
        e.replace(
            attack=e.attack + buff.attack,
            health=e.health + buff.health,
            tags=e.tags | buff.tags,
            buffs=(*e.buffs, buff),
        ),
    )


def _aura_keywords(entity: Entity) -> int:
    for b in entity.buffs:
        if b.source == AURA_KEYWORDS:
            return b.tags
    return 0


def with_aura_keywords(entity: Entity, want: int) -> Entity:
    """*entity* holding the keyword bits *want* from auras: bits it had only from auras and no
    longer gets are taken away, bits it lacks are given and remembered as the auras' (bits it
    has otherwise stay its own).  *entity* itself when nothing changes.

    >>> from pure_engine.cards.runtime.table import Entity, EntityId
    >>> worgen = Entity(EntityId(4), "worgen", 0, "board0", tags=0b01)
    >>> raging = with_aura_keywords(worgen, 0b11)
    >>> raging.tags, [(b.source, b.tags) for b in raging.buffs]
    (3, [('~aura', 2)])
    >>> with_aura_keywords(raging, 0b11) is raging, with_aura_keywords(raging, 0).tags
    (True, 1)
    """
    owned = _aura_keywords(entity)
    drop, add = owned & ~want, want & ~entity.tags
    if not drop and not add:
        return entity
    held = (owned & want) | add
    buffs = tuple(b for b in entity.buffs if b.source != AURA_KEYWORDS)
    if held:
        buffs += (Enchantment(AURA_KEYWORDS, tags=held),)
    return entity.replace(tags=(entity.tags & ~drop) | add, buffs=buffs)


def claim_keywords(entity: Entity, bits: int) -> Entity:
    """*entity* given the keyword bits *bits* for good (a buff, a keyword effect): those the
    auras held are no longer theirs, so they stay when the aura goes."""
    owned = _aura_keywords(entity)
    if not owned & bits:
        return entity
    return with_aura_keywords(entity, owned & ~bits).replace(tags=entity.tags)


def remove_buffs(table: Table, entity_id: EntityId, drop: Callable[[Enchantment], bool]) -> Table:
    """Undo the buffs *drop* selects (one-turn buffs at the end of a turn, everything on silence).

    Losing health never kills: damage shrinks by the health lost, as when an aura ends
    (:func:`without_buffs`, written back to the table when a buff goes).
    """
    e = table.entities[entity_id]
    after = without_buffs(e, drop)
    return table if after is e else put(table, after)


def without_buffs(entity: Entity, drop: Callable[[Enchantment], bool]) -> Entity:
    """*entity* with the buffs *drop* selects undone (:func:`remove_buffs` of one entity, for
    a rule that writes many entities at once); *entity* itself when *drop* selects none.

    >>> from pure_engine.cards.runtime.table import Enchantment, Entity, EntityId
    >>> giant = Enchantment("giant_growth", attack=3, health=3, one_turn=True)
    >>> bears = Entity(EntityId(4), "bears", 0, "field0", attack=5, health=5, damage=4,
    ...                buffs=(giant,))
    >>> worn = without_buffs(bears, lambda b: b.one_turn)
    >>> (worn.attack, worn.health, worn.damage, worn.buffs), bears.attack
    ((2, 2, 1, ()), 5)
    >>> without_buffs(worn, lambda b: b.one_turn) is worn
    True
    """
    lost_attack = lost_health = 0
    kept = []
    for b in entity.buffs:
        if drop(b):
            lost_attack += b.attack
            lost_health += b.health
        else:
            kept.append(b)
    if len(kept) == len(entity.buffs):
        return entity
    return entity.replace(
        attack=entity.attack - lost_attack,
        health=entity.health - lost_health,
        damage=max(0, entity.damage - max(lost_health, 0)),
        buffs=tuple(kept),
    )


def one_turn(buff: Enchantment) -> bool:
    """True for a buff that ends with the turn ("until end of turn", "this turn"): what the
    games' end of turn passes to :func:`unenchant` and :func:`unenchanted`.

    >>> one_turn(Enchantment("giant_growth", 3, 3, one_turn=True)), one_turn(Enchantment("aura"))
    (True, False)
    """
    return buff.one_turn


def unenchant(
    table: Table, pool: CardPool, entity_id: EntityId, drop: Callable[[Enchantment], bool]
) -> Table:
    """:func:`remove_buffs`, and the keywords the buffs undone gave go with them, unless the
    card prints them or a buff that stays gives them too ("Immune this turn" ends with the
    turn; a one-turn buff's keyword does not outlive it): :func:`unenchanted` of one entity.

    >>> from pure_engine.cards.runtime.pool import CardDef, build_pool
    >>> from pure_engine.cards.runtime.table import Layout, new_table
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> pool = build_pool([CardDef("wolf", "Wolf", frozenset({"minion"}), 1, 1, 1, tags=0b01)],
    ...                   layout)
    >>> t, e = spawn(new_table(layout), pool, layout.zone("board", 0), "wolf", 0)
    >>> t = apply_buff(t, e, Enchantment("wrath", attack=2, tags=0b11, one_turn=True))
    >>> t.entities[e].tags, unenchant(t, pool, e, lambda b: b.one_turn).entities[e].tags
    (3, 1)
    """
    e = table.entities[entity_id]
    after = unenchanted(e, pool.card(e.card).tags, drop)
    return table if after is e else put(table, after)


def unenchanted(entity: Entity, printed: int, drop: Callable[[Enchantment], bool]) -> Entity:
    """*entity* with the buffs *drop* selects undone (:func:`without_buffs`) and the keywords
    they gave taken away, except those in *printed* (the card's own keyword bits) or given by
    a buff that stays: :func:`unenchant` for a rule that writes many entities at once (the end
    of a turn); *entity* itself when *drop* selects none.

    >>> from pure_engine.cards.runtime.table import Entity, EntityId
    >>> rush = Enchantment("overrun", attack=3, health=3, tags=0b10, one_turn=True)
    >>> bears = Entity(EntityId(4), "bears", 0, "field0", attack=5, health=5, tags=0b11,
    ...                buffs=(rush,))
    >>> worn = unenchanted(bears, 0b01, lambda b: b.one_turn)
    >>> (worn.attack, worn.tags, worn.buffs), unenchanted(worn, 0b01, lambda b: b.one_turn) is worn
    ((2, 1, ()), True)
    """
    given = 0
    for b in entity.buffs:
        if drop(b):
            given |= b.tags
    after = without_buffs(entity, drop)
    if not given:
        return after
    kept = printed
    for b in after.buffs:
        kept |= b.tags
    return after.replace(tags=after.tags & ~(given & ~kept))


def set_stats(
    table: Table, t: EntityId, source: str, attack: int | None, health: int | None
) -> Table:
    """*t* with its Attack and/or Health changed to a number: an enchantment that overrides the
    earlier ones (their share of that stat is dropped, so none of them can take it away when it
    ends) and that later buffs and auras add to; a new Health heals all damage.  Silence removes
    it with the rest, so the card's printed stats come back.

    >>> from pure_engine.cards.runtime.table import Layout, create, new_table
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> t, e = create(new_table(layout), layout.zone("board", 0), card="x", owner=0, attack=3)
    >>> t = apply_buff(t, e, Enchantment("rage", attack=2, one_turn=True))
    >>> t = set_stats(t, e, "humility", 1, None)
    >>> t.entities[e].attack, remove_buffs(t, e, lambda b: b.one_turn).entities[e].attack
    (1, 1)
    """
    e = table.entities[t]
    buffs = e.buffs
    given = Enchantment(source)
    if attack is not None:
        base = e.attack - e.aura_attack - sum(b.attack for b in buffs)
        buffs = tuple(b.replace(attack=0) if b.attack else b for b in buffs)
        given = given.replace(attack=attack - base)
        e = e.replace(attack=attack + e.aura_attack)
    if health is not None:
        base = e.health - e.aura_health - sum(b.health for b in buffs)
        buffs = tuple(b.replace(health=0) if b.health else b for b in buffs)
        given = given.replace(health=health - base)
        e = e.replace(health=health + e.aura_health, damage=0)
    return put(table, e.replace(buffs=(*buffs, given)))


def absorb(entity: Entity, amount: int) -> tuple[Entity, int]:
    """The replacement a prevention shield makes (``Prevent``, a hero's armor): *entity* with
    its shield spent on *amount* damage, and the damage left to deal.

    >>> from pure_engine.cards.runtime.table import Entity, EntityId
    >>> salved = Entity(EntityId(4), "bears", 0, "field0", health=2, armor=3)
    >>> after, left = absorb(salved, 2)
    >>> after.armor, left, absorb(after, 4)[1], salved.armor
    (1, 0, 3, 3)
    """
    prevented = min(entity.armor, amount)
    if not prevented:
        return entity, amount
    return entity.replace(armor=entity.armor - prevented), amount - prevented


def silence(table: Table, entity_id: EntityId) -> Table:
    """Silence one entity: buffs undone, keywords and freeze gone, abilities off.

    Its damage stays: a damaged minion that loses a health buff can die of it (unlike one
    whose aura ends, :func:`~pure_engine.cards.runtime.events.refresh_auras`).
    """
    damage = table.entities[entity_id].damage
    table = remove_buffs(table, entity_id, lambda b: True)
    e = table.entities[entity_id]
    return put(table, e.replace(damage=damage, tags=0, status=(e.status | SILENCED) & ~FROZEN))


def fresh_copy(entity: Entity, pool: CardPool, card: str, *, status: int, attacks: int) -> Entity:
    """*entity* (same id and place) as a fresh copy of *card*: printed stats, no damage,
    armor, buffs or aura bonus; *status* and *attacks* are the caller's (a transformed
    minion stays exhausted, a bounced one starts over).

    >>> from pure_engine.cards.runtime.pool import CardDef, build_pool
    >>> from pure_engine.cards.runtime.table import Layout, new_table
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> pool = build_pool([CardDef("yeti", "Yeti", frozenset({"minion"}), 4, 4, 5),
    ...                    CardDef("frog", "Frog", frozenset({"minion"}), 0, 0, 1)], layout)
    >>> t, e = spawn(new_table(layout), pool, layout.zone("board", 0), "yeti", 0)
    >>> hurt = t.entities[e].replace(damage=3)
    >>> frog = fresh_copy(hurt, pool, "frog", status=0, attacks=0)
    >>> frog.card, frog.health, frog.damage, frog.id == hurt.id
    ('frog', 1, 0, True)
    """
    return fresh_entity(
        pool,
        card,
        entity.id,
        entity.owner,
        entity.zone,
        status=status,
        attacks=attacks,
        known=entity.known,
    )
