"""Immune: a character that takes no damage, and that the opponent cannot attack or target.

The keyword is a tag bit (:data:`~.base.IMMUNE`); what it means is in four places, each
reading it:

* **damage** (:func:`~.rules.deal_damage`): an Immune character takes none, from any source,
  its own player's too; so nothing that follows damage happens (no ``DAMAGED`` or ``DEALT``,
  no destroy by a poisonous minion, no divine shield lost);
* **targeting** (:func:`~.base.targetable`, :func:`~.actions.attack_targets`): the
  opponent's attacks, and their spells, battlecries and hero powers that choose a target,
  cannot choose it (an Immune taunt is passed by, as a stealthed one); its own player may
  target it, and random or automatic effects still pick it (the damage is then prevented).
  Destroy, healing and the other effects that are not damage work on it;
* **for a while**: every Immune is temporary.  "Immune this turn" is a one-turn enchantment
  with the keyword (Bestial Wrath, Ice Block): at the end of the turn it goes, and the keyword
  with it (the kit's ``unenchant``).  A hero whose weapon says so (:func:`immune_while_attacking`,
  Gladiator's Longbow) is Immune while it attacks: from the attack's declaration (while the
  attack waits in the state's ``combat`` for what answers it) until its damage has been dealt,
  so neither a secret answering the attack (Explosive Trap) nor the defender hurts it;
* **fatal damage** (:data:`~.base.ON_FATAL`): before a hero takes damage that would kill it,
  the programs listening for ``FATAL`` run at once (the kit's replacement,
  :func:`~pure_engine.cards.runtime.fire_now`); Ice Block's makes the hero Immune, which
  prevents the damage.

>>> from pure_engine.games.skirmish.puzzle import parse_puzzle
>>> from pure_engine.games.skirmish.rules import RULES
>>> s = parse_puzzle('{"to_move": 0, "players": [{"class": "hunter"}, {"class": "mage", '
...                  '"board": [{"card": "wisp", "tags": ["immune", "taunt"]}]}]}')
>>> wisp = s.table.zones["board1"][0]
>>> is_immune(s, RULES, s.table.entities[wisp])
True
"""

from __future__ import annotations

from dataclasses import replace

from pure_engine.cards import CardDef
from pure_engine.cards.runtime import CardRules, Entity, EntityId, fire_now
from pure_engine.games.skirmish.base import (
    HERO,
    IMMUNE,
    ON_FATAL,
    WEAPON,
    SkirmishState,
)

__all__ = [
    "armed_immune",
    "attacking_immune",
    "before_fatal",
    "immune_while_attacking",
    "is_immune",
]

WHILE_ATTACKING = "immune_while_attacking"
"""The key, in a weapon card's ``extra``, of "your hero is Immune while attacking"."""


def immune_while_attacking(card: CardDef) -> CardDef:
    """*card* (a weapon) with "Your hero is Immune while attacking."."""
    return replace(card, extra={**card.extra, WHILE_ATTACKING: True})


def armed_immune(state: SkirmishState, rules: CardRules[SkirmishState], hero: Entity) -> bool:
    """*hero*'s weapon makes it Immune while it attacks."""
    table = state.table
    return any(
        bool(rules.pool.card(table.entities[w].card).extra.get(WHILE_ATTACKING, False))
        for w in table.zones.at(WEAPON.places[hero.owner])
    )


def attacking_immune(state: SkirmishState, rules: CardRules[SkirmishState], e: Entity) -> bool:
    """*e* is a hero whose attack is waiting in ``combat`` for its triggers (a secret answering
    it), and whose weapon makes it Immune while attacking."""
    combat = state.combat
    if combat is None or combat[0] != e.id or e.zone not in HERO.zones:
        return False
    return armed_immune(state, rules, e)


def is_immune(state: SkirmishState, rules: CardRules[SkirmishState], e: Entity) -> bool:
    """*e* takes no damage now: it has the keyword, or it is a hero attacking with a weapon
    that makes it Immune meanwhile."""
    return bool(e.tags & IMMUNE) or attacking_immune(state, rules, e)


def before_fatal(
    state: SkirmishState, rules: CardRules[SkirmishState], hero: EntityId, amount: int
) -> SkirmishState:
    """*hero* is about to take *amount* damage that would kill it: the ``FATAL`` listeners run
    at once (Ice Block, on the opponent's turn).  The caller prevents the damage if the hero
    is Immune afterwards."""
    return fire_now(state, rules, ON_FATAL, hero, amount)
