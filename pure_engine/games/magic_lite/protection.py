"""Hexproof and protection (rules 702.11, 702.16): who may be targeted, and what protection
stops.

Hexproof: a permanent with hexproof can't be the target of spells or abilities its
controller's opponents control; its own controller targets it freely.  Protection from a
colour stops four things (DEBT, rule 702.16b-e), each where its rule lives: **d**amage from
sources of that colour is prevented (:mod:`~.damage`), it can't be **e**nchanted by auras of
that colour (cast on it: not a legal target; attached anyway: put into the graveyard as a
state-based action, :mod:`~.engine`), it can't be **b**locked by creatures of that colour
(:mod:`~.combat`), and it can't be the **t**arget of spells or abilities of that colour
(:func:`can_target`, the kit's ``targetable`` hook: every list of targets asks it, on casting,
on activating, on choosing a triggered ability's target and again on resolution).

>>> from pure_engine.cards import Ctx
>>> from pure_engine.games.magic_lite.rules import position
>>> s = position(battlefields=(("white_knight", "mountain"), ("gladecover_scout",)))
>>> knight, scout = s.table.zones["battlefield0"][0], s.table.zones["battlefield1"][0]
>>> can_target(s.table, Ctx(knight, 0), scout)  # an opponent's hexproof creature
False
>>> can_target(s.table, Ctx(scout, 1), scout)  # its controller's own ability
True
"""

from __future__ import annotations

from pure_engine.cards import Ctx
from pure_engine.cards.runtime import Entity, EntityId, Table
from pure_engine.games.magic_lite.cards import color_bits
from pure_engine.games.magic_lite.state import HEXPROOF, PROTECTION

__all__ = ["can_target", "protected"]

_GUARDS = HEXPROOF | PROTECTION


def protected(e: Entity, source: Entity) -> bool:
    """True when *e* has protection from a colour of *source* (rule 702.16a).

    >>> from pure_engine.games.magic_lite.rules import position
    >>> s = position(battlefields=(("white_knight",), ("black_knight",)))
    >>> white, black = (s.table.entities[s.table.zones[f"battlefield{p}"][0]] for p in (0, 1))
    >>> protected(white, black), protected(black, white), protected(white, white)
    (True, True, False)
    """
    return bool(e.tags & color_bits(source.card))


def can_target(table: Table, ctx: Ctx, target: EntityId) -> bool:
    """True when a spell or ability from *ctx* (its source and controller) may target *target*:
    not an opponent's permanent with hexproof (rule 702.11b), nor one with protection from a
    colour of the source (rule 702.16c)."""
    e = table.entities[target]
    if not e.tags & _GUARDS:
        return True
    if e.tags & HEXPROOF and e.owner != ctx.controller:
        return False
    source = table.entities.get(ctx.source) if ctx.source is not None else None
    return source is None or not protected(e, source)  # (a token source may have ceased)
