"""Damage and life (rules 120, 615, 702.2, 702.15, 702.16): damage dealt to a player is life
lost, damage dealt to a creature is marked on it (from a deathtouch source, it is destroyed at
the next death phase); a lifelink source's controller gains the life its damage dealt.  Damage
is prevented first: all of it when the target has protection from a colour of the source, up
to the target's prevention shield (the kit's ``Prevent``: Healing Salve) otherwise.  Spells and
abilities deal damage one hit at a time (:func:`deal_damage`, the card VM's hook), combat damage
all its hits at once (:func:`damaged`).

>>> from pure_engine.games.magic_lite.rules import position
>>> s = position(battlefields=(("child_of_night",), ("grizzly_bears",)))
>>> knight, bears = s.table.zones["battlefield0"][0], s.table.zones["battlefield1"][0]
>>> hit = deal_damage(s, s.table.entities[knight], bears, 2)
>>> hit.table.entities[bears].damage, hit.life
(2, (22, 20))
"""

from __future__ import annotations

from collections.abc import Iterable

from pure_engine.cards.runtime import DOOMED, Entity, EntityId, Table, absorb, put_all
from pure_engine.games.magic_lite.cards import PLAYER
from pure_engine.games.magic_lite.protection import protected
from pure_engine.games.magic_lite.state import DEATHTOUCH, LIFELINK, MagicState

__all__ = ["damaged", "deal_damage", "gained"]


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
    table, life = damaged(state.table, state.life, [(source, target, amount)])
    return state.replace(table=table, life=life)


def damaged(
    table: Table, life: tuple[int, int], hits: Iterable[tuple[Entity | None, EntityId, int]]
) -> tuple[Table, tuple[int, int]]:
    """The table and life totals after each (source, target, positive amount) of *hits* is
    dealt, in order, as :func:`deal_damage` deals it (combat damage deals all its hits at once:
    rule 510.2)."""
    hurt: dict[EntityId, Entity] = {}  # a creature dealt damage twice: the second reads this
    for source, target, amount in hits:
        e = hurt.get(target) or table.entities[target]
        if source is not None and protected(e, source):
            continue  # protection prevents it (rule 702.16e)
        if e.armor:  # a prevention shield (rule 615.7): the damage is replaced by less
            e, amount = absorb(e, amount)
            hurt[target] = e
            if not amount:
                continue
        tags = source.tags if source is not None else 0
        if e.card == PLAYER:
            life = gained(life, e.owner, -amount)
        else:
            status = e.status | DOOMED if tags & DEATHTOUCH else e.status
            hurt[target] = e.replace(damage=e.damage + amount, status=status)
        if tags & LIFELINK and source is not None:
            life = gained(life, source.owner, amount)
    return (put_all(table, hurt.values()) if hurt else table), life
