"""The mage cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    ENEMY,
    FRIENDLY,
    SELF,
    TARGET,
    TARGET_ADJACENT,
    Armor,
    Buff,
    CardDef,
    CardIs,
    Do,
    Draw,
    Freeze,
    HasStatus,
    Hit,
    If,
    Summon,
    Transform,
    Trigger,
    Zone,
)
from pure_engine.cards.costs import FREE, CostChange
from pure_engine.cards.runtime import FROZEN
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    ENEMY_CHARACTERS,
    ENEMY_MINIONS,
    FRIENDLY_HERO,
    IMMUNE,
    MINIONS,
    ON_ATTACKED,
    ON_CAST,
    ON_DEALT,
    ON_FATAL,
    ON_PLAYED,
    ON_TURN_END,
    SkirmishEvent,
)
from pure_engine.games.skirmish.cards.class_rules import freeze_the_damaged
from pure_engine.games.skirmish.cards.copies import enchantment, give_card
from pure_engine.games.skirmish.cards.define import (
    YOUR_SPELLS,
    YOUR_TURN,
    cost_aura,
    minion,
    secret,
    spell,
)
from pure_engine.games.skirmish.cards_effects import Missiles
from pure_engine.games.skirmish.secrets import (
    attacker_is_minion,
    board_has_room,
    cast_on_a_minion,
    copy_target,
    counter,
    destroy_attacker,
    new_spell_target,
)

__all__ = ["MAGE"]

_BECAME_A_HERO: Final = ENEMY + Zone("graveyard") + CardIs("lord_jaraxxus")
"""A Lord Jaraxxus just played has left the board to become the hero: Mirror Entity still
copies the minion (a 3/15), as in the real game."""

MAGE: Final[tuple[CardDef, ...]] = (
    spell("arcane_missiles", 1, "Deal 3 damage randomly split among all enemies.", Missiles(ENEMY_CHARACTERS, 3), cls="mage", spell_damage="missiles"),
    spell("arcane_explosion", 2, "Deal 1 damage to all enemy minions.", Hit(ENEMY_MINIONS, 1), cls="mage"),
    spell("frostbolt", 2, "Deal 3 damage to a character and Freeze it.", Hit(TARGET, 3), Freeze(TARGET), target=CHARACTERS, cls="mage"),
    spell("arcane_intellect", 3, "Draw 2 cards.", Draw(count=2), cls="mage"),
    spell("fireball", 4, "Deal 6 damage.", Hit(TARGET, 6), target=CHARACTERS, cls="mage"),
    spell("polymorph", 4, "Transform a minion into a 1/1 Sheep.", Transform(TARGET, "sheep"), target=MINIONS, cls="mage"),
    spell("flamestrike", 7, "Deal 4 damage to all enemy minions.", Hit(ENEMY_MINIONS, 4), cls="mage"),
    minion("mana_wyrm", 1, 1, 3, triggers=(Trigger(SkirmishEvent.CAST, (Buff(SELF, 1),), YOUR_SPELLS),), cls="mage", text="Whenever you cast a spell, gain +1 Attack."),
    spell("ice_lance", 1, "Freeze a character. If it was already Frozen, deal 4 damage instead.", If(TARGET + HasStatus(FROZEN, "FROZEN"), (Hit(TARGET, 4),), (Freeze(TARGET),)), target=CHARACTERS, cls="mage"),
    spell("frost_nova", 3, "Freeze all enemy minions.", Freeze(ENEMY_MINIONS), cls="mage"),
    spell("blizzard", 6, "Deal 2 damage to all enemy minions and Freeze them.", Hit(ENEMY_MINIONS, 2), Freeze(ENEMY_MINIONS), cls="mage"),
    spell("pyroblast", 10, "Deal 10 damage.", Hit(TARGET, 10), target=CHARACTERS, cls="mage"),
    secret("ice_barrier", 3, "mage", "Secret: When your hero is attacked, gain 8 Armor.", ON_ATTACKED, FRIENDLY_HERO, Armor(FRIENDLY_HERO, 8)),
    secret("mirror_entity", 3, "mage", "Secret: When your opponent plays a minion, summon a copy of it.", ON_PLAYED, ENEMY_MINIONS | _BECAME_A_HERO, Do(copy_target), only_if=(board_has_room,)),
    secret("vaporize", 3, "mage", "Secret: When a minion attacks your hero, destroy it.", ON_ATTACKED, FRIENDLY_HERO, Do(destroy_attacker), only_if=(attacker_is_minion,)),
    secret("counterspell", 3, "mage", "Secret: When your opponent casts a spell, Counter it.", ON_CAST, ENEMY + (Zone("graveyard") | Zone("secret")), Do(counter)),
    secret("spellbender", 3, "mage", "Secret: When an enemy casts a spell on a minion, summon a 1/3 as the new target.", ON_CAST, ENEMY + Zone("graveyard"), Do(new_spell_target("spellbender_minion")), only_if=(cast_on_a_minion, board_has_room)),
 # the rest of the Basic and Classic mage cards
    spell("mirror_image", 1, "Summon two 0/2 minions with Taunt.", Summon("mirror_image_minion", count=2), cls="mage", needs_room=True),
    spell("cone_of_cold", 4, "Freeze a minion and the minions next to it, and deal 1 damage to them.", Hit(TARGET | TARGET_ADJACENT, 1), Freeze(TARGET | TARGET_ADJACENT), target=MINIONS, cls="mage"),
    minion("water_elemental", 4, 3, 6, triggers=(Trigger(ON_DEALT, (Do(freeze_the_damaged),), SELF),), cls="mage", text="Freeze any character damaged by this minion."),
    minion("ethereal_arcanist", 4, 3, 3, triggers=(Trigger(ON_TURN_END, (If(FRIENDLY + Zone("secret"), (Buff(SELF, 2, 2),)),), YOUR_TURN),), cls="mage", text="If you control a Secret at the end of your turn, gain +2/+2."),
    cost_aura(minion("sorcerers_apprentice", 2, 3, 2, cls="mage", text="Your spells cost (1) less."), 1, kind="spell"),
    minion("kirin_tor_mage", 3, 4, 3, Buff(FRIENDLY_HERO, one_turn=True, source="kirin_tor_mage_e"), cls="mage", text="Battlecry: The next Secret you play this turn costs (0)."),
    enchantment("kirin_tor_mage_e", "Your next Secret this turn costs (0).", cost_change=CostChange(FREE, "secret", once=True)),
    minion("archmage_antonidas", 7, 5, 7, triggers=(Trigger(SkirmishEvent.CAST, (give_card("fireball"),), YOUR_SPELLS),), cls="mage", text="Whenever you cast a spell, add a 'Fireball' spell to your hand."),
    # Immune (skirmish/immune.py): Ice Block's replacement runs before the fatal damage
    secret("ice_block", 3, "mage", "Secret: When your hero takes fatal damage, prevent it and become Immune this turn.", ON_FATAL, FRIENDLY_HERO, Buff(FRIENDLY_HERO, tags=IMMUNE, one_turn=True)),
)  # fmt: skip
"""The mage cards of the Basic and Classic sets."""
