"""The skirmish card set: every card in a line or a few of the kit's DSL, beside its text.

Card data (costs, stats, text) follow the Basic and Classic sets of the
reference game; names are its English names in snake_case, so puzzle files
can name them.  One module a class (:mod:`.neutral`, :mod:`.mage`...,
:mod:`.tokens`, :mod:`.heroes` with the hero powers), the builders in
:mod:`.define`.  Tokens (``whelp``, ``damaged_golem``...), hero cards
(``hero_mage``...) and hero powers (``fireblast``...) are cards too, marked
``collectible=False`` in ``extra``.

>>> len(COLLECTIBLE) >= 60, "fireball" in COLLECTIBLE, "whelp" in COLLECTIBLE
(True, True, False)
>>> CARDS[0].key, CARDS[ORDER.index("fireball")].key
('wisp', 'fireball')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pure_engine.cards import CardDef
from pure_engine.games.skirmish.cards.define import CLASSES, targetable
from pure_engine.games.skirmish.cards.druid import DRUID
from pure_engine.games.skirmish.cards.heroes import HEROES
from pure_engine.games.skirmish.cards.hunter import HUNTER
from pure_engine.games.skirmish.cards.mage import MAGE
from pure_engine.games.skirmish.cards.neutral import NEUTRAL
from pure_engine.games.skirmish.cards.paladin import PALADIN
from pure_engine.games.skirmish.cards.priest import PRIEST
from pure_engine.games.skirmish.cards.rogue import ROGUE
from pure_engine.games.skirmish.cards.shaman import SHAMAN
from pure_engine.games.skirmish.cards.tokens import TOKENS
from pure_engine.games.skirmish.cards.warlock import WARLOCK
from pure_engine.games.skirmish.cards.warrior import WARRIOR
from pure_engine.games.skirmish.cards_effects import TOTEMS, equip

__all__ = ["CARDS", "CLASSES", "COLLECTIBLE", "DEFS", "ORDER", "TOTEMS", "equip", "targetable"]

ORDER: Final[tuple[str, ...]] = (
    "wisp", "argent_squire", "leper_gnome", "abusive_sergeant", "elven_archer",
    "stonetusk_boar", "murloc_raider", "voodoo_doctor", "worgen_infiltrator",
    "young_dragonhawk", "bloodfen_raptor", "river_crocolisk", "bluegill_warrior",
    "frostwolf_grunt", "kobold_geomancer", "novice_engineer", "loot_hoarder", "knife_juggler",
    "dire_wolf_alpha", "mad_scientist", "acidic_swamp_ooze", "murloc_tidehunter", "raid_leader",
    "wolfrider", "ironbeak_owl", "harvest_golem", "arcane_golem", "shattered_sun_cleric",
    "ironforge_rifleman", "razorfen_hunter", "ironfur_grizzly", "magma_rager",
    "silverback_patriarch", "jungle_panther", "thrallmar_farseer", "acolyte_of_pain",
    "dalaran_mage", "chillwind_yeti", "senjin_shieldmasta", "gnomish_inventor", "ogre_magi",
    "defender_of_argus", "cult_master", "leeroy_jenkins", "frostwolf_warlord",
    "stormpike_commando", "darkscale_healer", "gurubashi_berserker", "boulderfist_ogre",
    "lord_of_the_arena", "doomsayer", "stormwind_champion", "core_hound", "war_golem",
    "flametongue_totem", "keeper_of_the_grove", "druid_of_the_claw", "the_coin", "innervate",
    "moonfire", "claw", "wrath", "savage_roar", "swipe", "arcane_missiles", "arcane_explosion",
    "frostbolt", "arcane_intellect", "fireball", "polymorph", "flamestrike", "arcane_shot",
    "hunters_mark", "tracking", "kill_command", "feign_death", "multi_shot", "soulfire",
    "mortal_coil", "hellfire", "power_word_shield", "holy_smite", "mind_blast",
    "shadow_word_pain", "shadow_word_death", "backstab", "eviscerate", "sap", "fan_of_knives",
    "sinister_strike", "deadly_poison", "assassinate", "blessing_of_kings", "blessing_of_might",
    "consecration", "hammer_of_wrath", "lightning_storm", "bloodlust", "hex", "far_sight",
    "execute", "whirlwind", "shield_block", "charge", "goldshire_footman", "angry_chicken",
    "lightwarden", "amani_berserker", "bloodmage_thalnos", "wild_pyromancer",
    "scarlet_crusader", "tauren_warrior", "earthen_ring_farseer", "emperor_cobra",
    "injured_blademaster", "questing_adventurer", "flesheating_ghoul", "oasis_snapjaw",
    "stormwind_knight", "silvermoon_guardian", "dark_iron_dwarf", "spellbreaker",
    "violet_teacher", "booty_bay_bodyguard", "fen_creeper", "abomination", "azure_drake",
    "gadgetzan_auctioneer", "archmage", "reckless_rocketeer", "argent_commander", "sunwalker",
    "windfury_harpy", "priestess_of_elune", "frost_elemental", "cairne_bloodhoof",
    "ravenholdt_assassin", "mana_wyrm", "ice_lance", "frost_nova", "blizzard", "pyroblast",
    "healing_touch", "mark_of_the_wild", "starfire", "voidwalker", "shadow_bolt", "drain_life",
    "northshire_cleric", "holy_nova", "holy_fire", "shiv", "sprint", "vanish",
    "hand_of_protection", "argent_protector", "frost_shock", "earth_shock", "rockbiter_weapon",
    "fire_elemental", "heroic_strike", "mortal_strike", "slam", "armorsmith",
    "frothing_berserker", "grommash_hellscream", "twilight_drake", "sylvanas_windrunner",
    "malygos", "mind_control", "faerie_dragon", "ancient_watcher", "ragnaros_the_firelord",
    "perditions_blade", "timber_wolf", "fiery_war_axe", "arcanite_reaper", "lights_justice",
    "assassins_blade", "wicked_knife", "damaged_golem", "violet_apprentice", "baine_bloodhoof",
    "whelp", "boar", "murloc_scout", "silver_hand_recruit", "sheep", "frog",
    "druid_of_the_claw_cat", "druid_of_the_claw_bear", "healing_totem", "searing_totem",
    "stoneclaw_totem", "wrath_of_air_totem", "hero_mage", "hero_hunter", "hero_warlock",
    "hero_druid", "hero_paladin", "hero_priest", "hero_rogue", "hero_warrior", "hero_shaman",
    "fireblast", "steady_shot", "life_tap", "shapeshift", "reinforce", "lesser_heal",
    "dagger_mastery", "armor_up", "totemic_call",
    "ice_barrier", "mirror_entity", "vaporize", "explosive_trap", "freezing_trap", "snake_trap", "snipe",
    "noble_sacrifice", "redemption", "repentance", "snake", "defender",
    "lightning_bolt", "lava_burst", "feral_spirit", "dust_devil", "earth_elemental", "stormforged_axe",
    "unbound_elemental", "windspeaker", "ancestral_healing", "spirit_wolf",
    "shieldbearer", "grimscale_oracle", "murloc_tidecaller", "sunfury_protector", "mad_bomber",
    "coldlight_oracle", "coldlight_seer", "murloc_warleader", "demolisher", "big_game_hunter",
    "mogushan_warden", "stranglethorn_tiger", "nightblade", "stampeding_kodo",
    "captain_greenskin", "baron_geddon", "gruul", "young_priestess", "master_swordsmith",
    "mind_control_tech", "alexstrasza", "sea_giant", "mountain_giant", "molten_giant",
    "dread_corsair", "ironbark_protector", "bite", "gift_of_the_wild", "king_krush",
    "houndmaster", "scavenging_hyena", "starving_buzzard", "deadly_shot", "righteousness",
    "lay_on_hands", "guardian_of_kings", "silence", "circle_of_healing", "mass_dispel",
    "cabal_shadow_priest", "temple_enforcer", "cold_blood", "patient_assassin", "windfury",
    "totemic_might", "mana_tide_totem", "alakir_the_windlord", "forked_lightning", "flame_imp",
    "pit_lord", "dread_infernal", "siphon_soul", "twisting_nether", "doomguard",
    "sacrificial_pact", "korkron_elite", "cruel_taskmaster", "inner_rage", "rampage",
    "battle_rage", "shield_slam", "cleave",
    "counterspell", "spellbender", "eye_for_an_eye", "spellbender_minion",
    "arathi_weaponsmith", "brawl", "commanding_shout", "gorehowl", "upgrade", "warsong_commander",
    "battle_axe", "heavy_axe", "commanding_shout_e", "commanding_shout_e2",
    "ancestral_spirit", "doomhammer", "ancestral_spirit_e",
    "bane_of_doom", "blood_imp", "corruption", "felguard", "power_overwhelming", "sense_demons",
    "shadowflame", "summoning_portal", "void_terror", "worthless_imp", "corruption_e",
    "power_overwhelming_e",
    "betrayal", "blade_flurry", "conceal", "defias_ringleader", "edwin_vancleef", "headcrack",
    "kidnapper", "master_of_disguise", "preparation", "si_7_agent", "shadowstep", "defias_bandit",
    "conceal_e", "headcrack_e", "preparation_e",
    # the rest of the Classic neutrals, and their tokens
    "youthful_brewmaster", "ancient_brewmaster", "dragonling_mechanic", "silver_hand_knight",
    "hogger", "imp_master", "the_beast", "hungry_crab", "the_black_knight", "mana_addict",
    "nozdormu", "southsea_captain", "bloodsail_raider", "harrison_jones", "nat_pagle",
    "secretkeeper", "deathwing", "bloodsail_corsair", "blood_knight", "king_mukla",
    "lorewalker_cho", "captains_parrot", "crazed_alchemist", "onyxia", "ancient_mage",
    "faceless_manipulator", "tinkmaster_overspark", "alarm_o_bot",
    "mechanical_dragonling", "squire", "gnoll", "imp", "finkle_einhorn", "bananas", "devilsaur",
    "squirrel",
    "auchenai_soulpriest", "divine_spirit", "inner_fire", "lightspawn", "lightwell", "mind_vision",
    "mindgames", "prophet_velen", "shadow_madness", "shadowform", "thoughtsteal",
    "shadow_of_nothing", "mind_spike", "mind_shatter", "shadow_madness_e",
    "felstalker",
    # Basic and Classic: the rest of the paladin cards
    "holy_light", "humility", "aldor_peacekeeper", "blessed_champion", "equality",
    "avenging_wrath", "divine_favor", "holy_wrath", "truesilver_champion", "sword_of_justice",
    "tirion_fordring", "ashbringer",
    # Basic and Classic: the rest of the druid cards
    "wild_growth", "naturalize", "savagery", "mark_of_nature", "power_of_the_wild", "nourish",
    "starfall", "force_of_nature", "ancient_of_lore", "ancient_of_war", "cenarius",
    "excess_mana", "panther", "treant_taunt", "treant_charge", "soul_of_the_forest", "treant",
    "soul_of_the_forest_e",
    # Basic and Classic: the rest of the mage cards
    "mirror_image", "cone_of_cold", "water_elemental", "ethereal_arcanist", "archmage_antonidas",
    "mirror_image_minion",
    # Basic and Classic: the rest of the hunter cards
    "animal_companion", "unleash_the_hounds", "explosive_shot", "flare", "savannah_highmane",
    "eaglehorn_bow", "misha", "leokk", "huffer", "hound", "hyena", "misdirection",
    # Basic and Classic: the rest of the neutral cards (continued)
    "raging_worgen", "southsea_deckhand", "spiteful_smith", "old_murk_eye",
    "ysera", "dream", "nightmare", "nightmare_e", "nightmare_foe_e", "ysera_awakens",
    "laughing_sister", "emerald_drake",
    "mana_wraith", "venture_co_mercenary",
    "pint_sized_summoner", "millhouse_manastorm", "minion_played_e", "millhouse_e",
    "demonfire",
    "blessing_of_wisdom", "blessing_of_wisdom_e", "blessing_of_wisdom_e2",
    "tundra_rhino",
    "sorcerers_apprentice", "kirin_tor_mage", "kirin_tor_mage_e",
    "ice_block", "bestial_wrath", "gladiators_longbow",
    "lord_jaraxxus", "hero_lord_jaraxxus", "inferno", "infernal", "blood_fury",
)  # fmt: skip
"""Every card's key in the card list's order, which numbers the cards (the pool's ids, the
encoding's one-hots): a new card is appended, never inserted, so every number stays."""

_ALL: Final = NEUTRAL + MAGE + HUNTER + WARLOCK + DRUID + PALADIN + PRIEST + ROGUE + WARRIOR
_BY_KEY: Final[Mapping[str, CardDef]] = {card.key: card for card in _ALL + SHAMAN + TOKENS + HEROES}
CARDS: Final[tuple[CardDef, ...]] = tuple(_BY_KEY[key] for key in ORDER)
"""Every card, token, hero and hero power, in :data:`ORDER`."""
DEFS: Final[Mapping[str, CardDef]] = {card.key: card for card in CARDS}
COLLECTIBLE: Final = frozenset(key for key, card in DEFS.items() if card.extra["collectible"])
"""The cards a deck, a hand or a puzzle may name."""
assert len(_ALL + SHAMAN + TOKENS + HEROES) == len(ORDER) == len(set(ORDER)), "each card once"
