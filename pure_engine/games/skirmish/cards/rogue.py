"""The rogue cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    FRIENDLY,
    TARGET,
    Buff,
    CardDef,
    Destroy,
    Draw,
    Hit,
    If,
    ReturnToHand,
    Zone,
)
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    ENEMY_HERO,
    ENEMY_MINIONS,
    MINIONS,
    POISONOUS,
    STEALTH,
    UNDAMAGED,
)
from pure_engine.games.skirmish.cards.define import minion, spell, weapon
from pure_engine.games.skirmish.cards_effects import combo

__all__ = ["ROGUE"]

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
)  # fmt: skip
"""The rogue cards of the Basic and Classic sets."""
