"""The druid cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    SELF,
    TARGET,
    Armor,
    Buff,
    CardDef,
    ChooseOne,
    ChooseTarget,
    Draw,
    Heal,
    Hit,
    Silence,
    Transform,
)
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    ENEMY_CHARACTERS,
    FRIENDLY_CHARACTERS,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    MINIONS,
    TAUNT,
)
from pure_engine.games.skirmish.cards.define import minion, spell, targetable
from pure_engine.games.skirmish.cards_effects import gain_mana

__all__ = ["DRUID"]

DRUID: Final[tuple[CardDef, ...]] = (
    minion("keeper_of_the_grove", 4, 2, 4, ChooseOne((
        ("deal 2", (ChooseTarget(targetable(CHARACTERS), lambda t: [Hit(t, 2)]),), targetable(CHARACTERS)),
        ("silence", (ChooseTarget(targetable(MINIONS) - SELF, lambda t: [Silence(t)]),), targetable(MINIONS) - SELF),
    )), cls="druid", text="Choose one: deal 2 damage; or silence a minion."),
    minion("druid_of_the_claw", 5, 4, 4, ChooseOne((
        ("cat form", (Transform(SELF, "druid_of_the_claw_cat"),), None),
        ("bear form", (Transform(SELF, "druid_of_the_claw_bear"),), None),
    )), cls="druid", text="Choose one: transform into a 4/4 with Charge; or a 4/6 with Taunt."),
    spell("innervate", 0, "Gain 2 Mana Crystals this turn only.", gain_mana(2), cls="druid"),
    spell("moonfire", 0, "Deal 1 damage.", Hit(TARGET, 1), target=CHARACTERS, cls="druid"),
    spell("claw", 1, "Give your hero +2 Attack this turn and 2 Armor.", Buff(FRIENDLY_HERO, 2, one_turn=True), Armor(FRIENDLY_HERO, 2), cls="druid"),
    spell("wrath", 2, "Choose one: deal 3 damage to a minion; or 1 damage and draw a card.", ChooseOne((
        ("deal 3", (ChooseTarget(targetable(MINIONS), lambda t: [Hit(t, 3)]),), targetable(MINIONS)),
        ("deal 1, draw", (ChooseTarget(targetable(MINIONS), lambda t: [Hit(t, 1), Draw()]),), targetable(MINIONS)),
    )), cls="druid"),
    spell("savage_roar", 3, "Give your characters +2 Attack this turn.", Buff(FRIENDLY_CHARACTERS, 2, one_turn=True), cls="druid"),
    spell("swipe", 4, "Deal 4 damage to an enemy and 1 damage to all other enemies.", Hit(TARGET, 4), Hit(ENEMY_CHARACTERS - TARGET, 1), target=ENEMY_CHARACTERS, cls="druid"),
    spell("healing_touch", 3, "Restore 8 Health.", Heal(TARGET, 8), target=CHARACTERS, cls="druid"),
    spell("mark_of_the_wild", 2, "Give a minion Taunt and +2/+2.", Buff(TARGET, 2, 2, tags=TAUNT), target=MINIONS, cls="druid"),
    spell("starfire", 6, "Deal 5 damage. Draw a card.", Hit(TARGET, 5), Draw(), target=CHARACTERS, cls="druid"),
    minion("ironbark_protector", 8, 8, 8, tags=TAUNT, cls="druid", text="Taunt"),
    spell("bite", 4, "Give your hero +4 Attack this turn and 4 Armor.", Buff(FRIENDLY_HERO, 4, one_turn=True), Armor(FRIENDLY_HERO, 4), cls="druid"),
    spell("gift_of_the_wild", 8, "Give your minions +2/+2 and Taunt.", Buff(FRIENDLY_MINIONS, 2, 2, tags=TAUNT), cls="druid"),
)  # fmt: skip
"""The druid cards of the Basic and Classic sets."""
