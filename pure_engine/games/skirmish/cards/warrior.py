"""The warrior cards of the Basic and Classic sets."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from pure_engine.cards import (
    ATK,
    FRIENDLY,
    OTHER,
    RANDOM,
    SELF,
    TARGET,
    Armor,
    Aura,
    Buff,
    CardDef,
    Count,
    Destroy,
    Draw,
    GiveTag,
    Hit,
    If,
    Trigger,
    Zone,
)
from pure_engine.cards.runtime import CardState, Frame, is_alive
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    CHARGE,
    DAMAGED,
    ENEMY_MINIONS,
    FRIENDLY_CHARACTERS,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    HERO,
    MINIONS,
    ON_SUMMON,
    SkirmishEvent,
)
from pure_engine.games.skirmish.cards.copies import DestroyAllBut, enchantment, equip_weapon
from pure_engine.games.skirmish.cards.define import ENRAGED, minion, spell, weapon
from pure_engine.games.skirmish.cards.rules_text import hero_armor

__all__ = ["WARRIOR"]


def _low_health(state: CardState, frame: Frame) -> bool:
    """The caster's hero has 12 or less Health (Mortal Strike)."""
    hero = state.table.entities[state.table.zones.at(HERO.places[frame.ctx.controller])[0]]
    return hero.health - hero.damage <= 12


def _target_survives(state: CardState, frame: Frame) -> bool:
    """Slam's target is still alive."""
    target = frame.ctx.target
    return target is not None and is_alive(state.table.entities[target])


_WEAPON: Final = FRIENDLY + Zone("weapon")
_SMALL: Final = FRIENDLY_MINIONS + OTHER + (ATK <= 3)
"""Warsong Commander's minions: summoned (played: before its battlecry) with 3 or less Attack."""
_CHARGE: Final = (GiveTag(TARGET, CHARGE),)

WARRIOR: Final[tuple[CardDef, ...]] = (
    spell("execute", 1, "Destroy a damaged enemy minion.", Destroy(TARGET), target=ENEMY_MINIONS + DAMAGED, cls="warrior"),
    spell("whirlwind", 1, "Deal 1 damage to ALL minions.", Hit(MINIONS, 1), cls="warrior"),
    spell("shield_block", 3, "Gain 5 Armor. Draw a card.", Armor(FRIENDLY_HERO, 5), Draw(), cls="warrior"),
    spell("charge", 3, "Give a friendly minion Charge.", Buff(TARGET, 2, tags=CHARGE), target=FRIENDLY_MINIONS, cls="warrior"),
    spell("heroic_strike", 2, "Give your hero +4 Attack this turn.", Buff(FRIENDLY_HERO, 4, one_turn=True), cls="warrior"),
    spell("mortal_strike", 4, "Deal 4 damage. If you have 12 or less Health, deal 6 instead.", If(_low_health, (Hit(TARGET, 6),), (Hit(TARGET, 4),)), target=CHARACTERS, cls="warrior"),
    spell("slam", 2, "Deal 2 damage to a minion. If it survives, draw a card.", Hit(TARGET, 2), If(_target_survives, (Draw(),)), target=MINIONS, cls="warrior"),
    minion("armorsmith", 2, 1, 4, triggers=(Trigger(SkirmishEvent.DAMAGED, (Armor(FRIENDLY_HERO, 1),), FRIENDLY_MINIONS),), cls="warrior", text="Whenever a friendly minion takes damage, gain 1 Armor."),
    minion("frothing_berserker", 3, 2, 4, triggers=(Trigger(SkirmishEvent.DAMAGED, (Buff(SELF, 1),), MINIONS),), cls="warrior", text="Whenever a minion takes damage, gain +1 Attack."),
    minion("grommash_hellscream", 8, 4, 9, tags=CHARGE, aura=Aura(ENRAGED, 6, 0), cls="warrior", text="Charge. Enrage: +6 Attack."),
    weapon("fiery_war_axe", 2, 3, 2, "warrior"),
    weapon("arcanite_reaper", 5, 5, 2, "warrior"),
    minion("korkron_elite", 4, 4, 3, tags=CHARGE, cls="warrior", text="Charge"),
    minion("cruel_taskmaster", 2, 2, 2, Hit(TARGET, 1), Buff(TARGET, 2), target=MINIONS, cls="warrior", text="Battlecry: deal 1 damage to a minion and give it +2 Attack."),
    spell("inner_rage", 0, "Deal 1 damage to a minion and give it +2 Attack.", Hit(TARGET, 1), Buff(TARGET, 2), target=MINIONS, cls="warrior"),
    spell("rampage", 2, "Give a damaged minion +3/+3.", Buff(TARGET, 3, 3), target=MINIONS + DAMAGED, cls="warrior"),
    spell("battle_rage", 2, "Draw a card for each damaged friendly character.", Draw(count=Count(FRIENDLY_CHARACTERS + DAMAGED)), cls="warrior"),
    spell("shield_slam", 1, "Deal 1 damage to a minion for each Armor you have.", Hit(TARGET, hero_armor), target=MINIONS, cls="warrior"),
    spell("cleave", 2, "Deal 2 damage to two random enemy minions.", Hit(RANDOM(ENEMY_MINIONS) * 2, 2), cls="warrior", needs_enemies=2),
    minion("arathi_weaponsmith", 4, 3, 3, equip_weapon("battle_axe"), cls="warrior", text="Battlecry: Equip a 2/2 weapon."),
    spell("brawl", 5, "Destroy all minions except one. (chosen randomly)", DestroyAllBut(MINIONS), cls="warrior", needs_minions=2),
    spell("commanding_shout", 2, "Your minions can't be reduced below 1 Health this turn. Draw a card.", Buff(FRIENDLY_MINIONS, one_turn=True, source="commanding_shout_e"), Buff(FRIENDLY_HERO, one_turn=True, source="commanding_shout_e2"), Draw(), cls="warrior"),
    replace(weapon("gorehowl", 7, 7, 1, "warrior", text="Attacking a minion costs 1 Attack instead of 1 Durability."), extra={"class": "warrior", "collectible": True, "wears_attack": True}),
    spell("upgrade", 1, "If you have a weapon, give it +1/+1. Otherwise equip a 1/3 weapon.", If(_WEAPON, (Buff(_WEAPON, 1, 1),), (equip_weapon("heavy_axe"),)), cls="warrior"),
    minion("warsong_commander", 3, 2, 3, triggers=(Trigger(ON_SUMMON, _CHARGE, _SMALL),), cls="warrior", text="Whenever you summon a minion with 3 or less Attack, give it Charge."),
    weapon("battle_axe", 1, 2, 2, "warrior", collectible=False),
    weapon("heavy_axe", 1, 1, 3, "warrior", collectible=False),
    enchantment("commanding_shout_e", "Can't be reduced below 1 Health this turn.", health_minimum=1),
    enchantment("commanding_shout_e2", "Your minions summoned this turn can't be reduced below 1 Health.", Trigger(ON_SUMMON, (Buff(TARGET, one_turn=True, source="commanding_shout_e"),), FRIENDLY_MINIONS, zones=("hero",))),
)  # fmt: skip
"""The warrior cards of the Basic and Classic sets."""
