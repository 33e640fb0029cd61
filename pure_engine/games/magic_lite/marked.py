"""Which battlefields may hold a permanent with damage marked or a one-turn buff: a fact kept
in the state (``MagicState.marked``).

The turn change wears damage and "until end of turn" effects off both battlefields (rule
514.2), and in most turns there is nothing to wear off (no creature was dealt damage, no
Giant Growth was cast).  Bit *p* of ``state.marked`` is set when player *p*'s battlefield may
hold a permanent with damage or a one-turn buff, so that the untap
(``turn._next_turn_changes``) looks at the damage and buffs of a battlefield only when its bit
is set.

The fact is set where damage is marked (:func:`~.damage.damaged`: combat damage and the
damage of spells and abilities; not for lethal damage, or a deathtouch source's: that creature
dies at the next death phase, before any turn change) and where a one-turn buff is given (the
kit's ``Buff`` effect, through the rules' ``buffed`` hook: :func:`buffed`), on the bit of the
battlefield the permanent is on (both bits for one elsewhere); the turn change, which wears
both battlefields off, clears it.  A bit set where nothing is marked is never wrong, only
slower (a damaged or buffed creature may die later, its bit stays): a state built without
counting carries the default ``0b11``; the deal and :func:`~.game.position` count it.

>>> from pure_engine.games.magic_lite.damage import deal_damage
>>> from pure_engine.games.magic_lite.game import position
>>> s = position(battlefields=(("grizzly_bears",), ("grizzly_bears",)))
>>> bears = s.table.zones["battlefield1"][0]
>>> hit = deal_damage(s, None, bears, 1)
>>> s.marked, hit.marked, counted(hit.table)
(0, 2, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pure_engine.cards.runtime import Enchantment, Entity, EntityId, Table
from pure_engine.core.zones import ZoneId
from pure_engine.games.magic_lite.cards import LAYOUT
from pure_engine.games.magic_lite.state import MagicState, writer

__all__ = ["bit", "buffed", "counted", "one_turn", "set_marked"]

_BITS: Final = {LAYOUT.zone("battlefield", 0): 1, LAYOUT.zone("battlefield", 1): 2}

set_marked: Final[Callable[[MagicState, int], MagicState]] = writer("marked")
"""``(state, marked)``: the fact written (a draft in place)."""


def bit(zone: ZoneId) -> int:
    """The fact's bit for a permanent in *zone* (both bits off the battlefields)."""
    return _BITS.get(zone, 0b11)


def one_turn(e: Entity) -> bool:
    """True when *e* has an "until end of turn" buff."""
    for b in e.buffs:  # noqa: SIM110 - no generator
        if b.one_turn:
            return True
    return False


def counted(table: Table) -> int:
    """The fact counted from *table*'s battlefields: bit *p* set when player *p*'s holds a
    permanent with damage or a one-turn buff."""
    entities, bits = table.entities, 0
    for zone, b in _BITS.items():
        for i in table.zones[zone]:
            e = entities[i]
            if e.damage or one_turn(e):
                bits |= b
                break
    return bits


def buffed(state: MagicState, target: EntityId, buff: Enchantment) -> MagicState:
    """*state* (whose table has *buff* given to *target*) with the fact kept: the rules'
    ``buffed`` hook."""
    if buff.one_turn:
        marked = state.marked | bit(state.table.entities[target].zone)
        if marked != state.marked:
            return set_marked(state, marked)
    return state
