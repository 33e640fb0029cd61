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
    SetHealth,
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
    ON_ATTACKED,
    ON_DAMAGED,
    ON_PLAYED,
    TAUNT,
)
from pure_engine.games.skirmish.cards.define import minion, secret, spell, weapon
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
    secret("repentance", 1, "paladin", "Secret: When your opponent plays a minion, reduce its Health to 1.", ON_PLAYED, ENEMY_MINIONS, SetHealth(TARGET, 1)),
    spell("righteousness", 5, "Give your minions Divine Shield.", GiveTag(FRIENDLY_MINIONS, DIVINE_SHIELD), cls="paladin"),
    spell("lay_on_hands", 8, "Restore 8 Health. Draw 3 cards.", Heal(TARGET, 8), Draw(count=3), target=CHARACTERS, cls="paladin"),
    minion("guardian_of_kings", 7, 5, 6, Heal(FRIENDLY_HERO, 6), tags=TAUNT, cls="paladin", text="Taunt. Battlecry: restore 6 Health to your hero."),
    secret("eye_for_an_eye", 1, "paladin", "Secret: When your hero takes damage, deal that much damage to the enemy hero.", ON_DAMAGED, FRIENDLY_HERO, Hit(ENEMY_HERO, damage_taken)),
)  # fmt: skip
"""The paladin cards of the Basic and Classic sets."""
