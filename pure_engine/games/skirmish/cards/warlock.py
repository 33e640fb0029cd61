"""The warlock cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import SELF, TARGET, CardDef, Destroy, Discard, Draw, HasType, Heal, Hit, If
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    CHARGE,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    MINIONS,
    TAUNT,
)
from pure_engine.games.skirmish.cards.define import minion, spell

__all__ = ["WARLOCK"]

WARLOCK: Final[tuple[CardDef, ...]] = (
    spell("soulfire", 1, "Deal 4 damage. Discard a random card.", Hit(TARGET, 4), Discard(1), target=CHARACTERS, cls="warlock"),
    spell("mortal_coil", 1, "Deal 1 damage to a minion. If that kills it, draw a card.", Hit(TARGET, 1), If(lambda s, f: f.ctx.target is not None and s.table.entities[f.ctx.target].damage >= s.table.entities[f.ctx.target].health, (Draw(),)), target=MINIONS, cls="warlock"),
    spell("hellfire", 4, "Deal 3 damage to ALL characters.", Hit(CHARACTERS, 3), cls="warlock"),
    minion("voidwalker", 1, 1, 3, tags=TAUNT, types=("demon",), cls="warlock", text="Taunt"),
    spell("shadow_bolt", 3, "Deal 4 damage to a minion.", Hit(TARGET, 4), target=MINIONS, cls="warlock"),
    spell("drain_life", 3, "Deal 2 damage. Restore 2 Health to your hero.", Hit(TARGET, 2), Heal(FRIENDLY_HERO, 2), target=CHARACTERS, cls="warlock"),
    minion("flame_imp", 1, 3, 2, Hit(FRIENDLY_HERO, 3), types=("demon",), cls="warlock", text="Battlecry: deal 3 damage to your hero."),
    minion("pit_lord", 4, 5, 6, Hit(FRIENDLY_HERO, 5), types=("demon",), cls="warlock", text="Battlecry: deal 5 damage to your hero."),
    minion("dread_infernal", 6, 6, 6, Hit(CHARACTERS - SELF, 1), types=("demon",), cls="warlock", text="Battlecry: deal 1 damage to ALL other characters."),
    spell("siphon_soul", 6, "Destroy a minion. Restore 3 Health to your hero.", Destroy(TARGET), Heal(FRIENDLY_HERO, 3), target=MINIONS, cls="warlock"),
    spell("twisting_nether", 8, "Destroy all minions.", Destroy(MINIONS), cls="warlock"),
    minion("doomguard", 5, 5, 7, Discard(2), tags=CHARGE, types=("demon",), cls="warlock", text="Charge. Battlecry: discard two random cards."),
    spell("sacrificial_pact", 0, "Destroy a friendly Demon. Restore 5 Health to your hero.", Destroy(TARGET), Heal(FRIENDLY_HERO, 5), target=FRIENDLY_MINIONS + HasType("demon"), cls="warlock"),
)  # fmt: skip
"""The warlock cards of the Basic and Classic sets."""
