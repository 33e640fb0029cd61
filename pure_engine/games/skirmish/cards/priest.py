"""The priest cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    ATK,
    SELF,
    TARGET,
    Buff,
    CardDef,
    Destroy,
    Draw,
    Heal,
    Hit,
    Silence,
    Trigger,
)
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    ENEMY_CHARACTERS,
    ENEMY_HERO,
    ENEMY_MINIONS,
    FRIENDLY_CHARACTERS,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    MINIONS,
    SkirmishEvent,
)
from pure_engine.games.skirmish.cards.define import minion, spell
from pure_engine.games.skirmish.cards_effects import TakeControl

__all__ = ["PRIEST"]

PRIEST: Final[tuple[CardDef, ...]] = (
    spell("power_word_shield", 1, "Give a minion +2 Health. Draw a card.", Buff(TARGET, 0, 2), Draw(), target=MINIONS, cls="priest"),
    spell("holy_smite", 1, "Deal 2 damage.", Hit(TARGET, 2), target=CHARACTERS, cls="priest"),
    spell("mind_blast", 2, "Deal 5 damage to the enemy hero.", Hit(ENEMY_HERO, 5), cls="priest"),
    spell("shadow_word_pain", 2, "Destroy a minion with 3 or less Attack.", Destroy(TARGET), target=MINIONS + (ATK <= 3), cls="priest"),
    spell("shadow_word_death", 3, "Destroy a minion with 5 or more Attack.", Destroy(TARGET), target=MINIONS + (ATK >= 5), cls="priest"),
    minion("northshire_cleric", 1, 1, 3, triggers=(Trigger(SkirmishEvent.HEALED, (Draw(),), MINIONS),), cls="priest", text="Whenever a minion is healed, draw a card."),
    spell("holy_nova", 5, "Deal 2 damage to all enemies. Restore 2 Health to all friendly characters.", Hit(ENEMY_CHARACTERS, 2), Heal(FRIENDLY_CHARACTERS, 2), cls="priest"),
    spell("holy_fire", 6, "Deal 5 damage. Restore 5 Health to your hero.", Hit(TARGET, 5), Heal(FRIENDLY_HERO, 5), target=CHARACTERS, cls="priest"),
    spell("mind_control", 10, "Take control of an enemy minion.", TakeControl(TARGET), target=ENEMY_MINIONS, cls="priest", needs_room=True),
    spell("silence", 0, "Silence a minion.", Silence(TARGET), target=MINIONS, cls="priest"),
    spell("circle_of_healing", 0, "Restore 4 Health to ALL minions.", Heal(MINIONS, 4), cls="priest"),
    spell("mass_dispel", 4, "Silence all enemy minions. Draw a card.", Silence(ENEMY_MINIONS), Draw(), cls="priest"),
    minion("cabal_shadow_priest", 6, 4, 5, TakeControl(TARGET), target=ENEMY_MINIONS + (ATK <= 2), cls="priest", text="Battlecry: take control of an enemy minion that has 2 or less Attack."),
    minion("temple_enforcer", 6, 6, 6, Buff(TARGET, 0, 3), target=FRIENDLY_MINIONS - SELF, cls="priest", text="Battlecry: give a friendly minion +3 Health."),
)  # fmt: skip
"""The priest cards of the Basic and Classic sets."""
