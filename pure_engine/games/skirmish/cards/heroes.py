"""The nine heroes and their hero powers, and Lord Jaraxxus, the hero his card becomes."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import TARGET, Armor, Buff, CardDef, Do, Draw, Heal, Hit, Summon
from pure_engine.games.skirmish.base import CHARACTERS, ENEMY_HERO, FRIENDLY_HERO
from pure_engine.games.skirmish.cards.define import hero, power
from pure_engine.games.skirmish.cards_effects import (
    SummonRandomTotem,
    dagger,
    room_for_a_totem,
    room_on_board,
)

__all__ = ["HEROES"]

HEROES: Final[tuple[CardDef, ...]] = (
    *(hero(cls, hp) for cls, hp in (
        ("mage", "fireblast"), ("hunter", "steady_shot"), ("warlock", "life_tap"),
        ("druid", "shapeshift"), ("paladin", "reinforce"), ("priest", "lesser_heal"),
        ("rogue", "dagger_mastery"), ("warrior", "armor_up"), ("shaman", "totemic_call"),
    )),
    hero("warlock", "inferno", "lord_jaraxxus", 15, ("demon",)),
    power("inferno", "warlock", "Summon a 6/6 Infernal.", Summon("infernal"), usable=room_on_board),
    power("fireblast", "mage", "Deal 1 damage.", Hit(TARGET, 1), target=CHARACTERS),
    power("steady_shot", "hunter", "Deal 2 damage to the enemy hero.", Hit(ENEMY_HERO, 2)),
    power("life_tap", "warlock", "Draw a card and take 2 damage.", Draw(), Hit(FRIENDLY_HERO, 2)),
    power("shapeshift", "druid", "+1 Attack this turn. +1 Armor.", Buff(FRIENDLY_HERO, 1, one_turn=True), Armor(FRIENDLY_HERO, 1)),
    power("reinforce", "paladin", "Summon a 1/1 Silver Hand Recruit.", Summon("silver_hand_recruit"), usable=room_on_board),
    power("lesser_heal", "priest", "Restore 2 Health.", Heal(TARGET, 2), target=CHARACTERS),
    power("dagger_mastery", "rogue", "Equip a 1/2 Dagger.", Do(dagger)),
    power("armor_up", "warrior", "Gain 2 Armor.", Armor(FRIENDLY_HERO, 2)),
    power("totemic_call", "shaman", "Summon a random Totem.", SummonRandomTotem(), usable=room_for_a_totem),
)  # fmt: skip
"""The nine heroes and their hero powers."""
