"""The rogue cards of the Basic and Classic sets."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from pure_engine.cards import (
    FRIENDLY,
    SELF,
    TARGET,
    Buff,
    CardDef,
    Destroy,
    Do,
    Draw,
    GiveTag,
    HasTag,
    Hit,
    If,
    ReturnToHand,
    Summon,
    Trigger,
    Zone,
)
from pure_engine.cards.costs import CostChange
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    ENEMY_CHARACTERS,
    ENEMY_HERO,
    ENEMY_MINIONS,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    MINIONS,
    ON_TURN_END,
    ON_TURN_START,
    POISONOUS,
    STEALTH,
    UNDAMAGED,
)
from pure_engine.games.skirmish.cards.copies import Unenchant, enchantment, give_card
from pure_engine.games.skirmish.cards.define import minion, spell, token, weapon
from pure_engine.games.skirmish.cards.rules_text import (
    betray,
    cheaper_target,
    my_weapon_attack,
    other_cards_played,
)
from pure_engine.games.skirmish.cards_effects import combo

__all__ = ["ROGUE"]

_WEAPON: Final = FRIENDLY + Zone("weapon")


def _combo_target(card: CardDef) -> CardDef:
    """*card* takes its target only with Combo (SI:7 Agent, Kidnapper)."""
    return replace(card, extra={**card.extra, "combo_target": True})


ROGUE: Final[tuple[CardDef, ...]] = (
    spell("backstab", 0, "Deal 2 damage to an undamaged minion.", Hit(TARGET, 2), target=MINIONS + UNDAMAGED, cls="rogue"),
    spell("eviscerate", 2, "Deal 2 damage. Combo: deal 4 instead.", If(combo, (Hit(TARGET, 4),), (Hit(TARGET, 2),)), target=CHARACTERS, cls="rogue"),
    spell("sap", 2, "Return an enemy minion to your opponent's hand.", ReturnToHand(TARGET), target=ENEMY_MINIONS, cls="rogue"),
    spell("fan_of_knives", 3, "Deal 1 damage to all enemy minions. Draw a card.", Hit(ENEMY_MINIONS, 1), Draw(), cls="rogue"),
    spell("sinister_strike", 1, "Deal 3 damage to the enemy hero.", Hit(ENEMY_HERO, 3), cls="rogue"),
    spell("deadly_poison", 1, "Give your weapon +2 Attack.", Buff(FRIENDLY + Zone("weapon"), 2), cls="rogue", needs_weapon=True),
    spell("assassinate", 5, "Destroy an enemy minion.", Destroy(TARGET), target=ENEMY_MINIONS, cls="rogue"),
    spell("shiv", 2, "Deal 1 damage. Draw a card.", Hit(TARGET, 1), Draw(), target=CHARACTERS, cls="rogue"),
    spell("sprint", 7, "Draw 4 cards.", Draw(count=4), cls="rogue"),
    spell("vanish", 6, "Return all minions to their owner's hand.", ReturnToHand(MINIONS), cls="rogue"),
    weapon("perditions_blade", 3, 2, 2, "rogue", If(combo, (Hit(TARGET, 2),), (Hit(TARGET, 1),)), target=CHARACTERS, text="Battlecry: deal 1 damage. Combo: deal 2 instead."),
    weapon("assassins_blade", 5, 3, 4, "rogue"),
    spell("cold_blood", 1, "Give a minion +2 Attack. Combo: +4 Attack instead.", If(combo, (Buff(TARGET, 4),), (Buff(TARGET, 2),)), target=MINIONS, cls="rogue"),
    minion("patient_assassin", 2, 1, 1, tags=STEALTH | POISONOUS, cls="rogue", text="Stealth. Poisonous"),
    spell("betrayal", 2, "Force an enemy minion to deal its damage to the minions next to it.", Do(betray), target=ENEMY_MINIONS, cls="rogue"),
    spell("blade_flurry", 2, "Destroy your weapon and deal its damage to all enemies.", Hit(ENEMY_CHARACTERS, my_weapon_attack), Destroy(_WEAPON), cls="rogue", needs_weapon=True),
    spell("conceal", 1, "Give your minions Stealth until your next turn.", Buff(FRIENDLY_MINIONS - HasTag(STEALTH), tags=STEALTH, source="conceal_e"), cls="rogue"),
    minion("defias_ringleader", 2, 2, 3, If(combo, (Summon("defias_bandit"),)), cls="rogue", text="Combo: Summon a 2/1 Defias Bandit."),
    minion("edwin_vancleef", 3, 2, 2, If(combo, (Buff(SELF, other_cards_played, other_cards_played),)), cls="rogue", text="Combo: Gain +2/+2 for each other card you played this turn."),
    spell("headcrack", 3, "Deal 2 damage to the enemy hero. Combo: Return this to your hand next turn.", Hit(ENEMY_HERO, 2), If(combo, (Buff(FRIENDLY_HERO, source="headcrack_e"),)), cls="rogue"),
    _combo_target(minion("kidnapper", 6, 5, 3, If(combo, (ReturnToHand(TARGET),)), target=MINIONS, cls="rogue", text="Combo: Return a minion to its owner's hand.")),
    minion("master_of_disguise", 4, 4, 4, GiveTag(TARGET, STEALTH), target=FRIENDLY_MINIONS - SELF, cls="rogue", text="Battlecry: Give a friendly minion Stealth."),
    spell("preparation", 0, "The next spell you cast this turn costs (3) less.", Buff(FRIENDLY_HERO, one_turn=True, source="preparation_e"), cls="rogue"),
    _combo_target(minion("si_7_agent", 3, 3, 3, If(combo, (Hit(TARGET, 2),)), target=CHARACTERS, cls="rogue", text="Combo: Deal 2 damage.")),
    spell("shadowstep", 0, "Return a friendly minion to your hand. It costs (2) less.", ReturnToHand(TARGET), Do(cheaper_target(2)), target=FRIENDLY_MINIONS, cls="rogue"),
    token("defias_bandit", 1, 2, 1),
    enchantment("conceal_e", "Stealthed until your next turn.", Trigger(ON_TURN_START, (Unenchant(SELF, "conceal_e"),), FRIENDLY_HERO)),
    enchantment("headcrack_e", "At the end of your turn, a Headcrack returns to your hand.", Trigger(ON_TURN_END, (give_card("headcrack"), Unenchant(SELF, "headcrack_e")), FRIENDLY_HERO, zones=("hero",))),
    enchantment("preparation_e", "Your next spell this turn costs (3) less.", cost_change=CostChange(3, "spell", once=True)),
)  # fmt: skip
"""The rogue cards of the Basic and Classic sets."""
