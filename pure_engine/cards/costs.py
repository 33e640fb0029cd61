"""Cost changes: what makes a card cost more or less than it prints, written as data.

A :class:`CostChange` says how much less a card of one type costs (a negative amount: more),
never below which floor, whether it reaches the opponent's cards too, and whether the next
card it applies to uses it up.  A card carries one in its ``extra`` under :data:`COST_CHANGE`:
a permanent of the :data:`COST_AURA` type makes the change while it is in play and not
silenced (an aura: Summoning Portal, Sorcerer's Apprentice), and an enchantment card makes it
for the player whose hero or permanent holds a buff named after it (Preparation: the next
spell; Kirin Tor Mage: the next secret).  A game gathers the changes that hold
(:func:`held_changes`), :func:`changed_cost` applies them in order, and :func:`uses_up` says
which one-card changes a card paid for spends.

>>> portal = CostChange(2, "minion", least=1)
>>> apprentice = CostChange(1, "spell")
>>> changed_cost(4, frozenset({"minion"}), (portal, apprentice))
2
>>> changed_cost(2, frozenset({"minion"}), (portal,))  # not less than (1)
1
>>> changed_cost(1, frozenset({"spell"}), (apprentice,))
0
>>> changed_cost(3, frozenset({"minion"}), (CostChange(-3, "minion"),))  # costs (3) more
6
>>> uses_up(CostChange(FREE, "secret", once=True), frozenset({"spell", "secret"}))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from pure_engine.cards.runtime.pool import CardDef
from pure_engine.cards.runtime.table import Entity

__all__ = [
    "COST_AURA",
    "COST_CHANGE",
    "FREE",
    "CostChange",
    "changed_cost",
    "held_changes",
    "uses_up",
]

COST_CHANGE: Final = "cost_change"
"""The ``extra`` key of a card's change."""
COST_AURA: Final = "cost_aura"
"""The type of a permanent whose card makes a change while it is in play."""
FREE: Final = 1000
"""An amount that takes any cost to its floor: "costs (0)"."""


@dataclass(frozen=True, slots=True)
class CostChange:
    """Cards of type *kind* (every card when empty) cost *less* less (a negative *less* costs
    more), but a cost lowered stops at *least* and is never raised by it (Summoning Portal:
    "(2) less, but not less than (1)"); *both*: the opponent's cards too (Mana Wraith); *once*:
    the next such card paid for uses it up (Preparation)."""

    less: int
    kind: str = ""
    least: int = 0
    both: bool = False
    once: bool = False

    def applies(self, types: frozenset[str]) -> bool:
        """Whether a card of *types* is changed."""
        return not self.kind or self.kind in types


def changed_cost(cost: int, types: frozenset[str], changes: Iterable[CostChange]) -> int:
    """*cost* of a card of *types* after *changes*, in their order (never below 0).

    >>> changed_cost(5, frozenset({"spell"}), (CostChange(3, "spell"), CostChange(FREE, "spell")))
    0
    """
    for c in changes:
        if not c.kind or c.kind in types:
            less = c.less
            # a raise is added; a lowering stops at the floor and never lifts a cost to it
            cost = cost - less if less < 0 else min(cost, max(c.least, cost - less))
    return max(0, cost)


def uses_up(change: CostChange, types: frozenset[str]) -> bool:
    """Whether paying for a card of *types* spends *change* (a one-card change that applies)."""
    return change.once and change.applies(types)


def held_changes(
    defs: Mapping[str, CardDef], holder: Entity, enchantments: frozenset[str], *, own: bool
) -> list[CostChange]:
    """The changes *holder* makes for the cards of its controller (*own*) or of the opponent:
    its card's when it has the :data:`COST_AURA` type (the caller says whether it is in play
    and not silenced), then those of the enchantment cards (keys in *enchantments*) it holds
    buffs from, in the order given."""
    out: list[CostChange] = []
    if COST_AURA in holder.types:
        change = defs[holder.card].extra[COST_CHANGE]
        assert isinstance(change, CostChange)
        if own or change.both:
            out.append(change)
    for b in holder.buffs:
        if b.source in enchantments:
            granted = defs[b.source].extra.get(COST_CHANGE)
            if isinstance(granted, CostChange) and (own or granted.both):
                out.append(granted)
    return out
