"""The paladin cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import SELF, TARGET, Buff, CardDef, Draw, GiveTag, Hit
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    DIVINE_SHIELD,
    ENEMY_CHARACTERS,
    FRIENDLY_MINIONS,
    MINIONS,
)
from pure_engine.games.skirmish.cards.define import minion, spell, weapon

__all__ = ["PALADIN"]

PALADIN: Final[tuple[CardDef, ...]] = (
    spell("blessing_of_kings", 4, "Give a minion +4/+4.", Buff(TARGET, 4, 4), target=MINIONS, cls="paladin"),
    spell("blessing_of_might", 1, "Give a minion +3 Attack.", Buff(TARGET, 3), target=MINIONS, cls="paladin"),
    spell("consecration", 4, "Deal 2 damage to all enemies.", Hit(ENEMY_CHARACTERS, 2), cls="paladin"),
    spell("hammer_of_wrath", 4, "Deal 3 damage. Draw a card.", Hit(TARGET, 3), Draw(), target=CHARACTERS, cls="paladin"),
    spell("hand_of_protection", 1, "Give a minion Divine Shield.", GiveTag(TARGET, DIVINE_SHIELD), target=MINIONS, cls="paladin"),
    minion("argent_protector", 2, 2, 2, GiveTag(TARGET, DIVINE_SHIELD), target=FRIENDLY_MINIONS - SELF, cls="paladin", text="Battlecry: give a friendly minion Divine Shield."),
    weapon("lights_justice", 1, 1, 4, "paladin"),
)  # fmt: skip
"""The paladin cards of the Basic and Classic sets."""
