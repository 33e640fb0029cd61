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
    Destroy,
    Do,
    Draw,
    Heal,
    Hit,
    If,
    Player,
    Silence,
    Summon,
    Transform,
)
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    ENEMY_CHARACTERS,
    ENEMY_MINIONS,
    FRIENDLY_CHARACTERS,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    MINIONS,
    TAUNT,
)
from pure_engine.games.skirmish.cards.class_rules import (
    empty_crystal,
    gain_crystals,
    hero_attack,
    ten_crystals,
)
from pure_engine.games.skirmish.cards.copies import enchantment, give_card
from pure_engine.games.skirmish.cards.define import (
    OTHER_FRIENDLY_MINIONS,
    minion,
    spell,
    spell_targetable,
    targetable,
)
from pure_engine.games.skirmish.cards_effects import gain_mana
from pure_engine.games.skirmish.cards_moves import summon_around

__all__ = ["DRUID"]

DRUID: Final[tuple[CardDef, ...]] = (
    minion("keeper_of_the_grove", 4, 2, 4, ChooseOne((
        ("deal 2", (ChooseTarget(targetable(CHARACTERS) - SELF, lambda t: [Hit(t, 2)]),), targetable(CHARACTERS) - SELF),
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
        ("deal 3", (ChooseTarget(spell_targetable(MINIONS), lambda t: [Hit(t, 3)]),), spell_targetable(MINIONS)),
        ("deal 1, draw", (ChooseTarget(spell_targetable(MINIONS), lambda t: [Hit(t, 1), Draw()]),), spell_targetable(MINIONS)),
    )), cls="druid"),
    spell("savage_roar", 3, "Give your characters +2 Attack this turn.", Buff(FRIENDLY_CHARACTERS, 2, one_turn=True), cls="druid"),
    spell("swipe", 4, "Deal 4 damage to an enemy and 1 damage to all other enemies.", Hit(TARGET, 4), Hit(ENEMY_CHARACTERS - TARGET, 1), target=ENEMY_CHARACTERS, cls="druid"),
    spell("healing_touch", 3, "Restore 8 Health.", Heal(TARGET, 8), target=CHARACTERS, cls="druid"),
    spell("mark_of_the_wild", 2, "Give a minion Taunt and +2/+2.", Buff(TARGET, 2, 2, tags=TAUNT), target=MINIONS, cls="druid"),
    spell("starfire", 6, "Deal 5 damage. Draw a card.", Hit(TARGET, 5), Draw(), target=CHARACTERS, cls="druid"),
    minion("ironbark_protector", 8, 8, 8, tags=TAUNT, cls="druid", text="Taunt"),
    spell("bite", 4, "Give your hero +4 Attack this turn and 4 Armor.", Buff(FRIENDLY_HERO, 4, one_turn=True), Armor(FRIENDLY_HERO, 4), cls="druid"),
    spell("gift_of_the_wild", 8, "Give your minions +2/+2 and Taunt.", Buff(FRIENDLY_MINIONS, 2, 2, tags=TAUNT), cls="druid"),
    # the rest of the Basic and Classic druid cards (a Choose One card's modes in the order of
    # the reference game's card data, which the Fireplace differential names them by)
    spell("wild_growth", 2, "Gain an empty Mana Crystal.", If(ten_crystals, (give_card("excess_mana"),), (Do(empty_crystal),)), cls="druid"),
    spell("naturalize", 1, "Destroy a minion. Your opponent draws 2 cards.", Destroy(TARGET), Draw(Player.OPPONENT, 2), target=MINIONS, cls="druid"),
    spell("savagery", 1, "Deal damage equal to your hero's Attack to a minion.", Hit(TARGET, hero_attack), target=MINIONS, cls="druid"),
    spell("mark_of_nature", 3, "Choose one: give a minion +4 Attack; or +4 Health and Taunt.", ChooseOne((
        ("+4 attack", (ChooseTarget(spell_targetable(MINIONS), lambda t: [Buff(t, 4)]),), spell_targetable(MINIONS)),
        ("+4 health, taunt", (ChooseTarget(spell_targetable(MINIONS), lambda t: [Buff(t, 0, 4, tags=TAUNT)]),), spell_targetable(MINIONS)),
    )), cls="druid"),
    spell("power_of_the_wild", 2, "Choose one: give your minions +1/+1; or summon a 3/2 Panther.", ChooseOne((
        ("panther", (Summon("panther"),), None),
        ("+1/+1", (Buff(FRIENDLY_MINIONS, 1, 1),), None),
    )), cls="druid"),
    spell("nourish", 5, "Choose one: gain 2 Mana Crystals; or draw 3 cards.", ChooseOne((
        ("gain 2 crystals", (Do(gain_crystals),), None),
        ("draw 3", (Draw(count=3),), None),
    )), cls="druid"),
    spell("starfall", 5, "Choose one: deal 5 damage to a minion; or 2 damage to all enemy minions.", ChooseOne((
        ("2 to all", (Hit(ENEMY_MINIONS, 2),), None),
        ("5 to one", (ChooseTarget(spell_targetable(MINIONS), lambda t: [Hit(t, 5)]),), spell_targetable(MINIONS)),
    )), cls="druid"),
    spell("force_of_nature", 6, "Summon three 2/2 Treants with Charge that die at the end of the turn.", Summon("treant_charge", count=3), cls="druid"),
    minion("ancient_of_lore", 7, 5, 5, ChooseOne((
        ("draw 2", (Draw(count=2),), None),
        ("restore 5", (ChooseTarget(targetable(CHARACTERS), lambda t: [Heal(t, 5)]),), targetable(CHARACTERS)),
    )), cls="druid", text="Choose one: draw 2 cards; or restore 5 Health."),
    minion("ancient_of_war", 7, 5, 5, ChooseOne((
        ("+5 attack", (Buff(SELF, 5),), None),
        ("+5 health, taunt", (Buff(SELF, 0, 5, tags=TAUNT),), None),
    )), cls="druid", text="Choose one: +5 Attack; or +5 Health and Taunt."),
    spell("soul_of_the_forest", 4, "Give your minions \"Deathrattle: summon a 2/2 Treant.\"", Buff(FRIENDLY_MINIONS, source="soul_of_the_forest_e"), cls="druid"),
    enchantment("soul_of_the_forest_e", "Deathrattle: summon a 2/2 Treant.", deathrattle=(Summon("treant"),)),
    minion("cenarius", 9, 5, 8, ChooseOne((
        ("+2/+2", (Buff(OTHER_FRIENDLY_MINIONS, 2, 2),), None),
        ("two treants", (Do(summon_around("treant_taunt", 2)),), None),
    )), cls="druid", text="Choose one: give your other minions +2/+2; or summon two 2/2 Treants with Taunt."),
)  # fmt: skip
"""The druid cards of the Basic and Classic sets."""
