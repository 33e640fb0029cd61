"""Damage and life (rules 120, 702.2, 702.15): damage dealt to a player is life lost, damage
dealt to a creature is marked on it (from a deathtouch source, it is destroyed at the next death
phase); a lifelink source's controller gains the life its damage dealt.  Spells and abilities deal
damage one hit at a time (:func:`deal_damage`, the card VM's hook), combat damage all its hits
at once (:func:`damaged`).

>>> from pure_engine.games.magic_lite.game import position
>>> s = position(battlefields=(("child_of_night",), ("grizzly_bears",)))
>>> knight, bears = s.table.zones["battlefield0"][0], s.table.zones["battlefield1"][0]
>>> hit = deal_damage(s, s.table.entities[knight], bears, 2)
>>> hit.table.entities[bears].damage, hit.life
(2, (22, 20))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from pure_engine.cards.runtime import DOOMED, Entity, EntityId, Table, put_all
from pure_engine.games.magic_lite.cards import PLAYER
from pure_engine.games.magic_lite.marked import bit
from pure_engine.games.magic_lite.state import DEATHTOUCH, LIFELINK, MagicState, writer

__all__ = ["damaged", "deal_damage", "gained", "set_table_life", "set_table_life_marked"]

_set_damage: Final[Callable[[Entity, int, int], Entity]] = Entity.setter("damage", "status")
set_table_life: Final[Callable[[MagicState, Table, tuple[int, int]], MagicState]] = writer(
    "table", "life"
)
set_table_life_marked: Final[Callable[[MagicState, Table, tuple[int, int], int], MagicState]] = (
    writer("table", "life", "marked")
)


def gained(life: tuple[int, int], player: int, amount: int) -> tuple[int, int]:
    """The life totals after *player* gains *amount* (a loss when negative).

    >>> gained((20, 20), 1, -3)
    (20, 17)
    """
    return (life[0] + amount, life[1]) if player == 0 else (life[0], life[1] + amount)


def deal_damage(
    state: MagicState, source: Entity | None, target: EntityId, amount: int
) -> MagicState:
    """*source* deals *amount* damage to *target* (a player or a creature); deathtouch and
    lifelink apply."""
    if amount <= 0:
        return state
    hits = ((source, target, amount),)
    return set_table_life_marked(state, *damaged(state.table, state.life, hits, state.marked))


def damaged(
    table: Table,
    life: tuple[int, int],
    hits: Iterable[tuple[Entity | None, EntityId, int]],
    marked: int,
) -> tuple[Table, tuple[int, int], int]:
    """The table, life totals and kept fact *marked* (``MagicState.marked``: the battlefields
    holding a creature dealt damage added) after each (source, target, positive amount) of
    *hits* is dealt, in order, as :func:`deal_damage` deals it; the creatures dealt damage are
    written in one map mutation (combat damage deals all its hits at once and writes the state
    once)."""
    entities = table.entities
    hurt: dict[EntityId, Entity] = {}  # (a creature dealt damage twice: the second reads this)
    for source, target, amount in hits:
        e = hurt.get(target) or entities[target]
        tags = source.tags if source is not None else 0
        if e.card == PLAYER:
            life = gained(life, e.owner, -amount)
        else:
            status = e.status | DOOMED if tags & DEATHTOUCH else e.status
            hurt[target] = e = _set_damage(e, e.damage + amount, status)
            # (the fact: a creature dealt lethal damage dies at the next death phase, before
            # any turn change: its damage is never worn off, and sets no bit)
            if not (status & DOOMED or 0 < e.health <= e.damage):
                marked |= bit(e.zone)
        if tags & LIFELINK and source is not None:
            life = gained(life, source.owner, amount)
    return (put_all(table, hurt.values()) if hurt else table), life, marked
