"""An entity's stats: printed (``card_stats``, ``spawn``, ``fresh_copy``), buffed
(``apply_buff``, ``remove_buffs``, ``without_buffs``) and silenced (``silence``).

These are table-level functions: the effect instructions of
:mod:`pure_engine.cards.effects` use them, and so do games (a summon hook spawns,
an end-of-turn pass removes one-turn buffs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pure_engine.cards.runtime.pool import CardPool
from pure_engine.cards.runtime.table import (
    FROZEN,
    SILENCED,
    Enchantment,
    Entity,
    EntityId,
    Table,
    create,
    put,
)
from pure_engine.core.zones import ZoneId

__all__ = [
    "absorb",
    "apply_buff",
    "card_stats",
    "fresh_copy",
    "remove_buffs",
    "set_health",
    "silence",
    "spawn",
    "without_buffs",
]


def card_stats(pool: CardPool, card: str) -> dict[str, int | frozenset[str]]:
    """The entity fields a fresh copy of *card* starts with (``Entity.replace(**...)``)."""
    d = pool.card(card)
    return {
        "cost": d.cost,
        "attack": d.attack,
        "health": d.health,
        "tags": d.tags,
        "types": d.types,
    }


def spawn(
    table: Table, pool: CardPool, zone: ZoneId, card: str, owner: int, *, at: int | None = None
) -> tuple[Table, EntityId]:
    """Create a fresh copy of *card* (its printed stats) in *zone*; return the table and its id.

    >>> from pure_engine.cards.runtime.pool import CardDef, build_pool
    >>> from pure_engine.cards.runtime.table import Layout, new_table
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> pool = build_pool([CardDef("yeti", "Yeti", frozenset({"minion"}), 4, 4, 5)], layout)
    >>> t, e = spawn(new_table(layout), pool, layout.zone("board", 0), "yeti", 0)
    >>> t.entities[e].health
    5
    """
    d = pool.card(card)
    return create(
        table, zone, card=card, owner=owner, at=at,
        cost=d.cost, attack=d.attack, health=d.health, tags=d.tags, types=d.types,
    )  # fmt: skip


def apply_buff(table: Table, entity_id: EntityId, buff: Enchantment) -> Table:
    """Give one entity a buff: its stats and keywords change, and the buff is kept for undoing.

    >>> from pure_engine.cards.runtime.table import Layout, new_table
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> t, e = create(new_table(layout), layout.zone("board", 0), card="x", owner=0, attack=1)
    >>> apply_buff(t, e, Enchantment("blessing", attack=4, health=4)).entities[e].attack
    5
    """
    e = table.entities[entity_id]
    return put(
        table,
        e.replace(
            attack=e.attack + buff.attack,
            health=e.health + buff.health,
            tags=e.tags | buff.tags,
            buffs=(*e.buffs, buff),
        ),
    )


def set_health(table: Table, entity_id: EntityId, health: int, source: str) -> Table:
    """Change one entity's Health to *health* ("Change a minion's Health to 1"): an
    enchantment from *source* makes up the difference, so silence undoes it as it undoes a
    buff, and the damage it had is gone.  What auras give stays on top.

    >>> from pure_engine.cards.runtime.table import Layout, new_table
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> t, e = create(new_table(layout), layout.zone("board", 0), card="yeti", owner=0,
    ...               attack=4, health=5, damage=2)
    >>> marked = set_health(t, e, 1, "hunters_mark")
    >>> m = marked.entities[e]
    >>> (m.health, m.damage), t.entities[e].health
    ((1, 0), 5)
    >>> s = silence(marked, e).entities[e]
    >>> s.health, s.damage
    (5, 0)
    """
    e = table.entities[entity_id]
    change = Enchantment(source, health=health - (e.health - e.aura_health))
    return apply_buff(put(table, e.replace(damage=0)), entity_id, change)


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
    return _unbuffed(
        entity,
        entity.attack - lost_attack,
        entity.health - lost_health,
        max(0, entity.damage - max(lost_health, 0)),
        tuple(kept),
    )


_unbuffed: Final = Entity.setter("attack", "health", "damage", "buffs")


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
    return entity.replace(
        card=card,
        damage=0,
        armor=0,
        buffs=(),
        aura_attack=0,
        aura_health=0,
        status=status,
        attacks=attacks,
        **card_stats(pool, card),
    )
