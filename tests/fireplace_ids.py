"""Fireplace's ids for the cards the oracle cannot find by their English name: the heroes, the
tokens (whose names repeat in the card data) and Fireplace's other printings of our tokens."""

from __future__ import annotations

from typing import Final

__all__ = ["HERO_IDS", "TOKEN_ALIASES", "TOKEN_IDS"]

HERO_IDS: Final = {
    "warrior": "HERO_01", "shaman": "HERO_02", "rogue": "HERO_03", "paladin": "HERO_04",
    "hunter": "HERO_05", "druid": "HERO_06", "warlock": "HERO_07", "mage": "HERO_08",
    "priest": "HERO_09",
}  # fmt: skip
"""The original hero of each class (its hero power is the basic one)."""

TOKEN_IDS: Final = {
    "damaged_golem": "skele21", "whelp": "EX1_116t", "boar": "CS2_boar",
    "murloc_scout": "EX1_506a", "silver_hand_recruit": "CS2_101t", "sheep": "CS2_tk1",
    "frog": "hexfrog", "druid_of_the_claw_cat": "EX1_165t1", "druid_of_the_claw_bear": "EX1_165t2",
    "healing_totem": "NEW1_009", "searing_totem": "CS2_050", "stoneclaw_totem": "CS2_051",
    "wrath_of_air_totem": "CS2_052", "wicked_knife": "CS2_082", "the_coin": "GAME_005",
    "charge": "CS2_103", "violet_apprentice": "NEW1_026t", "baine_bloodhoof": "EX1_110t",
    "spirit_wolf": "EX1_tk11", "snake": "EX1_554t", "defender": "EX1_130a",
    "spellbender_minion": "tt_010a", "mechanical_dragonling": "EX1_025t", "squire": "CS2_152",
    "gnoll": "NEW1_040t", "imp": "EX1_598", "finkle_einhorn": "EX1_finkle", "bananas": "EX1_014t",
    "devilsaur": "EX1_tk29", "squirrel": "EX1_tk28", "defias_bandit": "EX1_131t",
    "shadow_of_nothing": "EX1_345t", "battle_axe": "EX1_398t", "heavy_axe": "EX1_409t",
    "worthless_imp": "EX1_317t", "dream": "DREAM_04", "nightmare": "DREAM_05",
    "ysera_awakens": "DREAM_02", "laughing_sister": "DREAM_01", "emerald_drake": "DREAM_03",
    # the druid, hunter, mage and paladin tokens
    "ashbringer": "EX1_383t", "excess_mana": "CS2_013t", "panther": "EX1_160t",
    "treant_taunt": "EX1_573t", "treant_charge": "EX1_tk9", "treant": "EX1_158t",
    "mirror_image_minion": "CS2_mirror", "misha": "NEW1_032", "leokk": "NEW1_033",
    "huffer": "NEW1_034", "hound": "EX1_538t", "hyena": "EX1_534t",
    # Lord Jaraxxus's
    "infernal": "EX1_tk34", "blood_fury": "EX1_323w",
}  # fmt: skip
"""Cards whose English name is ambiguous in the card data (tokens, The Coin, Charge)."""

TOKEN_ALIASES: Final = {"ds1_whelptoken": "whelp"}
"""Fireplace's other printings of a token we have once (Onyxia's Whelp is Leeroy's)."""
