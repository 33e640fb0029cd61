"""The priest cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    ATK,
    ENEMY,
    RANDOM,
    SELF,
    SILENCE,
    TARGET,
    Aura,
    Buff,
    CardDef,
    Destroy,
    Do,
    Draw,
    HasType,
    Heal,
    Hit,
    If,
    Silence,
    Summon,
    Trigger,
    Zone,
)
from pure_engine.cards.runtime import CardState, Entity, Frame
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    CHARGE,
    DAMAGED,
    ENEMY_CHARACTERS,
    ENEMY_HERO,
    ENEMY_MINIONS,
    FRIENDLY_CHARACTERS,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    MINIONS,
    ON_TURN_END,
    ON_TURN_START,
    SkirmishEvent,
)
from pure_engine.games.skirmish.cards.copies import (
    CopyRandom,
    CopyToHand,
    SummonCopy,
    Unenchant,
    enchantment,
    give_back,
    shadowform,
)
from pure_engine.games.skirmish.cards.define import YOUR_TURN, minion, power, spell, token
from pure_engine.games.skirmish.cards_effects import TakeControl

__all__ = ["PRIEST"]


def _target_health(state: CardState, frame: Frame) -> int:
    """The target's Health left (Divine Spirit doubles it)."""
    assert frame.ctx.target is not None
    e = state.table.entities[frame.ctx.target]
    return e.health - e.damage


def _attack_to_health(state: CardState, frame: Frame) -> int:
    """What Inner Fire adds to the target's Attack (without auras, which still apply after)
    so that it equals its Health."""
    assert frame.ctx.target is not None
    e = state.table.entities[frame.ctx.target]
    return e.health - e.damage - (e.attack - e.aura_attack)


def _health_as_attack(e: Entity) -> int:
    """Lightspawn's Attack: its Health left, whatever else changes its Attack."""
    return e.health - e.damage


_ENEMY_DECK_MINIONS: Final = ENEMY + Zone("deck") + HasType("minion")

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
    minion("auchenai_soulpriest", 4, 3, 5, types=("heals_hurt",), cls="priest", text="Your cards and powers that restore Health now deal damage instead."),
    spell("divine_spirit", 2, "Double a minion's Health.", Buff(TARGET, 0, _target_health), target=MINIONS, cls="priest"),
    spell("inner_fire", 1, "Change a minion's Attack to be equal to its Health.", Buff(TARGET, _attack_to_health), target=MINIONS, cls="priest"),
    minion("lightspawn", 4, 0, 5, aura=Aura(SELF, _health_as_attack), cls="priest", text="This minion's Attack is always equal to its Health."),
    minion("lightwell", 2, 0, 5, triggers=(Trigger(ON_TURN_START, (Heal(RANDOM(FRIENDLY_CHARACTERS + DAMAGED), 3),), YOUR_TURN),), cls="priest", text="At the start of your turn, restore 3 Health to a damaged friendly character."),
    spell("mind_vision", 1, "Put a copy of a random card in your opponent's hand into your hand.", CopyToHand(RANDOM(ENEMY + Zone("hand"))), cls="priest"),
    spell("mindgames", 4, "Put a copy of a random minion from your opponent's deck into the battlefield.", If(_ENEMY_DECK_MINIONS, (SummonCopy(RANDOM(_ENEMY_DECK_MINIONS)),), (Summon("shadow_of_nothing"),)), cls="priest", needs_room=True),
    minion("prophet_velen", 7, 7, 7, types=("doubles",), cls="priest", text="Double the damage and healing of your spells and Hero Power."),
    spell("shadow_madness", 4, "Gain control of an enemy minion with 3 or less Attack until end of turn.", TakeControl(TARGET), Buff(TARGET, tags=CHARGE, source="shadow_madness_e"), target=ENEMY_MINIONS + (ATK <= 3), cls="priest", needs_room=True),
    spell("shadowform", 3, "Your Hero Power becomes 'Deal 2 damage'. If already in Shadowform: 3 damage.", Do(shadowform), cls="priest"),
    spell("thoughtsteal", 3, "Copy 2 cards from your opponent's deck and put them into your hand.", CopyRandom(ENEMY + Zone("deck"), 2), cls="priest"),
    token("shadow_of_nothing", 0, 0, 1),
    power("mind_spike", "priest", "Deal 2 damage.", Hit(TARGET, 2), target=CHARACTERS),
    power("mind_shatter", "priest", "Deal 3 damage.", Hit(TARGET, 3), target=CHARACTERS),
    enchantment("shadow_madness_e", "Taken until end of turn; Charge.", Trigger(ON_TURN_END, (Do(give_back), Unenchant(SELF, "shadow_madness_e")), Zone("hero")), Trigger(SILENCE, (Do(give_back),), SELF)),
)  # fmt: skip
"""The priest cards of the Basic and Classic sets."""
