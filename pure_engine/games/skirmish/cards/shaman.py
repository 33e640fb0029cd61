"""The shaman cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    ADJACENT,
    FRIENDLY,
    OTHER,
    RANDOM,
    SELF,
    TARGET,
    Aura,
    Buff,
    CardDef,
    Draw,
    ForEach,
    Freeze,
    GiveTag,
    HasType,
    Heal,
    Hit,
    RandomNumber,
    Silence,
    Summon,
    Transform,
    Trigger,
)
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    CHARGE,
    DIVINE_SHIELD,
    ENEMY_CHARACTERS,
    ENEMY_MINIONS,
    FRIENDLY_CHARACTERS,
    FRIENDLY_MINIONS,
    MINIONS,
    TAUNT,
    WINDFURY,
    SkirmishEvent,
)
from pure_engine.games.skirmish.cards.copies import SummonCopy, enchantment
from pure_engine.games.skirmish.cards.define import YOUR_TURN, minion, overload, spell, weapon
from pure_engine.games.skirmish.cards_effects import draw_cheaper

__all__ = ["SHAMAN"]

SHAMAN: Final[tuple[CardDef, ...]] = (
    minion("flametongue_totem", 2, 0, 3, types=("totem",), aura=Aura(ADJACENT, 2, 0), cls="shaman", text="Adjacent minions have +2 Attack."),
    overload(spell("lightning_storm", 3, "Deal 2-3 damage to all enemy minions. Overload: (2)", ForEach(ENEMY_MINIONS, lambda m: [Hit(m, RandomNumber(2, 3))]), cls="shaman"), 2),
    spell("bloodlust", 5, "Give your minions +3 Attack this turn.", Buff(FRIENDLY_MINIONS, 3, one_turn=True), cls="shaman"),
    spell("hex", 3, "Transform a minion into a 0/1 Frog with Taunt.", Transform(TARGET, "frog"), target=MINIONS, cls="shaman"),
    spell("far_sight", 3, "Draw a card. That card costs (3) less.", draw_cheaper(3), cls="shaman"),
    spell("frost_shock", 1, "Deal 1 damage to an enemy character and Freeze it.", Hit(TARGET, 1), Freeze(TARGET), target=ENEMY_CHARACTERS, cls="shaman"),
    spell("earth_shock", 1, "Silence a minion, then deal 1 damage to it.", Silence(TARGET), Hit(TARGET, 1), target=MINIONS, cls="shaman"),
    spell("rockbiter_weapon", 1, "Give a friendly character +3 Attack this turn.", Buff(TARGET, 3, one_turn=True), target=FRIENDLY_CHARACTERS, cls="shaman"),
    minion("fire_elemental", 6, 6, 5, Hit(TARGET, 3), target=CHARACTERS, cls="shaman", text="Battlecry: deal 3 damage."),
    overload(spell("lightning_bolt", 1, "Deal 3 damage. Overload: (1)", Hit(TARGET, 3), target=CHARACTERS, cls="shaman"), 1),
    overload(spell("lava_burst", 3, "Deal 5 damage. Overload: (2)", Hit(TARGET, 5), target=CHARACTERS, cls="shaman"), 2),
    overload(spell("feral_spirit", 3, "Summon two 2/3 Spirit Wolves with Taunt. Overload: (2)", Summon("spirit_wolf", count=2), cls="shaman", needs_room=True), 2),
    overload(minion("dust_devil", 1, 3, 1, tags=WINDFURY, cls="shaman", text="Windfury. Overload: (2)"), 2),
    overload(minion("earth_elemental", 5, 7, 8, tags=TAUNT, cls="shaman", text="Taunt. Overload: (3)"), 3),
    overload(weapon("stormforged_axe", 2, 2, 3, "shaman", text="Overload: (1)"), 1),
    minion("unbound_elemental", 3, 2, 4, triggers=(Trigger(SkirmishEvent.PLAY, (Buff(SELF, 1, 1),), FRIENDLY + OTHER + HasType("overload")),), cls="shaman", text="Whenever you play a card with Overload, gain +1/+1."),
    minion("windspeaker", 4, 3, 3, GiveTag(TARGET, WINDFURY), target=FRIENDLY_MINIONS - SELF, cls="shaman", text="Battlecry: give a friendly minion Windfury."),
    spell("ancestral_healing", 0, "Restore a minion to full Health and give it Taunt.", Heal(TARGET, 1000), GiveTag(TARGET, TAUNT), target=MINIONS, cls="shaman"),
    spell("windfury", 2, "Give a minion Windfury.", GiveTag(TARGET, WINDFURY), target=MINIONS, cls="shaman"),
    spell("totemic_might", 0, "Give your Totems +2 Health.", Buff(FRIENDLY_MINIONS + HasType("totem"), 0, 2), cls="shaman"),
    minion("mana_tide_totem", 3, 0, 3, types=("totem",), triggers=(Trigger(SkirmishEvent.TURN_END, (Draw(),), YOUR_TURN),), cls="shaman", text="At the end of your turn, draw a card."),
    minion("alakir_the_windlord", 8, 3, 5, tags=CHARGE | DIVINE_SHIELD | TAUNT | WINDFURY, cls="shaman", text="Windfury, Charge, Divine Shield, Taunt"),
    overload(spell("forked_lightning", 1, "Deal 2 damage to 2 random enemy minions. Overload: (2)", Hit(RANDOM(ENEMY_MINIONS) * 2, 2), cls="shaman", needs_enemies=2), 2),
    spell("ancestral_spirit", 2, "Give a minion 'Deathrattle: Resummon this minion.'", Buff(TARGET, source="ancestral_spirit_e"), target=MINIONS, cls="shaman"),
    overload(weapon("doomhammer", 5, 2, 8, "shaman", tags=WINDFURY, text="Windfury, Overload: (2)"), 2),
    enchantment("ancestral_spirit_e", "Deathrattle: Resummon this minion.", deathrattle=(SummonCopy(SELF),)),
)  # fmt: skip
"""The shaman cards of the Basic and Classic sets."""
