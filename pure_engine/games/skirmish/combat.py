"""An attack: declared, its "when attacked" triggers (secrets) resolved, then its damage.

With nothing listening for ``ATTACKED`` the damage follows the declaration at
once; otherwise the attack waits in the state's ``combat`` until the triggers
have resolved (a chance decision among them may suspend it), and the damage is
dealt only if the attacker and the defender are both still alive in play: a
Vaporized or Freezing-Trapped attacker never strikes, and a secret may give
the attack a new defender (Noble Sacrifice).
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards.runtime import (
    Enchantment,
    EntityId,
    apply_buff,
    emit,
    is_alive,
    move,
    put,
    resolve,
)
from pure_engine.games.skirmish.actions import attack_value
from pure_engine.games.skirmish.base import (
    BOARD,
    GRAVE,
    HERO,
    ON_ATTACK,
    ON_ATTACKED,
    STEALTH,
    WEAPON,
    SkirmishState,
)
from pure_engine.games.skirmish.immune import armed_immune
from pure_engine.games.skirmish.rules import POOL, RULES, deal_damage

__all__ = ["attack", "finish_combat"]

IN_PLAY: Final = frozenset(BOARD.zones + HERO.zones)


def attack(state: SkirmishState, attacker_id: EntityId, defender_id: EntityId) -> SkirmishState:
    """Declare the attack (it counts, stealth ends), emit ``ATTACK`` and ``ATTACKED``: with
    nothing triggered the damage follows at once, else it waits in ``combat`` for the triggers
    (:func:`finish_combat`)."""
    attacker = state.table.entities[attacker_id]
    table = put(
        state.table,
        attacker.replace(attacks=attacker.attacks + 1, tags=attacker.tags & ~STEALTH),
    )
    state = emit(state.replace(table=table), RULES, ON_ATTACK, attacker_id)
    state = emit(state, RULES, ON_ATTACKED, defender_id)
    if not state.queue:
        return _strike(state, attacker_id, defender_id)
    return state.replace(combat=(attacker_id, defender_id))


def finish_combat(state: SkirmishState) -> SkirmishState:
    """An attack's damage after its triggers resolved: only if the attacker and the defender
    (perhaps a new one) are both still alive in play and the attacker on its side."""
    combat = state.combat
    if combat is None or state.pending is not None:
        return state
    state = state.replace(combat=None)
    attacker_id, defender_id = EntityId(combat[0]), EntityId(combat[1])
    entities = state.table.entities
    attacker, defender = entities[attacker_id], entities[defender_id]
    if (
        attacker.zone in (BOARD.zones[state.to_move], HERO.zones[state.to_move])
        and defender.zone in IN_PLAY
        and is_alive(attacker)
        and is_alive(defender)
    ):
        state = resolve(_strike(state, attacker_id, defender_id), RULES)
    return state


def _strike(state: SkirmishState, attacker_id: EntityId, defender_id: EntityId) -> SkirmishState:
    """The attacker and the defender deal their damage (none to a hero Immune while attacking);
    a hero's weapon wears down."""
    entities = state.table.entities
    attacker, defender = entities[attacker_id], entities[defender_id]
    hits, back = attack_value(state, attacker), defender.attack
    state = deal_damage(state, attacker_id, defender_id, hits)
    if defender.zone in BOARD.zones and not (
        attacker.zone in HERO.zones and armed_immune(state, RULES, attacker)
    ):
        state = deal_damage(state, defender_id, attacker_id, back)
    if attacker.zone in HERO.zones:
        weapon_zone = WEAPON.zones[attacker.owner]
        for w in state.table.zones[weapon_zone]:
            worn = state.table.entities[w]
            if defender.zone in BOARD.zones and POOL.card(worn.card).extra.get("wears_attack"):
                # Gorehowl: attacking a minion costs 1 Attack, not Durability; at 0 it breaks
                table = apply_buff(state.table, w, Enchantment(worn.card, attack=-1))
                broken = worn.attack - 1 <= 0
            else:
                table = put(state.table, worn.replace(damage=worn.damage + 1))
                broken = worn.damage + 1 >= worn.health
            if broken:
                table = move(table, w, GRAVE.zones[attacker.owner])
            state = state.replace(table=table)
    return state
