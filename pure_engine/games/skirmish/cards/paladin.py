"""The paladin cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    DEATH,
    FRIENDLY,
    SELF,
    TARGET,
    Buff,
    CardDef,
    Do,
    Draw,
    GiveTag,
    HasType,
    Heal,
    Hit,
    If,
    Player,
    SetStats,
    Trigger,
    Zone,
)
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    DIVINE_SHIELD,
    ENEMY_CHARACTERS,
    ENEMY_HERO,
    ENEMY_MINIONS,
    FRIENDLY_CHARACTERS,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    MINIONS,
    ON_ATTACK,
    ON_ATTACKED,
    ON_DAMAGED,
    ON_PLAYED,
    ON_SUMMONED,
    TAUNT,
)
from pure_engine.games.skirmish.cards.class_rules import cards_behind, draw_and_hit
from pure_engine.games.skirmish.cards.copies import enchantment, equip_weapon
from pure_engine.games.skirmish.cards.define import minion, secret, spell, weapon
from pure_engine.games.skirmish.cards.rules_text import target_attack
from pure_engine.games.skirmish.cards_effects import Missiles
from pure_engine.games.skirmish.secrets import (
    board_has_room,
    damage_taken,
    new_defender,
    return_to_life,
)

__all__ = ["PALADIN"]


PALADIN: Final[tuple[CardDef, ...]] = (
    spell("blessing_of_kings", 4, "Give a minion +4/+4.", Buff(TARGET, 4, 4), target=MINIONS, cls="paladin"),
    spell("blessing_of_might", 1, "Give a minion +3 Attack.", Buff(TARGET, 3), target=MINIONS, cls="paladin"),
    spell("consecration", 4, "Deal 2 damage to all enemies.", Hit(ENEMY_CHARACTERS, 2), cls="paladin"),
    spell("hammer_of_wrath", 4, "Deal 3 damage. Draw a card.", Hit(TARGET, 3), Draw(), target=CHARACTERS, cls="paladin"),
    spell("hand_of_protection", 1, "Give a minion Divine Shield.", GiveTag(TARGET, DIVINE_SHIELD), target=MINIONS, cls="paladin"),
    minion("argent_protector", 2, 2, 2, GiveTag(TARGET, DIVINE_SHIELD), target=FRIENDLY_MINIONS - SELF, cls="paladin", text="Battlecry: give a friendly minion Divine Shield."),
    weapon("lights_justice", 1, 1, 4, "paladin"),
    secret("noble_sacrifice", 1, "paladin", "Secret: When an enemy attacks, summon a 2/1 Defender as the new target.", ON_ATTACKED, FRIENDLY_CHARACTERS, Do(new_defender("defender")), only_if=(board_has_room,)),
    secret("redemption", 1, "paladin", "Secret: When one of your minions dies, return it to life with 1 Health.", DEATH, FRIENDLY + Zone("graveyard") + HasType("minion"), Do(return_to_life), only_if=(board_has_room,)),
    secret("repentance", 1, "paladin", "Secret: When your opponent plays a minion, reduce its Health to 1.", ON_PLAYED, ENEMY_MINIONS, SetStats(TARGET, health=1)),
    spell("righteousness", 5, "Give your minions Divine Shield.", GiveTag(FRIENDLY_MINIONS, DIVINE_SHIELD), cls="paladin"),
    spell("lay_on_hands", 8, "Restore 8 Health. Draw 3 cards.", Heal(TARGET, 8), Draw(count=3), target=CHARACTERS, cls="paladin"),
    minion("guardian_of_kings", 7, 5, 6, Heal(FRIENDLY_HERO, 6), tags=TAUNT, cls="paladin", text="Taunt. Battlecry: restore 6 Health to your hero."),
    secret("eye_for_an_eye", 1, "paladin", "Secret: When your hero takes damage, deal that much damage to the enemy hero.", ON_DAMAGED, FRIENDLY_HERO, Hit(ENEMY_HERO, damage_taken)),
    # the rest of the Basic and Classic paladin cards
    spell("holy_light", 2, "Restore 6 Health.", Heal(TARGET, 6), target=CHARACTERS, cls="paladin"),
    spell("humility", 1, "Change a minion's Attack to 1.", SetStats(TARGET, attack=1), target=MINIONS, cls="paladin"),
    minion("aldor_peacekeeper", 3, 3, 3, SetStats(TARGET, attack=1), target=ENEMY_MINIONS, cls="paladin", text="Battlecry: change an enemy minion's Attack to 1."),
    spell("blessed_champion", 5, "Double a minion's Attack.", Buff(TARGET, target_attack), target=MINIONS, cls="paladin"),
    spell("equality", 2, "Change the Health of ALL minions to 1.", SetStats(MINIONS, health=1), cls="paladin"),
    spell("avenging_wrath", 6, "Deal 8 damage randomly split among all enemies.", Missiles(ENEMY_CHARACTERS, 8), cls="paladin", spell_damage="missiles"),
    spell("divine_favor", 3, "Draw cards until you have as many in hand as your opponent.", Draw(count=cards_behind), cls="paladin"),
    spell("holy_wrath", 5, "Draw a card and deal damage equal to its Cost.", Do(draw_and_hit), target=CHARACTERS, cls="paladin"),
    weapon("truesilver_champion", 4, 4, 2, "paladin", text="Whenever your hero attacks, restore 2 Health to it.", triggers=(Trigger(ON_ATTACK, (Heal(FRIENDLY_HERO, 2),), FRIENDLY_HERO, zones=("weapon",)),)),
    weapon("sword_of_justice", 3, 1, 5, "paladin", text="After you summon a minion, give it +1/+1 and this loses 1 Durability.", triggers=(Trigger(ON_SUMMONED, (Buff(TARGET, 1, 1), Hit(SELF, 1)), FRIENDLY_MINIONS, zones=("weapon",)),)),
    spell("blessing_of_wisdom", 1, "Choose a minion. Whenever it attacks, draw a card.", If(FRIENDLY_MINIONS + TARGET, (Buff(TARGET, source="blessing_of_wisdom_e"),), (Buff(TARGET, source="blessing_of_wisdom_e2"),)), target=MINIONS, cls="paladin"),
    # the caster draws: the minion's owner, or its opponent when blessed by the enemy
    enchantment("blessing_of_wisdom_e", "Whenever this minion attacks, draw a card.", Trigger(ON_ATTACK, (Draw(),), SELF)),
    enchantment("blessing_of_wisdom_e2", "Whenever this minion attacks, your opponent draws a card.", Trigger(ON_ATTACK, (Draw(Player.OPPONENT),), SELF)),
    minion("tirion_fordring", 8, 6, 6, tags=DIVINE_SHIELD | TAUNT, deathrattle=(equip_weapon("ashbringer"),), cls="paladin", text="Divine Shield. Taunt. Deathrattle: equip a 5/3 Ashbringer."),
)  # fmt: skip
"""The paladin cards of the Basic and Classic sets."""
